"""Card symbols: the Core Rules shorthand (`[2]`, `[A]`, `[M]`, rules 134.2 and
135.2.e), the sign each is shown as, its name in words (from the strings
table), and the plain text a reader sees where card text is quoted.

Below render and check: render shows each symbol as a sign with its name
(render/symbols.py), check expects that text on the built page.
"""

from __future__ import annotations

import re

from .strings import t

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
SYMBOL = re.compile(r"\[(\d{1,2}|[ACMSETRGBOPY>])\]")


def split_symbols(text: str, language: str = "en") -> list[str | tuple[str, str, str]]:
    """`text` cut into plain strings and (shorthand, sign, name) symbols."""
    out: list[str | tuple[str, str, str]] = []
    position = 0
    for match in SYMBOL.finditer(text):
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


def shown_text(text: str, language: str = "en") -> str:
    """`text` as a reader sees it on a page that quotes it (`with_symbols`)."""
    parts = spaced(split_symbols(text, language))
    out = []
    for part in parts:
        if isinstance(part, tuple):
            shorthand, sign, name = part
            out.append(f"{sign} {shown_name(shorthand, sign, name)}")
        else:
            out.append(part)
    return "".join(out)


def shown_name(shorthand: str, sign: str, name: str) -> str:
    # Energy's sign is its number, which its name begins with: "2" "Energy".
    shown = name.removeprefix(sign).strip() if symbol_kind(shorthand) == "energy" else name
    return shown or name


def spaced(parts: list) -> list:
    # Two symbols side by side ("[1][A]") are two names: a space keeps them apart.
    out: list = []
    for part in parts:
        if out and isinstance(part, tuple) and isinstance(out[-1], tuple):
            out.append(" ")
        out.append(part)
    return out
