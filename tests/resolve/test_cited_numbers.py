"""A rule whose text differs only in the numbers of the rules it cites, because
the cited rules were renumbered, had its references renumbered: it is not
"changed" (resolve/history.py, "Cited numbers"). Where a cited number now
names another rule, the rule stays changed and says which. Editions written
for the test: section 454 Glimpse of v1 is 458 in v2, and v2 prints a new
section 452 before it, so 454 names nothing there and 458 another section."""

from __future__ import annotations

from rulesite.resolve.history_words import how_words, now_cites
from rulesite.common.model import Edition, Loc, Rule, Section
from rulesite.resolve.history import Cited, cited_changes, diff_editions, match_editions, rule_history

GLIMPSE = [
    ("1", "Glimpsing is the act of showing a card to every player for a short while."),
    ("1.a", "A glimpsed card stays in the zone it was glimpsed from until the glimpse ends."),
    ("2", "When a glimpse ends, the glimpsed cards return to their previous privacy."),
]
MODES = [("1", "A mode of play names how many players take part and how a game is won.")]
DUELS = [("1", "A duel is a game between exactly two players, each with their own deck.")]


def edition(label: str, sections: dict[str, tuple[str, list[tuple[str, str]]]]) -> Edition:
    e = Edition("testgame", "core-rules", "en", label, {"v1": "2025-01-01", "v2": "2025-06-01"}[label], False)
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


def numbered(section: str, rules: list[tuple[str, str]]) -> list[tuple[str, str]]:
    return [(f"{section}.{n}", t) for n, t in rules]


SETUP_V1 = [
    ("113.1", "Before the game each player glimpses the top card of their deck. See rule 454."),
    ("113.2", "A glimpsed card stays hidden from its owner. See rules 454.1.a and 456.1."),
    ("113.3", "The first player is the one whose glimpsed card costs the most. See rule 454."),
    ("113.4", "Players agree on a mode of play before they shuffle. See rule 456."),
    ("113.5", "Glimpse with care, and only when told. See rule 454."),
]
SETUP_V2 = [
    ("113.1", "Before the game each player glimpses the top card of their deck. See rule 458."),  # the same rule
    ("113.2", "A glimpsed card stays hidden from its owner. See rules 458.1.a and 460.1."),  # both the same rules
    ("113.3", "The first player is the one whose glimpsed card costs the most. See rule 460."),  # another rule
    ("113.4", "Players agree on a mode of play before they shuffle. See rule 456."),  # unchanged
    ("113.5", "Glimpse with great care, and only when told. See rule 458."),  # reworded too
]


def two_editions() -> tuple[Edition, Edition]:
    old = edition(
        "v1",
        {
            "113": ("Setup", SETUP_V1),
            "454": ("Glimpse", numbered("454", GLIMPSE)),
            "456": ("Modes of Play", numbered("456", MODES)),
        },
    )
    new = edition(
        "v2",
        {
            "113": ("Setup", SETUP_V2),
            "452": ("Duels", numbered("452", DUELS)),
            "456": ("Duels and More", numbered("456", DUELS)),
            "458": ("Glimpse", numbered("458", GLIMPSE)),
            "460": ("Modes of Play", numbered("460", MODES)),
        },
    )
    return old, new


def test_the_numbers_that_differ_are_found_when_nothing_else_does():
    assert cited_changes("See rule 454.", "See rule 458.") == (("454", "458"),)
    assert cited_changes("See rules 454.1.a and 456.1.", "See rules 458.1.a and 456.1.") == (("454.1.a", "458.1.a"),)
    assert cited_changes("Glimpse with care. See rule 454.", "Glimpse with great care. See rule 458.") == ()
    assert cited_changes("Pay 454 energy.", "Pay 458 energy.") == ()  # a number, but no citation
    assert cited_changes("See rule 454.", "See rule 454.") == ()


def test_references_renumbered_are_not_changes():
    old, new = two_editions()
    matches = {m.old.number: m for m in match_editions(old, new)}
    first = matches["113.1"]
    assert first.text_changed and first.references_renumbered and not first.reworded
    assert first.cited == (Cited("454", "458", True, "Glimpse", "Glimpse"),)
    assert matches["113.2"].references_renumbered
    assert [c.old for c in matches["113.2"].cited] == ["454.1.a", "456.1"]
    assert how_words(first.how, "en") == "same number, only the numbers of the rules it cites changed"

    diff = diff_editions(old, new)
    changed = {m.new.number for m in diff.changed}
    assert {m.new.number for m in diff.recited} == {"113.1", "113.2"}
    assert changed == {"113.3", "113.5"}
    counts = diff.counts()
    assert (counts["changed"], counts["references"]) == (2, 2)


def test_a_cited_number_that_now_names_another_rule_stays_a_change_and_says_so():
    old, new = two_editions()
    matches = {m.old.number: m for m in match_editions(old, new)}
    third = matches["113.3"]
    assert third.reworded and not third.references_renumbered
    assert third.cited == (Cited("454", "460", False, "Glimpse", "Modes of Play"),)
    assert now_cites(third.cited[0], "en") == "now cites 460 Modes of Play instead of 454 Glimpse"
    assert "similarity" not in how_words(third.how, "en")  # said in words, not as a score
    # Reworded besides its cited number: a change, with no claim about its citations.
    assert matches["113.5"].reworded and matches["113.5"].cited == ()
    # The same text citing a number that now names another section is no change of the rule's.
    assert not matches["113.4"].text_changed


def test_histories_tell_references_renumbered_from_rewording():
    old, new = two_editions()
    history = rule_history([old, new])
    first, third = history[("v2", "113.1")], history[("v2", "113.3")]
    assert first[1].text_changed and first[1].references_only
    assert third[1].text_changed and not third[1].references_only
