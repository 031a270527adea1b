"""The numbers a text cites ("See rule 355", "rules 811.5.a and 129.4",
"véase la regla 602.2a", a range "rules 103.1–103.3"): one grammar, read by
the linker (`links.py`) and by the diffs (`history.py`, which tells a rule
whose only change is a cited number from one reworded)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..common.names import CITED_NUMBER, HEAD

# Riftbound 811.5.a / 129.4 / 355, Magic 602.2a / 701.20.
# Never the first digits of a longer number: "rules 1234" cites nothing.
NUMBER = CITED_NUMBER  # names.py: the one rule-number grammar
# "and", "or", ... also after a comma: "rules 103.1, 103.2, and 103.3".
_JOINER = r"\s*(?:,\s*(?:and|or|y|o|et|ou)\s|,|and|or|y|o|et|ou|to|through|a|–|—|-)\s*"
_REFERENCE = re.compile(
    rf"\b(?:[Rr]ules?|[Rr]eglas?|[Rr][èe]gles?)\s+(?P<list>{NUMBER}(?:{_JOINER}{NUMBER})*)"
    # "See 108.6." without the word "rule": a dotted number, or a section number
    # that ends the phrase ("see 716."), never "see 100 cards".
    rf"|\b(?:[Ss]ee(?:\s+also)?|[Vv][ée]ase|[Vv]oir)\s+(?P<bare>{NUMBER}(?:{_JOINER}{NUMBER})*)"
)
_NUMBER = re.compile(NUMBER)
_HEAD = re.compile(HEAD)  # how every cited number starts


def cited_numbers(text: str) -> Iterator[Shifted]:
    """Each number `text` cites, in order, with its place in `text`."""
    if not _HEAD.search(text):
        return  # no number to cite: most texts, found at once (the full expression is slow to fail)
    for reference in _REFERENCE.finditer(text):
        group = "list" if reference.group("list") is not None else "bare"
        listed = reference.group(group)
        if group == "bare" and "." not in listed and text[reference.end() :][:1] not in ("", *'.,;:)"'):
            continue  # "see 100 cards"
        start = reference.start(group)
        for number in _NUMBER.finditer(listed):
            yield Shifted(number, start)


class Shifted:
    """A match inside a sub-string, with positions in the whole text."""

    def __init__(self, match: re.Match, offset: int) -> None:
        self._match, self._offset = match, offset

    def group(self, index: int = 0) -> str:
        return self._match.group(index)

    def start(self) -> int:
        return self._match.start() + self._offset

    def end(self) -> int:
        return self._match.end() + self._offset
