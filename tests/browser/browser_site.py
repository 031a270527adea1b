"""Helpers for the browser tests: find pages and links in a built site, and
open it in Chromium with every request checked.

Pages are found by reading the built HTML (never hard-coded), so the tests
follow the sources as they grow.
"""

from __future__ import annotations

import functools
import http.server
import posixpath
import re
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlsplit

from rulesite.check.page import classes, find_all, load_page, parse

# Debian's Chromium under Playwright, launched as the screenshot script does it.
from chromium import CHROMIUM_ARGS  # noqa: F401  (the browser tests import it from here)

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def html_pages(site: Path) -> list[str]:
    """Every .html page of the site, as paths relative to the site root."""
    return sorted(
        p.relative_to(site).as_posix()
        for p in site.rglob("*.html")
        if not {"assets", "search"} & set(p.relative_to(site).parts[:-1])
    )


def read(site: Path, page: str) -> str:
    return (site / page).read_text(encoding="utf-8")


def language_roots(site: Path) -> dict[str, str]:
    """Language -> its site root relative to `site` ("" for the main site)."""
    roots = {"": ""}
    for child in sorted(site.iterdir()):
        if child.is_dir() and re.fullmatch(r"[a-z]{2}", child.name) and (child / "index.html").is_file():
            roots[child.name] = child.name + "/"
    lang = load_page(site, "index.html").root.get("lang") or "en"
    roots[lang] = roots.pop("")
    return roots


def ids_of(text: str) -> set[str]:
    return set(parse(text).xpath("//@id"))


@dataclass(frozen=True)
class Link:
    page: str  # the page holding the link, relative to the site root
    href: str  # as written
    rule: str  # its data-rule
    target_page: str  # the page it points at, relative to the site root
    anchor: str  # the fragment, decoded ("" when none)
    kind: str  # "ref" or "keyword"


def links(site: Path, kind: str = "ref", pages: list[str] | None = None):
    """Every <a class="ref|keyword" data-rule href> whose target page exists."""
    for page in pages or html_pages(site):
        for a in find_all(load_page(site, page).root, "a", kind):
            if a.get("href") is None or a.get("data-rule") is None:
                continue
            parts = urlsplit(a.get("href"))
            if parts.scheme or parts.netloc:
                continue
            target = posixpath.normpath(posixpath.join(posixpath.dirname(page), unquote(parts.path))) if parts.path else page
            if not (site / target).is_file():
                continue
            yield Link(page, a.get("href"), a.get("data-rule"), target, unquote(parts.fragment), kind)


@dataclass(frozen=True)
class Rule:
    page: str
    number: str
    short: str  # where it is shared from: the page's rulesite:share pattern with its number ("" when none)
    depth: int


def rules(site: Path, page: str) -> list[Rule]:
    """The rules of a page: <div class="rule depth-N" (id|data-rule)=...>, with the
    share link the page's <meta name="rulesite:share" content="r/1.4/{}.html"> makes of each."""
    found = []
    root = load_page(site, page).root
    share = next((m.get("content", "") for m in find_all(root, "meta") if m.get("name") == "rulesite:share"), "")
    for div in find_all(root, "div", "rule"):
        number = div.get("data-rule") or div.get("id")
        if not number:
            continue
        depth = next((int(c[6:]) for c in classes(div) if re.fullmatch(r"depth-\d+", c)), 0)
        found.append(Rule(page, number, share.replace("{}", number) if "{}" in share else "", depth))
    return found


def rulings(site: Path, page: str) -> list[dict[str, str]]:
    return [dict(div.attrib) for div in find_all(load_page(site, page).root, "div", "ruling")]


def page_kind(page: str) -> str:
    """A name for the kind of a page: its folder, with names that vary replaced by *.

    `riftbound/rulings/foo.html` -> `riftbound/rulings/*.html`,
    `r/832.1.c.2/index.html` -> `r/*/index.html`; index pages and top-level pages
    are kinds of their own.
    """
    parts = page.split("/")
    name = parts[-1]
    folders = parts[:-1]
    if name == "index.html" and len(folders) >= 2 and folders[-2] in ("r", "mtg"):
        folders = folders[:-1] + ["*"]
    elif name != "index.html" and len(folders) >= 1:
        name = "*.html"
    return "/".join(folders + [name])


def _content_classes(site: Path, page: str) -> frozenset[str]:
    """Our own classes used in a page's <article> (not Material's md-*)."""
    parsed = load_page(site, page)
    body = parsed.article if parsed.article is not None else parsed.root
    found: set[str] = set()
    for value in body.xpath(".//@class"):
        found |= {c for c in value.split() if not c.startswith(("md-", "depth-")) and c != "headerlink"}
    return frozenset(found)


def one_page_per_kind(site: Path) -> dict[str, str]:
    """One page of each kind: same language site, same folder pattern
    (page_kind) and same set of our own classes in its content (so a stub, a
    section and an editions page in one folder are different kinds)."""
    roots = list(language_roots(site).values())
    kinds: dict[str, str] = {}
    for page in html_pages(site):
        root = max((r for r in roots if page.startswith(r)), key=len)
        signature = ",".join(sorted(_content_classes(site, page)))
        kinds.setdefault(f"{root}{page_kind(page[len(root) :])} [{signature}]", page)
    return kinds


# --------------------------------------------------------------------------
# A browser context whose every request is checked


def allowed_url(url: str, http_origin: str | None) -> bool:
    """True for a URL that does not leave the machine: file:, data:, blob:,
    and the test's own server http://127.0.0.1:PORT."""
    if url.startswith(("file:", "data:", "blob:")):
        return True
    if url.startswith("about:"):  # about:blank and friends are never fetched
        return True
    return bool(http_origin) and (url == http_origin or url.startswith(http_origin + "/"))


@dataclass
class Guard:
    """Records requests that would leave the machine (and aborts them), and
    uncaught page errors."""

    http_origin: str | None
    leaks: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def attach(self, context) -> None:
        context.route("**/*", self._route)
        context.on("request", self._request)
        context.on("page", self.watch)

    def watch(self, page) -> None:
        page.on("pageerror", lambda error: self.errors.append(f"{page.url}: {error}"))
        page.on("websocket", lambda ws: self.leaks.append(f"websocket {ws.url}"))

    def _route(self, route) -> None:
        url = route.request.url
        if allowed_url(url, self.http_origin):
            route.continue_()
        else:
            self.leaks.append(url)
            route.abort("blockedbyclient")

    def _request(self, request) -> None:
        if not allowed_url(request.url, self.http_origin) and request.url not in self.leaks:
            self.leaks.append(request.url)


def normalize(text: str) -> str:
    return re.sub(r"\s+", " ", text or "").strip()


def lang_root(site: Path, page: str) -> str:
    """The root of the language site holding `page`, relative to the main root ("" or "es/")."""
    return max((r for r in language_roots(site).values() if page.startswith(r)), key=len)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


class _StaticHostHandler(_QuietHandler):
    """Answers an unknown address with the site's 404.html, as static hosts do."""

    not_found = "404.html"  # relative to the served folder

    def send_error(self, code, message=None, explain=None):
        page = Path(self.directory) / self.not_found
        if code != 404 or not page.is_file():
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@contextmanager
def serve(directory: Path, not_found_page: bool | str = False):
    """A built site served on 127.0.0.1 at a free port: yields 'http://127.0.0.1:PORT'.
    With not_found_page, unknown addresses get the site's 404.html (or the page
    it names, relative to `directory`: a site served from a sub-path)."""
    base = _QuietHandler
    if not_found_page:
        name = not_found_page if isinstance(not_found_page, str) else "404.html"
        base = type("_SiteHostHandler", (_StaticHostHandler,), {"not_found": name})
    handler = functools.partial(base, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


# The service worker stamps the page once it has stored the site (assets/offline.js).
# A function, not an expression: Playwright polls an expression with eval in the
# page, which the page's Content Security Policy refuses.
READY = "() => document.documentElement.getAttribute('data-offline-ready')"


def first_visit(context, root: str, timeout_ms: int = 60_000):
    """Opens the home page and waits until the worker has stored the site (the
    full corpora's English site stores over 1,500 files: give it longer)."""
    page = context.new_page()
    page.goto(root + "index.html")
    page.wait_for_function(READY, timeout=timeout_ms)
    return page


def await_every_word_file(page, query: str, timeout_ms: int = 60_000) -> None:
    """Waits until the search box holds `query` and its results were found
    with every file of the word index read: the meta line no longer says it is
    still reading texts (results come as each file arrives, and a word only a
    later file holds is found last)."""
    page.wait_for_function(
        """(query) => {
            const meta = document.querySelector('.md-search-result__meta');
            const input = document.querySelector('input.md-search__input');
            if (!meta || !input || input.value !== query) return false;
            const text = meta.textContent;
            return text && text.indexOf(Rulesite.t('search-more')) < 0 && text !== Rulesite.t('search-loading')
                && text !== Rulesite.t('search-prompt');
        }""",
        arg=query,
        timeout=timeout_ms,
    )
    page.wait_for_timeout(100)  # the last render after the last file
