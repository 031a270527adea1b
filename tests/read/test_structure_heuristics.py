"""Each heuristic that gives an edition its structure, pinned on a small
document written for the test (`fixtures/`), never on the corpora.

A maintainer relies on a new edition coming out with the same shape as the
document: section headings told apart from rules by their title case and by
what follows them (not by a word count), procedure steps as headings however
long, bullets as formatting, and every glossary entry kept on its own whether
or not a blank line separates it from the next.
"""

from __future__ import annotations

from pathlib import Path

from rulesite.common.diagnostics import Diagnostics
from rulesite.common.model import Source
from rulesite.read import mtg_rules, rules_document
from rulesite.read.rules_document import is_title

FIXTURES = Path(__file__).parent / "fixtures"


def _read(importer, name: str, **fields):
    path = FIXTURES / name
    source = Source(id=name, path=f"fixtures/{name}", file=str(path), language="en", **fields)
    diag = Diagnostics()
    lines = path.read_text(encoding="utf-8-sig").splitlines()
    return importer(source, lines, diag), diag


def _riftbound():
    imported, diag = _read(
        rules_document.read,
        "headings.rules-document.txt",
        game="riftbound",
        document="core-rules",
        edition="2030-01-15",
        format="rules-document",
    )
    return {s.number: s for s in imported.sections}, diag


def _numbers(section):
    return [r.number for r in section.rules]


def test_headings_with_and_without_a_final_period():
    sections, diag = _riftbound()
    assert not diag.errors and not diag.warnings
    assert (sections["000"].title, _numbers(sections["000"])) == ("Opening Principles", [])
    # "001. The First Principle." is followed by 001.1: a heading, period kept as printed.
    assert sections["001"].title == "The First Principle."
    assert _numbers(sections["001"]) == ["001.1", "002"]
    # "100. Playing Pieces." is followed by another heading: a section with no rules.
    assert (sections["100"].title, _numbers(sections["100"])) == ("Playing Pieces.", [])
    assert sections["101"].title == "Tokens and Markers."


def test_sentences_stay_rules_whatever_their_length():
    sections, _ = _riftbound()
    # A sentence wrapped over two lines, a short sentence with sub-rules, and a
    # title-case sentence followed by the next rule (not by sub-rules) are rules.
    assert "002" not in sections and "102" not in sections and "103" not in sections
    assert _numbers(sections["101"]) == ["101.1", "102", "102.1", "103", "104"]
    rules = {r.number: r for s in sections.values() for r in s.rules}
    assert rules["002"].text == "Cards win over rules. When a card says otherwise, follow the card and not these rules."
    assert rules["103"].text == "Players Draw Seven."
    # A lead-in ("Setup is:") and a sentence without its period are rules too.
    assert _numbers(sections["300"]) == ["301", "301.1", "301.2", "301.3", "302", "302.1"]


def test_procedure_steps_are_headings_however_long():
    sections, _ = _riftbound()
    step = sections["201"]
    assert step.title == "1. Remove the card from the zone you are playing it from and place it onto the Chain."
    assert _numbers(step) == ["201.1"]
    assert sections["202"].title == "2. Make relevant choices"
    assert sections["203"].title == "3. Pay the card's costs."


def test_title_words_a_title_keeps_in_lower_case():
    sections, _ = _riftbound()
    assert sections["303"].title == "Presence on Cards outside of the Board"
    assert is_title("Interaction of Replacement and/or Prevention Effects")
    assert is_title("1v1 (Duel)") and is_title("Step 1: Finalize")
    assert not is_title("Rune is a Card Type.")
    assert not is_title("Unit is:") and not is_title('"Can\'t beats Can"')


def test_bullets_before_or_after_the_number_are_formatting():
    sections, _ = _riftbound()
    rules = {r.number: r.text for r in sections["300"].rules}
    assert (rules["301.1"], rules["301.2"], rules["301.3"]) == (
        "Shuffle the deck.",
        "Draw seven cards.",
        "Choose who goes first.",
    )


def _magic():
    return _read(
        mtg_rules.read_document,
        "glossary.mtg-rules.txt",
        game="magic",
        document="comprehensive-rules",
        edition="2030-01-15",
        format="mtg-rules",
    )


def test_magic_titles_with_and_without_a_final_period():
    document, diag = _magic()
    assert not diag.errors and not diag.warnings
    sections = {s.number: s for s in document.imported.sections}
    assert sections["701.1"].title == "Attach" and _numbers(sections["701.1"]) == ["701.1a"]
    assert sections["701.2"].title == "Behold." and _numbers(sections["701.2"]) == ["701.2a"]
    assert sections["701.3"].title == "Venture into the Dungeon"
    # A title-case sentence with no subrules after it is a rule of its own untitled section.
    assert sections["701.4"].title == "" and _numbers(sections["701.4"]) == ["701.4"]
    assert sections["100.1"].title == "" and _numbers(sections["100.1"]) == ["100.1", "100.1a"]


def test_glossary_entries_with_and_without_blank_lines_between():
    document, _ = _magic()
    entries = {e.term: e.definitions for e in document.glossary}
    assert list(entries) == ["Abandon", "Adventurer Card", "Affinity", "Afflict", 'Banding, "Bands with Other"', "Block"]
    assert entries["Adventurer Card"] == ['Cards with a two-part frame. See rule 701.2, "Behold."']
    assert entries["Affinity"] == ["A keyword ability that reduces a cost. See rule 701.3."]
    assert entries["Afflict"] == ["1. A keyword ability that makes a player lose life.", "2. An older name for this ability."]
    # A definition wrapped mid-sentence stays one definition.
    assert len(entries['Banding, "Bands with Other"']) == 2
    assert entries["Block"] == ["To declare a creature as a blocker."]
