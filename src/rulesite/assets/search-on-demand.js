/*
 * Loaded before Material's bundle (extra.polyfills): the search index is
 * downloaded only once the reader starts a search, not with every page.
 * Material asks for search/search_index.json (XMLHttpRequest) as soon as a
 * page loads over http(s), and starts its search worker at once; from disk
 * it loads search/search_index.js at once too. Here the request is held, and
 * the worker made, until the search box gets focus or opens (or the address
 * carries ?q=, which opens it). Nothing else changes: the same index, the
 * same worker, the same results.
 */
(function () {
  "use strict";
  var started = false;
  var waiting = [];

  function start() {
    if (started) return;
    started = true;
    var run = waiting;
    waiting = [];
    run.forEach(function (fn) { fn(); });
  }

  var open = XMLHttpRequest.prototype.open;
  var send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (method, url) {
    this.__rulesiteIndex = /\/search\/search_index\.json(?:[?#]|$)/.test(String(url));
    return open.apply(this, arguments);
  };
  XMLHttpRequest.prototype.send = function () {
    var request = this;
    var args = arguments;
    if (request.__rulesiteIndex && !started) {
      waiting.push(function () { send.apply(request, args); });
      return undefined;
    }
    return send.apply(request, args);
  };

  // From disk Material loads search/search_index.js as a <script> in <head>.
  var head = document.head;
  var append = head.appendChild;
  head.appendChild = function (node) {
    if (!started && node && node.tagName === "SCRIPT" && /\/search\/search_index\.js$/.test(node.src || "")) {
      waiting.push(function () { append.call(head, node); });
      return node;
    }
    return append.call(head, node);
  };

  // The search worker: made on its first message (Material sends the index
  // to it once the index has arrived), listeners kept until then.
  var RealWorker = window.Worker;
  if (RealWorker) {
    var Lazy = function (url, options) {
      if (!/\/workers\/search\.[^/]*\.js/.test(String(url))) return new RealWorker(url, options);
      var real = null;
      var listeners = [];
      function make() {
        if (!real) {
          real = new RealWorker(url, options);
          listeners.forEach(function (l) { real.addEventListener(l[0], l[1], l[2]); });
        }
        return real;
      }
      this.addEventListener = function (type, fn, opts) {
        if (real) real.addEventListener(type, fn, opts);
        else listeners.push([type, fn, opts]);
      };
      this.removeEventListener = function (type, fn, opts) {
        if (real) real.removeEventListener(type, fn, opts);
        listeners = listeners.filter(function (l) { return l[0] !== type || l[1] !== fn; });
      };
      this.postMessage = function (message, transfer) { make().postMessage(message, transfer); };
      this.terminate = function () { if (real) real.terminate(); };
      this.dispatchEvent = function (event) { return make().dispatchEvent(event); };
      return undefined;
    };
    window.Worker = Lazy;
  }

  function isSearch(node) {
    return !!(node && node.closest && node.closest(".md-search, [data-md-component='search'], label[for='__search']"));
  }
  document.addEventListener("focusin", function (event) { if (isSearch(event.target)) start(); }, true);
  document.addEventListener("pointerdown", function (event) { if (isSearch(event.target)) start(); }, true);
  document.addEventListener("change", function (event) {
    if (event.target && event.target.id === "__search" && event.target.checked) start();
  }, true);
  // Material's keyboard shortcuts for search: "/", "s", "f".
  document.addEventListener("keydown", function (event) {
    var node = event.target;
    if (node && (node.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(node.tagName))) return;
    if (!event.ctrlKey && !event.metaKey && !event.altKey && /^[/sf]$/i.test(event.key)) start();
  }, true);
  try {
    if (new URL(location.href).searchParams.has("q")) start();
  } catch (err) {
    /* no URL support: nothing to do */
  }
  window.RulesiteSearch = { start: start, started: function () { return started; } };
})();
