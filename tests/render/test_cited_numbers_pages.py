"""Diff pages, the published diff and a rule's history, for a rule whose only
change is the number of a rule it cites (editions written for the test: v2
prints a new section 300 Hide, so 300 Reveal is 400 and 400 Modes of Play is
500): "references renumbered", counted apart and hidden with the pure
renumberings; a cited number that now names another rule is a change that
says so."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest

import rulesite
from rulesite import pipeline
from rulesite.diagnostics import Diagnostics
from rulesite.export.data import diff_data
from rulesite.render.site import render_site

V1 = """Sample Card Game Rules
Last Updated: 2030-01-15
100. Setup
101. Before the game, each player picks a mode of play. See rule 400.
102. Each player may look at their hand. See rule 301.1.
103. To begin, the first player shows the top card of their deck. See rule 301.
300. Reveal
301. To reveal a card, show it to every player.
301.1. A revealed card stays where it is.
400. Modes of Play
401. A mode of play names how many players take part.
"""
V2 = """Sample Card Game Rules
Last Updated: 2030-06-01
100. Setup
101. Before the game, each player picks a mode of play. See rule 500.
102. Each player may look at their hand. See rule 401.1.
103. To begin, the first player shows the top card of their deck. See rule 500.
300. Hide
301. To hide a card, place it face down.
400. Reveal
401. To reveal a card, show it to every player.
401.1. A revealed card stays where it is.
500. Modes of Play
501. A mode of play names how many players take part.
"""
MANIFEST = "sources:\n" + "".join(
    f"  - {{id: e{n}, path: e{n}.txt, game: riftbound, document: core-rules, language: en,\n"
    f"     edition: {date}, version: '{n}', format: rules-document}}\n"
    for n, date in ((1, "2030-01-15"), (2, "2030-06-01"))
)
DIFF = "riftbound/core-rules/changes/v1-to-v2.md"
SCHEMA = Path(rulesite.__file__).parent / "export" / "schema" / "diff.schema.json"


@pytest.fixture(scope="module")
def cited_ctx(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cited")
    (folder / "e1.txt").write_text(V1, encoding="utf-8")
    (folder / "e2.txt").write_text(V2, encoding="utf-8")
    (folder / "manifest.yml").write_text(MANIFEST, encoding="utf-8")
    diag = Diagnostics()
    ctx = pipeline.resolve(pipeline.read_corpus(folder / "manifest.yml", diag), diag)
    assert diag.errors == []
    return ctx


@pytest.fixture(scope="module")
def pages(cited_ctx):
    return render_site(cited_ctx)["en"]


def _entry(page: str, anchor: str) -> str:
    start = page.index(f'id="{anchor}"')
    return page[page.rindex("<li", 0, start) : page.index("</li>", start)]


def test_a_cited_number_renumbered_with_its_rule_is_no_change(pages):
    diff = pages[DIFF]
    for number in ("101", "102"):
        entry = _entry(diff, f"d-{number}")
        assert entry.startswith('<li class="references renumbered"'), entry
        assert "only the numbers of the rules it cites changed" in entry
    # Counted apart, and hidden with the pure renumberings (401, 401.1, 501) by the toggle.
    counts = re.search(r"^\d+ added .*$", diff, re.M).group(0)
    assert "1 changed" in counts and "2 with references renumbered" in counts
    button = re.search(r"<button[^>]*data-renumbered-toggle[^>]*>([^<]*)</button>", diff)
    assert button and button.group(1) == "Show 5 rules only renumbered"


def test_a_cited_number_that_names_another_rule_now_is_a_change_that_says_so(pages):
    entry = _entry(pages[DIFF], "d-103")
    assert entry.startswith('<li class="changed"')
    assert '<small class="diff-cites">now cites 500 Modes of Play instead of 301 Reveal</small>' in entry
    assert "similarity" not in entry


def test_the_published_diff_says_the_same(cited_ctx):
    diff = next(d for d in cited_ctx.diffs if (d.old.label, d.new.label) == ("v1", "v2"))
    data = diff_data(cited_ctx, diff)
    jsonschema.validate(data, json.loads(SCHEMA.read_text(encoding="utf-8")))
    assert data["counts"]["changed"] == 1 and data["counts"]["references"] == 2
    entries = {e["id"]: e for s in data["sections"] for e in s["entries"]}
    assert entries["d-101"]["kind"] == "references" and entries["d-101"]["renumbered"] is True
    assert entries["d-103"]["kind"] == "changed" and "renumbered" not in entries["d-103"]
    assert entries["d-103"]["cites"] == ["now cites 500 Modes of Play instead of 301 Reveal"]


def test_a_rules_history_says_its_references_were_renumbered(pages):
    older = pages["riftbound/core-rules/v1/100.md"]
    summaries = dict(re.findall(r'<p class="rule-head" id="(10\d)">.*?<summary>([^<]*)</summary>', older, re.S))
    assert summaries["101"] == "History: references renumbered in v2"
    assert summaries["103"] == "History: reworded in v2"
