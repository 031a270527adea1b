/*
 * Word search, ranked like a rules index, in Material's search box and result
 * list (Material's own index is never loaded: search-on-demand.js).
 *
 * Reads the site's word index (render/word_index.py): assets/search-words.js
 * (titles, keywords, card names: small, so the first results come at once),
 * then assets/search-text-N.js one after another (the texts), results
 * updated as each arrives. Scripts, so that a page opened from disk reads them.
 *
 * Ranking: today's entries whose title or keyword is the query (section 832
 * for "show off", 424 for "reveal"), then today's entries whose title the
 * query mostly covers, then older editions' such entries, then the rest.
 * Within each: sections, cards and topics whose title holds every word,
 * then rules, then rulings, FAQ answers and walkthroughs whose title does,
 * then the rest by kind (a rule's example, titled by its rule's number,
 * right after the rules). A section or rule printed by several editions is
 * one result, today's (the index groups them), with the others linked below
 * it ("also in v1.2 as 411.1"; an older one found alone says "now 424.1"); a
 * rule that defines a term or names an infraction is titled by it ("703.2
 * Slow Play"), so "slow play" finds it as a title. A word of five letters or
 * more that the site does not hold is read as the nearest one it does
 * ("revael": reveal). A first
 * word naming a document or game ("TR", "CR", "MTG") keeps only its
 * results. Every result names its kind, game, document and edition (a
 * rule or a rule's example, its section too, before its text), and on a
 * translated site its language: the site's own ("en español"), then
 * English's ("(en inglés)"). core.js
 * loads this file with number-search.js, when the search box is first used
 * or the address has ?q=.
 */
(function () {
  "use strict";
  var R = window.Rulesite;
  if (window.RulesiteWordSearch) return;
  window.RulesiteWordSearch = true;

  var WORDS = "assets/search-words.js";
  var MAX_SHOWN = 30;
  // A rule's example ("e"): after the rules, before the rulings whose text alone has the words.
  var KIND_RANK = { s: 0, c: 1, t: 2, r: 3, e: 3.5, l: 4, f: 4, o: 4, w: 5, g: 6, p: 7 };
  var KIND_NAME = {
    s: "section", c: "card", t: "topic", r: "rule", e: "example", l: "ruling", f: "faq-answer", w: "walkthrough", g: "guide", p: "page",
    o: "official",
  };
  // Words too common to look for, when a query has others.
  var STOP = {
    en: ["a", "an", "the", "of", "to", "in", "on", "and", "or", "is", "for", "with"],
    es: ["a", "de", "del", "el", "la", "los", "las", "y", "o", "en", "un", "una", "con", "por", "que"],
    fr: ["a", "de", "des", "du", "le", "la", "les", "l", "d", "et", "ou", "en", "un", "une", "au", "aux", "que"],
  };
  var TOKEN = /[\p{L}\p{N}]+(?:\.[\p{L}\p{N}]+)*/gu;
  var ASCII_TOKEN = /[a-z0-9]+(?:\.[a-z0-9]+)*/g;

  var docs = [];
  var entries = []; // {kind, doc, url, title, keys, phrases, words, text, norm, index}
  var vocabulary = Object.create(null); // word -> true: every word of a title or key
  var textWords = Object.create(null); // the same for the texts, as each arrives
  var aliases = Object.create(null);
  var sectionOf = Object.create(null); // a section's page -> its title ("424 Reveal"), shown with its rules
  var partsLoaded = 0;
  var partsOf = null;
  var listeners = [];

  /** Text as it is searched: lower case, without accents, "Zhonya's" as "zhonya". */
  function fold(text) {
    var out = String(text).toLowerCase();
    // Most titles are plain ASCII: only the others need their accents taken off.
    if (/[^\x00-\x7f]/.test(out)) out = out.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
    if (/['\u2019]/.test(out)) out = out.replace(/['\u2019]s(?![\p{L}\p{N}])/gu, "").replace(/['\u2019]/g, " ");
    return out;
  }
  function tokens(text) {
    var folded = fold(text);
    return folded.match(/[^\x00-\x7f]/.test(folded) ? TOKEN : ASCII_TOKEN) || [];
  }

  /** An entry of the index: `row` [kind, doc, url, title, keys, (text,) group, also]; `at`: where its group is. */
  function addEntry(row, text, at) {
    var title = row[3] || "";
    var words = tokens(title);
    var named = words.length > 1 && /^\d/.test(words[0]) ? words.slice(1) : words; // "832 Show Off": Show Off
    var phrases = [named.join(" "), words.join(" ")];
    if (named.length < words.length) phrases.push(words[0]); // "703.4 Deck Presentation Error" is 703.4
    var all = words.slice();
    (row[4] || []).forEach(function (key) {
      var w = tokens(key);
      phrases.push(w.join(" "));
      all = all.concat(w);
    });
    all.forEach(function (w) { vocabulary[w] = true; });
    var entry = {
      kind: row[0], doc: row[1], url: row[2], title: title, keys: row[4] || [], named: named.length || 1,
      phrases: phrases, words: all, text: "", norm: "", index: entries.length,
      // The same section or rule in other editions: one result for all, today's (render/word_index.py).
      group: typeof row[at] === "number" ? row[at] : -1 - entries.length, also: Array.isArray(row[at + 1]) ? row[at + 1] : [],
    };
    entries.push(entry);
    if (entry.kind === "s") sectionOf[entry.url] = title;
    if (text) setText(entry, text);
    return entry;
  }
  function setText(entry, text) {
    entry.text = text;
    entry.norm = " " + fold(text) + " ";
    unlisted.push(entry);
  }
  // Texts whose words are not yet in textWords: listed after their file's
  // results show (on a slow phone, splitting a file's texts into words takes
  // longer than the rest of reading it); known() reads their texts meanwhile.
  var unlisted = [];
  function listWords(entry) {
    (entry.norm.match(/[^\x00-\x7f]/.test(entry.norm) ? TOKEN : ASCII_TOKEN) || []).forEach(function (w) { textWords[w] = true; });
  }

  function take(data) {
    if (!data || typeof data !== "object") return;
    if (Array.isArray(data.docs) && Array.isArray(data.entries)) {
      if (docs.length) return; // the words' file, once
      firstText(); // asked for before the titles are read, which takes a phone a while
      docs = data.docs;
      docs.forEach(function (doc) { (doc.aliases || []).forEach(function (a) { aliases[a] = true; }); });
      data.entries.forEach(function (row) { addEntry(row, "", 5); });
    } else if (typeof data.part === "number" && docs.length) {
      // A text file is read a slice at a time, so that typing never waits for it.
      var work = [];
      (data.texts || []).forEach(function (pair) { work.push(function () { if (entries[pair[0]]) setText(entries[pair[0]], pair[1]); }); });
      (data.entries || []).forEach(function (row) { work.push(function () { addEntry(row, row[5], 6); }); });
      partsOf = data.of; // how many files to fetch: known at once
      work.push(function () {
        partsLoaded += 1;
        listeners.forEach(function (fn) { fn(); });
        // Then the words of its texts, a slice at a time too.
        var listing = unlisted;
        unlisted = [];
        listing.forEach(function (entry) { backlog.push(function () { listWords(entry); }); });
      });
      var idle = done === backlog.length;
      backlog = backlog.concat(work);
      if (idle) yieldThen();
      return;
    } else {
      return;
    }
    listeners.forEach(function (fn) { fn(); });
  }
  var backlog = [];
  var done = 0; // how much of the backlog is done
  // Between slices the page answers the keyboard and paints. A message, not
  // setTimeout(0), which browsers hold for 4 ms once nested: on a slow phone
  // that was a third of the time a text file took to read.
  var channel = typeof MessageChannel === "function" ? new MessageChannel() : null;
  if (channel) channel.port1.onmessage = function () { pump(); };
  function yieldThen() {
    if (channel) channel.port2.postMessage(0);
    else setTimeout(pump, 0);
  }
  function pump() {
    var until = performance.now() + 8;
    while (done < backlog.length && performance.now() < until) backlog[done++]();
    if (done < backlog.length) yieldThen();
    else {
      backlog = [];
      done = 0;
    }
  }
  // The data files push to window.RULESITE_SEARCH: those already here, then the rest as they come.
  var queue = (window.RULESITE_SEARCH = window.RULESITE_SEARCH || []);
  var pending = queue.splice(0, queue.length);
  queue.push = function () {
    for (var i = 0; i < arguments.length; i++) take(arguments[i]);
    return 0;
  };

  function textFile(k) {
    return R.loadScript(new URL("assets/search-text-" + k + ".js", R.siteRoot()).href);
  }
  /** The first text file, asked for as soon as the titles are here (loadScript asks once). */
  function firstText() {
    textFile(1).catch(function () {});
  }

  var loading = null;
  function load() {
    if (loading) return loading;
    var root = R.siteRoot();
    loading = R.loadScript(new URL(WORDS, root).href).then(function () {
      pending.splice(0, pending.length).forEach(take);
      // The texts, one file after another: each is searched as it arrives.
      var next = function (k) {
        if (partsOf !== null && k > partsOf) return null;
        return textFile(k).then(function () { return next(k + 1); });
      };
      next(1).catch(function () {}); // a text file missing: the titles still answer
    });
    return loading;
  }

  /** Damerau-Levenshtein distance of a and b, or more than `most` when it is. */
  function distance(a, b, most) {
    if (Math.abs(a.length - b.length) > most) return most + 1;
    var prev2 = null;
    var prev = [];
    for (var j = 0; j <= b.length; j++) prev.push(j);
    for (var i = 1; i <= a.length; i++) {
      var row = [i];
      var least = i;
      for (j = 1; j <= b.length; j++) {
        var cost = a[i - 1] === b[j - 1] ? 0 : 1;
        var d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
        if (prev2 && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
        row.push(d);
        if (d < least) least = d;
      }
      if (least > most) return most + 1;
      prev2 = prev;
      prev = row;
    }
    return prev[b.length];
  }

  function known(word) {
    var has = function (set) {
      if (set[word]) return true;
      for (var w in set) if (w.indexOf(word) === 0) return true;
      return false;
    };
    if (has(vocabulary) || has(textWords)) return true;
    // A text whose words are not listed yet: the word begins a word of it.
    for (var i = 0; i < unlisted.length; i++) {
      var norm = unlisted[i].norm;
      for (var at = norm.indexOf(word); at > 0; at = norm.indexOf(word, at + 1)) {
        if (!wordChar(norm[at - 1]) && !(norm[at - 1] === "." && wordChar(norm[at - 2]))) return true;
      }
    }
    return false;
  }
  function wordChar(c) {
    return /[\p{L}\p{N}]/u.test(c);
  }
  /** The words a misspelt word may have meant: within one letter (two from eight letters). */
  function nearWords(word) {
    var most = word.length >= 8 ? 2 : 1;
    var found = [];
    var best = most + 1;
    [vocabulary, textWords].forEach(function (set) {
      for (var w in set) {
        if (w.length < 4 || /\d/.test(w)) continue;
        var d = distance(word, w, most);
        if (d < best) {
          best = d;
          found = [w];
        } else if (d === best && d <= most && found.indexOf(w) < 0) {
          found.push(w);
        }
      }
    });
    // A word typed short of its end is likelier than one shorter still: "hiden" is hidden before hide.
    found.sort(function (a, b) { return (a.length < word.length) - (b.length < word.length); });
    return best <= most ? found.slice(0, 8) : [];
  }

  /** {restrict, words: [{forms: [word], number, near}], phrase} of a query. */
  function parse(query) {
    var lang = R.language();
    var words = tokens(query.slice(0, 256));
    var restrict = null;
    if (words.length > 1 && aliases[words[0]]) restrict = words.shift();
    var stop = STOP[lang] || STOP.en;
    var kept = words.filter(function (w) { return stop.indexOf(w) < 0; });
    if (kept.length) words = kept;
    return {
      restrict: restrict,
      phrase: words.join(" "),
      words: words.map(function (w) {
        var number = /^\d/.test(w);
        var near = !number && w.length >= 5 && !known(w) ? nearWords(w) : [];
        return { forms: near.length ? near : [w], number: number, near: near.length > 0 };
      }),
    };
  }

  function escapeRegExp(text) {
    return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }

  /** How well one query word matches a title's words: 0 (not at all) to 3 (the word itself). */
  function titleMatch(word, list) {
    var best = 0;
    for (var f = 0; f < word.forms.length; f++) {
      var form = word.forms[f];
      for (var i = 0; i < list.length; i++) {
        var w = list[i];
        var score = 0;
        if (w === form) score = 3;
        else if (word.number) score = w.indexOf(form + ".") === 0 ? 2 : 0;
        else if (w.indexOf(form) === 0) score = 2;
        else if (w.length >= 4 && form.indexOf(w) === 0 && form.length - w.length <= 3) score = 2.5; // revealed: reveal
        if (word.near) score -= 1 + f / 10; // the likelier reading first
        if (score > best) best = score;
      }
    }
    return best;
  }
  function textMatch(word, entry) {
    if (!entry.norm) return false;
    // A plain look for the letters first: most texts lack them, and that is quick to say.
    var any = false;
    for (var f = 0; f < word.forms.length && !any; f++) any = entry.norm.indexOf(word.forms[f]) >= 0;
    if (!any) return false;
    if (!word.pattern) {
      var tail = word.number ? "(?![\\p{L}\\p{N}])" : "";
      word.pattern = new RegExp("[^\\p{L}\\p{N}](?:" + word.forms.map(escapeRegExp).join("|") + ")" + tail, "u");
    }
    return word.pattern.test(entry.norm);
  }

  function search(query) {
    var q = parse(query);
    if (!q.words.length) return { hits: [], count: 0 };
    var hits = [];
    for (var i = 0; i < entries.length; i++) {
      var e = entries[i];
      var doc = e.doc >= 0 ? docs[e.doc] : null;
      if (q.restrict && (!doc || (doc.aliases || []).indexOf(q.restrict) < 0)) continue;
      var quality = 0;
      var inTitle = 0;
      var ok = true;
      for (var k = 0; k < q.words.length && ok; k++) {
        var m = titleMatch(q.words[k], e.words);
        if (m > 0) {
          quality += m;
          inTitle += 1;
        } else if (textMatch(q.words[k], e)) {
          quality += 0.5;
        } else {
          ok = false;
        }
      }
      if (!ok) continue;
      var near = q.words.some(function (w) { return w.near; });
      var exact = !near && e.phrases.indexOf(q.phrase) >= 0;
      var group;
      if (exact) group = 0;
      else if (inTitle === q.words.length && inTitle * 2 >= e.named) group = 1;
      else group = 2;
      var current = !doc || doc.current;
      // Today's named entries, then older editions' named ones, then the rest.
      var band = group < 2 ? (current ? group : 2 + group) : current ? 4 : 5;
      var whole = inTitle === q.words.length;
      var rank = KIND_RANK[e.kind] === undefined ? 9 : KIND_RANK[e.kind];
      hits.push({
        entry: e,
        key: [
          band,
          // Sections, cards and topics named by the query; then rules; then
          // rulings and answers named by it; then the rest, by kind.
          whole && rank < KIND_RANK.r ? 0 : e.kind === "r" ? 1 : whole && rank < KIND_RANK.g ? 2 : 3,
          rank,
          whole ? 0 : 1,
          -quality,
          e.doc < 0 ? docs.length : e.doc,
          e.title.length,
          e.index,
        ],
      });
    }
    hits.sort(function (a, b) {
      for (var j = 0; j < a.key.length; j++) if (a.key[j] !== b.key[j]) return a.key[j] - b.key[j];
      return 0;
    });
    hits = once(hits);
    return { hits: hits.slice(0, MAX_SHOWN), count: hits.length, query: q };
  }

  /** One hit a section or rule, however many editions print it: at the place of
      its best hit, today's edition's entry when it is found too. */
  function once(hits) {
    var today = Object.create(null); // group -> its hit of a current edition, the best
    hits.forEach(function (hit) {
      var doc = hit.entry.doc >= 0 ? docs[hit.entry.doc] : null;
      if ((!doc || doc.current) && !(hit.entry.group in today)) today[hit.entry.group] = hit;
    });
    var seen = Object.create(null);
    var out = [];
    hits.forEach(function (hit) {
      var group = hit.entry.group;
      if (seen[group]) return;
      seen[group] = true;
      out.push(today[group] || hit);
    });
    return out;
  }

  function label(entry) {
    var doc = entry.doc >= 0 ? docs[entry.doc] : null;
    var parts = [R.t("kind-" + KIND_NAME[entry.kind])];
    if (doc) parts = parts.concat([doc.game, doc.document, doc.edition].filter(Boolean));
    // An excerpt or undated edition is named by its sources, an older whole one as older.
    if (doc && doc.source) parts.push(doc.source);
    // On a translated site, its own results say their language, as English's say theirs ("(en inglés)").
    if (doc && doc.language && doc.language === R.language()) parts.push(R.t("search-own-language"));
    var text = parts.join(" \u00b7 ");
    if (doc && !doc.current && !doc.source) text += " \u2014 " + R.t("older-edition");
    return text;
  }

  /** A piece of the entry's text around the first word found in it, or its keys. */
  function snippet(entry, q) {
    var text = entry.text;
    if (!text) {
      // The keywords that matched, when the title did not say it ("Showing Off").
      if (entry.phrases[0] === q.phrase) return "";
      return entry.keys.filter(function (key) { return tokens(key).join(" ").indexOf(q.phrase) >= 0; }).slice(0, 3).join(", ");
    }
    var norm = fold(text); // same length as the text for Latin letters
    var at = -1;
    q.words.forEach(function (w) {
      w.forms.forEach(function (form) {
        var found = norm.indexOf(form);
        if (found >= 0 && (at < 0 || found < at)) at = found;
      });
    });
    if (norm.length !== text.length || at < 60) return text.length > 160 ? text.slice(0, 159) + "\u2026" : text;
    var start = text.lastIndexOf(" ", at - 40);
    var piece = text.slice(start + 1, start + 161);
    return "\u2026" + piece + (start + 161 < text.length ? "\u2026" : "");
  }

  /** "now 424.1" (an older edition's entry) and "also in v1.2 as 411.1, v1.1 as 411.1":
      the entry's other editions, each a link to it there. */
  function alsoLine(entry) {
    if (!entry.also.length) return null;
    var doc = entry.doc >= 0 ? docs[entry.doc] : null;
    var line = document.createElement("p");
    line.className = "rulesite-result-also";
    var others = entry.also.filter(function (m) { return docs[m[0]] && docs[m[0]].folder; });
    var now = doc && !doc.current ? others.filter(function (m) { return docs[m[0]].current; })[0] : null;
    var linkTo = function (member, words) {
      var to = R.siteUrl(docs[member[0]].folder + member[2] + ".html" + (entry.kind === "s" ? "" : "#" + member[1]));
      var a = document.createElement("a");
      a.textContent = words;
      if (to) a.href = to.href;
      a.addEventListener("click", closeSearch);
      return a;
    };
    if (now) {
      line.appendChild(linkTo(now, R.t("search-now", { number: now[1] })));
      others = others.filter(function (m) { return m !== now; });
      if (others.length) line.appendChild(document.createTextNode(" \u00b7 "));
    }
    if (others.length) {
      var words = R.t("search-also", { where: "\u0000" }).split("\u0000");
      line.appendChild(document.createTextNode(words[0]));
      others.forEach(function (m, k) {
        var d = docs[m[0]];
        if (k) line.appendChild(document.createTextNode(", "));
        line.appendChild(linkTo(m, R.t("search-also-as", { edition: d.source || d.edition || d.document, number: m[1] })));
      });
      line.appendChild(document.createTextNode(words[1] || ""));
    }
    return line;
  }

  function closeSearch() {
    var toggle = document.getElementById("__search");
    if (toggle && toggle.checked) {
      toggle.checked = false;
      toggle.dispatchEvent(new Event("change"));
    }
  }

  function render(input) {
    var meta = document.querySelector(".md-search-result__meta");
    var list = document.querySelector(".md-search-result__list");
    if (!list) return;
    var query = input.value;
    while (list.firstChild) list.removeChild(list.firstChild);
    if (!query.trim()) {
      if (meta) meta.textContent = R.t("search-prompt");
      return;
    }
    if (!docs.length) {
      if (meta) meta.textContent = R.t("search-loading");
      return;
    }
    var found = search(query);
    var more = partsOf === null || partsLoaded < partsOf;
    if (meta) {
      var said = found.count === 0 ? R.t("search-none") : R.t(found.count === 1 ? "search-one" : "search-count", { count: String(found.count) });
      meta.textContent = more ? said + " " + R.t("search-more") : said;
    }
    found.hits.forEach(function (hit, i) {
      var e = hit.entry;
      var to = R.siteUrl(e.url);
      if (!to) return;
      var item = document.createElement("li");
      item.className = "md-search-result__item";
      var link = document.createElement("a");
      link.className = "md-search-result__link";
      link.tabIndex = -1;
      link.href = to.href;
      link.addEventListener("click", closeSearch);
      var article = document.createElement("article");
      article.className = "md-search-result__article md-typeset" + (i === 0 ? " md-search-result__article--document" : "");
      // Material's Enter opens the result with the highest score: the first.
      article.setAttribute("data-md-score", String(found.hits.length - i));
      var icon = document.createElement("div");
      icon.className = "md-search-result__icon md-icon";
      var title = document.createElement(i === 0 ? "h1" : "h2");
      title.textContent = e.title;
      var tag = document.createElement("span");
      tag.className = "rulesite-result-label";
      tag.textContent = label(e);
      article.appendChild(icon);
      article.appendChild(title);
      article.appendChild(tag);
      var text = snippet(e, found.query);
      var section = e.kind === "r" || e.kind === "e" ? sectionOf[e.url.split("#")[0]] : "";
      if (section) text = text ? section + " \u2014 " + text : section; // a rule's (or example's) section: "424 Reveal — …"
      if (text) {
        var p = document.createElement("p");
        p.textContent = text;
        article.appendChild(p);
      }
      link.appendChild(article);
      item.appendChild(link);
      var also = alsoLine(e);
      if (also) item.appendChild(also);
      list.appendChild(item);
    });
  }

  function start(input) {
    if (input.__rulesiteWords) return;
    input.__rulesiteWords = true;
    var timer = null;
    var update = function () {
      clearTimeout(timer);
      timer = setTimeout(function () { render(input); }, 30);
    };
    input.addEventListener("input", update);
    listeners.push(function () { if (input.value.trim()) update(); });
    load().then(update, function () {});
    // A search asked for in the address (?q=, as the not-found page offers).
    var asked = R.param("q");
    if (asked && !input.value) {
      input.value = asked.slice(0, 256);
      var toggle = document.getElementById("__search");
      if (toggle && !toggle.checked) {
        toggle.checked = true;
        toggle.dispatchEvent(new Event("change"));
      }
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }
    if (input.value) update();
  }

  function begin() {
    var input = document.querySelector("input.md-search__input");
    if (input) start(input);
  }
  window.RulesiteWordSearch = {
    search: function (q) {
      return search(q).hits.map(function (h) {
        return [h.entry.title, label(h.entry), h.entry.url, h.entry.also.map(function (m) { return m[1]; }).join(" ")];
      });
    },
  };
  R.onPage(begin);
  begin();
})();
