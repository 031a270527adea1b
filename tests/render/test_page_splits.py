"""Heavy pages are split: a glossary by initial letter, a large diff into parts
of consecutive sections. Every term and every diff entry lands on exactly one page, and
the index or summary page links to each of them."""

from __future__ import annotations

import re

import pytest
from editions_fixture import write_four_editions

from rulesite import pipeline
from rulesite.diagnostics import Diagnostics
from rulesite.model import GlossaryEntry, Loc
from rulesite.render import edition_pages, glossary_page
from rulesite.render.glossary_page import glossary_pages


@pytest.fixture(scope="module")
def four_ctx(tmp_path_factory):
    root = tmp_path_factory.mktemp("four")
    sources = write_four_editions(root)
    diag = Diagnostics()
    ctx = pipeline.resolve(pipeline.read_corpus(sources / "manifest.yml", diag), diag)
    assert diag.errors == []
    return ctx


def test_glossary_is_split_by_initial_letter(ctx, monkeypatch):
    terms = ["Ability", "Active Player", "Battlefield", "'Tis", "Écran", "2-Player Game"]
    entries = [
        GlossaryEntry(
            re.sub(r"\W+", "-", term.lower()).strip("-"),
            term,
            [f"Definition of {term}."],
            "magic",
            "comprehensive-rules",
            "en",
            "x",
            Loc("glossary.txt", i),
        )
        for i, term in enumerate(terms)
    ]
    pages = glossary_pages(ctx, entries, "magic/comprehensive-rules/glossary.md", "magic")
    index = pages.pop("magic/comprehensive-rules/glossary.md")
    assert set(pages) == {f"magic/comprehensive-rules/glossary/{c}.md" for c in ("a", "b", "t", "0", "2")}
    for entry in entries:
        holding = [p for p, text in pages.items() if f'id="g-{entry.id}"' in text]
        assert len(holding) == 1, (entry.term, holding)
    for path in pages:
        assert f"(glossary/{path.rsplit('/', 1)[1]})" in index
    assert "(glossary/a.md) (2)" in index  # Ability, Active Player
    # A heavy letter is split into parts (a.md, a-2.md), each term on one of them.
    monkeypatch.setattr(glossary_page, "LETTER_AT", 1)
    pages = glossary_pages(ctx, entries, "magic/comprehensive-rules/glossary.md", "magic")
    index = pages.pop("magic/comprehensive-rules/glossary.md")
    assert {"magic/comprehensive-rules/glossary/a.md", "magic/comprehensive-rules/glossary/a-2.md"} <= set(pages)
    assert 'id="g-ability"' in pages["magic/comprehensive-rules/glossary/a.md"]
    assert 'id="g-active-player"' in pages["magic/comprehensive-rules/glossary/a-2.md"]
    assert "(glossary/a.md) (1)" in index and "(glossary/a-2.md) (1)" in index
    assert "[A 2](a-2.md)" in pages["magic/comprehensive-rules/glossary/a.md"]  # the letters' links name the part


def test_a_large_diff_is_split_into_parts_of_consecutive_sections(four_ctx, monkeypatch):
    diff = next(d for d in four_ctx.diffs if (d.old.label, d.new.label) == ("v1.0", "v1.3"))
    whole = edition_pages.made_diff_pages(four_ctx, diff)[0]
    assert list(whole) == ["riftbound/core-rules/changes/v1.0-to-v1.3.md"]  # small: one page
    one = next(iter(whole.values()))
    sections = re.findall(r'data-section="([^"]+)"', one)
    assert len(sections) >= 2, sections
    monkeypatch.setattr(edition_pages, "SPLIT_DIFF_AT", 1)
    # Every section fits one part: one part named by its first and last section.
    pages = edition_pages.made_diff_pages(four_ctx, diff)[0]
    summary = pages.pop("riftbound/core-rules/changes/v1.0-to-v1.3.md")
    name = f"{sections[0]}-{sections[-1]}"
    assert set(pages) == {f"riftbound/core-rules/changes/v1.0-to-v1.3/{name}.md"}
    assert f'data-diff-sections="{" ".join(sections)}" href="v1.0-to-v1.3/{name}.html"' in summary
    # A part holds at most PART_AT bytes of sections (one section alone may pass it): one each here.
    monkeypatch.setattr(edition_pages, "PART_AT", 1)
    pages = edition_pages.made_diff_pages(four_ctx, diff)[0]
    summary = pages.pop("riftbound/core-rules/changes/v1.0-to-v1.3.md")
    assert set(pages) == {f"riftbound/core-rules/changes/v1.0-to-v1.3/{n}-{n}.md" for n in sections}
    for n in sections:
        assert f'data-diff-sections="{n}" href="v1.0-to-v1.3/{n}-{n}.html"' in summary
        assert re.findall(r'data-section="([^"]+)"', pages[f"riftbound/core-rules/changes/v1.0-to-v1.3/{n}-{n}.md"]) == [n]

    def entries_of(text: str) -> list[str]:
        # The parts sit one folder deeper: the same entries, their links one "../" longer.
        return re.findall(r"<li class=.*?</li>", text)

    entries = sorted(entries_of(one))
    parts = sorted(e for text in pages.values() for e in entries_of(text))
    assert entries and [e.replace('href="../../', 'href="../') for e in parts] == entries
    assert "data-diff-filter" in summary
    counts = re.search(r"^\d+ added .*$", one, re.M).group(0)
    assert all(counts in text for text in [summary, *pages.values()])
