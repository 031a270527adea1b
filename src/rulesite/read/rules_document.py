"""A whole Riftbound rulebook as text: the Core Rules or the Tournament Rules.

The files are text extracted from the official PDFs, any edition, read as they
are (no hand edits):

- Header lines come first: the document title and `Last Updated: 2025-10-01`
  (or `Last Updated 4/29/2026`). The date must match the manifest's edition.
- Every rule starts on a line of its own with its number: `103.1.b.2. text`.
  Lines that do not start with a number continue the rule before them: the
  PDF's hard wraps, "Example:" passages printed on their own lines, list items
  (`1. Identify which effect ...`) and table cells (`1 opponent each`). Wrapped
  lines are joined with one space, as the one-rule-per-line editions print
  them (so `non-` + `deterministically` gives `non- deterministically`, which is
  how v1.1 prints that word too).
- A bullet printed after the number (`053.1. * Units and legends ...`) is list
  formatting, not text: it is removed.
- "Example:" passages are split from the rule's own text (`common.make_rule`).
  A closing "Examples:" that introduces the numbered subrules after it
  (`703.3.a. Examples:`) has no text of its own and stays rule text.
- A line that would start a rule going backwards right after a line ending in
  "see rule" is a wrapped reference, not a rule (`number-in-text`, a warning).
- A top-level number whose text is a short title (`424. Reveal`,
  `000. Golden and Silver Rules`, `485. 1v1 (Duel)`) is a section heading; one
  whose text is a sentence (`002. Card text supersedes rules text.`) is a rule.
  See `is_heading` for the exact test. A heading is not a rule of its own: it
  becomes a `Section` whose number and title are the heading's, and every rule
  after it, up to the next heading, belongs to that section, whatever its
  number. So rules 102 and 103 (sentences) and their subrules belong to
  section 101 "Deck Construction", and a heading directly followed by another
  heading (`100. Game Concepts` then `101. Deck Construction`) is a section
  without rules. Headings still count as numbered rules of the document:
  `export.plain_text.document_numbers` lists rules and headings together,
  which is how the documents' counts (v1.1: 1616) are made.
- The steps of a procedure are printed as headings with their step number,
  some with a final period and some without in the same document
  (`355. 2. Make relevant choices.`, `402. 2. Make relevant choices`). The step
  number is text, not a mangled rule number: rule 355.2 is printed separately
  (`355.2. For Units, choose ...`). Such step lines are headings either way,
  and their title is kept exactly as printed, step number and period included.

- A rule before any heading opens an untitled section named by its
  three-digit head, as `rules_text` does.

Whatever cannot be placed is reported, never dropped: a line before the first
rule that is neither the title nor the date, a line with no words at all
(`unparsed-line`), duplicated or decreasing numbers (`common.check_order`), a
subrule whose parent was never printed (`orphan-rule`, a warning), and the
title or date printed again among the rules (`repeated-header`, a warning).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime

from ..diagnostics import Diagnostics
from ..model import Imported, Loc, Rule, Section, Source, parent_number, sort_key
from ..normalize import normalize_text
from .common import RB_NUMBER, check_order, make_rule, report_non_ascii_number, section_of

_RULE = re.compile(rf"^(?P<number>{RB_NUMBER})\.\s+(?P<text>\S.*)$")
_UPDATED = re.compile(r"^Last Updated\s*:?\s*(?P<date>\S.*?)\s*$", re.IGNORECASE)
_BULLET = re.compile(r"^[*•·▪◦]\s+")
_STEP = re.compile(r"^[0-9]{1,2}\.\s+(?=\S)")
_WORD = re.compile(r"[^\W\d_]")
# A line that ends like this may go on with a rule number ("see rule" / "318. Cleanups"):
_REFERENCE_END = re.compile(r"\b(?:[Rr]ules?|[Ss]ee|CR|[Ss]ections?)$")

# A heading is at most this many words; a procedure step, a little longer.
HEADING_MAX_WORDS = 8
STEP_MAX_WORDS = 15


def is_heading(text: str) -> bool:
    """True for a top-level line that is a title rather than a sentence.

    A title is at most `HEADING_MAX_WORDS` words, starts with a capital or a
    digit (not with a quote: `054. "Can't beats Can"` is a principle stated as
    a rule), and does not end like a sentence or a lead-in (`.`, `:`, `;`, `,`,
    `?`, also before a closing quote or bracket). A procedure step
    (`355. 2. Make relevant choices.`) is judged without its step number and
    final period, and may have up to `STEP_MAX_WORDS` words
    (`359. 6. Finish finalizing this card and proceed with the card's category of Play.`).
    """
    body, limit = text, HEADING_MAX_WORDS
    if step := _STEP.match(body):
        body, limit = body[step.end():].rstrip().removesuffix("."), STEP_MAX_WORDS
    if not body or len(body.split()) > limit:
        return False
    if not (body[0].isupper() or body[0].isdigit()):
        return False
    return body.rstrip("\"')]”’»").rstrip()[-1:] not in {".", ":", ";", ",", "?", ""}


@dataclass
class _Entry:
    """One numbered line and the lines that continue it."""

    number: str
    loc: Loc
    parts: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return _BULLET.sub("", " ".join(self.parts))


def read(source: Source, lines: list[str], diag: Diagnostics) -> Imported:
    entries = _entries(source, lines, diag)
    if not entries:
        diag.error(Loc(source.path, 1), "no-rules", "no numbered rule found in this document")
        return Imported()

    # Headings and rules are ordered together: one numbering runs through both.
    items: list[Rule] = []
    heading_ids: set[int] = set()
    for entry in entries:
        text = entry.text
        if "." in entry.number or not is_heading(text):
            items.append(fold_empty_examples(make_rule(entry.number, text, entry.loc, source.id)))
            continue
        heading = Rule(number=entry.number, text=normalize_text(text), loc=entry.loc, source_ids=[source.id])
        heading_ids.add(id(heading))
        items.append(heading)

    sections: list[Section] = []
    numbers: set[str] = set()
    for item in check_order(items, diag):
        if id(item) in heading_ids:
            sections.append(new_section(source, item.number, item.text, item.loc))
            numbers.add(item.number)
            continue
        if not sections:  # a rule before any heading: it opens an untitled section
            sections.append(new_section(source, section_of(item.number), "", item.loc))
        parent = parent_number(item.number)
        if parent is not None and parent not in numbers:
            diag.warning(item.loc, "orphan-rule", f"rule {item.number} comes without its parent rule {parent}")
        sections[-1].rules.append(item)
        numbers.add(item.number)
    return Imported(sections=sections)


def fold_empty_examples(rule: Rule) -> Rule:
    """A closing "Examples:" whose examples are the subrules after it stays rule text.

    `703.3.a. Examples:` and `... ask hypothetical questions about the rules.
    Examples:` introduce the numbered subrules that follow; an empty example
    passage would show as an empty box.
    """
    while rule.examples and not rule.examples[-1].text:
        label = rule.examples.pop().label
        if rule.examples:
            rule.examples[-1].text = f"{rule.examples[-1].text} {label}:".strip()
        else:
            rule.text = f"{rule.text} {label}:".strip()
    return rule


def new_section(source: Source, number: str, title: str, loc: Loc) -> Section:
    return Section(
        game=source.game,
        document=source.document,
        number=number,
        title=title,
        language=source.language,
        source_ids=[source.id],
        loc=loc,
    )


def _entries(source: Source, lines: list[str], diag: Diagnostics) -> list[_Entry]:
    entries: list[_Entry] = []
    title = ""
    previous = ""
    for index, raw in enumerate(lines):
        loc = Loc(source.path, index + 1)
        line = normalize_text(raw)
        if not line:
            continue
        match = _RULE.match(line)
        if match and entries and _continues_reference(previous, match["number"], entries[-1].number):
            diag.warning(
                loc,
                "number-in-text",
                f"{match['number']} is read as part of rule {entries[-1].number} "
                f"(the line before ends with {previous.split()[-1]!r} and the number would go backwards)",
            )
            match = None
        previous = line
        if match:
            entries.append(_Entry(match["number"], loc, [match["text"]]))
            continue
        if report_non_ascii_number(line, loc, diag):
            continue
        if updated := _UPDATED.match(line):
            if entries:
                diag.warning(loc, "repeated-header", f"header line {line[:60]!r} among the rules is skipped")
            else:
                check_edition(source, updated["date"], "Last Updated", loc, diag)
            continue
        if not entries:
            if not title and not line[0].isdigit():
                title = line  # the document's title
                continue
            diag.error(loc, "unparsed-line", f"expected a numbered rule like '103.1.a. text', got {line[:60]!r}")
            continue
        if line == title:
            diag.warning(loc, "repeated-header", f"header line {line[:60]!r} among the rules is skipped")
            continue
        if not _WORD.search(line):
            diag.error(loc, "unparsed-line", f"{line[:60]!r} has no words: neither a rule nor a continued rule")
            continue
        entries[-1].parts.append(line)
    return entries


def _continues_reference(previous: str, number: str, last: str) -> bool:
    """A wrapped "see rule" / "318. Cleanups" must not start a rule 318 out of order."""
    return bool(_REFERENCE_END.search(previous)) and sort_key(number) <= sort_key(last)


# "2025-10-01", "4/29/2026", "October 1, 2025"
_DATE_FORMATS = ("%Y-%m-%d", "%m/%d/%Y", "%B %d, %Y", "%d %B %Y")


def parse_date(text: str) -> date | None:
    for fmt in _DATE_FORMATS:
        try:
            return datetime.strptime(text.strip().rstrip("."), fmt).date()
        except ValueError:
            continue
    return None


def check_edition(source: Source, printed: str, label: str, loc: Loc, diag: Diagnostics) -> None:
    """The date a document prints (`label printed`) must be the manifest's edition."""
    when = parse_date(printed)
    if when is None:
        diag.warning(loc, "edition-unknown", f"cannot read the date {printed!r}")
    elif when.isoformat() != source.edition:
        diag.error(
            loc,
            "edition-mismatch",
            f"file says {label} {printed} ({when.isoformat()}), manifest says edition {source.edition}",
        )
