/*
 * Shared by the site's reading aids (one small file per feature beside this
 * one): the site root, paths relative to it, and the interface strings
 * (assets/strings.js, generated from render/strings.py). Plain ES2017, no
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

  /** As pathFromRoot, with "../" when `url` lies outside (another language's site). */
  function relativeFromRoot(url, root) {
    root = root || siteRoot();
    var inside = pathFromRoot(url, root);
    if (inside !== null) return inside;
    if (!sameOrigin(url, root)) return null;
    var from = root.pathname.split("/").slice(0, -1);
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

  /** Loads a script of the site once (data files: works from disk, unlike fetch). */
  var loading = {};
  function loadScript(url) {
    if (!loading[url]) {
      loading[url] = new Promise(function (resolve, reject) {
        var script = document.createElement("script");
        script.src = url;
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

  window.Rulesite = {
    siteRoot: siteRoot,
    sameOrigin: sameOrigin,
    pathFromRoot: pathFromRoot,
    relativeFromRoot: relativeFromRoot,
    decode: decode,
    language: language,
    t: t,
    loadScript: loadScript,
    onPage: onPage,
  };
})();
