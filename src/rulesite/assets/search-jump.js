/*
 * After a search by rule number: a result for "832.1.c" that opens the
 * section at a heading, with ?h=832.1.c, scrolls on to the rule itself.
 */
(function () {
  "use strict";
  var R = window.Rulesite;
  var RULES = R.RULES;
  var ruleNumber = R.ruleNumber;
  var ruleHead = R.ruleHead;
  var ruleOfAnchor = R.ruleOfAnchor;

  var numbers = R.numbers;

  function ruleForQuery() {
    var terms = (R.param("h") || "").trim().split(/\s+/);
    for (var i = 0; i < terms.length; i++) {
      var term = terms[i].replace(/\.$/, "");
      if (!numbers.typed(term)) continue;
      var exact = ruleOfAnchor(document.getElementById(term));
      if (exact) return exact;
      var rules = document.querySelectorAll(RULES);
      var lower = term.toLowerCase();
      for (var j = 0; j < rules.length; j++) {
        var id = ruleNumber(rules[j]).toLowerCase();
        if (numbers.within(id, lower)) {
          return rules[j];
        }
      }
    }
    return null;
  }

  function jumpToSearchedRule() {
    var rule = ruleForQuery();
    if (!rule) return;
    var hash = R.fragment();
    var target = hash ? document.getElementById(hash) : null;
    // Only when the result pointed at the page or at a heading, not at a rule.
    if (ruleOfAnchor(target)) return;
    var found = document.querySelectorAll(".rule--found");
    for (var i = 0; i < found.length; i++) found[i].classList.remove("rule--found");
    rule.classList.add("rule--found");
    var go = function () {
      rule.scrollIntoView({ block: "start" });
    };
    if (document.readyState === "complete") setTimeout(go, 0);
    else window.addEventListener("load", function () { setTimeout(go, 0); }, { once: true });
  }

  R.onPage(jumpToSearchedRule);
})();
