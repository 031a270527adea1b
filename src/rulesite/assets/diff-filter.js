/* Diff pages: narrow the list to one section. Typing a section number (or
   opening the page with ?section=424) hides every other section's changes; on
   the summary of a diff split into parts, it opens the part holding it. */
(function () {
  "use strict";
  function setup() {
    var input = document.querySelector("input[data-diff-filter]");
    if (!input || input.dataset.ready) return;
    input.dataset.ready = "1";
    var sections = document.querySelectorAll(".diff-section[data-section]");
    function apply() {
      var wanted = input.value.trim().replace(/\.$/, "");
      sections.forEach(function (section) {
        var number = section.getAttribute("data-section");
        section.hidden = wanted !== "" && number !== wanted && number.indexOf(wanted + ".") !== 0;
      });
    }
    var given = new URLSearchParams(location.search).get("section");
    // A large diff is split into parts of consecutive sections: its summary
    // page sends a section number to the part holding it (data-diff-sections
    // lists a part's sections), or to the first part with a section it begins.
    var parts = document.querySelectorAll("a[data-diff-sections]");
    function toPart(wanted) {
      var found = null;
      for (var i = 0; i < parts.length && wanted; i++) {
        var numbers = parts[i].getAttribute("data-diff-sections").split(" ");
        for (var j = 0; j < numbers.length; j++) {
          if (numbers[j] === wanted || wanted.indexOf(numbers[j] + ".") === 0) {
            found = parts[i];
            i = parts.length;
            break;
          }
          if (!found && numbers[j].indexOf(wanted) === 0) found = parts[i];
        }
      }
      if (found) location.assign(found.href + "?section=" + encodeURIComponent(wanted));
      return !!found;
    }
    if (parts.length) {
      if (given && toPart(given.trim())) return;
      input.addEventListener("change", function () {
        toPart(input.value.trim().replace(/\.$/, ""));
      });
      return;
    }
    if (given) input.value = given;
    input.addEventListener("input", apply);
    apply();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setup);
  else setup();
})();
