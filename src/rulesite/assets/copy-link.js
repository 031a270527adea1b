/*
 * A "copy link" button on every rule (.rule), ruling (.ruling[id]), FAQ
 * answer and card (heading with data-short): copies its share page
 * (relative to the site root, pinned to its edition; a rule's from its page's
 * rulesite:share pattern) as an
 * absolute URL. Material's bundle does the copying and shows its translated
 * toast (it copies any [data-clipboard-text]); this file adds the buttons
 * (absolutely placed: no layout shift), completes the link from the page's
 * address, and tells screen readers. Without a clipboard, the link is shown
 * selected for the reader to copy.
 */
(function () {
  "use strict";
  var R = window.Rulesite;
  var t = R.t;
  var RULES = R.RULES;
  var ruleNumber = R.ruleNumber;
  var ruleHead = R.ruleHead;
  var ruleOfAnchor = R.ruleOfAnchor;

  var LINK_ICON_PATH =
    "M3.9 12c0-1.71 1.39-3.1 3.1-3.1h4V7H7a5 5 0 0 0 0 10h4v-1.9H7c-1.71 0-3.1-1.39-3.1-3.1M8 13h8v-2H8v2m9-6h-4v1.9h4c1.71 0 3.1 1.39 3.1 3.1s-1.39 3.1-3.1 3.1h-4V17h4a5 5 0 0 0 0-10Z";

  /** The link icon, built with DOM calls (the page's Trusted Types refuse SVG markup in a string). */
  function linkIcon() {
    var SVG = "http://www.w3.org/2000/svg";
    var svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", "0 0 24 24");
    svg.setAttribute("width", "16");
    svg.setAttribute("height", "16");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    var path = document.createElementNS(SVG, "path");
    path.setAttribute("d", LINK_ICON_PATH);
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
    announce(t("copied-long", { url: url }));
    clearTimeout(button._rulesiteTimer);
    button._rulesiteTimer = setTimeout(function () {
      button.classList.remove("is-copied");
    }, 2000);
  }

  /** No clipboard: show the link in a selected text field for the reader to copy. */
  function showManual(button, url, id) {
    var holder = button.parentNode;
    var old = holder.querySelector(".rule-copy-manual");
    if (old) old.parentNode.removeChild(old);
    var box = document.createElement("span");
    box.className = "rule-copy-manual";
    var label = document.createElement("label");
    var inputId = "rule-copy-manual-" + String(id).replace(/[^A-Za-z0-9_-]/g, "_");
    label.setAttribute("for", inputId);
    label.textContent = t("copy-manual");
    var input = document.createElement("input");
    input.type = "text";
    input.readOnly = true;
    input.id = inputId;
    input.value = url;
    input.setAttribute("aria-label", t("copy-manual-label", { id: id }));
    input.addEventListener("keydown", function (event) {
      if (event.key === "Escape" || event.key === "Esc" || event.key === "Enter") {
        event.preventDefault();
        close();
      }
    });
    input.addEventListener("blur", function () {
      setTimeout(close, 150);
    });
    function close() {
      if (box.parentNode) {
        box.parentNode.removeChild(box);
        button.focus();
      }
    }
    box.appendChild(label);
    box.appendChild(input);
    button.insertAdjacentElement("afterend", box);
    input.focus();
    input.select();
  }

  function makeButton(element, kind) {
    var id = kind === "ruling" ? element.id : kind === "card" ? headingText(element) : kind === "faq" ? element.id : ruleNumber(element);
    var button = document.createElement("button");
    button.type = "button";
    button.className = "rule-copy";
    button.setAttribute("aria-label", t({ ruling: "copy-ruling", faq: "copy-faq", card: "copy-card" }[kind] || "copy-rule", { id: id }));
    button.appendChild(linkIcon());
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
    button.setAttribute("data-clipboard-text", shortLink(button._rulesiteOf));
    copiedNow = false;
  }, true);
  document.addEventListener("click", function (event) {
    var button = buttonOf(event);
    if (!button) return;
    event.preventDefault();
    var url = button.getAttribute("data-clipboard-text");
    if (copiedNow) showCopied(button, url);
    else showManual(button, url, button._rulesiteId);
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
      var itemButton = makeButton(items[k], items[k].classList.contains("card") ? "card" : "faq");
      itemButton.classList.add("rule-copy--item");
      items[k].insertAdjacentElement("afterend", itemButton);
    }
    var rules = root.querySelectorAll(RULES);
    for (var i = 0; i < rules.length; i++) {
      var rule = rules[i];
      if (rule.querySelector(":scope > .rule-copy") || rule.querySelector(":scope > * > .rule-copy")) continue;
      var head = ruleHead(rule);
      var number = head ? head.querySelector(":scope > a.rule-number") : null;
      var button = makeButton(rule, "rule");
      if (number) number.insertAdjacentElement("afterend", button);
      else rule.insertBefore(button, rule.firstChild);
    }
    var rulings = root.querySelectorAll(".ruling[id]");
    for (var j = 0; j < rulings.length; j++) {
      var ruling = rulings[j];
      if (ruling.querySelector(":scope > .rule-copy")) continue;
      var b = makeButton(ruling, "ruling");
      b.classList.add("rule-copy--ruling");
      ruling.insertBefore(b, ruling.firstChild);
    }
  }

  R.onPage(function () {
    initCopyButtons(document);
  });
})();
