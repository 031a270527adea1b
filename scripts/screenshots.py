#!/usr/bin/env python3
"""Screenshots of the built site, to check readability by eye.

    python scripts/screenshots.py                  # build into a temporary folder first
    python scripts/screenshots.py --site site      # use an existing build

Saves PNGs into screenshots/ (gitignored): a section page, a ruling, a
walkthrough, a diff page when the site has one (a page under */changes/, between two editions), a
rule preview and search results, each at desktop (1280x900) and phone
(390x844) sizes, in light and dark mode. The site is served on 127.0.0.1 and
every request that would leave the machine is blocked (and reported).

Needs Playwright (in the venv) and Debian's Chromium ($CHROMIUM_PATH, else
/usr/bin/chromium; `bash scripts/setup.sh --browser` installs it).
"""

from __future__ import annotations

import argparse
import functools
import html
import http.server
import os
import re
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from chromium import CHROMIUM_ARGS

SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
SCHEMES = ("light", "dark")


def build(into: Path) -> Path:
    site = into / "site"
    env = dict(os.environ)
    env.setdefault("NO_MKDOCS_2_WARNING", "1")
    result = subprocess.run(
        [sys.executable, "-m", "rulesite", "build", "--docs-dir", str(into / "docs"), "--site-dir", str(site)],
        env=env,
        text=True,
        capture_output=True,
    )
    if result.returncode != 0:
        sys.stderr.write(result.stdout + result.stderr)
        raise SystemExit(f"rulesite build failed (exit code {result.returncode})")
    return site


def pages(site: Path) -> list[str]:
    return sorted(
        p.relative_to(site).as_posix()
        for p in site.rglob("*.html")
        if not {"assets", "search"} & set(p.relative_to(site).parts[:-1])
    )


def main_site_pages(site: Path) -> list[str]:
    """Pages of the main language's site (not under es/, fr/, ...)."""
    nested = {c.name for c in site.iterdir() if c.is_dir() and re.fullmatch(r"[a-z]{2}", c.name) and (c / "index.html").is_file()}
    return [p for p in pages(site) if p.split("/")[0] not in nested]


def pick_targets(site: Path) -> list[tuple[str, str, str | None]]:
    """(name, page path + #anchor, action) for each screenshot subject."""
    own = main_site_pages(site)
    texts = {p: (site / p).read_text(encoding="utf-8") for p in own}
    targets: list[tuple[str, str, str | None]] = []

    # A section page, scrolled to its deepest rule with a citation or example nearby.
    best = None
    for p, text in texts.items():
        for m in re.finditer(r'<div class="rule depth-(\d+)"[^>]*?(?:data-rule|id)="([^"]+)"', text):
            depth, number = int(m.group(1)), html.unescape(m.group(2))
            if best is None or depth > best[0]:
                best = (depth, p, number)
    if best:
        targets.append(("section", f"{best[1]}#{best[2]}", None))

    ruling = next((p for p, t in texts.items() if re.search(r'<div class="ruling"', t) and not p.endswith("index.html")), None)
    if ruling:
        targets.append(("ruling", ruling, None))

    walk = next((p for p in own if "/walkthroughs/" in p and not p.endswith("index.html")), None)
    if walk:
        targets.append(("walkthrough", walk, None))
        if 'class="ref"' in texts[walk]:
            targets.append(("preview", walk, "preview"))

    diff = next((p for p in main_site_pages(site) if re.search(r"(^|/)changes/", p)), None)
    if diff:
        targets.append(("diff", diff, None))

    if best:
        parent = best[2].rsplit(".", 1)[0] if "." in best[2] else best[2]
        targets.append(("search", "index.html", f"search:{parent}"))
    return targets


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format, *args):  # noqa: A002
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def shoot(site: Path, out: Path, chromium: Path) -> list[Path]:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    targets = pick_targets(site)
    server, origin = serve(site)
    leaks: list[str] = []
    saved: list[Path] = []

    def guard(route):
        url = route.request.url
        if url.startswith((origin + "/", "data:", "blob:", "about:")):
            route.continue_()
        else:
            leaks.append(url)
            route.abort()

    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(chromium), args=CHROMIUM_ARGS)
            for size, viewport in SIZES.items():
                for scheme in SCHEMES:
                    context = browser.new_context(viewport=viewport, color_scheme=scheme, reduced_motion="reduce")
                    context.route("**/*", guard)
                    page = context.new_page()
                    for name, path, action in targets:
                        page.goto(f"{origin}/{path}")
                        page.wait_for_load_state("networkidle")
                        if action == "preview":
                            ref = page.locator("a.ref").first
                            ref.scroll_into_view_if_needed()
                            ref.hover()
                            page.locator("#rulesite-preview").wait_for(state="visible")
                        elif action and action.startswith("search:"):
                            query = action.split(":", 1)[1]
                            toggle = page.locator('label.md-header__button[for="__search"]')
                            if toggle.is_visible():
                                toggle.click()
                            box = page.locator("input.md-search__input")
                            box.click()
                            box.press_sequentially(query, delay=20)
                            page.locator("a.md-search-result__link").first.wait_for(state="attached", timeout=20_000)
                            page.wait_for_timeout(300)
                        target = out / f"{name}-{size}-{scheme}.png"
                        page.screenshot(path=str(target))
                        saved.append(target)
                        print(f"{target.relative_to(out.parent) if out.parent in target.parents else target}  <- {path}")
                    context.close()
            browser.close()
    finally:
        server.shutdown()
    if leaks:
        print("requests that would have left the machine (blocked):", *sorted(set(leaks)), sep="\n  ", file=sys.stderr)
    return saved


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", type=Path, help="an existing built site (default: build into a temporary folder)")
    parser.add_argument("--out", type=Path, default=Path("screenshots"), help="where to save the PNGs (default: screenshots/)")
    parser.add_argument("--chromium", type=Path, default=Path(os.environ.get("CHROMIUM_PATH") or "/usr/bin/chromium"))
    args = parser.parse_args(argv)
    if not args.chromium.is_file():
        print(f"no Chromium at {args.chromium}: run `bash scripts/setup.sh --browser` or set CHROMIUM_PATH", file=sys.stderr)
        return 2
    if args.site:
        if not (args.site / "index.html").is_file():
            print(f"{args.site} has no index.html: not a built site", file=sys.stderr)
            return 2
        saved = shoot(args.site.resolve(), args.out.resolve(), args.chromium)
    else:
        with tempfile.TemporaryDirectory(prefix="rulesite-shots-") as tmp:
            saved = shoot(build(Path(tmp)), args.out.resolve(), args.chromium)
    print(f"{len(saved)} screenshots in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
