"""The site installs and keeps working with the network gone (Chromium, over
http://127.0.0.1: a secure context, where service workers run).

"Offline" here is real: the test server is shut down (and the context set
offline), so whatever the pages show comes from the service worker's caches.
A second build is then published into the same folder and the server started
again on the same port (same origin, same worker registration): the reader is
told that new rules text is available, and the reloaded page is the new build's.

These contexts route nothing (Playwright's request routing would bypass the
service worker); requests are only watched, and any that leaves the machine
fails the test.
"""

from __future__ import annotations

import functools
import http.server
import shutil
import threading
from pathlib import Path

import pytest

from browser_site import READY, first_visit
from rulesite.check.offline_app import read_build
from buildutil import run_build

pytestmark = pytest.mark.browser

RULING_ID = "ride-the-wind-cannot-flip-a-contested-battlefield"
RULING_PAGE = f"riftbound/rulings/{RULING_ID}.html"
RULINGS_FILE = "riftbound/community-rulings.txt"
OLD_NUANCE = "Nuances: - You can still use Ride the Wind"
NEW_NUANCE = "Nuances: - Checked again for the second build. - You can still use Ride the Wind"


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


class Server:
    """A static server on 127.0.0.1 that can be stopped (the network is gone)
    and started again on the same port (the same origin)."""

    def __init__(self, directory: Path):
        self.directory = directory
        self.port = 0
        self.httpd = None
        self.served: list[str] = []  # the path of every request answered, in order

    def start(self) -> str:
        served = self.served

        class Handler(_Quiet):
            def log_request(self, code="-", size="-"):
                served.append(self.path.split("?")[0])

        handler = functools.partial(Handler, directory=str(self.directory))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", self.port), handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        if self.httpd:
            self.httpd.shutdown()
            self.httpd.server_close()
            self.httpd = None


def build(repo_root: Path, root: Path, site: Path) -> None:
    """The sources in root/rules_src, built into site."""
    result = run_build(repo_root, root, site_dir=site)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]


@pytest.fixture(scope="module")
def seed_build(repo_root: Path, built_site, tmp_path_factory):
    """A copy of the seed sources (rules_src/) beside the seed site (site/: the
    suite's shared `built_site`, the same build of the same sources; read only)."""
    base = tmp_path_factory.mktemp("offline-seed")
    shutil.copytree(repo_root / "rules_src", base / "rules_src")
    (base / "site").symlink_to(built_site.site, target_is_directory=True)
    return base


@pytest.fixture
def workspace(repo_root: Path, seed_build: Path, tmp_path: Path):
    """A copy of the seed sources, and `publish(sub)`: puts the seed site into
    serve/SUB (or serve/ itself) the first time, then builds the (edited)
    sources there, as a maintainer publishes a new build."""
    shutil.copytree(seed_build / "rules_src", tmp_path / "rules_src")
    served = tmp_path / "serve"
    published = []

    def publish(sub: str = "") -> Path:
        site = served / sub if sub else served
        if not published:
            shutil.copytree(seed_build / "site", site)
        else:
            build(repo_root, tmp_path, site)
        published.append(site)
        return site

    return tmp_path, served, publish


def text_of(page) -> str:
    return " ".join(page.locator("article").inner_text().split())


def current_rule(ctx, number: str) -> tuple[str, str]:
    """(section page, text) of rule `number` of a current edition, from the model."""
    from rulesite.site_map.paths import html_path, section_page

    for section in ctx.corpus.sections.values():
        for rule in section.rules:
            if rule.number == number and section.language == "en":
                return html_path(section_page(section.key)), rule.text
    raise AssertionError(f"no current rule {number}")


def test_installable_manifest_icons_and_worker(workspace, open_context):
    _, served, publish = workspace
    site = publish()
    server = Server(site)
    root = server.start() + "/"
    try:
        context = open_context(root.rstrip("/"))
        page = first_visit(context, root)
        manifest_url = page.eval_on_selector('link[rel="manifest"]', "l => l.href")
        manifest = page.evaluate("url => fetch(url).then(r => r.json())", manifest_url)
        assert "Riftbound" in manifest["name"] and "Magic" in manifest["name"]
        assert manifest["display"] == "standalone" and manifest["start_url"] == "./index.html"
        assert manifest["theme_color"] == "#4051b5"
        sizes = {icon["sizes"] for icon in manifest["icons"]}
        assert {"192x192", "512x512"} <= sizes
        for icon in manifest["icons"]:
            # Each icon decodes to the size it claims.
            width = page.evaluate(
                "src => fetch(src).then(r => r.blob()).then(b => createImageBitmap(b)).then(i => i.width)"
                if icon["type"] == "image/png"
                else "src => fetch(src).then(r => r.ok ? 512 : 0)",
                root + icon["src"],
            )
            assert width == (int(icon["sizes"].split("x")[0]) if icon["type"] == "image/png" else 512), icon
        scope = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)")
        assert scope == root
        assert page.evaluate("Boolean(navigator.serviceWorker.controller)")
        colours = page.eval_on_selector_all('meta[name="theme-color"]', "ms => ms.map(m => [m.media, m.content])")
        # One per palette (Material adds one more, without media, that its palette switch updates).
        assert {(m, c) for m, c in colours if m} == {
            ("(prefers-color-scheme: light)", "#4051b5"),
            ("(prefers-color-scheme: dark)", "#4051b5"),
        }
    finally:
        server.stop()


def test_works_offline_after_one_visit(workspace, open_context, ctx):
    _, served, publish = workspace
    site = publish()
    server = Server(site)
    root = server.start() + "/"
    try:
        context = open_context(root.rstrip("/"))
        page = first_visit(context, root)
        page.goto(root + RULING_PAGE)  # a page visited before the network goes
        page.wait_for_function(READY)
        visited = text_of(page)
    finally:
        server.stop()
    context.set_offline(True)

    # A page visited before opens, as it was.
    page.goto(root + RULING_PAGE)
    assert text_of(page) == visited

    # The home page and the indexes were stored on the first visit.
    page.goto(root + "riftbound/rulings/index.html")
    assert page.locator(f"article a[href='{RULING_ID}.html']").count() == 1

    # A rule of a current edition, its page never opened: the offline page shows it.
    section, text = current_rule(ctx, "832.1.c.2")
    page.goto(root + section + "#832.1.c.2")
    assert "offline.html" in page.url
    target = page.locator(".offline-rule--target")
    assert " ".join(target.inner_text().split()).endswith(" ".join(text.split()))

    # A page neither visited nor stored: the offline page, with the rule-number box working.
    page.goto(root + "riftbound/walkthroughs/primordial-roar-frigid-touch.html")
    assert page.locator("h1").inner_text().strip().removesuffix("§") == "Offline"
    assert "primordial-roar-frigid-touch" in page.locator(".offline-asked").inner_text()
    page.fill("#offline-number", "424.1")
    page.click(".offline-jump button")
    first = page.locator(".offline-rule").first
    assert first.locator(".offline-rule__number").inner_text() == "424.1"
    assert " ".join(current_rule(ctx, "424.1")[1].split()) in " ".join(first.inner_text().split())
    page.fill("#offline-number", "999.9")
    page.click(".offline-jump button")
    assert "999.9" in page.locator(".offline-rules").inner_text()


def test_a_first_visit_fetches_the_preview_files_as_one(workspace, open_context):
    """The current editions' preview files (1,500 on the full corpora, each a
    phone's round trip) come in one request a document, and so do the pages'
    data for the offline page (the Core Rules', the rulings'); each file is
    stored under its own URL with the site file's bytes, as if fetched alone."""
    _, served, publish = workspace
    site = publish()
    build = read_build(site / "sw.js")
    # This one-edition site has no histories (test_browser_history.py bundles two editions').
    bundles = build["bundles"]
    assert {b["folder"] for b in bundles} == {
        "assets/previews/riftbound/core-rules/",
        "assets/offline/riftbound/core-rules/",
        "assets/offline/riftbound/rulings/",
    }
    held = [url for url, _, _ in build["precache"] if any(url.startswith(b["folder"]) for b in bundles)]
    assert held
    server = Server(site)
    root = server.start() + "/"
    try:
        context = open_context(root.rstrip("/"))
        page = first_visit(context, root)
        stored = page.evaluate(
            """async ([root, urls]) => {
                const name = (await caches.keys()).find((n) => n.startsWith("rulesite " + new URL(root).pathname + " precache "));
                const cache = await caches.open(name);
                const out = {};
                for (const url of urls) {
                    const hit = await cache.match(root + url);
                    out[url] = hit ? [await hit.text(), hit.headers.get("content-type")] : null;
                }
                return out;
            }""",
            [root, held],
        )
    finally:
        server.stop()
    for bundle in bundles:
        assert server.served.count("/" + bundle["url"]) == 1
        assert [path for path in server.served if path.startswith("/" + bundle["folder"])] == []
    for url in held:
        assert stored[url] is not None, url
        text, content_type = stored[url]
        assert text == (site / url).read_text(encoding="utf-8"), url
        assert content_type.startswith("text/javascript"), url


def test_a_new_build_is_announced_and_never_mixed(workspace, open_context):
    tmp, served, publish = workspace
    site = publish()
    server = Server(site)
    root = server.start() + "/"
    try:
        context = open_context(root.rstrip("/"))
        page = first_visit(context, root)
        first_build = page.evaluate(READY)
        page.goto(root + RULING_PAGE)
        page.wait_for_function(READY)
        assert "Checked again" not in text_of(page)
    finally:
        server.stop()

    # The maintainer publishes a changed ruling while the reader is offline.
    rulings = tmp / "rules_src" / RULINGS_FILE
    text = rulings.read_text(encoding="utf-8")
    assert OLD_NUANCE in text
    rulings.write_text(text.replace(OLD_NUANCE, NEW_NUANCE, 1), encoding="utf-8")
    publish()
    server.start()  # back online, same origin
    try:
        page.goto(root + RULING_PAGE)
        notice = page.locator(".rulesite-update")
        notice.wait_for(timeout=60_000)
        assert "New rules text is available" in notice.inner_text()
        # Until the reader asks, the page is the build being read.
        assert "Checked again" not in text_of(page)
        page.goto(root + "index.html")
        page.wait_for_function(READY)  # set once the page is stored, after load
        assert page.evaluate(READY) == first_build
        page.goto(root + RULING_PAGE)
        page.locator(".rulesite-update button").wait_for()
        other = context.new_page()  # another tab, of the build being read
        other.goto(root + RULING_PAGE)
        other.wait_for_function(READY)
        assert "Checked again" not in text_of(other)
        with page.expect_navigation():
            page.locator(".rulesite-update button").click()
        page.wait_for_function(READY)
        assert "Checked again for the second build" in text_of(page)
        # The other tab reloads too, rather than showing one build's page with the other's scripts.
        other.wait_for_function(
            "() => document.querySelector('article').innerText.includes('Checked again for the second build')"
        )
        assert page.evaluate(READY) != first_build
        assert page.locator(".rulesite-update").count() == 0
    finally:
        server.stop()
    # The new build's copy is the one kept offline.
    context.set_offline(True)
    page.goto(root + RULING_PAGE)
    assert "Checked again for the second build" in text_of(page)


def test_served_from_a_sub_path(workspace, open_context):
    _, served, publish = workspace
    site = publish("sub")
    server = Server(served)
    origin = server.start()
    root = origin + "/sub/"
    try:
        context = open_context(origin)
        page = first_visit(context, root)
        assert page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)") == root
    finally:
        server.stop()
    context.set_offline(True)
    page.goto(root + "riftbound/walkthroughs/primordial-roar-frigid-touch.html")
    assert page.url.startswith(root + "offline.html")
    assert page.locator("h1").inner_text().strip().removesuffix("§") == "Offline"
    # The offline page is the whole site's shell: its stylesheet came from the cache.
    assert page.evaluate("getComputedStyle(document.querySelector('.md-header')).position") in ("sticky", "fixed")
    page.fill("#offline-number", "832.1")
    page.click(".offline-jump button")
    assert page.locator(".offline-rule__number").first.inner_text() == "832.1"
    assert (site / "sw.js").is_file()


def test_from_disk_nothing_registers(workspace, open_context):
    _, served, publish = workspace
    site = publish()
    context = open_context("")
    page = context.new_page()
    page.goto(site.resolve().as_uri() + "/index.html")
    page.wait_for_load_state("load")
    page.wait_for_timeout(500)
    assert page.evaluate(READY) is None
    assert page.locator(".rulesite-update").count() == 0
    assert page.locator("article h1").count() == 1


def test_another_languages_site_is_not_reloaded_when_its_worker_takes_over(workspace, open_context):
    """The English worker's scope holds /es/, so the first Spanish page is
    served by it; when the Spanish worker then takes over, the page must stay
    as it is (a reload there lost the reader's place, and cut off whatever the
    reader opened next)."""
    _, served, publish = workspace
    site = publish()
    assert (site / "es" / "sw.js").is_file()
    server = Server(site)
    root = server.start() + "/"
    try:
        context = open_context(root.rstrip("/"))
        page = first_visit(context, root)
        loads = []
        page.on("load", lambda: loads.append(page.url))
        page.goto(root + "es/index.html")
        page.evaluate("window.__stayed = true")
        page.wait_for_function(
            "() => navigator.serviceWorker.controller && navigator.serviceWorker.controller.scriptURL.endsWith('/es/sw.js')",
            timeout=60_000,
        )
        page.wait_for_function(READY, timeout=60_000)
        page.wait_for_timeout(500)  # a reload, if one were coming, has started by now
        assert loads == [root + "es/index.html"]
        assert page.evaluate("window.__stayed === true")
    finally:
        server.stop()
