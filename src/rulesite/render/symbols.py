"""Card symbols shown as readable signs with a visible text alternative.

Card texts keep the Core Rules shorthand (`[2]`, `[A]`, `[M]`, rules 134.2 and
135.2.e), and so do the data files and every plain-text form. On a page, wherever
card text is quoted (cards, errata, FAQ answers, rulings), each becomes a small
sign followed by its name in words: a name only in `title` or `aria-label`
reaches neither touch readers nor everyone's screen reader.
"""

from __future__ import annotations

from collections.abc import Callable

from ..resolve.linked import SYMBOL
from .escape import Md
from .markup import md
from ..strings import t

# shorthand -> (sign, key of its name in the strings table)
SYMBOLS = {
    "A": ("✦", "symbol-any-power"),
    "C": ("◆", "symbol-domain-power"),
    "M": ("⚔", "symbol-might"),
    "S": ("⚔", "symbol-might"),  # older shorthand
    "E": ("⤵", "symbol-exhaust"),
    "T": ("⤵", "symbol-exhaust"),  # older shorthand
    "R": ("●", "symbol-fury"),
    "G": ("●", "symbol-calm"),
    "B": ("●", "symbol-mind"),
    "O": ("●", "symbol-body"),
    "P": ("●", "symbol-chaos"),
    "Y": ("●", "symbol-order"),
    ">": ("→", "symbol-then"),
}
_POWER = {"symbol-any-power", "symbol-domain-power", "symbol-fury", "symbol-calm", "symbol-mind", "symbol-body"}
_POWER |= {"symbol-chaos", "symbol-order"}
_TOKEN = SYMBOL  # resolve links the text between them (linked.quoted_parts)


def split_symbols(text: str, language: str = "en") -> list[str | tuple[str, str, str]]:
    """`text` cut into plain strings and (shorthand, sign, name) symbols."""
    out: list[str | tuple[str, str, str]] = []
    position = 0
    for match in _TOKEN.finditer(text):
        out.append(text[position : match.start()])
        code = match.group(1)
        if code.isdigit():
            out.append((match.group(0), code, t(language, "symbol-energy", n=code)))
        else:
            sign, key = SYMBOLS[code]
            out.append((match.group(0), sign, t(language, key)))
        position = match.end()
    out.append(text[position:])
    return [part for part in out if part != ""]


def symbol_kind(shorthand: str) -> str:
    """The class a symbol is styled by: `energy`, `power` or `sign`."""
    code = shorthand[1:-1]
    if code.isdigit():
        return "energy"
    return "power" if SYMBOLS[code][1] in _POWER else "sign"


def symbol(shorthand: str, sign: str, name: str) -> Md:
    """A symbol as its sign and, visibly, its name."""
    return md("symbol", kind=symbol_kind(shorthand), label=name, sign=sign, words=_shown_name(shorthand, sign, name))


def with_symbols(text: str, plain: Callable[[str], Md], language: str = "en") -> Md:
    """`text` with its symbols as `symbol`s and the rest made by `plain`."""
    parts = _spaced(split_symbols(text, language))
    return Md("").join(symbol(*part) if isinstance(part, tuple) else plain(part) for part in parts)


def shown_text(text: str, language: str = "en") -> str:
    """`text` as a reader sees it on a page that quotes it (`with_symbols`)."""
    parts = _spaced(split_symbols(text, language))
    out = []
    for part in parts:
        if isinstance(part, tuple):
            shorthand, sign, name = part
            out.append(f"{sign} {_shown_name(shorthand, sign, name)}")
        else:
            out.append(part)
    return "".join(out)


def _shown_name(shorthand: str, sign: str, name: str) -> str:
    # Energy's sign is its number, which its name begins with: "2" "Energy".
    shown = name.removeprefix(sign).strip() if symbol_kind(shorthand) == "energy" else name
    return shown or name


def _spaced(parts: list) -> list:
    # Two symbols side by side ("[1][A]") are two names: a space keeps them apart.
    out: list = []
    for part in parts:
        if out and isinstance(part, tuple) and isinstance(out[-1], tuple):
            out.append(" ")
        out.append(part)
    return out
