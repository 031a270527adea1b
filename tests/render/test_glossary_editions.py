"""One glossary per edition: two editions of a Magic-like document (fixtures
written for the test), each glossary on its own page, naming its edition, its
"See rule" references leading to that edition's rules, and no id twice."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

from rulesite import pipeline
from rulesite.check.duplicate_ids import duplicate_ids
from rulesite.check.page import parse
from rulesite.diagnostics import Diagnostics
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


def _pages(tmp_path: Path) -> dict[str, str]:
    for name in ("glossary.mtg-rules.txt", "glossary-older.mtg-rules.txt"):
        shutil.copy(FIXTURES / name, tmp_path / name)
    (tmp_path / "manifest.yml").write_text(MANIFEST, encoding="utf-8")
    diag = Diagnostics()
    corpus = pipeline.read_corpus(tmp_path / "manifest.yml", diag)
    ctx = pipeline.resolve(corpus, tmp_path, diag)
    assert diag.errors == []
    return render_site(ctx)["en"]


def test_each_edition_has_its_own_glossary_naming_it(tmp_path):
    pages = _pages(tmp_path)
    current = pages["magic/comprehensive-rules/glossary.md"]
    older = pages["magic/comprehensive-rules/2029-06-01/glossary.md"]
    assert 'title: "Glossary: Comprehensive Rules, 2030-01-15"' in current
    assert 'title: "Glossary: Comprehensive Rules, 2029-06-01"' in older
    # Each page holds its own edition's terms once: Block is only in the newer one.
    assert current.count('id="g-abandon"') == 1 and older.count('id="g-abandon"') == 1
    assert 'id="g-block"' in current and 'id="g-block"' not in older
    # Each names the other.
    assert "(2029-06-01/glossary.md)" in current and "(../glossary.md)" in older


def test_references_lead_to_the_rules_of_the_glossarys_own_edition(tmp_path):
    pages = _pages(tmp_path)
    older = pages["magic/comprehensive-rules/2029-06-01/glossary.md"]
    current = pages["magic/comprehensive-rules/glossary.md"]
    # 2029: "See rule 701.2" is Attach, its own page; 2030's 701.2 is Behold.
    assert re.search(r'href="701\.2\.html#701\.2">701\\\.2</a>', older), older
    assert re.search(r'href="701\.1\.html#701\.1">701\\\.1</a>', current), current


def test_the_duplicate_id_check_catches_a_merged_glossary():
    merged = '<html><body><h3 id="g-abandon">Abandon</h3><h3 id="g-abandon">Abandon</h3></body></html>'
    assert len(duplicate_ids(parse(merged))) == 1
