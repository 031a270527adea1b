/*
 * The published data (the site's data/ folder), read the same way over http://
 * and from disk. Plain ES2017, no dependencies, no network beyond the site.
 *
 *   RulesiteData.load("editions.json").then(function (value) { ... });
 *
 * Over http(s) it fetches data/<path>; from file://, where fetch() of a local
 * file is refused, it loads the script twin data/<path minus .json>.js, which
 * stores the same value in window.RULESITE_DATA[path]. Each file is read once.
 * data/ sits at the site root: beside English's index.html, one folder above
 * another language's (es/, fr/). It also loads, on the pages that need them,
 * the features built on the data (ON_DEMAND below).
 */
(function () {
  "use strict";
  if (window.RulesiteData) return;

  var pending = {};

  /** The URL of data/, ending in "/". */
  function root() {
    var base = ".";
    var node = document.getElementById("__config");
    if (node) {
      try {
        var cfg = JSON.parse(node.textContent);
        if (cfg && typeof cfg.base === "string" && cfg.base) base = cfg.base;
      } catch (err) {
        /* keep "." */
      }
    }
    var lang = (document.documentElement.getAttribute("lang") || "en").toLowerCase().split("-")[0];
    var url = new URL(base.replace(/\/?$/, "/") + (lang === "en" ? "" : "../") + "data/", location.href);
    url.search = "";
    url.hash = "";
    return url;
  }

  function viaScript(path) {
    return new Promise(function (resolve, reject) {
      var store = window.RULESITE_DATA || {};
      if (Object.prototype.hasOwnProperty.call(store, path)) return resolve(store[path]);
      var script = document.createElement("script");
      script.src = new URL(path.replace(/\.json$/, ".js"), root()).href;
      script.async = true;
      script.onload = function () {
        var value = (window.RULESITE_DATA || {})[path];
        if (value === undefined) reject(new Error("data/" + path + ": no data in its script"));
        else resolve(value);
      };
      script.onerror = function () {
        reject(new Error("data/" + path + " could not be loaded"));
      };
      document.head.appendChild(script);
    });
  }

  function viaFetch(path) {
    return fetch(new URL(path, root()).href).then(function (response) {
      if (!response.ok) throw new Error("data/" + path + ": HTTP " + response.status);
      return response.json();
    });
  }

  function load(path) {
    if (!pending[path]) {
      pending[path] = location.protocol === "file:" ? viaScript(path) : viaFetch(path);
      pending[path].catch(function () {
        delete pending[path]; // a later call may try again
      });
    }
    return pending[path];
  }

  window.RulesiteData = { load: load, root: root };

  // Features that read the data and live on a few pages only are loaded there,
  // so the other pages do not carry them: selector -> script beside this one.
  var ON_DEMAND = { "[data-compare]": "compare.js" };
  var here = document.currentScript && document.currentScript.src;
  function loadFeatures() {
    Object.keys(ON_DEMAND).forEach(function (selector) {
      if (!here || !document.querySelector(selector)) return;
      var src = new URL(ON_DEMAND[selector], here).href;
      if (document.querySelector('script[src="' + src + '"]')) return;
      var script = document.createElement("script");
      script.src = src;
      document.head.appendChild(script);
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", loadFeatures);
  else loadFeatures();
})();
