/*
 * Loaded before Material's bundle (extra.polyfills). The site's word search
 * is its own (word-search.js, with its index from render/word_index.py):
 * Material's search box and result list are kept, its index and its worker
 * are not used. Material asks for search/search_index.json (XMLHttpRequest)
 * as soon as a page loads over http(s), and from disk loads
 * search/search_index.js as a script; it starts its search worker at once.
 * Here that request is never sent, that script never added, and the worker
 * never made: 2.4 MB a phone would fetch and index before a first result.
 */
(function () {
  "use strict";
  var INDEX = /\/search\/search_index\.json(?:[?#]|$)/;
  var open = XMLHttpRequest.prototype.open;
  var send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (method, url) {
    this.__rulesiteIndex = INDEX.test(String(url));
    return open.apply(this, arguments);
  };
  XMLHttpRequest.prototype.send = function () {
    if (this.__rulesiteIndex) return undefined; // never answered: Material's search stays idle
    return send.apply(this, arguments);
  };

  var head = document.head;
  var append = head.appendChild;
  head.appendChild = function (node) {
    if (node && node.tagName === "SCRIPT" && /\/search\/search_index\.js$/.test(node.src || "")) return node;
    return append.call(head, node);
  };

  // Material's search worker: a stand-in that takes its messages and never answers.
  var RealWorker = window.Worker;
  if (RealWorker) {
    var Idle = function (url, options) {
      if (!/\/workers\/search\.[^/]*\.js/.test(String(url))) return new RealWorker(url, options);
      this.addEventListener = function () {};
      this.removeEventListener = function () {};
      this.postMessage = function () {};
      this.terminate = function () {};
      this.dispatchEvent = function () { return true; };
      return undefined;
    };
    window.Worker = Idle;
  }
})();
