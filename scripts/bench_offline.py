"""Offline use, measured on a built site: what a first visit stores, and how
long until the site works with the network gone.

    .venv/bin/rulesite build --corpora ../shared/corpora --site-dir /some/site
    .venv/bin/python scripts/bench_offline.py /some/site [--out bench/offline.json]

The site is served on 127.0.0.1 (a secure context, where service workers run).
For each profile, a fresh Chromium profile opens the home page and the script
records:

- first view: from navigation start to the load event (the worker registers
  after it, so it cannot slow this);
- usable offline: from navigation start until the worker has stored the shell,
  the indexes and the current editions' rule texts and this page
  (<html data-offline-ready>, set by assets/offline.js);
- then the server is stopped and the script checks that a rule of a current
  edition still shows (the offline page) and that the home page opens;
- the load average when the visit ended.

Profiles: "desktop" (no throttling) and "slow phone": CPU 4x slower (DevTools
protocol) and a slow network made by the server itself, so it also slows the
worker's own downloads (DevTools throttling does not reach service workers):
150 ms before each response and 1.6 Mbit/s shared by all connections.

The precache per language (files, bytes stored, requests and bytes a first
visit fetches) comes from check/offline_app.py. Each figure
is one run; repeat on a quiet machine for numbers to compare.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import threading
import time
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

from rulesite.check.offline_app import check_precache
from chromium import CHROMIUM_ARGS, chromium_path
from rulesite.common.precache import PRECACHE_BUDGET

# A function: Playwright polls an expression with eval, which the page's policy refuses.
READY = "() => document.documentElement.getAttribute('data-offline-ready')"
SLOW = {"latency_s": 0.150, "bytes_per_s": 1.6e6 / 8, "cpu": 4}


class Limiter:
    """One link for every connection: each chunk waits for its share of time."""

    def __init__(self, bytes_per_s: float):
        self.rate = bytes_per_s
        self.free_at = time.monotonic()
        self.lock = threading.Lock()

    def wait(self, size: int) -> None:
        with self.lock:
            start = max(self.free_at, time.monotonic())
            self.free_at = start + size / self.rate
            until = self.free_at
        time.sleep(max(0.0, until - time.monotonic()))


class Handler(http.server.SimpleHTTPRequestHandler):
    limiter: Limiter | None = None
    latency = 0.0

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass

    def send_head(self):
        if self.latency:
            time.sleep(self.latency)
        return super().send_head()

    def copyfile(self, source, outputfile):
        if self.limiter is None:
            return super().copyfile(source, outputfile)
        while chunk := source.read(16 * 1024):
            self.limiter.wait(len(chunk))
            outputfile.write(chunk)


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        pass  # the browser dropping a connection when the server stops is expected here


def serve(site: Path, slow: bool):
    attrs = {"limiter": Limiter(SLOW["bytes_per_s"]), "latency": SLOW["latency_s"]} if slow else {}
    handler = functools.partial(type("Throttled", (Handler,), attrs), directory=str(site))
    server = Server(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def one_rule(site: Path) -> str:
    """A rule of a current edition, as "page#number": from the number table
    (assets/numbers.js) where the site has one, else from the preview data."""
    numbers = site / "assets" / "numbers.js"
    if numbers.is_file():
        table = json.loads(
            numbers.read_text(encoding="utf-8").removeprefix("window.RULESITE_NUMBERS = ").rstrip().removesuffix(";")
        )
        doc, page, listed = next(row for row in table["pages"] if table["docs"][row[0]]["current"])
        return f"{page}#{listed.split()[-1]}"
    text = (site / "assets" / "previews.js").read_text(encoding="utf-8")
    data = json.loads(text.removeprefix("window.RULESITE_PREVIEWS = ").rstrip().removesuffix(";"))
    return next(key for key in data if "#" in key and "/v" not in key)


def run(browser, site: Path, profile: str) -> dict:
    slow = profile == "slow phone"
    server = serve(site, slow)
    root = f"http://127.0.0.1:{server.server_address[1]}/"
    context = browser.new_context(service_workers="allow")
    page = context.new_page()
    if slow:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": SLOW["cpu"]})
    try:
        page.goto(root + "index.html", wait_until="load", timeout=600_000)
        page.wait_for_function(READY, timeout=900_000, polling=100)
        timing = page.evaluate(
            "(() => { const n = performance.getEntriesByType('navigation')[0];"
            " return {load: n.loadEventEnd, now: performance.now()}; })()"
        )
    finally:
        server.shutdown()
        server.server_close()
    context.set_offline(True)
    rule = one_rule(site)
    page.goto(root + rule)
    # The offline page's script fills its box after the load: wait for the rule (or the stored page's anchor).
    target = f'.offline-rule--target, [id="{rule.split("#")[1]}"]'
    try:
        page.wait_for_selector(target, state="attached", timeout=30_000)
        shown = True
    except PlaywrightTimeout:
        shown = False
    page.goto(root + "index.html")
    home = page.locator("article").count() == 1
    context.close()
    return {
        "first_view_s": round(timing["load"] / 1000, 2),
        "usable_offline_s": round(timing["now"] / 1000, 2),
        "offline_rule_shown": shown,
        "offline_home_opens": home,
        # The machine's load when the visit ended: figures on a busy machine read beside it.
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=Path, help="a built site (rulesite build --site-dir)")
    parser.add_argument("--out", type=Path, default=Path("bench") / "offline.json")
    parser.add_argument("--profiles", nargs="+", default=["desktop", "slow phone"])
    args = parser.parse_args()
    problems, precaches = check_precache(args.site)
    report = {
        "budget_mb": PRECACHE_BUDGET / 2**20,
        "precache": {
            p.worker: {
                "files": p.files,
                "mb": round(p.size / 2**20, 2),
                "requests": p.requests,
                "fetched_mb": round(p.fetched / 2**20, 2),
                "build": p.build,
            }
            for p in precaches
        },
        "problems": [f"{where}: {message}" for where, message in problems],
        "profiles": {},
    }
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        for profile in args.profiles:
            report["profiles"][profile] = run(browser, args.site, profile)
            print(profile, report["profiles"][profile], flush=True)
        browser.close()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    for worker, figures in report["precache"].items():
        print(
            f"{worker}: {figures['files']} files, {figures['mb']} MB precached, fetched in {figures['requests']}"
            f" requests ({figures['fetched_mb']} MB; budget {report['budget_mb']:.0f} MB)"
        )
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
