"""Rules matched across editions (renumbered or not), word diffs, edition diffs and
rule histories, on tiny hand-made editions (rulesite.resolve.history).

The texts below are invented for the tests; the real editions are exercised in
tests/corpora/test_editions.py.
"""

from __future__ import annotations

import copy
import difflib
import random

import pytest

from rulesite.common.model import Edition, Example, Loc, Rule, Section
from rulesite.resolve.history_words import how_words
from rulesite.resolve.history import (
    Absent,
    Added,
    EditionDiff,
    HistoryEntry,
    Match,
    Matched,
    Place,
    Printed,
    Removed,
    Traced,
    diff_editions,
    match_editions,
    match_sections,
    relative_position,
    rule_history,
    rule_text,
    word_diff,
    _TOKEN,
    SequenceMatcher,
)


def words(how) -> str:
    """A history entry as the English pages word it (history_words.py)."""
    return how_words(how, "en")


# --- building editions -----------------------------------------------------------


def edition(label: str, date: str, sections: dict[str, tuple[str, list[tuple[str, str]]]], partial: bool = False) -> Edition:
    """An edition from {section number: (title, [(rule number, text), ...])}."""
    e = Edition("testgame", "core-rules", "en", label, date, partial)
    for number, (title, rules) in sections.items():
        e.sections[number] = Section(
            "testgame",
            "core-rules",
            number,
            title,
            "en",
            rules=[Rule(n, t, Loc(f"{label}.txt", k)) for k, (n, t) in enumerate(rules, 1)],
            edition=label,
        )
    return e


def renumber(rules: list[tuple[str, str]], old: str, new: str) -> list[tuple[str, str]]:
    return [(new + n[len(old) :], t) for n, t in rules]


# Invented rules, long enough to be told apart by their text.
GLIMPSE = [
    ("411.1", "Glimpsing is the act of showing a card to every player for a short while."),
    ("411.1.a", "A glimpsed card stays in the zone it was glimpsed from until the glimpse ends."),
    ("411.1.b", "Only cards that are secret can be glimpsed; a public card is never glimpsed."),
    ("411.2", "When a glimpse ends, the glimpsed cards return to their previous privacy."),
    ("411.2.a", "If an effect moves a glimpsed card, the glimpse of that card ends at once."),
]
SHUFFLE = [
    ("410.1", "Shuffling randomizes the order of the cards of a deck so no one knows it."),
    ("410.2", "A player shuffles their own deck unless an effect tells another player to."),
]
DUTY = [
    ("411.1", "Each player is responsible for keeping the state of their board accurate at all times."),
    ("411.2", "A player who notices an illegal state must point it out to every other player."),
]


def by_number(matches: list[Match]) -> dict[str, Match]:
    return {m.old.number: m for m in matches}


def check_consistent(d: EditionDiff) -> None:
    """What every diff must satisfy, whatever the editions."""
    old_rules = list(d.old.rules())
    new_rules = list(d.new.rules())
    assert len(d.matches) + len(d.removed) == len(old_rules)
    assert len(d.matches) + len(d.added) == len(new_rules)
    assert len({id(m.old) for m in d.matches}) == len(d.matches), "an old rule matched twice"
    assert len({id(m.new) for m in d.matches}) == len(d.matches), "a new rule matched twice"
    changed_or_moved = {id(m) for m in d.changed} | {id(m) for m in d.recited} | {id(m) for m in d.moved}
    assert d.unchanged + len(changed_or_moved) == len(d.matches)
    c = d.counts()
    assert c["added"] + c["matched"] == c["new_rules"] == len(new_rules)
    assert c["removed"] + c["matched"] == c["old_rules"] == len(old_rules)
    for m in d.matches:
        assert words(m.how).strip()
        assert words(m.how).startswith(("same number", "renumbered"))
        assert 0.0 <= m.score <= 1.0
        # "changed" is the texts as printed differing, whatever the score says
        assert m.text_changed == (rule_text(m.old) != rule_text(m.new)) == (m.score != 1.0)


# --- word_diff -----------------------------------------------------------------------


def rebuild(ops: list[tuple[str, str]]) -> tuple[str, str]:
    old = "".join(t for op, t in ops if op in "=-")
    new = "".join(t for op, t in ops if op in "=+")
    return old, new


@pytest.mark.parametrize(
    "a, b",
    [
        ("", ""),
        ("", "Draw a card."),
        ("Draw a card.", ""),
        ("Draw a card.", "Draw a card."),
        ("Draw a card.", "Draw two cards."),
        ("Draw a card.", "Then draw a card."),
        ("Draw a card.", "Draw a card, then discard one."),
        ("  leading and trailing  ", "leading and trailing"),
        ("tabs\tand\nnewlines", "tabs and newlines"),
        ("Kill a unit. (See rule 411.)", "Kill a unit (see rule 424)."),
        ("a b c d e f", "f e d c b a"),
        ("same same same", "same same"),
    ],
)
def test_word_diff_rebuilds_both_texts(a: str, b: str):
    ops = word_diff(a, b)
    assert rebuild(ops) == (a, b)
    assert all(op in ("=", "-", "+") and text for op, text in ops)


def test_word_diff_rebuilds_both_texts_for_random_texts():
    rng = random.Random(20260618)
    words = ["unit", "card", "the", "a", "Reveal", "411.1.a", "cards.", "(see", "rule)", '"here."', ",", "—"]
    spaces = [" ", " ", " ", "  ", "\t", "\n", ""]
    for _ in range(400):

        def text() -> str:
            return "".join(rng.choice(words) + rng.choice(spaces) for _ in range(rng.randint(0, 12)))

        a, b = text(), text()
        assert rebuild(word_diff(a, b)) == (a, b), (a, b)


def test_word_diff_finds_the_same_blocks_as_the_standard_librarys_difflib():
    # The word diff runs difflib's algorithm in C: the standard library's results,
    # so a diff reads the same whichever library the build had.
    rng = random.Random(20261202)
    words = ["unit", "card", "the", "a", "may", "rule", "cards.", "Reveal", "—", "(see"]
    for _ in range(300):
        a = " ".join(rng.choice(words) for _ in range(rng.randint(0, 150)))
        b = a.split(" ")
        for _ in range(rng.randint(0, 6)):
            b.insert(rng.randint(0, len(b)), rng.choice(words))
        b = " ".join(w for w in b if rng.random() > 0.05)
        ta, tb = _TOKEN.findall(a), _TOKEN.findall(b)
        ours = SequenceMatcher(None, ta, tb, autojunk=False).get_opcodes()
        theirs = difflib.SequenceMatcher(None, ta, tb, autojunk=False).get_opcodes()
        assert [tuple(op) for op in ours] == [tuple(op) for op in theirs], (a, b)


def test_word_diff_reports_the_changed_word_with_its_punctuation():
    ops = word_diff("Reveal the top card of your deck.", "Reveal the top card of your trash.")
    assert [op for op in ops if op[0] != "="] == [("-", "deck."), ("+", "trash.")]
    assert ops[0] == ("=", "Reveal the top card of your ")


def test_word_diff_keeps_a_run_of_changed_words_together():
    ops = word_diff("Then draw a card now.", "Then discard two cards now.")
    assert [op for op in ops if op[0] != "="] == [("-", "draw a card"), ("+", "discard two cards")]


def test_word_diff_of_an_insertion_and_a_deletion():
    assert word_diff("Draw a card.", "Draw a card. Then discard.") == [("=", "Draw a card."), ("+", " Then discard.")]
    assert [op for op in word_diff("Exhaust and kill it.", "Kill it.") if op[0] != "="] == [
        ("-", "Exhaust and kill"),
        ("+", "Kill"),
    ]


# --- relative positions ----------------------------------------------------------------


def test_relative_position():
    assert relative_position("411", "411.1.a") == relative_position("424", "424.1.a") == (0, "1", "a")
    assert relative_position("139", "140.1") == relative_position("140", "141.1") == (1, "1")
    assert relative_position("701.16", "701.16a") == (0, "a")  # Magic's glued letters
    assert relative_position("411", "411") == (0,)
    assert relative_position("411.1", "424.1") is None


# --- matching ---------------------------------------------------------------------------


def test_identical_editions_match_rule_for_rule():
    old = edition("v1", "2025-01-01", {"410": ("Shuffle", SHUFFLE), "411": ("Glimpse", GLIMPSE)})
    new = copy.deepcopy(old)
    new.label = "v2"
    matches = match_editions(old, new)
    assert [(m.old.number, m.new.number) for m in matches] == [(r.number, r.number) for r in old.rules()]
    assert {words(m.how) for m in matches} == {"same number, same text"}
    d = diff_editions(old, new)
    check_consistent(d)
    assert d.counts() == {
        "old_rules": 7,
        "new_rules": 7,
        "matched": 7,
        "added": 0,
        "removed": 0,
        "changed": 0,
        "references": 0,
        "moved": 0,
        "unchanged": 7,
    }


def test_one_changed_word_gives_exactly_one_changed_rule():
    old = edition("v1", "2025-01-01", {"410": ("Shuffle", SHUFFLE), "411": ("Glimpse", GLIMPSE)})
    new = copy.deepcopy(old)
    rule = new.sections["411"].rules[3]
    assert " previous " in rule.text
    rule.text = rule.text.replace(" previous ", " former ")
    d = diff_editions(old, new)
    check_consistent(d)
    assert len(d.changed) == 1 and d.moved == [] and d.added == [] and d.removed == []
    (m,) = d.changed
    assert (m.old.number, m.new.number) == ("411.2", "411.2")
    assert words(m.how) == "same number, a few words changed"  # the score stays in the data: m.score
    assert [op for op in m.diff() if op[0] != "="] == [("-", "previous"), ("+", "former")]
    assert word_diff(m.old.text, m.new.text) == m.diff()
    assert d.unchanged == 6


def test_a_renumbered_section_is_matched_by_title_and_position():
    old = edition("v1.2", "2025-12-01", {"410": ("Shuffle", SHUFFLE), "411": ("Glimpse", GLIMPSE)})
    new = edition(
        "v1.4",
        "2026-06-18",
        {
            "410": ("Shuffle", SHUFFLE),
            "411": ("Duty", DUTY),  # 411 now holds another section
            "424": ("Glimpse", renumber(GLIMPSE, "411", "424")),
        },
    )
    pairs = {(a.number, b.number) for a, b in match_sections(old, new)}
    assert pairs == {("410", "410"), ("411", "424")}
    m = by_number(match_editions(old, new))
    for number, _ in GLIMPSE:
        assert m[number].new.number == "424" + number[3:]
        assert m[number].how == Matched(
            number, "424" + number[3:], Place("411", "Glimpse"), Place("424", "Glimpse"), True, True, True, 1.0, True
        )  # certain: each text is printed once in each edition
        assert words(m[number].how) == "renumbered: section 'Glimpse' 411 → 424, same position, same text"
        assert m[number].new_section.number == "424"
    d = diff_editions(old, new)
    check_consistent(d)
    assert len(d.moved) == len(GLIMPSE) and d.changed == []
    assert [r.number for _, r in d.added] == ["411.1", "411.2"]  # Duty's rules: added, not changes of 411.x
    assert d.removed == []


def test_same_number_in_an_unrelated_section_is_no_match():
    old = edition("v1", "2025-01-01", {"411": ("Glimpse", GLIMPSE)})
    new = edition("v2", "2025-06-01", {"411": ("Duty", DUTY)})
    assert match_sections(old, new) == []
    assert match_editions(old, new) == []
    d = diff_editions(old, new)
    check_consistent(d)
    assert len(d.removed) == len(GLIMPSE) and len(d.added) == len(DUTY)


def test_a_reworded_rule_keeps_its_position():
    reworded = list(GLIMPSE)
    reworded[1] = ("411.1.a", "A glimpsed card remains in its zone until the glimpse is over.")
    old = edition("v1", "2025-01-01", {"411": ("Glimpse", GLIMPSE)})
    new = edition("v2", "2025-06-01", {"411": ("Glimpse", reworded)})
    m = by_number(match_editions(old, new))
    assert m["411.1.a"].new.number == "411.1.a"
    assert m["411.1.a"].score < 0.8  # below what a match by text alone needs
    assert words(m["411.1.a"].how) == "same number, partly reworded"


def test_an_inserted_rule_shifts_its_siblings():
    inserted = [
        GLIMPSE[0],
        ("411.1.a", "Glimpsing never changes who controls the glimpsed card."),
        ("411.1.b", GLIMPSE[1][1]),
        ("411.1.c", GLIMPSE[2][1]),
        *GLIMPSE[3:],
    ]
    old = edition("v1", "2025-01-01", {"411": ("Glimpse", GLIMPSE)})
    new = edition("v2", "2025-06-01", {"411": ("Glimpse", inserted)})
    d = diff_editions(old, new)
    check_consistent(d)
    m = by_number(d.matches)
    assert m["411.1.a"].new.number == "411.1.b"
    assert m["411.1.b"].new.number == "411.1.c"
    assert words(m["411.1.a"].how) == "renumbered: within section 411 'Glimpse', other position, same text"
    assert [r.number for _, r in d.added] == ["411.1.a"]
    assert d.removed == [] and d.changed == [] and len(d.moved) == 2


def test_a_rule_moved_to_another_section_is_found_by_its_text():
    moved_rule = GLIMPSE[4]
    old = edition("v1", "2025-01-01", {"410": ("Shuffle", SHUFFLE), "411": ("Glimpse", GLIMPSE)})
    new = edition(
        "v2",
        "2025-06-01",
        {
            "410": ("Shuffle", SHUFFLE + [("410.3", moved_rule[1])]),
            "411": ("Glimpse", GLIMPSE[:4]),
        },
    )
    m = by_number(match_editions(old, new))
    assert m["411.2.a"].new.number == "410.3"
    assert words(m["411.2.a"].how) == "renumbered: moved from section 411 'Glimpse' to 410 'Shuffle', same text"


def test_a_moved_rule_with_a_different_text_is_not_found():
    old = edition("v1", "2025-01-01", {"410": ("Shuffle", SHUFFLE), "411": ("Glimpse", GLIMPSE)})
    new = edition(
        "v2",
        "2025-06-01",
        {
            "410": ("Shuffle", SHUFFLE + [("410.3", "Moving a glimpsed card ends its glimpse.")]),
            "411": ("Glimpse", GLIMPSE[:4]),
        },
    )
    assert "411.2.a" not in by_number(match_editions(old, new))


def test_short_headings_elsewhere_match_only_when_identical():
    old = edition(
        "v1",
        "2025-01-01",
        {
            "101": ("Deck", [("101.1", "Battlefields"), ("101.2", "The Trash")]),
            "102": ("Zones", [("102.1", "The Hand")]),
        },
    )
    new = edition(
        "v2",
        "2025-06-01",
        {
            "201": ("Deck Building", [("201.1", "Battlefield")]),
            "202": ("Zone List", [("202.1", "The Trash"), ("202.2", "Hands")]),
        },
    )
    m = by_number(match_editions(old, new))
    assert set(m) == {"101.2"}
    assert m["101.2"].new.number == "202.1"


def test_a_retitled_section_keeping_its_number_is_paired():
    old = edition("v1", "2025-01-01", {"316": ("Action Phase", SHUFFLE)})
    new = edition("v2", "2025-06-01", {"316": ("Main Phase", renumber(SHUFFLE, "410", "316"))})
    old.sections["316"].rules = [Rule("316" + r.number[3:], r.text, r.loc) for r in old.sections["316"].rules]
    m = by_number(match_editions(old, new))
    assert words(m["316.1"].how) == "same number: section 316 retitled 'Action Phase' → 'Main Phase', same text"


def test_sections_sharing_a_title_are_paired_by_contents():
    old = edition(
        "v1",
        "2025-01-01",
        {
            "162": ("Battlefields", SHUFFLE),
            "181": ("Battlefields", DUTY),
        },
    )
    new = edition(
        "v2",
        "2025-06-01",
        {
            "165": ("Battlefields", renumber(DUTY, "411", "165")),  # the second one now comes first
            "184": ("Battlefields", renumber(SHUFFLE, "410", "184")),
        },
    )
    assert {(a.number, b.number) for a, b in match_sections(old, new)} == {("162", "184"), ("181", "165")}


def test_titles_are_compared_normalized():
    old = edition("v1", "2025-01-01", {"352": ("2. Make relevant choices.", SHUFFLE)})
    new = edition("v2", "2025-06-01", {"355": ("2. MAKE RELEVANT\u00a0CHOICES", SHUFFLE)})
    assert [(a.number, b.number) for a, b in match_sections(old, new)] == [("352", "355")]


def test_examples_count_as_printed_text_but_do_not_hide_the_rule():
    old = edition("v1", "2025-01-01", {"411": ("Glimpse", GLIMPSE)})
    new = copy.deepcopy(old)
    new.sections["411"].rules[0].examples.append(Example("Example", "A player glimpses a card.", Loc("v2", 1)))
    d = diff_editions(old, new)
    (m,) = d.changed
    assert m.old.number == m.new.number == "411.1"
    assert m.score < 1.0 and "1.00" not in words(m.how)
    assert [op for op in m.diff() if op[0] != "="] == [("+", " Example: A player glimpses a card.")]


def test_for_section_narrows_to_either_side():
    old = edition("v1.2", "2025-12-01", {"410": ("Shuffle", SHUFFLE), "411": ("Glimpse", GLIMPSE)})
    new = edition(
        "v1.4",
        "2026-06-18",
        {
            "410": ("Shuffle", SHUFFLE),
            "411": ("Duty", DUTY),
            "424": ("Glimpse", renumber(GLIMPSE, "411", "424")),
        },
    )
    d = diff_editions(old, new)
    either = d.for_section("411")
    c = either.counts()
    assert c["matched"] == len(GLIMPSE)  # old 411 → new 424
    assert c["added"] == len(DUTY)  # new 411
    assert d.for_section("411", "old").counts()["added"] == 0
    assert d.for_section("411", "new").counts()["matched"] == 0
    assert d.for_section("424", "new").counts()["moved"] == len(GLIMPSE)
    assert d.for_section("410").counts()["unchanged"] == len(SHUFFLE)
    assert d.for_section("999").counts()["matched"] == 0
    with pytest.raises(ValueError):
        d.for_section("411", "both")


# --- history -------------------------------------------------------------------------------


def three_editions() -> list[Edition]:
    v11 = edition("v1.1", "2025-10-01", {"410": ("Shuffle", SHUFFLE), "411": ("Glimpse", GLIMPSE)})
    glimpse12 = [r for r in GLIMPSE if r[0] != "411.1.b"]  # removed in v1.2
    v12 = edition("v1.2", "2025-12-01", {"410": ("Shuffle", SHUFFLE), "411": ("Glimpse", glimpse12)})
    glimpse14 = renumber(glimpse12, "411", "424")
    glimpse14[0] = ("424.1", glimpse14[0][1].replace("short while", "brief moment"))  # changed in v1.4
    v14 = edition(
        "v1.4",
        "2026-06-18",
        {
            "410": ("Shuffle", SHUFFLE),
            "411": ("Duty", DUTY),  # added in v1.4
            "424": ("Glimpse", glimpse14),
        },
    )
    return [v14, v11, v12]  # any order: the history sorts by date


def test_rule_history_follows_a_rule_through_renumbering():
    history = rule_history(three_editions())
    chain = history[("v1.1", "411.1")]
    assert [(e.edition_label, e.number, e.text_changed) for e in chain] == [
        ("v1.1", "411.1", False),
        ("v1.2", "411.1", False),
        ("v1.4", "424.1", True),
    ]
    assert chain[0].how == Printed("v1.1")
    assert chain[2].how.renumbered and chain[2].how.reworded and chain[2].how.section_renumbered
    assert words(chain[0].how) == "printed in v1.1"
    assert words(chain[1].how) == "same number, same text"
    assert "renumbered" in words(chain[2].how) and "411 → 424" in words(chain[2].how)
    assert history[("v1.2", "411.1")] is chain and history[("v1.4", "424.1")] is chain


def test_rule_history_removed_and_added_rules():
    history = rule_history(three_editions())
    assert history[("v1.1", "411.1.b")] == [
        HistoryEntry("v1.1", "411.1.b", False, Printed("v1.1")),
        HistoryEntry("v1.2", None, False, Removed("v1.2")),
        HistoryEntry("v1.4", None, False, Absent("v1.4", "still-absent")),
    ]
    assert history[("v1.4", "411.1")] == [
        HistoryEntry("v1.1", None, False, Absent("v1.1", "not-yet")),
        HistoryEntry("v1.2", None, False, Absent("v1.2", "not-yet")),
        HistoryEntry("v1.4", "411.1", False, Added("v1.4")),
    ]
    assert ("v1.2", "411.1.b") not in history


def test_rule_history_covers_every_rule_of_every_edition():
    editions = three_editions()
    history = rule_history(editions)
    assert set(history) == {(e.label, r.number) for e in editions for r in e.rules()}
    for (label, number), chain in history.items():
        assert [e.edition_label for e in chain] == ["v1.1", "v1.2", "v1.4"]
        assert any(e.edition_label == label and e.number == number for e in chain)
        assert all(words(e.how) for e in chain)


def test_an_excerpt_is_no_link_in_the_chain():
    v11, v12 = three_editions()[1:]
    excerpt = edition(
        "2026-01-15",
        "2026-01-15",
        {
            "411": ("Glimpse", [GLIMPSE[0], ("411.9", "A brand-new rule printed only in this excerpt, for now.")]),
        },
        partial=True,
    )
    v14 = three_editions()[0]
    history = rule_history([v11, v12, excerpt, v14])
    chain = history[("v1.2", "411.2")]
    assert [(e.edition_label, e.number) for e in chain] == [
        ("v1.1", "411.2"),
        ("v1.2", "411.2"),
        ("2026-01-15", None),
        ("v1.4", "424.2"),
    ]
    assert words(chain[2].how) == "not in excerpt 2026-01-15"
    assert history[("2026-01-15", "411.1")] is history[("v1.1", "411.1")]
    assert words(history[("2026-01-15", "411.9")][2].how) == "added in 2026-01-15"


def test_history_entries_are_data_worded_in_each_language():
    """Resolve says what became of a rule; each language's pages word it."""
    moved = Matched("411.2.a", "410.3", Place("411", "Glimpse"), Place("410", "Shuffle"), False, False, False, 0.876)
    assert moved.moved and moved.renumbered and moved.reworded
    assert words(moved) == "renumbered: moved from section 411 'Glimpse' to 410 'Shuffle', partly reworded"
    assert how_words(moved, "es") == (
        "renumerada: movida de la sección 411 «Glimpse» a la 410 «Shuffle», redactada de nuevo en parte"
    )
    assert how_words(moved, "fr") == (
        "renumérotée : déplacée de la section 411 « Glimpse » à la 410 « Shuffle », reformulée en partie"
    )
    reworded = Matched("411.1", "411.1", Place("411", "Glimpse"), Place("411", "Glimpse"), True, True, True, 0.999)
    assert words(reworded) == "same number, a few words changed"
    assert how_words(reworded, "es") == "mismo número, unas pocas palabras cambiadas"
    recited = Matched("113.1", "113.1", Place("113", "Setup"), Place("113", "Setup"), True, True, True, 0.98, references=True)
    assert how_words(recited, "fr") == "même numéro, seuls les numéros des règles qu'elle cite ont changé"
    assert words(Traced(True, False, ("v1.2",))) == "renumbered, same text, traced through v1.2"
    assert words(Removed("v1.4")) == "removed in v1.4"
    assert how_words(Removed("v1.4"), "fr") == "supprimée dans v1.4"
    assert words(Absent("2026-01-15", "not-yet-in-excerpt")) == "not yet in excerpt 2026-01-15"
    assert how_words(Absent("v1.1", "not-yet"), "es") == "aún no está en v1.1"
