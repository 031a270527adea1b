/* The not-found page of a site built without a site_url: a static host serves
   it for a missing address at any depth, and from any folder of the host, so
   no address of a file can be written into it. Its links are relative to the
   address's folder (inside the site's folder, whatever the depth), and its
   stylesheets, scripts and icons wait, inert, in <template
   class="rulesite-files"> elements. This script (inline, allowed by its hash
   in the page's policy, content_policy.py) finds the site's folder from the
   address alone, without a request where it can: the deepest folder of the address that
   is followed by one of the site's own top-level folders (the page's
   <meta name="rulesite-folders">: r, riftbound, es...), else the address's own
   folder (a missing page at the site's top). Folders end at "//" or a
   segment that decodes to a slash. Where no folder of the site's is in the
   address, the address's folders are tried from the deepest with the page's
   first stylesheet (each inside the site's folder down to the site's own).
   It then loads the waiting files
   from there, in order, and assets/not-found.js (loaded last) points the
   page's links there: nothing is asked for, and no link leads, outside the
   site's folder. Nothing is taken from the address but its folders, each
   only as a folder of this origin. */
(function () {
  "use strict";
  var here = location.pathname;
  var meta = document.querySelector('meta[name="rulesite-folders"]');
  var names = (meta && meta.getAttribute("content") || "").split(" ").filter(Boolean);
  // The address's folders from the top, up to an empty segment or one that
  // decodes to a slash or none ("//" and "%2F" never name a folder) and at most 64 (split with a limit: any length costs
  // nothing). The site's folder is one of them.
  var parts = here.split("/", 64);
  var cut = parts.length - 1;
  for (var j = 1; j < parts.length - 1; j++) {
    if (!parts[j] || /[/\\]/.test(decoded(parts[j]) || "/")) {
      cut = j;
      break;
    }
  }
  var folders = [];
  for (var d = cut; d >= 1; d--) folders.push(parts.slice(0, d).join("/") + "/");
  var folder = null;
  if (parts[parts.length - 1] === "404.html" && cut === parts.length - 1) {
    folder = folders[0]; // the page itself, opened from disk or asked for by name
  } else {
    // From the deepest: "/rules/riftbound/x.html" is the site at "/rules/".
    for (var i = cut - 1; i >= 0 && folder === null; i--) {
      if (names.indexOf(decoded(parts[i + 1])) >= 0) folder = parts.slice(0, i + 1).join("/") + "/";
    }
  }
  if (folder !== null) return start(folder);
  // No folder of the site's in the address: its folder is one of the
  // address's, tried from the deepest (each inside the site's folder until
  // the site's own) with the page's first stylesheet; the first that loads
  // with its rules is the site's.
  var first = null;
  Array.prototype.some.call(document.querySelectorAll("template.rulesite-files"), function (template) {
    first = template.content.querySelector('link[rel="stylesheet"][href]');
    return !!first;
  });
  if (!first) return start(folders[0]);
  (function probe(k) {
    if (k >= folders.length) return start(folders[0]);
    var url = new URL(first.getAttribute("href"), new URL(folders[k], location.href));
    if (url.origin !== location.origin || url.pathname.indexOf(new URL(folders[k], location.href).pathname) !== 0) return probe(k + 1);
    var link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = url.href;
    link.addEventListener("load", function () {
      var ok = false;
      try {
        ok = !!(link.sheet && link.sheet.cssRules.length);
      } catch (err) {
        ok = false;
      }
      link.remove();
      return ok ? start(folders[k]) : probe(k + 1);
    });
    link.addEventListener("error", function () {
      link.remove();
      probe(k + 1);
    });
    document.head.appendChild(link);
  })(0);

  function start(folder) {
    var root = document.documentElement;
    root.setAttribute("data-rulesite-root", folder);
    var origin = location.origin;
    var base = new URL(folder, location.href);
    // Script addresses under Trusted Types: only this site's own .js files.
    var policy = window.trustedTypes && window.trustedTypes.createPolicy
      ? window.trustedTypes.createPolicy("rulesite-not-found", {
          createScriptURL: function (href) {
            var url = new URL(href, location.href);
            if (url.origin !== origin || url.pathname.indexOf(base.pathname) !== 0 || !/\.js$/.test(url.pathname)) {
              throw new TypeError("not a script of this site");
            }
            return url.href;
          },
        })
      : null;
    var scripts = [];
    Array.prototype.forEach.call(document.querySelectorAll("template.rulesite-files"), function (template) {
      var into = template.parentNode;
      Array.prototype.forEach.call(template.content.children, function (old) {
        var name = old.tagName === "SCRIPT" ? "src" : "href";
        var href = old.getAttribute(name);
        var url = href && !/^[a-z][a-z0-9+.-]*:|^\/|^#/i.test(href) ? new URL(href, base) : null;
        if (!url || url.origin !== origin || url.pathname.indexOf(base.pathname) !== 0) return;
        if (old.tagName === "SCRIPT") return scripts.push(url.href);
        if (old.tagName !== "LINK") return;
        var link = document.createElement("link");
        ["rel", "type", "sizes", "media"].forEach(function (attribute) {
          if (old.hasAttribute(attribute)) link.setAttribute(attribute, old.getAttribute(attribute));
        });
        link.href = url.href;
        into.insertBefore(link, template);
      });
    });
    (function next(k) {
      if (k >= scripts.length) return;
      var script = document.createElement("script");
      script.src = policy ? policy.createScriptURL(scripts[k]) : scripts[k];
      script.async = false;
      script.addEventListener("load", function () {
        next(k + 1);
      });
      script.addEventListener("error", function () {
        next(k + 1);
      });
      document.body.appendChild(script);
    })(0);
  }

  function decoded(segment) {
    try {
      return decodeURIComponent(segment);
    } catch (err) {
      return "";
    }
  }
})();
