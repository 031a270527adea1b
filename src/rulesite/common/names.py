"""The one grammar for every name that comes from a source.

Sources are third-party text: whatever of them becomes part of a file name, a
URL, an anchor or an attribute is checked here, at read time, so no later stage
has to wonder whether a value is safe to put into a path or a page. The
importers report a value that breaks the grammar as
`path:line: error[name]: ...` (`error[rule-number]` for rule numbers) and the
build stops before anything is written.

Names (source ids, documents, versions, ruling, card, topic, FAQ article and
walkthrough ids, slugs): 1 to 120 ASCII characters, lower-case letters, digits
and `.`, `_`, `-`, starting and ending with a letter or digit, and never two
dots in a row. So a name is never a path (`/`, `\\`, `..`), holds no markup or
Markdown (`<`, `>`, `"`, `'`, `` ` ``, `{`, `}`, `#`, spaces) and means the same
file on every file system (no upper case: `Reveal` and `reveal` would be one
file on some). Examples: `rb-core-v1.4`, `1.4`, `energy_and_power`,
`ogn-001-298`.

File names (each part of a manifest `path`, files inside a source folder): the
same, except that upper case is allowed, since files are read, never written
under that name: `CR-v1.1.txt`.

Editions: `undated` or a calendar date `YYYY-MM-DD` (`2026-02-30` is none).

Rule numbers: a three-digit ASCII head (`000` to `999`), then parts each led by
a dot: digits (`.1`), a letter (`.c`), or digits with one glued letter, as
Magic prints subrules (`.16a`). `832.1.c.2`, `701.16a`, `000`. At most
`MAX_RULE_PARTS` parts and `MAX_RULE_NUMBER` characters. Only ASCII
digits and lower-case ASCII letters: fullwidth `８３２` is no rule number.
Two spellings that differ only by leading zeros in a part after the head
(`832.01.e`, `832.1.e`) are the same rule: `canonical_number` gives the one key
duplicates are found by. The regular expressions every importer, resolver and
exporter uses for rule numbers are built from the pieces here.
"""

from __future__ import annotations

import re
from datetime import date
from functools import lru_cache

MAX_NAME = 120

# --- names ----------------------------------------------------------------------

_NAME = re.compile(rf"[a-z0-9](?:[a-z0-9._-]{{0,{MAX_NAME - 2}}}[a-z0-9])?", re.ASCII)
_FILE_NAME = re.compile(rf"[A-Za-z0-9](?:[A-Za-z0-9._-]{{0,{MAX_NAME - 2}}}[A-Za-z0-9])?", re.ASCII)
# Words joined by single hyphens: ruling, walkthrough and anchor ids.
KEBAB = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*", re.ASCII)


def name_problem(value: object, what: str = "name") -> str | None:
    """Why `value` is not a valid name, or None when it is."""
    return _problem(value, what, _NAME, "lower-case ASCII letters, digits, '.', '_' and '-'")


def file_name_problem(value: object, what: str = "file name") -> str | None:
    return _problem(value, what, _FILE_NAME, "ASCII letters, digits, '.', '_' and '-'")


def path_problem(value: object, what: str = "path") -> str | None:
    """Why `value` is not a relative path of valid file names joined by `/`."""
    if not isinstance(value, str):
        return f"{what} must be text, not {describe(value)}"
    if not value or value.startswith("/") or "\\" in value:
        return f"{what} {value!r} must be a relative path with '/' between its parts"
    for part in value.rstrip("/").split("/"):
        if problem := file_name_problem(part, f"part {part!r} of {what} {value!r}"):
            return problem
    return None


def _problem(value: object, what: str, grammar: re.Pattern, allowed: str) -> str | None:
    if not isinstance(value, str):
        return f"{what} must be text, not {describe(value)}"
    if grammar.fullmatch(value) and ".." not in value:
        return None
    if not value:
        return f"{what} is empty"
    if len(value) > MAX_NAME:
        return f"{what} is {len(value)} characters long (at most {MAX_NAME})"
    return f"{what} {value[:60]!r} is not a valid name: only {allowed}, starting and ending with a letter or digit, no '..'"


def describe(value: object) -> str:
    """How a message names the type of a value read from YAML or JSON."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return f"the number {value!r} (put it in quotes)"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


# --- printed names ------------------------------------------------------------------

MAX_PRINTED_NAME = 80
# A card's name or nickname as text prints it: letters of any script, digits and
# the punctuation card names use, single spaces between words. Never markup:
# no `<`, `>`, `"`, `` ` ``, `[`, `]`, `{`, `}`, `#`, `*`, `_`, `|`, `\`.
_PRINTED_NAME = re.compile(r"[^\W_](?:[^\W_]|['’.,!&()-]| (?! ))*")


def printed_name_problem(value: object, what: str = "card name") -> str | None:
    """Why `value` is not a card name or nickname as text prints it ("Zhonya's Hourglass")."""
    if not isinstance(value, str):
        return f"{what} must be text, not {describe(value)}"
    if not value:
        return f"{what} is empty"
    if len(value) > MAX_PRINTED_NAME:
        return f"{what} is {len(value)} characters long (at most {MAX_PRINTED_NAME})"
    if not _PRINTED_NAME.fullmatch(value) or value.endswith(" "):
        return (
            f"{what} {value[:60]!r} is not a printed name: letters, digits, single spaces and "
            "' ’ . , ! & ( ) -, starting with a letter or digit"
        )
    return None


# --- editions ---------------------------------------------------------------------

_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", re.ASCII)


def edition_problem(value: object, what: str = "edition") -> str | None:
    """An edition is `undated` or a real calendar date YYYY-MM-DD (it names
    versioned pages when the edition has no version)."""
    if not isinstance(value, str):
        return f"{what} must be text, not {describe(value)}"
    if value == "undated":
        return None
    if not _DATE.fullmatch(value):
        return f"{what} must be YYYY-MM-DD or 'undated', not {value[:60]!r}"
    try:
        date(int(value[:4]), int(value[5:7]), int(value[8:]))
    except ValueError:
        return f"{what} {value!r} is no date of the calendar"
    return None


# --- rule numbers ------------------------------------------------------------------

# The pieces, as regular-expression source to build patterns from (ASCII only:
# Python's \d would also match fullwidth and other digits).
HEAD = r"[0-9]{3}"
_PART_DIGITS = r"[0-9]+"
_PART_LETTER = r"[a-z]"
# Riftbound: every part dot-separated, 832.1.c.2.
RIFTBOUND_NUMBER = rf"{HEAD}(?:\.(?:{_PART_DIGITS}|{_PART_LETTER}))*"
# Magic: 701.16 and its subrules 701.16a, the letter glued on.
MAGIC_RULE = rf"{HEAD}\.{_PART_DIGITS}"
MAGIC_SUBRULE = rf"{MAGIC_RULE}{_PART_LETTER}"
# Any rule number the model holds, of either game.
RULE_NUMBER = rf"{HEAD}(?:\.(?:{_PART_DIGITS}{_PART_LETTER}?|{_PART_LETTER}))*"
# A number cited in running text ("see rule 811.5.a", "regla 602.2a"): never the
# first digits of a longer number, never a letter that starts a word.
CITED_NUMBER = rf"{HEAD}(?![0-9])(?:\.{_PART_DIGITS}{_PART_LETTER}?|\.{_PART_LETTER}(?!\w))*"

# What a reader types, or an unknown address ends with, that may name a rule:
# looser than RULE_NUMBER (one to four digits, dotted parts of digits and
# letters), so a half-typed or mistyped number still leads to the
# nearest rule the site has. The browser reads it as it reads the others.
# Matched ignoring case.
TYPED_NUMBER = r"[0-9]{1,4}(?:\.[0-9a-z]+)*"
NUMBER_PART = rf"{_PART_DIGITS}|{_PART_LETTER}"
# What may follow that number at the end of an unknown address and is no part
# of it: a file ending (999.html, 411.1.htm), letters glued on (411.1html),
# what a paste leaves behind (")", ".", a space). A rule's part is digits or
# one letter: two letters or more never are. Each run of letters is taken
# whole (the lookahead), so no input makes the pattern try its splits.
# Matched ignoring case, at the end of the address's last segment.
ADDRESS_NOISE = r"(?:\.?[a-z]{2,}(?![a-z]))*[^0-9a-z]*"

_RULE_NUMBER = re.compile(RULE_NUMBER)
_PART = re.compile(NUMBER_PART)
_MAGIC_SUBRULE = re.compile(MAGIC_SUBRULE)
# Something that looks like a rule number in any script's digits: ８３２.9
_ANY_DIGITS_NUMBER = re.compile(r"\d{3}(?:\.(?:\d+\w?|\w))*")

# No real document nests deeper than five parts (450.3.f.0.a); a number deeper
# than this is an attack or an accident, never a rule.
MAX_RULE_PARTS = 8
# The longest real number has 11 characters (450.3.f.0.a).
MAX_RULE_NUMBER = 32


def rule_number_problem(value: object, what: str = "rule number") -> str | None:
    """Why `value` is not a rule number, or None when it is. The message starts
    with `what` and the value (`what` may be "")."""
    if not isinstance(value, str):
        return f"{what or 'a rule number'} must be text, not {describe(value)}"
    shown = f"{what} {value[:60]!r}".lstrip()
    if len(value) > MAX_RULE_NUMBER:  # it names files: r/<number>.html
        return f"{shown} is {len(value)} characters long (at most {MAX_RULE_NUMBER})"
    if _RULE_NUMBER.fullmatch(value):
        if len(number_parts(value)) > MAX_RULE_PARTS:
            return f"{shown} has {len(number_parts(value))} parts (at most {MAX_RULE_PARTS})"
        return None
    if not value.isascii():
        return f"{shown} must be written in ASCII digits and letters"
    return f"{shown} is not a rule number like 832.1.c.2 or 701.20a"


def non_ascii_number(text: str) -> str | None:
    """The number a line starts with when it is written in non-ASCII digits
    (fullwidth `８３２.9`), so importers can say so instead of reading on."""
    match = _ANY_DIGITS_NUMBER.match(text)
    if match and not match.group(0).isascii():
        return match.group(0)
    return None


def number_parts(number: str) -> list[str]:
    """`832.1.c.2` -> [832, 1, c, 2]; `701.16a` -> [701, 16, a]."""
    return _PART.findall(number)


def parent_number(number: str) -> str | None:
    """The number of the rule this one nests under, or None for a top-level rule."""
    if _MAGIC_SUBRULE.fullmatch(number):  # Magic subrule 701.20a
        return number[:-1]
    if "." not in number:
        return None
    return number.rsplit(".", 1)[0]


# Each build sorts the same thousands of numbers again (merge, the diffs' sections): each is worked out once.
@lru_cache(maxsize=1 << 16)
def sort_key(number: str) -> tuple:
    """Orders rule numbers as printed: 832.1 < 832.1.a < 832.1.a.1 < 832.2. Two
    numbers with the same key are the same rule (`832.01.e` is `832.1.e`)."""
    # Digits compare by value without int(): a hostile part of 5000 digits would
    # raise (Python limits int() to 4300 digits). Shorter, once zeros are dropped, is smaller.
    return tuple((0, len(p.lstrip("0")), p.lstrip("0")) if p.isdigit() else (1, 0, p) for p in number_parts(number))


def canonical_number(number: str) -> str:
    """The one spelling of a number: leading zeros dropped from the parts after
    the three-digit head (`832.01.e` -> `832.1.e`; `053.1` stays)."""
    head, dot, rest = number.partition(".")
    if not dot:
        return number
    return head + "." + re.sub(r"(?<![0-9])0+(?=[0-9])", "", rest)


def browser_grammar() -> dict[str, str]:
    """The rule-number grammar as the browser code reads it (assets/strings.js,
    core.js's `Rulesite.numbers`): the same regular-expression sources as here,
    which JavaScript reads alike (ASCII classes, no named groups or lookbehind)."""
    return {"number": RULE_NUMBER, "part": NUMBER_PART, "subrule": MAGIC_SUBRULE, "typed": TYPED_NUMBER, "noise": ADDRESS_NOISE}


_ADDRESS_NOISE = re.compile(f"(?:{ADDRESS_NOISE})$", re.IGNORECASE)
_TYPED_NUMBER = re.compile(TYPED_NUMBER, re.IGNORECASE)


def number_in_address(segment: str) -> str | None:
    """The number an address's last segment names, without what follows it
    (`ADDRESS_NOISE`): "999.html" -> "999", "999.1.a.html" -> "999.1.a",
    "701.16a.htm" -> "701.16a"; None when it names none ("index.html").
    The not-found page (core.js's `Rulesite.numbers.atEnd`) reads it alike."""
    rest = _ADDRESS_NOISE.sub("", segment, count=1)
    return rest if _TYPED_NUMBER.fullmatch(rest) else None
