"""Heavy pages are split: a glossary by initial letter, a large diff into parts
of consecutive sections. Every term and every diff entry lands on exactly one page, and
the index or summary page links to each of them."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import replace

import pytest
from editions_fixture import write_four_editions
from relinked import relinked

from rulesite.stages import read as read_stage

from rulesite.stages import resolve as resolve_stage
from rulesite.common.diagnostics import Diagnostics
from rulesite.common.model import GlossaryEntry, Loc
from rulesite.render import edition_pages, glossary_page
from rulesite.render.glossary_page import glossary_pages
from rulesite.site_map import site_map


def _remapped(ctx):
    """The context with a site map made again (with the limits as they are now)."""
    return replace(ctx, site_map=None, cache={})


@pytest.fixture(scope="module")
def four_ctx(tmp_path_factory):
    root = tmp_path_factory.mktemp("four")
    sources = write_four_editions(root)
    diag = Diagnostics()
    ctx = resolve_stage.resolve(read_stage.read_corpus(sources / "manifest.yml", diag), diag)
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
            next(iter(ctx.corpus.sources)),
            Loc("glossary.txt", i),
        )
        for i, term in enumerate(terms)
    ]
    ctx = relinked(ctx, dataclasses.replace(ctx.corpus, glossary=entries))
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
    whole = edition_pages.render_diff_pages(four_ctx, diff, "riftbound", "core-rules")
    assert list(whole) == ["riftbound/core-rules/changes/v1.0-to-v1.3.md"]  # small: one page
    one = next(iter(whole.values()))
    sections = re.findall(r'data-section="([^"]+)"', one)
    assert len(sections) >= 2, sections
    # The site map cuts a diff before anything is rendered: with other limits, another one.
    monkeypatch.setattr(site_map, "DIFF_WHOLE", 1)
    # Every section fits one part: one part named by its first and last section.
    pages = edition_pages.render_diff_pages(_remapped(four_ctx), diff, "riftbound", "core-rules")
    summary = pages.pop("riftbound/core-rules/changes/v1.0-to-v1.3.md")
    name = f"{sections[0]}-{sections[-1]}"
    assert set(pages) == {f"riftbound/core-rules/changes/v1.0-to-v1.3/{name}.md"}
    assert f'data-diff-sections="{" ".join(sections)}" href="v1.0-to-v1.3/{name}.html"' in summary
    # A part holds sections of at most DIFF_PART weight (one section alone may pass it): one each here.
    monkeypatch.setattr(site_map, "DIFF_PART", 1)
    remapped = _remapped(four_ctx)
    pages = edition_pages.render_diff_pages(remapped, diff, "riftbound", "core-rules")
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
    assert counts in summary  # the whole diff's counts, on its summary
    # Each part counts its own sections' entries, and says so: together, the whole diff's.
    totals: dict[str, int] = {}
    for n in sections:
        part = pages[f"riftbound/core-rules/changes/v1.0-to-v1.3/{n}-{n}.md"]
        assert counts not in part
        own = re.search(r"^In this section\\?: (.*)$", part, re.M).group(1)
        for count, kind in re.findall(r"(\d+) (added|removed|changed|moved)", own):
            totals[kind] = totals.get(kind, 0) + int(count)
        # One section is "Section 101", not "Sections 101-101".
        assert f">Section {n}</a>: " in summary and f"Sections {n}-{n}" not in summary
        assert re.search(rf"^# .*, section {n} {{: #diff }}$", part, re.M)
    whole = {kind: int(count) for count, kind in re.findall(r"(\d+) (added|removed|changed|moved)", counts)}
    assert totals == whole


def test_the_site_map_says_where_every_entry_of_a_split_diff_landed(four_ctx, monkeypatch):
    """A rule's history links its entry on the part the site map names, before
    any diff page is rendered: the entry is there, and on no other part."""
    monkeypatch.setattr(site_map, "DIFF_WHOLE", 1)
    monkeypatch.setattr(site_map, "DIFF_PART", 600)
    remapped = _remapped(four_ctx)
    for diff in remapped.diffs:
        where = remapped.where.diff(diff)
        pages = edition_pages.render_diff_pages(remapped, diff, "riftbound", "core-rules")
        assert len(where.parts) >= 2, "the limits cut every diff of the fixture"
        assert set(pages) == {where.page, *(part.page for part in where.parts)}
        found = {}
        for page, text in pages.items():
            for anchor in re.findall(r'<li class="[^"]*" id="([^"]+)"', text):
                found.setdefault(anchor, []).append(page)
        assert found and {a: [p] for a, p in where.entries.items()} == found
        for part in where.parts:
            ids = re.findall(r'\bid="([^"]+)"|\{:[^}\n]*?#([^\s}]+)', pages[part.page])
            assert [a or b for a, b in ids] == list(part.anchors), part.page
