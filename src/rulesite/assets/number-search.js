/*
 * Numbers first: typing a rule number in the search box ("424.1.a",
 * "701.16a", optionally with a document or edition: "TR 703.4", "v1.2 411.1")
 * shows that exact rule above Material's results, labelled with game,
 * document and edition, and Enter opens it. Reads assets/numbers.js (every
 * number of every page, render/numbers.py) once a search starts (after the
 * word index's first files, unless the query holds a digit), and the
 * rule's text from the page's preview file; works from disk too. Another
 * language's site also lists English's numbers, labelled "(in English)". core.js
 * loads this file when the search box is first focused or pressed; it loads
 * word-search.js, which ranks and labels the word results below.
 */
(function () {
  "use strict";
  var R = window.Rulesite;
  if (window.RulesiteNumberSearch) return;
  window.RulesiteNumberSearch = true;
  var EDITION = /^(?:v\d+(?:\.\d+)*|\d{4}-\d{2}-\d{2})$/i;
  var table = null; // {docs, byNumber: {number: [[doc, page]]}}
  var box = null;

  function load() {
    return R.loadScript(new URL("assets/numbers.js", R.siteRoot()).href);
  }
  /** The number table once the word index's titles and first texts are in: on a
      slow phone they share the line, and a word's first result waits for them
      alone. A query holding a digit asks for the table at once. */
  function loadFor(query) {
    if (/\d/.test(query)) return load();
    var root = R.siteRoot();
    var words = R.loadScript(new URL("assets/search-words.js", root).href).then(function () {
      return R.loadScript(new URL("assets/search-text-1.js", root).href);
    });
    return words.then(load, load);
  }

  /** The table, made when a query first names a number: a word search does not wait for it. */
  function numberTable() {
    if (!table) {
      var data = window.RULESITE_NUMBERS || { docs: [], pages: [] };
      var byNumber = Object.create(null); // no key of Object.prototype answers a number
      data.pages.forEach(function (row) {
        // An older edition's page: each number as the current edition numbers it ("-": not there).
        var now = typeof row[3] === "string" ? row[3].split(" ") : [];
        row[2].split(" ").forEach(function (number, k) {
          var key = number.toLowerCase();
          (byNumber[key] = byNumber[key] || []).push([row[0], row[1], number, now[k] && now[k] !== "-" ? now[k] : ""]);
        });
      });
      table = { docs: data.docs, byNumber: byNumber };
    }
    return table;
  }

  /** {number, edition, words} of a query, or null when it names no number. */
  function parse(query) {
    if (query.length > 256) return null; // no query that long names a rule
    var parts = query.trim().split(/\s+/);
    var number = null;
    var edition = null;
    var words = [];
    parts.forEach(function (part) {
      if (!part) return;
      // A number may end with the dot of its printed form ("424.1.").
      if (number === null && R.numbers.typed(part.replace(/\.$/, ""))) number = part.replace(/\.$/, "");
      else if (EDITION.test(part)) edition = part.toLowerCase();
      else words.push(part.toLowerCase());
    });
    if (number === null || words.length > 2) return null;
    return { number: number, edition: edition, words: words };
  }

  /** The rules a query names, best first: current editions first, then the main rules. */
  function find(query) {
    var wanted = parse(query);
    if (!wanted || !window.RULESITE_NUMBERS) return [];
    var index = numberTable();
    var hits = index.byNumber[wanted.number.toLowerCase()] || [];
    var found = [];
    hits.forEach(function (hit) {
      var doc = index.docs[hit[0]];
      var label = String(doc.edition).toLowerCase();
      if (wanted.edition && label !== wanted.edition && "v" + label !== wanted.edition) return;
      if (wanted.words.some(function (w) { return doc.aliases.indexOf(w) < 0; })) return;
      found.push({ doc: doc, page: hit[1], number: hit[2], now: hit[3], order: found.length });
    });
    found.sort(function (a, b) {
      // An edition asked for comes as it is; else today's text first.
      if (!wanted.edition && a.doc.current !== b.doc.current) return a.doc.current ? -1 : 1;
      return a.order - b.order;
    });
    return found.slice(0, 5);
  }

  function label(doc) {
    // On a translated site, its own rules say their language, as English's say theirs ("(en inglés)").
    var own = doc.language && doc.language === R.language() ? R.t("search-own-language") : "";
    return [doc.game, doc.document, doc.edition === "undated" ? "" : doc.edition, doc.source, own].filter(Boolean).join(" \u00b7 ");
  }

  function ensureBox(output) {
    if (box && box.parentNode === output) return box;
    box = document.createElement("div");
    box.className = "rulesite-jump";
    box.setAttribute("role", "group");
    box.setAttribute("aria-label", R.t("number-results"));
    output.insertBefore(box, output.firstChild);
    return box;
  }

  function render(input, query) {
    var output = document.querySelector(".md-search__output .md-search__scrollwrap") || document.querySelector(".md-search__output");
    if (!output) return;
    var hits = find(query);
    var holder = ensureBox(output);
    while (holder.firstChild) holder.removeChild(holder.firstChild);
    holder.hidden = hits.length === 0;
    hits.forEach(function (hit, i) {
      var link = document.createElement("a");
      link.className = "rulesite-jump__link" + (i === 0 ? " rulesite-jump__link--first" : "");
      var to = R.siteUrl(hit.page + "#" + hit.number);
      if (!to) return;
      link.href = to.href;
      var head = document.createElement("span");
      head.className = "rulesite-jump__head";
      var num = document.createElement("strong");
      num.textContent = hit.number;
      var where = document.createElement("span");
      where.className = "rulesite-jump__where";
      where.textContent = label(hit.doc) + (hit.doc.current || hit.doc.source ? "" : " \u2014 " + R.t("older-edition"));
      head.appendChild(num);
      head.appendChild(where);
      if (hit.now) {
        // Where an older edition's rule lives today: "v1.2 411.1", now 424.1.
        var now = document.createElement("span");
        now.className = "rulesite-jump__now";
        now.textContent = R.t("search-now", { number: hit.now });
        head.appendChild(now);
      }
      link.appendChild(head);
      var text = document.createElement("span");
      text.className = "rulesite-jump__text";
      link.appendChild(text);
      link.addEventListener("click", closeSearch);
      holder.appendChild(link);
      // The rule's text, from the page's preview file (English's, for a page
      // of English's site found from another language's: "../riftbound/...").
      var up = /^(?:\.\.\/)+/.exec(hit.page);
      var page = up ? hit.page.slice(up[0].length) : hit.page;
      R.feature("previews.js").then(function () {
        var file = R.pageScript("assets/previews/", page, up ? R.sitesRoot() : undefined);
        return file ? R.loadScript(file.href) : null;
      }).then(function () {
        var store = window.RulesitePreviews && window.RulesitePreviews.entries(up ? "en" : R.language(), page);
        var entry = store && (store[hit.number] || store[""]);
        if (entry) text.textContent = entry.number === hit.number ? entry.text : entry.section;
      }, function () {});
    });
  }

  /** Closes Material's search (a link to this very page only changes the #anchor). */
  function closeSearch() {
    var toggle = document.getElementById("__search");
    if (toggle && toggle.checked) {
      toggle.checked = false;
      toggle.dispatchEvent(new Event("change"));
    }
  }

  function start(input) {
    if (input.__rulesiteJump) return;
    input.__rulesiteJump = true;
    var latest = "";
    var update = function () {
      latest = input.value;
      loadFor(latest).then(function () {
        if (input.value === latest) render(input, latest);
      });
    };
    input.addEventListener("input", update);
    input.addEventListener("focus", function () {
      // The box opens the search's results (Material's bundle does it too; an engine without its search does not).
      var toggle = document.getElementById("__search");
      if (toggle && !toggle.checked) {
        toggle.checked = true;
        toggle.dispatchEvent(new Event("change"));
      }
      loadFor(input.value);
    });
    if (input.value) update();
    else if (document.activeElement === input) loadFor(""); // focused before this file came
  }

  // Enter on the search box opens the rule a number names (before Material's handler).
  window.addEventListener(
    "keydown",
    function (event) {
      if (event.key !== "Enter" || !event.target || !event.target.classList || !event.target.classList.contains("md-search__input")) return;
      var first = box && !box.hidden && box.querySelector("a.rulesite-jump__link");
      if (!first) return;
      event.preventDefault();
      event.stopPropagation();
      closeSearch();
      location.href = first.href;
    },
    true
  );

  function begin() {
    var input = document.querySelector("input.md-search__input");
    if (input) start(input);
  }
  // Words typed are searched by word-search.js, below these results.
  R.feature("word-search.js").catch(function () {});
  R.onPage(begin);
  begin(); // loaded after the page: the box may be in use already
})();
