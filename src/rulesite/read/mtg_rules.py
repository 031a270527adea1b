"""Magic: The Gathering Comprehensive Rules, as Wizards publishes them in text form.

The file is read as published (UTF-8 with a byte-order mark, CRLF line ends),
any edition:

- Front matter is skipped: the title, the effective date (checked against the
  manifest's edition: `These rules are effective as of February 7, 2025.`),
  the introduction and the contents. The contents' section list is compared
  with the section headings of the body (`contents-mismatch`, a warning).
  The body starts at the chapter and section headings right before the first
  rule (`1. Game Concepts`, `100. General`, `100.1. ...`).
- One paragraph per line, paragraphs separated by blank lines. A rule is
  `701.16. Reveal` or `100.1. These Magic rules ...`; a subrule glues its
  letter to the number without a dot: `701.16a To reveal a card, ...`. A few
  printings deviate (`119.1d.`, `606.5 If`, `901.4.All`): they are read and
  reported (`number-format`, a warning). An "Example:" paragraph belongs to
  the rule before it; an indented line, or a line right after a rule with no
  blank line between, continues that rule (joined with one space).
- Sections are small, one page each: every `NNN.N.` rule with its subrules is
  a `Section`. When its text is a title (`701.16. Reveal`, `702.2. Deathtouch`,
  see `_find_titles`) it is the section's title and not a rule of
  its own, like the Spanish seed's `701.20. Mostrar`. When it is a sentence
  (`100.1. These Magic rules apply ...`) the section is untitled and the rule
  is its first rule. The three-digit headings (`701. Keyword Actions`) are
  sections too, titled and without rules; the one-digit chapters
  (`7. Additional Rules`) are not numbered rules and are not kept.
- The glossary (from the line `Glossary` to the line `Credits`) is a list of
  entries: a term on one line, its definition on the lines after it, up to a
  blank line, or up to the next term when no blank line comes between
  (`_starts_entry`). The model has no place for them yet: `read_document` returns
  them beside the sections; `read` (the importer) returns only the sections.
- Credits and everything after them are skipped.

Whatever cannot be placed is reported with its line, never dropped:
`unparsed-line`, `unplaced-example`, `orphan-rule`, `glossary-entry`, and
duplicated or decreasing numbers (`common.check_order`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..common.diagnostics import Diagnostics
from ..common.model import GlossaryEntry, Imported, Loc, Rule, Section, Source
from ..common.normalize import normalize_text
from ..common.names import HEAD, MAGIC_RULE, MAGIC_SUBRULE
from .common import check_order, make_rule, report_non_ascii_number, slugify
from .rules_document import check_edition, fold_empty_examples, is_title, new_section

_CHAPTER = re.compile(r"^(?P<number>[0-9])\.\s+(?P<title>\S.*)$")  # 7. Additional Rules
_HEADING = re.compile(rf"^(?P<number>{HEAD})\.\s+(?P<title>\S.*)$")  # 701. Keyword Actions
_RULE = re.compile(rf"^(?P<number>{MAGIC_RULE})(?P<sep>\.\s*|\s+)(?P<text>\S.*)$")  # 701.16. Reveal
_SUBRULE = re.compile(rf"^(?P<number>{MAGIC_SUBRULE})(?P<sep>\.?\s+|\.)(?P<text>\S.*)$")  # 701.16a To ...
_EXAMPLE = re.compile(r"^Examples?\s?:")
_EFFECTIVE = re.compile(r"^These rules are effective as of (?P<date>.+?)\.?$")
_GLOSSARY = "Glossary"
_CREDITS = "Credits"


@dataclass
class MagicDocument:
    imported: Imported
    glossary: list[GlossaryEntry] = field(default_factory=list)


@dataclass
class _MagicEntry:
    # "heading" (701. Keyword Actions), "titled" (701.16. Reveal), "rule" (100.1. A sentence.),
    # "subrule" (701.16a ...)
    kind: str
    number: str
    loc: Loc
    parts: list[str]


def read(source: Source, lines: list[str], diag: Diagnostics) -> Imported:
    document = read_document(source, lines, diag)
    document.imported.glossary = document.glossary
    return document.imported


def read_document(source: Source, lines: list[str], diag: Diagnostics) -> MagicDocument:
    text = [normalize_text(raw) for raw in lines]
    first_rule = next((i for i, line in enumerate(text) if _RULE.match(line)), None)
    if first_rule is None:
        diag.error(Loc(source.path, 1), "no-rules", "no numbered rule like '100.1. text' found in this document")
        return MagicDocument(Imported())
    start = _body_start(text, first_rule)
    contents = _front_matter(source, text[:start], diag)

    entries: list[_MagicEntry] = []
    glossary: list[GlossaryEntry] = []
    index = start
    after_blank = True
    while index < len(text):
        line, loc = text[index], Loc(source.path, index + 1)
        index += 1
        if not line:
            after_blank = True
            continue
        if line == _GLOSSARY:
            glossary = _glossary(source, text, index, diag)
            break
        if line == _CREDITS:
            break
        indented = lines[index - 1][:1].isspace()
        continues = entries and (indented or not after_blank)
        after_blank = False
        if match := _SUBRULE.match(line) or _RULE.match(line):
            kind = "subrule" if match.re is _SUBRULE else "rule"
            _check_format(kind, match, loc, diag)
            if kind == "rule" and is_title(match["text"]):
                kind = "titled"  # until `_find_titles` sees what follows it
            entries.append(_MagicEntry(kind, match["number"], loc, [match["text"]]))
        elif match := _HEADING.match(line):
            entries.append(_MagicEntry("heading", match["number"], loc, [match["title"]]))
        elif _CHAPTER.match(line):
            continue  # "7. Additional Rules": a chapter, not a numbered rule
        elif (example := _EXAMPLE.match(line)) or continues:
            if entries and entries[-1].kind in ("rule", "subrule"):
                entries[-1].parts.append(line)
            else:
                code = "unplaced-example" if example else "unparsed-line"
                diag.error(loc, code, f"{line[:60]!r} follows no rule it could belong to")
        elif not report_non_ascii_number(line, loc, diag):
            diag.error(loc, "unparsed-line", f"expected a numbered rule like '701.16a text', got {line[:60]!r}")

    _find_titles(entries)
    sections = _sections(source, entries, diag)
    headings = [s.number for s in sections if re.fullmatch(HEAD, s.number)]
    if contents and contents != headings:
        missing = [n for n in contents if n not in headings]
        extra = [n for n in headings if n not in contents]
        diag.warning(
            Loc(source.path, start + 1),
            "contents-mismatch",
            f"the contents and the body list different sections (only in contents: {missing[:5]}, only in body: {extra[:5]})",
        )
    return MagicDocument(Imported(sections=sections), glossary)


def _find_titles(entries: list[_MagicEntry]) -> None:
    """A `701.16. Reveal` rule is its section's title, by its structure: one
    line in title case (`rules_document.is_title`, which the loop asked) and,
    when printed with a final period (`701.2. Behold.`), followed by its own
    subrules (`701.2a`); otherwise it is a rule that reads like a title."""
    for index, entry in enumerate(entries):
        if entry.kind != "titled" or not entry.parts[0].rstrip().endswith("."):
            continue
        following = entries[index + 1] if index + 1 < len(entries) else None
        if following is None or following.kind != "subrule" or following.number[:-1] != entry.number:
            entry.kind = "rule"


def _body_start(text: list[str], first_rule: int) -> int:
    """The headings right before the first rule start the body; the contents,
    which list the same headings, end where a heading would come twice."""
    start, seen = first_rule, set()
    while start > 0:
        line = text[start - 1]
        if line and (line in seen or not (_HEADING.match(line) or _CHAPTER.match(line))):
            break
        seen.add(line)
        start -= 1
    return start


def _front_matter(source: Source, text: list[str], diag: Diagnostics) -> list[str]:
    """Checks the effective date; returns the section numbers the contents list."""
    for index, line in enumerate(text):
        if match := _EFFECTIVE.match(line):
            check_edition(source, match["date"], "effective", Loc(source.path, index + 1), diag)
            break
    return [m["number"] for line in text if (m := _HEADING.match(line))]


def _check_format(kind: str, match: re.Match, loc: Loc, diag: Diagnostics) -> None:
    """Rules print `100.1. text`, subrules `100.1a text`; report other printings."""
    sep = match["sep"]
    if sep == (" " if kind == "subrule" else ". "):
        return
    printed = match.string[: match.start("text")].rstrip()
    spacing = "" if sep[-1:].isspace() else ", with no space after it"
    diag.warning(loc, "number-format", f"rule number printed as {printed!r}{spacing}: read as {match['number']}")


def _sections(source: Source, entries: list[_MagicEntry], diag: Diagnostics) -> list[Section]:
    kinds: dict[int, str] = {}
    items: list[Rule] = []
    for entry in entries:
        text = " ".join(entry.parts)
        if entry.kind in ("heading", "titled"):
            item = Rule(number=entry.number, text=text, loc=entry.loc, source_ids=[source.id])
        else:
            item = fold_empty_examples(make_rule(entry.number, text, entry.loc, source.id))
        kinds[id(item)] = entry.kind
        items.append(item)

    sections: list[Section] = []
    for item in check_order(items, diag):
        kind = kinds[id(item)]
        if kind in ("heading", "titled"):  # 701. Keyword Actions, 701.16. Reveal
            sections.append(new_section(source, item.number, item.text, item.loc))
            continue
        if kind == "rule":  # 100.1. A sentence: its own section, untitled
            sections.append(new_section(source, item.number, "", item.loc))
        elif not sections or sections[-1].number != item.parent:
            diag.error(item.loc, "orphan-rule", f"rule {item.number} is not printed under its rule {item.parent}")
            if not sections:
                sections.append(new_section(source, item.parent or item.number, "", item.loc))
        sections[-1].rules.append(item)
    return sections


_CLOSERS = "\"')]”’»"


def _starts_entry(previous: str, line: str) -> bool:
    """Within a glossary block, `line` is the next entry's term when the line
    before it finished a definition (it ends like a sentence: `See rule 715,
    "Adventurer Cards."`) and `line` does not: a term is a name (`Affinity`,
    `Partner, "Partner with [name]"`), a definition line a sentence. A
    definition wrapped mid-sentence ends without a period but follows a line
    that does not, or starts in lower case."""

    def ends_sentence(text: str) -> bool:
        return text.rstrip(_CLOSERS).rstrip()[-1:] in {".", "!", "?", ":"}

    return ends_sentence(previous) and not ends_sentence(line) and (line[:1].isupper() or line[:1].isdigit())


def _glossary(source: Source, text: list[str], start: int, diag: Diagnostics) -> list[GlossaryEntry]:
    """Entries from `start` up to the `Credits` line: a term, then its definition lines."""
    blocks: list[list[int]] = [[]]
    for index in range(start, len(text)):
        if text[index] == _CREDITS:
            break
        if not text[index]:
            if blocks[-1]:
                blocks.append([])
            continue
        if len(blocks[-1]) > 1 and _starts_entry(text[blocks[-1][-1]], text[index]):
            blocks.append([])  # no blank line between two entries
        blocks[-1].append(index)
    entries: list[GlossaryEntry] = []
    seen: dict[str, Loc] = {}
    for first, *rest in filter(None, blocks):
        term, loc = text[first], Loc(source.path, first + 1)
        if not rest:
            diag.error(loc, "glossary-entry", f"glossary term {term!r} has no definition")
            continue
        slug = ident = slugify(term)
        if slug in seen:
            diag.warning(loc, "duplicate-term", f"glossary term {term!r} is already defined at {seen[slug]}")
            ident = next(f"{slug}-{n}" for n in range(2, len(blocks) + 2) if f"{slug}-{n}" not in seen)
        seen.setdefault(slug, loc)
        seen.setdefault(ident, loc)  # both kept, each with an id of its own
        entries.append(
            GlossaryEntry(
                id=ident,
                term=term,
                definitions=[text[i] for i in rest],
                game=source.game,
                document=source.document,
                language=source.language,
                source_id=source.id,
                loc=loc,
            )
        )
    return entries
