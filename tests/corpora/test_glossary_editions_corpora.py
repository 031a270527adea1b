"""One glossary per edition, on the real Magic Comprehensive Rules: the file read
as two editions (the corpora hold one; a second edition is its copy under an
older date, as the file prints it), each glossary names its edition, no glossary page prints an id
twice, and every "See rule" of the older glossary leads to the older edition's
own pages, every one of the current glossary to the plain pages."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from rulesite.stages import read as read_stage

from rulesite.stages import resolve as resolve_stage
from rulesite.common.diagnostics import Diagnostics
from rulesite.render.glossary_page import glossaries, render_glossary

pytestmark = pytest.mark.corpora

FILE = "mtg-cr-en-2025-02-07.txt"
MANIFEST = """sources:
  - id: mtg-older
    path: older.txt
    game: magic
    document: comprehensive-rules
    language: en
    edition: 2024-11-08
    format: mtg-rules
  - id: mtg-current
    path: current.txt
    game: magic
    document: comprehensive-rules
    language: en
    edition: 2025-02-07
    format: mtg-rules
"""
BASE = "magic/comprehensive-rules"
HREF = re.compile(r'class="ref" (?:[^>]*?)href="([^"]+)"|href="([^"]+)" class="ref"')


@pytest.fixture(scope="module")
def glossary_pages(corpora_dir, tmp_path_factory) -> dict[str, str]:
    root = tmp_path_factory.mktemp("mtg-two-editions")
    # The same bytes, but for the date the file prints (the importer checks it against the manifest).
    raw = (corpora_dir / FILE).read_bytes()
    assert raw.count(b"February 7, 2025") >= 1
    (root / "older.txt").write_bytes(raw.replace(b"February 7, 2025", b"November 8, 2024", 1))
    shutil.copy(corpora_dir / FILE, root / "current.txt")
    (root / "manifest.yml").write_text(MANIFEST, encoding="utf-8")
    # Both print the glossary's slip (Map cites a rule 110.10 no edition has): the project's list says so.
    shutil.copy(Path(__file__).parents[2] / "rules_src" / "misprints.yml", root / "misprints.yml")
    diag = Diagnostics()
    ctx = resolve_stage.resolve(read_stage.read_corpus(root / "manifest.yml", diag), diag)
    assert diag.errors == []
    pages: dict[str, str] = {}
    for base, (edition, entries) in glossaries(ctx).items():
        pages.update(render_glossary(ctx, base, edition, entries))
    return pages


def _refs(markdown: str) -> list[str]:
    return [a or b for a, b in HREF.findall(markdown)]


def test_each_edition_has_its_own_glossary(glossary_pages):
    assert 'title: "Glossary: Comprehensive Rules, 2025-02-07"' in glossary_pages[f"{BASE}/glossary.md"]
    assert 'title: "Glossary: Comprehensive Rules, 2024-11-08"' in glossary_pages[f"{BASE}/2024-11-08/glossary.md"]
    older = [p for p in glossary_pages if p.startswith(f"{BASE}/2024-11-08/glossary/")]
    current = [p for p in glossary_pages if p.startswith(f"{BASE}/glossary/")]
    assert len(older) == len(current) > 20
    for path, text in glossary_pages.items():
        ids = re.findall(r'id="(g-[^"]+)"', text)
        assert len(ids) == len(set(ids)), path


def test_references_stay_in_their_glossarys_edition(glossary_pages):
    older = [r for p, t in glossary_pages.items() if p.startswith(f"{BASE}/2024-11-08/glossary/") for r in _refs(t)]
    current = [r for p, t in glossary_pages.items() if p.startswith(f"{BASE}/glossary/") for r in _refs(t)]
    assert len(older) == len(current) > 300  # Magic's glossary cites rules everywhere
    # From 2024-11-08/glossary/x.md, the edition's own pages are ../NNN.html.
    assert all(re.fullmatch(r"\.\./\d{3}(\.\d+)?\.html#[\w.]+", r) for r in older), older[:5]
    # From glossary/x.md, the plain pages are ../NNN.html as well, and never an edition's folder.
    assert all(re.fullmatch(r"\.\./\d{3}(\.\d+)?\.html#[\w.]+", r) for r in current), current[:5]
