"""A page cut into parts keeps its path for the first part; the items of the
others moved. The first part lists, hidden, the anchors each later part holds
(render/part_anchors.py), so an old link to `s.html#<card>` can be sent on
(core.js; tests/browser/test_browser_corpora.py follows one in Chromium).
Which anchors each part holds is the site map's: it must be what the rendered
part really prints."""

from __future__ import annotations

import html
import json
import copy
import re
from dataclasses import replace

from relinked import relinked
from rulesite.common.model import Card, FaqAnswer, Loc
from rulesite.render.card_pages import render_cards_pages
from rulesite.render.faq_page import render_faq_pages
from rulesite.render.part_anchors import with_part_anchors
from rulesite.resolve.citations import collect
from rulesite.site_map import paths

# The ids our templates write and attribute lists' "#id", read back as a reader's browser would find them.
_IDS = re.compile(r'\bid="([^"]+)"|\{:[^}\n]*?#([^\s}]+)')


def _anchors(text: str) -> dict:
    found = re.search(r'data-part-anchors="([^"]*)"', text)
    return json.loads(html.unescape(found.group(1))) if found else {}


def _ids(text: str) -> list[str]:
    text = re.sub(r'<div class="part-anchors".*', "", text)
    return list(dict.fromkeys(html.unescape(a or b) for a, b in _IDS.findall(text)))


def _with(ctx, cards=(), faqs=()):
    """The seed context with these cards and FAQ answers added, resolved again."""
    corpus = copy.deepcopy(ctx.corpus)
    corpus.cards = [*corpus.cards, *cards]
    corpus.faqs = [*corpus.faqs, *faqs]
    linked = relinked(ctx, corpus, site_map=None, cache={})
    return replace(linked, citations=collect(corpus, linked.links))


def _card(k: int, name: str) -> Card:
    return Card(f"ogn-{k:03}-298", f"OGN-{k:03}/298", name, ["Unit"], [], f"A text {k}.", "cards", Loc("cards.json", k))


def test_the_site_map_names_the_anchors_each_card_part_prints(ctx, monkeypatch):
    monkeypatch.setattr(paths, "CARDS_PART", 1)  # a card a part
    remapped = _with(ctx, cards=[_card(1, "Pouty Poro"), _card(2, "Poro Snax"), _card(3, "Pyke"), _card(4, "Sett")])
    pages = render_cards_pages(remapped, remapped.citations.by_card)
    split = [parts for parts in remapped.where.cards.values() if len(parts) > 1]
    assert split, "the seed has a letter with two cards"
    for parts in split:
        for part in parts:
            assert _ids(pages[part.page]) == list(part.anchors), part.page
        first = pages[parts[0].page]
        assert _anchors(first) == {part.page.rsplit("/", 1)[1].replace(".md", ".html"): list(part.anchors) for part in parts[1:]}
        assert all("data-part-anchors" not in pages[part.page] for part in parts[1:]), "only the first part, which old links name"


def test_the_site_map_names_the_anchors_each_faq_part_prints(ctx, monkeypatch):
    monkeypatch.setattr(paths, "FAQ_PART", 1)  # a topic a part
    loc = Loc("faq.txt", 1)
    topics = ["Scoring", "Scoring", "Hidden", "Scoring"]
    source = next(iter(ctx.corpus.sources))
    remapped = _with(
        ctx,
        faqs=[
            FaqAnswer(f"q{k}", f"Question {k}?", "An answer.", "riftbound", "", source, loc, topic=topic)
            for k, topic in enumerate(topics)
        ],
    )
    checked = 0
    for (game, source_id), where in remapped.where.faqs.items():
        pages = render_faq_pages(remapped, game, source_id)
        assert set(pages) == {part.page for part in where.parts}
        for part in where.parts:
            assert _ids(pages[part.page]) == list(part.anchors), part.page
            checked += 1
        if len(where.parts) > 1:
            assert set(_anchors(pages[where.parts[0].page])) == {p.page.rsplit("/", 1)[1][:-3] + ".html" for p in where.parts[1:]}
    assert checked > 1, "the seed has a FAQ source on pages of its own"


def test_one_part_is_not_marked():
    pages = {"riftbound/rulings/index.md": "text"}
    assert with_part_anchors(pages, [("riftbound/rulings/index.md", ("rulings",))]) == {"riftbound/rulings/index.md": "text"}


def test_anchor_text_cannot_end_the_attribute():
    pages = {"magic/glossary/s.md": "", "magic/glossary/s-2.md": ""}
    with_part_anchors(pages, [("magic/glossary/s.md", ("glossary",)), ("magic/glossary/s-2.md", ('a"><script>',))])
    marker = pages["magic/glossary/s.md"]
    assert re.fullmatch(r'\n\n<div class="part-anchors" hidden data-part-anchors="[^"<>]*"></div>\n', marker), marker
    assert _anchors(marker) == {"s-2.html": ['a"><script>']}
