"""Golden pages: what readers get for a section, a ruling and a card, from the seeds.

Each page's Markdown is made into HTML as MkDocs does (tests/render/rendered.py)
and compared with the file in golden/. A change to how pages look shows here
as a diff to review; when it is meant, rewrite the files with

    RULESITE_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/render/test_golden.py

and commit them with the change.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
from pathlib import Path

import pytest
from relinked import relinked
from rendered import page_html, split_page

from rulesite.common.model import Card, Erratum, Loc, SectionKey
from rulesite.render.card_pages import render_cards_page
from rulesite.render.languages import site_languages
from rulesite.render.ruling_page import render_ruling
from rulesite.render.section_page import render_section

GOLDEN = Path(__file__).parent / "golden"


def as_golden(markdown: str) -> str:
    """The page's front matter, then its HTML with one element per line (so diffs read well)."""
    meta, _ = split_page(markdown)
    html = re.sub(r"(</(?:p|h\d|div|li|ul|ol|details|table|tr|section)>|<div[^>]*>)", r"\1\n", page_html(markdown))
    html = re.sub(r"\n\s*\n+", "\n", html)
    return f"front matter: {json.dumps(meta, ensure_ascii=False, sort_keys=True)}\n{html.strip()}\n"


def check(name: str, markdown: str) -> None:
    path = GOLDEN / name
    got = as_golden(markdown)
    if os.environ.get("RULESITE_UPDATE_GOLDEN"):
        path.parent.mkdir(exist_ok=True)
        path.write_text(got, encoding="utf-8")
    assert path.exists(), f"no {path.name}: run with RULESITE_UPDATE_GOLDEN=1 to write it"
    assert got == path.read_text(encoding="utf-8"), f"{name} changed: review, then update (see the module docstring)"


@pytest.fixture(scope="module")
def site_ctx(ctx):
    """The seed model as the English site renders it (every language known)."""
    return dataclasses.replace(ctx, language="en", languages=site_languages(ctx), cache={})


def test_section_page(site_ctx):
    section = site_ctx.corpus.sections[SectionKey("riftbound", "core-rules", "424", "en")]
    check("section-424.html", render_section(section, site_ctx))


def test_ruling_page(site_ctx):
    ruling = next(r for r in site_ctx.corpus.rulings if r.steps and r.nuances)
    check(f"ruling-{ruling.id}.html", render_ruling(ruling, site_ctx))


def test_card_entry(site_ctx):
    """The seeds hold no cards: one written for this test, with an erratum and
    a rule reference in its text."""
    loc = Loc("rules_src/riftbound/cards.json", 3)
    erratum = Erratum(
        "Ember Scout", "Reveal the top card.", "Reveal the top 2 cards.\nPlay one.", "2026-05-01", "Errata May", "cards", loc
    )
    card = Card(
        "ogn-007-298",
        "OGN-007/298",
        "Ember Scout",
        ["Unit"],
        ["Fury"],
        "When you play me, reveal the top 2 cards of your Main Deck (see rule 424.1).\n[Accelerate]",
        "cards",
        loc,
        errata=[erratum],
    )
    ctx = relinked(site_ctx, dataclasses.replace(site_ctx.corpus, cards=[card], errata=[erratum]))
    check("card-e.html", render_cards_page(ctx, "riftbound/cards/e.md", [card], {}))
