"""Word links by the longest defined term, bare "See 108.6." references, and a
ruling's Concerns list made from the same resolution as its links.

The terms document is a fixture written for the test (tests/read/fixtures/).
"""

from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path

import pytest

from rulesite.stages import read as read_stage

from rulesite.stages import resolve as resolve_stage
from rulesite.common.diagnostics import Diagnostics
from rulesite.render.ruling_page import render_ruling
from rulesite.common.model import Card, Loc, Ruling
from rulesite.resolve.citations import collect
from rulesite.resolve.keywords import keyword_forms
from rulesite.resolve.linked import KnownLinks, link_texts
from rulesite.resolve.links import Link, Linker

FIXTURES = Path(__file__).parent.parent / "read" / "fixtures"
SECTION = ("riftbound", "core-rules")


@pytest.fixture(scope="module")
def terms(tmp_path_factory):
    folder = tmp_path_factory.mktemp("terms")
    shutil.copy(FIXTURES / "terms.rules-document.txt", folder / "terms.txt")
    (folder / "manifest.yml").write_text(
        "sources:\n  - {id: terms, path: terms.txt, game: riftbound, document: core-rules, language: en,\n"
        "     edition: 2030-01-15, format: rules-document}\n",
        encoding="utf-8",
    )
    diag = Diagnostics()
    ctx = resolve_stage.resolve(read_stage.read_corpus(folder / "manifest.yml", diag), diag)
    assert diag.errors == []
    return ctx


def _links(ctx, text):
    return [
        (s.text, s.target[0].number, s.target[1])
        for s in Linker(ctx.corpus, dict(ctx.links.keywords)).segments(text, "riftbound")
        if isinstance(s, Link)
    ]


def test_the_longest_defined_term_wins(terms):
    # "Limited Action" is defined by rule 401.2 "Limited Actions": not a link of "Action" to 806.
    assert _links(terms, "Moving is a Limited Action.") == [("Limited Action", "400", "401.2")]
    assert _links(terms, "Play it as an Action.") == [("Action", "806", "806")]
    assert _links(terms, "Both limited actions and an Action card.") == [
        ("limited actions", "400", "401.2"),
        ("Action", "806", "806"),
    ]


def test_see_without_the_word_rule_is_a_reference(terms):
    assert _links(terms, "See 806.1.") == [("806.1", "806", "806.1")]
    assert _links(terms, "Draw, then see 100 cards.") == []


def test_a_rulings_concerns_are_what_its_text_links(ctx):
    """On every seed ruling page, the Concerns line lists exactly the targets
    the ruling's own text links to, each once."""
    checked = 0
    for ruling in ctx.corpus.rulings:
        page = render_ruling(ruling, ctx)
        body, _, rest = page.partition("</div>")
        concerns = next((line for line in rest.splitlines() if line.startswith("Concerns:")), "")

        def targets(markdown):
            found = re.findall(r"\]\(([^)#]*)(?:#([^)]*))?\)\{: \.(?:ref|keyword)", markdown)
            # "424.md#424" and "424.md" both open section 424.
            return list(dict.fromkeys((path, "" if anchor == Path(path).stem else anchor) for path, anchor in found))

        assert targets(concerns) == targets(body), ruling.id
        checked += bool(concerns)
    assert checked > 0


def _with_card(ctx, name: str, ruling: str = ""):
    """The terms corpus with one card named `name` (and a ruling saying `ruling`)."""
    card = Card("abc-001-100", "ABC-001/100", name, ["Spell"], ["Fury"], "", "cards", Loc("cards.json", 3))
    rulings = [Ruling("r", "R", ruling, [], [], "riftbound", "rulings", Loc("rulings.txt", 1))] if ruling else []
    return dataclasses.replace(ctx.corpus, cards=[card], rulings=rulings)


def test_no_keyword_is_linked_inside_a_card_name(terms):
    corpus = _with_card(terms, "Hidden Action Plan")
    linker = Linker(corpus, dict(terms.links.keywords))
    words = [
        (s.text, s.number) for s in linker.segments("Hidden Action Plan's cost is an Action.", "riftbound") if isinstance(s, Link)
    ]
    # "Hidden" and "Action" inside the name are the card's words; the last "Action" is the keyword.
    assert words == [("Action", "806")]
    # Without the card, the same words are keywords.
    plain = Linker(terms.corpus, dict(terms.links.keywords)).segments("Hidden Action Plan's cost.", "riftbound")
    assert [s.text for s in plain if isinstance(s, Link)] == ["Hidden", "Action"]


def test_a_card_named_as_a_keyword_leaves_the_keyword_linked(terms):
    linker = Linker(_with_card(terms, "Limited Action"), dict(terms.links.keywords))
    # The card's whole name is a defined term too: nothing tells them apart, so the term stays.
    assert [s.text for s in linker.segments("A Limited Action.", "riftbound") if isinstance(s, Link)] == ["Limited Action"]


def test_a_rulings_concerns_leave_out_keywords_inside_card_names(terms):
    corpus = _with_card(terms, "Hidden Action Plan", "When Hidden Action Plan resolves, see rule 806.1.")
    diag = Diagnostics()
    linked = link_texts(corpus, Linker(corpus, keyword_forms(corpus, diag)))
    citations = collect(corpus, linked, diag)
    assert [(link.kind, link.number) for link in citations.concerns["r"]] == [("rule", "806.1")]
    assert [card.name for card in citations.cards_of["r"]] == ["Hidden Action Plan"]


def test_texts_kept_for_the_next_build_are_linked_again_when_the_card_names_change(terms):
    """`rulesite serve` keeps each text's links (linked.KnownLinks) while the
    linker is made from the same: a card named anew changes what its words link."""
    before = _with_card(terms, "Hidden Plans", "Play Hidden Action Plan, see rule 806.1.")
    after = _with_card(terms, "Hidden Action Plan", "Play Hidden Action Plan, see rule 806.1.")
    known, diag = KnownLinks(), Diagnostics()
    first = link_texts(before, Linker(before, keyword_forms(before, diag)), known)
    second = link_texts(after, Linker(after, keyword_forms(after, diag)), known)
    ruling = after.rulings[0]
    assert [s.text for s in first.of_item(before.rulings[0]) if isinstance(s, Link)] == ["Hidden", "Action", "806.1"]
    assert [s.text for s in second.of_item(ruling) if isinstance(s, Link)] == ["806.1"]
