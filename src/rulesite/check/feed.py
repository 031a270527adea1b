"""The change feed read back: each language's `feed.xml` (render/feed.py) is
well-formed XML whose every link is relative, lands on a file of the site and,
where it names a #fragment, on an element with that id.

A feed reader follows these links from outside the site, where a broken one
is all the reader gets, so each is an `error[feed-link]` at its line.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

from lxml import etree

from ..common.diagnostics import Finding
from ..common.feed_file import ATOM, FEED
from ..site_map.paths import language_root


def feed_problems(site_dir: Path, languages: list[str]) -> list[Finding]:
    """What is wrong with the feeds of `languages` in the built site `site_dir`."""
    found: list[Finding] = []
    ids: dict[str, set[str]] = {}  # page -> its ids, read once
    for language in languages:
        rel = language_root(language) + FEED
        path = site_dir / rel
        if not path.is_file():
            found.append(Finding(rel, 1, "feed-link", "the language's change feed is missing"))
            continue
        try:
            root = etree.fromstring(path.read_bytes(), etree.XMLParser(resolve_entities=False, no_network=True))
        except etree.XMLSyntaxError as error:
            found.append(Finding(rel, error.lineno or 1, "feed-link", f"not well-formed XML: {error.msg}"))
            continue
        for link in root.iter(f"{{{ATOM}}}link"):
            problem = _problem(site_dir, rel, link.get("href") or "", ids)
            if problem:
                found.append(Finding(rel, link.sourceline or 1, "feed-link", problem))
    return found


def _problem(site_dir: Path, rel: str, href: str, ids: dict[str, set[str]]) -> str | None:
    parts = urlsplit(href)
    if parts.scheme or parts.netloc or href.startswith("/") or not parts.path:
        return f"link {href[:80]!r} is not relative to the feed"
    page = posixpath.normpath(posixpath.join(posixpath.dirname(rel), unquote(parts.path)))
    if page.startswith("../") or not (site_dir / page).is_file():
        return f"link {href[:80]!r} leads to no page of the site"
    anchor = unquote(parts.fragment)
    if anchor:
        if page not in ids:
            text = (site_dir / page).read_text(encoding="utf-8", errors="replace")
            ids[page] = set(re.findall(r'\bid="([^"]*)"', text))
        if anchor not in ids[page]:
            return f"link {href[:80]!r}: {page} has no element with id {anchor[:60]!r}"
    return None
