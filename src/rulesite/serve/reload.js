/*
 * Added by `rulesite serve` to every page it serves (never to the built site):
 * listens to the preview's channel, reloads this page when a build changed its
 * file or one it loaded (a script, a stylesheet, the data it shows; not the
 * search index), and shows the last build's problems over the page until a
 * build succeeds. Only a visible page listens (a browser opens few connections
 * to one server): a page shown again asks what it missed since its build.
 */
(function () {
  "use strict";

  var script = document.currentScript;
  var build = new URL(script.src).searchParams.get("build") || "0";
  var source = null;
  var overlay = null;

  /** The addresses of this page and of every file it loaded from this site. */
  function shown() {
    var found = [location.pathname];
    var entries = window.performance && performance.getEntriesByType ? performance.getEntriesByType("resource") : [];
    entries.forEach(function (entry) {
      var address = new URL(entry.name, location.href);
      if (address.origin === location.origin && address.pathname.indexOf("/search/search_index.") < 0) {
        found.push(address.pathname);
      }
    });
    return found;
  }

  function listen() {
    if (source || document.visibilityState === "hidden") return;
    source = new EventSource("/__serve/events?build=" + encodeURIComponent(build));
    source.addEventListener("reload", reload);
    source.addEventListener("changed", function (event) {
      var change = JSON.parse(event.data);
      build = String(change.build);
      var files = new Set(change.files);
      if (shown().some(function (address) { return files.has(address); })) reload();
    });
    source.addEventListener("problems", function (event) {
      show(JSON.parse(event.data));
    });
    source.addEventListener("clear", hide);
  }

  function reload() {
    stop();
    location.reload();
  }

  function stop() {
    if (source) source.close();
    source = null;
  }

  function hide() {
    if (overlay) overlay.remove();
    overlay = null;
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  /** problems: {title, note, items: [{where, text}]}; every word as the server sent it. */
  function show(problems) {
    hide();
    overlay = element("div", "rulesite-serve-overlay");
    overlay.setAttribute("role", "alert");
    overlay.appendChild(element("h2", "", problems.title));
    overlay.appendChild(element("p", "", problems.note));
    var list = element("ul");
    problems.items.forEach(function (item) {
      var line = element("li");
      if (item.where) {
        line.appendChild(element("code", "rulesite-serve-where", item.where));
        line.appendChild(document.createTextNode(" ")); // copied, the line reads as the terminal's
      }
      line.appendChild(element("span", "", item.text));
      list.appendChild(line);
    });
    overlay.appendChild(list);
    document.body.appendChild(overlay);
  }

  var style = element("link");
  style.rel = "stylesheet";
  style.href = "/__serve/overlay.css";
  document.head.appendChild(style);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") stop();
    else listen();
  });
  listen();
})();
