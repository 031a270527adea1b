"""Every ruling, FAQ answer and erratum that names a card is found for it: by
its `<Card>` tag, its name as printed in the text, or its public code."""

from __future__ import annotations

import random
import re

from rulesite.model import Card, Corpus, Erratum, FaqAnswer, Loc, Ruling
from rulesite.resolve.card_mentions import card_mentions, longest_of

HERE = Loc("test", 1)


def _card(name: str, code: str) -> Card:
    return Card(
        id=code.lower().replace("/", "-"),
        code=code,
        name=name,
        types=["Gear"],
        domains=["Mind"],
        text="",
        source_id="cards",
        loc=HERE,
        game="riftbound",
    )


def _ruling(rid: str, answer: str, cards=(), steps=()) -> Ruling:
    return Ruling(
        id=rid,
        title=rid,
        answer=answer,
        steps=list(steps),
        nuances=[],
        game="riftbound",
        source_id="rulings",
        loc=HERE,
        cards=list(cards),
    )


def test_items_naming_a_card_by_tag_name_or_code():
    hourglass, charm, zhonya = (
        _card("Zhonya's Hourglass", "OGN-012/298"),
        _card("Charm", "OGN-100/298"),
        _card("Zhonya", "OGN-200/298"),
    )
    tagged = _ruling("tagged", "Yes.", cards=["Zhonya's Hourglass"])
    in_steps = _ruling("in-steps", "It is saved.", steps=["Reveal the hidden Zhonya's Hourglass, then kill the unit."])
    lower_case = _ruling("lower-case", "The unit is charmed; a charm moves it.")
    by_code = FaqAnswer(
        id="by-code", question="Does ogn-012/298 trigger?", answer="Yes.", game="riftbound", section="", source_id="faq", loc=HERE
    )
    erratum = Erratum(
        card="Charm",
        old_text="Move a unit.",
        new_text="Move a unit. Zhonya's Hourglass can't.",
        date="2026-01-01",
        article="Errata",
        source_id="errata",
        loc=HERE,
    )
    corpus = Corpus(cards=[hourglass, charm, zhonya], rulings=[tagged, in_steps, lower_case], faqs=[by_code], errata=[erratum])
    found = card_mentions(corpus)
    assert found[hourglass.id] == [tagged, in_steps, by_code, erratum]
    # "charm" in lower case is a word, not the card; the erratum names Charm itself.
    assert found[charm.id] == [erratum]
    # "Zhonya's Hourglass" is one card: its first word is not the card "Zhonya".
    assert zhonya.id not in found


def test_the_tree_of_names_finds_what_the_longest_first_alternation_finds():
    # Names that are prefixes of one another, share letters, end in punctuation
    # or hold regex characters: the same matches, at the same places, as an
    # alternation of the names longest first (what it replaced, 3 times slower).
    rng = random.Random(20261202)
    pieces = ["Zhonya", "'s", " Hourglass", "Ch", "arm", "-", "+", ".", "(", "[1]", "a", "Z"]
    for _ in range(200):
        names = {"".join(rng.choice(pieces) for _ in range(rng.randint(1, 4))) for _ in range(rng.randint(1, 12))}
        text = " ".join("".join(rng.choice(pieces) for _ in range(rng.randint(1, 5))) for _ in range(20))
        alternation = "|".join(re.escape(n) for n in sorted(names, key=lambda n: (-len(n), n)))
        for before, after in [(r"(?<![\w'])", r"(?![\w'])"), ("", ""), ("", "(?= )")]:
            expected = [(m.start(), m.group()) for m in re.finditer(f"{before}(?:{alternation}){after}", text)]
            found = [(m.start(), m.group()) for m in re.finditer(f"{before}{longest_of(names)}{after}", text)]
            assert found == expected, (names, text)
