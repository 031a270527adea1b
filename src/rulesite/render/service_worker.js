/*
 * The site's service worker. `rulesite build` writes it as sw.js at each
 * language's root, after a first line `const BUILD = {...}`: this build's id,
 * its offline page and the precache list ([url, hash, exact], urls relative to
 * this script; exact = 1 when hash is the SHA-256 of the file's bytes).
 *
 * - install: stores the precache list in a cache named after the build. A file
 *   whose hash is the one the previous build stored is copied from the old
 *   cache; the others are fetched, at low priority, and checked against their
 *   hash when it is of their bytes (a file of another build fails the install,
 *   and the browser tries again at the next visit). When half or more of a
 *   bundle's files are to be fetched (BUILD.bundles: [{url, hash, folder, files}]:
 *   one document's preview files, offline page data or history files, all in
 *   one folder, as one JSON file {"files": {path: text}}; on a first visit, all
 *   of them), that one file is fetched instead and each is stored from it,
 *   checked against its own hash. (BUILD.later names what the build left out
 *   to stay within its budget: stored when visited, as any other page.)
 *   Pages the reader kept under the previous build are fetched again for this one.
 * - the new worker then waits: pages keep coming from one build's caches until
 *   the reader asks for the new text (assets/offline.js posts "skip-waiting").
 * - fetch: this build's caches first, then the network (what it brings is kept,
 *   so pages visited before open offline); a page that is neither answers with
 *   the offline page.
 */
"use strict";

const ROOT = new URL("./", self.location).href; // this language's root
const PREFIX = "rulesite " + new URL(ROOT).pathname + " "; // caches are per origin: one set per language site
const PRECACHE = PREFIX + "precache " + BUILD.id;
const RUNTIME = PREFIX + "runtime " + BUILD.id;
const STAMP = new URL("__build.json", ROOT).href; // url -> hash of what this cache holds
const OFFLINE = new URL(BUILD.offline, ROOT).href;
const PARALLEL = 4;
const REFRESH_LIMIT = 500; // pages kept under the previous build fetched again, at most

/** The cache key of a URL: no query, no fragment; a folder means its index.html. */
function keyOf(href) {
  const url = new URL(href, ROOT);
  url.search = "";
  url.hash = "";
  if (url.pathname.endsWith("/")) url.pathname += "index.html";
  return url.href;
}

const PRECACHED = new Map(BUILD.precache.map(([path, hash, exact]) => [keyOf(path), { hash, exact }]));

async function sha256(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The file of this build at `url`, or an error (network down, or a file of another build). */
async function fetchChecked(url, hash, exact) {
  let lastError = null;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // Low priority: the page the reader is looking at comes first.
      const response = await fetch(url, { cache: "no-cache", credentials: "same-origin", priority: "low" });
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      if (exact) {
        const got = (await sha256(await response.clone().arrayBuffer())).slice(0, hash.length);
        if (got !== hash) throw new Error(`${url}: not the file of build ${BUILD.id}`);
      }
      return response;
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

/** The complete precache of the previous build of this language site, if any. */
async function previousBuild() {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX + "precache ") || name === PRECACHE) continue;
    const cache = await caches.open(name);
    const stamp = await cache.match(STAMP);
    if (stamp) return { cache, hashes: (await stamp.json()).hashes, runtime: PREFIX + "runtime " + name.split(" ").pop() };
  }
  return null;
}

/** Runs `task` on every item of `items`, PARALLEL at a time. */
async function each(items, task) {
  const queue = items.slice();
  async function worker() {
    while (queue.length) await task(queue.shift());
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}

/**
 * Stores the files of `todo` ([url, hash, exact]) that `bundle` holds with
 * their hash; returns the others. Any failure (offline, a bundle of another
 * build) leaves them all to be fetched one by one.
 */
async function fromBundle(cache, todo, bundle) {
  let files;
  try {
    const response = await fetchChecked(keyOf(bundle.url), bundle.hash, 1);
    files = new Map(Object.entries((await response.json()).files).map(([p, text]) => [keyOf(p), text]));
  } catch (error) {
    return todo;
  }
  const encoder = new TextEncoder();
  const left = [];
  await each(todo, async (item) => {
    const [url, hash, exact] = item;
    const bytes = files.has(url) && exact ? encoder.encode(files.get(url)) : null;
    if (bytes && (await sha256(bytes)).slice(0, hash.length) === hash) {
      // A bundle holds scripts only: preview or history files (check/offline_app.py holds it to its folder).
      await cache.put(url, new Response(bytes, { headers: { "content-type": "text/javascript; charset=utf-8" } }));
    } else {
      left.push(item); // not in the bundle, or not this build's file: fetched alone
    }
  });
  return left;
}

async function install() {
  const cache = await caches.open(PRECACHE);
  const old = await previousBuild();
  const hashes = {};
  const todo = [];
  await each(BUILD.precache, async ([path, hash, exact]) => {
    const url = keyOf(path);
    hashes[url] = hash;
    if (await cache.match(url)) return; // an install that was cut short, resumed
    if (old && old.hashes[url] === hash) {
      const kept = await old.cache.match(url);
      if (kept) {
        await cache.put(url, kept);
        return;
      }
    }
    todo.push([url, hash, exact]);
  });
  // A few changed previews or histories are fetched alone; a first visit's
  // previews, page data and histories come in one file a document each.
  // The bundles are fetched side by side (their folders do not overlap).
  const used = (BUILD.bundles || [])
    .map((bundle) => [bundle, todo.filter(([url]) => url.startsWith(new URL(bundle.folder, ROOT).href))])
    .filter(([bundle, items]) => items.length && items.length * 2 >= bundle.files);
  const fromBundles = await Promise.all(used.map(([bundle, items]) => fromBundle(cache, items, bundle)));
  const inBundles = new Set(used.flatMap(([, items]) => items));
  const left = todo.filter((item) => !inBundles.has(item)).concat(...fromBundles);
  await each(left, async ([url, hash, exact]) => cache.put(url, await fetchChecked(url, hash, exact)));
  if (old) await refreshKept(old.runtime);
  // Written last: a cache without it is incomplete and never copied from.
  await cache.put(STAMP, new Response(JSON.stringify({ id: BUILD.id, hashes }), { headers: { "content-type": "application/json" } }));
}

/** The pages the reader kept under the previous build, fetched again for this one. */
async function refreshKept(oldRuntime) {
  if (!(await caches.has(oldRuntime))) return;
  const requests = (await (await caches.open(oldRuntime)).keys()).slice(-REFRESH_LIMIT);
  const runtime = await caches.open(RUNTIME);
  const queue = requests.map((r) => r.url).filter((url) => !PRECACHED.has(url));
  async function worker() {
    while (queue.length) {
      const url = queue.shift();
      try {
        const response = await fetch(url, { cache: "no-cache", credentials: "same-origin", priority: "low" });
        if (response.ok) await runtime.put(url, response);
      } catch (error) {
        /* offline again: the page is fetched when next visited */
      }
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}

self.addEventListener("install", (event) => {
  event.waitUntil(install());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== PRECACHE && name !== RUNTIME) await caches.delete(name);
      }
      // The first visit's page is controlled at once, so it works offline from now on.
      await self.clients.claim();
    })()
  );
});

// Pages that came from the network rather than this build's caches: their
// scripts and styles come from the network too (they may be of a newer build).
const liveClients = new Set();

async function cached(key) {
  return (await (await caches.open(PRECACHE)).match(key)) || (await (await caches.open(RUNTIME)).match(key));
}

function newerBuildWaiting() {
  return Boolean(self.registration.installing || self.registration.waiting);
}

async function keep(key, response) {
  // A page of a newer build is not kept among this build's pages.
  if (response.ok && response.type === "basic" && !newerBuildWaiting()) {
    await (await caches.open(RUNTIME)).put(key, response);
  }
}

// A path from the root as the build writes them: plain segments, no scheme, no doubled slash.
const PAGE_PATH = /^(?:[A-Za-z0-9_.~%-]+\/)*[A-Za-z0-9_.~%-]*$/;

/** The offline page, naming the page asked for (?from=) only when that is a plain path of this site. */
function offlinePage(href) {
  const url = new URL(href);
  const path = url.pathname.slice(new URL(ROOT).pathname.length);
  const named = url.href.startsWith(ROOT) && path.length <= 2048 && PAGE_PATH.test(path);
  return Response.redirect(named ? OFFLINE + "?from=" + encodeURIComponent(path) + url.hash : OFFLINE, 302);
}

async function respond(event) {
  const request = event.request;
  const key = keyOf(request.url);
  const navigation = request.mode === "navigate";
  const live = !navigation && liveClients.has(event.clientId);
  if (!live) {
    const hit = await cached(key);
    if (hit) return hit;
  }
  try {
    const response = await fetch(request);
    if (navigation && event.resultingClientId) liveClients.add(event.resultingClientId);
    if (!PRECACHED.has(key)) event.waitUntil(keep(key, response.clone()));
    return response;
  } catch (error) {
    const hit = live ? await cached(key) : null;
    if (hit) return hit;
    if (navigation) return offlinePage(request.url);
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.headers.has("range")) return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.href === self.location.href) return;
  event.respondWith(respond(event));
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  const reply = (message) => event.ports && event.ports[0] && event.ports[0].postMessage(message);
  if (data.type === "skip-waiting") {
    self.skipWaiting();
  } else if (data.type === "keep") {
    // The page the first visit opened (before this worker ran) and what it loaded.
    // Only addresses of this origin ("/" after it: not another port that begins the same).
    const given = Array.isArray(data.urls) ? data.urls.filter((url) => typeof url === "string" && URL.canParse(url)) : [];
    const urls = given.map(keyOf).filter((url) => url.startsWith(self.location.origin + "/") && !PRECACHED.has(url));
    event.waitUntil(
      (async () => {
        for (const url of urls) {
          if (await cached(url)) continue;
          try {
            await keep(url, await fetch(url, { credentials: "same-origin" }));
          } catch (error) {
            /* offline: kept when next visited */
          }
        }
        reply({ type: "kept", build: BUILD.id });
      })()
    );
  } else if (data.type === "build") {
    reply({ type: "build", build: BUILD.id, precached: BUILD.precache.length });
  }
});
