"""Counts in equal counts out, per edition, as the build prints them.

The build prints, for every edition, what the importers read ("edition" lines)
and what its built pages anchor ("built" lines). Here the printed numbers are
compared with the seeds' own counts and with the rule entries counted in the
built HTML by this file's own regular expression (not by the build's checker).
"""

from __future__ import annotations

from edition_lines import printed_counts, rule_entries


def test_every_edition_is_printed_with_equal_counts_in_and_out(built_site):
    counts = printed_counts(built_site.stdout)
    assert set(counts["edition"]) == {
        "riftbound/core-rules (en) 2026-10-09",  # the official excerpt
        "riftbound/core-rules (en) undated",  # the two web pages
        "magic/comprehensive-rules (es) undated",
    }
    assert counts["built"] == counts["edition"]


def test_printed_counts_are_the_rule_entries_on_the_built_pages(built_site):
    counts = printed_counts(built_site.stdout)["edition"]
    site = built_site.site
    # The web pages print 832 (14 rules) and 424 (11); the excerpt prints 11 of 832's 14.
    web = rule_entries([site / "riftbound/core-rules/832.html", site / "riftbound/core-rules/424.html"])
    assert counts["riftbound/core-rules (en) undated"]["rules"] == len(web) == 25
    # 832's page unites both: the excerpt's 11 rules are its first 11 entries, each once.
    page_832 = rule_entries([site / "riftbound/core-rules/832.html"])
    assert counts["riftbound/core-rules (en) 2026-10-09"]["rules"] == 11
    assert len(page_832) == len(set(page_832)) == 14 and page_832[10] == "832.1.d.1"
    spanish = rule_entries([site / "es/magic/comprehensive-rules/701.20.html"])
    assert counts["magic/comprehensive-rules (es) undated"]["rules"] == len(spanish) == 5
    assert counts["magic/comprehensive-rules (es) undated"]["headings"] == 1  # "701.20 Mostrar"
