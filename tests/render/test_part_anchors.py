"""A page cut into parts keeps its path for the first part; the items of the
others moved. The first part lists, hidden, the anchors each later part holds
(render/part_anchors.py), so an old link to `s.html#<card>` can be sent on
(core.js; tests/browser/test_browser_corpora.py follows one in Chromium)."""

from __future__ import annotations

import html
import json
import re

from rulesite.render.part_anchors import mark_part_anchors


def _anchors(text: str) -> dict:
    found = re.search(r'data-part-anchors="([^"]*)"', text)
    return json.loads(html.unescape(found.group(1))) if found else {}


def test_the_first_part_names_the_anchors_of_the_others():
    pages = {
        "riftbound/cards/s.md": '<h2 id="sett-1" markdown="span">Sett</h2>\n',
        "riftbound/cards/s-2.md": '<h2 id="sion-2" markdown="span">Sion</h2>\n<h2 id="shen&#39;s-3">x</h2>\n',
        "riftbound/cards/s-3.md": "## Syndra {: #syndra-4 }\n",
        "keywords/magic.md": "",
        "keywords/magic-2.md": '<p id="702.30">Fear</p>',
    }
    mark_part_anchors(pages)
    assert _anchors(pages["riftbound/cards/s.md"]) == {"s-2.html": ["sion-2", "shen's-3"], "s-3.html": ["syndra-4"]}
    assert _anchors(pages["keywords/magic.md"]) == {"magic-2.html": ["702.30"]}
    assert "data-part-anchors" not in pages["riftbound/cards/s-2.md"], "only the first part, which old links name"


def test_a_page_that_only_looks_like_a_part_is_left_alone():
    """A ruling whose id ends in a number is its own page, not part 2 of another."""
    pages = {
        "riftbound/rulings/gust-bounce.md": '<p id="a">one</p>',
        "riftbound/rulings/gust-bounce-2.md": '<p id="b">two</p>',
        "riftbound/rulings/index.md": "",
        "riftbound/rulings/index-2.md": '<div id="gust-bounce-2-entry"></div>',
    }
    mark_part_anchors(pages)
    assert "data-part-anchors" not in pages["riftbound/rulings/gust-bounce.md"]
    assert _anchors(pages["riftbound/rulings/index.md"]) == {"index-2.html": ["gust-bounce-2-entry"]}


def test_anchor_text_cannot_end_the_attribute():
    pages = {"magic/glossary/s.md": "", "magic/glossary/s-2.md": '<p id="a&quot;&gt;&lt;script&gt;">x</p>'}
    mark_part_anchors(pages)
    marker = pages["magic/glossary/s.md"]
    assert re.fullmatch(r'\n\n<div class="part-anchors" hidden data-part-anchors="[^"<>]*"></div>\n', marker), marker
    assert _anchors(marker) == {"s-2.html": ['a"><script>']}
