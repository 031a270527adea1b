/*
 * Shared by the site's reading aids (one small file per feature beside this
 * one): the site root, paths relative to it, and the interface strings
 * (assets/strings.js, generated from strings.py). Plain ES2017, no
 * network: the same over http:// and from disk (file://).
 *
 * The site root comes from Material's <script id="__config"> ("base": the
 * relative path from the page to its site root).
 */
(function () {
  "use strict";
  if (window.Rulesite) return;

  var configBase = null;

  function readBase() {
    if (configBase !== null) return configBase;
    configBase = ".";
    // The not-found page of a site without a site_url, served from a folder
    // of the host: the folder its inline script found (render/not_found_root.js).
    var found = document.documentElement.getAttribute("data-rulesite-root");
    if (found && /^\/(?:[^/]+\/)*$/.test(found)) return (configBase = found);
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

  /** The folder holding every language's site (English at the top, the others in es/, fr/...). */
  function sitesRoot() {
    return language() === "en" ? siteRoot() : new URL("../", siteRoot());
  }

  function sameOrigin(a, b) {
    return a.protocol === b.protocol && a.host === b.host;
  }

  /* Every part of the address a reader was sent is read through these two:
     the link may have been written by anyone. */

  // Longer input is never a page of the site: it is no match (and no pattern runs on it).
  var MAX_INPUT = 2048;

  /** `text` with its %-escapes decoded; null when an escape is malformed or the text is too long. Never throws. */
  function decode(text) {
    if (typeof text !== "string" || text.length > MAX_INPUT) return null;
    try {
      return decodeURIComponent(text);
    } catch (err) {
      return null;
    }
  }

  /** The address's #fragment, decoded ("" when none, null when malformed). */
  function fragment() {
    var hash = location.hash.slice(1);
    return hash ? decode(hash) : "";
  }

  /** Query parameter `name` of the address (URLSearchParams decodes leniently), or null; null when too long. */
  function param(name) {
    var value = new URLSearchParams(location.search).get(name);
    return value !== null && value.length <= MAX_INPUT ? value : null;
  }

  /**
   * The one way input (a query parameter, a fragment, a path, stored data)
   * becomes an address: `input` resolved against `base` (default: this
   * language's site root) when the result is a page of this site: http(s)
   * on this page's origin, or from disk (file:) when this page is; within
   * the folder of the language sites; no user name, no doubled slash (which
   * browsers read as another host). Otherwise null: the caller then shows
   * nothing or plain text.
   */
  function siteUrl(input, base) {
    if (typeof input !== "string" || input.length > MAX_INPUT || /[\\\u0000-\u001f\u007f]/.test(input)) return null;
    var url;
    try {
      url = new URL(input, base || siteRoot());
    } catch (err) {
      return null;
    }
    var here = new URL(location.href);
    var root = sitesRoot();
    if (!/^(?:https?|file):$/.test(url.protocol) || !sameOrigin(url, here) || !sameOrigin(url, root)) return null;
    if (url.username || url.password || url.pathname.indexOf("//") >= 0) return null;
    return url.pathname.indexOf(root.pathname) === 0 ? url : null;
  }

  /* A page's name from the site root (riftbound/core-rules/424.html): plain
     segments, no "..", as the build writes them. */
  var PAGE_NAME = /^(?:[A-Za-z0-9_][A-Za-z0-9._-]*\/)*[A-Za-z0-9_][A-Za-z0-9._-]*\.html$/;

  /** Whether `page` is a page name of the site (riftbound/core-rules/424.html). */
  function isPageName(page) {
    return typeof page === "string" && page.length <= 512 && PAGE_NAME.test(page) && !/(?:^|\/)\.\.?\//.test(page);
  }

  /**
   * The file of `page` in a folder of generated scripts (assets/previews/,
   * assets/history/): `folder` + the page's name with ".js" for ".html", under
   * `root` (default: this language's site root); null for anything that is
   * not a page name, so no address can make a page load another script.
   */
  function pageScript(folder, page, root) {
    if (!isPageName(page)) return null;
    var within = siteUrl(folder, root);
    var url = within && siteUrl(page.replace(/\.html$/, ".js"), within);
    return url && url.pathname.indexOf(within.pathname) === 0 ? url : null;
  }

  /** The path of `url` relative to the site root, still URL-encoded; null when outside it (or the path holds "//"). */
  function pathFromRoot(url, root) {
    root = root || siteRoot();
    if (!sameOrigin(url, root)) return null;
    if (url.pathname.indexOf(root.pathname) !== 0 || url.pathname.indexOf("//") >= 0) return null;
    return url.pathname.slice(root.pathname.length);
  }

  /** As pathFromRoot, with "../" when `url` lies outside (another language's site). */
  function relativeFromRoot(url, root) {
    root = root || siteRoot();
    var inside = pathFromRoot(url, root);
    if (inside !== null) return inside;
    if (!sameOrigin(url, root) || url.pathname.indexOf("//") >= 0) return null;
    var from = root.pathname.split("/").slice(0, -1);
    var to = url.pathname.split("/");
    var common = 0;
    while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
    var ups = [];
    for (var i = common; i < from.length; i++) ups.push("..");
    return ups.concat(to.slice(common)).join("/");
  }

  function language() {
    return (document.documentElement.getAttribute("lang") || "en").toLowerCase().split("-")[0];
  }

  /** Interface text `key` with {placeholders} filled in. */
  function t(key, values) {
    var all = window.RULESITE_STRINGS || {};
    var table = all[language()] || all.en || {};
    var text = table[key] || (all.en || {})[key] || key;
    Object.keys(values || {}).forEach(function (name) {
      text = text.split("{" + name + "}").join(values[name]);
    });
    return text;
  }

  /* Where the browser enforces Trusted Types, a script's address must come
     from a policy: this one lets through only what siteUrl accepts. */
  var policy;
  function scriptPolicy() {
    if (policy !== undefined) return policy;
    policy = null;
    if (window.trustedTypes && typeof window.trustedTypes.createPolicy === "function") {
      try {
        policy = window.trustedTypes.createPolicy("rulesite", {
          createScriptURL: function (href) {
            var url = siteUrl(href, location.href);
            if (!url) throw new TypeError("not a script of this site");
            return url.href;
          },
        });
      } catch (err) {
        /* no policy allowed: plain strings, which an enforcing browser refuses */
      }
    }
    return policy;
  }

  /** The address of a script of this site, to set as a script's src; null for any other. */
  function scriptUrl(input) {
    var url = siteUrl(String(input), location.href);
    if (!url) return null;
    return scriptPolicy() ? scriptPolicy().createScriptURL(url.href) : url.href;
  }

  /** Loads a script of the site once (data files: works from disk, unlike fetch); rejects any other address. */
  var loading = {};
  function loadScript(url) {
    url = String(url);
    if (!loading[url]) {
      var src = scriptUrl(url);
      if (!src) return Promise.reject(new Error(url + " is not a script of this site"));
      loading[url] = new Promise(function (resolve, reject) {
        var script = document.createElement("script");
        script.src = src;
        script.async = true;
        script.onload = function () { resolve(); };
        script.onerror = function () {
          delete loading[url];
          reject(new Error(url + " could not be loaded"));
        };
        document.head.appendChild(script);
      });
    }
    return loading[url];
  }

  /** Runs `fn` on every page Material shows (also after instant loading). */
  function onPage(fn) {
    if (window.document$ && typeof window.document$.subscribe === "function") {
      window.document$.subscribe(function () {
        configBase = null;
        fn();
      });
    } else if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", fn);
    } else {
      fn();
    }
  }

  /* A rule on a section page: <div class="rule" data-rule="424.1"> holding its
     head (the number and text) and what follows it. */
  var RULES = ".rule[data-rule], .rule[id]";

  function ruleNumber(rule) {
    return rule.getAttribute("data-rule") || rule.id;
  }

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

  /* Rule numbers, by the one grammar of the build (names.py), which
     assets/strings.js ships as regular-expression sources: no pattern of
     our own here. */
  var grammar = null;
  function numberPattern(name, flags, around) {
    if (!grammar) grammar = window.RULESITE_GRAMMAR || {};
    var source = grammar[name] || "(?!)"; // no grammar: nothing is a number
    return new RegExp((around || "^(?:{})$").split("{}").join(source), flags || "");
  }

  var numbers = {
    /** Whether `text` is a rule number as a reader may type it (names.TYPED_NUMBER, any case). */
    typed: function (text) {
      return numberPattern("typed", "i").test(text);
    },
    /** The number an address ends with (r/411.9.html, v1.2/999/, 999.1.a.htm), without
        what follows it (names.ADDRESS_NOISE: a file ending, letters, punctuation), or null
        (names.number_in_address). */
    atEnd: function (text) {
      // The last segment alone, anchored, and short: a long address costs no time.
      var path = /\/$/.test(text) ? text.slice(0, -1) : text;
      var last = path.slice(path.lastIndexOf("/") + 1);
      if (last.length > 64) return null;
      var rest = last.replace(numberPattern("noise", "i", "(?:{})$"), "");
      return numberPattern("typed", "i").test(rest) ? rest : null;
    },
    /** `832.1.c.2` -> ["832", "1", "c", "2"]; `701.16a` -> ["701", "16", "a"] (names.number_parts). */
    parts: function (number) {
      return number.match(numberPattern("part", "g", "{}")) || [];
    },
    /** The number a rule nests under, or null (names.parent_number): 701.20a -> 701.20, 832.1.c -> 832.1. */
    parent: function (number) {
      if (numberPattern("subrule").test(number)) return number.slice(0, -1);
      var dot = number.lastIndexOf(".");
      return dot < 0 ? null : number.slice(0, dot);
    },
    /** Whether rule `number` is `ancestor` or nests under it. */
    within: function (number, ancestor) {
      for (var n = number; n; n = numbers.parent(n)) if (n === ancestor) return true;
      return false;
    },
  };

  /** A link's target as a URL (relative to this page), or null when it has none or it is malformed. */
  function linkUrl(link) {
    var href = link.getAttribute("href");
    if (!href) return null;
    try {
      return new URL(href, location.href);
    } catch (err) {
      return null;
    }
  }

  /* Features only some pages use, loaded on those pages alone (names relative
     to this script), so every other page weighs less. Material puts this
     script at the end of the body: the page's content is already there. */
  var here = document.currentScript && document.currentScript.src;
  var ON_DEMAND = [
    // compare.js (which data.js loads) sets up the renumbering toggle of the diff it lays out.
    [["renumbered-toggle.js", "data.js"], function () { return !!document.querySelector("[data-compare]"); }],
    ["diff-filter.js", function () { return !!document.querySelector("input[data-diff-filter]"); }],
    ["renumbered-toggle.js", function () { return !!document.querySelector("button[data-renumbered-toggle]"); }],
    // A pinned link's notice, or an anchor on a page whose number meant another rule before.
    ["pinned-notice.js", function () { return new URLSearchParams(location.search).has("was") || (!!location.hash && !!document.querySelector("[data-was-rules]")); }],
    ["search-jump.js", function () { return new URLSearchParams(location.search).has("h"); }],
    ["offline-page.js", function () { return !!document.getElementById("offline-app"); }],
    // A search asked for in the address (?q=) opens at once: its number result too.
    ["number-search.js", function () { return new URLSearchParams(location.search).has("q"); }],
    // Arrived from a language whose site lacks this page (?from=es): its notice shows at once.
    ["language-switch.js", function () { return new URLSearchParams(location.search).has("from"); }],
  ];
  /* Features loaded on their first use, not with the page: on the first of
     `events` (listened to on their way down) inside `selector`, the script is
     loaded (with the data files it reads, from the site root, at the same
     time), then handed the element and the latest such event
     (Rulesite.firstUse[script]), so that first use is not lost. */
  var ON_FIRST_USE = [
    // A rule's history: its rows are in the page's history file (history.js loads it).
    ["history.js", ["toggle"], "details.history"],
    // A link's preview: previews.js shows the one pointed at or focused first;
    // a tap on one before the file came is held: a first tap previews (tapped()).
    ["previews.js", ["mouseover", "focusin"], "a.ref, a.keyword", [], "a.ref, a.keyword", tapped],
    // "Copy with citation": cite.js makes the text; a click before it came is held and handed over.
    ["cite.js", ["pointerover", "pointerdown", "focusin"], "button.rule-cite", [], "button.rule-cite"],
    // The search box: rule numbers (number-search.js) and words (word-search.js,
    // which it loads); the word index comes at the same time (the number table after it).
    ["number-search.js", ["focusin", "pointerdown"], ".md-search, [data-md-component='search'], label[for='__search']", ["assets/search-words.js", "assets/word-search.js"]],
    // The language selector: its links are made to keep the page as soon as the
    // reader points at, focuses or touches it, before its list opens.
    // A plain click on one of its links before the file came is held and handed over.
    ["language-switch.js", ["pointerover", "focusin", "pointerdown"], ".md-select", [], "a.md-select__link[hreflang]"],
  ];
  /* Whether a click is a finger's tap (no hover before it, so a first tap on a
     reference previews it). A click is a PointerEvent that says so; where it is
     not, a click made by a pointer (detail > 0, not a key) after a touch. */
  var lastPointer = "";
  document.addEventListener("pointerdown", function (event) { lastPointer = event.pointerType || ""; }, { capture: true, passive: true });
  function tapped(event) {
    if (typeof event.pointerType === "string" && event.pointerType) return event.pointerType === "touch";
    return event.detail > 0 && lastPointer === "touch";
  }

  var firstUse = {};
  function watchFirstUse() {
    if (!here) return;
    ON_FIRST_USE.forEach(function (entry) {
      var name = entry[0];
      var asked = false;
      var loaded = false;
      var latest = null;
      function listener(event) {
        var element = event.target && event.target.closest ? event.target.closest(entry[2]) : null;
        if (!element || loaded) return;
        latest = [element, event];
        if (asked) return;
        asked = true;
        (entry[3] || []).forEach(function (file) { loadScript(new URL(file, siteRoot()).href).catch(function () {}); });
        feature(name).then(
          function () {
            loaded = true;
            entry[1].forEach(function (type) { document.removeEventListener(type, listener, true); });
            if (firstUse[name] && latest) firstUse[name](latest[0], latest[1]);
          },
          function () { asked = false; }
        );
      }
      entry[1].forEach(function (type) { document.addEventListener(type, listener, true); });
      if (!entry[4]) return;
      document.addEventListener("click", function (event) {
        var link = event.target && event.target.closest ? event.target.closest(entry[4]) : null;
        if (loaded || !link || event.defaultPrevented || event.button !== 0 || link.target) return;
        if (entry[5] && !entry[5](event)) return;
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        event.stopPropagation();
        listener(event);
        latest = [link, event];
      }, true);
    });
  }

  /** Loads our script `name` (beside this one) once. */
  function feature(name) {
    return loadScript(new URL(name, here || new URL("assets/", siteRoot()).href).href);
  }

  /* Offline use (registering the service worker) waits until the page is
     loaded and the browser is idle: the first view never waits for it. */
  function whenIdle() {
    var later = window.requestIdleCallback || function (fn) { return setTimeout(fn, 200); };
    later(function () { feature("offline.js").catch(function () {}); }, { timeout: 3000 });
  }

  function loadFeatures() {
    if (!here) return;
    ON_DEMAND.forEach(function (entry) {
      if (!entry[1]()) return;
      // Several scripts: one after the other, in the order given.
      [].concat(entry[0]).reduce(function (done, name) {
        return done.then(function () { return feature(name); });
      }, Promise.resolve()).catch(function () {});
    });
  }

  /* A link made before a long list was cut into parts names the first part
     (cards/s.html#card); when its #anchor is not on this page, the page's
     hidden list (render/part_anchors.py) names the part that holds it. */
  function followMovedAnchor() {
    var hash = location.hash.slice(1);
    if (!hash) return;
    var id = decode(hash);
    if (!id || document.getElementById(id)) return;
    var holder = document.querySelector("[data-part-anchors]");
    if (!holder) return;
    var parts;
    try {
      parts = JSON.parse(holder.getAttribute("data-part-anchors"));
    } catch (err) {
      return;
    }
    Object.keys(parts).some(function (part) {
      if (!Array.isArray(parts[part]) || parts[part].indexOf(id) < 0) return false;
      var to = siteUrl(part, location.href);
      if (!to) return false;
      to.search = location.search;
      to.hash = hash;
      location.replace(to.href);
      return true;
    });
  }

  /* A notice that changes what the reader looks at (a pinned link's, a
     language fallback's, a number that meant another rule): put just above
     `rule` (else under the page's title), announced to screen readers (a live
     region, filled once it is in the page) and scrolled to just below the
     fixed header, with the rule it speaks of under it; again once the page has
     loaded, as the browser's own scroll to the anchor may come later. */
  function showNotice(box, rule) {
    var article = document.querySelector("article.md-content__inner") || document.querySelector("article");
    var title = article && article.querySelector("h1");
    if (!article) return;
    var words = document.createDocumentFragment();
    while (box.firstChild) words.appendChild(box.firstChild);
    box.classList.add("rulesite-notice");
    box.setAttribute("role", "status");
    box.setAttribute("aria-live", "polite");
    if (rule && article.contains(rule)) rule.parentNode.insertBefore(box, rule);
    else if (title) title.insertAdjacentElement("afterend", box);
    else article.insertBefore(box, article.firstChild);
    function reveal() {
      var header = document.querySelector(".md-header");
      var below = header ? header.getBoundingClientRect().bottom : 0;
      var top = box.getBoundingClientRect().top;
      if (top < below + 4 || top > window.innerHeight / 2) window.scrollBy(0, top - below - 8);
    }
    setTimeout(function () {
      box.appendChild(words);
      reveal();
      if (document.readyState !== "complete") window.addEventListener("load", function () { setTimeout(reveal, 0); }, { once: true });
    }, 0);
    reveal();
  }

  window.Rulesite = {
    siteRoot: siteRoot,
    sitesRoot: sitesRoot,
    sameOrigin: sameOrigin,
    siteUrl: siteUrl,
    isPageName: isPageName,
    pageScript: pageScript,
    pathFromRoot: pathFromRoot,
    relativeFromRoot: relativeFromRoot,
    decode: decode,
    fragment: fragment,
    param: param,
    language: language,
    t: t,
    scriptUrl: scriptUrl,
    loadScript: loadScript,
    feature: feature,
    onPage: onPage,
    RULES: RULES,
    ruleNumber: ruleNumber,
    ruleHead: ruleHead,
    ruleOfAnchor: ruleOfAnchor,
    linkUrl: linkUrl,
    numbers: numbers,
    firstUse: firstUse,
    tapped: tapped,
    showNotice: showNotice,
  };
  followMovedAnchor();
  window.addEventListener("hashchange", followMovedAnchor);
  watchFirstUse();
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", loadFeatures);
  else loadFeatures();
  if (here) {
    if (document.readyState === "complete") whenIdle();
    else window.addEventListener("load", whenIdle, { once: true });
  }
})();
