"""Official rules text, one rule per line: `832.1.c.2. The decision of ...`.

Optional header lines come first (a document title, `Last Updated: 2026-10-09`).
After them every non-blank line must be a numbered rule; anything else is
reported as `unparsed-line` rather than guessed at.
"""

from __future__ import annotations

import re

from ..common.diagnostics import Diagnostics
from ..common.model import Imported, Loc, Section, Source
from ..common.normalize import normalize_text
from .common import RB_NUMBER, check_order, make_rule, report_non_ascii_number, section_of

_RULE = re.compile(rf"^(?P<number>{RB_NUMBER})\.\s+(?P<text>\S.*)$")
_UPDATED = re.compile(r"^Last Updated:\s*(?P<date>\S+)\s*$")


def read(source: Source, lines: list[str], diag: Diagnostics) -> Imported:
    rules = []
    for index, raw in enumerate(lines):
        loc = Loc(source.path, index + 1)
        line = normalize_text(raw)
        if not line:
            continue
        if match := _UPDATED.match(line):
            if match["date"] != source.edition:
                diag.error(
                    loc,
                    "edition-mismatch",
                    f"file says Last Updated {match['date']}, manifest says edition {source.edition}",
                )
            continue
        match = _RULE.match(line)
        if match is None and report_non_ascii_number(line, loc, diag):
            continue
        if match is None:
            if not rules and not re.match(r"^\d", line):
                continue  # a document title before the first rule
            diag.error(loc, "unparsed-line", f"expected a numbered rule like '832.1.a. text', got {line[:60]!r}")
            continue
        rules.append(make_rule(match["number"], match["text"], loc, source.id))
    if not rules:  # an empty or wrong file must not read as a source without rules
        diag.error(Loc(source.path, 1), "no-rules", "the file holds no numbered rules")

    sections: dict[str, Section] = {}
    for rule in check_order(rules, diag):
        number = section_of(rule.number)
        section = sections.get(number)
        if section is None:
            section = sections[number] = Section(
                game=source.game,
                document=source.document,
                number=number,
                title="",  # this format prints no section titles; another source may
                language=source.language,
                source_ids=[source.id],
                loc=rule.loc,
            )
        section.rules.append(rule)
    return Imported(sections=list(sections.values()))
