"""The terms a rule defines and the infractions a penalty names
(resolve/terms.py): what word search ranks as the concept a player means.
Texts written for the test."""

from __future__ import annotations

import pytest

from rulesite.common.model import Loc, Rule
from rulesite.resolve.terms import defined_term, defined_terms


@pytest.mark.parametrize(
    ("text", "term"),
    [
        ("Slow Play [Warning]: A player takes too long over a turn.", "Slow Play"),
        ("Arriving Late to the Table [Match Loss]: A player is not seated when the round starts.", "Arriving Late to the Table"),
        ("Late to Match: A player arrives after the clock starts.", "Late to Match"),
        ("The Opening Player is the player who takes the first turn.", "Opening Player"),
        ("A Stack Window is the moment when players may respond.", "Stack Window"),
        ("Quick Draws are a kind of draw made at once.", "Quick Draws"),
    ],
)
def test_a_rule_opening_with_a_name_defines_it(text, term):
    assert defined_term(text) == term


@pytest.mark.parametrize(
    "text",
    [
        "When Burning a card, put it in the trash.",  # a condition, not a name
        "If X is zero, nothing happens.",
        "Each Battlefield is controlled by one player.",
        "The X is the amount paid.",  # a variable
        "Remedies:",  # a heading of what follows
        "Players take turns in order.",
        "A player may concede at any time.",
        "Players are still expected to play at a reasonable pace.",  # says something of players
    ],
)
def test_a_rule_opening_with_a_condition_or_a_sentence_defines_nothing(text):
    assert defined_term(text) is None


def test_a_name_opening_two_rules_names_neither():
    rules = [
        Rule("483.6", "Format: Best of three.", Loc("rules.txt", 1)),
        Rule("485.6", "Format: Best of one.", Loc("rules.txt", 2)),
        Rule("703.2", "Slow Play [Warning]: A player takes too long over a turn.", Loc("rules.txt", 3)),
    ]
    assert defined_terms(rules) == {"703.2": "Slow Play"}
