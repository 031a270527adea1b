"""Diff pages between two editions (fixtures written for the test): pure
renumberings marked to be hidden, every number linked to its edition's page,
sections named, and each rule's history linking its entry on the diff page."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rulesite import pipeline
from rulesite.diagnostics import Diagnostics
from rulesite.render.site import render_site

FIXTURES = Path(__file__).parent.parent / "read" / "fixtures"
MANIFEST = "sources:\n" + "".join(
    f"  - {{id: e{n}, path: edition-{n}.rules-document.txt, game: riftbound, document: core-rules, language: en,\n"
    f"     edition: {date}, version: '{n}', format: rules-document}}\n"
    for n, date in ((1, "2030-01-15"), (2, "2030-06-01"))
)


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    folder = tmp_path_factory.mktemp("editions")
    for n in (1, 2):
        shutil.copy(FIXTURES / f"edition-{n}.rules-document.txt", folder)
    (folder / "manifest.yml").write_text(MANIFEST, encoding="utf-8")
    diag = Diagnostics()
    ctx = pipeline.resolve(pipeline.read_corpus(folder / "manifest.yml", diag), folder, diag)
    assert diag.errors == []
    return render_site(ctx)["en"]


def _entry(page: str, anchor: str) -> str:
    start = page.index(f'id="{anchor}"')
    return page[page.rindex("<li", 0, start):page.index("</li>", start)]


def test_pure_renumberings_are_marked_and_counted(pages):
    diff = pages["riftbound/core-rules/changes/v1-to-v2.md"]
    assert "(2 of the moved only renumbered)" in diff
    assert 'class="moved renumbered"' in _entry(diff, "d-301") and 'class="moved renumbered"' in _entry(diff, "d-301.1")
    assert "renumbered" not in _entry(diff, "d-101.1")  # reworded: always shown
    assert "data-renumbered-toggle" in diff
    # A section holding only renumberings hides with them.
    assert 'class="diff-section renumbered-only" data-section="300"' in diff


def test_numbers_link_to_both_editions_and_sections_are_named(pages):
    diff = pages["riftbound/core-rules/changes/v1-to-v2.md"]
    moved = _entry(diff, "d-301")
    assert '<a href="../v1/200.html#201">201</a> → <a href="../300.html#301">301</a>' in moved
    assert "<h2>300 Reveal</h2>" in diff and "<h2>100 Basics</h2>" in diff


def test_a_rules_history_links_its_diff_entry(pages):
    assert 'href="changes/v1-to-v2.html#d-301"' in pages["riftbound/core-rules/300.md"]
    assert 'href="changes/v1-to-v2.html#d-101.1"' in pages["riftbound/core-rules/100.md"]
