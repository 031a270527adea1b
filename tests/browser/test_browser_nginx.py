"""The site served by Debian's nginx with the server blocks of the deployment
guide (docs/deploying.md), as written there but for the port and the
folders: at the root of a host and in a sub-folder of one. The site is copied
there with `cp -r`, as a maintainer ships it, and was built without a site_url.

In Chromium: pages, a short link, the not-found page at three depths, the
service worker; every response carries the documented headers (`hosting.py`,
the same list `_headers` is checked against), no request fails and none leaves
the site's folder. nginx runs as this test's own process, on a free loopback
port, with its configuration, pid and logs in a temporary folder."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from browser_site import first_visit
from hosting import IMMUTABLE, POLICY, expected, guide_blocks
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

MIME_TYPES = Path("/etc/nginx/mime.types")  # Debian's, which the documented blocks expect around them
# What the test changes in each documented block: the port, and the folder the site was copied to.
PLACES = {
    "root": {"listen 80;": "listen 127.0.0.1:{port};", "root /srv/rules/site;": "root {folder};"},
    "sub-folder": {"listen 80;": "listen 127.0.0.1:{port};", "root /srv/www;": "root {folder};"},
}
PREFIX = {"root": "/", "sub-folder": "/rules/"}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _documented(kind: str, port: int, folder: Path) -> str:
    """The guide's server block for `kind`, with only its port and folder changed."""
    blocks = guide_blocks("nginx")
    assert len(blocks) == 2, "the guide should show two nginx server blocks: the root, then a sub-folder"
    block = blocks[0] if kind == "root" else blocks[1]
    for old, new in PLACES[kind].items():
        assert block.count(old) == 1, f"the guide's {kind} block no longer says {old!r}: update the test"
        block = block.replace(old, new.format(port=port, folder=folder))
    return block


@pytest.fixture(scope="module", params=["root", "sub-folder"])
def nginx_host(request, nginx_path, built_site, tmp_path_factory):
    """(origin, prefix): the built site copied with `cp -r` and served by nginx."""
    kind = request.param
    base = tmp_path_factory.mktemp(f"nginx-{kind}")
    www = base / "www"
    www.mkdir()
    target = www / "site" if kind == "root" else www / "rules"
    subprocess.run(["cp", "-r", str(built_site.site), str(target)], check=True)
    port = _free_port()
    user = "user root;\n" if os.geteuid() == 0 else ""  # workers must read the test's own folders
    config = base / "nginx.conf"
    temp = "".join(f"    {name}_temp_path {base}/{name};\n" for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    config.write_text(
        f"{user}daemon off;\nworker_processes 1;\npid {base}/nginx.pid;\nerror_log {base}/error.log;\n"
        "events { worker_connections 64; }\n"
        f"http {{\n    include {MIME_TYPES};\n    default_type application/octet-stream;\n"
        f"    access_log {base}/access.log;\n{temp}" + _documented(kind, port, target if kind == "root" else www) + "}\n",
        encoding="utf-8",
    )
    test = subprocess.run([str(nginx_path), "-t", "-p", str(base), "-c", str(config)], capture_output=True, text=True)
    assert test.returncode == 0, test.stderr
    server = subprocess.Popen([str(nginx_path), "-p", str(base), "-c", str(config)], stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert server.poll() is None, server.stderr.read()
                assert time.monotonic() < deadline, "nginx did not start listening"
                time.sleep(0.05)
        yield f"http://127.0.0.1:{port}", PREFIX[kind]
    finally:
        server.send_signal(signal.SIGQUIT)  # its own process: a graceful stop
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


class Watch:
    """Every response and failed request of a browser context."""

    def __init__(self, context) -> None:
        self.responses: list = []
        self.failed: list[str] = []
        context.on("response", lambda response: self.responses.append(response))
        context.on("requestfailed", lambda request: self.failed.append(f"{request.url}: {request.failure}"))


def _check_responses(watch: Watch, origin: str, prefix: str, not_found: set[str]) -> None:
    """Every response from inside the site's folder, with the documented headers; no
    error but the not-found pages asked for."""
    assert watch.responses, "nothing was loaded"
    wrong = []
    for response in watch.responses:
        url = response.url
        if not url.startswith(origin + "/"):
            continue  # data: and blob: never reach the host
        path = urlsplit(url).path
        assert path.startswith(prefix), f"a request left the site's folder {prefix}: {url}"
        if response.status >= 400 and path not in not_found:
            wrong.append(f"{url}: {response.status}")
            continue
        headers = response.all_headers()
        want = expected(path[len(prefix) :])
        got = {name: headers.get(name) for name in want}
        if got != want:
            wrong.append(f"{url}: {got}")
    assert wrong == [], "\n".join(wrong[:10])
    assert watch.failed == [], "\n".join(watch.failed[:10])


def test_pages_short_links_and_the_service_worker(nginx_host, open_context):
    origin, prefix = nginx_host
    context = open_context(origin)
    watch = Watch(context)
    page = first_visit(context, origin + prefix)  # the worker has stored the site
    assert page.evaluate("() => navigator.serviceWorker.getRegistration().then(r => !!(r && r.active))")
    expect(page.locator("h1").first).to_be_visible()
    section = page.context.new_page()
    section.goto(f"{origin}{prefix}riftbound/core-rules/832.html")
    expect(section.locator('[id="832.1"]')).to_be_attached()
    assert section.locator(".md-header").evaluate("e => getComputedStyle(e).position") == "sticky"
    short = page.context.new_page()
    short.goto(f"{origin}{prefix}r/424.1.html")
    short.wait_for_url(lambda url: urlsplit(url).path == f"{prefix}riftbound/core-rules/424.html")
    expect(short.locator('[id="424.1"]')).to_be_attached()
    spanish = page.context.new_page()
    spanish.goto(f"{origin}{prefix}es/index.html")
    expect(spanish.locator("h1").first).to_be_visible()
    _check_responses(watch, origin, prefix, set())
    # The content-hashed files were among them, cached for good.
    paths = [urlsplit(r.url).path[len(prefix) :] for r in watch.responses if r.url.startswith(origin + prefix)]
    assert any(expected(path)["cache-control"] == IMMUTABLE for path in paths), paths[:20]


@pytest.mark.parametrize(
    ("address", "number"),
    [
        ("832.1.c.9.html", "832.1.c"),
        ("r/832.1.c.9.html", "832.1.c"),
        ("riftbound/core-rules/v9.9/832.1.c.9.html", "832.1.c"),
    ],
    ids=["depth 0", "depth 1", "depth 3"],
)
def test_the_not_found_page_at_any_depth_stays_in_the_sites_folder(nginx_host, open_context, address, number):
    """The page is styled, offers the nearest rule, and every link of it stays in
    the site's folder; nothing it loads fails or comes from outside the folder."""
    origin, prefix = nginx_host
    context = open_context(origin)
    watch = Watch(context)
    page = context.new_page()
    response = page.goto(f"{origin}{prefix}{address}")
    assert response.status == 404
    nearest = page.locator(".not-found-nearest a")
    expect(nearest).to_contain_text(number + " ·")
    assert page.locator(".md-header").evaluate("e => getComputedStyle(e).position") == "sticky"
    hrefs = page.locator("a[href]").evaluate_all("links => links.map(a => a.href)")
    outside = [h for h in hrefs if not (h.startswith(origin + prefix) or h.startswith(page.url.split("#")[0] + "#"))]
    assert hrefs and outside == [], outside
    page.wait_for_load_state("networkidle")
    nearest.click()
    page.wait_for_url(lambda url: urlsplit(url).path == f"{prefix}riftbound/core-rules/832.html")
    _check_responses(watch, origin, prefix, {f"{prefix}{address}"})


def test_the_documented_headers_are_the_tested_ones():
    """The guide's nginx blocks send exactly the policy headers `hosting.py` checks."""
    for block in guide_blocks("nginx"):
        for name, value in POLICY.items():
            assert f'"{value}" always;' in block and name.lower() in block.lower(), (name, block[:200])
