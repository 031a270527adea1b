"""Pieces every importer shares: rule numbers, examples, section titles, slugs."""

from __future__ import annotations

import re
import unicodedata

from ..common.diagnostics import Diagnostics
from ..common.model import Example, Loc, Rule, sort_key
from ..common.names import RIFTBOUND_NUMBER, canonical_number, non_ascii_number
from ..common.normalize import normalize_text

# A Riftbound rule number as printed, before its trailing dot: "832.1.c.2" (names.py).
RB_NUMBER = RIFTBOUND_NUMBER

# "Example:", "Examples:" in English; "Ejemplo:" in Spanish; "Exemple :" in French.
# A parenthesized "(Example: ...)" is part of the sentence around it, not a passage.
_EXAMPLE = re.compile(r"(?<!\()\b(Examples?|Ejemplos?|Exemples?)\s?:\s*")


def split_examples(text: str, loc: Loc) -> tuple[str, list[Example]]:
    """Separates a rule's own text from the "Example:" passages printed after it."""
    parts = _EXAMPLE.split(text)
    own = parts[0].strip()
    examples = [Example(label=label, text=body.strip(), loc=loc) for label, body in zip(parts[1::2], parts[2::2])]
    return own, examples


def make_rule(number: str, raw_text: str, loc: Loc, source_id: str) -> Rule:
    text, examples = split_examples(normalize_text(raw_text), loc)
    return Rule(number=number, text=text, loc=loc, examples=examples, source_ids=[source_id])


def check_order(rules: list[Rule], diag: Diagnostics) -> list[Rule]:
    """Reports duplicated and out-of-order numbers; keeps the first of duplicates.
    Two spellings of one number (`832.01.e`, `832.1.e`) are duplicates too."""
    kept: list[Rule] = []
    seen: dict[str, Rule] = {}
    for rule in rules:
        key = canonical_number(rule.number)
        if key in seen:
            first = seen[key]
            spelled = "" if first.number == rule.number else f" (as {first.number})"
            diag.error(rule.loc, "duplicate-rule", f"rule {rule.number} is printed twice (first at {first.loc}{spelled})")
            continue
        if kept and sort_key(rule.number) < sort_key(kept[-1].number):
            diag.error(
                rule.loc,
                "rule-order",
                f"rule {rule.number} comes after {kept[-1].number}: numbers must increase",
            )
        seen[key] = rule
        kept.append(rule)
    return kept


def report_non_ascii_number(line: str, loc: Loc, diag: Diagnostics) -> bool:
    """True after reporting a line that starts with a rule number in non-ASCII
    digits (fullwidth `８３２.9.`): it would otherwise be read as text."""
    if number := non_ascii_number(line):
        diag.error(loc, "rule-number", f"rule number {number[:40]!r} must be written in ASCII digits and letters")
        return True
    return False


def section_of(number: str) -> str:
    """The section a Riftbound rule belongs to: its three-digit head."""
    return number.split(".", 1)[0]


def title_from_page(title_line: str) -> str:
    """ "Show Off Keyword — How It Works in Riftbound" -> "Show Off"."""
    title = normalize_text(re.split(r"\s[—–-]\s", title_line, maxsplit=1)[0])
    return re.sub(r"\s+Keyword$", "", title)


def slugify(text: str, limit: int = 60, empty: str = "item") -> str:
    """A readable, URL-safe id: lower-case ASCII words joined by hyphens
    (apostrophes dropped: "can't" gives "cant")."""
    ascii_text = unicodedata.normalize("NFKD", normalize_text(text)).encode("ascii", "ignore").decode()
    words = re.findall(r"[a-z0-9]+", ascii_text.lower().replace("'", ""))
    slug = ""
    for word in words:
        if slug and len(slug) + 1 + len(word) > limit:
            break
        slug = f"{slug}-{word}" if slug else word
    return slug or empty
