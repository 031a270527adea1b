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
from rulesite.stages import read as read_stage
from rulesite.stages import resolve as resolve_stage
from rulesite.common.diagnostics import Diagnostics
from rulesite.export.data import diff_data
from rulesite.render.site import render_site
from cited_editions import write_cited_editions

DIFF = "riftbound/core-rules/changes/v1-to-v2.md"
SCHEMA = Path(rulesite.__file__).parent / "export" / "schema" / "diff.schema.json"


@pytest.fixture(scope="module")
def cited_ctx(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cited")
    write_cited_editions(folder)
    diag = Diagnostics()
    ctx = resolve_stage.resolve(read_stage.read_corpus(folder / "manifest.yml", diag), diag)
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
    assert '<small class="diff-cites">now cites 500 Modes of Play instead of 301 To reveal a card, show it …</small>' in entry
    assert "similarity" not in entry


def test_the_published_diff_says_the_same(cited_ctx):
    diff = next(d for d in cited_ctx.diffs if (d.old.label, d.new.label) == ("v1", "v2"))
    data = diff_data(cited_ctx, diff)
    jsonschema.validate(data, json.loads(SCHEMA.read_text(encoding="utf-8")))
    assert data["counts"]["changed"] == 1 and data["counts"]["references"] == 2
    entries = {e["id"]: e for s in data["sections"] for e in s["entries"]}
    assert entries["d-101"]["kind"] == "references" and entries["d-101"]["renumbered"] is True
    assert entries["d-103"]["kind"] == "changed" and "renumbered" not in entries["d-103"]
    assert entries["d-103"]["cites"] == ["now cites 500 Modes of Play instead of 301 To reveal a card, show it …"]


def test_a_rules_history_says_its_references_were_renumbered(pages):
    older = pages["riftbound/core-rules/v1/100.md"]
    summaries = dict(re.findall(r'<p class="rule-head" id="(10\d)">.*?<summary>([^<]*)</summary>', older, re.S))
    assert summaries["101"] == "History: references renumbered in v2"
    assert summaries["103"] == "History: reworded in v2"


def test_a_rule_printed_after_the_current_edition_is_new_since_it(tmp_path):
    """An excerpt dated after the current edition prints a rule no whole edition
    has: its History says it is new since the current edition (not "not yet in v2")."""
    write_cited_editions(tmp_path)
    (tmp_path / "e3.txt").write_text("Last Updated: 2030-09-01\n600.1. Show off a card by revealing it to all.\n")
    with (tmp_path / "manifest.yml").open("a", encoding="utf-8") as manifest:
        manifest.write(
            "  - {id: e3, path: e3.txt, game: riftbound, document: core-rules, language: en,\n"
            "     edition: 2030-09-01, format: rules-text, partial: true}\n"
        )
    diag = Diagnostics()
    ctx = resolve_stage.resolve(read_stage.read_corpus(tmp_path / "manifest.yml", diag), diag)
    assert diag.errors == []
    page = render_site(ctx)["en"]["riftbound/core-rules/600.md"]
    summary = re.search(r'id="600\.1">.*?<summary>([^<]*)</summary>', page, re.S).group(1)
    assert summary == "History: new since v2"
