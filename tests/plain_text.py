"""An imported edition written back as plain text, one rule per line: the
corpora tests read it again and compare it with the source documents.

The lines follow the source documents' own numbering: `103.1.b.2. text` for
Riftbound, `701.16. Reveal` and `701.16a text` (no dot after the letter) for
Magic. Every section heading is printed as its own numbered line, then every
rule as `NUMBER. text Example: ...`, its examples after its own text, with their
printed labels. Reading the output again with `read.rules_document` (or
`read.mtg_rules`) gives back the same sections and rules.

Untitled sections print no heading line: their number is their first rule's
(Magic `100.1.`) or was never printed (a Riftbound rule before any heading).
"""

from __future__ import annotations

import re

from rulesite.common.model import Rule, Section
from rulesite.common.names import MAGIC_SUBRULE

_MAGIC_SUBRULE = re.compile(MAGIC_SUBRULE)


def printed_number(number: str) -> str:
    """`103.1.b` -> `103.1.b.`; a Magic subrule keeps its letter bare: `701.16a`."""
    return number if _MAGIC_SUBRULE.fullmatch(number) else f"{number}."


def rule_line(rule: Rule) -> str:
    parts = [printed_number(rule.number), rule.text]
    parts += [f"{example.label}: {example.text}" for example in rule.examples]
    return " ".join(part for part in parts if part)


def prints_heading(section: Section) -> bool:
    """True when the section's heading is a numbered line of its own."""
    return bool(section.title) and (not section.rules or section.rules[0].number != section.number)


def document_numbers(sections: list[Section]) -> list[str]:
    """Every number the edition prints, in order: section headings and rules."""
    out: list[str] = []
    for section in sections:
        if prints_heading(section):
            out.append(section.number)
        out += [rule.number for rule in section.rules]
    return out


def export_lines(sections: list[Section], title: str = "", edition: str = "") -> list[str]:
    """The edition as lines; `title` and `Last Updated: edition` head them when given."""
    lines = [title] if title else []
    if edition:
        lines.append(f"Last Updated: {edition}")
    for section in sections:
        if prints_heading(section):
            lines.append(f"{printed_number(section.number)} {section.title}")
        lines += [rule_line(rule) for rule in section.rules]
    return lines


def export_text(sections: list[Section], title: str = "", edition: str = "") -> str:
    return "\n".join(export_lines(sections, title, edition)) + "\n"
