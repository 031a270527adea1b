"""One glossary per edition: two editions of a Magic-like document (fixtures
written for the test: 701.2 is Attach in the 2029 edition, Behold in 2030), each
glossary on pages of its own that name its edition, its "See rule" references
leading to that edition's rules, and no id printed twice on a page."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from rulesite.stages import read as read_stage

from rulesite.stages import resolve as resolve_stage
from rulesite.common.diagnostics import Diagnostics
from rulesite.render.site import render_site

FIXTURES = Path(__file__).parent.parent / "read" / "fixtures"

MANIFEST = """sources:
  - id: sample-2029
    path: glossary-older.mtg-rules.txt
    game: magic
    document: comprehensive-rules
    language: en
    edition: 2029-06-01
    format: mtg-rules
  - id: sample-2030
    path: glossary.mtg-rules.txt
    game: magic
    document: comprehensive-rules
    language: en
    edition: 2030-01-15
    format: mtg-rules
"""

BASE = "magic/comprehensive-rules"


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, str]:
    root = tmp_path_factory.mktemp("glossaries")
    for name in ("glossary.mtg-rules.txt", "glossary-older.mtg-rules.txt"):
        shutil.copy(FIXTURES / name, root / name)
    (root / "manifest.yml").write_text(MANIFEST, encoding="utf-8")
    diag = Diagnostics()
    ctx = resolve_stage.resolve(read_stage.read_corpus(root / "manifest.yml", diag), diag)
    assert diag.errors == []
    return render_site(ctx)["en"]


def _ids(markdown: str) -> list[str]:
    return re.findall(r'id="(g-[^"]+)"', markdown)


def test_each_edition_has_its_own_glossary_naming_it(pages):
    current, older = pages[f"{BASE}/glossary.md"], pages[f"{BASE}/2029-06-01/glossary.md"]
    assert 'title: "Glossary: Comprehensive Rules, 2030-01-15"' in current
    assert 'title: "Glossary: Comprehensive Rules, 2029-06-01"' in older
    # Each index links the other edition's glossary.
    assert "(2029-06-01/glossary.md)" in current and "(../glossary.md)" in older
    # Each edition's terms on its own letter pages: Block is only in the newer one.
    assert set(_ids(pages[f"{BASE}/2029-06-01/glossary/a.md"])) == {"g-abandon", "g-affinity"}
    assert f"{BASE}/2029-06-01/glossary/b.md" not in pages
    assert "g-block" in _ids(pages[f"{BASE}/glossary/b.md"])
    assert 'title: "Glossary: Comprehensive Rules, 2029-06-01: A"' in pages[f"{BASE}/2029-06-01/glossary/a.md"]


def test_no_glossary_page_prints_an_id_twice(pages):
    glossary_pages = [p for p in pages if "/glossary" in p]
    assert len(glossary_pages) == 5  # two indexes, a and b (2030), a (2029)
    for path in glossary_pages:
        ids = _ids(pages[path])
        assert len(ids) == len(set(ids)), path


def test_references_lead_to_the_rules_of_the_glossarys_own_edition(pages):
    older = pages[f"{BASE}/2029-06-01/glossary/a.md"]
    current = pages[f"{BASE}/glossary/a.md"]
    # 2029's Abandon: "See rule 701.2", Attach, on the 2029 edition's own page.
    assert 'href="../701.2.html#701.2"' in older, older
    assert "Attach" in pages[f"{BASE}/2029-06-01/701.2.md"]
    # 2030's Abandon: "See rule 701.1", Attach there, on the plain page.
    assert 'href="../701.1.html#701.1"' in current, current
    assert "Attach" in pages[f"{BASE}/701.1.md"] and "Behold" in pages[f"{BASE}/701.2.md"]
