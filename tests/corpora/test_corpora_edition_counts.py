"""Counts in equal counts out, per edition, on the full corpora build.

The numbered rules SOURCES.md gives (v1.1 1616, v1.2 1795, v1.4 2381: rules
and headings together) must be what the build prints it read, and every count
it prints for an edition must be the rule entries of that edition's pages,
counted here with this file's own regular expression.
"""

from __future__ import annotations

import re

import pytest
from edition_lines import printed_counts, rule_entries

pytestmark = pytest.mark.corpora


def _section_pages(folder):
    return sorted(p for p in folder.glob("*.html") if re.fullmatch(r"\d{3}(\.\d+)?\.html", p.name))


def test_the_documents_own_counts_are_printed(corpora_site):
    counts = printed_counts(corpora_site.stdout)
    numbered = {name: c["numbered"] for name, c in counts["edition"].items()}
    assert numbered["riftbound/core-rules (en) v1.1"] == 1616
    assert numbered["riftbound/core-rules (en) v1.2"] == 1795
    assert numbered["riftbound/core-rules (en) v1.4"] == 2381
    assert counts["built"] == counts["edition"]


def test_each_printed_count_is_the_rule_entries_of_its_pages(corpora_site):
    counts = printed_counts(corpora_site.stdout)["edition"]
    site = corpora_site.site
    core = site / "riftbound/core-rules"
    for label in ("v1.1", "v1.2"):
        assert counts[f"riftbound/core-rules (en) {label}"]["rules"] == len(rule_entries(_section_pages(core / label)))
    # The current edition owns the plain pages; 832 is the newer excerpt's.
    current = [p for p in _section_pages(core) if p.name != "832.html"]
    assert counts["riftbound/core-rules (en) v1.4"]["rules"] == len(rule_entries(current))
    tournament = site / "riftbound/tournament-rules"
    assert counts["riftbound/tournament-rules (en) 2026-03-30"]["rules"] == len(
        rule_entries(_section_pages(tournament / "2026-03-30"))
    )
    assert counts["riftbound/tournament-rules (en) 2026-04-29"]["rules"] == len(rule_entries(_section_pages(tournament)))
    magic = counts["magic/comprehensive-rules (en) 2025-02-07"]
    assert magic["rules"] == len(rule_entries(_section_pages(site / "magic/comprehensive-rules")))
