/*
 * The diff between any two editions, on changes/compare.html?old=v1.1&new=v1.3.
 * A pair the build pre-rendered opens its page. Any other pair is laid out
 * from the build's own answer for it, published in data/ (the pair's file in
 * editions.json `pairs`, written by export/data.diff_data): the same counts,
 * sections, entries, links and word diffs as a pre-rendered page
 * (render/edition_pages.made_diff_pages). Nothing is matched or compared here, so a
 * diff has one definition, the build's; only the pair asked is loaded.
 * ?show=data lays out the published data even where a page exists.
 * Plain ES2017, no dependencies, works from file:// (assets/data.js loads the
 * data's script twins there).
 */
(function () {
  "use strict";

  /* ---------------------------------------------------------------- */
  /* The address: read only here, never throwing on a malformed one.   */

  function param(name) {
    return window.Rulesite.param(name);
  }

  function here() {
    return window.Rulesite.siteUrl(location.href);
  }

  /** Interface text from the strings table (assets/strings.js), in the page's language. */
  function t(key, values) {
    return window.Rulesite.t(key, values);
  }

  /** `key` with its count, in the form the count takes ("-one": one, and none in French), as strings.counted. */
  function counted(key, count) {
    var lang = (document.documentElement.getAttribute("lang") || "en").toLowerCase().split("-")[0];
    var one = count === 1 || (count === 0 && lang === "fr");
    return t(one ? key + "-one" : key, { count: String(count) });
  }

  /* ---------------------------------------------------------------- */
  /* The page (render/edition_pages and render/markup's diff writers)   */

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

  /** A link to a page of the site (its url is from the site root, as data/ is); text alone without one. */
  function linkTo(url, text, label) {
    if (!url) return text;
    var attrs = { href: new URL("../" + url, RulesiteData.root()).href };
    if (label) attrs["aria-label"] = label;
    return el("a", attrs, [text]);
  }

  function diffSpan(ops) {
    return el("span", { class: "word-diff" }, ops.map(function (op) {
      return op[0] === "=" ? op[1] : el(op[0] === "-" ? "del" : "ins", {}, [op[1]]);
    }));
  }

  var SIGNS = { added: "+ ", removed: "\u2212 " };

  /** The url of a rule or section of the data: its page (an index in diff.pages) at its number. */
  function placeUrl(diff, number, page) {
    return page === null ? null : diff.pages[page] + "#" + number;
  }

  /** The editions of an entry's numbers: moved, old then new; removed, old; added and changed, new. */
  function editionsOf(e, diff) {
    if (e.kind === "moved") return [diff.old, diff.new];
    return [e.kind === "removed" ? diff.old : diff.new];
  }

  function entryItem(e, diff) {
    var numbers = [SIGNS[e.kind] || ""];
    var labels = editionsOf(e, diff);
    e.numbers.forEach(function (n, i) {
      if (i) numbers.push(" \u2192 ");
      numbers.push(linkTo(placeUrl(diff, n[0], n[1]), n[0], t("diff-number-in", { number: n[0], edition: labels[i] })));
    });
    var parts = [el("b", {}, numbers)];
    if (e.was) parts.push(" ", el("span", { class: "diff-was" }, ["(", linkTo(placeUrl(diff, e.was[0], e.was[1]), diff.old + ": " + e.was[0]), ")"]));
    if (e.text) parts.push(" " + e.text);
    if (e.how) parts.push(" ", el("small", {}, [e.how]));
    (e.cites || []).forEach(function (c) {
      parts.push(" ", el("small", { class: "diff-cites" }, [c]));
    });
    if (e.diff) parts.push(diffSpan(e.diff));
    return el("li", { class: e.renumbered ? e.kind + " renumbered" : e.kind, id: e.id }, parts);
  }

  function sectionName(s) {
    return (s[0] + " " + s[1]).trim();
  }

  /** "424 Reveal", linked, with "(v1.2: 411 Reveal)" when the old edition named it otherwise. */
  function sectionHead(s, diff) {
    function link(place) {
      return linkTo(placeUrl(diff, place[0], place[2]), sectionName(place));
    }
    if (s.new) {
      var head = [link(s.new)];
      if (s.old && sectionName(s.old) !== sectionName(s.new)) {
        var was = linkTo(placeUrl(diff, s.old[0], s.old[2]), diff.old + ": " + sectionName(s.old));
        head.push(" ", el("span", { class: "diff-was" }, ["(", was, ")"]));
      }
      return head;
    }
    return [link(s.old), " ", el("span", { class: "diff-was" }, ["(" + t("diff-only-in", { edition: diff.old }) + ")"])];
  }

  /** The entries the toggle hides: the pure renumberings, and the rules whose references alone were renumbered. */
  function hiddenCount(diff) {
    return diff.sections.reduce(function (sum, s) {
      return sum + s.entries.filter(function (e) { return e.renumbered; }).length;
    }, 0);
  }

  function render(out, diff) {
    var c = diff.counts;
    out.textContent = "";
    out.appendChild(el("p", { class: "diff-counts" }, [
      // As render/edition_pages.COUNTED: "with references renumbered" only where there are some.
      ["added", "removed", "changed", "references", "moved", "unchanged"].filter(function (k) {
        return k !== "references" || c[k];
      }).map(function (k) {
        var only = k === "moved" && c.renumbered ? " (" + counted("diff-only-renumbered", c.renumbered) + ")" : "";
        return counted("diff-count-" + k, c[k]) + only;
      }).join(" \u2022 "),
    ]));
    var input = el("input", { type: "search", placeholder: t("diff-filter-example") });
    out.appendChild(el("p", {}, [el("label", { class: "diff-filter" }, [t("diff-filter") + " ", input])]));
    var hidden = hiddenCount(diff);
    if (hidden && window.RulesiteRenumbered) {
      var one = hidden === 1 ? "-one" : "";
      var count = { count: hidden.toLocaleString("en") };
      out.appendChild(el("p", { class: "diff-renumbered" }, [el("button", {
        type: "button", class: "md-button diff-renumbered-toggle", "data-renumbered-toggle": "", "aria-pressed": "false",
        "data-show": t("diff-show-renumbered" + one, count),
        "data-hide": t("diff-hide-renumbered" + one, count),
      }, [t("diff-show-renumbered" + one, count)])]));
    }
    var sections = diff.sections.map(function (s) {
      var only = s.entries.every(function (e) { return e.renumbered; });
      var section = el("section", { class: only ? "diff-section renumbered-only" : "diff-section", "data-section": s.number, id: "s-" + s.number }, [
        el("h2", {}, sectionHead(s, diff)),
        el("ul", {}, s.entries.map(function (e) { return entryItem(e, diff); })),
      ]);
      out.appendChild(section);
      return section;
    });
    // The renumbering toggle (renumbered-toggle.js), as on a pre-rendered page.
    if (hidden && window.RulesiteRenumbered) window.RulesiteRenumbered(out);
    // The same filter as a pre-rendered diff page: one section and its sub-numbers.
    function apply() {
      var wanted = input.value.trim().replace(/\.$/, "");
      sections.forEach(function (s) {
        var n = s.getAttribute("data-section");
        s.hidden = wanted !== "" && n !== wanted && n.indexOf(wanted + ".") !== 0;
      });
    }
    input.value = param("section") || "";
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
        var url = here();
        if (!url) return;
        url.search = "?old=" + encodeURIComponent(pick.old.value) + "&new=" + encodeURIComponent(pick.new.value);
        url.hash = "";
        location.assign(url.href);
      });
    }
    var oldLabel = param("old"), newLabel = param("new");
    if (oldLabel) pick.old.value = oldLabel;
    if (newLabel) pick.new.value = newLabel;
    if (!oldLabel || !newLabel) return;
    var game = form.getAttribute("data-game"), docName = form.getAttribute("data-document"), lang = form.getAttribute("data-language");
    out.setAttribute("aria-busy", "true");
    RulesiteData.load("editions.json").then(function (index) {
      var doc = index.documents.filter(function (d) {
        return d.game === game && d.document === docName && d.language === lang;
      })[0];
      var pair = doc ? doc.pairs.filter(function (p) { return p.old === oldLabel && p.new === newLabel; })[0] : null;
      if (!pair) throw new Error(t("compare-wrong-order"));
      var ready = doc.diffs.filter(function (d) { return d.old === oldLabel && d.new === newLabel; })[0];
      if (ready && param("show") !== "data") {
        // Pre-rendered: open that page (its URL is relative to the site root, as data/ is).
        var page = window.Rulesite.siteUrl("../" + ready.url, RulesiteData.root());
        if (page) {
          var section = param("section");
          if (section) page.search = "?section=" + encodeURIComponent(section);
          location.replace(page.href);
          return null;
        }
      }
      return RulesiteData.load(pair.file).then(function (diff) {
        var title = doc.name + ": " + oldLabel + " \u2192 " + newLabel;
        var heading = document.querySelector("article h1");
        if (heading && heading.firstChild) heading.firstChild.textContent = title;
        document.title = title;
        render(out, diff);
      });
    }).catch(function (err) {
      fail(out, err.message);
    }).then(function () {
      out.removeAttribute("aria-busy");
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run);
  else run();
})();
