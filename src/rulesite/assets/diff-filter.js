/* Diff pages: narrow the list to one section. Typing a section number (or
   opening the page with ?section=424) hides every other section's changes; on
   the summary of a diff split by hundreds of sections, it opens the right part. */
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
    // A large diff is split by hundreds of sections: its summary page sends a
    // section number to the page holding it (4xx for 424).
    var parts = document.querySelectorAll("a[data-diff-part]");
    function toPart(wanted) {
      for (var i = 0; i < parts.length; i++) {
        if (wanted && parts[i].getAttribute("data-diff-part") === wanted.charAt(0)) {
          location.assign(parts[i].href + "?section=" + encodeURIComponent(wanted));
          return true;
        }
      }
      return false;
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
