"""Explainer articles read as prose: bullets indented under a paragraph are
bullets (not a code block), and `<br/>` line breaks are breaks (not raw HTML).
The article is a fixture written for the test."""

from __future__ import annotations

from pathlib import Path

from rulesite.common.diagnostics import Diagnostics
from rulesite.common.model import Corpus, Source
from rulesite.read import guide_md

FIXTURE = Path(__file__).parent / "fixtures" / "guide.guide-md.md"


def _guide():
    source = Source(
        id="guide",
        path="fixtures/guide.guide-md.md",
        game="riftbound",
        document="guides",
        language="en",
        edition="undated",
        format="guide-md",
    )
    diag = Diagnostics()
    imported = guide_md.read(source, FIXTURE.read_text(encoding="utf-8").splitlines(), diag)
    assert not diag.errors
    return imported.guides[0], source


def test_bullets_under_a_paragraph_are_top_level_bullets():
    guide, _ = _guide()
    items = [(b.level, b.text) for b in guide.blocks if b.kind == "item"]
    assert items == [
        (0, "Only Pieces can be moved."),
        (0, "Pieces can't be moved onto a full Place."),
        (1, "A nested point under the second bullet."),
        (0, "A third bullet."),
    ]


def test_line_breaks_split_lines_and_emphasis_across_them_is_taken_out():
    guide, _ = _guide()
    paragraphs = [b.text for b in guide.blocks if b.kind == "paragraph"]
    assert paragraphs == [
        "Moving is a Piece going between two Places.",
        "101.2 Places",
        "102. Moving",
        "103. Rushing",
        "Checked : 2030-01-15",
        "Updated : 2030-01-16",
    ]
    assert [b.text for b in guide.blocks if b.kind == "heading"] == ["Moving Things", "Relevant Rules", "Dates :"]


def test_the_rendered_page_has_no_code_block_and_no_markup_shown(ctx):
    from rulesite.render.context import Context
    from rulesite.render.guide_page import render_guide
    from rulesite.resolve.linked import link_texts
    from rulesite.resolve.links import Linker

    guide, source = _guide()
    corpus = Corpus(sources={**ctx.corpus.sources, source.id: source}, sections=ctx.corpus.sections, guides=[guide])
    linked = link_texts(corpus, Linker(corpus, ctx.links.keywords))  # resolved, then rendered
    page = render_guide(guide, Context(corpus, linked, ctx.citations))
    body = page.split("---", 2)[2]
    assert not [line for line in body.splitlines() if line.startswith("    ") and not line.lstrip().startswith("- ")]
    assert "<br" not in body and "\\<br" not in body and "\\*\\*" not in body
    assert "\n- Only Pieces can be moved\\.\n" in body
    assert "\n    - A nested point under the second bullet\\.\n" in body
