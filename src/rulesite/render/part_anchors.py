"""Where the anchors of a page in parts went: a link made before a list was
split (`cards/s.html#<card>`, `keywords/magic.html#<rule>`) names the first
part, which keeps the page's path (`paths.part_page`); the item may now be on
`s-2.html`. The first part carries, hidden, the anchors each later part holds,
and core.js sends a reader whose #anchor is not on the page to the part that
has it (from disk too: nothing is fetched)."""

from __future__ import annotations

import posixpath
import re

from .escape import Md, attr_read, html_text, script_json
from ..site_map.paths import html_path

_PART = re.compile(r"(.+)-(\d+)\.md")
# The pages that are cut into parts named by `paths.part_page` (card letters,
# FAQ pages, keyword indexes, the rulings index) and glossary letters: only
# they, so that `x-2.md` beside an unrelated `x.md` (a ruling's id) is no part.
_FIRST_PARTS = re.compile(r"(?:.+/)?(?:cards|faq|glossary)/[^/]+\.md|keywords/[^/]+\.md|(?:.+/)?rulings/index\.md")
# The ids our templates write (values escaped by attr_value) and attribute lists' "#id".
_IDS = re.compile(r'\bid="([^"]+)"|\{:[^}\n]*?#([^\s}]+)')


def mark_part_anchors(pages: dict[str, str]) -> None:
    """Appends to the first part of every page in parts (`s.md` of `s.md`,
    `s-2.md`, ...) the anchors of its other parts. `pages`: path -> text,
    changed in place."""
    later: dict[str, dict[str, list[str]]] = {}
    for path in pages:
        match = _PART.fullmatch(path)
        if match and f"{match.group(1)}.md" in pages and _FIRST_PARTS.fullmatch(f"{match.group(1)}.md"):
            first = f"{match.group(1)}.md"
            href = posixpath.basename(html_path(path))
            ids = [attr_read(a or b) for a, b in _IDS.findall(pages[path])]
            later.setdefault(first, {})[href] = list(dict.fromkeys(ids))
    for first, parts in later.items():
        ordered = dict(sorted(parts.items(), key=lambda item: _number(item[0])))
        marker = Md('<div class="part-anchors" hidden data-part-anchors="{}"></div>').format(html_text(script_json(ordered)))
        pages[first] += "\n\n" + str(marker) + "\n"


def _number(href: str) -> int:
    return int(href.removesuffix(".html").rsplit("-", 1)[1])
