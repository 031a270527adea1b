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
- "Example:" passages are split from the rule's own text (`common.make_rule`).
  A closing "Examples:" that introduces the numbered subrules after it
  (`703.3.a. Examples:`) has no text of its own and stays rule text.
- A line that would start a rule going backwards right after a line ending in
  "see rule" is a wrapped reference, not a rule (`number-in-text`, a warning).
- A top-level number whose text is a title (`424. Reveal`, `000. Golden and
  Silver Rules`, `485. 1v1 (Duel)`, `107. The Board.`) is a section heading;
  one whose text is a sentence (`002. Card text supersedes rules text.`,
  `727. Keywords can be Dependent Keywords`) is a rule. The document's own
  structure decides, not a word count (see `_headings` and `is_title`): a
  heading is printed on one line, in title case, and, when printed with a
  final period, followed by its own subrules or by another heading. A heading
  is not a rule of its own: it
  becomes a `Section` whose number and title are the heading's, and every rule
  after it, up to the next heading, belongs to that section, whatever its
  number. So rules 102 and 103 (sentences) and their subrules belong to
  section 101 "Deck Construction", and a heading directly followed by another
  heading (`100. Game Concepts` then `101. Deck Construction`) is a section
  without rules. Headings still count as numbered rules of the document:
  `document_numbers` of tests/plain_text.py lists rules and headings together,
  which is how the documents' counts (v1.1: 1616) are made.
- The steps of a procedure are printed as headings with their step number,
  some with a final period and some without in the same document
  (`355. 2. Make relevant choices.`, `402. 2. Make relevant choices`), however
  long (`351. 1. Remove the card from the zone you are playing it from and put
  it onto the Chain.`). The step
  number is text, not a mangled rule number: rule 355.2 is printed separately
  (`355.2. For Units, choose ...`). Such step lines are headings either way,
  and their title is kept exactly as printed, step number and period included.
- A bullet printed before or after the number (`• 053.1. Units ...`,
  `053.1. * Units ...`) is list formatting, not text: it is removed.

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

from ..common.diagnostics import Diagnostics
from ..common.model import Imported, Loc, Rule, Section, Source, parent_number, sort_key
from ..common.normalize import normalize_text
from .common import RB_NUMBER, check_order, make_rule, report_non_ascii_number, section_of

_RULE = re.compile(rf"^(?P<number>{RB_NUMBER})\.\s+(?P<text>\S.*)$")
_UPDATED = re.compile(r"^Last Updated\s*:?\s*(?P<date>\S.*?)\s*$", re.IGNORECASE)
_BULLET = re.compile(r"^[*•·▪◦]\s+")
_STEP = re.compile(r"^[0-9]{1,2}\.\s+(?=\S)")
_WORD = re.compile(r"[^\W\d_]")
# A line that ends like this may go on with a rule number ("see rule" / "318. Cleanups"):
_REFERENCE_END = re.compile(r"\b(?:[Rr]ules?|[Ss]ee|CR|[Ss]ections?)$")

# Words a title leaves in lower case ("Golden and Silver Rules", "Presence on
# Card outside of the Board", "Interaction of Replacement and/or Prevention Effects").
_MINOR_WORDS = frozenset(
    (
        "a",
        "an",
        "the",
        "and",
        "or",
        "nor",
        "but",
        "for",
        "so",
        "yet",
        "of",
        "in",
        "on",
        "at",
        "to",
        "by",
        "with",
        "from",
        "as",
        "into",
        "onto",
        "upon",
        "over",
        "under",
        "outside",
        "inside",
        "within",
        "without",
        "about",
        "after",
        "before",
        "than",
        "via",
        "per",
        "vs",
    )
)
_SENTENCE_END = {".", ":", ";", ",", "?"}


def step_number(text: str) -> re.Match | None:
    """`1. Move the card ...`: a procedure step printed after a top-level number."""
    return _STEP.match(text)


def is_title(text: str) -> bool:
    """True for a line that reads as a title, not a sentence: in title case.

    Every word starts with a capital or a digit, except the small words a title
    keeps in lower case (`_MINOR_WORDS`, never the first): `424. Reveal`,
    `000. Golden and Silver Rules`, `485. 1v1 (Duel)`, `701.54. The Ring Tempts
    You`. A sentence has a lower-case word that is not one of them (`113. Each
    player sets aside their Battlefields.`, `727. Keywords can be Dependent
    Keywords`), however short it is. A title may end with one period (`107. The
    Board.`); it does not start with a quote (`054. "Can't beats Can"` is a
    principle stated as a rule) nor end like a lead-in or a question
    (`141. Unit is:`, `103. Responsibility:`). No word count decides.
    """
    body = text.strip()
    if not body or not (body[0].isupper() or body[0].isdigit()):
        return False
    if body.rstrip("\"')]”’»").rstrip()[-1:] in _SENTENCE_END - {"."}:
        return False
    body = body.removesuffix(".")
    if body.rstrip("\"')]”’»").rstrip()[-1:] in _SENTENCE_END:
        return False  # "Title.." or "Title:." is not a title
    for position, word in enumerate(body.split()):
        for part in re.split(r"[/]", word):
            core = part.strip("()[]{}\"'“”‘’«»,:;!?.")
            if not _WORD.search(core) or core[0].isupper() or core[0].isdigit():
                continue
            if position > 0 and core.lower() in _MINOR_WORDS:
                continue
            return False
    return True


def is_heading(text: str) -> bool:
    """True for a top-level line that, by its text alone, is a heading: a
    procedure step (`355. 2. Make relevant choices.`, `354. 1. Remove the card
    from the zone you are playing it from and put it onto the Chain.`, however
    long) or a title (`is_title`). `read` also asks the document's structure
    (see `_headings`)."""
    return bool(step_number(text)) or is_title(text)


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
    headings = _headings(entries)
    for index, entry in enumerate(entries):
        text = entry.text
        if index not in headings:
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


def _headings(entries: list[_Entry]) -> set[int]:
    """Which entries are section headings, by the document's own structure.

    A heading is a top-level number (`424`, never `424.1`) printed on one line:
    a title wraps onto no second line, a sentence may (`002. Card text
    supersedes rules text. Whenever ...` goes on for a line). Its text is a
    procedure step or a title (`is_heading`). A title printed with a final
    period (`107. The Board.`) is a heading only when what follows it shows it:
    its own subrules (`107.1`) or another heading; a short title-case sentence
    followed by the next rule (`116. Players Draw Four.` then `117. ...`) stays
    a rule. Steps are headings with or without their period, however long.
    """
    found: set[int] = set()
    for index in range(len(entries) - 1, -1, -1):  # backwards: "another heading" is known
        entry = entries[index]
        if "." in entry.number:
            continue
        text = entry.text
        if step_number(text):
            found.add(index)
            continue
        if len(entry.parts) > 1 or not is_title(text):
            continue
        if text.rstrip().endswith("."):
            following = entries[index + 1] if index + 1 < len(entries) else None
            subrules = following is not None and following.number.startswith(f"{entry.number}.")
            if not (subrules or (following is not None and index + 1 in found)):
                continue
        found.add(index)
    return found


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
        # A bullet printed before the number (`• 053.1. Units ...`) is list formatting too.
        match = _RULE.match(line) or _RULE.match(_BULLET.sub("", line))
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
