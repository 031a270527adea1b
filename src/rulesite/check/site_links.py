"""Checks the built site (the HTML MkDocs wrote), independent of how it was made.

Two checks, each returning a list of problems as ``"page.html: line N: message"``
(page paths relative to the site folder, with ``/``):

``check_site(site_dir)``
    Every internal link leads somewhere: each ``href`` of ``<a>``, ``<area>`` and
    ``<link>``, each ``src`` and each ``<meta http-equiv="refresh">`` target that
    is relative (or absolute from the site root, ``/x``) must name an existing
    file (a folder means its ``index.html``), and each ``#fragment`` on an HTML
    target must be an ``id`` (or an ``<a name>``) on that page. This repeats
    MkDocs' own ``validation`` on the output, so it also covers links that
    templates, plugins or the build wrote outside Markdown.

``check_offline(site_dir)``
    The site reads offline (also from ``file://``): no page or asset loads
    anything from the network. See the comments at ``_KNOWN_HOSTS`` and
    ``_BUNDLED_THEME_URLS`` for what counts and what the theme may contain.

Only the standard library is used, so the module also runs as a plain script:
``rulesite check SITE_DIR``.
"""
from __future__ import annotations

import argparse
import os
import posixpath
import re
import sys
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

# --------------------------------------------------------------------------
# Parsing


@dataclass
class _Ref:
    """A URL found in a page: where (line), in what (``<a href>``), the value."""

    line: int
    what: str
    url: str


@dataclass
class _Page:
    ids: set[str] = field(default_factory=set)
    # URLs that must resolve (internal links and resources).
    links: list[_Ref] = field(default_factory=list)
    # URLs the browser fetches on its own when it shows the page.
    loads: list[_Ref] = field(default_factory=list)
    # CSS from <style> elements and style="" attributes: (line, text).
    css: list[tuple[int, str]] = field(default_factory=list)
    # Elements that make Material's JavaScript fetch from the network.
    mermaid_lines: list[int] = field(default_factory=list)
    source_repo: list[_Ref] = field(default_factory=list)


# rel values of <link> that do not make the browser fetch anything. A <link> is
# a load unless all of its rel tokens are in this set ("alternate stylesheet"
# still loads a stylesheet).
_NON_LOADING_RELS = frozenset(
    {"canonical", "alternate", "prev", "next", "author", "license", "help", "me", "bookmark", "external"}
)

_REFRESH_URL = re.compile(r"""^\s*\d*\s*[;,]?\s*url\s*=\s*['"]?([^'"]*)""", re.IGNORECASE)


class _PageParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = _Page()
        self._in_style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        line = self.getpos()[0]
        page = self.page
        a = {name: (value or "") for name, value in attrs}

        if "id" in a:
            page.ids.add(a["id"])
        if tag == "a" and "name" in a:
            page.ids.add(a["name"])

        if tag in ("a", "area") and "href" in a:
            page.links.append(_Ref(line, f"<{tag} href>", a["href"]))
        if tag == "link" and "href" in a:
            ref = _Ref(line, "<link href>", a["href"])
            page.links.append(ref)
            rels = set(a.get("rel", "").lower().split())
            if not rels or not rels <= _NON_LOADING_RELS:
                page.loads.append(ref)
        if "src" in a:
            ref = _Ref(line, f"<{tag} src>", a["src"])
            page.links.append(ref)
            page.loads.append(ref)
        if "srcset" in a:
            for candidate in a["srcset"].split(","):
                url = candidate.strip().split(" ")[0]
                if url:
                    page.loads.append(_Ref(line, f"<{tag} srcset>", url))
        if "poster" in a:
            page.loads.append(_Ref(line, f"<{tag} poster>", a["poster"]))
        if tag == "object" and "data" in a:
            page.loads.append(_Ref(line, "<object data>", a["data"]))
        if tag in ("use", "image"):  # SVG: <use href>, <image xlink:href>
            for name in ("href", "xlink:href"):
                if name in a:
                    page.loads.append(_Ref(line, f"<{tag} {name}>", a[name]))
        if tag == "meta" and a.get("http-equiv", "").lower() == "refresh":
            m = _REFRESH_URL.match(a.get("content", ""))
            if m and m.group(1).strip():
                page.links.append(_Ref(line, "<meta refresh>", m.group(1).strip()))
        if "style" in a:
            page.css.append((line, a["style"]))
        if tag == "style":
            self._in_style = True

        # Material's bundle fetches mermaid.js from unpkg.com for every
        # <pre class="mermaid">, and repository facts from the GitHub/GitLab API
        # for the header's repository link (theme `repo_url`).
        if tag == "pre" and "mermaid" in a.get("class", "").split():
            page.mermaid_lines.append(line)
        if a.get("data-md-component") == "source" and re.search(r"github\.com|gitlab", a.get("href", ""), re.I):
            page.source_repo.append(_Ref(line, "repository link", a["href"]))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag == "style":
            self._in_style = False

    def handle_endtag(self, tag: str) -> None:
        if tag == "style":
            self._in_style = False

    def handle_data(self, data: str) -> None:
        if self._in_style:
            self.page.css.append((self.getpos()[0], data))


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace")


def _parse_page(path: Path) -> _Page:
    parser = _PageParser()
    parser.feed(_read(path))
    parser.close()
    return parser.page


class _Site:
    """All files of a built site, and each HTML page parsed once."""

    def __init__(self, site_dir: Path) -> None:
        self.root = Path(site_dir)
        self.files: set[str] = set()
        self.dirs: set[str] = {""}
        for dirpath, dirnames, filenames in os.walk(self.root):
            rel = Path(dirpath).relative_to(self.root).as_posix()
            rel = "" if rel == "." else rel
            for d in dirnames:
                self.dirs.add(posixpath.join(rel, d))
            for f in filenames:
                self.files.add(posixpath.join(rel, f))
        self.pages: dict[str, _Page] = {
            rel: _parse_page(self.root / rel) for rel in sorted(self.files) if rel.endswith(".html")
        }


# --------------------------------------------------------------------------
# Internal links and fragments

# Fragments that need no element with that id: "#" alone (and an empty one)
# means the top of the page, and so does "#top" by the HTML standard when no
# element has id "top". Material's own "#__..." links all point at ids that are
# on the page, so they need no exception.
_FRAGMENTS_ALWAYS_OK = frozenset({"", "top"})


def _is_external(url: str) -> bool:
    """A URL with a scheme (https:, mailto:, javascript:, data:...) or //host."""
    return bool(urlsplit(url).scheme) or url.startswith("//")


def _resolve(site: _Site, page: str, path: str) -> tuple[str | None, str | None]:
    """(target file, None) or (None, reason) for a URL path seen on `page`."""
    if not path:
        return page, None
    decoded = unquote(path)
    if decoded.startswith("/"):
        joined = decoded.lstrip("/")
    else:
        joined = posixpath.join(posixpath.dirname(page), decoded)
    target = posixpath.normpath(joined) if joined else ""
    if target == ".":
        target = ""
    if target == ".." or target.startswith("../"):
        return None, "points outside the site"
    if target in site.dirs:
        index = posixpath.join(target, "index.html") if target else "index.html"
        if index in site.files:
            return index, None
        return None, f"folder {target or '/'} has no index.html"
    if decoded.endswith("/"):
        return None, f"no folder {target}"
    if target in site.files:
        return target, None
    return None, f"no file {target}"


def _site_link_problems(site: _Site) -> list[str]:
    problems: list[str] = []
    for page, info in site.pages.items():
        if page.rsplit("/", 1)[-1] == "404.html":
            # MkDocs writes the error page with root-absolute links ("/", "/../es/")
            # because it cannot know where a web server mounts it; it is only
            # ever shown by such a server, never opened or linked to.
            continue
        seen: set[tuple[str, str]] = set()
        for ref in info.links:
            url = ref.url.strip()
            if _is_external(url):
                continue
            parts = urlsplit(url)
            target, reason = _resolve(site, page, parts.path)
            if target is None:
                msg = f"{ref.what} {ref.url!r}: {reason}"
            elif parts.fragment and target.endswith(".html"):
                ids = site.pages[target].ids
                raw = parts.fragment
                # Browsers try the fragment as written, then percent-decoded.
                if raw in ids or unquote(raw) in ids or raw.lower() in _FRAGMENTS_ALWAYS_OK:
                    continue
                where = "this page" if target == page else target
                msg = f"{ref.what} {ref.url!r}: no id {unquote(raw)!r} on {where}"
            else:
                continue
            if (ref.url, msg) in seen:
                continue
            seen.add((ref.url, msg))
            problems.append(f"{page}: line {ref.line}: {msg}")
    return problems


def check_site(site_dir: Path) -> list[str]:
    """Problems with internal links and anchors of the built site in `site_dir`."""
    site_dir = Path(site_dir)
    if not site_dir.is_dir():
        return [f"{site_dir}: not a folder"]
    site = _Site(site_dir)
    if not site.pages:
        return [f"{site_dir}: no .html pages"]
    return _site_link_problems(site)


# --------------------------------------------------------------------------
# Offline: nothing is fetched from the network

# A URL the browser would fetch from another machine.
_NETWORK_URL = re.compile(r"^\s*(?:https?:)?//", re.IGNORECASE)
# CSS url(...) and @import whose target is such a URL. data: URIs (Material's
# CSS has many inline SVGs that mention http://www.w3.org/2000/svg) start with
# "data:" and never match.
_CSS_LOADS = re.compile(
    r"""(?:url\(\s*['"]?|@import\s+['"])\s*((?:https?:)?//[^'")\s;]*)""",
    re.IGNORECASE,
)

# Hosts that only ever serve things a page loads (fonts, CDN scripts, tracking).
# Their name anywhere in an .html, .js or .css file is a problem, even where no
# src=/url() shows it (e.g. JavaScript that inserts a <script> itself).
_KNOWN_HOSTS = (
    "fonts.googleapis.com",
    "fonts.gstatic.com",
    "cdn.jsdelivr.net",
    "unpkg.com",
    "googletagmanager",
    "google-analytics",
)

# What Material 9.8.1 itself ships (checked in its
# templates/assets/javascripts/bundle.a5f9d56c.min.js): its bundle contains
# exactly two of those hosts, in code that runs only on demand:
#   - https://unpkg.com/resize-observer-polyfill: loaded only when the browser
#     lacks ResizeObserver, which every browser has had since 2020 (Chromium 64,
#     Firefox 69, Safari 13.1).
#   - https://unpkg.com/mermaid@11/dist/mermaid.min.js: loaded only when a page
#     has a <pre class="mermaid">; such pages are reported separately below, so
#     the exception holds only while no page uses Mermaid.
# These exact strings are ignored in files named bundle.<hash>.min.js and
# nowhere else; any other mention of a listed host, or a new Material version
# with other URLs, is reported and has to be looked at again.
# Other URLs in the bundle need no exception because they are not listed hosts:
# api.github.com / GitLab API (fetched only for a `repo_url` link in the header,
# reported separately below), clipboardjs.com (a comment). The search worker
# mentions lunrjs.com and tartarus.org in comments only. Source maps (*.map)
# are not checked: browsers fetch them only with developer tools open.
# The `offline` plugin itself adds <script src="https://unpkg.com/iframe-worker/shim">
# unless `extra.polyfills` names the local shim; that <script> is reported.
_BUNDLED_THEME_URLS = (
    "https://unpkg.com/resize-observer-polyfill",
    "https://unpkg.com/mermaid@11/dist/mermaid.min.js",
)
_THEME_BUNDLE_NAME = re.compile(r"^bundle\.[0-9a-f]+\.min\.js$")


def _line_of(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


def _css_problems(css: str, first_line: int) -> list[tuple[int, str]]:
    return [
        (first_line + css.count("\n", 0, m.start()), f"CSS loads {m.group(1)!r} from the network")
        for m in _CSS_LOADS.finditer(css)
    ]


def _host_problems(rel: str, text: str) -> list[str]:
    if _THEME_BUNDLE_NAME.match(posixpath.basename(rel)):
        for allowed in _BUNDLED_THEME_URLS:
            text = text.replace(allowed, " " * len(allowed))  # keeps offsets/lines
    lowered = text.lower()
    problems = []
    for host in _KNOWN_HOSTS:
        index = lowered.find(host)
        if index >= 0:
            count = lowered.count(host)
            times = f" ({count} times)" if count > 1 else ""
            problems.append(f"{rel}: line {_line_of(text, index)}: mentions {host}{times}")
    return problems


def _offline_problems(site: _Site) -> list[str]:
    problems: list[str] = []
    for page, info in site.pages.items():
        for ref in info.loads:
            if _NETWORK_URL.match(ref.url):
                problems.append(f"{page}: line {ref.line}: {ref.what} loads {ref.url!r} from the network")
        for line, css in info.css:
            problems += [f"{page}: line {n}: {msg}" for n, msg in _css_problems(css, line)]
        for line in info.mermaid_lines:
            problems.append(
                f"{page}: line {line}: <pre class=\"mermaid\">: Material loads mermaid.js from unpkg.com for it"
            )
        for ref in info.source_repo[:1]:  # the header and the drawer repeat it
            problems.append(
                f"{page}: line {ref.line}: repository link {ref.url!r}: Material fetches its stars and "
                "version from the GitHub/GitLab API (drop theme repo_url, or accept network use)"
            )
    for rel in sorted(site.files):
        if not rel.endswith((".html", ".js", ".css")):
            continue
        text = _read(site.root / rel)
        if rel in site.pages:
            # Loads reported above need no second "mentions <host>" line.
            for ref in site.pages[rel].loads:
                if _NETWORK_URL.match(ref.url):
                    text = text.replace(ref.url, " " * len(ref.url))
        if rel.endswith(".css"):
            problems += [f"{rel}: line {n}: {msg}" for n, msg in _css_problems(text, 1)]
        problems += _host_problems(rel, text)
    return problems


def check_offline(site_dir: Path) -> list[str]:
    """Problems that would make the built site in `site_dir` use the network."""
    site_dir = Path(site_dir)
    if not site_dir.is_dir():
        return [f"{site_dir}: not a folder"]
    return _offline_problems(_Site(site_dir))


# --------------------------------------------------------------------------
# Command line


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="rulesite check",
        description="Check a built site: internal links and anchors, and that it loads nothing from the network.",
    )
    parser.add_argument("site_dir", type=Path, help="the folder MkDocs built (site/)")
    parser.add_argument("--links-only", action="store_true", help="skip the offline check")
    args = parser.parse_args(argv)

    if not args.site_dir.is_dir():
        print(f"site_links: {args.site_dir}: not a folder", file=sys.stderr)
        return 2
    site = _Site(args.site_dir)
    if not site.pages:
        print(f"site_links: {args.site_dir}: no .html pages", file=sys.stderr)
        return 2
    problems = _site_link_problems(site)
    if not args.links_only:
        problems += _offline_problems(site)
    for problem in problems:
        print(problem)
    n = len(problems)
    print(
        f"site_links: {len(site.pages)} pages, {n} problem{'s' if n != 1 else ''}",
        file=sys.stderr,
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
