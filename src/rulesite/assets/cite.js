/*
 * "Copy with citation" (the quote button copy-link.js puts beside each copy-link
 * button): the item's text, its number or title, the game, document and
 * edition it is from (<meta name="rulesite:cite">, or the item's data-cite),
 * and its short link, as plain lines for a judge to paste. Material's bundle
 * copies it (a [data-clipboard-text] clicked), as for the link.
 * core.js loads this file on the first pointer over, press or focus of such a
 * button; a click that came before it is held and handed over here.
 */
(function () {
  "use strict";
  var R = window.Rulesite;
  if (R.firstUse["cite.js"]) return;
  var t = R.t;
  var shortLink = R.copyLink.shortLink;
  var headingText = R.copyLink.headingText;

  /** An element's words, without the controls and permalinks inside it. */
  function wordsOf(element, drop) {
    var copy = element.cloneNode(true);
    var gone = copy.querySelectorAll(".headerlink, .rule-copy, .rule-copy-manual, details.history" + (drop ? ", " + drop : ""));
    for (var i = 0; i < gone.length; i++) gone[i].parentNode.removeChild(gone[i]);
    return copy.textContent.replace(/\s+/g, " ").trim();
  }

  /** Where the page's texts are from ("Riftbound Core Rules v1.4"), or the page's title. */
  function citedFrom(element) {
    var own = element.getAttribute("data-cite");
    if (own) return own;
    var meta = document.querySelector('meta[name="rulesite:cite"]');
    return (meta && meta.getAttribute("content")) || document.title;
  }

  /**
   * What "copy with citation" copies: the text, then "— document, rule N"
   * (or "— document: title"), then the short link.
   */
  function citation(element, kind) {
    var lines = [];
    if (kind === "rule") {
      var head = R.ruleHead(element);
      var number = R.ruleNumber(element);
      lines.push(number + " " + (head ? wordsOf(head, ".rule-number") : ""));
      lines.push("\u2014 " + t("cite-rule", { document: citedFrom(element), number: number }));
    } else if (kind === "faq") {
      var answer = [];
      for (var next = element.nextElementSibling; next && !/^H[1-6]$/.test(next.tagName); next = next.nextElementSibling) {
        if (next.classList.contains("faq-answer")) answer.push(wordsOf(next));
      }
      lines.push(headingText(element));
      if (answer.length) lines.push(answer.join("\n"));
      lines.push("\u2014 " + citedFrom(element));
    } else {
      var h1 = document.querySelector("article.md-content__inner h1");
      lines.push(wordsOf(element));
      lines.push("\u2014 " + t("cite-item", { document: citedFrom(element), title: h1 ? headingText(h1) : element.id }));
    }
    lines.push(shortLink(element));
    return lines.join("\n");
  }

  // Before Material's clipboard (it listens on the body, bubbling): the text to copy.
  document.addEventListener("click", function (event) {
    var button = event.target && event.target.closest ? event.target.closest("button.rule-cite") : null;
    if (button && button._rulesiteOf) button.setAttribute("data-clipboard-text", citation(button._rulesiteOf, button._rulesiteCite));
  }, true);

  // A click held while this file came: clicked again, now that it can be answered.
  R.firstUse["cite.js"] = function (button, event) {
    if (event.type === "click") button.click();
  };
})();
