/* Diff pages: pure renumberings (number changed, text the same) are hidden
   until the reader asks for them; without JavaScript they all show. */
(function () {
  "use strict";
  function setup() {
    var button = document.querySelector("button[data-renumbered-toggle]");
    if (!button || button.dataset.ready) return;
    button.dataset.ready = "1";
    var root = button.closest("article") || document.body;
    function show(on) {
      root.classList.toggle("hide-renumbered", !on);
      button.setAttribute("aria-pressed", on ? "true" : "false");
      button.textContent = on ? button.dataset.hide : button.dataset.show;
    }
    button.addEventListener("click", function () {
      show(root.classList.contains("hide-renumbered"));
    });
    // A link to one renumbering (a rule's history links its entry) shows them.
    function fromHash() {
      var id = decodeURIComponent(location.hash.slice(1));
      var target = id && document.getElementById(id);
      show(!!(target && target.closest(".renumbered, .renumbered-only")));
      if (target) target.scrollIntoView();
    }
    window.addEventListener("hashchange", fromHash);
    fromHash();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setup);
  else setup();
})();
