/* The not-found page of a site built without a site_url: a static host serves
   it for a missing address at any depth, and its links and files are named
   from the host's root ("/assets/..."), right only for a site served there.
   Inline (allowed by its hash in the page's policy, content_policy.py), as
   no file of the site can be named before its folder is known: the site's
   folder is found as the folder of the address holding the site's
   own stylesheet (assets/rules.css, loaded as a stylesheet, so it works from
   disk too), the shallowest such; when that is not the host's root, the page's stylesheets and
   scripts are loaded again from there, in order, and not-found.js (which
   loads last) points the page's links there. Nothing is taken from the
   address but its folders, each only as a folder of this origin. */
(function () {
  "use strict";
  var DEEPEST = 6; // folders probed, from the top: a site's folder is near it
  var here = location.pathname;
  // The page's own stylesheets loaded, with their rules (a script waits for
  // them; one that failed is there too, empty): the site is at the host's
  // root, and the page's links hold.
  var own = document.querySelectorAll('link[rel="stylesheet"][href^="/"]');
  for (var k = 0; k < own.length; k++) if (rules(own[k])) return;
  // The host's root, the folders of the address from the top (up to an
  // empty segment: "//" never names a folder), and its own folder (a page
  // opened from disk is the site's 404.html). Any length costs nothing.
  var parts = here.split("/", DEEPEST + 2).slice(1, -1);
  var folders = ["/"];
  for (var i = 1; i <= parts.length && parts[i - 1]; i++) folders.push("/" + parts.slice(0, i).join("/") + "/");
  var mine = here.slice(0, here.lastIndexOf("/") + 1);
  if (here.length <= 512 && here.indexOf("//") < 0 && folders.indexOf(mine) < 0) folders.push(mine);
  var root = document.documentElement;
  var found = [];
  var left = folders.length;
  folders.forEach(function (folder) {
    var probe = document.createElement("link");
    probe.rel = "stylesheet";
    probe.href = new URL(folder + "assets/rules.css", location.href).href;
    probe.addEventListener("load", function () {
      if (rules(probe)) found.push([folder, probe]);
      else probe.remove();
      settled();
    });
    probe.addEventListener("error", function () {
      probe.remove();
      settled();
    });
    document.head.appendChild(probe);
  });

  function rules(link) {
    try {
      return link.sheet ? link.sheet.cssRules.length : 0;
    } catch (err) {
      return 0;
    }
  }

  function settled() {
    if (--left) return;
    // The shallowest: the English site, which holds the other languages' folders.
    found.sort(function (a, b) {
      return a[0].length - b[0].length;
    });
    if (!found.length || found[0][0] === "/") return; // at the host's root: the page's own links hold
    found.slice(1).forEach(function (item) {
      item[1].remove();
    });
    load(found[0][0], found[0][1]);
  }

  function load(folder, probe) {
    var origin = location.origin;
    root.setAttribute("data-rulesite-root", folder);
    // Script addresses under Trusted Types: only this site's own .js files.
    var policy = window.trustedTypes && window.trustedTypes.createPolicy
      ? window.trustedTypes.createPolicy("rulesite-not-found", {
          createScriptURL: function (href) {
            var url = new URL(href, location.href);
            if (url.origin !== origin || url.pathname.indexOf(folder) !== 0 || !/\.js$/.test(url.pathname)) {
              throw new TypeError("not a script of this site");
            }
            return url.href;
          },
        })
      : null;
    var styles = document.querySelectorAll('link[rel="stylesheet"][href^="/"]');
    Array.prototype.forEach.call(styles, function (old) {
      if (old === probe) return;
      var href = folder + old.getAttribute("href").slice(1);
      if (href !== new URL(probe.href).pathname) {
        var link = document.createElement("link");
        link.rel = "stylesheet";
        link.href = new URL(href, location.href).href;
        old.parentNode.insertBefore(link, old);
      }
      old.remove();
    });
    var scripts = Array.prototype.map.call(document.querySelectorAll('script[src^="/"]'), function (old) {
      return folder + old.getAttribute("src").slice(1);
    });
    (function next(k) {
      if (k >= scripts.length) return;
      var script = document.createElement("script");
      var src = new URL(scripts[k], location.href).href;
      script.src = policy ? policy.createScriptURL(src) : src;
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
})();
