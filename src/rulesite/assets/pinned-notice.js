/*
 * A pinned link (r/1.2/411.1.html, render/pinned.py) forwards here with
 * ?was=v1.2:411.1 (and &removed=v1.4&next=<page>#<number> of the nearest rule today when it is gone): say
 * above the rule what the link meant and where that rule is today, so a link
 * made before a renumbering keeps its meaning.
 *
 * Anyone can write such an address: the edition and number must have the
 * shape the build gives them, or there is no notice; the nearest rule is
 * linked only when the site's table of rule numbers (assets/numbers.js) has
 * that number on that page, and its words are the table's.
 */
(function () {
  "use strict";
  var R = window.Rulesite;
  var LABEL = /^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/; // an edition's label (v1.2), as names.py allows

  /** The rule `next` names, as the table of rule numbers has it: {url, number}; null when it has none. */
  function nearestRule(next, table) {
    var url = R.siteUrl(next);
    var path = url && R.decode(R.pathFromRoot(url) || "");
    var number = url && R.decode(url.hash.slice(1));
    if (!path || !number || !table || !Array.isArray(table.pages)) return null;
    for (var i = 0; i < table.pages.length; i++) {
      var row = table.pages[i];
      if (!Array.isArray(row) || row[1] !== path || typeof row[2] !== "string") continue;
      var known = row[2].split(" ").filter(function (n) { return n.toLowerCase() === number.toLowerCase(); })[0];
      if (known) return { url: url, number: known };
    }
    return null;
  }

  function addNearest(text, next) {
    R.loadScript(new URL("assets/numbers.js", R.siteRoot()).href).then(function () {
      var found = nearestRule(next, window.RULESITE_NUMBERS);
      if (!found || text.querySelector("a")) return;
      text.appendChild(document.createTextNode(" " + R.t("pinned-nearest") + " "));
      var link = document.createElement("a");
      link.href = found.url.href;
      link.textContent = found.number;
      text.appendChild(link);
    }, function () {});
  }

  function show() {
    var was = R.param("was");
    if (!was || document.querySelector(".pinned-notice")) return;
    var at = was.indexOf(":");
    var edition = was.slice(0, at);
    var number = was.slice(at + 1);
    var removed = R.param("removed");
    if (at < 0 || !LABEL.test(edition) || !R.numbers.typed(number)) return;
    if (removed !== null && !LABEL.test(removed)) return;
    var here = R.fragment() || "";
    var next = R.param("next");
    var box = document.createElement("div");
    box.className = "admonition info pinned-notice";
    var text = document.createElement("p");
    if (removed) {
      text.textContent = R.t("pinned-removed", { number: number, edition: edition, removed: removed });
      if (next) addNearest(text, next);
    } else if (here && here !== number && R.numbers.typed(here)) {
      text.textContent = R.t("pinned-moved", { number: number, edition: edition, now: here });
    } else {
      text.textContent = R.t("pinned-same", { number: number, edition: edition });
    }
    box.appendChild(text);
    var target = here ? document.getElementById(here) : null;
    R.showNotice(box, target && target.closest(".rule"));
  }

  /** An anchor on a page whose number meant another section in an older
      edition (411.html#411.1, from the days 411 was Reveal): above the rule
      the address shows, what that number was then and where that rule is now
      (its pinned link, render/section_page.py). Only numbers the page's own
      list has; the words are the build's. */
  function showNumberWas() {
    var here = R.fragment();
    var holder = document.querySelector("[data-was-rules]");
    if (!here || !holder || R.param("was") || document.querySelector(".pinned-notice")) return;
    var target = document.getElementById(here);
    var rule = target && target.closest(".rule");
    var rules;
    try {
      rules = JSON.parse(holder.getAttribute("data-was-rules"));
    } catch (err) {
      return;
    }
    if (!rule || !rules || !Object.prototype.hasOwnProperty.call(rules, here)) return;
    var now = rules[here];
    var box = document.createElement("div");
    box.className = "admonition info pinned-notice";
    var text = document.createElement("p");
    var values = { number: here, edition: holder.getAttribute("data-was-edition") || "", title: holder.getAttribute("data-was-title") || "" };
    var url = now && R.siteUrl(holder.getAttribute("data-was-pinned").replace("{}", here), location.href);
    if (url) {
      text.textContent = R.t("number-was-rule", values) + " ";
      var link = document.createElement("a");
      link.href = url.href;
      link.textContent = now;
      text.appendChild(link);
    } else {
      text.textContent = R.t("number-was-gone", values);
    }
    box.appendChild(text);
    R.showNotice(box, rule);
  }

  R.onPage(show);
  R.onPage(showNumberWas);
})();
