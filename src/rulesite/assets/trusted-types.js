/*
 * The site's one Trusted Types policy, "default" (content_policy.py
 * names it in every page's Content Security Policy, which enforces Trusted
 * Types). Loaded before any other script of the page.
 *
 * The browser asks it whenever a string goes where script comes from:
 * - a script URL (a <script>'s src, new Worker, the service worker's
 *   registration: ours, Material's bundle and its search worker): allowed
 *   only for a .js file of this site, over http(s) or from disk;
 * - HTML (innerHTML, document.write...): only markup that cannot run
 *   script: text, or elements and attributes of the short list below (what
 *   Material's bundle writes: its search results' <mark>s, a heading copied
 *   into a tooltip), every link's address one of this site. Material builds
 *   its DOM from strings; our scripts build it with DOM calls;
 * - script (a javascript: URL, eval, a <script>'s text): never. The policy
 *   defines no such conversion, so the browser refuses it.
 */
(function () {
  "use strict";
  if (!window.trustedTypes || !window.trustedTypes.createPolicy || window.trustedTypes.defaultPolicy) return;
  var me = document.currentScript;
  if (!me || !me.src) return;
  // This language's site root (this file is its assets/trusted-types.js); the
  // other languages' sites are folders named for them below English's root.
  var root = new URL("../", me.src);
  var language = (document.documentElement.getAttribute("lang") || "").toLowerCase();
  if (language && root.pathname.slice(-language.length - 2) === "/" + language + "/") root = new URL("../", root);

  function scriptOfTheSite(value) {
    var url;
    try {
      url = new URL(String(value), document.baseURI);
    } catch (err) {
      return null;
    }
    if (url.protocol !== root.protocol || url.host !== root.host) return null;
    if (!/^(https?|file):$/.test(url.protocol)) return null;
    if (url.pathname.indexOf(root.pathname) !== 0 || !/\.js$/.test(url.pathname)) return null;
    return url.href;
  }

  // Parses markup into a document that runs nothing, for the check below;
  // private to this file (the CSP names it, no other code can reach it).
  var inert = window.trustedTypes.createPolicy("rulesite-inert", {
    createHTML: function (value) {
      return value;
    }
  });
  var ELEMENTS = /^(a|abbr|article|b|br|code|div|em|h[1-6]|i|kbd|li|mark|nav|ol|p|s|small|span|strong|sub|sup|table|tbody|td|th|thead|tr|u|ul)$/;
  var ATTRIBUTES = /^(class|id|title|lang|dir|role|hidden|tabindex|href|hreflang|aria-[a-z-]+|data-[a-z0-9-]+)$/;

  function inertMarkup(value) {
    value = String(value);
    if (value.indexOf("<") < 0) return value; // text and character references: no element
    var doc = new DOMParser().parseFromString(inert.createHTML(value), "text/html");
    if (doc.head.childNodes.length) return null; // <script>, <style>, <meta>, <link>... land there
    var all = doc.body.getElementsByTagName("*");
    for (var i = 0; i < all.length; i++) {
      var el = all[i];
      if (el.namespaceURI !== "http://www.w3.org/1999/xhtml" || !ELEMENTS.test(el.localName)) return null;
      for (var j = 0; j < el.attributes.length; j++) {
        var attribute = el.attributes[j];
        if (!ATTRIBUTES.test(attribute.name)) return null;
        if (attribute.name === "href" && !linkOfTheSite(attribute.value)) return null;
      }
    }
    return value;
  }

  function linkOfTheSite(value) {
    try {
      var url = new URL(value, document.baseURI);
      return url.protocol === root.protocol && url.host === root.host;
    } catch (err) {
      return false;
    }
  }

  window.trustedTypes.createPolicy("default", { createScriptURL: scriptOfTheSite, createHTML: inertMarkup });
})();
