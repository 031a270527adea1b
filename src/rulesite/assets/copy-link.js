/*
 * A "copy link" button on every rule (.rule), ruling (.ruling[id]), FAQ
 * answer and card (heading with data-short): copies its share page
 * (data-short, relative to the site root) as an absolute URL. Without a
 * clipboard, the link is shown selected for the reader to copy.
 */
(function () {
  "use strict";
  var R = window.Rulesite;
  var t = R.t;
  var RULES = R.RULES;
  var ruleNumber = R.ruleNumber;
  var ruleHead = R.ruleHead;
  var ruleOfAnchor = R.ruleOfAnchor;

  var LINK_ICON =
    '<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">' +
    '<path d="M3.9 12c0-1.71 1.39-3.1 3.1-3.1h4V7H7a5 5 0 0 0 0 10h4v-1.9H7c-1.71 0-3.1-1.39-3.1-3.1M8 13h8v-2H8v2m9-6h-4v1.9h4c1.71 0 3.1 1.39 3.1 3.1s-1.39 3.1-3.1 3.1h-4V17h4a5 5 0 0 0 0-10Z"/></svg>';

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

  /** The absolute short link of a rule or ruling (its data-short, from the site root). */
  function shortLink(element) {
    var short = element.getAttribute("data-short");
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

  function copyWithExecCommand(text) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.top = "0";
    area.style.left = "-9999px";
    area.style.opacity = "0";
    document.body.appendChild(area);
    var active = document.activeElement;
    area.select();
    var ok = false;
    try {
      ok = document.execCommand("copy");
    } catch (err) {
      ok = false;
    }
    document.body.removeChild(area);
    if (active && active.focus) active.focus();
    return ok;
  }

  function copyText(text) {
    if (navigator.clipboard && navigator.clipboard.writeText && window.isSecureContext !== false) {
      return navigator.clipboard.writeText(text).catch(function () {
        if (!copyWithExecCommand(text)) throw new Error("copy failed");
      });
    }
    return copyWithExecCommand(text) ? Promise.resolve() : Promise.reject(new Error("copy failed"));
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
    // The "Copied" label is CSS generated content (::after), so that it never
    // becomes part of the rule's text (textContent, copy and paste).
    button.innerHTML = LINK_ICON;
    button.setAttribute("data-copied", t("copied"));
    button.addEventListener("click", function (event) {
      event.preventDefault();
      var url = shortLink(element);
      copyText(url).then(
        function () {
          showCopied(button, url);
        },
        function () {
          showManual(button, url, id);
        }
      );
    });
    return button;
  }

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
