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
    return new URL("data/", window.Rulesite.sitesRoot());
  }

  function viaScript(path) {
    var store = window.RULESITE_DATA || {};
    if (Object.prototype.hasOwnProperty.call(store, path)) return Promise.resolve(store[path]);
    return window.Rulesite.loadScript(new URL(path.replace(/\.json$/, ".js"), root()).href).then(
      function () {
        var value = (window.RULESITE_DATA || {})[path];
        if (value === undefined) throw new Error("data/" + path + ": no data in its script");
        return value;
      },
      function () {
        throw new Error("data/" + path + " could not be loaded");
      }
    );
  }

  function viaFetch(path) {
    var url = window.Rulesite.siteUrl(path, root());
    if (!url) return Promise.reject(new Error("data/" + path + ": not a file of the site"));
    return fetch(url.href).then(function (response) {
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
      window.Rulesite.loadScript(new URL(ON_DEMAND[selector], here).href).catch(function () {});
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", loadFeatures);
  else loadFeatures();
})();
