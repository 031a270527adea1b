"""A ruling's "Cards:" list links the cards resolve found it naming."""

from __future__ import annotations

import copy
from dataclasses import replace

from rulesite.common.model import Card, Loc
from rulesite.render.ruling_page import render_ruling
from rulesite.resolve.citations import collect


def test_a_name_printed_on_two_cards_links_each_card(ctx):
    """A reprint has the same name and its own id: the list links both, not the first twice."""
    corpus = copy.deepcopy(ctx.corpus)
    ruling = corpus.rulings[0]
    ruling.cards = ["Pouty Poro"]
    corpus.cards = [
        Card(ident, code, "Pouty Poro", ["Unit"], ["Calm"], "A poro.", "cards", Loc("cards.json", line))
        for line, (ident, code) in enumerate([("ogn-001-298", "OGN-001/298"), ("unl-301-298", "UNL-301/298")], 1)
    ]
    page = render_ruling(ruling, replace(ctx, corpus=corpus, citations=collect(corpus, ctx.links)))
    cards = next(line for line in page.splitlines() if line.startswith("Cards: "))
    assert "cards/p.md#ogn-001-298" in cards and "cards/p.md#unl-301-298" in cards, cards
