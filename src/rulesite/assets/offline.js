/*
 * Offline use: registers this language site's service worker (sw.js, written
 * by the build at the site's root) once the page has loaded, and tells the
 * reader when a newer build's text is ready ("New rules text is available",
 * with a reload button). Plain ES2017, no dependencies.
 *
 * - Nothing happens where service workers cannot run (pages opened from disk,
 *   file://, or a browser without them): the site works as before.
 * - Every URL is relative to this script (ROOT/assets/offline.js), so the site
 *   works from any folder it is served from.
 * - The new worker takes over only when the reader clicks reload: until then
 *   every page comes from the build the reader is reading.
 * - Once the worker is ready and this page is stored, <html> gets
 *   data-offline-ready="BUILD" (tests and the benchmark wait for it).
 */
(function () {
  "use strict";

  if (!("serviceWorker" in navigator)) return;
  if (location.protocol !== "https:" && location.protocol !== "http:") return;
  var script = document.currentScript;
  if (!script || !script.src) return;
  var root = new URL("../", script.src);
  var workerUrl = new URL("sw.js", root);

  /** Interface text, from the strings table (strings.py, served as assets/strings.js). */
  function text(key) {
    return window.Rulesite ? window.Rulesite.t(key) : "";
  }

  function ask(worker, message) {
    return new Promise(function (resolve) {
      var channel = new MessageChannel();
      channel.port1.onmessage = function (event) {
        resolve(event.data);
      };
      worker.postMessage(message, [channel.port2]);
    });
  }

  /** This page and what it loaded, kept for offline use (the first visit's page was fetched before the worker ran). */
  function keepThisPage(worker) {
    var urls = [location.href];
    if (window.performance && performance.getEntriesByType) {
      performance.getEntriesByType("resource").forEach(function (entry) {
        urls.push(entry.name);
      });
    }
    return ask(worker, { type: "keep", urls: urls }).then(function (reply) {
      document.documentElement.setAttribute("data-offline-ready", (reply && reply.build) || "");
    });
  }

  var notice = null;
  var reloading = false;

  function offerUpdate(worker) {
    if (notice) return;
    notice = document.createElement("div");
    notice.className = "rulesite-update";
    notice.setAttribute("role", "status");
    var message = document.createElement("span");
    message.textContent = text("update-available");
    var button = document.createElement("button");
    button.type = "button";
    button.className = "md-button md-button--primary";
    button.textContent = text("update-reload");
    button.addEventListener("click", function () {
      reloading = true;
      button.disabled = true;
      worker.postMessage({ type: "skip-waiting" });
    });
    notice.appendChild(message);
    notice.appendChild(document.createTextNode(" "));
    notice.appendChild(button);
    document.body.appendChild(notice);
  }

  function watch(registration) {
    if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
    registration.addEventListener("updatefound", function () {
      var worker = registration.installing;
      if (!worker) return;
      worker.addEventListener("statechange", function () {
        // "installed" with a worker already in charge: a newer build is ready.
        if (worker.state === "installed" && navigator.serviceWorker.controller) offerUpdate(worker);
      });
    });
  }

  // A page that was served by this site's worker reloads when the reader
  // switches to a newer build (in this tab or another): a view never mixes two
  // builds. The first visit's page, taken over by the first worker, does not;
  // nor does a page that another language's worker served (the English site's
  // scope holds /es/): this site's first worker taking it over is a first visit.
  var controller = navigator.serviceWorker.controller;
  var hadController = Boolean(controller && controller.scriptURL === workerUrl.href);
  navigator.serviceWorker.addEventListener("controllerchange", function () {
    if (reloading || hadController) location.reload();
  });

  function start() {
    navigator.serviceWorker
      .register(workerUrl.href, { scope: root.href })
      .then(function (registration) {
        watch(registration);
        return navigator.serviceWorker.ready;
      })
      .then(function (registration) {
        return keepThisPage(registration.active);
      })
      .catch(function () {
        /* no offline copy this time: the site works as before */
      });
  }

  // After the page has loaded: the first view is never slowed by the worker.
  if (document.readyState === "complete") setTimeout(start, 0);
  else window.addEventListener("load", function () { setTimeout(start, 0); }, { once: true });
})();
