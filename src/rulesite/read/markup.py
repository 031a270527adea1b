"""Markdown and JSON pieces the FAQ, rulings, errata and cards importers share.

Texts reach the model as plain text (rendering escapes every character), so
markup is taken out here, keeping what a reader would see:

- `**bold**`, `*italic*`, `__bold__`, `_italic_` keep their words;
- `[text](/a/page#anchor)` keeps its text; `[text](https://...)` keeps the text
  and the address in parentheses, so the address stays visible;
- `<img ...>` and `![alt](...)` are removed and counted (pictures, not text);
  `images_as_text` keeps each one's alt text instead, as "(image: alt)", and
  never fetches the picture.

JSON sources hold a whole article in one string, so a problem inside it is
reported at the file line where that string starts, with a JSON pointer and the
line inside the string in the message (`/2/content, line 57 of the text`).
"""

from __future__ import annotations

import html
import json
import re
from bisect import bisect_left

from ..common.diagnostics import Diagnostics
from ..common.model import Loc, Source
from ..common.normalize import normalize_text

# Every span is bounded (`SPAN` characters, link texts 300 and addresses 500;
# the longest in the real sources is 129), and emphasis is found without backtracking (`_strip_pairs`): a lazy
# `(.+?)` between markers makes a hostile line of "_a _a _a ..." take
# quadratic time.
SPAN = 1000
_IMAGE = re.compile(rf"<img\b[^>]{{0,{SPAN}}}+>|!\[[^\]]{{0,{SPAN}}}+\]\([^)]{{0,{SPAN}}}+\)", re.IGNORECASE)
# [text](target): the text may hold one level of brackets ("[[Download]](...)").
_LINK = re.compile(r"\[((?:[^\[\]]|\[[^\[\]]{0,300}+\]){0,300}+)\]\(\s*+([^)\s]{0,500}+)\s*+\)")

# Emphasis, as `**bold**`, `__bold__`, `*italic*`, `_italic_` (markers as
# zero-width patterns, so overlapping candidates are all found): two passes,
# bold then italic, each a list of (opener, closer, marker length) tried in
# this order at each position, as one regular expression's alternatives would be.
_EMPHASIS = [
    [(re.compile(r"(?=\*\*\S)"), re.compile(r"(?<=\S)(?=\*\*)"), 2), (re.compile(r"(?=__\S)"), re.compile(r"(?<=\S)(?=__)"), 2)],
    [
        (re.compile(r"(?<![\w*])(?=\*\S)"), re.compile(r"(?<=\S)(?=\*(?![\w*]))"), 1),
        (re.compile(r"(?<![\w/])(?=_\S)"), re.compile(r"(?<=\S)(?=_(?![\w/]))"), 1),
    ],
]


def _strip_pairs(text: str, alternatives) -> str:
    """What `re.sub(opener (.{1,SPAN}?) closer, content)` gives, in time linear
    in the text: every opener takes the first closer of its kind after it, on
    its line and within SPAN characters; scanning goes on after that closer."""
    openers = sorted((m.start(), k) for k, (opener, _, _) in enumerate(alternatives) for m in opener.finditer(text))
    if not openers:
        return text
    closers = [[m.start() for m in closer.finditer(text)] for _, closer, _ in alternatives]
    newlines = [m.start() for m in re.finditer("\n", text)]
    out, pos = [], 0
    for start, k in openers:
        if start < pos:
            continue
        size = alternatives[k][2]
        found = bisect_left(closers[k], start + size + 1)  # at least one character between
        if found == len(closers[k]) or closers[k][found] - start - size > SPAN:
            continue
        end = closers[k][found]
        line_end = bisect_left(newlines, start)
        if line_end < len(newlines) and newlines[line_end] < end:
            continue
        out += [text[pos:start], text[start + size : end]]
        pos = end + size
    out.append(text[pos:])
    return "".join(out)


def strip_emphasis(text: str) -> str:
    for alternatives in _EMPHASIS:
        text = _strip_pairs(text, alternatives)
    return text


def plain_links(text: str) -> str:
    def one(match: re.Match) -> str:
        label, target = match.group(1).strip(), match.group(2)
        if re.match(r"https?://", target):
            return f"{label} ({target})" if label else target
        return label  # a link inside the source's own site: its words are enough

    return _LINK.sub(one, text)


def remove_images(text: str) -> tuple[str, int]:
    return _IMAGE.subn("", text)


_ALT = re.compile(r"""\balt\s*=\s*(?:"([^"]{0,300}+)"|'([^']{0,300}+)')""", re.IGNORECASE)


def image_alt(image: str) -> str:
    """The alt text of one image (`<img alt="...">` or `![alt](...)`), plain; "" when it has none."""
    if image.startswith("!["):
        alt = image[2 : image.index("]")]
    else:
        match = _ALT.search(image)
        # An HTML attribute: its character references are what a reader sees ("&quot;" is ").
        alt = html.unescape(match.group(1) or match.group(2) or "") if match else ""
    return plain(alt)


def images_as_text(text: str) -> str:
    """`text` with each image replaced by "(image: its alt text)", or removed when it has none."""
    return _IMAGE.sub(lambda m: f"(image: {alt})" if (alt := image_alt(m.group(0))) else "", text)


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
    except ValueError as exc:  # a number of more than 4300 digits
        diag.error(Loc(source.path, 1), "invalid-json", f"not valid JSON: {' '.join(str(exc).split())[:200]}")
        return None


def _nesting(text: str) -> tuple[int, int]:
    """The deepest nesting of brackets outside strings, and the line where it is
    first reached (strings are skipped whole, escapes included)."""
    # The strings, which may hold brackets, are cut out first, in C: what is
    # left is brackets, keys' colons, numbers and line breaks.
    stripped = _STRING.sub("", text)
    if stripped.count("\n") != text.count("\n"):
        # A raw line break inside a string (invalid JSON, reported later): kept, so that lines stay where they are.
        stripped = _STRING.sub(lambda string: "\n" * string.group(0).count("\n"), text)
    deepest, at, level = 0, 0, 0
    for match in _BRACKET.finditer(stripped):
        if match.group(0) in "[{":
            level += 1
            if level > deepest:
                deepest, at = level, match.start()
        else:
            level -= 1
    return deepest, stripped.count("\n", 0, at) + 1


# A JSON string, escapes included: runs of plain characters are taken whole.
_STRING_RE = r'"[^"\\]*(?:\\.[^"\\]*)*"'
_STRING = re.compile(_STRING_RE)
_BRACKET = re.compile(r"[\[\]{}]")
# A key with its colon (kept: the group split() returns), or any other string (cut out).
_KEY_OR_STRING = re.compile(rf"({_STRING_RE}\s*:)|{_STRING_RE}")
# What is left of a file once its strings are cut out: keys and brackets.
_KEY_OR_BRACKET = re.compile(rf"{_STRING_RE}\s*:|[\[\]{{}}]")


def item_lines(lines: list[str], depth: int, key: str, expected: int) -> list[int]:
    """The 1-based line of each object opened `depth` brackets deep (the items of
    the array being read), at its `"key":` when it has one, else at its `{`.
    When the count differs from `expected`, ones: messages fall back to
    `path:1` and their JSON pointer. `lines`: a file that parsed as JSON."""
    # Only brackets and keys count: every other string is cut out first, in C
    # (parsed JSON holds no raw line break in a string: the lines stay where they are).
    text = "".join(filter(None, _KEY_OR_STRING.split("\n".join(lines))))
    found: list[int] = []  # offsets in `text`
    has_key = False
    level = 0
    for match in _KEY_OR_BRACKET.finditer(text):
        token = match.group(0)
        if token in "[{":
            if token == "{" and level == depth:
                found.append(match.start())
                has_key = False
            level += 1
        elif token in "]}":
            level -= 1
        elif level == depth + 1 and found and not has_key:
            if json.loads(token[: token.rindex('"') + 1]) == key:
                found[-1], has_key = match.start(), True
    if len(found) != expected:
        return [1] * expected
    out, line, last = [], 1, 0
    for offset in found:  # in order: the line breaks before each, counted once
        line += text.count("\n", last, offset)
        out.append(line)
        last = offset
    return out


def where(pointer: str, line_in_text: int = 0) -> str:
    """`/2/content, line 57 of the text`: the place inside a JSON file for messages."""
    return f"{pointer}, line {line_in_text} of the text" if line_in_text else pointer
