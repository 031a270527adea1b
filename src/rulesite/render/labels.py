"""How a section is named in lists: its number and title, or, for an untitled
section (Magic's `100.1. These Magic rules apply ...`), its number and the
first words of its first rule, never a bare "100.1 "."""

from __future__ import annotations

from ..common.model import Section

EXCERPT_WORDS = 8


def section_label(section: Section) -> str:
    if section.title:
        return f"{section.number} {section.title}"
    first = next((r.text for r in section.rules if r.text), "")
    words = first.split()
    if not words:
        return section.number
    excerpt = " ".join(words[:EXCERPT_WORDS])
    return f"{section.number} {excerpt}{' …' if len(words) > EXCERPT_WORDS else ''}"
