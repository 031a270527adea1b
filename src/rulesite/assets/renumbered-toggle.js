/* Diff pages: pure renumberings (number changed, text the same, or a text
   differing only in the numbers of the rules it cites, each naming the same
   rule: "references renumbered") are hidden until the reader asks for them,
   with the button the page carries hidden (render/markup.py,
   "renumbered_toggle"): without JavaScript every entry shows
   and no dead button is offered. They are hidden by CSS as soon as Material's
   bundle marks the page <html class="js">, before this file loads, so the
   page does not shift when they go; "show-renumbered" shows them. A link to one renumbering (a rule's history
   links its entry) shows them. `RulesiteRenumbered(scope)` sets up a button
   added later (compare.js lays out a diff from the published data). */
(function () {
  "use strict";
  function setup(scope) {
    var button = (scope || document).querySelector("button[data-renumbered-toggle]");
    if (!button || button.dataset.ready) return;
    button.dataset.ready = "1";
    var root = button.closest("article") || document.body;
    function show(on) {
      root.classList.toggle("show-renumbered", on);
      button.setAttribute("aria-pressed", on ? "true" : "false");
      button.textContent = on ? button.dataset.hide : button.dataset.show;
    }
    button.addEventListener("click", function () {
      show(!root.classList.contains("show-renumbered"));
    });
    function fromHash(first) {
      var id = window.Rulesite.fragment(); // null when malformed: no match
      var target = id && document.getElementById(id);
      var inside = !!(target && root.contains(target) && target.closest(".renumbered, .renumbered-only"));
      // Hidden at first; afterwards a link only ever shows them, it never hides what the reader opened.
      if (inside || first === true) show(inside);
      if (inside) target.scrollIntoView();
    }
    window.addEventListener("hashchange", fromHash);
    fromHash(true);
    button.hidden = false;
  }
  window.RulesiteRenumbered = setup;
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", function () { setup(); });
  else setup();
})();
