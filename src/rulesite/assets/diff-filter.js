/* Diff pages: narrow the list to one section. Typing a section number (or
   opening the page with ?section=424) hides every other section's changes. */
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
    if (given) input.value = given;
    input.addEventListener("input", apply);
    apply();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setup);
  else setup();
})();
