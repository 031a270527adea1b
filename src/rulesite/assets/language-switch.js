/*
 * The language selector (a.md-select__link[hreflang]) goes to the same page
 * and anchor in the other language instead of that site's home page; where
 * that site lacks the page (its hidden .page-languages marker says so), to
 * the page the marker names (the same rule in English, or this page) with
 * ?from=<language>, which shows a notice.
 * Material does this by fetching the other site's sitemap.xml, which fails
 * from file:// and needs site_url; here the path is computed instead.
 * core.js loads this file when the reader first points at, focuses or touches
 * the selector (or the address has ?from=).
 */
(function () {
  "use strict";
  var R = window.Rulesite;
  if (window.RulesiteLanguageSwitch) return;
  window.RulesiteLanguageSwitch = true;
  var LANG_LINKS = "a.md-select__link[hreflang]";

  /** The root URL of the site a language link points at (its folder). */
  function alternateRoot(link) {
    var stored = link.getAttribute("data-rulesite-root");
    if (stored) return new URL(stored);
    var url = R.linkUrl(link);
    if (!url) return null;
    url.search = "";
    url.hash = "";
    if (!/\/$/.test(url.pathname)) url = new URL(".", url);
    link.setAttribute("data-rulesite-root", url.href);
    return url;
  }

  /** A page that names its equivalent in another language (the same rule under
      another number: Spanish 701.20 is English 701.16) goes there, with the
      anchor renumbered: #701.20c becomes #701.16c. */
  function equivalentUrl(link, withHash) {
    var lang = link.getAttribute("hreflang");
    var eq = document.querySelector('a[data-equivalent-from][hreflang="' + lang + '"]');
    if (!eq) return null;
    var target = new URL(eq.getAttribute("href"), location.href);
    var from = eq.getAttribute("data-equivalent-from");
    var to = eq.getAttribute("data-equivalent-to");
    var hash = R.fragment(); // null when malformed: no renumbered anchor
    // An empty "to": the other language has no such rule; its contents page, no anchor.
    if (withHash && to && hash && hash.indexOf(from) === 0) target.hash = to + hash.slice(from.length);
    return target.href;
  }

  function pageLanguage() {
    return (document.documentElement.getAttribute("lang") || "en").toLowerCase().split("-")[0];
  }

  /** The marker of a page that some language's site lacks (render/languages.py). */
  function missingMarker() {
    return document.querySelector(".page-languages[data-missing]");
  }

  /** A language whose site lacks this page (or holds another rule at its
      number): the page the build named for its readers (render/languages.py:
      the same rule in English, renumbered through the concordance, or this
      page), with ?from=<language> (&via=<this language> when renumbered) so
      that page shows the reader a notice. Nothing of it comes from the address. */
  function fallbackUrl(link, withHash) {
    var marker = missingMarker();
    var lang = link.getAttribute("hreflang");
    if (!marker || !/^[a-z]{2}$/.test(lang || "")) return null;
    if (marker.getAttribute("data-missing").split(" ").indexOf(lang) < 0) return null;
    var to = marker.getAttribute("data-switch-" + lang);
    var path = marker.getAttribute("data-switch-" + lang + "-path");
    if (!to || !path) return null;
    var root;
    if (to === pageLanguage()) {
      root = R.siteRoot();
    } else {
      var other = document.querySelector(LANG_LINKS + '[hreflang="' + to + '"]');
      root = other ? alternateRoot(other) : null;
    }
    if (!root) return null;
    var target = new URL("./" + path, root); // "./": a path such as "javascript:x/" stays a path
    var renumber = (marker.getAttribute("data-switch-" + lang + "-renumber") || "").split(" ");
    target.search = "?from=" + encodeURIComponent(lang) + (renumber.length === 2 ? "&via=" + pageLanguage() : "");
    target.hash = "";
    var hash = withHash ? R.fragment() : null; // null when malformed: no anchor carried over
    if (hash && renumber.length === 2) {
      // The same rule under another number: #701.20c becomes #701.16c; the section's own when nothing matches.
      target.hash = hash.indexOf(renumber[0]) === 0 ? renumber[1] + hash.slice(renumber[0].length) : renumber[1];
    } else if (hash) {
      target.hash = location.hash;
    }
    return target.href;
  }

  /** Arrived from a language whose site lacks this page (?from=es, and &via=
      the language of the page left when the rule has another number here): say
      so, in that language, above the rule the address names (or the page's
      title), on screen and announced. The words are the page's own. */
  function showMissingNotice() {
    var from = R.param("from");
    var via = R.param("via");
    var marker = missingMarker() || document.querySelector(".page-languages");
    if (!from || !marker || !/^[a-z]{2}$/.test(from)) return;
    var text = (via && /^[a-z]{2}$/.test(via) && marker.getAttribute("data-notice-" + from + "-" + via)) || marker.getAttribute("data-notice-" + from);
    if (!text || document.querySelector(".page-languages-notice")) return;
    var note = document.createElement("div");
    note.className = "page-languages-notice";
    note.setAttribute("lang", from);
    var words = document.createElement("p");
    words.textContent = text;
    note.appendChild(words);
    var hash = R.fragment();
    var target = hash ? document.getElementById(hash) : null;
    R.showNotice(note, target && (target.closest(".rule") || target));
  }

  function unchecked(link, withHash) {
    var equivalent = equivalentUrl(link, withHash);
    if (equivalent) return equivalent;
    var fallback = fallbackUrl(link, withHash);
    if (fallback) return fallback;
    var altRoot = alternateRoot(link);
    if (!altRoot) return null;
    var path = R.pathFromRoot(new URL(location.href));
    if (path === null) return null;
    var target = new URL("./" + path, altRoot);
    if (withHash) target.hash = location.hash;
    return target.href;
  }

  /** The address a language link goes to, when it is a page of the site; else null (the link stays as built). */
  function alternateUrl(link, withHash) {
    var url = unchecked(link, withHash);
    var checked = url && R.siteUrl(url, location.href);
    return checked ? checked.href : null;
  }

  function updateLanguageLinks() {
    var links = document.querySelectorAll(LANG_LINKS);
    // Every site's root first, from the links as Material wrote them, before any is rewritten.
    for (var k = 0; k < links.length; k++) alternateRoot(links[k]);
    for (var i = 0; i < links.length; i++) {
      var url = alternateUrl(links[i], true);
      if (url) links[i].setAttribute("href", url);
    }
  }

  function initLanguageSwitch() {
    // Capture phase on window: runs before Material's handler on document.body,
    // which would fetch the other site's sitemap.xml (impossible from file://).
    window.addEventListener(
      "click",
      function (event) {
        if (event.defaultPrevented || event.button !== 0) return;
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        var link = event.target && event.target.closest ? event.target.closest(LANG_LINKS) : null;
        if (!link || link.target) return;
        var url = alternateUrl(link, true);
        if (!url) return;
        event.preventDefault();
        event.stopPropagation();
        location.href = url;
      },
      true
    );
    updateLanguageLinks();
    window.addEventListener("hashchange", updateLanguageLinks);
  }

  var started = false;
  function begin() {
    if (!started) {
      started = true;
      initLanguageSwitch();
    }
    updateLanguageLinks();
    showMissingNotice();
  }
  R.onPage(begin);
  if (!started) begin(); // loaded after the page

  // A click on a language link that core.js held while this file came: followed now.
  R.firstUse["language-switch.js"] = function (element, event) {
    if (event.type !== "click") return;
    location.href = alternateUrl(element, true) || element.href;
  };
})();
