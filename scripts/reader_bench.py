"""What a reader waits for, measured in Debian's Chromium on a built site.

    .venv/bin/python scripts/reader_bench.py SITE [--out bench/reader.json] [--port N] [--lighthouse DIR]

SITE is a built site (e.g. `rulesite build --corpora ../shared/corpora`). For a
section page, the glossary, a diff page and a ruling, opened cold (fresh
browser context, empty cache) over a local HTTP server, on desktop and on a
phone profile (CPU slowed 4x and a slow network through the DevTools
protocol), it records the bytes fetched (as sent, and uncompressed) and the time until the page is ready
(the load event, and no request for 500 ms after it). It also times typing a
rule number until its result shows, a first word search on the phone profile
from a cold cache (WORD_QUERIES: "reveal", "show off", ...) until its first word result shows,
typed after the tap on the search icon and put in at once with the tap
(--only search: that alone, with the load average), and hovering a rule reference (and a
keyword) right after the page loaded until its preview shows (measured in the
page, from the pointer entering the link). The site is served as static hosts
serve it, text gzip-compressed (--no-gzip: as python's file server, without).
With --lighthouse DIR (a folder where `npm i -E
lighthouse@12.2.3` was run), Lighthouse's mobile audit of the home page, a
section, a ruling, the glossary, a diff page and a short rule page, with
CHROME_PATH=/usr/bin/chromium, --lighthouse-runs times each (the median by
performance is kept, with its metrics). Every figure is recorded with the
load average when it was taken.

A benchmark, not a test: it prints the figures and writes them to --out.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import io
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path

from chromium import CHROMIUM_ARGS

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
# Lighthouse's "slow 4G" mobile profile: 150 ms, 1.6 Mbit/s down, 750 kbit/s up.
SLOW_NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 750e3 / 8}


# Text a static host sends compressed (GitHub Pages, Netlify, nginx's gzip_types).
COMPRESSED_TYPES = ("text/", "application/javascript", "application/json", "image/svg+xml", "application/manifest+json")


class _Quiet(http.server.SimpleHTTPRequestHandler):
    """Python's file server, plus gzip of text as static hosts send it (--no-gzip: without)."""

    gzip = True
    _cache: dict = {}

    def log_message(self, *args):  # noqa: D401 - the benchmark prints its own lines
        pass

    def send_head(self):
        path = self.translate_path(self.path)
        ctype = self.guess_type(path)
        wants = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (self.gzip and wants and os.path.isfile(path) and ctype.startswith(COMPRESSED_TYPES)):
            return super().send_head()
        stamp = os.stat(path).st_mtime_ns
        key = (path, stamp)
        body = self._cache.get(key)
        if body is None:
            body = self._cache[key] = gzip.compress(Path(path).read_bytes(), compresslevel=6)
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        # The browser drops connections it no longer needs (a page left, a run
        # ended): expected, not worth a traceback. Anything else is still printed.
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


@contextmanager
def serve(folder: Path, port: int = 0, compress: bool = True):
    quiet = type("_Served", (_Quiet,), {"gzip": compress})
    handler = functools.partial(quiet, directory=str(folder))
    server = _Server(("127.0.0.1", port), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def pick_pages(site: Path) -> dict[str, str]:
    def first(pattern: str) -> str:
        found = sorted(p.relative_to(site).as_posix() for p in site.glob(pattern))
        return found[0] if found else ""

    return {
        "home": "index.html",
        "section": "riftbound/core-rules/424.html"
        if (site / "riftbound/core-rules/424.html").is_file()
        else first("riftbound/core-rules/[0-9]*.html"),
        # A letter of the heaviest glossary, and the part of the largest diff that holds 424.
        "glossary": first("magic/comprehensive-rules/glossary/[a-z].html") or first("**/glossary*.html"),
        "diff": diff_part(site, "riftbound/core-rules/changes/v1.2-to-v1.4", "424")
        or first("riftbound/core-rules/changes/v*-to-*.html"),
        "ruling": first("riftbound/rulings/[!i]*.html"),
        "short": "r/424.1.html" if (site / "r/424.1.html").is_file() else first("r/*.html"),
        # For hovering rule references: the current section page that has the most.
        "refs": max(
            (p.relative_to(site).as_posix() for p in sorted(site.glob("riftbound/core-rules/[0-9]*.html"))),
            key=lambda path: (site / path).read_text(encoding="utf-8").count('class="ref'),
            default="",
        ),
    }


def diff_part(site: Path, folder: str, section: str) -> str:
    """The part of a split diff that holds `section` ("" when the diff is not split)."""
    for part in sorted((site / folder).glob("*.html")):
        if f'data-section="{section}"' in part.read_text(encoding="utf-8"):
            return part.relative_to(site).as_posix()
    return ""


def cold_view(browser, url: str, profile: dict, slow: bool) -> dict:
    context = browser.new_context(**profile)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    if slow:
        cdp.send("Network.emulateNetworkConditions", SLOW_NETWORK)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    sizes: dict[str, int] = {}
    last = [time.perf_counter()]

    def on_finished(event):
        sizes[event["requestId"]] = event.get("encodedDataLength", 0)
        last[0] = time.perf_counter()

    decoded = [0]  # the same bytes uncompressed, as a page's weight is often quoted

    def on_data(event):
        decoded[0] += event.get("dataLength", 0)

    cdp.on("Network.dataReceived", on_data)
    cdp.on("Network.loadingFinished", on_finished)
    cdp.on("Network.requestWillBeSent", lambda event: last.__setitem__(0, time.perf_counter()))
    start = time.perf_counter()
    page.goto(url, wait_until="load", timeout=120_000)
    loaded = time.perf_counter() - start
    while time.perf_counter() - last[0] < 0.5:  # network quiet for 500 ms
        page.wait_for_timeout(100)
    ready = last[0] - start
    context.close()
    return {
        "bytes": sum(sizes.values()),
        "bytes_uncompressed": decoded[0],
        "requests": len(sizes),
        "load_s": round(loaded, 3),
        "ready_s": round(max(ready, loaded), 3),
    }


def word_to_result(browser, origin: str, query: str, typed: bool) -> dict:
    """A first word search on the phone profile, cold cache, on the loaded home
    page. typed: the search icon tapped and the query typed by Playwright, timed
    from the query typed until the first word result shows (the index loads
    from the tap, while a reader types). Else, in the page's own clock: the
    icon tapped, the box focused and the query in it at once, until the first
    word result shows (nothing of the index loads while a reader types)."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    cdp.send("Network.emulateNetworkConditions", SLOW_NETWORK)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.goto(origin + "/index.html", wait_until="load", timeout=120_000)
    page.wait_for_timeout(1000)
    if typed:
        toggle = page.locator('label.md-header__button[for="__search"]')
        if toggle.is_visible():
            toggle.click()
        box = page.locator("input.md-search__input")
        box.click()
        start = time.perf_counter()
        box.fill(query)
        page.locator("a.md-search-result__link").first.wait_for(state="visible", timeout=60_000)
        took = time.perf_counter() - start
    else:
        took = page.evaluate(AT_ONCE, query) / 1000
    first = page.locator("a.md-search-result__link").first
    text = " ".join(first.inner_text().split())[:80]
    context.close()
    return {"s": round(took, 3), "first": text}


# The search icon tapped, the box focused and the query put in it at once; resolves
# with the milliseconds until the first word result is in the list.
AT_ONCE = """(query) => new Promise((resolve) => {
  const start = performance.now();
  const seen = () => document.querySelector('.md-search-result__item');
  new MutationObserver((_, observer) => {
    if (seen()) { observer.disconnect(); resolve(performance.now() - start); }
  }).observe(document, {subtree: true, childList: true});
  const toggle = document.getElementById('__search');
  toggle.checked = true;
  toggle.dispatchEvent(new Event('change'));
  const input = document.querySelector('input.md-search__input');
  input.focus();
  input.value = query;
  input.dispatchEvent(new Event('input', {bubbles: true}));
  input.dispatchEvent(new KeyboardEvent('keyup', {bubbles: true, key: query.slice(-1)}));
})"""


def number_to_result(browser, origin: str, number: str) -> float:
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    page.goto(origin + "/index.html", wait_until="load")
    box = page.locator("input.md-search__input")
    box.click()
    start = time.perf_counter()
    box.fill(number)
    page.locator(".rulesite-jump a.rulesite-jump__link").first.wait_for(state="visible", timeout=60_000)
    took = time.perf_counter() - start
    context.close()
    return round(took, 3)


# Times, in the page, from the pointer entering a link to its preview showing.
HOVER_CLOCK = """() => { window.__hover = new Promise(resolve => {
  let start = null;
  document.addEventListener('mouseover', e => {
    if (start === null && e.target.closest && e.target.closest('a.ref, a.keyword')) start = performance.now();
  }, true);
  new MutationObserver(() => {
    const box = document.getElementById('rulesite-preview');
    if (start !== null && box && !box.hidden) resolve(performance.now() - start);
  }).observe(document.body, {subtree: true, childList: true, attributes: true, attributeFilter: ['hidden']});
}); }"""


def hover_to_preview(browser, origin: str, page_path: str, links: str = "article a.ref, article a.keyword") -> float | None:
    """Seconds from hovering the first such link, right after the page loaded, to its preview."""
    context = browser.new_context(**DESKTOP)
    page = context.new_page()
    page.goto(f"{origin}/{page_path}", wait_until="load")
    link = page.locator(links).first
    if link.count() == 0:
        context.close()
        return None
    link.scroll_into_view_if_needed()
    page.mouse.move(0, 0)
    page.evaluate(HOVER_CLOCK)
    link.hover()
    took = page.evaluate("window.__hover") / 1000
    context.close()
    return round(took, 3)


def lighthouse(folder: Path, url: str) -> dict:
    binary = folder / "node_modules" / ".bin" / "lighthouse"
    out = subprocess.run(
        [
            str(binary),
            url,
            "--quiet",
            "--output=json",
            "--output-path=stdout",
            "--form-factor=mobile",
            "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
        ],
        capture_output=True,
        text=True,
        env=dict(os.environ, CHROME_PATH=CHROMIUM),
        timeout=600,
    )
    if out.returncode != 0:
        return {"error": out.stderr[-300:]}
    report = json.loads(out.stdout)
    figures = {name: round((cat.get("score") or 0) * 100) for name, cat in report["categories"].items()}
    audits = report["audits"]
    for key, audit in LIGHTHOUSE_METRICS.items():
        value = audits.get(audit, {}).get("numericValue")
        figures[key] = round(value, 3) if value is not None else None
    figures["failing"] = sorted(
        name
        for cat in ("accessibility", "best-practices", "seo")
        for ref in report["categories"][cat]["auditRefs"]
        if ref.get("weight") and (audits[ref["id"]].get("score") is not None) and audits[ref["id"]]["score"] < 1
        for name in [ref["id"]]
    )
    return figures


# What the performance score is made of (ms; CLS unitless), and the DOM's size.
LIGHTHOUSE_METRICS = {
    "fcp_ms": "first-contentful-paint",
    "lcp_ms": "largest-contentful-paint",
    "tbt_ms": "total-blocking-time",
    "cls": "cumulative-layout-shift",
    "si_ms": "speed-index",
    "dom_nodes": "dom-size",
}


def reader_timings(browser, origin: str, pages: dict, runs_per: int, results: dict) -> None:
    for name in ("section", "glossary", "diff", "ruling"):
        if name not in pages:
            continue
        for profile, slow, label in ((DESKTOP, False, "desktop"), (PHONE, True, "phone-4x-slow")):
            runs = [cold_view(browser, f"{origin}/{pages[name]}", profile, slow) for _ in range(runs_per)]
            figure = {key: statistics.median(r[key] for r in runs) for key in runs[0]}
            figure["load_average"] = load_average()
            results["cold"][f"{name}/{label}"] = figure
            print(
                f"{name:<9} {label:<14} {figure['bytes'] / 1024:8.0f} KB ({figure['bytes_uncompressed'] / 1024:.0f} KB "
                f"uncompressed)  {figure['requests']:3} requests  "
                f"load {figure['load_s']:.2f} s  ready {figure['ready_s']:.2f} s  (load average {figure['load_average']})"
            )
    results["number_to_result_s"] = statistics.median(number_to_result(browser, origin, "424.1") for _ in range(runs_per))
    print(f"typing '424.1' to its result: {results['number_to_result_s']:.3f} s")
    word_search(browser, origin, runs_per, results)
    results["hover_to_preview_s"] = {}
    for kind, links, where in (("ref", "article a.ref", "refs"), ("keyword", "article a.keyword", "section")):
        hover = [hover_to_preview(browser, origin, pages[where], links) for _ in range(runs_per)]
        hover = [h for h in hover if h is not None]
        results["hover_to_preview_s"][kind] = statistics.median(hover) if hover else None
        print(f"hover to preview ({kind}) on {pages[where]}: {results['hover_to_preview_s'][kind]} s {hover}")


# The first word searches timed: keywords naming a section, a section's title,
# a card's name, a word only a ruling's title holds, one only rulings' texts
# hold, and a typo.
WORD_QUERIES = ("reveal", "show off", "rune pools", "zhonya", "overkill", "dogpile", "revael")


def word_search(browser, origin: str, runs_per: int, results: dict) -> None:
    results["word_to_result_phone_s"] = {}
    for query in WORD_QUERIES:
        figure = results["word_to_result_phone_s"][query] = {}
        for typed, name in ((True, "typed"), (False, "at_once")):
            runs = [word_to_result(browser, origin, query, typed) for _ in range(runs_per)]
            times = [r["s"] for r in runs]
            figure[name] = {"median_s": statistics.median(times), "runs_s": times, "first": runs[0]["first"]}
            print(
                f"phone, cold, {query!r} {name}: first word result after {statistics.median(times):.3f} s {times}; "
                f"first: {runs[0]['first']!r}"
            )
    results["word_to_result_load_average"] = load_average()
    print(f"load average: {results['word_to_result_load_average']}")


def load_average() -> list[float]:
    """The machine's load (1, 5 and 15 minutes): each figure is read beside it."""
    return [round(x, 2) for x in os.getloadavg()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("site", type=Path)
    parser.add_argument("--out", type=Path, default=Path("bench/reader.json"))
    parser.add_argument("--runs", type=int, default=3, help="cold views per page and profile (median reported)")
    # A site built with --site-url http://127.0.0.1:PORT/ is measured as published:
    # its canonical links and og:url name the address it is served at.
    parser.add_argument("--port", type=int, default=0, help="serve the site on this port (default: any free one)")
    parser.add_argument("--no-gzip", action="store_true", help="serve uncompressed (python's file server as it is)")
    parser.add_argument(
        "--only",
        choices=("cold", "lighthouse", "search", "offline"),
        help="run only the cold views and timings, only Lighthouse, only the first word search, or only a first visit's offline fill",
    )
    parser.add_argument("--lighthouse", type=Path, metavar="DIR", help="folder with node_modules/.bin/lighthouse")
    parser.add_argument(
        "--lighthouse-runs", type=int, default=3, help="Lighthouse runs per page (the median by performance is kept)"
    )
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    pages = {k: v for k, v in pick_pages(args.site).items() if v}
    results: dict = {"pages": pages, "cold": {}, "lighthouse": {}}
    with serve(args.site, args.port, not args.no_gzip) as origin, sync_playwright() as pw:
        if args.only == "search":
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            word_search(browser, origin, args.runs, results)
            browser.close()
        elif args.only == "offline":
            results["offline_first_visit"] = offline_first_visit(pw, origin, pages.get("home", "index.html"))
        elif args.only != "lighthouse":
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            reader_timings(browser, origin, pages, args.runs, results)
            browser.close()
            results["offline_first_visit"] = offline_first_visit(pw, origin, pages.get("home", "index.html"))
        if args.lighthouse and args.only != "cold":
            for name in ("home", "section", "ruling", "glossary", "diff", "short"):
                if name in pages:
                    runs = [lighthouse(args.lighthouse, f"{origin}/{pages[name]}") for _ in range(args.lighthouse_runs)]
                    runs = [r for r in runs if "error" not in r] or runs[:1]
                    runs.sort(key=lambda r: r.get("performance", -1))
                    results["lighthouse"][name] = middle = runs[len(runs) // 2]
                    results["lighthouse"][name]["performance_runs"] = [r.get("performance") for r in runs]
                    results["lighthouse"][name]["load_average"] = load_average()
                    print(f"lighthouse {name:<9} {middle}")
    results["load_average"] = load_average()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


def offline_first_visit(pw, origin: str, home: str = "index.html", runs: int = 1) -> dict:
    """A first visit on the phone profile (fresh profile, service workers on),
    from opening the home page until the service worker has stored everything
    it stores for offline use (<html data-offline-ready>, assets/offline.js):
    seconds, requests and bytes as sent (the page's and the worker's), with the
    load average. The page's own requests are slowed as the phone's are; the
    worker's are not (the DevTools protocol slows a page's, not a worker's), so
    `phone_network_s` adds what its bytes and requests take at 1.6 Mbit/s and
    150 ms (4 at a time, as the worker fetches)."""
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    found = []
    for _ in range(runs):
        context = browser.new_context(**PHONE, service_workers="allow")
        requests = []
        context.on("requestfinished", lambda request, into=requests: into.append(request))
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", SLOW_NETWORK)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
        start = time.perf_counter()
        page.goto(f"{origin}/{home}", wait_until="load", timeout=300_000)
        loaded = time.perf_counter() - start
        page.wait_for_function("() => document.documentElement.getAttribute('data-offline-ready')", timeout=900_000)
        stored = time.perf_counter() - start
        sent = worker_sent = worker_requests = 0
        for request in requests:
            sizes = request.sizes()
            size = sizes.get("responseBodySize", 0) + sizes.get("responseHeadersSize", 0)
            sent += size
            if request.service_worker is not None:
                worker_sent += size
                worker_requests += 1
        wire = worker_sent / SLOW_NETWORK["downloadThroughput"] + worker_requests / 4 * SLOW_NETWORK["latency"] / 1000
        found.append(
            {
                "load_s": round(loaded, 3),
                "stored_s": round(stored, 3),
                "requests": len(requests),
                "bytes": sent,
                "worker_requests": worker_requests,
                "worker_bytes": worker_sent,
                "phone_network_s": round(stored + wire, 3),
            }
        )
        context.close()
    browser.close()
    found.sort(key=lambda r: r["stored_s"])
    result = dict(found[len(found) // 2], load_average=load_average())
    print(
        f"offline   first visit stored in {result['stored_s']} s, {result['bytes'] / 2**20:.1f} MB in {result['requests']} requests"
        f" (load average {result['load_average']})"
    )
    return result


if __name__ == "__main__":
    sys.exit(main())
