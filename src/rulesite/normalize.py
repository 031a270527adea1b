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
"""
from __future__ import annotations

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
_SPACES = re.compile(r"[\s\u00a0\u2000-\u200a\u202f\u205f\u3000]+")


def normalize_text(text: str) -> str:
    return _SPACES.sub(" ", text.translate(_QUOTES)).strip()
