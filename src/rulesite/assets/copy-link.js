/*
 * A "copy link" button on every rule (.rule), ruling (.ruling[id]), FAQ
 * answer and card (heading with data-short): copies its share page
 * (relative to the site root, pinned to its edition; a rule's from its page's
 * rulesite:share pattern) as an
 * absolute URL. Material's bundle does the copying and shows its translated
 * toast (it copies any [data-clipboard-text]); this file adds the buttons
 * (absolutely placed: no layout shift), completes the link from the page's
 * address, and tells screen readers. Without a clipboard, the link is shown
 * selected for the reader to copy (copy-manual.js, loaded then).
 *
 * Beside it on every rule, ruling and FAQ answer, a "copy with citation"
 * button; what it copies is made by cite.js, which core.js loads on the
 * first use of one (and hands it a click that came before it).
 *
 * For print, the page's address, written under its text (rules.css shows it
 * only on paper).
 */
(function () {
  "use strict";
  var R = window.Rulesite;
  var t = R.t;
  var RULES = R.RULES;
  var ruleNumber = R.ruleNumber;
  var ruleHead = R.ruleHead;
  var ruleOfAnchor = R.ruleOfAnchor;

  var LINK_PATH =
    "M3.9 12c0-1.71 1.39-3.1 3.1-3.1h4V7H7a5 5 0 0 0 0 10h4v-1.9H7c-1.71 0-3.1-1.39-3.1-3.1M8 13h8v-2H8v2m9-6h-4v1.9h4c1.71 0 3.1 1.39 3.1 3.1s-1.39 3.1-3.1 3.1h-4V17h4a5 5 0 0 0 0-10Z";

  var QUOTE_PATH = "M14 17h3l2-4V7h-6v6h3M6 17h3l2-4V7H5v6h3l-2 4Z";

  /** The link icon, built as elements (no markup from strings: Trusted Types refuse it). */
  function linkIcon(d) {
    var ns = "http://www.w3.org/2000/svg";
    var svg = document.createElementNS(ns, "svg");
    [["viewBox", "0 0 24 24"], ["width", "16"], ["height", "16"], ["aria-hidden", "true"], ["focusable", "false"]].forEach(function (pair) {
      svg.setAttribute(pair[0], pair[1]);
    });
    var path = document.createElementNS(ns, "path");
    path.setAttribute("d", d || LINK_PATH);
    svg.appendChild(path);
    return svg;
  }

  var announcer = null;

  function announce(text) {
    if (!announcer) {
      announcer = document.createElement("div");
      announcer.className = "rulesite-sr-only";
      announcer.setAttribute("aria-live", "polite");
      announcer.setAttribute("role", "status");
      document.body.appendChild(announcer);
    }
    announcer.textContent = "";
    setTimeout(function () {
      announcer.textContent = text;
    }, 50);
  }

  /**
   * Where an item is shared from, relative to the site root: its data-short
   * (rulings, FAQ answers, cards), or for a rule the page's pattern
   * (<meta name="rulesite:share">, "r/1.4/{}.html") with its number; "" when none.
   */
  function shareOf(element) {
    var short = element.getAttribute("data-short");
    if (short || !element.classList.contains("rule")) return short || "";
    var meta = document.querySelector('meta[name="rulesite:share"]');
    var pattern = meta && meta.getAttribute("content");
    return pattern && pattern.indexOf("{}") >= 0 ? pattern.replace("{}", ruleNumber(element)) : "";
  }

  /** The absolute short link of a rule or ruling (shareOf, from the site root). */
  function shortLink(element) {
    var short = shareOf(element);
    if (short) {
      var url = new URL(short, R.siteRoot());
      // From disk a folder does not open its index.html: name it.
      if (url.protocol === "file:" && /\/$/.test(url.pathname)) url = new URL("index.html", url);
      return url.href;
    }
    var here = new URL(location.href);
    here.hash = "#" + (element.getAttribute("data-rule") || element.id);
    return here.href;
  }

  function showCopied(button, url) {
    button.classList.add("is-copied");
    announce(button._rulesiteCite ? t("cite-copied", { id: button._rulesiteId }) : t("copied-long", { url: url }));
    clearTimeout(button._rulesiteTimer);
    button._rulesiteTimer = setTimeout(function () {
      button.classList.remove("is-copied");
    }, 2000);
  }

  function makeButton(element, kind, cite) {
    var id = kind === "ruling" ? element.id : kind === "card" ? headingText(element) : kind === "faq" ? element.id : ruleNumber(element);
    var button = document.createElement("button");
    button.type = "button";
    button.className = cite ? "rule-copy rule-cite" : "rule-copy";
    var label = cite ? { ruling: "copy-cite-ruling", faq: "copy-cite-faq" }[kind] || "copy-cite-rule" : { ruling: "copy-ruling", faq: "copy-faq", card: "copy-card" }[kind] || "copy-rule";
    // A FAQ answer is named by its question: the buttons of a section's answers differ.
    button.setAttribute("aria-label", t(label, { id: kind === "faq" ? headingText(element) : id }));
    button.appendChild(linkIcon(cite ? QUOTE_PATH : LINK_PATH));
    button._rulesiteCite = cite ? kind : "";
    // Material's clipboard copies a [data-clipboard-text] on click and shows its
    // toast; the absolute link is completed on the click itself (see below).
    button.setAttribute("data-clipboard-text", shareOf(element) || "#" + id);
    button._rulesiteOf = element;
    button._rulesiteId = id;
    return button;
  }

  /* One listener for every button, none per button. Before Material's
     clipboard (it listens on the body, bubbling): the link, made absolute from
     this page's address, as the text to copy. After it: a copy happened (the
     browser's "copy" event fired) and is confirmed, or there was no clipboard
     and the link is shown selected for the reader to copy. */
  var copiedNow = false;
  function buttonOf(event) {
    var button = event.target && event.target.closest ? event.target.closest("button.rule-copy") : null;
    return button && button._rulesiteOf ? button : null;
  }
  document.addEventListener("copy", function () {
    copiedNow = true;
  }, true);
  document.addEventListener("click", function (event) {
    var button = buttonOf(event);
    if (!button) return;
    // A citation's text is set by cite.js's own listener.
    if (!button._rulesiteCite) button.setAttribute("data-clipboard-text", shortLink(button._rulesiteOf));
    copiedNow = false;
  }, true);
  document.addEventListener("click", function (event) {
    var button = buttonOf(event);
    if (!button) return;
    event.preventDefault();
    var url = button.getAttribute("data-clipboard-text");
    if (copiedNow) showCopied(button, url);
    // No clipboard (rare): the field to copy from comes from its own file.
    else R.feature("copy-manual.js").then(function () { R.copyManual(button, url, button._rulesiteId); });
    copiedNow = false;
  });

  /** A heading's own words, without its permalink. */
  function headingText(heading) {
    var copy = heading.cloneNode(true);
    var drop = copy.querySelectorAll(".headerlink, .rule-copy");
    for (var i = 0; i < drop.length; i++) drop[i].parentNode.removeChild(drop[i]);
    return copy.textContent.replace(/\s+/g, " ").trim();
  }

  function initCopyButtons(root) {
    // FAQ answers and cards: a share page each (data-short on their heading).
    var items = root.querySelectorAll(".faq-question[data-short], .card[data-short]");
    for (var k = 0; k < items.length; k++) {
      var next = items[k].nextElementSibling;
      if (next && next.classList.contains("rule-copy")) continue;
      // After the heading, not in it: the heading's name stays its own words.
      var kind = items[k].classList.contains("card") ? "card" : "faq";
      var itemButton = makeButton(items[k], kind);
      itemButton.classList.add("rule-copy--item");
      items[k].insertAdjacentElement("afterend", itemButton);
      if (kind === "faq") {
        var citeItem = makeButton(items[k], kind, true);
        citeItem.classList.add("rule-copy--item");
        itemButton.insertAdjacentElement("afterend", citeItem);
      }
    }
    var rules = root.querySelectorAll(RULES);
    for (var i = 0; i < rules.length; i++) {
      var rule = rules[i];
      if (rule.querySelector(":scope > .rule-copy") || rule.querySelector(":scope > * > .rule-copy")) continue;
      var head = ruleHead(rule);
      var number = head ? head.querySelector(":scope > a.rule-number") : null;
      var button = makeButton(rule, "rule");
      var cite = makeButton(rule, "rule", true);
      if (number) number.insertAdjacentElement("afterend", button);
      else rule.insertBefore(button, rule.firstChild);
      button.insertAdjacentElement("afterend", cite);
    }
    var rulings = root.querySelectorAll(".ruling[id]");
    for (var j = 0; j < rulings.length; j++) {
      var ruling = rulings[j];
      if (ruling.querySelector(":scope > .rule-copy")) continue;
      var b = makeButton(ruling, "ruling");
      b.classList.add("rule-copy--ruling");
      ruling.insertBefore(b, ruling.firstChild);
      var c = makeButton(ruling, "ruling", true);
      c.classList.add("rule-copy--ruling");
      b.insertAdjacentElement("afterend", c);
    }
  }

  /** The page's address under its text, shown only in print (rules.css); no query, which says how it was reached. */
  function printAddress() {
    var article = document.querySelector("article.md-content__inner") || document.querySelector("article");
    if (!article) return;
    var line = article.querySelector(":scope > .rulesite-print-address");
    if (!line) {
      line = document.createElement("p");
      line.className = "rulesite-print-address";
      line.setAttribute("aria-hidden", "true");
      article.appendChild(line);
    }
    var here = new URL(location.href);
    here.search = "";
    line.textContent = here.href;
  }
  window.addEventListener("beforeprint", printAddress);

  R.copyLink = { shortLink: shortLink, headingText: headingText };
  R.onPage(function () {
    initCopyButtons(document);
    printAddress();
  });
})();
