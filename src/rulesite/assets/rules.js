/*
 * Reading aids for the rules site. Plain ES2017, no dependencies, no network:
 * works the same over http:// and opened from disk (file://).
 *
 *  1. Previews: hovering or focusing a rule reference (a.ref) or a keyword
 *     (a.keyword) shows the target rule's number, section and text, looked up
 *     in window.RULESITE_PREVIEWS (written by assets/previews.js), keyed by the
 *     target's path relative to the site root, plus "#anchor" for rules.
 *  2. A "copy link" button on every rule (.rule) and ruling (.ruling[id]):
 *     copies the short link (data-short, relative to the site root) as an
 *     absolute URL.
 *  3. The language selector (a.md-select__link[hreflang]) goes to the same page
 *     and anchor in the other language instead of that site's home page; where
 *     that site lacks the page (its hidden .page-languages marker says so), to
 *     the English page (or this one) with ?from=<language>, which shows a notice.
 *     Material does this by fetching the other site's sitemap.xml, which fails
 *     from file:// and needs site_url; here the path is computed instead.
 *  4. After a search by rule number: Material's search indexes a page per
 *     heading, so a result for "832.1.c" opens the section at its "Rules"
 *     heading with ?h=832.1.c; this scrolls on to the rule itself.
 *
 * The site root comes from Material's <script id="__config"> ("base": the
 * relative path from the page to its site root).
 */
(function () {
  "use strict";

  var STRINGS = {
    en: {
      copyFaq: "Copy link to this FAQ answer",
      copyCard: "Copy link to card {id}",
      copyRule: "Copy link to rule {id}",
      copyRuling: "Copy link to ruling {id}",
      copied: "Copied",
      copiedLong: "Link copied: {url}",
      manual: "Copy this link (Ctrl+C or \u2318C):",
      manualLabel: "Link to {id}",
    },
    es: {
      copyFaq: "Copiar enlace a esta respuesta",
      copyCard: "Copiar enlace a la carta {id}",
      copyRule: "Copiar enlace a la regla {id}",
      copyRuling: "Copiar enlace a la resoluci\u00f3n {id}",
      copied: "Copiado",
      copiedLong: "Enlace copiado: {url}",
      manual: "Copia este enlace (Ctrl+C o \u2318C):",
      manualLabel: "Enlace a {id}",
    },
    fr: {
      copyFaq: "Copier le lien vers cette r\u00e9ponse",
      copyCard: "Copier le lien vers la carte {id}",
      copyRule: "Copier le lien vers la r\u00e8gle {id}",
      copyRuling: "Copier le lien vers la d\u00e9cision {id}",
      copied: "Copi\u00e9",
      copiedLong: "Lien copi\u00e9\u00a0: {url}",
      manual: "Copiez ce lien (Ctrl+C ou \u2318C)\u00a0:",
      manualLabel: "Lien vers {id}",
    },
  };

  function t(key, values) {
    var lang = (document.documentElement.getAttribute("lang") || "en").toLowerCase().split("-")[0];
    var table = STRINGS[lang] || STRINGS.en;
    var text = table[key] || STRINGS.en[key];
    Object.keys(values || {}).forEach(function (name) {
      text = text.split("{" + name + "}").join(values[name]);
    });
    return text;
  }

  /* ------------------------------------------------------------------ */
  /* Site root and page paths                                           */

  var configBase = null;

  function readBase() {
    if (configBase !== null) return configBase;
    configBase = ".";
    var node = document.getElementById("__config");
    if (node) {
      try {
        var cfg = JSON.parse(node.textContent);
        if (cfg && typeof cfg.base === "string" && cfg.base) configBase = cfg.base;
      } catch (err) {
        /* keep "." */
      }
    }
    return configBase;
  }

  /** The URL of the site root (the folder holding this language's index.html), ending in "/". */
  function siteRoot() {
    var base = readBase();
    if (!/\/$/.test(base)) base += "/";
    var root = new URL(base, location.href);
    root.search = "";
    root.hash = "";
    return root;
  }

  function sameOrigin(a, b) {
    return a.protocol === b.protocol && a.host === b.host;
  }

  /** The path of `url` relative to the site root, still URL-encoded; null when outside it. */
  function pathFromRoot(url, root) {
    root = root || siteRoot();
    if (!sameOrigin(url, root)) return null;
    if (url.pathname.indexOf(root.pathname) !== 0) return null;
    return url.pathname.slice(root.pathname.length);
  }

  /**
   * The path of `url` relative to the site root, still URL-encoded, with "../"
   * when it lies outside (e.g. another language's site); null on another origin.
   */
  function relativeFromRoot(url, root) {
    root = root || siteRoot();
    var inside = pathFromRoot(url, root);
    if (inside !== null) return inside;
    if (!sameOrigin(url, root)) return null;
    var from = root.pathname.split("/").slice(0, -1); // folders of the root
    var to = url.pathname.split("/");
    var common = 0;
    while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
    var ups = [];
    for (var i = common; i < from.length; i++) ups.push("..");
    return ups.concat(to.slice(common)).join("/");
  }

  function decode(text) {
    try {
      return decodeURIComponent(text);
    } catch (err) {
      return text;
    }
  }

  /* ------------------------------------------------------------------ */
  /* Rules in the page                                                  */
  /* A rule is <div class="rule" data-rule="N" data-short="..."> holding    */
  /* <h4 class="rule-head" id="N"><a class="rule-number">N</a> text</h4>,   */
  /* or (older markup) <div class="rule" id="N"> holding <p>.              */

  var RULES = ".rule[data-rule], .rule[id]";

  function ruleNumber(rule) {
    return rule.getAttribute("data-rule") || rule.id;
  }

  /** The element that carries the rule's text: its heading, else its first paragraph. */
  function ruleHead(rule) {
    return rule.querySelector(":scope > .rule-head") || rule.querySelector(":scope > p");
  }

  /** The rule an anchor (#N) points at, or null. */
  function ruleOfAnchor(element) {
    if (!element) return null;
    var rule = element.closest(".rule");
    if (!rule) return null;
    return ruleNumber(rule) === element.id || element === rule ? rule : null;
  }

  function ruleText(rule) {
    var head = ruleHead(rule);
    if (!head) return "";
    var copy = head.cloneNode(true);
    var drop = copy.querySelectorAll(".rule-number, .rule-copy, .rule-copy-manual, .headerlink");
    for (var i = 0; i < drop.length; i++) drop[i].parentNode.removeChild(drop[i]);
    return copy.textContent.replace(/\s+/g, " ").trim();
  }

  /* ------------------------------------------------------------------ */
  /* 1. Previews                                                        */

  var PREVIEW_ID = "rulesite-preview";
  var LINKS = "a.ref, a.keyword";
  var popover = null;
  var current = null; // the link the popover describes
  var showTimer = 0;
  var hideTimer = 0;
  var dismissed = null; // a link whose preview was closed with Escape

  function previewKeys(link) {
    var href = link.getAttribute("href");
    if (!href) return [];
    var url;
    try {
      url = new URL(href, location.href);
    } catch (err) {
      return [];
    }
    // Relative to this site's root: "riftbound/core-rules/832.html", or
    // "../riftbound/..." / "es/magic/..." for a page of another language's site.
    var path = relativeFromRoot(url);
    if (path === null) return [];
    path = decode(path);
    if (path === "" || /\/$/.test(path)) path += "index.html";
    var hash = url.hash ? decode(url.hash) : "";
    return hash ? [path + hash] : [path];
  }

  /** Preview data for a link: from RULESITE_PREVIEWS, else (same page) from the DOM. */
  function previewFor(link) {
    var table = window.RULESITE_PREVIEWS || {};
    var keys = previewKeys(link);
    for (var i = 0; i < keys.length; i++) {
      if (Object.prototype.hasOwnProperty.call(table, keys[i])) return table[keys[i]];
    }
    // Fallback for links within this page (e.g. before previews.js exists).
    var url = new URL(link.getAttribute("href"), location.href);
    var here = new URL(location.href);
    if (url.hash && url.pathname === here.pathname && sameOrigin(url, here)) {
      var rule = ruleOfAnchor(document.getElementById(decode(url.hash.slice(1))));
      if (rule) {
        var h1 = document.querySelector("article h1");
        var section = "";
        if (h1) {
          var title = h1.cloneNode(true);
          var links = title.querySelectorAll(".headerlink");
          for (var k = 0; k < links.length; k++) links[k].parentNode.removeChild(links[k]);
          section = title.textContent.trim();
        }
        return { number: ruleNumber(rule), section: section, text: ruleText(rule) };
      }
    }
    return null;
  }

  function ensurePopover() {
    if (popover) return popover;
    popover = document.createElement("div");
    popover.id = PREVIEW_ID;
    popover.className = "rule-preview";
    popover.setAttribute("role", "tooltip");
    popover.hidden = true;
    popover.addEventListener("mouseenter", function () {
      clearTimeout(hideTimer);
    });
    popover.addEventListener("mouseleave", function (event) {
      if (current && event.relatedTarget && current.contains(event.relatedTarget)) return;
      scheduleHide();
    });
    document.body.appendChild(popover);
    return popover;
  }

  function fill(box, data) {
    while (box.firstChild) box.removeChild(box.firstChild);
    var head = document.createElement("div");
    head.className = "rule-preview__head";
    // A section's preview has number "424" and section "424 Reveal": show it once.
    var sectionShowsNumber = data.section && data.number && String(data.section).indexOf(data.number + " ") === 0;
    if (data.number && !sectionShowsNumber) {
      var num = document.createElement("strong");
      num.className = "rule-preview__number";
      num.textContent = data.number;
      head.appendChild(num);
    }
    if (data.section) {
      var sec = document.createElement("span");
      sec.className = "rule-preview__section";
      sec.textContent = data.section;
      head.appendChild(sec);
    }
    if (head.firstChild) box.appendChild(head);
    var text = String(data.text || "");
    if (text.length > 700) text = text.slice(0, 700).replace(/\s+\S*$/, "") + "\u2026";
    if (text) {
      var body = document.createElement("p");
      body.className = "rule-preview__text";
      body.textContent = text;
      box.appendChild(body);
    }
  }

  function place(box, link) {
    var rects = link.getClientRects();
    var rect = rects.length ? rects[0] : link.getBoundingClientRect();
    var margin = 8;
    var viewW = document.documentElement.clientWidth;
    var viewH = window.innerHeight;
    box.style.left = "0px";
    box.style.top = "0px";
    var w = box.offsetWidth;
    var h = box.offsetHeight;
    var left = Math.min(Math.max(rect.left, margin), Math.max(margin, viewW - w - margin));
    var below = rect.bottom + 6;
    var top = below;
    if (below + h > viewH - margin && rect.top - 6 - h >= margin) top = rect.top - 6 - h;
    box.style.left = Math.round(left + window.pageXOffset) + "px";
    box.style.top = Math.round(top + window.pageYOffset) + "px";
  }

  function show(link) {
    clearTimeout(showTimer);
    clearTimeout(hideTimer);
    if (link === dismissed) return;
    var data = previewFor(link);
    if (!data) {
      hide();
      return;
    }
    var box = ensurePopover();
    if (current && current !== link) current.removeAttribute("aria-describedby");
    fill(box, data);
    // A rule of another language's site is read in its own language.
    if (data.lang) box.setAttribute("lang", data.lang);
    else box.removeAttribute("lang");
    box.hidden = false;
    place(box, link);
    current = link;
    link.setAttribute("aria-describedby", PREVIEW_ID);
  }

  function hide() {
    clearTimeout(showTimer);
    clearTimeout(hideTimer);
    if (current) current.removeAttribute("aria-describedby");
    current = null;
    if (popover) popover.hidden = true;
  }

  function scheduleShow(link, delay) {
    clearTimeout(showTimer);
    clearTimeout(hideTimer);
    showTimer = setTimeout(function () {
      show(link);
    }, delay);
  }

  function scheduleHide() {
    clearTimeout(showTimer);
    clearTimeout(hideTimer);
    hideTimer = setTimeout(hide, 200);
  }

  function linkOf(node) {
    return node && node.closest ? node.closest(LINKS) : null;
  }

  function initPreviews() {
    document.addEventListener("mouseover", function (event) {
      var link = linkOf(event.target);
      if (!link) return;
      if (link === current) {
        clearTimeout(hideTimer);
        return;
      }
      scheduleShow(link, 150);
    });
    document.addEventListener("mouseout", function (event) {
      var link = linkOf(event.target);
      if (!link) return;
      var to = event.relatedTarget;
      if (to && (link.contains(to) || (popover && popover.contains(to)))) return;
      if (link === dismissed) dismissed = null;
      if (link === current) scheduleHide();
      else clearTimeout(showTimer);
    });
    document.addEventListener("focusin", function (event) {
      var link = linkOf(event.target);
      if (link) show(link);
    });
    document.addEventListener("focusout", function (event) {
      var link = linkOf(event.target);
      if (!link) return;
      if (link === dismissed) dismissed = null;
      if (link === current) hide();
    });
    document.addEventListener("keydown", function (event) {
      if ((event.key === "Escape" || event.key === "Esc") && current) {
        dismissed = current;
        hide();
      }
    });
    window.addEventListener("resize", function () {
      if (current && popover && !popover.hidden) place(popover, current);
    });
  }

  /* ------------------------------------------------------------------ */
  /* 2. Copy-link buttons                                               */

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
      var url = new URL(short, siteRoot());
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
    announce(t("copiedLong", { url: url }));
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
    label.textContent = t("manual");
    var input = document.createElement("input");
    input.type = "text";
    input.readOnly = true;
    input.id = inputId;
    input.value = url;
    input.setAttribute("aria-label", t("manualLabel", { id: id }));
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
    button.setAttribute("aria-label", t({ ruling: "copyRuling", faq: "copyFaq", card: "copyCard" }[kind] || "copyRule", { id: id }));
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

  /* ------------------------------------------------------------------ */
  /* 3. Language selector keeps the page and the anchor                 */

  var LANG_LINKS = "a.md-select__link[hreflang]";

  /** The root URL of the site a language link points at (its folder). */
  function alternateRoot(link) {
    var stored = link.getAttribute("data-rulesite-root");
    if (stored) return new URL(stored);
    var href = link.getAttribute("href");
    if (!href) return null;
    var url;
    try {
      url = new URL(href, location.href);
    } catch (err) {
      return null;
    }
    url.search = "";
    url.hash = "";
    if (!/\/$/.test(url.pathname)) url = new URL(".", url);
    link.setAttribute("data-rulesite-root", url.href);
    return url;
  }

  /** A page that names its equivalent in another language (the same rule under
      another number: Spanish 701.20 is English 701.16) goes there, with the
      anchor renumbered: #701.20c becomes #701.16c. */
  function equivalentUrl(link, withHash) {
    var lang = link.getAttribute("hreflang");
    var eq = document.querySelector('a[data-equivalent-from][hreflang="' + lang + '"]');
    if (!eq) return null;
    var target = new URL(eq.getAttribute("href"), location.href);
    var from = eq.getAttribute("data-equivalent-from");
    var to = eq.getAttribute("data-equivalent-to");
    var hash = decodeURIComponent(location.hash.slice(1));
    // An empty "to": the other language has no such rule; its contents page, no anchor.
    if (withHash && to && hash && hash.indexOf(from) === 0) target.hash = to + hash.slice(from.length);
    return target.href;
  }

  function pageLanguage() {
    return (document.documentElement.getAttribute("lang") || "en").toLowerCase().split("-")[0];
  }

  /** The marker of a page that some language's site lacks (render/languages.py). */
  function missingMarker() {
    return document.querySelector(".page-languages[data-missing]");
  }

  /** A language whose site lacks this page: the same page in the fallback
      language's site (English, or this one), with ?from=<language> so that page
      shows the reader a notice. No stub page is needed in the other site. */
  function fallbackUrl(link, withHash) {
    var marker = missingMarker();
    var lang = link.getAttribute("hreflang");
    if (!marker || marker.getAttribute("data-missing").split(" ").indexOf(lang) < 0) return null;
    var fallback = marker.getAttribute("data-fallback");
    var target;
    if (fallback === pageLanguage()) {
      target = new URL(location.href);
    } else {
      var other = document.querySelector(LANG_LINKS + '[hreflang="' + fallback + '"]');
      var root = other ? alternateRoot(other) : null;
      var path = pathFromRoot(new URL(location.href));
      if (!root || path === null) return null;
      target = new URL(path, root);
    }
    target.search = "?from=" + encodeURIComponent(lang);
    target.hash = withHash ? location.hash : "";
    return target.href;
  }

  /** Arrived from a language whose site lacks this page (?from=es): say so, in
      that language, above the page's content. */
  function showMissingNotice() {
    var from = new URLSearchParams(location.search).get("from");
    var marker = missingMarker();
    if (!from || !marker || !/^[a-z]{2}$/.test(from)) return;
    var text = marker.getAttribute("data-notice-" + from);
    var article = document.querySelector("article.md-content__inner") || document.querySelector("article");
    if (!text || !article || article.querySelector(".page-languages-notice")) return;
    var note = document.createElement("p");
    note.className = "page-languages-notice";
    note.setAttribute("role", "note");
    note.setAttribute("lang", from);
    note.textContent = text;
    article.insertBefore(note, article.firstChild);
  }

  function alternateUrl(link, withHash) {
    var equivalent = equivalentUrl(link, withHash);
    if (equivalent) return equivalent;
    var fallback = fallbackUrl(link, withHash);
    if (fallback) return fallback;
    var altRoot = alternateRoot(link);
    if (!altRoot) return null;
    var path = pathFromRoot(new URL(location.href));
    if (path === null) return null;
    var target = new URL(path, altRoot);
    if (withHash) target.hash = location.hash;
    return target.href;
  }

  function updateLanguageLinks() {
    var links = document.querySelectorAll(LANG_LINKS);
    // Every site's root first, from the links as Material wrote them, before any is rewritten.
    for (var k = 0; k < links.length; k++) alternateRoot(links[k]);
    for (var i = 0; i < links.length; i++) {
      var url = alternateUrl(links[i], true);
      if (url) links[i].setAttribute("href", url);
    }
  }

  function initLanguageSwitch() {
    // Capture phase on window: runs before Material's handler on document.body,
    // which would fetch the other site's sitemap.xml (impossible from file://).
    window.addEventListener(
      "click",
      function (event) {
        if (event.defaultPrevented || event.button !== 0) return;
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        var link = event.target && event.target.closest ? event.target.closest(LANG_LINKS) : null;
        if (!link || link.target) return;
        var url = alternateUrl(link, true);
        if (!url) return;
        event.preventDefault();
        event.stopPropagation();
        location.href = url;
      },
      true
    );
    updateLanguageLinks();
    window.addEventListener("hashchange", updateLanguageLinks);
  }

  /* ------------------------------------------------------------------ */
  /* 4. Search by rule number lands on the rule                         */

  var NUMBER_QUERY = /^\d{1,4}(?:\.[0-9a-z]+)*[a-z]?$/i;

  function ruleForQuery() {
    var params;
    try {
      params = new URL(location.href).searchParams;
    } catch (err) {
      return null;
    }
    var terms = (params.get("h") || "").trim().split(/\s+/);
    for (var i = 0; i < terms.length; i++) {
      var term = terms[i].replace(/\.$/, "");
      if (!NUMBER_QUERY.test(term)) continue;
      var exact = ruleOfAnchor(document.getElementById(term));
      if (exact) return exact;
      var rules = document.querySelectorAll(RULES);
      var lower = term.toLowerCase();
      for (var j = 0; j < rules.length; j++) {
        var id = ruleNumber(rules[j]).toLowerCase();
        if (id === lower || id.indexOf(lower + ".") === 0 || (id.indexOf(lower) === 0 && /^[a-z]/.test(id.slice(lower.length)))) {
          return rules[j];
        }
      }
    }
    return null;
  }

  function jumpToSearchedRule() {
    var rule = ruleForQuery();
    if (!rule) return;
    var hash = decode(location.hash.slice(1));
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

  /* ------------------------------------------------------------------ */

  var started = false;

  function init() {
    if (!started) {
      started = true;
      initPreviews();
      initLanguageSwitch();
    }
    initCopyButtons(document);
    showMissingNotice();
    jumpToSearchedRule();
  }

  if (window.document$ && typeof window.document$.subscribe === "function") {
    // Material's observable of the current document (also with instant loading).
    window.document$.subscribe(function () {
      configBase = null;
      hide();
      init();
      updateLanguageLinks();
    });
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();

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
