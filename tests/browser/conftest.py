"""Fixtures of the browser tests: Chromium (Playwright), the built site served
over http://127.0.0.1:PORT, and browser contexts that fail the test when a
request would leave the machine or a page throws an uncaught error.

Every test of this folder runs on the real build (`built_site`) and is marked
`browser` (pytestmark in each file).
"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from browser_site import CHROMIUM_ARGS, DESKTOP, Guard, allowed_url, serve


@pytest.fixture(scope="session")
def http_origin(built_site):
    """The built site served on 127.0.0.1 at a free port: 'http://127.0.0.1:PORT'."""
    with serve(built_site.site) as origin:
        yield origin


@pytest.fixture(scope="session")
def browser(chromium_path):
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover - the venv has it
        pytest.fail("playwright is not installed in this environment (pip install -r requirements.txt)")
    playwright = sync_playwright().start()
    try:
        browser = playwright.chromium.launch(executable_path=str(chromium_path), args=CHROMIUM_ARGS)
    except Exception:
        playwright.stop()
        raise
    yield browser
    browser.close()
    playwright.stop()


@pytest.fixture(params=["http", "file"])
def scheme(request) -> str:
    return request.param


@pytest.fixture
def root_url(scheme, built_site, request) -> str:
    """The site root URL, ending in '/', over http:// or file://."""
    if scheme == "http":
        return request.getfixturevalue("http_origin") + "/"
    return built_site.site.resolve().as_uri() + "/"


@pytest.fixture
def browse(browser):
    """browse(root_url, viewport=..., color_scheme=..., permissions=..., init_script=..., touch=...) -> context.

    Each context routes every request through a Guard: anything that is not
    file:, data:, blob: or the test server is aborted and fails the test, as
    does any uncaught error in a page.
    """
    made: list[tuple[object, Guard]] = []

    def make(root: str, viewport=DESKTOP, color_scheme="light", permissions=None, init_script=None, touch=False):
        parts = urlsplit(root)
        origin = f"{parts.scheme}://{parts.netloc}" if parts.scheme in ("http", "https") else None
        context = browser.new_context(viewport=viewport, color_scheme=color_scheme, reduced_motion="reduce", has_touch=touch)
        context.set_default_timeout(15_000)
        guard = Guard(http_origin=origin)
        guard.attach(context)
        if permissions:
            context.grant_permissions(permissions, origin=origin)
        if init_script:
            context.add_init_script(init_script)
        made.append((context, guard))
        return context

    yield make
    problems = []
    for context, guard in made:
        context.close()
        problems += [f"request left the machine: {url}" for url in guard.leaks]
        problems += [f"uncaught error in a page: {error}" for error in guard.errors]
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


@pytest.fixture
def open_context(browser):
    """open_context(origin) -> a fresh browser profile with service workers on,
    whose requests are watched, never routed (routing would bypass the service
    worker): one leaving the machine, or an uncaught page error, fails the test."""
    made = []

    def make(origin: str):
        context = browser.new_context(viewport=DESKTOP, service_workers="allow")
        context.set_default_timeout(20_000)
        leaks, errors = [], []
        context.on("request", lambda r: None if allowed_url(r.url, origin) else leaks.append(r.url))
        context.on("page", lambda p: p.on("pageerror", lambda e: errors.append(f"{p.url}: {e}")))
        made.append((context, leaks, errors))
        return context

    yield make
    problems = []
    for context, leaks, errors in made:
        context.close()
        problems += [f"request left the machine: {u}" for u in leaks] + [f"uncaught error: {e}" for e in errors]
    assert not problems, "\n".join(problems)


@pytest.fixture(scope="session")
def corpora_origin(corpora_site):
    """The full-corpora site served on 127.0.0.1 at a free port: 'http://127.0.0.1:PORT'."""
    with serve(corpora_site.site) as origin:
        yield origin


@pytest.fixture(params=["http", "file"])
def corpora_root(request, corpora_site) -> str:
    """The full-corpora site's root URL, ending in '/', over http:// or file://."""
    if request.param == "http":
        return request.getfixturevalue("corpora_origin") + "/"
    return corpora_site.site.resolve().as_uri() + "/"


@pytest.fixture(scope="session")
def translated_origin(translated_site):
    """The seeds with translated sources (`translated_site`) served on 127.0.0.1."""
    with serve(translated_site.site) as origin:
        yield origin


@pytest.fixture(params=["http", "file"])
def translated_root(request, translated_site) -> str:
    """The translated seeds' site root URL, ending in '/', over http:// or file://."""
    if request.param == "http":
        return request.getfixturevalue("translated_origin") + "/"
    return translated_site.site.resolve().as_uri() + "/"


@pytest.fixture(scope="session")
def translated_editions_origin(translated_editions_site):
    """English 1.0 and 1.1 with a Spanish 1.0 (`translated_editions_site`) served on 127.0.0.1."""
    with serve(translated_editions_site.site) as origin:
        yield origin


@pytest.fixture(params=["http", "file"])
def translated_editions_root(request, translated_editions_site) -> str:
    """That site's root URL, ending in '/', over http:// or file://."""
    if request.param == "http":
        return request.getfixturevalue("translated_editions_origin") + "/"
    return translated_editions_site.site.resolve().as_uri() + "/"
