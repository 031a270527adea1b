"""The small forwarding pages, checked without building their tree.

Most files of a built site are pages the build writes in two fixed shapes
(`render/markup.py`): a rule's, section's, answer's or card's short page
(`short_page`: its Content Security Policy, OpenGraph tags and image, a
`location.replace`, a `<noscript>` refresh, two links to the target) and an
edition's alias of the current page (`alias_page`). On the full corpora they are about 16,000 of the 18,000 pages,
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

from ..common.content_policy import REFERRER_POLICY, policy
from .link_text import PageSummary, text_link
from .script import BAD_URL, inline_script_is_ours
from .site_links import EXTERNAL_URL, REFRESH_URL, LinkFacts, might_mention_hosts

_ATTR = r'[^"<>]*'  # an escaped attribute value
_TEXT = r"[^<>]*"  # escaped text
_JS_STRING = r'"(?:[^"\\<>\x00-\x1f]|\\.)*"'  # render's script_json of a str (no control character)

# render/markup.policy_tags: the page's policy, then its referrer policy.
_POLICY = (
    r'<meta http-equiv="Content-Security-Policy" content="(?P<policy>' + _ATTR + r')">'
    r'<meta name="referrer" content="' + re.escape(REFERRER_POLICY) + r'">'
)

_SHORT_PAGE = re.compile(
    r'<!doctype html>\n<html lang="(?P<lang>' + _ATTR + r')">\n<head>\n<meta charset="utf-8">\n' + _POLICY + r"\n"
    r"<script>(?P<script>location\.replace\((?P<js>" + _JS_STRING + r")\);)</script>\n"
    r'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
    r"<title>" + _TEXT + r"</title>\n"
    r'<meta name="description" content="' + _ATTR + r'">\n'
    r'<meta property="og:type" content="article">\n'
    r'<meta property="og:site_name" content="' + _ATTR + r'">\n'
    r'<meta property="og:title" content="' + _ATTR + r'">\n'
    r'<meta property="og:description" content="' + _ATTR + r'">'
    r'(?:\n<meta property="og:url" content="' + _ATTR + r'">)?'
    r'(?:\n<meta name="rulesite:edition" content="' + _ATTR + r'">)?'
    r'\n<meta property="og:locale" content="' + _ATTR + r'">\n'
    r'<meta property="og:image" content="(?P<image>' + _ATTR + r')">\n'
    r'<meta property="og:image:type" content="image/png">\n'
    r'<meta property="og:image:width" content="\d+">\n'
    r'<meta property="og:image:height" content="\d+">\n'
    r'<meta property="og:image:alt" content="' + _ATTR + r'">\n'
    r'<meta name="twitter:card" content="summary_large_image">\n'
    r'<link rel="canonical" href="(?P<canonical>' + _ATTR + r')">\n'
    r'<link rel="icon" href="(?P<icon>' + _ATTR + r')">\n'
    r'<noscript><meta http-equiv="refresh" content="0; url=(?P<refresh>' + _ATTR + r')"></noscript>\n'
    r"</head>\n<body>\n"
    r'<p><a href="(?P<href1>' + _ATTR + r')">(?P<text1>' + _TEXT + r")</a> " + _TEXT + r"</p>\n"
    r'<p><a href="(?P<href2>' + _ATTR + r')">(?P<text2>' + _TEXT + r")</a></p>\n"
    r"</body>\n</html>\n"
)

_ALIAS_PAGE = re.compile(
    r'<!doctype html><html><head><meta charset="utf-8">' + _POLICY + r"<title>" + _TEXT + r"</title>"
    r'<link rel="canonical" href="(?P<canonical>' + _ATTR + r')">'
    r"<script>(?P<script>location\.replace\((?P<js>" + _JS_STRING + r") \+ location\.hash\))</script>"
    r'<meta http-equiv="refresh" content="0; url=(?P<refresh>' + _ATTR + r')"></head>'
    r'<body><a href="(?P<href1>' + _ATTR + r')">(?P<text1>' + _TEXT + r")</a></body></html>\n"
)


@dataclass(frozen=True)
class Forwarding:
    """A forwarding page as the checks see it, with what `page_link_checks` reads of
    a `Page`: its path (every link carries its line, so no element is looked up)."""

    rel: str
    facts: LinkFacts
    summary: PageSummary


def forwarding_facts(rel: str, data: bytes) -> Forwarding | None:
    """The page's links and rule-link words if the file is exactly one of the
    forwarding shapes and holds nothing the full check could object to; else None."""
    if not data.startswith(b"<!doctype html>"):
        return None
    try:
        text = data.decode("utf-8")  # one decode a page, not one a value
    except UnicodeDecodeError:
        return None
    short = text[15:16] == "\n"
    match = (_SHORT_PAGE if short else _ALIAS_PAGE).fullmatch(text)
    # The shape first: Material's pages fail it at once, before their whole text is searched for hosts.
    if match is None or might_mention_hosts(data):
        return None
    # A JSON string without escapes is valid as it stands (the pattern allows no
    # control character in it); json.loads only for the rare one with escapes.
    if "\\" in match["js"] and not _json_string(match["js"]):
        return None
    if not inline_script_is_ours(match["script"]):
        return None
    # The very policy the build writes for this script (check/content_policy.py's, in full, otherwise).
    if html.unescape(match["policy"]) != policy([match["script"]]):
        return None

    found = match.groupdict()
    for group, value in found.items():
        if "&" in value:
            found[group] = html.unescape(value)
    lines, at, last = {}, 1, 0
    for group in _SHORT_LINKS if short else _ALIAS_LINKS:  # in the file's order: one count over it
        start = match.start(group)
        at, last = at + text.count("\n", last, start), start
        lines[group] = at
    anchors = [("href1", "text1"), ("href2", "text2")] if short else [("href1", "text1")]
    # page_links' order: the <a href>s, then the loading elements in the tree's
    # order: (og:image,) canonical, (icon,) refresh.
    canonical = found["canonical"]
    image = found["image"] if short else ""
    refresh = REFRESH_URL.match("0; url=" + found["refresh"])
    refresh_url = refresh.group(1).strip() if refresh else ""
    urls = [found[h] for h, _ in anchors] + [image, canonical] + ([found["icon"]] if short else []) + [refresh_url]
    for url in urls:
        if BAD_URL.match(url):  # what `_bad_url` says of an href
            return None
        if url not in (canonical, image) and EXTERNAL_URL.match(url):
            return None  # a link or load elsewhere: the full check says what it is
    # Each URL once, with the line of its first element (an <a href>'s is the
    # line `page_link_checks` would look up in the tree).
    links: dict[tuple[str, str], int] = {}
    for h, _ in anchors:
        links.setdefault(("<a href>", found[h]), lines[h])
    if image and not EXTERNAL_URL.match(image):  # an absolute one (site_url) is no link to check
        links.setdefault(("<meta og:image>", image), lines["image"])
    if not EXTERNAL_URL.match(canonical):  # an absolute canonical (site_url) is no link to check
        links.setdefault(("<link href>", canonical), lines["canonical"])
    if short:
        links.setdefault(("<link href>", found["icon"]), lines["icon"])
    if refresh_url:
        links.setdefault(("<meta refresh>", refresh_url), lines["refresh"])
    words = [link for h, t in anchors if (link := text_link(rel, lines[h], found[h], found[t]))]
    return Forwarding(
        rel,
        LinkFacts(frozenset(), [(at, what, url) for (what, url), at in links.items()]),
        PageSummary({}, None, words),
    )


# The groups that are links, in the order of each shape.
_SHORT_LINKS = ("image", "canonical", "icon", "refresh", "href1", "href2")
_ALIAS_LINKS = ("canonical", "refresh", "href1")


def _json_string(literal: str) -> bool:
    try:
        return isinstance(json.loads(literal), str)
    except ValueError:
        return False
