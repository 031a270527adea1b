/* The not-found page (404.html, served by static hosts for any unknown
   address): when the address names a rule number (r/411.9.html,
   core-rules/v1.2/999.html), offer the nearest rule the site has (that
   number, else its closest parent: 411.9 -> 411) from the table of rule
   numbers (assets/numbers.js), and a search for it. Plain ES2017. */
(function () {
  "use strict";
  var box = document.querySelector(".not-found-nearest");
  var search = document.querySelector("a.not-found-search");
  var me = document.currentScript;
  if (!box || !search || !window.Rulesite) return;
  var R = window.Rulesite;
  // The page's links are named from its base: the site_url's path, or,
  // without one, relative to the address's folder (theme/404.html). Where
  // that is not the site's folder (render/not_found_root.js loaded this file
  // from the site's), they are pointed there.
  var base = box.getAttribute("data-base") || "";
  var home = me && me.src ? new URL("../", me.src) : null;
  var folder = location.pathname.slice(0, location.pathname.lastIndexOf("/") + 1);
  if (home && home.pathname !== (/^\//.test(base) ? base : folder)) {
    Array.prototype.forEach.call(document.querySelectorAll("a[href]"), function (link) {
      var href = link.getAttribute("href");
      var to = /^\//.test(base)
        ? href.indexOf(base) === 0 && R.siteUrl(href.slice(base.length), home)
        : !/^(?:[a-z][a-z0-9+.-]*:|[/?#])/i.test(href) && R.siteUrl(href, home);
      if (to) link.setAttribute("href", to.pathname + to.search + to.hash);
    });
  }
  var numbers = R.numbers;
  // Only the end of the address is read, so any length costs nothing; a
  // segment with a malformed escape reads as empty (it matches nothing).
  var path = location.pathname.slice(-256).split("/").map(function (segment) {
    return R.decode(segment) || "";
  }).join("/");
  var found = numbers.atEnd(path);
  if (!found) return;
  var number = found.toLowerCase();
  // What the address was read as, said in words (text, never markup).
  var understood = document.createElement("p");
  understood.className = "not-found-understood";
  understood.textContent = R.t("not-found-understood", { number: number });
  box.parentNode.insertBefore(understood, box);
  // An edition in the address (v1.2/, r/1.2/): prefer that edition's rules.
  var edition = /\/(?:v|r\/)(\d{1,4}(?:\.\d{1,4}){0,3})\/[^/]*\/?$/i.exec(path);
  var url = R.siteUrl(search.getAttribute("href"), location.href);
  if (!url) return;
  url.searchParams.set("q", number);
  search.href = url.href;

  function show(href, text) {
    var link = document.createElement("a");
    link.href = href;
    link.textContent = text;
    box.textContent = box.getAttribute("data-label") + " ";
    box.appendChild(link);
    box.hidden = false;
  }

  /** The candidates for `wanted`: itself, then each parent (411.9.a, 411.9, 411; 701.16a, 701.16, 701). */
  function candidates(wanted) {
    var out = [wanted];
    for (var n = numbers.parent(wanted); n; n = numbers.parent(n)) out.push(n);
    return out;
  }

  function nearest(table) {
    var rank = function (row) {
      var doc = table.docs[row[0]] || {};
      if (edition && doc.edition === "v" + edition[1]) return 0;
      return doc.current ? 1 : 2;
    };
    var list = candidates(number);
    for (var i = 0; i < list.length; i++) {
      var rows = table.pages.filter(function (row) {
        return (" " + row[2].toLowerCase() + " ").indexOf(" " + list[i] + " ") >= 0;
      });
      if (!rows.length) continue;
      rows.sort(function (a, b) {
        return rank(a) - rank(b);
      });
      var doc = table.docs[rows[0][0]] || {};
      var root = new URL("../", me.src);
      var label = list[i] + " · " + [doc.document, doc.edition].filter(Boolean).join(" ");
      var to = R.isPageName(rows[0][1]) && R.siteUrl(rows[0][1] + "#" + list[i], root);
      return to ? show(to.href, label) : show(url.href, number);
    }
    show(url.href, number);
  }

  if (!me || !me.src) return show(url.href, number);
  R.loadScript(new URL("numbers.js", me.src).href).then(function () {
    if (window.RULESITE_NUMBERS) nearest(window.RULESITE_NUMBERS);
    else show(url.href, number);
  }, function () {
    show(url.href, number);
  });
})();
