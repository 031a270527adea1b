/*
 * A rule's history, on demand: the page holds, per rule, a collapsed
 * <details class="history">; the rows of all its rules are in the page's
 * history file, assets/history/<page>.js (render/history.py), a script (it
 * loads from disk too, where fetch() may not). core.js loads this file when a
 * History is first opened; this file then loads the page's history file once
 * and lays out the rows of every History opened, with DOM calls and
 * textContent only: edition and number (linked to the rule in that edition),
 * how it was matched, the word diff (<ins>, <del>) and the link to the rule's
 * entry on the diff page.
 */
(function () {
  "use strict";
  var R = window.Rulesite;
  if (window.RulesiteHistory) return;
  var store = {}; // page path -> {rule number: rows}
  var citing = {}; // page path -> {rule number: [[title, href]]}: what cites the rule

  window.RulesiteHistory = {
    add: function (data) {
      store[data.page] = data.rules;
      citing[data.page] = data.cited || {};
    },
  };

  /** This page's path from the site root ("riftbound/core-rules/424.html"). */
  function pagePath() {
    var path = R.pathFromRoot(new URL(location.href));
    if (path === null) return null;
    path = R.decode(path);
    if (path === "" || /\/$/.test(path)) path += "index.html";
    return R.isPageName(path) ? path : null;
  }

  function load(page) {
    if (store[page]) return Promise.resolve(store[page]);
    var file = R.pageScript("assets/history/", page);
    if (!file) return Promise.resolve({});
    return R.loadScript(file.href).then(function () {
      return store[page] || {};
    });
  }

  function wordDiff(ops) {
    var span = document.createElement("span");
    span.className = "word-diff";
    ops.forEach(function (op) {
      var text = String(op[1]);
      if (op[0] === "=") span.appendChild(document.createTextNode(text));
      else {
        var mark = document.createElement(op[0] === "-" ? "del" : "ins");
        mark.textContent = text;
        span.appendChild(mark);
      }
    });
    return span;
  }

  function row(data) {
    var li = document.createElement("li");
    var label = String(data.label || "");
    if (data.href) {
      var link = document.createElement("a");
      link.setAttribute("href", data.href);
      link.textContent = label;
      li.appendChild(link);
    } else li.appendChild(document.createTextNode(label));
    if (data.how) li.appendChild(document.createTextNode(" \u2014 " + data.how));
    if (data.diff && data.diff.length) li.appendChild(wordDiff(data.diff));
    if (data.diff_href) {
      li.appendChild(document.createTextNode(" "));
      var entry = document.createElement("a");
      entry.className = "history-diff";
      entry.setAttribute("href", data.diff_href);
      entry.textContent = String(data.diff_label || "");
      li.appendChild(entry);
    }
    return li;
  }

  /** "Cited by: <a>…</a> · <a>…</a>", as the page prints it under a rule with no History. */
  function citedBy(items) {
    var line = document.createElement("p");
    line.className = "rule-meta";
    line.appendChild(document.createTextNode(R.t("cited-by") + ": "));
    items.forEach(function (item, i) {
      if (i) line.appendChild(document.createTextNode(" \u00b7 "));
      var link = document.createElement("a");
      link.setAttribute("href", String(item[1]));
      link.textContent = String(item[0]);
      line.appendChild(link);
    });
    return line;
  }

  /** Lays out the rows of an opened History (once), in place of its link for readers without JavaScript. */
  function fill(details) {
    if (details.getAttribute("data-history") === "shown" || details.getAttribute("data-history") === "loading") return;
    var rule = details.closest(".rule");
    var number = rule && R.ruleNumber(rule);
    var page = pagePath();
    if (!number || !page) return;
    details.setAttribute("data-history", "loading");
    load(page).then(
      function (rules) {
        var rows = rules[number];
        if (!rows) {
          details.removeAttribute("data-history");
          return;
        }
        var list = document.createElement("ul");
        rows.forEach(function (data) {
          list.appendChild(row(data));
        });
        var summary = details.querySelector(":scope > summary");
        while (summary && summary.nextSibling) details.removeChild(summary.nextSibling);
        var cited = (citing[page] || {})[number];
        if (cited && cited.length) details.appendChild(citedBy(cited));
        details.appendChild(list);
        details.setAttribute("data-history", "shown");
      },
      function () {
        details.removeAttribute("data-history"); // its link stays; a later opening tries again
      }
    );
  }

  function fillOpen() {
    var open = document.querySelectorAll("details.history[open]");
    for (var i = 0; i < open.length; i++) fill(open[i]);
  }

  // toggle does not bubble: listened to on its way down.
  document.addEventListener(
    "toggle",
    function (event) {
      var details = event.target;
      if (details && details.matches && details.matches("details.history") && details.open) fill(details);
    },
    true
  );
  fillOpen(); // those opened while this file loaded
})();
