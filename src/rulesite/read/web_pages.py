"""Rules-reference web pages saved as text: one section, its rules, its FAQ.

Two layouts are known, and both start with the page title
(`Show Off Keyword — How It Works in Riftbound`, `Reveal — Riftbound Rules`):

- `web-bullets`: rule numbers and texts on alternating bullet lines
  (`- 832.1.` then `- Show Off is ...`), after a `Section 832 — 14 rules` line
  and an introduction that repeats rule text (page furniture, not read);
- `web-blocks`: rule numbers and texts in blocks separated by blank lines.

Both may end with `Related FAQ (N)` followed by N questions, each followed by its
answer. Declared counts ("14 rules", "(N)") are checked against what was read.
"""

from __future__ import annotations

import re

from ..common.diagnostics import Diagnostics
from ..common.model import FaqAnswer, Imported, Loc, Rule, Section, Source
from ..common.names import HEAD
from ..common.normalize import normalize_text
from .common import RB_NUMBER, check_order, make_rule, report_non_ascii_number, section_of, slugify, title_from_page

_NUMBER = re.compile(rf"^(?P<number>{RB_NUMBER})\.$")
_SECTION_LINE = re.compile(rf"^Section (?P<number>{HEAD}) [—–-] (?P<count>[0-9]{{1,6}}) rules?$")
_FAQ_HEADER = re.compile(r"^Related FAQ \((?P<count>[0-9]{1,6})\)$")


def read_bullets(source: Source, lines: list[str], diag: Diagnostics) -> Imported:
    body, faq_lines = _split_faq(lines)
    declared = None
    rules: list[Rule] = []
    pending: tuple[str, Loc] | None = None  # a number line waiting for its text line
    for index, raw in body[1:]:
        line = normalize_text(raw)
        loc = Loc(source.path, index + 1)
        if match := _SECTION_LINE.match(line):
            declared = (int(match["count"]), loc)
            continue
        if not line.startswith("- "):
            if rules or pending:
                diag.error(loc, "unparsed-line", f"expected a '- ' bullet line, got {line[:60]!r}")
            continue  # the introduction before the first rule
        item = line[2:].strip()
        if pending is None:
            match = _NUMBER.match(item)
            if match is None and report_non_ascii_number(item, loc, diag):
                continue
            if match is None:
                diag.error(loc, "unparsed-line", f"expected a rule number bullet like '- 832.1.', got {item[:60]!r}")
                continue
            pending = (match["number"], loc)
        else:
            rules.append(make_rule(pending[0], item, pending[1], source.id))
            pending = None
    if pending is not None:
        diag.error(pending[1], "unparsed-line", f"rule {pending[0]} has no text line after it")
    return _page(source, lines, rules, declared, faq_lines, diag)


def read_blocks(source: Source, lines: list[str], diag: Diagnostics) -> Imported:
    body, faq_lines = _split_faq(lines)
    rules: list[Rule] = []
    blocks = _blocks(body[1:])
    i = 0
    while i < len(blocks):
        index, text = blocks[i]
        loc = Loc(source.path, index + 1)
        match = _NUMBER.match(text)
        if match is None and report_non_ascii_number(text, loc, diag):
            i += 1
            continue
        if match is None:
            diag.error(loc, "unparsed-line", f"expected a rule number like '424.1.', got {text[:60]!r}")
            i += 1
            continue
        if i + 1 >= len(blocks) or _NUMBER.match(blocks[i + 1][1]):
            diag.error(loc, "unparsed-line", f"rule {match['number']} has no text after it")
            i += 1
            continue
        rules.append(make_rule(match["number"], blocks[i + 1][1], loc, source.id))
        i += 2
    return _page(source, lines, rules, None, faq_lines, diag)


def _split_faq(lines: list[str]):
    """Numbered lines of the page body, and those from `Related FAQ (N)` on."""
    numbered = list(enumerate(lines))
    for pos, (_, raw) in enumerate(numbered):
        if _FAQ_HEADER.match(normalize_text(raw)):
            return numbered[:pos], numbered[pos:]
    return numbered, []


def _blocks(numbered: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Non-blank lines; the layouts never wrap one paragraph over several lines."""
    return [(i, normalize_text(raw)) for i, raw in numbered if normalize_text(raw)]


def _page(source, lines, rules, declared, faq_lines, diag) -> Imported:
    title_loc = Loc(source.path, 1)
    rules = check_order(rules, diag)
    if not rules:
        diag.error(title_loc, "no-rules", "the page holds no numbered rules")
        return Imported()
    numbers = {section_of(r.number) for r in rules}
    if len(numbers) > 1:
        diag.error(title_loc, "mixed-sections", f"one page holds rules of sections {sorted(numbers)}")
    number = section_of(rules[0].number)
    if declared is not None and declared[0] != len(rules):
        diag.error(declared[1], "rule-count", f"page says {declared[0]} rules, {len(rules)} were read")
    section = Section(
        game=source.game,
        document=source.document,
        number=number,
        title=title_from_page(lines[0]) if lines else "",
        language=source.language,
        rules=rules,
        source_ids=[source.id],
        loc=title_loc,
    )
    return Imported(sections=[section], faqs=_faqs(source, number, faq_lines, diag))


def _faqs(source: Source, section: str, faq_lines, diag: Diagnostics) -> list[FaqAnswer]:
    if not faq_lines:
        return []
    header_index, header = faq_lines[0]
    declared = int(_FAQ_HEADER.match(normalize_text(header))["count"])
    blocks = _blocks(faq_lines[1:])
    if len(blocks) % 2:
        last = blocks[-1][0] + 1
        diag.error(Loc(source.path, last), "faq-syntax", "a question has no answer after it")
    faqs: list[FaqAnswer] = []
    used: set[str] = set()
    for (q_index, question), (_, answer) in zip(blocks[::2], blocks[1::2]):
        faq_id = slugify(question)
        while faq_id in used:
            faq_id += "-2"
        used.add(faq_id)
        faqs.append(
            FaqAnswer(
                id=faq_id,
                question=question,
                answer=answer,
                game=source.game,
                section=section,
                source_id=source.id,
                loc=Loc(source.path, q_index + 1),
            )
        )
    if declared != len(faqs):
        diag.error(
            Loc(source.path, header_index + 1),
            "faq-count",
            f"page says Related FAQ ({declared}), {len(faqs)} questions with answers were read",
        )
    return faqs
