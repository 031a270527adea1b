"""Markdown and JSON pieces the FAQ, rulings, errata and cards importers share.

Texts reach the model as plain text (rendering escapes every character), so
markup is taken out here, keeping what a reader would see:

- `**bold**`, `*italic*`, `__bold__`, `_italic_` keep their words;
- `[text](/a/page#anchor)` keeps its text; `[text](https://...)` keeps the text
  and the address in parentheses, so the address stays visible;
- `<img ...>` and `![alt](...)` are removed and counted (pictures, not text).

JSON sources hold a whole article in one string, so a problem inside it is
reported at the file line where that string starts, with a JSON pointer and the
line inside the string in the message (`/2/content, line 57 of the text`).
"""
from __future__ import annotations

import json
import re

from ..diagnostics import Diagnostics
from ..model import Loc, Source
from ..normalize import normalize_text

_BOLD = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*|__(?=\S)(.+?)(?<=\S)__")
_ITALIC = re.compile(r"(?<![\w*])\*(?=\S)(.+?)(?<=\S)\*(?![\w*])|(?<![\w/])_(?=\S)(.+?)(?<=\S)_(?![\w/])")
_IMAGE = re.compile(r"<img\b[^>]*>|!\[[^\]]*\]\([^)]*\)", re.IGNORECASE)
# [text](target): the text may hold one level of brackets ("[[Download]](...)").
_LINK = re.compile(r"\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\(\s*([^)\s]*)\s*\)")


def strip_emphasis(text: str) -> str:
    text = _BOLD.sub(lambda m: m.group(1) or m.group(2), text)
    return _ITALIC.sub(lambda m: m.group(1) or m.group(2), text)


def plain_links(text: str) -> str:
    def one(match: re.Match) -> str:
        label, target = match.group(1).strip(), match.group(2)
        if re.match(r"https?://", target):
            return f"{label} ({target})" if label else target
        return label  # a link inside the source's own site: its words are enough

    return _LINK.sub(one, text)


def remove_images(text: str) -> tuple[str, int]:
    return _IMAGE.subn("", text)


def plain(text: str) -> str:
    """One line of Markdown as normalized plain text (images must be gone already)."""
    return normalize_text(strip_emphasis(plain_links(text)))


# --- JSON -------------------------------------------------------------------------


# No source nests deeper than a few levels; deeper would overflow Python's stack.
MAX_JSON_DEPTH = 40


def load_json(source: Source, lines: list[str], diag: Diagnostics):
    """The parsed file, or None after reporting where it is broken or nested
    deeper than `MAX_JSON_DEPTH` lists and objects."""
    text = "\n".join(lines)
    depth, line = _nesting(text)
    if depth > MAX_JSON_DEPTH:
        diag.error(Loc(source.path, line), "invalid-json", f"lists and objects nest more than {MAX_JSON_DEPTH} deep")
        return None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        diag.error(Loc(source.path, exc.lineno), "invalid-json", f"not valid JSON: {exc.msg} (column {exc.colno})")
        return None
    except RecursionError:  # nesting hidden from _nesting; never expected
        diag.error(Loc(source.path, 1), "invalid-json", "lists and objects nest too deep")
        return None


def _nesting(text: str) -> tuple[int, int]:
    """The deepest nesting of brackets outside strings, and the line where it is
    first reached (strings are skipped whole, escapes included)."""
    deepest, at, level, line = 0, 1, 0, 1
    for match in _BRACKETS.finditer(text):
        token = match.group(0)
        if token == "\n":
            line += 1
        elif token in "[{":
            level += 1
            if level > deepest:
                deepest, at = level, line
        elif token in "]}":
            level -= 1
        else:
            line += token.count("\n")  # a raw line break inside a string (invalid JSON, reported later)
    return deepest, at


_BRACKETS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}\n]')


# A JSON string (optionally a key, with its colon), a bracket, or a line break.
_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"(\s*:)?|[\[\]{}]|\n')


def item_lines(lines: list[str], depth: int, key: str, expected: int) -> list[int]:
    """The 1-based line of each object opened `depth` brackets deep (the items of
    the array being read), at its `"key":` when it has one, else at its `{`.
    When the count differs from `expected`, ones: messages fall back to
    `path:1` and their JSON pointer."""
    found: list[int] = []
    has_key = False
    level, line = 0, 1
    for match in _TOKEN.finditer("\n".join(lines)):
        token = match.group(0)
        if token == "\n":
            line += 1
        elif token in "[{":
            if token == "{" and level == depth:
                found.append(line)
                has_key = False
            level += 1
        elif token in "]}":
            level -= 1
        elif match.group(1) and level == depth + 1 and found and not has_key:
            if json.loads(token[: token.rindex('"') + 1]) == key:
                found[-1], has_key = line, True
    return found if len(found) == expected else [1] * expected


def where(pointer: str, line_in_text: int = 0) -> str:
    """`/2/content, line 57 of the text`: the place inside a JSON file for messages."""
    return f"{pointer}, line {line_in_text} of the text" if line_in_text else pointer
