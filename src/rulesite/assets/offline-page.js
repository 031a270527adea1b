/*
 * The offline page (offline.html): shown by the service worker for a page that
 * is not stored on this device. It names the page asked for (?from=PATH#RULE)
 * with a link to try again, shows the rule (or the section's rules) asked for,
 * and a rule-number box finds any rule of the current editions, all from the
 * rule texts of the previews, which the service worker stores (see loadPage);
 * a page that is not a section (a card, a ruling, an FAQ answer) shows its
 * own words from the word index the worker stores (see searchIndex).
 *
 * The page's content is an empty <div id="offline-app" data-...> with the
 * interface text; this script builds the box in it (pages hold no forms).
 * On every other page it does nothing.
 */
(function () {
  "use strict";

  var app = document.getElementById("offline-app");
  var R = window.Rulesite;
  if (!app || !R) return;

  function build() {
    var asked = document.createElement("p");
    asked.className = "offline-asked";
    asked.hidden = true;
    var form = document.createElement("form");
    form.className = "offline-jump";
    form.setAttribute("role", "search");
    var label = document.createElement("label");
    label.htmlFor = "offline-number";
    label.textContent = app.getAttribute("data-label");
    var input = document.createElement("input");
    input.id = "offline-number";
    input.name = "number";
    input.type = "text";
    input.inputMode = "decimal";
    input.autocomplete = "off";
    input.placeholder = "424.1";
    var button = document.createElement("button");
    button.type = "submit";
    button.className = "md-button md-button--primary";
    button.textContent = app.getAttribute("data-button");
    form.appendChild(label);
    form.appendChild(input);
    form.appendChild(button);
    var section = document.createElement("div");
    section.className = "offline-section";
    var rules = document.createElement("div");
    rules.className = "offline-rules";
    rules.setAttribute("aria-live", "polite");
    var entries = document.createElement("div");
    entries.className = "offline-entries";
    entries.setAttribute("aria-live", "polite");
    app.appendChild(asked);
    app.appendChild(section);
    app.appendChild(entries);
    app.appendChild(form);
    app.appendChild(rules);
  }

  /*
   * The rule texts, in either shape the site ships:
   * - window.RULESITE_PREVIEWS: every rule by "page#number" (one script);
   * - assets/previews/<page>.js, one script per page calling
   *   RulesitePreviews.add({page, lang, entries: {number: entry}}), with
   *   window.RULESITE_NUMBERS ({docs, pages: [[doc, page, "numbers"]]}) to
   *   find the page of a number.
   * Both are stored for offline use by the service worker.
   */
  var loaded = {}; // page -> Promise of {number: entry}

  function whole() {
    return window.RULESITE_PREVIEWS || null;
  }

  function loadPage(page) {
    if (whole()) {
      var data = whole();
      var entries = {};
      Object.keys(data).forEach(function (key) {
        if (key.indexOf(page + "#") === 0) entries[key.slice(page.length + 1)] = data[key];
      });
      return Promise.resolve(entries);
    }
    if (!loaded[page]) {
      loaded[page] = new Promise(function (resolve) {
        var previews = window.RulesitePreviews || (window.RulesitePreviews = { add: function () {} });
        var add = previews.add;
        previews.add = function (data) {
          if (data && data.page === page) resolve(data.entries || {});
          return add.apply(this, arguments);
        };
        // Only a page's own preview file: any other name loads nothing.
        var file = R.pageScript("assets/previews/", page);
        if (!file) return resolve({});
        R.loadScript(file.href).catch(function () {
          resolve({});
        });
      });
    }
    return loaded[page];
  }

  /** The pages (current editions first) that hold a rule numbered `wanted`. */
  function pagesOf(wanted) {
    if (whole()) {
      var pages = {};
      Object.keys(whole()).forEach(function (key) {
        var at = key.indexOf("#");
        if (at > 0 && key.slice(at + 1).toLowerCase() === wanted) pages[key.slice(0, at)] = true;
      });
      return Object.keys(pages);
    }
    var table = window.RULESITE_NUMBERS || { docs: [], pages: [] };
    return table.pages
      .filter(function (row) {
        return (" " + row[2].toLowerCase() + " ").indexOf(" " + wanted + " ") >= 0;
      })
      .sort(function (a, b) {
        var ca = (table.docs[a[0]] || {}).current ? 0 : 1;
        var cb = (table.docs[b[0]] || {}).current ? 0 : 1;
        return ca - cb;
      })
      .map(function (row) {
        return row[1];
      });
  }

  /** [key, entry] of every rule of `page` (a section page), key "page#number". */
  function rulesOf(page) {
    return loadPage(page).then(function (entries) {
      return Object.keys(entries)
        .filter(function (number) {
          return number !== "";
        })
        .map(function (number) {
          return [page + "#" + number, entries[number]];
        });
    });
  }

  /** Every rule numbered `number`, in any document of the current editions. */
  function rulesNumbered(number) {
    var wanted = number.trim().replace(/\.$/, "").toLowerCase();
    return Promise.all(
      pagesOf(wanted).map(function (page) {
        return loadPage(page).then(function (entries) {
          var key = Object.keys(entries).filter(function (n) {
            return n.toLowerCase() === wanted;
          })[0];
          return key === undefined ? null : [page + "#" + key, entries[key]];
        });
      })
    ).then(function (found) {
      return found.filter(Boolean);
    });
  }

  /** "Riftbound Core Rules v1.4": the game, document and edition of a rule's
      page, as the table of rule numbers names them; "" when it has no row. */
  function documentOf(key) {
    var page = key.split("#")[0];
    var table = window.RULESITE_NUMBERS;
    if (!table || !Array.isArray(table.pages) || !Array.isArray(table.docs)) return "";
    var row = table.pages.filter(function (r) { return Array.isArray(r) && r[1] === page; })[0];
    var doc = row && table.docs[row[0]];
    if (!doc) return "";
    return [doc.game, doc.document, doc.edition].filter(function (w) { return typeof w === "string" && w; }).join(" ");
  }

  /* The site's word index (assets/search-words.js and assets/search-text-N.js,
     render/word_index.py), which the service worker stores: it holds the
     title and text of every card, ruling, FAQ answer and rule, so one never
     opened shows its own words here. Each file pushes itself onto
     window.RULESITE_SEARCH; they are read one after another, so what each
     pushed is known. */
  var indexes = {}; // language folder ("" for this site) -> Promise of its docs
  function searchIndex(folder) {
    if (!indexes[folder]) {
      var queue = (window.RULESITE_SEARCH = window.RULESITE_SEARCH || []);
      var parts = [];
      var read = function (path) {
        var url = new URL(folder + path, R.siteRoot());
        var before = queue.length;
        return R.loadScript(url.href).then(function () {
          parts.push(queue.slice(before));
        });
      };
      // Text files 1..of, each saying how many there are ("of").
      var texts = function (k) {
        return read("assets/search-text-" + k + ".js").then(function () {
          var last = parts[parts.length - 1].filter(function (d) { return d && typeof d.of === "number"; })[0];
          if (last && k < last.of && k < 100) return texts(k + 1);
        });
      };
      indexes[folder] = read("assets/search-words.js")
        .then(function () {
          return texts(1).catch(function () {}); // a text file missing: the titles still answer
        })
        .then(function () { return docsOf(parts); })
        .catch(function () { return []; });
    }
    return indexes[folder];
  }

  /** {location, title, text} of every entry of the index's files. */
  function docsOf(parts) {
    var titled = [];
    var docs = [];
    parts.forEach(function (pushed) {
      pushed.forEach(function (data) {
        if (!data || typeof data !== "object") return;
        if (Array.isArray(data.entries)) {
          data.entries.forEach(function (entry) {
            if (!Array.isArray(entry) || typeof entry[2] !== "string") return;
            var doc = { location: entry[2], title: String(entry[3] || ""), text: typeof entry[5] === "string" ? entry[5] : "" };
            docs.push(doc);
            if (Array.isArray(data.docs)) titled.push(doc); // the titles file: its texts come apart
          });
        }
        if (Array.isArray(data.texts)) {
          data.texts.forEach(function (pair) {
            // [the entry's place in the titles file, its text]
            if (Array.isArray(pair) && titled[pair[0]] && typeof pair[1] === "string") titled[pair[0]].text = pair[1];
          });
        }
      });
    });
    return docs;
  }

  var ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
  /** The words of the index's HTML, as text (never parsed as markup). */
  function plain(html) {
    return String(html || "")
      .replace(/<\/(p|li|h\d|div|tr)>/gi, "\n")
      .replace(/<[^>]*>/g, " ")
      .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, function (whole, name) {
        if (name[0] === "#") {
          var code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
          return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
        }
        return Object.prototype.hasOwnProperty.call(ENTITIES, name) ? ENTITIES[name] : whole;
      })
      .split("\n")
      .map(function (line) { return line.replace(/\s+/g, " ").trim(); })
      .filter(Boolean)
      .join("\n");
  }

  /** The entries of `page` in the search index ({location, title, text}), the
      one `anchor` names first; only that one when there is an anchor. */
  function indexed(page, anchor) {
    // A page of another language's site (es/...), which no worker of its own
    // stored: this site's worker keeps that language's index too.
    var other = /^([a-z]{2}\/)(.+)$/.exec(page);
    return searchIndex("").then(function (docs) {
      var found = inIndex(docs, page, anchor);
      if (found.length || !other) return found;
      return searchIndex(other[1]).then(function (theirs) {
        // Their words, marked as that language's (for reading aloud and hyphenation).
        return inIndex(theirs, other[2], anchor).map(function (doc) {
          return { location: doc.location, title: doc.title, text: doc.text, lang: other[1].slice(0, 2) };
        });
      });
    });
  }

  function inIndex(docs, page, anchor) {
    var wanted = anchor ? page + "#" + anchor : page;
    var exact = docs.filter(function (doc) { return doc && doc.location === wanted; });
    if (anchor) return exact;
    var more = docs.filter(function (doc) { return doc && typeof doc.location === "string" && doc.location.indexOf(page + "#") === 0; });
    return exact.concat(more).slice(0, 40);
  }

  function showEntries(docs, anchor) {
    var box = app.querySelector(".offline-entries");
    while (box.firstChild) box.removeChild(box.firstChild);
    docs.forEach(function (doc) {
      var block = document.createElement("div");
      block.className = "offline-entry";
      if (doc.lang) block.setAttribute("lang", doc.lang);
      var head = document.createElement("p");
      var title = document.createElement("strong");
      title.className = "offline-entry__title";
      title.textContent = plain(doc.title);
      head.appendChild(title);
      block.appendChild(head);
      plain(doc.text).split("\n").forEach(function (line) {
        var body = document.createElement("p");
        body.className = "offline-entry__text";
        body.textContent = line;
        block.appendChild(body);
      });
      if (anchor && doc.location.split("#")[1] === anchor) block.classList.add("offline-entry--target");
      box.appendChild(block);
    });
    var target = box.querySelector(".offline-entry--target");
    if (target) target.scrollIntoView({ block: "center" });
  }

  function show(found, highlight) {
    var box = app.querySelector(".offline-rules");
    while (box.firstChild) box.removeChild(box.firstChild);
    var seen = {};
    found.forEach(function (item) {
      var key = item[0];
      var rule = item[1];
      if (seen[key]) return;
      seen[key] = true;
      var block = document.createElement("div");
      block.className = "offline-rule";
      block.id = "offline-" + (rule.number || key);
      var head = document.createElement("p");
      var href = R.siteUrl(key);
      var link = document.createElement(href ? "a" : "strong");
      if (href) link.href = href.href;
      link.className = "offline-rule__number";
      link.textContent = rule.number || key;
      head.appendChild(link);
      var where = documentOf(key);
      if (where) head.appendChild(document.createTextNode(" \u00b7 " + where));
      if (rule.section && rule.section !== (rule.number || key)) {
        head.appendChild(document.createTextNode(" \u00b7 " + rule.section));
      }
      var body = document.createElement("p");
      body.className = "offline-rule__text";
      body.textContent = rule.text || "";
      block.appendChild(head);
      block.appendChild(body);
      if (highlight && key === highlight) block.classList.add("offline-rule--target");
      box.appendChild(block);
    });
    var target = box.querySelector(".offline-rule--target");
    if (target) target.scrollIntoView({ block: "center" });
  }

  /*
   * A section page as its page shows it (render/offline_data.py): its rules
   * with their links, examples and History, the FAQ answers that sit with it
   * and what concerns it, from assets/offline/<page>.js, which the service
   * worker stores for the current editions. Links are made only through
   * core.js's checked helper (R.siteUrl), words only as textContent.
   */
  var sections = {}; // page -> Promise of its data, or null
  function loadSection(page) {
    if (!sections[page]) {
      sections[page] = new Promise(function (resolve) {
        var store = window.RulesiteOffline || (window.RulesiteOffline = { add: function () {} });
        var add = store.add;
        store.add = function (data) {
          if (data && data.page === page) resolve(data);
          return add.apply(this, arguments);
        };
        var file = R.pageScript("assets/offline/", page);
        if (!file) return resolve(null);
        R.loadScript(file.href).then(
          function () { resolve(null); }, // a file of another page: nothing to show
          function () { resolve(null); }
        );
      });
    }
    return sections[page];
  }

  /** A link to `href` (from the site root) with the words `words`, or the words alone when it is no page of the site. */
  function linkTo(words, href, base, here) {
    var url = typeof href === "string" ? R.siteUrl(href, base) : null;
    if (!url) return document.createTextNode(String(words));
    var link = document.createElement("a");
    // A rule of the page shown here: its place on this page.
    link.href = here && url.pathname === here.pathname && url.hash ? url.hash : url.href;
    link.textContent = String(words);
    return link;
  }

  /** Appends a text cut into its links: strings, [words, href], [words] (a rule not in the sources). */
  function appendText(parent, segments, here) {
    (Array.isArray(segments) ? segments : []).forEach(function (seg) {
      if (typeof seg === "string") parent.appendChild(document.createTextNode(seg));
      else if (Array.isArray(seg) && typeof seg[0] === "string") {
        if (seg.length > 1) parent.appendChild(linkTo(seg[0], seg[1], null, here));
        else {
          var missing = document.createElement("span");
          missing.className = "ref-missing";
          missing.textContent = seg[0]; // its mark (\u2209) is the stylesheet's, as on the page
          parent.appendChild(missing);
        }
      }
    });
  }

  /* The rows of a History, from the page's history file (assets/history/<page>.js). */
  var histories = {}; // page -> Promise of {rules, cited}
  function loadHistory(page) {
    if (!histories[page]) {
      histories[page] = new Promise(function (resolve) {
        var store = window.RulesiteHistory || (window.RulesiteHistory = { add: function () {} });
        var add = store.add;
        store.add = function (data) {
          if (data && data.page === page) resolve({ rules: data.rules || {}, cited: data.cited || {} });
          return add.apply(this, arguments);
        };
        var file = R.pageScript("assets/history/", page);
        if (!file) return resolve({ rules: {}, cited: {} });
        R.loadScript(file.href).then(
          function () { resolve({ rules: {}, cited: {} }); },
          function () { resolve({ rules: {}, cited: {} }); }
        );
      });
    }
    return histories[page];
  }

  function historyRows(details, page, number, pageUrl) {
    if (details.getAttribute("data-filled")) return;
    details.setAttribute("data-filled", "1");
    loadHistory(page).then(function (found) {
      var rows = found.rules[number] || [];
      var cited = found.cited[number] || [];
      if (cited.length) {
        var line = document.createElement("p");
        line.className = "rule-meta";
        line.appendChild(document.createTextNode(R.t("cited-by-label") + " "));
        cited.forEach(function (item, i) {
          if (i) line.appendChild(document.createTextNode(" \u00b7 "));
          line.appendChild(linkTo(item[0], item[1], pageUrl));
        });
        details.appendChild(line);
      }
      var list = document.createElement("ul");
      rows.forEach(function (data) {
        var li = document.createElement("li");
        li.appendChild(data.href ? linkTo(data.label || "", String(data.href), pageUrl) : document.createTextNode(String(data.label || "")));
        if (data.how) li.appendChild(document.createTextNode(" \u2014 " + data.how));
        if (Array.isArray(data.diff) && data.diff.length) {
          var diff = document.createElement("span");
          diff.className = "word-diff";
          data.diff.forEach(function (op) {
            if (op[0] === "=") diff.appendChild(document.createTextNode(String(op[1])));
            else {
              var mark = document.createElement(op[0] === "-" ? "del" : "ins");
              mark.textContent = String(op[1]);
              diff.appendChild(mark);
            }
          });
          li.appendChild(diff);
        }
        if (data.diff_href) {
          li.appendChild(document.createTextNode(" "));
          var entry = linkTo(data.diff_label || "", String(data.diff_href), pageUrl);
          if (entry.nodeType === 1) entry.className = "history-diff";
          li.appendChild(entry);
        }
        list.appendChild(li);
      });
      details.appendChild(list);
    });
  }

  function heading(level, words, id, css) {
    var h = document.createElement("h" + Math.min(Math.max(Number(level) || 3, 2), 6));
    h.textContent = String(words || "");
    if (id) h.id = String(id);
    if (css) h.className = String(css);
    return h;
  }

  function paragraph(text, css, here) {
    var p = document.createElement("p");
    if (css) p.className = String(css);
    appendText(p, text, here);
    return p;
  }

  function ruleBlock(part, page, pageUrl, anchor) {
    var number = String(part[1]);
    var block = document.createElement("div");
    block.className = "offline-rule";
    block.id = number;
    block.setAttribute("data-depth", String(Math.min(Math.max(Number(part[2]) || 0, 0), 6)));
    var text = document.createElement("p");
    var link = linkTo(number, page + "#" + number);
    if (link.nodeType === 1) link.className = "offline-rule__number";
    text.appendChild(link);
    text.appendChild(document.createTextNode(" "));
    appendText(text, part[3], pageUrl);
    block.appendChild(text);
    (Array.isArray(part[4]) ? part[4] : []).forEach(function (example) {
      var admonition = document.createElement("div");
      admonition.className = "admonition example";
      admonition.id = String(example[0]);
      var label = document.createElement("p");
      label.className = "admonition-title";
      label.textContent = String(example[1] || "");
      admonition.appendChild(label);
      admonition.appendChild(paragraph(example[2], "", pageUrl));
      block.appendChild(admonition);
    });
    if (part[5]) {
      var details = document.createElement("details");
      details.className = "offline-history";
      var summary = document.createElement("summary");
      summary.textContent = String(part[5]);
      details.appendChild(summary);
      details.addEventListener("toggle", function () {
        if (details.open) historyRows(details, page, number, pageUrl);
      });
      block.appendChild(details);
    }
    if (anchor && (anchor === number || anchor.indexOf(number + "-example-") === 0)) block.classList.add("offline-rule--target");
    return block;
  }

  /** The page asked for, laid out from its stored data (render/offline_data.py). */
  function showPage(data, page, anchor) {
    var box = app.querySelector(".offline-section");
    while (box.firstChild) box.removeChild(box.firstChild);
    var pageUrl = R.siteUrl(page); // links to this page's own parts stay on this view
    if (data.title) {
      var title = heading(2, "");
      title.appendChild(linkTo(data.title, page));
      box.appendChild(title);
    }
    if (data.from) box.appendChild(paragraph([String(data.from)], "offline-section__from"));
    (Array.isArray(data.parts) ? data.parts : []).forEach(function (part) {
      if (!Array.isArray(part)) return;
      if (part[0] === "rule") box.appendChild(ruleBlock(part, page, pageUrl, anchor));
      else if (part[0] === "h") box.appendChild(heading(part[1], part[2], part[3], part[4]));
      else if (part[0] === "p") box.appendChild(paragraph(part[1], part[2], pageUrl));
      else if (part[0] === "ol" || part[0] === "ul") {
        var list = document.createElement(part[0]);
        (Array.isArray(part[1]) ? part[1] : []).forEach(function (text) {
          var li = document.createElement("li");
          appendText(li, text, pageUrl);
          list.appendChild(li);
        });
        box.appendChild(list);
      } else if (part[0] === "links") {
        box.appendChild(heading(3, part[1]));
        var ul = document.createElement("ul");
        (Array.isArray(part[2]) ? part[2] : []).forEach(function (item) {
          var li = document.createElement("li");
          li.appendChild(linkTo(item[0], item[1], null, pageUrl));
          ul.appendChild(li);
        });
        box.appendChild(ul);
      }
    });
    var target = box.querySelector(".offline-rule--target");
    if (!target && anchor) {
      target = Array.prototype.filter.call(box.querySelectorAll("[id]"), function (el) { return el.id === anchor; })[0];
      if (target) target.classList.add("offline-target");
    }
    if (target) target.scrollIntoView({ block: "center" });
  }

  function say(message) {
    var box = app.querySelector(".offline-rules");
    while (box.firstChild) box.removeChild(box.firstChild);
    var p = document.createElement("p");
    p.textContent = message;
    box.appendChild(p);
  }

  /** The page asked for (?from=, a path from the site root): named, offered
      again, and its rules shown when they are known; nothing for an address
      that is not a page of this site. */
  function showAsked() {
    var from = R.param("from");
    var url = from && R.siteUrl(from.split("#")[0]);
    var path = url && R.pathFromRoot(url);
    if (!path && path !== "") return;
    url.hash = location.hash;
    var page = R.decode(path);
    if (page !== null && (page === "" || /\/$/.test(page))) page += "index.html";
    var anchor = R.fragment() || "";
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(anchor)) anchor = ""; // an id of a page, or nothing
    var asked = app.querySelector(".offline-asked");
    asked.appendChild(document.createTextNode(app.getAttribute("data-asked") + " "));
    // Its name is shown only when it is a plain page name, as the build writes them.
    if (R.isPageName(page)) {
      var named = document.createElement("a");
      named.href = url.href;
      named.textContent = page + (anchor ? "#" + anchor : "");
      asked.appendChild(named);
      asked.appendChild(document.createTextNode(" \u00b7 "));
    }
    var again = document.createElement("a");
    again.href = url.href;
    again.textContent = app.getAttribute("data-retry");
    asked.appendChild(again);
    asked.hidden = false;
    if (!R.isPageName(page)) return;
    loadSection(page).then(function (data) {
      if (data) showPage(data, page, anchor);
      else showRules(page, anchor);
    });
  }

  /** The page's rules from the rule texts (a page whose offline data is not stored), else its entries of the word index. */
  function showRules(page, anchor) {
    rulesOf(page).then(function (rules) {
      if (rules.length) show(rules, anchor ? page + "#" + anchor : null);
      var ruled = anchor && rules.some(function (rule) { return rule[0] === page + "#" + anchor; });
      // Not a rule (a card, a ruling, an FAQ answer, a page of its own): its words from the stored search index.
      if (ruled || (rules.length && !anchor)) return;
      indexed(page, anchor).then(function (docs) {
        if (docs.length) showEntries(docs, anchor);
      });
    });
  }

  function init() {
    build();
    showAsked();
    var form = app.querySelector(".offline-jump");
    var input = form.querySelector("input");
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var number = input.value;
      if (!number.trim()) return;
      rulesNumbered(number).then(function (found) {
        if (found.length) show(found, found[0][0]);
        else say(app.getAttribute("data-not-found").replace("{number}", number.trim()));
      });
    });
  }

  // The table of rule numbers (assets/numbers.js, which the service worker
  // stores) is loaded by this page after its content; other pages load it
  // only when a search starts.
  function withNumbers() {
    if (window.RULESITE_NUMBERS || whole()) return init();
    R.loadScript(new URL("assets/numbers.js", R.siteRoot()).href).then(init, init);
  }
  if (document.readyState === "complete") withNumbers();
  else window.addEventListener("load", withNumbers, { once: true });
})();
