/*
 * Diffs between any two editions, computed in the browser from the published
 * data (data/), for the pairs the build does not pre-render (it renders only
 * neighbours and each edition against the current one, so the site grows
 * linearly with editions). Plain ES2017, no dependencies, works from file://
 * (assets/data.js loads the data's script twins there).
 *
 * The page (changes/compare.html?old=v1.1&new=v1.3) carries a block
 * [data-compare] naming the document, with two selects and a button; this
 * file is loaded there by assets/data.js. The result mirrors the build exactly:
 * rules are paired when they share their identity (the match chains'
 * `resolve.history.traced_diff`), and the page is laid out as
 * `render/edition_pages.render_diff` lays out a pre-rendered one (the same
 * counts, groups, entries and word-level diff: difflib's algorithm, ported
 * below). A pre-rendered pair opens its page instead (unless ?compute=browser).
 */
(function () {
  "use strict";

  /* ---------------------------------------------------------------- */
  /* Rule numbers in printed order (model.sort_key)                    */

  function numberKey(number) {
    return window.Rulesite.numbers.parts(number).map(function (p) {
      var digits = p.charAt(0) >= "0" && p.charAt(0) <= "9"; // a part is digits or one letter
      return digits ? [0, parseInt(p, 10)] : [1, p];
    });
  }

  function compareNumbers(a, b) {
    var x = numberKey(a), y = numberKey(b);
    for (var i = 0; i < Math.min(x.length, y.length); i++) {
      if (x[i][0] !== y[i][0]) return x[i][0] - y[i][0];
      if (x[i][1] < y[i][1]) return -1;
      if (x[i][1] > y[i][1]) return 1;
    }
    return x.length - y.length;
  }

  /* ---------------------------------------------------------------- */
  /* Word diff: Python's difflib.SequenceMatcher(None, a, b,           */
  /* autojunk=False) on words, then resolve.history.word_diff's merge. */

  function matchingBlocks(a, b) {
    var b2j = new Map();
    b.forEach(function (elt, j) {
      if (!b2j.has(elt)) b2j.set(elt, []);
      b2j.get(elt).push(j);
    });
    function longest(alo, ahi, blo, bhi) {
      var besti = alo, bestj = blo, bestsize = 0;
      var j2len = new Map();
      for (var i = alo; i < ahi; i++) {
        var newj2len = new Map();
        var js = b2j.get(a[i]) || [];
        for (var n = 0; n < js.length; n++) {
          var j = js[n];
          if (j < blo) continue;
          if (j >= bhi) break;
          var k = (j2len.get(j - 1) || 0) + 1;
          newj2len.set(j, k);
          if (k > bestsize) {
            besti = i - k + 1;
            bestj = j - k + 1;
            bestsize = k;
          }
        }
        j2len = newj2len;
      }
      while (besti > alo && bestj > blo && a[besti - 1] === b[bestj - 1]) {
        besti--;
        bestj--;
        bestsize++;
      }
      while (besti + bestsize < ahi && bestj + bestsize < bhi && a[besti + bestsize] === b[bestj + bestsize]) bestsize++;
      return [besti, bestj, bestsize];
    }
    var queue = [[0, a.length, 0, b.length]];
    var blocks = [];
    while (queue.length) {
      var q = queue.pop();
      var m = longest(q[0], q[1], q[2], q[3]);
      var i = m[0], j = m[1], k = m[2];
      if (k) {
        blocks.push(m);
        if (q[0] < i && q[2] < j) queue.push([q[0], i, q[2], j]);
        if (i + k < q[1] && j + k < q[3]) queue.push([i + k, q[1], j + k, q[3]]);
      }
    }
    blocks.sort(function (x, y) {
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
    });
    var out = [];
    var i1 = 0, j1 = 0, k1 = 0;
    blocks.forEach(function (blk) {
      if (i1 + k1 === blk[0] && j1 + k1 === blk[1]) {
        k1 += blk[2];
      } else {
        if (k1) out.push([i1, j1, k1]);
        i1 = blk[0];
        j1 = blk[1];
        k1 = blk[2];
      }
    });
    if (k1) out.push([i1, j1, k1]);
    out.push([a.length, b.length, 0]);
    return out;
  }

  function opcodes(a, b) {
    var i = 0, j = 0, answer = [];
    matchingBlocks(a, b).forEach(function (blk) {
      var ai = blk[0], bj = blk[1], size = blk[2];
      var tag = i < ai && j < bj ? "replace" : i < ai ? "delete" : j < bj ? "insert" : "";
      if (tag) answer.push([tag, i, ai, j, bj]);
      i = ai + size;
      j = bj + size;
      if (size) answer.push(["equal", ai, i, bj, j]);
    });
    return answer;
  }

  function isSpace(text) {
    return /^\s+$/.test(text);
  }

  /** [op, text] pairs, op "=", "-" or "+": resolve.history._uncached_word_diff. */
  function wordDiff(a, b) {
    var ta = a.match(/\s+|\S+/g) || [], tb = b.match(/\s+|\S+/g) || [];
    var raw = opcodes(ta, tb).map(function (o) {
      return [o[0] === "equal" ? "=" : "~", ta.slice(o[1], o[2]).join(""), tb.slice(o[3], o[4]).join("")];
    });
    var merged = [];
    raw.forEach(function (r, k) {
      var between = k > 0 && k < raw.length - 1 && raw[k - 1][0] === "~" && raw[k + 1][0] === "~";
      var last = merged[merged.length - 1];
      if (r[0] === "=" && !(between && isSpace(r[1]))) merged.push(["=", r[1], r[2]]);
      else if (last && last[0] === "~") {
        last[1] += r[1];
        last[2] += r[2];
      } else merged.push(["~", r[1], r[2]]);
    });
    var ops = [];
    merged.forEach(function (m) {
      if (m[0] === "=") return ops.push(["=", m[1]]);
      if (m[1]) ops.push(["-", m[1]]);
      if (m[2]) ops.push(["+", m[2]]);
    });
    return ops;
  }

  /** The rule as printed, normalized (resolve.history.rule_text). */
  function printed(rule) {
    var parts = [rule.text].concat(rule.examples.map(function (e) {
      return e.label + ": " + e.text;
    }));
    return parts.join(" ").replace(/ {2,}/g, " ").trim();
  }

  /* ---------------------------------------------------------------- */
  /* The diff (resolve.history.traced_diff + diff_editions)            */

  function computeDiff(oldEd, newEd, through) {
    var oldById = new Map();
    oldEd.rules.forEach(function (r) {
      oldById.set(r.id, r);
    });
    var matches = [], matchedOld = new Set(), added = [];
    newEd.rules.forEach(function (r) {
      var o = oldById.get(r.id);
      if (!o) return added.push(r);
      matchedOld.add(r.id);
      var same = o.sha256 === r.sha256;
      var how = (o.number !== r.number ? "renumbered" : "same number") + ", " + (same ? "same text" : "text changed");
      if (through) how += ", traced through " + through;
      matches.push({ old: o, new: r, how: how, changed: !same, moved: o.number !== r.number });
    });
    var removed = oldEd.rules.filter(function (r) {
      return !matchedOld.has(r.id);
    });
    return { matches: matches, added: added, removed: removed };
  }

  /* ---------------------------------------------------------------- */
  /* The page (render/edition_pages.render_diff)                       */

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      node.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) {
      node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    });
    return node;
  }

  function diffSpan(ops) {
    return el("span", { class: "word-diff" }, ops.map(function (op) {
      return op[0] === "=" ? op[1] : el(op[0] === "-" ? "del" : "ins", {}, [op[1]]);
    }));
  }

  /** A link to a rule or section in its edition (its url is from the site root, as data/ is). */
  function linkTo(item, text, title) {
    if (!item || !item.url) return text;
    // A section's url is its page: to its number's anchor, as the build links it.
    var url = item.url.indexOf("#") < 0 ? item.url + "#" + item.number : item.url;
    var attrs = { href: new URL("../" + url, RulesiteData.root()).href };
    if (title) attrs.title = title;
    return el("a", attrs, [text]);
  }

  function render(out, diff, eds) {
    var oldEd = eds[0], newEd = eds[1];
    var counts = {
      added: diff.added.length,
      removed: diff.removed.length,
      changed: diff.matches.filter(function (m) { return m.changed; }).length,
      moved: diff.matches.filter(function (m) { return m.moved; }).length,
      unchanged: diff.matches.filter(function (m) { return !m.changed && !m.moved; }).length,
    };
    function num(rule, ed) {
      return linkTo(rule, rule.number, rule.number + " in " + ed.label);
    }
    // As resolve/entries.diff_groups: entries by section, each anchored.
    var groups = new Map();
    function add(number, li, renumbered, newSection, oldSection) {
      if (!groups.has(number)) groups.set(number, { items: [], renumbered: 0, new: null, olds: new Map() });
      var g = groups.get(number);
      g.items.push(li);
      g.renumbered += renumbered ? 1 : 0;
      if (newSection) g.new = newSection;
      if (oldSection) g.olds.set(oldSection, (g.olds.get(oldSection) || 0) + 1);
    }
    diff.added.forEach(function (r) {
      add(r.section, el("li", { class: "added", id: "d-" + r.number }, [el("b", {}, ["+ ", num(r, newEd)]), " " + r.text]), false, r.section);
    });
    // A removed rule is grouped under its section's number in the new edition.
    var now = new Map();
    diff.matches.forEach(function (m) {
      now.set(m.old.section, m.new.section);
    });
    diff.removed.forEach(function (r) {
      var group = now.has(r.section) ? now.get(r.section) : r.section;
      add(group, el("li", { class: "removed", id: "was-" + r.number }, [el("b", {}, ["\u2212 ", num(r, oldEd)]), " " + r.text]),
        false, now.has(r.section) ? group : null, r.section);
    });
    diff.matches.forEach(function (m) {
      if (!m.moved) return;
      var parts = [el("b", {}, [num(m.old, oldEd), " \u2192 ", num(m.new, newEd)]), " ", el("small", {}, [m.how])];
      if (m.changed) parts.push(diffSpan(wordDiff(printed(m.old), printed(m.new))));
      add(m.new.section, el("li", { class: m.changed ? "moved" : "moved renumbered", id: "d-" + m.new.number }, parts),
        !m.changed, m.new.section, m.old.section);
    });
    diff.matches.forEach(function (m) {
      if (!m.changed || m.moved) return;
      add(m.new.section, el("li", { class: "changed", id: "d-" + m.new.number }, [
        el("b", {}, [num(m.new, newEd)]), " ",
        el("span", { class: "diff-was" }, ["(", linkTo(m.old, oldEd.label + ": " + m.old.number), ")"]), " ",
        el("small", {}, [m.how]), diffSpan(wordDiff(printed(m.old), printed(m.new))),
      ]), false, m.new.section, m.old.section);
    });
    function sectionOf(ed, number) {
      return ed.sections.filter(function (s) { return s.number === number; })[0] || null;
    }
    function sectionName(s) {
      return (s.number + " " + (s.title || "")).trim();
    }
    /** "424 Reveal", linked, with "(v1.2: 411 Reveal)" when the old edition named it otherwise. */
    function sectionHead(g) {
      var oldNumber = null, most = 0;
      g.olds.forEach(function (n, number) {
        if (n > most) { most = n; oldNumber = number; }
      });
      var fresh = g.new !== null ? sectionOf(newEd, g.new) : null;
      var old = oldNumber !== null ? sectionOf(oldEd, oldNumber) : null;
      var head = [];
      if (fresh) {
        head.push(linkTo(fresh, sectionName(fresh)));
        if (old && sectionName(old) !== sectionName(fresh)) {
          head.push(" ", el("span", { class: "diff-was" }, ["(", linkTo(old, oldEd.label + ": " + sectionName(old)), ")"]));
        }
      } else if (old) {
        head.push(linkTo(old, sectionName(old)), " ", el("span", { class: "diff-was" }, ["(only in " + oldEd.label + ")"]));
      }
      return head;
    }
    out.textContent = "";
    out.appendChild(el("p", { class: "diff-counts" }, [
      ["added", "removed", "changed", "moved", "unchanged"].map(function (k) {
        var only = diff.matches.filter(function (m) { return m.moved && !m.changed; }).length;
        return counts[k] + " " + k + (k === "moved" && only ? " (" + only + " only renumbered)" : "");
      }).join(" \u2022 "),
    ]));
    var input = el("input", { type: "search", placeholder: "e.g. 424" });
    out.appendChild(el("p", {}, [el("label", { class: "diff-filter" }, ["Section: ", input])]));
    var renumbered = 0;
    groups.forEach(function (g) { renumbered += g.renumbered; });
    if (renumbered && window.RulesiteRenumbered) {
      var rules = renumbered === 1 ? "rule" : "rules";
      var shown = renumbered.toLocaleString("en");
      out.appendChild(el("p", { class: "diff-renumbered" }, [el("button", {
        type: "button", class: "md-button diff-renumbered-toggle", "data-renumbered-toggle": "", "aria-pressed": "false",
        "data-show": "Show " + shown + " " + rules + " only renumbered",
        "data-hide": "Hide the " + shown + " " + rules + " only renumbered",
      }, ["Show " + shown + " " + rules + " only renumbered"])]));
    }
    var sections = [];
    Array.from(groups.keys()).sort(compareNumbers).forEach(function (number) {
      var g = groups.get(number);
      var only = g.renumbered === g.items.length;
      var section = el("section", { class: only ? "diff-section renumbered-only" : "diff-section", "data-section": number, id: "s-" + number }, [
        el("h2", {}, sectionHead(g)),
        el("ul", {}, g.items),
      ]);
      sections.push(section);
      out.appendChild(section);
    });
    // The renumbering toggle (renumbered-toggle.js), as on a pre-rendered page.
    if (renumbered && window.RulesiteRenumbered) window.RulesiteRenumbered(out);
    // The same filter as a pre-rendered diff page (rules.js): one section and its sub-numbers.
    function apply() {
      var wanted = input.value.trim().replace(/\.$/, "");
      sections.forEach(function (s) {
        var n = s.getAttribute("data-section");
        s.hidden = wanted !== "" && n !== wanted && n.indexOf(wanted + ".") !== 0;
      });
    }
    input.value = new URLSearchParams(location.search).get("section") || "";
    input.addEventListener("input", apply);
    apply();
  }

  function fail(out, message) {
    out.textContent = "";
    out.appendChild(el("p", { class: "diff-error", role: "alert" }, [message]));
  }

  function run() {
    var form = document.querySelector("[data-compare]");
    var out = document.querySelector("[data-diff-output]");
    if (!form || !out || !window.RulesiteData) return;
    var pick = {
      old: form.querySelector('select[name="old"]'),
      new: form.querySelector('select[name="new"]'),
    };
    var go = form.querySelector("[data-compare-go]");
    if (go) {
      go.addEventListener("click", function () {
        var url = new URL(location.href);
        url.search = "?old=" + encodeURIComponent(pick.old.value) + "&new=" + encodeURIComponent(pick.new.value);
        url.hash = "";
        location.assign(url.href);
      });
    }
    var params = new URLSearchParams(location.search);
    var oldLabel = params.get("old"), newLabel = params.get("new");
    if (oldLabel) pick.old.value = oldLabel;
    if (newLabel) pick.new.value = newLabel;
    if (!oldLabel || !newLabel) return;
    var game = form.getAttribute("data-game"), docName = form.getAttribute("data-document"), lang = form.getAttribute("data-language");
    out.setAttribute("aria-busy", "true");
    RulesiteData.load("editions.json").then(function (index) {
      var doc = index.documents.filter(function (d) {
        return d.game === game && d.document === docName && d.language === lang;
      })[0];
      var whole = doc ? doc.editions.filter(function (e) { return !e.partial && e.date !== "undated"; }) : [];
      var labels = whole.map(function (e) { return e.label; });
      var a = labels.indexOf(oldLabel), b = labels.indexOf(newLabel);
      if (a < 0 || b < 0 || a >= b) throw new Error("Choose an older edition, then a newer one.");
      var ready = doc.diffs.filter(function (d) { return d.old === oldLabel && d.new === newLabel; })[0];
      if (ready && params.get("compute") !== "browser") {
        // Pre-rendered: open that page (its URL is relative to the site root, as data/ is).
        var page = window.Rulesite.siteUrl("../" + ready.url, RulesiteData.root());
        if (page) {
          if (params.get("section")) page.search = "?section=" + encodeURIComponent(params.get("section"));
          location.replace(page.href);
          return null;
        }
      }
      var through = labels.slice(a + 1, b).join(", ");
      return Promise.all([RulesiteData.load(whole[a].file), RulesiteData.load(whole[b].file)]).then(function (eds) {
        var heading = document.querySelector("article h1");
        if (heading && heading.firstChild) heading.firstChild.textContent = doc.name + ": " + oldLabel + " \u2192 " + newLabel;
        document.title = doc.name + ": " + oldLabel + " \u2192 " + newLabel;
        render(out, computeDiff(eds[0], eds[1], through), eds);
      });
    }).catch(function (err) {
      fail(out, err.message);
    }).then(function () {
      out.removeAttribute("aria-busy");
    });
  }

  window.RulesiteCompare = { wordDiff: wordDiff };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run);
  else run();
})();
