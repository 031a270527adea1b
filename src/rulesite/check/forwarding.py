"""The small forwarding pages, checked without building their tree.

Most files of a built site are pages the build writes in two fixed shapes
(`render/markup.py`): a rule's, section's, answer's or card's short page
(`short_page`: OpenGraph tags, a `location.replace`, a `<noscript>` refresh,
two links to the target) and an edition's alias of the current page
(`alias_page`). On the full corpora they are about 16,000 of the 18,000 pages,
and parsing each with lxml, then walking it, was a third of the check's time.

`forwarding_facts(rel, data)` matches the whole file against those shapes. A
file that matches holds nothing but what the pattern names: its attribute and
text values cannot hold `<`, `>` or `"` (the render escapes them), so no other
element, attribute or handler can be in it. Of such a page the check needs
only its links, which it returns in the order and with the lines that
`site_links.page_links` finds in the tree. Anything else returns None, and the
page is checked in full: another shape, a script the script check does not
know, a `javascript:` or network URL, a host name (`might_mention_hosts`).
`tests/check/test_forwarding.py` holds the two ways equal on every such page
of a built site.
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass

from .link_text import PageSummary, text_link
from .page import Elements
from .script import _bad_url, inline_script_is_ours
from .site_links import _REFRESH_URL, LinkFacts, _is_external, might_mention_hosts

_ATTR = rb'[^"<>]*'  # an escaped attribute value
_TEXT = rb"[^<>]*"  # escaped text
_JS_STRING = rb'"(?:[^"\\<>\n]|\\.)*"'  # render's script_json of a str

_SHORT_PAGE = re.compile(
    rb'<!doctype html>\n<html lang="(?P<lang>' + _ATTR + rb')">\n<head>\n<meta charset="utf-8">\n'
    rb"<script>(?P<script>location\.replace\((?P<js>" + _JS_STRING + rb")\);)</script>\n"
    rb'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
    rb"<title>" + _TEXT + rb"</title>\n"
    rb'<meta name="description" content="' + _ATTR + rb'">\n'
    rb'<meta property="og:type" content="article">\n'
    rb'<meta property="og:site_name" content="' + _ATTR + rb'">\n'
    rb'<meta property="og:title" content="' + _ATTR + rb'">\n'
    rb'<meta property="og:description" content="' + _ATTR + rb'">'
    rb'(?:\n<meta property="og:url" content="' + _ATTR + rb'">)?'
    rb'(?:\n<meta name="rulesite:edition" content="' + _ATTR + rb'">)?'
    rb'\n<meta property="og:locale" content="' + _ATTR + rb'">\n'
    rb'<meta name="twitter:card" content="summary">\n'
    rb'<meta name="twitter:title" content="' + _ATTR + rb'">\n'
    rb'<meta name="twitter:description" content="' + _ATTR + rb'">\n'
    rb'<link rel="canonical" href="(?P<canonical>' + _ATTR + rb')">\n'
    rb'<link rel="icon" href="(?P<icon>' + _ATTR + rb')">\n'
    rb'<noscript><meta http-equiv="refresh" content="0; url=(?P<refresh>' + _ATTR + rb')"></noscript>\n'
    rb"</head>\n<body>\n"
    rb'<p><a href="(?P<href1>' + _ATTR + rb')">(?P<text1>' + _TEXT + rb")</a> " + _TEXT + rb"</p>\n"
    rb'<p><a href="(?P<href2>' + _ATTR + rb')">(?P<text2>' + _TEXT + rb")</a></p>\n"
    rb"</body>\n</html>\n"
)

_ALIAS_PAGE = re.compile(
    rb'<!doctype html><html><head><meta charset="utf-8">'
    rb"<title>" + _TEXT + rb"</title>"
    rb'<link rel="canonical" href="(?P<canonical>' + _ATTR + rb')">'
    rb"<script>(?P<script>location\.replace\((?P<js>" + _JS_STRING + rb") \+ location\.hash\))</script>"
    rb'<meta http-equiv="refresh" content="0; url=(?P<refresh>' + _ATTR + rb')"></head>'
    rb'<body><a href="(?P<href1>' + _ATTR + rb')">(?P<text1>' + _TEXT + rb")</a></body></html>\n"
)


@dataclass(frozen=True)
class _Anchor:
    """An <a> as `site_links.page_link_checks` reads it: its href and line."""

    href: str
    sourceline: int
    tag: str = "a"

    def get(self, name: str, default=None):
        return self.href if name == "href" else default


@dataclass(frozen=True)
class Forwarding:
    """A forwarding page as the checks see it, with what `page_link_checks` reads of a `Page`."""

    rel: str
    facts: LinkFacts
    summary: PageSummary
    elements: Elements


def forwarding_facts(rel: str, data: bytes) -> Forwarding | None:
    """The page's links and rule-link words if the file is exactly one of the
    forwarding shapes and holds nothing the full check could object to; else None."""
    if not data.startswith(b"<!doctype html>"):
        return None
    short = data[15:16] == b"\n"
    match = (_SHORT_PAGE if short else _ALIAS_PAGE).fullmatch(data)
    if match is None or might_mention_hosts(data):
        return None
    try:
        script = match["script"].decode("utf-8")
        target = json.loads(match["js"])
    except (UnicodeDecodeError, ValueError):
        return None
    if not isinstance(target, str) or not inline_script_is_ours(script):
        return None

    def line(group: str) -> int:
        return data.count(b"\n", 0, match.start(group)) + 1

    def value(group: str) -> str:
        text = match[group].decode("utf-8")
        return html.unescape(text) if "&" in text else text

    anchors = [("href1", "text1")] + ([("href2", "text2")] if short else [])
    elements = [_Anchor(value(h), line(h)) for h, _ in anchors]
    # page_links' order: the <a href>s (their lines looked up when needed), then
    # the loading elements in the tree's order: canonical, (icon,) refresh.
    canonical = value("canonical")
    refresh = _REFRESH_URL.match("0; url=" + value("refresh"))
    refresh_url = refresh.group(1).strip() if refresh else ""
    urls = [a.href for a in elements] + [canonical] + ([value("icon")] if short else []) + [refresh_url]
    if any(_bad_url("href", url) for url in urls):
        return None
    if any(_is_external(url) for url in urls if url != canonical):
        return None  # a link or load elsewhere: the full check says what it is
    links: dict[tuple[str, str], int] = {("<a href>", a.href): 0 for a in elements}
    if not _is_external(canonical):  # an absolute canonical (site_url) is no link to check
        links.setdefault(("<link href>", canonical), line("canonical"))
    if short:
        links.setdefault(("<link href>", value("icon")), line("icon"))
    if refresh_url:
        links.setdefault(("<meta refresh>", refresh_url), line("refresh"))
    words = [
        found
        for (_, text), anchor in zip(anchors, elements, strict=True)
        if (found := text_link(rel, anchor.sourceline, anchor.href, value(text)))
    ]
    internal = [(at, what, url) for (what, url), at in links.items()]
    return Forwarding(
        rel,
        LinkFacts(frozenset(), internal),
        PageSummary({}, None, words),
        Elements({"a": elements}, {"href": elements}),
    )
