"""The terms a document's rules define, and the infractions its penalties name.

A player searching "slow play" means the Tournament Rules' infraction, "703.2
Slow Play [Warning]: A player is ...", not the rules that merely mention slow
play; "first player" means Core Rules' "115.1.b.1 The First Player is the
player who ...". A rule defines a term when its text opens with it:

- `Name [Penalty]: text` or `Name: text` (the Tournament Rules' infractions
  and definitions, the Core Rules' "Private: ..."): a capitalized name, at
  most eight words, then a colon and the definition;
- `The Name is a ...`, `A Name are the ...` (also "refers to", "means"): a
  capitalized name of at most four words, whose first word is not one that
  opens a condition or a sentence ("When Burning ...", "If X ...", "Each
  Battlefield ...", "This Ability ..."); "Players are still expected to
  ..." says something of players, and defines nothing.

A name a document's edition opens two rules or more with ("Format:" in each
Mode of Play) names no one rule and is left out. Pure: no I/O, no rendering.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..common.model import Rule

_WORD = r"[A-Z][\w'\u2019-]*"
_JOIN = r"(?:of|to|for|the|a|an|in|on|and|or|from|with|at|by|during)"
_NAME = rf"{_WORD}(?: (?:{_WORD}|{_JOIN}))"  # ending with a capitalized word (`defined_term` checks)
# "Slow Play [Warning]: A player ...", "Late to Match: A player ..."
_NAMED = re.compile(rf"^({_NAME}{{0,7}})(?: \[([A-Z][\w ]*)\])?: \S")
# "The First Player is the player who ..."
_IS = re.compile(rf"^(?:The |A |An )?({_NAME}{{0,3}}) (?:(?:is|are) (?:a|an|the|one|any|when|where|what|how)|refers to|means) ")
# First words that open a condition or a sentence, not a name.
_NOT_NAMES = frozenset(
    "When Whenever If While After Before Each Every Some These This That Those Other On It Its Any All Both "
    "Then There Once Unless Until During Only No Not".split()
)


def defined_term(text: str) -> str | None:
    """The term `text` (a rule's) opens with and defines, if any."""
    found = _NAMED.match(text) or _IS.match(text)
    if found is None:
        return None
    name = found.group(1)
    words = name.split()
    if words[0] in _NOT_NAMES or not words[-1][0].isupper():
        return None
    if len(words[-1]) == 1:  # "The X is ...": a variable
        return None
    return name


def defined_terms(rules: Iterable[Rule]) -> dict[str, str]:
    """Rule number -> the term it defines, among `rules` (one edition's of one
    document): each term defined by one rule alone."""
    found: dict[str, list[tuple[str, str]]] = {}
    for rule in rules:
        term = defined_term(rule.text)
        if term is not None:
            found.setdefault(term.casefold(), []).append((rule.number, term))
    return {numbers[0][0]: numbers[0][1] for numbers in found.values() if len(numbers) == 1}
