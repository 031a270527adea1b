/*
 * A pinned link (r/1.2/411.1.html, render/pinned.py) forwards here with
 * ?was=v1.2:411.1 (and &removed=v1.4&next=<page>#<number> of the nearest rule today when it is gone): say
 * above the rule what the link meant and where that rule is today, so a link
 * made before a renumbering keeps its meaning.
 */
(function () {
  "use strict";
  var R = window.Rulesite;

  function show() {
    var params;
    try {
      params = new URL(location.href).searchParams;
    } catch (err) {
      return;
    }
    var was = params.get("was");
    if (!was || document.querySelector(".pinned-notice")) return;
    var at = was.indexOf(":");
    var edition = was.slice(0, at);
    var number = was.slice(at + 1);
    var here = R.decode(location.hash.slice(1));
    var removed = params.get("removed");
    var next = params.get("next");
    var box = document.createElement("div");
    box.className = "admonition info pinned-notice";
    box.setAttribute("role", "note");
    var text = document.createElement("p");
    if (removed) {
      text.textContent = R.t("pinned-removed", { number: number, edition: edition, removed: removed });
      if (next) {
        text.appendChild(document.createTextNode(" " + R.t("pinned-nearest") + " "));
        var link = document.createElement("a");
        link.href = new URL(next, R.siteRoot()).href;
        link.textContent = R.decode(next.split("#")[1] || next);
        text.appendChild(link);
      }
    } else if (here && here !== number) {
      text.textContent = R.t("pinned-moved", { number: number, edition: edition, now: here });
    } else {
      text.textContent = R.t("pinned-same", { number: number, edition: edition });
    }
    box.appendChild(text);
    var target = here ? document.getElementById(here) : null;
    var rule = target && target.closest(".rule");
    var anchor = rule || document.querySelector("article h1");
    if (!anchor) return;
    if (rule) anchor.parentNode.insertBefore(box, anchor);
    else anchor.insertAdjacentElement("afterend", box);
    if (rule) rule.scrollIntoView({ block: "start" });
  }

  R.onPage(show);
})();
