"""Acceptance: every seed in rules_src/, read through the manifest by its importer.

What a maintainer relies on: each rule of a seed is read once, under the number
the source prints (or restores), with its own text apart from its "Example:"
passages, nothing of the text lost and no page furniture taken for a rule; FAQ
answers are read as question and answer; every item knows the line it came from.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from rulesite.common.diagnostics import Diagnostics
from rulesite.common.normalize import normalize_text
from rulesite.read import IMPORTERS, read_sources
from rulesite.read.manifest import read_manifest

WEB_832 = "rules_src/riftbound/832-show-off.web-page.txt"
CORE_832 = "rules_src/riftbound/core-rules-excerpt-2026-10-09.txt"
WEB_424 = "rules_src/riftbound/424-reveal.web-page.txt"
MTG_701 = "rules_src/magic/701.20-mostrar.es.web-page.txt"

# The rule numbers each seed prints, in the order printed.
NUMBERS_832_WEB = [
    "832.1",
    "832.1.a",
    "832.1.b",
    "832.1.b.1",
    "832.1.c",
    "832.1.c.1",
    "832.1.c.2",
    "832.1.c.3",
    "832.1.c.4",
    "832.1.d",
    "832.1.d.1",
    "832.2",
    "832.2.a",
    "832.3",
]
NUMBERS_832_CORE = NUMBERS_832_WEB[:11]  # the official excerpt stops after 832.1.d.1
NUMBERS_424 = [
    "424.1",
    "424.1.a",
    "424.1.a.1",
    "424.1.a.2",
    "424.1.b",
    "424.2",
    "424.2.a",
    "424.2.b",
    "424.3",
    "424.4",
    "424.4.a",
]
NUMBERS_701 = ["701.20a", "701.20b", "701.20c", "701.20d", "701.20e"]

# Which rules print "Example:" / "Examples:" / "Ejemplo:" passages, with the label printed.
EXAMPLES = {
    "832.1.b.1": ["Examples"],
    "832.1.c.1": ["Example"],
    "832.1.c.3": ["Example"],
    "832.1.c.4": ["Example"],
    "832.1.d": ["Example"],
    "832.1.d.1": ["Example"],
    "832.2.a": ["Example"],
    "424.1.a.2": ["Example"],
    "424.3": ["Example"],
    "424.4.a": ["Example"],
    "701.20c": ["Ejemplo"],
}
_LABEL = re.compile(r"\b(Examples?|Ejemplos?)\s?:")


@pytest.fixture(scope="module")
def seeds(repo_root: Path):
    """Every source of rules_src/manifest.yml read as the build reads it (paths as
    printed from the repository root): {source id: (Source, Imported)}, and the diagnostics."""
    before = os.getcwd()
    os.chdir(repo_root)
    try:
        diag = Diagnostics()
        sources, imported = read_sources(Path("rules_src/manifest.yml"), diag)
    finally:
        os.chdir(before)
    assert len(sources) == len(imported)
    return {s.id: (s, i) for s, i in zip(sources, imported)}, diag


def _source(seeds, path):
    by_id, _ = seeds
    matches = [(s, i) for s, i in by_id.values() if s.path == path]
    assert len(matches) == 1, f"the manifest should name {path} once"
    return matches[0]


def _rules(imported):
    return [r for section in imported.sections for r in section.rules]


def _lines(repo_root: Path, path: str) -> list[str]:
    return (repo_root / path).read_text(encoding="utf-8-sig").splitlines()


def _printed(rule) -> str:
    """A rule's text and its example passages joined back as the source prints them."""
    return " ".join([rule.text] + [f"{e.label}: {e.text}" for e in rule.examples])


# --- the manifest -------------------------------------------------------------


def test_manifest_names_each_seed_with_its_format(repo_root: Path, monkeypatch):
    monkeypatch.chdir(repo_root)
    diag = Diagnostics()
    sources = read_manifest(Path("rules_src/manifest.yml"), set(IMPORTERS), diag)
    assert [str(d) for d in diag.items] == []
    assert {s.path: s.format for s in sources} == {
        WEB_832: "web-bullets",
        CORE_832: "rules-text",
        WEB_424: "web-blocks",
        MTG_701: "mtg-es-page",
        "rules_src/riftbound/community-rulings.txt": "rulings-text",
    }
    by_path = {s.path: s for s in sources}
    assert by_path[CORE_832].edition == "2026-10-09"
    assert by_path[MTG_701].language == "es" and by_path[MTG_701].game == "magic"


def test_seeds_are_read_without_any_problem(seeds):
    _, diag = seeds
    assert [str(d) for d in diag.items] == []


# --- Riftbound 832: two sources -------------------------------------------------


def test_832_web_page_gives_its_14_rules(seeds, repo_root: Path):
    source, imported = _source(seeds, WEB_832)
    assert [(s.game, s.document, s.number) for s in imported.sections] == [("riftbound", "core-rules", "832")]
    assert imported.sections[0].title == "Show Off"
    rules = _rules(imported)
    assert [r.number for r in rules] == NUMBERS_832_WEB
    # The page announces its own count: what was read agrees with it.
    declared = [l for l in _lines(repo_root, WEB_832) if l.startswith("Section 832")]
    assert declared and re.search(r"\b14 rules\b", declared[0])
    assert all(r.source_ids == [source.id] and not r.number_restored for r in rules)


def test_832_official_excerpt_gives_its_11_rules(seeds):
    source, imported = _source(seeds, CORE_832)
    rules = _rules(imported)
    assert [r.number for r in rules] == NUMBERS_832_CORE
    assert [s.number for s in imported.sections] == ["832"]
    assert all(r.source_ids == [source.id] for r in rules)
    assert imported.faqs == [] and imported.rulings == []


def test_832_page_introduction_is_not_a_rule(seeds):
    """The page repeats rule text in an introduction before the numbered rules: it is
    page furniture, so no rule may hold it twice or come from its lines."""
    _, imported = _source(seeds, WEB_832)
    rules = _rules(imported)
    assert all(r.loc.line >= 5 for r in rules)
    assert not any("What is Show Off" in _printed(r) for r in rules)
    assert not any("Show Off is functionally short" in r.text and r.number != "832.1.c" for r in rules)


def test_832_web_page_gives_one_faq_answer(seeds):
    source, imported = _source(seeds, WEB_832)
    assert len(imported.faqs) == 1
    faq = imported.faqs[0]
    assert faq.question == ("Can I show off a facedown card at a battlefield with the Show Off ability of Gutter Guardian?")
    assert faq.answer.startswith("No. A facedown card has no characteristics")
    assert faq.answer.endswith("(rules 811.5.a and 129.4).")
    assert (faq.game, faq.section, faq.source_id) == ("riftbound", "832", source.id)
    assert faq.loc.path == WEB_832 and faq.loc.line == 34
    # The FAQ is not a rule: its text is in no rule.
    assert not any("facedown" in _printed(r) for r in _rules(imported))


# --- Riftbound 424 -------------------------------------------------------------


def test_424_web_page_gives_11_rules_and_4_faq_answers(seeds):
    source, imported = _source(seeds, WEB_424)
    assert [s.number for s in imported.sections] == ["424"]
    assert imported.sections[0].title == "Reveal"
    assert [r.number for r in _rules(imported)] == NUMBERS_424
    faqs = imported.faqs
    assert len(faqs) == 4
    assert [f.answer.split()[0] for f in faqs] == ["Hey,", "Nocturne", "Yes,", "No,"]
    assert all(f.question.endswith("?") or f.question.endswith('"') for f in faqs)
    assert all((f.game, f.section, f.source_id) == ("riftbound", "424", source.id) for f in faqs)
    # Permalinks: ids differ and are URL-safe.
    assert len({f.id for f in faqs}) == 4
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", f.id) for f in faqs)
    # No question or answer was taken for a rule, nor a rule for a question.
    assert not any("Nocturne" in _printed(r) for r in _rules(imported))
    assert not any(re.match(r"^\d{3}\.", f.question) for f in faqs)


# --- Magic 701.20 (Spanish, letters lost) --------------------------------------------


def test_701_20_subrules_restored_in_order(seeds, repo_root: Path):
    source, imported = _source(seeds, MTG_701)
    assert [(s.game, s.document, s.number, s.title, s.language) for s in imported.sections] == [
        ("magic", "comprehensive-rules", "701.20", "Mostrar", "es")
    ]
    rules = _rules(imported)
    assert [r.number for r in rules] == NUMBERS_701
    assert all(r.number_restored for r in rules)
    # Each restored rule is the paragraph printed at its line, in page order; its
    # example is the paragraph at the example's line.
    lines = _lines(repo_root, MTG_701)
    for rule in rules:
        assert normalize_text(lines[rule.loc.line - 1]) == rule.text
        for example in rule.examples:
            assert normalize_text(lines[example.loc.line - 1]) == f"{example.label}: {example.text}"
    assert [r.loc.line for r in rules] == sorted(r.loc.line for r in rules)


def test_701_20_example_belongs_to_701_20c(seeds):
    _, imported = _source(seeds, MTG_701)
    with_examples = {r.number: r.examples for r in _rules(imported) if r.examples}
    assert list(with_examples) == ["701.20c"]
    (example,) = with_examples["701.20c"]
    assert example.label == "Ejemplo"
    assert example.text.startswith("Telepathy es una carta de encantamiento")
    assert example.text.endswith("debido al efecto de Telepathy.")
    assert example.loc.line == 11  # the paragraph that prints it


def test_701_20_page_furniture_is_not_rules_text(seeds):
    _, imported = _source(seeds, MTG_701)
    texts = [t for r in _rules(imported) for t in [r.text, *(e.text for e in r.examples)]]
    for furniture in ("Subreglas", "Otras reglas de este apartado", "Pregunta al juez Pro", "Gatewatch Pro", "juez con IA"):
        assert not any(furniture in t for t in texts), furniture


# --- every rule of every seed --------------------------------------------------


def test_examples_are_split_from_rule_text(seeds):
    by_id, _ = seeds
    labels = {}
    for _, imported in by_id.values():
        for rule in _rules(imported):
            assert not _LABEL.search(rule.text), f"{rule.number} keeps an example in its text"
            for example in rule.examples:
                assert example.text and not _LABEL.search(example.text)
            if rule.examples:
                labels[rule.number] = [e.label for e in rule.examples]
    assert labels == EXAMPLES


def test_example_passages_keep_their_words(seeds):
    """Rule 832.1.b.1 prints three examples after one "Examples:" label."""
    by_id, _ = seeds
    rule = next(r for _, i in by_id.values() for r in _rules(i) if r.number == "832.1.b.1")
    assert rule.text.endswith("The object in question could be Game Objects on the board or cards in hand.")
    assert rule.examples[0].text.count("A card reads") == 3


@pytest.mark.parametrize("path", [WEB_832, CORE_832, WEB_424])
def test_nothing_lost_and_each_rule_points_at_its_line(seeds, repo_root: Path, path):
    """Each Riftbound rule, text and examples joined back, is the normalized text the
    source prints for it; its location is the line printing its number."""
    _, imported = _source(seeds, path)
    lines = _lines(repo_root, path)
    for rule in _rules(imported):
        assert rule.loc.path == path
        number_line = normalize_text(lines[rule.loc.line - 1])
        assert re.match(rf"^(- )?{re.escape(rule.number)}\.(\s|$)", number_line), (rule.number, number_line)
        printed = number_line.removeprefix("- ").removeprefix(rule.number + ".").strip()
        if not printed:  # the web layouts print the text after the number line
            following = [normalize_text(l) for l in lines[rule.loc.line :] if normalize_text(l)]
            printed = following[0].removeprefix("- ")
        assert _printed(rule) == printed


def test_texts_are_normalized(seeds):
    """Curly quotes of the web page become straight ones; no doubled spaces remain."""
    by_id, _ = seeds
    for _, imported in by_id.values():
        for rule in _rules(imported):
            for text in [rule.text, *(e.text for e in rule.examples)]:
                assert not re.search("[\u201c\u201d\u2018\u2019]|  ", text), rule.number


# --- sources that are not what the manifest says --------------------------------------


def test_a_rules_text_file_without_rules_is_an_error(repo_root: Path, tmp_path: Path, monkeypatch):
    """A wrong or emptied file must not build as a source with no rules."""
    folder = tmp_path / "rules_src"
    folder.mkdir()
    (folder / "manifest.yml").write_text(
        "sources:\n"
        "  - {id: x, path: x.txt, game: riftbound, document: core-rules, language: en,\n"
        "     edition: 2026-10-09, format: rules-text}\n",
        encoding="utf-8",
    )
    (folder / "x.txt").write_text("Riftbound Core Rules\nLast Updated: 2026-10-09\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    diag = Diagnostics()
    read_sources(Path("rules_src/manifest.yml"), diag)
    assert [(d.loc.path, d.code) for d in diag.errors] == [("rules_src/x.txt", "no-rules")]


def test_manifest_partial_must_be_true_or_false(tmp_path: Path, monkeypatch):
    folder = tmp_path / "rules_src"
    folder.mkdir()
    (folder / "x.txt").write_text("832.1. Show Off is a Passive Ability keyword.\n", encoding="utf-8")
    (folder / "manifest.yml").write_text(
        "sources:\n"
        "  - id: x\n    path: x.txt\n    game: riftbound\n    document: core-rules\n    language: en\n"
        '    edition: undated\n    format: rules-text\n    partial: "no"\n',
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    diag = Diagnostics()
    sources = read_manifest(Path("rules_src/manifest.yml"), set(IMPORTERS), diag)
    assert sources == []
    assert [str(d) for d in diag.errors] == ["rules_src/manifest.yml:2: error[manifest]: partial must be true or false, not 'no'"]
