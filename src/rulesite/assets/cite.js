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

  /**
   * An element's words, without the controls and permalinks inside it; a card
   * symbol (render/symbols.py: a sign and its name) as its name in words, in
   * brackets ("[1 Energy]"), as a judge would write it in plain text.
   */
  function wordsOf(element, drop) {
    var copy = element.cloneNode(true);
    var gone = copy.querySelectorAll(".headerlink, .rule-copy, .rule-copy-manual, details.history" + (drop ? ", " + drop : ""));
    for (var i = 0; i < gone.length; i++) gone[i].parentNode.removeChild(gone[i]);
    var symbols = copy.querySelectorAll(".symbol[aria-label]");
    for (var k = 0; k < symbols.length; k++) {
      symbols[k].parentNode.replaceChild(document.createTextNode("[" + symbols[k].getAttribute("aria-label") + "]"), symbols[k]);
    }
    return copy.textContent.replace(/\s+/g, " ").trim();
  }

  /**
   * A ruling's lines as its page shows them: each paragraph a line, the steps
   * of a numbered list numbered as on the page ("1. ..."), other lists' items
   * marked "- ", a note's title and items each on a line.
   */
  function linesOf(element) {
    var lines = [];
    for (var child = element.firstElementChild; child; child = child.nextElementSibling) {
      if (child.matches(".rule-copy, .rule-copy-manual, .headerlink, button")) continue;
      if (child.tagName === "OL") {
        var number = parseInt(child.getAttribute("start") || "1", 10) || 1;
        for (var item = child.firstElementChild; item; item = item.nextElementSibling) {
          if (item.tagName === "LI") lines.push(number++ + ". " + wordsOf(item));
        }
      } else if (child.tagName === "UL") {
        for (var entry = child.firstElementChild; entry; entry = entry.nextElementSibling) {
          if (entry.tagName === "LI") lines.push("- " + wordsOf(entry));
        }
      } else if (child.tagName === "DIV" || child.tagName === "DETAILS") {
        lines = lines.concat(linesOf(child));
      } else {
        var words = wordsOf(child);
        if (words) lines.push(words);
      }
    }
    return lines;
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
      lines = lines.concat(linesOf(element));
      lines.push("\u2014 " + t("cite-item", { document: citedFrom(element), title: h1 ? headingText(h1) : element.id }));
      // The rules version the ruling was checked against (render/ruling_page.py's data-reviewed).
      var reviewed = element.getAttribute("data-reviewed");
      if (reviewed) lines.push(t("cite-reviewed", { version: reviewed }));
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
