"""Checks the built site (the HTML MkDocs wrote), independent of how it was made.

Two checks of the whole site, each made of a per-page part (run where the page
is parsed, see `check/run.py`) and a site-wide part:

links
    Every internal link leads somewhere: each ``href`` of ``<a>``, ``<area>`` and
    ``<link>``, each ``src`` and each ``<meta http-equiv="refresh">`` target that
    is relative (or absolute from the site root, ``/x``) must name an existing
    file (a folder means its ``index.html``), and each ``#fragment`` on an HTML
    target must be an ``id`` (or an ``<a name>``) on that page. This repeats
    MkDocs' own ``validation`` on the output, so it also covers links that
    templates, plugins or the build wrote outside Markdown.

offline
    The site reads offline (also from ``file://``): no page or asset loads
    anything from the network. See the comments at ``_KNOWN_HOSTS`` and
    ``_BUNDLED_THEME_URLS`` for what counts and what the theme may contain.

``check/command.py`` runs them on a folder on their own (``rulesite check``).
"""

from __future__ import annotations

import posixpath
import re
import sys
from dataclasses import dataclass, field
from urllib.parse import unquote, urlsplit

from lxml import etree

from .page import Page

# A problem found on one file: (line, code, message).
Problem = tuple[int, str, str]


@dataclass
class LinkFacts:
    """What the site-wide link check needs to know of one page."""

    ids: frozenset[str]
    # Internal URLs that must resolve, each once per page: (line, what, url).
    links: list[tuple[int, str, str]] = field(default_factory=list)


# --------------------------------------------------------------------------
# Per page: the URLs it holds

# rel values of <link> that do not make the browser fetch anything. A <link> is
# a load unless all of its rel tokens are in this set ("alternate stylesheet"
# still loads a stylesheet).
_NON_LOADING_RELS = frozenset(
    {"canonical", "alternate", "prev", "next", "author", "license", "help", "me", "bookmark", "external"}
)

# A <meta> with only these attributes loads and links nothing.
_PLAIN_META = frozenset({"name", "property", "content", "charset"})

REFRESH_URL = re.compile(r"""^\s*\d*\s*[;,]?\s*url\s*=\s*['"]?([^'"]*)""", re.IGNORECASE)

# What the page links to or loads, from the page's elements filed by tag and
# attribute (`Page.elements`): <a href> URLs (by far the most common; the line
# is looked up only for a URL that turns out broken), the elements that load or
# redirect, in the order of the page (one pass of libxml2's over the tree, by
# tag), and style="" values (their elements only when one loads a URL).
_LOADING_TAGS = (
    "area",
    "link",
    "meta",
    "object",
    "use",
    "image",
    "style",
    "pre",
    "script",
    "img",
    "iframe",
    "frame",
    "audio",
    "video",
    "source",
    "embed",
    "input",
    "track",
)
# The tags the loop below reads whatever their attributes; any other element
# links or loads something only through one of these attributes.
_ALWAYS_READ = frozenset({"area", "link", "object", "use", "image", "style", "pre"})
_LOADING_ATTRIBUTES = frozenset({"src", "srcset", "poster", "style", "data-md-component"})
_SOURCE_LINK = etree.XPath("//*[@data-md-component='source']")
EXTERNAL_URL = re.compile(r"^\s*(?:[A-Za-z][A-Za-z0-9+.\-]*:|//)")


def _is_external(url: str) -> bool:
    """A URL with a scheme (https:, mailto:, javascript:, data:...) or //host."""
    return EXTERNAL_URL.match(url) is not None


def page_links(page: Page) -> tuple[LinkFacts, list[Problem], list[str]]:
    """The page's ids and internal links; what it loads from the network, as
    problems and as the URLs (which need no second "mentions <host>" line)."""
    found = page.elements
    # An <a name> is a target too (the few elements with a name, not every <a>, are looked at).
    ids = frozenset(
        [el.get("id") for el in found.having("id")] + [el.get("name") for el in found.having("name") if el.tag == "a"]
    )
    links: dict[tuple[str, str], int] = {}
    external = EXTERNAL_URL.match
    for url in dict.fromkeys([href for el in found.tag("a") if (href := el.get("href")) is not None]):
        if external(url) is None:
            links[("<a href>", url)] = 0  # line looked up only when needed
    elements, styled = _loading_elements(page)
    loads, problems = _element_urls(elements, styled, links)
    network = [(line, what, url) for line, what, url in loads if _NETWORK_URL.match(url)]
    for line, what, url in network:
        problems.append((line, "network-load", f"{what} loads {url!r} from the network"))
    internal = []
    for (what, url), line in links.items():
        if what == "<a href>" or not _is_external(url):  # <a href>: only internal ones were kept
            internal.append((line, what, url))  # 0: an <a href>, looked up if broken
    return LinkFacts(frozenset(map(sys.intern, ids)), internal), sorted(problems), [url for _, _, url in network]


def _loading_elements(page: Page) -> tuple[list, set]:
    """(The page's elements that may link or load something, in the order of
    the page by tag; the elements whose style="" loads a URL)."""
    found = page.elements
    elements = list(page.root.iter(*_LOADING_TAGS))
    styled = set()
    if any(_CSS_LOADS.search(el.get("style")) for el in found.having("style")):
        styled = set(found.having("style"))
        elements += [el for el in styled if el.tag not in _LOADING_TAGS]
    if b'data-md-component="source"' in page.data:
        elements += _SOURCE_LINK(page.root)
    return elements, styled


def _element_urls(elements: list, styled: set, links: dict) -> tuple[list[tuple[int, str, str]], list[Problem]]:
    """(What `elements` load, as (line, what, url); the network loads found in
    their styles and in Material's features), adding what they link to to
    `links` ((what, url) -> line). One loop over them all, no call for each:
    this runs for every element of that kind on every page."""
    loads: list[tuple[int, str, str]] = []
    problems: list[Problem] = []
    source_repo = False
    for el in elements:
        tag = el.tag
        # Most elements here have nothing to look at (plain <meta>s, <script>s and
        # <input>s without a src): passed over on their attribute names alone.
        keys = el.keys()
        if tag == "meta":
            if _PLAIN_META.issuperset(keys) and el.get("property") != "og:image":
                continue
        elif tag not in _ALWAYS_READ and _LOADING_ATTRIBUTES.isdisjoint(keys):
            continue
        line = el.sourceline or 1
        a = dict(el.items())  # a plain dict: each test below is then a cheap lookup
        if tag == "area" and "href" in a:
            links.setdefault((f"<{tag} href>", a["href"]), line)
        if tag == "link" and "href" in a:
            links.setdefault(("<link href>", a["href"]), line)
            rels = set(a.get("rel", "").lower().split())
            if not rels or not rels <= _NON_LOADING_RELS:
                loads.append((line, "<link href>", a["href"]))
        if "src" in a:
            links.setdefault((f"<{tag} src>", a["src"]), line)
            loads.append((line, f"<{tag} src>", a["src"]))
        if "srcset" in a:
            for candidate in a["srcset"].split(","):
                url = candidate.strip().split(" ")[0]
                if url:
                    loads.append((line, f"<{tag} srcset>", url))
        if "poster" in a:
            loads.append((line, f"<{tag} poster>", a["poster"]))
        if tag == "object" and "data" in a:
            loads.append((line, "<object data>", a["data"]))
        if tag in ("use", "image"):  # SVG: <use href>, <image xlink:href>
            for name in ("href", "xlink:href"):
                if name in a:
                    loads.append((line, f"<{tag} {name}>", a[name]))
        if tag == "meta" and a.get("property") == "og:image":  # a link preview's image: the build drew it
            links.setdefault(("<meta og:image>", a.get("content", "")), line)
        if tag == "meta" and a.get("http-equiv", "").lower() == "refresh":
            m = REFRESH_URL.match(a.get("content", ""))
            if m and m.group(1).strip():
                links.setdefault(("<meta refresh>", m.group(1).strip()), line)
        if "style" in a and el in styled:
            problems += _css_problems(a["style"], line)
        if tag == "style":
            problems += _css_problems(el.text or "", line)
        # Material's bundle fetches mermaid.js from unpkg.com for every
        # <pre class="mermaid">, and repository facts from the GitHub/GitLab API
        # for the header's repository link (theme `repo_url`).
        if tag == "pre" and "mermaid" in a.get("class", "").split():
            problems.append((line, "network-load", '<pre class="mermaid">: Material loads mermaid.js from unpkg.com for it'))
        # Zensical's bundle also fetches Pyodide and its editor for a `.pyodide`
        # element, and GLightbox for a `.glightbox` one.
        for name in _ZENSICAL_LOADS_FOR.intersection(a.get("class", "").split()):
            problems.append((line, "network-load", f'class="{name}": Zensical loads scripts from the network for it'))
        if (
            a.get("data-md-component") == "source"
            and re.search(r"github\.com|gitlab", a.get("href", ""), re.I)
            and not source_repo
        ):
            source_repo = True  # the header and the drawer repeat it
            problems.append(
                (
                    line,
                    "network-load",
                    f"repository link {a['href']!r}: Material fetches its stars and "
                    "version from the GitHub/GitLab API (drop theme repo_url, or accept network use)",
                )
            )
    return loads, problems


_SHARED: dict = {}


def shared(value: tuple) -> tuple:
    """One object for equal facts of many pages (the links of a navigation): the
    check's workers send their facts to the parent pickled, and pickle sends an
    object it has sent before as a reference, which is quicker to read back."""
    return _SHARED.setdefault(value, value)


# --------------------------------------------------------------------------
# Site-wide: internal links and fragments

# Fragments that need no element with that id: "#" alone (and an empty one)
# means the top of the page, and so does "#top" by the HTML standard when no
# element has id "top". Material's own "#__..." links all point at ids that are
# on the page, so they need no exception.
_FRAGMENTS_ALWAYS_OK = frozenset({"", "top"})


def split_url(url: str) -> tuple[str, str]:
    """urlsplit(url)'s path and fragment, quicker for the plain relative URLs
    that nearly every link has (no scheme or host, nothing urlsplit removes)."""
    if ":" in url or url.startswith(("//", " ")) or not url.isprintable():
        parts = urlsplit(url)
        return parts.path, parts.fragment
    before, _, fragment = url.partition("#")
    return before.partition("?")[0], fragment


def resolve_path(files: set[str], dirs: set[str], page: str, path: str) -> tuple[str | None, str | None]:
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
    if target in dirs:
        index = posixpath.join(target, "index.html") if target else "index.html"
        if index in files:
            return index, None
        return None, f"folder {target or '/'} has no index.html"
    if decoded.endswith("/"):
        return None, f"no folder {target}"
    if target in files:
        return target, None
    return None, f"no file {target}"


# A link checked on its page (`page_link_checks`): (line, code, message, target,
# fragment). Settled (code set): a problem. Deferred (code ""): a #fragment on
# another page, which lands when that page has the id; message is then
# "<what> 'url'", to which the site-wide part adds what is missing where.
LinkCheck = tuple[int, str, str, str | None, str | None]


@dataclass
class SiteFiles:
    """Every file and folder of the site ("" is the root), and its pages, with
    the (folder, URL)s resolved so far: pages of one folder share their
    navigation, so each is resolved once."""

    files: set[str]
    dirs: set[str]
    pages: set[str]
    resolved: dict = field(default_factory=dict)  # folder -> {URL: (target, reason, fragment)}
    targets: dict = field(default_factory=dict)  # (folder, URL path) -> (target, reason)


def page_link_checks(page: Page, facts: LinkFacts, site: SiteFiles) -> list[LinkCheck]:
    """The page's internal links against the site's files: broken links and
    fragments missing on the page itself as problems, fragments on other pages
    deferred; in the order of `facts.links`, each with its line."""
    rel = page.rel
    if rel.rsplit("/", 1)[-1] == "404.html":
        # MkDocs writes the error page with root-absolute links ("/", "/../es/")
        # because it cannot know where a web server mounts it; it is only
        # ever shown by such a server, never opened or linked to.
        return []
    out: list[LinkCheck] = []
    folder = posixpath.dirname(rel)
    targets = site.targets
    resolved = site.resolved.get(folder)  # keyed by the URL alone: no (folder, URL) made a link
    if resolved is None:
        resolved = site.resolved[folder] = {}
    first_lines: dict[str, int] | None = None  # <a href> -> the line of the first with it
    for line, what, url in facts.links:
        found = resolved.get(url)
        if found is None:
            path, fragment = split_url(url.strip())
            # Links to one page differ in their #fragment only: each path is resolved once.
            where = targets.get((folder, path))
            if where is None:
                where = targets[(folder, path)] = resolve_path(site.files, site.dirs, rel, path)
            # "#x" and "" name the page itself (None: whichever page it is on).
            found = resolved[url] = (where[0] if path else None, where[1], fragment)
        target, reason, raw = found
        if target is None and reason is None:
            target = rel
        if target is None:
            code, msg = "broken-link", f"{what} {url!r}: {reason}"
        elif raw and target.endswith(".html") and target in site.pages:
            if target == rel:
                if _lands(raw, facts.ids):
                    continue
                code, msg = "broken-anchor", f"{what} {url!r}: no id {unquote(raw)!r} on this page"
            else:
                code, msg = "", f"{what} {url!r}"
        else:
            continue
        if not line:  # an <a href>: its line is looked up only when it may be needed
            if first_lines is None:
                first_lines = {}
                for el in page.elements.tag("a"):
                    first_lines.setdefault(el.get("href"), el.sourceline or 1)
            line = first_lines.get(url, 1)
        out.append((line, code, msg, target if not code else None, raw if not code else None))
    return out


def _lands(fragment: str, ids: frozenset[str]) -> bool:
    # Browsers try the fragment as written, then percent-decoded.
    return fragment in ids or unquote(fragment) in ids or fragment.lower() in _FRAGMENTS_ALWAYS_OK


def link_problems(checks: dict[str, list[LinkCheck]], ids: dict[str, frozenset[str]]) -> dict[str, list[Problem]]:
    """page -> its broken internal links and fragments, as (line, code, message),
    from each page's `page_link_checks` and the ids of every page."""
    problems: dict[str, list[Problem]] = {}
    for page, found in checks.items():
        for line, code, msg, target, raw in found:
            if not code:
                if _lands(raw, ids[target]):
                    continue
                code, msg = "broken-anchor", f"{msg}: no id {unquote(raw)!r} on {target}"
            problems.setdefault(page, []).append((line, code, msg))
    return problems


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
#     has a <pre class="mermaid">; such pages are reported separately above, so
#     the exception holds only while no page uses Mermaid.
# These exact strings are ignored in files named bundle.<hash>.min.js and
# nowhere else; any other mention of a listed host, or a new Material version
# with other URLs, is reported and has to be looked at again.
# Other URLs in the bundle need no exception because they are not listed hosts:
# api.github.com / GitLab API (fetched only for a `repo_url` link in the header,
# reported separately above), clipboardjs.com (a comment). The search worker
# mentions lunrjs.com and tartarus.org in comments only. Source maps (*.map)
# are not checked: browsers fetch them only with developer tools open.
# The `offline` plugin itself adds <script src="https://unpkg.com/iframe-worker/shim">
# unless `extra.polyfills` names the local shim; that <script> is reported.
# Zensical 0.0.73's bundle (bundle.77dd0ce9.min.js, the `--engine zensical`
# build's) holds the same polyfill, Mermaid 12 instead of 11, and, also on
# demand only, Pyodide with the Ace editor for `.pyodide` elements and
# GLightbox for `.glightbox` ones: pages holding those classes are reported above.
_BUNDLED_THEME_URLS = (
    "https://unpkg.com/resize-observer-polyfill",
    "https://unpkg.com/mermaid@11/dist/mermaid.min.js",
    "https://unpkg.com/mermaid@12/dist/mermaid.min.js",
    "https://cdn.jsdelivr.net/pyodide/v314.0.2/full/",
    "https://unpkg.com/pyodide@314.0.2/pyodide.js",
    "https://unpkg.com/ace-builds@1.44.0/src-noconflict/ace.js",
    "https://unpkg.com/glightbox@3/dist/css/glightbox.min.css",
    "https://unpkg.com/glightbox@3/dist/js/glightbox.min.js",
)
_ZENSICAL_LOADS_FOR = frozenset({"pyodide", "glightbox"})
_THEME_BUNDLE_NAME = re.compile(r"^bundle\.[0-9a-f]+\.min\.js$")


def _line_of(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


def _css_problems(css: str, first_line: int) -> list[Problem]:
    return [
        (first_line + css.count("\n", 0, m.start()), "network-load", f"CSS loads {m.group(1)!r} from the network")
        for m in _CSS_LOADS.finditer(css)
    ]


def host_problems(rel: str, text: str, loads_reported: list[str] = ()) -> list[Problem]:
    """A listed host named anywhere in an .html, .js or .css file. `loads_reported`:
    URLs already reported as loads on this page, which need no second line."""
    if _THEME_BUNDLE_NAME.match(posixpath.basename(rel)):
        for allowed in _BUNDLED_THEME_URLS:
            text = text.replace(allowed, " " * len(allowed))  # keeps offsets/lines
    for url in loads_reported:
        text = text.replace(url, " " * len(url))
    lowered = text.lower()
    problems = []
    for host in _KNOWN_HOSTS:
        index = lowered.find(host)
        if index >= 0:
            count = lowered.count(host)
            times = f" ({count} times)" if count > 1 else ""
            problems.append((_line_of(text, index), "network-host", f"mentions {host}{times}"))
    return problems


def asset_problems(rel: str, text: str) -> list[Problem]:
    """A .js or .css file of the site: CSS loads and listed hosts."""
    problems = _css_problems(text, 1) if rel.endswith(".css") else []
    return problems + host_problems(rel, text)


def might_mention_hosts(data: bytes) -> bool:
    """Cheap test before decoding a file to look for hosts (almost no file names one)."""
    lowered = data.lower()
    for host in _OTHER_HOSTS:  # a loop, not any(): it runs on every file
        if host in lowered:
            return True
    if b"google" in lowered:  # one search for the three that name it
        for host in _GOOGLE_HOSTS:
            if host in lowered:
                return True
    return False


_KNOWN_HOST_BYTES = tuple(host.encode() for host in _KNOWN_HOSTS)
_GOOGLE_HOSTS = tuple(host for host in _KNOWN_HOST_BYTES if b"google" in host)
_OTHER_HOSTS = tuple(host for host in _KNOWN_HOST_BYTES if b"google" not in host)
