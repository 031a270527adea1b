"""check/edition_counts.py reports what it finds as findings of the page (or,
for an edition's totals, of the whole site), which the sink prints as
`path:line: error[edition-counts]: message`."""

from __future__ import annotations

from rulesite.check.edition_counts import compare, counts_in, counts_out
from rulesite.common.diagnostics import Diagnostics


def test_missing_pages_and_invented_rules_are_findings_of_their_page(ctx):
    _, missing = counts_out(ctx.corpus, {}, "en")
    assert missing, "the seeds' English editions have pages"
    assert {(p.line, p.code, p.message) for p in missing} == {(1, "edition-counts", "page missing")}
    assert all(p.path.endswith(".html") and not p.path.startswith("/") for p in missing)

    # Every page there, holding only a rule no edition prints.
    entries = {p.path: (set(), ["999.9"], []) for p in missing}
    counted, invented = counts_out(ctx.corpus, entries, "en")
    assert sorted(p.path for p in invented) == sorted(entries)
    assert {p.message for p in invented} == {"rule entries no edition shown here prints: 999.9"}

    diag = Diagnostics()
    diag.error_found(invented[0], "site")
    assert str(diag.errors[0]) == f"site/{invented[0].path}:1: error[edition-counts]: {invented[0].message}"

    # No section or rule anchored: every edition's totals differ, a finding of the whole site.
    totals = compare(counts_in(ctx.corpus), counted)
    assert {p.path for p in totals} == {""} and len(totals) == len(counted)
    assert all(" read " in p.message and "but its pages anchor 0 sections" in p.message for p in totals)


def test_counts_kept_by_edition_follow_a_page_whose_entries_changed(ctx):
    """What a call kept (`known`) is used only where each edition and each of
    its pages' entries are the very objects it was worked out from: a page
    checked again (new entries) is counted again, as with nothing kept."""
    _, missing = counts_out(ctx.corpus, {}, "en")
    entries = {p.path: (set(), [], []) for p in missing}
    known: dict = {}
    first = counts_out(ctx.corpus, entries, "en", known)
    assert first == counts_out(ctx.corpus, entries, "en")
    assert counts_out(ctx.corpus, entries, "en", known) == first  # all kept
    # One page now anchors its section's heading and rules: counted, as a new call counts it.
    page = missing[0].path
    edition = next(e for eds in ctx.corpus.editions.values() for e in eds if e.language == "en")
    number, section = next(iter(edition.sections.items()))
    changed = dict(entries)
    changed[page] = ({number, *(s for s in edition.sections)}, [r.number for r in section.rules], [])
    again = counts_out(ctx.corpus, changed, "en", known)
    assert again == counts_out(ctx.corpus, changed, "en") != first
