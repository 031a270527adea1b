/*
 * Previews: hovering or focusing a rule reference (a.ref) or a keyword
 * (a.keyword) shows the target rule's number, section and text. The texts of
 * a page's rules are in a small script of their own,
 * assets/previews/<page>.js (render/share.py), loaded on the first hover or
 * focus of a link to that page: a page downloads only what its reader points
 * at, and it works from disk too (a script loads where fetch() may not).
 * A link to another language's page reads that site's file. core.js loads
 * this file on the first hover or focus of such a link and hands it that link.
 *
 * On a touch screen nothing hovers: a first tap on a reference shows its
 * preview, with an "Open" link; a second tap on the reference, or "Open",
 * opens it. A tap elsewhere closes the preview. Mouse and keyboard are as above.
 */
(function () {
  "use strict";
  var R = window.Rulesite;
  var t = R.t;
  if (window.RulesitePreviews && window.RulesitePreviews.entries) return;
  var PREVIEW_ID = "rulesite-preview";
  var LINKS = "a.ref, a.keyword";
  var store = {}; // language -> page path -> {anchor: entry}
  var popover = null;
  var current = null; // the link the popover describes
  var showTimer = 0;
  var hideTimer = 0;
  var dismissed = null; // a link whose preview was closed with Escape
  var tappedLink = null; // a link whose preview a tap asked for: the next tap on it opens it

  // offline-page.js may have made RulesitePreviews first, and hooked its add: kept.
  var api = window.RulesitePreviews || (window.RulesitePreviews = {});
  var before = api.add;
  api.add = function (data) {
    (store[data.lang] = store[data.lang] || {})[data.page] = data.entries;
    if (before) before.apply(this, arguments);
  };
  api.entries = function (lang, page) {
    return (store[lang] || {})[page];
  };

  /** The root of the site of language `lang`, from the language selector. */
  function rootOf(lang) {
    if (!lang || lang === R.language()) return R.siteRoot();
    var link = document.querySelector('a.md-select__link[hreflang="' + lang + '"]');
    var stored = link && link.getAttribute("data-rulesite-root");
    if (stored) return new URL(stored);
    if (!link) return null;
    var url = new URL(link.getAttribute("href"), location.href);
    url.search = "";
    url.hash = "";
    return /\/$/.test(url.pathname) ? url : new URL(".", url);
  }

  /** Where a link's preview lives: {lang, page, anchor, file}; null when not in a site. */
  function target(link) {
    var url = R.linkUrl(link);
    if (!url) return null;
    var lang = link.getAttribute("hreflang") || R.language();
    var root = rootOf(lang);
    var page = root && R.pathFromRoot(url, root);
    if (page === null || page === undefined) return null;
    page = R.decode(page);
    if (page === "" || /\/$/.test(page)) page += "index.html";
    var file = R.pageScript("assets/previews/", page, root);
    if (!file) return null;
    return {
      lang: lang,
      page: page,
      anchor: url.hash ? R.decode(url.hash.slice(1)) || "" : "",
      file: file.href,
      url: url,
    };
  }

  function lookup(where) {
    var entries = (store[where.lang] || {})[where.page];
    if (!entries) return undefined;
    var own = function (key) { return Object.prototype.hasOwnProperty.call(entries, key) ? entries[key] : null; };
    var entry = own(where.anchor) || (where.anchor ? null : own(""));
    if (entry && where.lang !== R.language()) entry = Object.assign({ lang: where.lang }, entry);
    return entry || null;
  }

  /** A rule of this very page, read from the page itself. */
  function fromPage(where) {
    var here = new URL(location.href);
    if (!where.anchor || where.url.pathname !== here.pathname || !R.sameOrigin(where.url, here)) return null;
    var element = document.getElementById(where.anchor);
    var rule = element && element.closest(".rule");
    if (!rule || (rule.getAttribute("data-rule") !== where.anchor && element !== rule)) return null;
    var head = rule.querySelector(":scope > .rule-head") || rule.querySelector(":scope > p");
    var text = head ? head.cloneNode(true) : null;
    if (text) {
      var drop = text.querySelectorAll(".rule-number, .rule-copy, .rule-copy-manual, .headerlink");
      for (var i = 0; i < drop.length; i++) drop[i].parentNode.removeChild(drop[i]);
    }
    var h1 = document.querySelector("article h1");
    var title = h1 ? h1.cloneNode(true) : null;
    if (title) {
      var links = title.querySelectorAll(".headerlink");
      for (var k = 0; k < links.length; k++) links[k].parentNode.removeChild(links[k]);
    }
    return {
      number: where.anchor,
      section: title ? title.textContent.trim() : "",
      text: text ? text.textContent.replace(/\s+/g, " ").trim() : "",
    };
  }

  /** The preview of a link, loading its page's file when needed. */
  function previewFor(link) {
    var where = target(link);
    if (!where) return Promise.resolve(null);
    var found = lookup(where);
    if (found !== undefined) return Promise.resolve(found);
    return R.loadScript(where.file).then(
      function () {
        var entry = lookup(where);
        return entry || fromPage(where);
      },
      function () {
        return fromPage(where);
      }
    );
  }

  function ensurePopover() {
    if (popover) return popover;
    popover = document.createElement("div");
    popover.id = PREVIEW_ID;
    popover.className = "rule-preview";
    popover.setAttribute("role", "tooltip");
    popover.hidden = true;
    popover.addEventListener("mouseenter", function () {
      clearTimeout(hideTimer);
    });
    popover.addEventListener("mouseleave", function (event) {
      if (current && event.relatedTarget && current.contains(event.relatedTarget)) return;
      scheduleHide();
    });
    document.body.appendChild(popover);
    return popover;
  }

  function fill(box, data, link) {
    while (box.firstChild) box.removeChild(box.firstChild);
    var head = document.createElement("div");
    head.className = "rule-preview__head";
    // A section's preview has number "424" and section "424 Reveal": show it once.
    var sectionShowsNumber = data.section && data.number && String(data.section).indexOf(data.number + " ") === 0;
    if (data.number && !sectionShowsNumber) {
      var num = document.createElement("strong");
      num.className = "rule-preview__number";
      num.textContent = data.number;
      head.appendChild(num);
    }
    if (data.section) {
      var sec = document.createElement("span");
      sec.className = "rule-preview__section";
      sec.textContent = data.section;
      head.appendChild(sec);
    }
    if (head.firstChild) box.appendChild(head);
    var text = String(data.text || "");
    if (text.length > 700) text = text.slice(0, 700).replace(/\s+\S*$/, "") + "\u2026";
    if (text) {
      var body = document.createElement("p");
      body.className = "rule-preview__text";
      body.textContent = text;
      box.appendChild(body);
    }
    var to = link && link === tappedLink ? R.siteUrl(link.getAttribute("href") || "", location.href) : null;
    if (to) {
      // The reference's own address (a page of the site): the way to open it.
      var open = document.createElement("a");
      open.className = "rule-preview__open";
      open.href = to.href;
      if (link.hasAttribute("hreflang")) open.setAttribute("hreflang", link.getAttribute("hreflang"));
      open.textContent = t("preview-open");
      open.setAttribute("aria-label", t("preview-open-label", { id: data.number || data.section || link.textContent.trim() }));
      box.appendChild(open);
    }
  }

  function place(box, link) {
    var rects = link.getClientRects();
    var rect = rects.length ? rects[0] : link.getBoundingClientRect();
    var margin = 8;
    var viewW = document.documentElement.clientWidth;
    var viewH = window.innerHeight;
    box.style.left = "0px";
    box.style.top = "0px";
    var w = box.offsetWidth;
    var h = box.offsetHeight;
    var left = Math.min(Math.max(rect.left, margin), Math.max(margin, viewW - w - margin));
    var below = rect.bottom + 6;
    var top = below;
    if (below + h > viewH - margin && rect.top - 6 - h >= margin) top = rect.top - 6 - h;
    box.style.left = Math.round(left + window.pageXOffset) + "px";
    box.style.top = Math.round(top + window.pageYOffset) + "px";
  }

  var wanted = null; // the link whose preview is on its way
  function show(link) {
    clearTimeout(showTimer);
    clearTimeout(hideTimer);
    if (link === dismissed) return;
    wanted = link;
    previewFor(link).then(function (data) {
      if (wanted !== link) return; // the reader moved on meanwhile
      if (!data) {
        var held = link === tappedLink;
        hide();
        // A tap held for a preview there is none of: the tap opens the link after all.
        if (held) link.click();
        return;
      }
      var box = ensurePopover();
      if (current && current !== link) current.removeAttribute("aria-describedby");
      fill(box, data, link);
      if (data.lang) box.setAttribute("lang", data.lang);
      else box.removeAttribute("lang");
      box.hidden = false;
      place(box, link);
      current = link;
      link.setAttribute("aria-describedby", PREVIEW_ID);
    });
  }

  function hide() {
    clearTimeout(showTimer);
    clearTimeout(hideTimer);
    wanted = null;
    tappedLink = null;
    if (current) current.removeAttribute("aria-describedby");
    current = null;
    if (popover) popover.hidden = true;
  }

  function scheduleShow(link, delay) {
    clearTimeout(showTimer);
    clearTimeout(hideTimer);
    // Start loading at once; show after a short pause, so passing over a link shows nothing.
    previewFor(link);
    showTimer = setTimeout(function () {
      show(link);
    }, delay);
  }

  function scheduleHide() {
    clearTimeout(showTimer);
    clearTimeout(hideTimer);
    hideTimer = setTimeout(hide, 200);
  }

  function linkOf(node) {
    return node && node.closest ? node.closest(LINKS) : null;
  }

  document.addEventListener("mouseover", function (event) {
    var link = linkOf(event.target);
    if (!link) return;
    if (link === current) {
      clearTimeout(hideTimer);
      return;
    }
    scheduleShow(link, 120);
  });
  document.addEventListener("mouseout", function (event) {
    var link = linkOf(event.target);
    if (!link) return;
    var to = event.relatedTarget;
    if (to && (link.contains(to) || (popover && popover.contains(to)))) return;
    if (link === dismissed) dismissed = null;
    if (link === current) scheduleHide();
    else {
      clearTimeout(showTimer);
      if (wanted === link) wanted = null;
    }
  });
  document.addEventListener("focusin", function (event) {
    var link = linkOf(event.target);
    if (link) show(link);
  });
  document.addEventListener("focusout", function (event) {
    var link = linkOf(event.target);
    if (!link) return;
    // Focus moving into the preview (its "Open" link, tapped) keeps it.
    if (popover && event.relatedTarget && popover.contains(event.relatedTarget)) return;
    if (link === dismissed) dismissed = null;
    if (link === current || link === wanted) hide();
  });
  document.addEventListener("keydown", function (event) {
    if ((event.key === "Escape" || event.key === "Esc") && current) {
      dismissed = current;
      hide();
    }
  });
  /* A tap: the first on a reference previews it, the second opens it. */
  function tap(link) {
    tappedLink = link;
    show(link);
  }
  document.addEventListener("click", function (event) {
    var link = linkOf(event.target);
    if (!link || event.defaultPrevented || event.button !== 0 || link.target) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || !R.tapped(event)) return;
    if (link === tappedLink) return; // the second tap: the link opens
    event.preventDefault();
    tap(link);
  });
  document.addEventListener("pointerdown", function (event) {
    if (!tappedLink || event.pointerType !== "touch") return;
    var on = event.target;
    if (linkOf(on) === tappedLink || (popover && popover.contains(on))) return;
    hide();
  }, { passive: true });
  window.addEventListener("resize", function () {
    if (current && popover && !popover.hidden) place(popover, current);
  });
  R.onPage(hide);

  // The link whose hover or focus made core.js load this file: its preview as
  // if this file had been there, the time since the pointer came counted.
  R.firstUse["previews.js"] = function (link, event) {
    if (event.type === "click") {
      tap(link); // a tap held by core.js while this file came
    } else if (event.type === "focusin") {
      if (document.activeElement === link) show(link);
    } else if (link.matches(":hover")) {
      var waited = window.performance && event.timeStamp ? performance.now() - event.timeStamp : 0;
      scheduleShow(link, Math.max(0, 120 - waited));
    }
  };
})();
