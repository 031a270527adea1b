"""Typographic normalization (normalize.py): which characters it changes,
checked over every code point, so the list README.md gives readers is the
one the code applies."""

from __future__ import annotations

import sys

from rulesite.common.normalize import normalize_text

QUOTES = {"\u201c", "\u201d", "\u201e", "\u201f", "\u2033", "\u2018", "\u2019", "\u201a", "\u201b", "\u2032", "\u02bc"}
REMOVED = {"\ufeff", "\u200b", "\u200c", "\u200d", "\u2060"}


def test_every_space_and_only_spaces_become_one_space():
    changed = []
    for code in range(sys.maxunicode + 1):
        char = chr(code)
        if char in QUOTES or char in REMOVED:
            continue
        expected = "a b" if char.isspace() else f"a{char}b"
        if normalize_text(f"a{char}{char} b" if char.isspace() else f"a{char}b") != expected:
            changed.append(f"U+{code:04X}")
    assert changed == []
    # The no-break, thin and ideographic spaces and tabs are among them.
    assert normalize_text("\t1\u00a0\u2009\u3000 2\n") == "1 2"


def test_quotes_become_straight_and_invisible_characters_go():
    assert normalize_text("\u201cIt\u2019s\u201d \u2018x\u2019 5\u2032") == "\"It's\" 'x' 5'"
    assert normalize_text("zero\u200bwidth\ufeff") == "zerowidth"
    # Guillemets, dashes and letters stay as printed.
    assert normalize_text("«Montrer» — é") == "«Montrer» — é"
