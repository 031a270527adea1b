"""Acceptance: rule references and keywords found in text, resolved against the real seeds.

A reader clicks "rule 832.1.c.2" and lands on it; a number that is merely a
number ("Section 832", "deal 355 damage") is left alone; a cited rule that is not
in the sources is known as such (and counted) instead of becoming a dead link;
words naming a section ("[Show Off]", "revealed") lead to it, except on that
section's own page.
"""

from __future__ import annotations


import pytest

from rulesite.common.model import Loc, SectionKey
from rulesite.resolve.links import Link, Linker

RB, MTG = "riftbound", "magic"
S832 = SectionKey("riftbound", "core-rules", "832", "en")
S424 = SectionKey("riftbound", "core-rules", "424", "en")
S701 = SectionKey("magic", "comprehensive-rules", "701.20", "es")
HERE = Loc("test", 1)


def linker(ctx) -> Linker:
    """Resolve's tool that cuts texts into links, for texts of the tests' own."""
    return Linker(ctx.corpus, dict(ctx.links.keywords))


def references(ctx, text: str, game: str = RB) -> list[Link]:
    return [s for s in links(ctx, text, game) if s.kind == "rule"]


def numbers(ctx, text: str, game: str = RB) -> list[str]:
    return [ref.number for ref in references(ctx, text, game)]


def links(ctx, text: str, game: str = RB, here=None) -> list[Link]:
    return [s for s in linker(ctx).segments(text, game, here) if isinstance(s, Link)]


# --- finding references ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text, game, expected",
    [
        ("See rule 355. Make Relevant Choices for more information.", RB, ["355"]),
        ("you can't reveal the facedown card (rules 811.5.a and 129.4).", RB, ["811.5.a", "129.4"]),
        ("desde una zona oculta (véase la regla 602.2a), la carta", MTG, ["602.2a"]),
        ("as described in rules 103.1–103.3, players", RB, ["103.1", "103.3"]),
        ("Answers cite Rule 312.2.a often.", RB, ["312.2.a"]),
        ("see rule 832.1.c.2.", RB, ["832.1.c.2"]),
        ("rules 424.1, 424.2 or 424.3", RB, ["424.1", "424.2", "424.3"]),
        ("rules 424.1, 424.2, and 424.3", RB, ["424.1", "424.2", "424.3"]),
        ("las reglas 701.20a y 701.20c", MTG, ["701.20a", "701.20c"]),
        ("voir la règle 701.20b", MTG, ["701.20b"]),
        ("rules 832.1.c.2 through 832.1.c.4", RB, ["832.1.c.2", "832.1.c.4"]),
    ],
)
def test_references_are_found(ctx, text, game, expected):
    assert numbers(ctx, text, game) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Section 832 — 14 rules",
        "The spell deals 355 damage to 129.4 units.",
        "832.1.c.2 is about the decision.",
        "It was ruled 355 times.",
        "Read the rules. 355 players agreed.",
        "the rules 1234 of an unknown game",
    ],
)
def test_a_number_without_a_rule_word_is_no_reference(ctx, text):
    assert numbers(ctx, text) == []
    assert links(ctx, text) == [] or all(l.kind == "keyword" for l in links(ctx, text))


def test_each_number_of_a_list_is_its_own_link_and_no_text_is_lost(ctx):
    text = "(rules 811.5.a and 129.4)."
    segments = linker(ctx).segments(text, RB)
    rule_links = [s for s in segments if isinstance(s, Link) and s.kind == "rule"]
    assert [l.text for l in rule_links] == ["811.5.a", "129.4"]
    assert "".join(s if isinstance(s, str) else s.text for s in segments) == text
    assert " and " in [s for s in segments if isinstance(s, str)]


# --- resolving them ------------------------------------------------------------------


def test_references_to_rules_in_the_sources_resolve_to_their_anchor(ctx):
    refs = references(ctx, "See rule 832.1.c.2 and rule 424.4.a, rule 832.", RB)
    assert [r.target for r in refs] == [(S832, "832.1.c.2"), (S424, "424.4.a"), (S832, "832")]
    (ref,) = references(ctx, "véase la regla 701.20c", MTG)
    assert ref.target == (S701, "701.20c")


def test_references_to_rules_not_in_the_sources_stay_unresolved(ctx):
    refs = references(ctx, "See rule 355 and rules 811.5.a, 129.4, and 832.9.", RB)
    # 832.9: its section is in the sources, but no source prints that rule.
    assert [(r.number, r.target) for r in refs] == [("355", None), ("811.5.a", None), ("129.4", None), ("832.9", None)]
    assert references(ctx, "véase la regla 602.2a", MTG)[0].target is None


def test_a_reference_resolves_only_within_its_game(ctx):
    assert references(ctx, "rule 701.20a", RB)[0].target is None
    assert references(ctx, "rule 832.1", MTG)[0].target is None


def test_the_seeds_cite_four_rules_that_are_not_in_them(ctx):
    """The seeds' own references: 355 (rule 832.1.c.2), 811.5.a and 129.4 (the 832
    FAQ answer), 602.2a (701.20a). None is in the sources, each is counted once."""
    corpus = ctx.corpus
    by_rule = {r.number: r for _, r in corpus.rules()}
    assert [(r.number, r.target) for r in by_rule["832.1.c.2"].references] == [("355", None)]
    assert [(r.number, r.target) for r in by_rule["701.20a"].references] == [("602.2a", None)]
    faq = next(f for f in corpus.faqs if f.section == "832")
    assert [(r.number, r.target) for r in faq.references] == [("811.5.a", None), ("129.4", None)]
    assert dict(ctx.links.unresolved) == {"355": 1, "811.5.a": 1, "129.4": 1, "602.2a": 1}
    # A reference remembers where it was found.
    assert by_rule["832.1.c.2"].references[0].loc == by_rule["832.1.c.2"].loc


# --- keywords ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, word, section",
    [
        ('A card reads "[Show Off] a unit."', "[Show Off]", S832),
        ("Only cards with Show Off can do this.", "Show Off", S832),
        ("If you showed off, this costs less.", "showed off", S832),
        ("Cards are revealed from hand.", "revealed", S424),
        ("Reveal 2 cards.", "Reveal", S424),
    ],
)
def test_keywords_link_to_their_section(ctx, text, word, section):
    (link,) = links(ctx, text)
    assert (link.kind, link.text, link.target[0]) == ("keyword", word, section)


def test_spanish_keywords_link_to_701_20(ctx):
    (link,) = links(ctx, "la carta mostrada", MTG)
    assert (link.kind, link.target[0]) == ("keyword", S701)
    assert links(ctx, "la carta mostrada", RB) == []  # keywords belong to their game


def test_keywords_match_whole_words_only(ctx):
    assert links(ctx, "The unrevealed card and the Show Offs.") == []


def test_a_sections_own_keyword_is_not_linked_on_its_own_page(ctx):
    s832 = ctx.corpus.sections[S832]
    text = 'Show Off reads "[Show Off] a unit"; the card is revealed.'
    on_own_page = links(ctx, text, RB, here=s832)
    assert [(l.text, l.target[0]) for l in on_own_page] == [("revealed", S424)]
    s424 = ctx.corpus.sections[S424]
    # Elsewhere the first of the section's words is linked (once per text).
    assert [(l.text, l.target[0]) for l in links(ctx, text, RB, here=s424)] == [("Show Off", S832)]


def test_references_and_keywords_in_one_text(ctx):
    text = "Only cards from hand are revealed with Show Off (rules 811.5.a and 129.4), see rule 424.1."
    found = links(ctx, text)
    assert [(l.kind, l.text) for l in found] == [
        ("keyword", "revealed"),
        ("keyword", "Show Off"),
        ("rule", "811.5.a"),
        ("rule", "129.4"),
        ("rule", "424.1"),
    ]
    assert [l.target for l in found if l.kind == "rule"] == [None, None, (S424, "424.1")]
