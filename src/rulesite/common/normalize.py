"""Typographic normalization, the only change made to source text.

Sources print the same rule with curly or straight quotes and with different
spacing. Every importer passes each text through `normalize_text`, so texts can
be compared and are shown one way. What changes (and nothing else):

- curly double quotes (U+201C, U+201D, U+201E, U+201F, U+2033) become `"`;
- curly single quotes and apostrophes (U+2018, U+2019, U+201A, U+201B, U+2032,
  and the modifier-letter apostrophe U+02BC) become `'`;
- no-break, thin and other Unicode spaces, and tabs, become a plain space;
- zero-width characters and the byte-order mark are removed;
- runs of spaces become one space, and leading and trailing spaces are removed.

Guillemets (« »), dashes and every letter stay as printed. README.md documents
the same list for readers.

Characters no source text may hold are not normalized away but reported, each
as `error[control-character]` at the text's place (`forbidden_characters`
finds them; `read/untrusted.py` checks every text field of the model): NUL and
the other control characters except tab, line feed, carriage return, form feed
and vertical tab (those are whitespace, and become spaces like any other); the
bidirectional formatting characters (U+061C, U+200E, U+200F, U+202A to U+202E,
U+2066 to U+2069), which can make text display in another order than it reads;
surrogates (a JSON `"\ud800"` escape); noncharacters (U+FDD0 to U+FDEF, U+FFFE,
U+FFFF and their counterparts in every plane) and the invisible tag characters
(U+E0000 to U+E007F). None of them is ever part of a rule, and removing them
silently would hide what a source tried to do.
"""

from __future__ import annotations

import functools
import re

_QUOTES = str.maketrans(
    {
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u201f": '"',
        "\u2033": '"',
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u201b": "'",
        "\u2032": "'",
        "\u02bc": "'",
        "\ufeff": None,
        "\u200b": None,
        "\u200c": None,
        "\u200d": None,
        "\u2060": None,
    }
)
_REPLACED = tuple((chr(code), by or "") for code, by in _QUOTES.items())

_FORBIDDEN = re.compile(
    "[\x00-\x08\x0e-\x1f\x7f-\x84\x86-\x9f"  # control characters that are not whitespace
    "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"  # bidirectional formatting
    "\ud800-\udfff"  # surrogates
    "\ufdd0-\ufdef\ufffe\uffff\U0001fffe\U0001ffff\U000e0000-\U000e007f]"  # noncharacters, tags
)


def forbidden_characters(text: str) -> list[str]:
    """The characters of `text` no source may hold (see above), each once, in order."""
    return list(dict.fromkeys(_FORBIDDEN.findall(text)))


@functools.lru_cache(maxsize=1 << 16)  # the same rule texts are compared again and again (histories, diffs)
def normalize_text(text: str) -> str:
    # Every character replaced is beyond ASCII, and most texts are ASCII (a
    # flag of the string: no scan). Otherwise a scan for each of the 16 is ten
    # times as fast as translate(), which looks every character up in a dict.
    if not text.isascii():
        for char, replacement in _REPLACED:
            if char in text:
                text = text.replace(char, replacement)
    # Every run of whitespace (str.isspace: tabs, no-break, thin and the other
    # Unicode spaces) becomes one space, none at either end: split() finds them in C.
    return " ".join(text.split())
