"""Where the anchors of a page in parts went: a link made before a list was
split (`cards/s.html#<card>`, `keywords/magic.html#<rule>`) names the first
part, which keeps the page's path (`paths.part_page`); the item may now be on
`s-2.html`. The first part carries, hidden, the anchors each later part holds,
and core.js sends a reader whose #anchor is not on the page to the part that
has it (from disk too: nothing is fetched). The anchors are the site map's
(site_map.site_map.Part), or, for pages it does not cut, their renderer's."""

from __future__ import annotations

import posixpath

from .escape import Md, html_text, script_json
from ..site_map.paths import html_path


def with_part_anchors(pages: dict[str, str], parts: list[tuple[str, tuple[str, ...]]]) -> dict[str, str]:
    """`pages` (path -> text), the first of `parts` ((page, the ids on it), in
    order) followed by a hidden list of the ids on each of the others. Changed
    in place, and returned."""
    if len(parts) < 2:
        return pages
    later = {posixpath.basename(html_path(page)): list(dict.fromkeys(anchors)) for page, anchors in parts[1:]}
    marker = Md('<div class="part-anchors" hidden data-part-anchors="{}"></div>').format(html_text(script_json(later)))
    pages[parts[0][0]] += "\n\n" + str(marker) + "\n"
    return pages
