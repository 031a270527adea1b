"""Which section a rule belongs to, and so which page shows it and where the
published data places it: the section whose heading the document prints before
it, whatever the rule's own number. Riftbound titles a heading and numbers the
rules under it on from there ("473. Layers", then 474 to 480: 477.3.e.1.a is a
rule of Layers, on 473's page), as the documents cite it ("See rule 445.
Movement"). Pinned on a document written for the test, read and then exported;
on the corpora, every published rule is on the page of the section the
importer filed it in, the nearest heading before it."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from rulesite.stages import read as read_stage

from rulesite.stages import resolve as resolve_stage
from rulesite.common.diagnostics import Diagnostics
from rulesite.export.files import data_files
from rulesite.common.model import Source, sort_key
from rulesite.read import rules_document

FIXTURES = Path(__file__).parent / "fixtures"
NAME = "layers.rules-document.txt"
MANIFEST = f"""sources:
  - id: layers
    path: {NAME}
    game: riftbound
    document: core-rules
    language: en
    edition: 2030-01-15
    version: "9.1"
    format: rules-document
"""


def test_a_headings_rules_are_numbered_on_from_it():
    path = FIXTURES / NAME
    source = Source(
        id=NAME,
        path=f"fixtures/{NAME}",
        file=str(path),
        language="en",
        game="riftbound",
        document="core-rules",
        edition="2030-01-15",
        format="rules-document",
    )
    diag = Diagnostics()
    imported = rules_document.read(source, path.read_text(encoding="utf-8").splitlines(), diag)
    assert not diag.errors and not diag.warnings
    sections = {s.number: s for s in imported.sections}
    assert list(sections) == ["470", "473", "481"]
    assert sections["473"].title == "Layers"
    layers = [r.number for r in sections["473"].rules]
    # 474 to 478 and every sub-rule, steps ("477.3. 3. Arithmetic") included, until the next heading.
    assert layers[0] == "474" and layers[-1] == "478" and "477.3.e.1.a" in layers and len(layers) == 15
    assert [r.number for r in sections["481"].rules] == ["482"]


def _edition_data(files: dict[str, str]) -> list[dict]:
    return [d for p, t in files.items() if p.endswith(".json") for d in [json.loads(t)] if d.get("kind") == "edition"]


def _misplaced(edition: dict) -> list[str]:
    """Rules the data places on a page other than their section's, or in a section
    other than the nearest one before them."""
    sections = {s["number"]: s for s in edition["sections"]}
    numbers = sorted(sections, key=sort_key)
    out = []
    for rule in edition["rules"]:
        page = (rule["url"] or "").split("#")[0]
        before = [n for n in numbers if sort_key(n) <= sort_key(rule["number"])]
        own = page == sections[rule["section"]]["url"] and page.endswith(f"/{rule['section']}.html")
        if not own or not before or before[-1] != rule["section"]:
            out.append(f"{edition['label']} {rule['number']} in {rule['section']} at {rule['url']}")
    return out


def test_the_published_data_places_each_rule_on_its_sections_page(tmp_path):
    shutil.copy(FIXTURES / NAME, tmp_path / NAME)
    (tmp_path / "manifest.yml").write_text(MANIFEST, encoding="utf-8")
    diag = Diagnostics()
    ctx = resolve_stage.resolve(read_stage.read_corpus(tmp_path / "manifest.yml", diag), diag)
    assert diag.errors == []
    (edition,) = _edition_data(data_files(ctx, places=ctx))
    rule = next(r for r in edition["rules"] if r["number"] == "477.3.e.1.a")
    assert (rule["section"], rule["url"]) == ("473", "riftbound/core-rules/473.html#477.3.e.1.a")
    assert _misplaced(edition) == []


@pytest.mark.corpora
def test_on_the_corpora_every_published_rule_is_on_its_sections_page(corpora_dir, repo_root):
    sources = repo_root / "rules_src"
    diag = Diagnostics()
    corpus = read_stage.read_corpus(sources / "manifest.yml", diag, [(read_stage.corpora_manifest(sources), corpora_dir)])
    ctx = resolve_stage.resolve(corpus, diag)
    assert diag.errors == []
    editions = _edition_data(data_files(ctx, places=ctx))
    assert len(editions) >= 5 and sum(len(e["rules"]) for e in editions) > 5000
    assert [m for e in editions for m in _misplaced(e)] == []
    v14 = next(e for e in editions if e["game"] == "riftbound" and e["label"] == "v1.4")
    layers = next(s for s in v14["sections"] if s["number"] == "473")
    assert layers["title"] == "Layers"
    rule = next(r for r in v14["rules"] if r["number"] == "477.3.e.1.a")
    assert rule["section"] == "473" and re.fullmatch(r"riftbound/core-rules/473\.html#477\.3\.e\.1\.a", rule["url"])
