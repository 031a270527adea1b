"""Card symbols shown as readable signs with a visible text alternative.

Card texts keep the Core Rules shorthand (`[2]`, `[A]`, `[M]`, rules 134.2 and
135.2.e), and so do the data files and every plain-text form. On a page, wherever
card text is quoted (cards, errata, FAQ answers, rulings), each becomes a small
sign followed by its name in words: a name only in `title` or `aria-label`
reaches neither touch readers nor everyone's screen reader.
"""

from __future__ import annotations

from collections.abc import Callable

from ..common.card_symbols import shown_name, spaced, split_symbols, symbol_kind
from .escape import Md
from .markup import md


def symbol(shorthand: str, sign: str, name: str) -> Md:
    """A symbol as its sign and, visibly, its name."""
    return md("symbol", kind=symbol_kind(shorthand), label=name, sign=sign, words=shown_name(shorthand, sign, name))


def with_symbols(text: str, plain: Callable[[str], Md], language: str = "en") -> Md:
    """`text` with its symbols as `symbol`s and the rest made by `plain`."""
    parts = spaced(split_symbols(text, language))
    return Md("").join(symbol(*part) if isinstance(part, tuple) else plain(part) for part in parts)
