"""Every ruling, FAQ answer and erratum that names a card is found for it: by
its `<Card>` tag, its public code, or its name as players write it (as printed,
possessive, plural, short, a nickname, a near spelling), each match kept with
how it was made; a name that could mean two cards is reported, not guessed."""

from __future__ import annotations

import copy
import random
import re

import pytest

from rulesite.common.diagnostics import Diagnostics
from rulesite.common.model import Card, CardAlias, Corpus, Erratum, FaqAnswer, Loc, Ruling
from rulesite.resolve import card_mentions as card_mentions_module
from rulesite.resolve.card_mentions import KnownMentions, card_mentions, find_mentions, longest_of

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


# --- names as players write them: fixtures written for these tests ------------------------

CARDS = [
    ("Zhonya's Hourglass", "OGN-012/298"),
    ("Glimmer Fox", "OGN-020/298"),
    ("Teemo, Scout", "OGN-030/298"),
    ("Teemo, Strategist", "OGN-031/298"),
    ("Vanguard Helm", "OGN-040/298"),
    ("Bandle Soldier", "OGN-050/298"),
    ("Reckless Charge", "OGN-060/298"),
    ("Charm", "OGN-070/298"),
    ("Stupefy", "OGN-080/298"),
    ("Brynhir Thundersong", "OGN-090/298"),
    ("Dusk Owl", "OGN-100/298"),
]
# Card texts give the ordinary words (written in lower case) and what is spelled right.
TEXTS = {"Charm": "Move a hidden unit. A charge is paid.", "Stupefy": "Stun a unit, then both are revealed: yes."}


def _corpus(*answers: str, aliases=()) -> tuple[Corpus, Diagnostics]:
    cards = [_card(name, code) for name, code in CARDS]
    for card in cards:
        card.text = TEXTS.get(card.name, "")
    rulings = [_ruling(f"r{i}", answer) for i, answer in enumerate(answers)]
    return Corpus(cards=cards, rulings=rulings, card_aliases=list(aliases)), Diagnostics()


def _found(answer: str, aliases=()) -> tuple[list[tuple[str, str, str]], Diagnostics]:
    corpus, diag = _corpus(answer, aliases=aliases)
    return [(m.card.name, m.how, m.text) for m in find_mentions(corpus, diag)], diag


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ("Glimmer Fox's ability triggers.", [("Glimmer Fox", "possessive", "Glimmer Fox's")]),
        ("Zhonyas Hourglass saves it.", [("Zhonya's Hourglass", "possessive", "Zhonyas Hourglass")]),
        ("Two Glimmer Foxes attack.", [("Glimmer Fox", "plural", "Glimmer Foxes")]),
        ("A hidden Zhonya saves it.", [("Zhonya's Hourglass", "short name", "Zhonya")]),
        ("Reveal your Zhonyas now.", [("Zhonya's Hourglass", "short name, possessive", "Zhonyas")]),
        ("Then Zhonya's effect applies.", [("Zhonya's Hourglass", "short name, possessive", "Zhonya's")]),
        ("Yes, Zhonya saves it.", [("Zhonya's Hourglass", "short name", "Zhonya")]),
        ("Hourglass is an exception.", [("Zhonya's Hourglass", "short name", "Hourglass")]),
        ("Both Hourglasses are hidden.", [("Zhonya's Hourglass", "short name, plural", "Hourglasses")]),
        ("You cannot activate Zonyah's now.", [("Zhonya's Hourglass", "near spelling, possessive", "Zonyah's")]),
        ("Stupify it first.", [("Stupefy", "near spelling", "Stupify")]),
        ("Opponent plays Bryndhir Thundersong.", [("Brynhir Thundersong", "near spelling", "Bryndhir Thundersong")]),
    ],
)
def test_each_way_players_write_a_card_name_is_found_with_how(answer, expected):
    found, diag = _found(answer)
    assert found == expected
    assert not diag.items


def test_a_nickname_from_the_aliases_list_names_its_card():
    alias = CardAlias("riftbound", "Dusk Owl", ["Owly"], Loc("rules_src/card-aliases.yml", 3))
    assert _found("Owly's ability and two Owlys.", [alias])[0] == [("Dusk Owl", "alias, possessive", "Owly's")]
    assert _found("Owly attacks.", [alias])[0] == [("Dusk Owl", "alias", "Owly")]


@pytest.mark.parametrize(
    "answer",
    [
        "The charm moves a unit; the hidden unit stays.",  # ordinary words in lower case
        "A Sand Soldier token enters.",  # "Soldier" is part of another name
        "If an opponent controls Helm of Suppression, it costs more.",  # so is "Helm"
        "Helm of Suppression is out. Helm's cost applies.",  # and the same "Helm" again
        "Renata Glasc and Temporal Breach resolve.",
        "Charge the unit, then Charge again.",  # "charge" is an ordinary word: no short name
        "Stun it. Reveal it.",  # spelled right in a card text: no near spelling
        "A hidden card can be revealed.",
    ],
)
def test_words_that_are_not_card_names_name_nothing(answer):
    found, diag = _found(answer)
    assert found == []
    assert not diag.items


def test_a_name_that_could_mean_two_cards_is_reported_not_guessed():
    found, diag = _found("Teemo can target two units.")
    assert found == []
    (warning,) = diag.warnings
    assert warning.code == "card-ambiguous" and warning.loc == HERE
    assert "'Teemo'" in warning.message and "Teemo, Scout" in warning.message and "Teemo, Strategist" in warning.message


def test_the_item_itself_settles_which_card_a_short_name_means():
    found, diag = _found("Teemo, Scout's ability: Teemo moves.")
    assert found == [("Teemo, Scout", "possessive", "Teemo, Scout's")]
    assert not diag.items


def test_a_nickname_settles_a_name_that_could_mean_two_cards():
    alias = CardAlias("riftbound", "Teemo, Strategist", ["Teemo"], Loc("rules_src/card-aliases.yml", 3))
    found, diag = _found("Teemo can target two units.", [alias])
    assert found == [("Teemo, Strategist", "alias", "Teemo")]
    assert not diag.items


def test_a_misspelt_card_name_in_the_aliases_list_is_reported():
    corpus, diag = _corpus(
        "Owly attacks.", aliases=[CardAlias("riftbound", "Dusk Owel", ["Owly"], Loc("rules_src/card-aliases.yml", 9))]
    )
    assert find_mentions(corpus, diag) == []
    (warning,) = diag.warnings
    assert (warning.code, warning.loc.line) == ("card-alias", 9) and "'Dusk Owl'" in warning.message


def test_card_mentions_lists_each_card_once_per_item_in_corpus_order():
    corpus, diag = _corpus("Zhonya, then Zhonya's Hourglass, then Hourglass.", "Glimmer Fox and Zhonyas.")
    found = card_mentions(corpus, diag)
    hourglass = next(c for c in corpus.cards if c.name == "Zhonya's Hourglass")
    assert [r.id for r in found[hourglass.id]] == ["r0", "r1"]


# --- kept between builds (`rulesite serve`) ------------------------------------------------


def _mentions_and_problems(corpus: Corpus, known: KnownMentions | None = None) -> tuple[list, list[str]]:
    diag = Diagnostics()
    found = find_mentions(corpus, diag, known)
    for mention in found:  # made of this corpus's items and cards, whatever was kept
        assert any(mention.item is item for item in [*corpus.rulings, *corpus.errata])
        assert any(mention.card is card for card in corpus.cards)
    return [(m.item.id, m.card.id, m.how, m.text) for m in found], [str(d) for d in diag.items]


ANSWERS = ("Fox attacks, then Stupify.", "Hourglass saves it.", "Zhonya, then Teemo.", "Owl's ability.", "OGN-099/298 too.")


def _renamed(corpus: Corpus, old: str, new: str) -> None:
    next(c for c in corpus.cards if c.name == old).name = new


def _nickname(corpus: Corpus, card: str, nickname: str) -> None:
    corpus.card_aliases.append(CardAlias("riftbound", card, [nickname], HERE))


# Each change is made to a corpus read afresh (as every build reads one),
# after a build of the corpus as it was: what the build finds through what
# the last one kept is what it finds alone.
CHANGES = {
    "nothing": lambda corpus: None,
    "a card added": lambda corpus: corpus.cards.append(_card("Zhonya", "OGN-200/298")),
    "a card renamed": lambda corpus: _renamed(corpus, "Zhonya's Hourglass", "Zhonya's Sandglass"),
    "a card's code": lambda corpus: setattr(corpus.cards[1], "code", "OGN-099/298"),
    "a nickname added": lambda corpus: _nickname(corpus, "Glimmer Fox", "Foxy"),
    "a nickname that settles a name": lambda corpus: _nickname(corpus, "Teemo, Scout", "Teemo"),
    # "hourglass" written in lower case makes "Hourglass" an ordinary word: no short name in the other rulings.
    "a word written in lower case": lambda corpus: setattr(corpus.rulings[3], "answer", "An hourglass."),
    "a word printed": lambda corpus: setattr(corpus.cards[7], "text", corpus.cards[7].text + " Stupify it."),
    "a ruling reworded": lambda corpus: setattr(corpus.rulings[3], "answer", "Owl's ability, and Charm's."),
}


def _ruled() -> Corpus:
    corpus, _ = _corpus(*ANSWERS, "Foxy attacks.")
    corpus.rulings[5].cards = ["Charm"]
    return corpus


@pytest.mark.parametrize("change", list(CHANGES))
def test_mentions_kept_between_builds_are_those_found_anew(change):
    known = KnownMentions()
    before = _mentions_and_problems(_ruled(), known)
    corpus = _ruled()
    CHANGES[change](corpus)
    alone = _mentions_and_problems(copy.deepcopy(corpus))
    assert (alone == before) == (change == "nothing"), "the change changes nothing: it tests nothing"
    assert _mentions_and_problems(corpus, known) == alone
    assert known.items


def test_what_a_change_leaves_as_it_was_is_not_worked_out_again(monkeypatch):
    known = KnownMentions()
    corpus, _ = _corpus(*ANSWERS)
    _mentions_and_problems(corpus, known)
    worked_out = []
    real = card_mentions_module._item_mentions
    monkeypatch.setattr(card_mentions_module, "_item_mentions", lambda *a: worked_out.append(a[0]) or real(*a))
    # Reworded with words the corpus writes already: the ruling alone is read again.
    corpus, _ = _corpus(*ANSWERS[:3], "Owl's ability, then Fox attacks.", *ANSWERS[4:])
    _mentions_and_problems(corpus, known)
    assert worked_out == [("r3", "", "Owl's ability, then Fox attacks.")]
    corpus, _ = _corpus(*ANSWERS[:3], "Owl's ability, then Fox attacks.", *ANSWERS[4:])
    corpus.cards.append(_card("Zhonya", "OGN-200/298"))
    _mentions_and_problems(corpus, known)
    assert len(worked_out) == 1 + len(ANSWERS)  # another card: every item again


def test_a_word_printed_no_more_is_no_word_of_the_next_build():
    known = KnownMentions()
    printed = _ruled()
    CHANGES["a word printed"](printed)
    _mentions_and_problems(printed, known)
    corpus = _ruled()  # the card's text as it was: "Stupify" printed nowhere
    alone = _mentions_and_problems(copy.deepcopy(corpus))
    assert alone != _mentions_and_problems(copy.deepcopy(printed)), "the word changes nothing: it tests nothing"
    assert _mentions_and_problems(corpus, known) == alone


def test_the_words_of_texts_counted_from_the_last_build_are_those_found_anew():
    # Texts come, go, repeat and change, one build after another: the words
    # counted from the last build's are those split from the texts afresh.
    pieces = ["Stun", "it.", "Stun's", "hidden", "unit", "A", "OGN-099/298", "Fox,", "fox", "—", "l'unité", ""]
    rng = random.Random(7)
    texts = [" ".join(rng.choices(pieces, k=rng.randrange(4))) for _ in range(12)]
    then = card_mentions_module._words_of(texts, None)
    for _ in range(300):
        texts = list(texts)
        k = rng.randrange(len(texts))
        how = rng.randrange(4)
        if how == 0:
            texts[k] = " ".join(rng.choices(pieces, k=rng.randrange(5)))
        elif how == 1 and len(texts) > 1:
            del texts[k]
        elif how == 2:
            texts.insert(k, texts[rng.randrange(len(texts))])
        else:
            texts.append("  ".join(rng.choices(pieces, k=rng.randrange(3))))
        made = card_mentions_module._words_of(texts, then)
        fresh = card_mentions_module._words_of(texts, None)
        assert made[1] == frozenset(card_mentions_module._word_set(texts)) == fresh[1]
        assert made[2] == fresh[2]
        assert (made[1] is then[1]) == (then[1] == made[1])
        then = made
