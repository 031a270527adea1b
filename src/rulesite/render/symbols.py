"""Card symbols shown as readable signs with a text alternative.

Card texts keep the Core Rules shorthand (`[2]`, `[A]`, `[M]`, rules 134.2 and
135.2.e); on the page each becomes a small sign whose name is spoken and shown
on hover (`aria-label`, `title`, which also gives the shorthand).
"""

from __future__ import annotations

import re

from .escape import Md
from .markup import md

# shorthand -> (sign, name)
SYMBOLS = {
    "A": ("✦", "Power of any Domain"),
    "C": ("◆", "Power of this card's Domain"),
    "M": ("⚔", "Might"),
    "S": ("⚔", "Might"),  # older shorthand
    "E": ("⤵", "Exhaust"),
    "T": ("⤵", "Exhaust"),  # older shorthand
    "R": ("●", "Fury Power"),
    "G": ("●", "Calm Power"),
    "B": ("●", "Mind Power"),
    "O": ("●", "Body Power"),
    "P": ("●", "Chaos Power"),
    "Y": ("●", "Order Power"),
    ">": ("→", "then"),
}
_TOKEN = re.compile(r"\[(\d{1,2}|[ACMSETRGBOPY>])\]")


def split_symbols(text: str) -> list[str | tuple[str, str, str]]:
    """`text` cut into plain strings and (shorthand, sign, name) symbols."""
    out: list[str | tuple[str, str, str]] = []
    position = 0
    for match in _TOKEN.finditer(text):
        out.append(text[position : match.start()])
        code = match.group(1)
        if code.isdigit():
            out.append((match.group(0), code, f"{code} Energy"))
        else:
            sign, name = SYMBOLS[code]
            out.append((match.group(0), sign, name))
        position = match.end()
    out.append(text[position:])
    return [part for part in out if part != ""]


def symbol(shorthand: str, sign: str, name: str) -> Md:
    kind = "energy" if shorthand[1:-1].isdigit() else "power" if name.endswith("Power") else "sign"
    return md("symbol", kind=kind, label=name, title=f"{name} ({shorthand})", sign=sign)
