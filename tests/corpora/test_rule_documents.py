"""Whole rulebooks (Riftbound Core and Tournament Rules, Magic Comprehensive Rules),
read from the real corpora as published, and written back as plain text.

The corpora are read at test time from `corpora_dir`; nothing of them is kept in
the repository. The counts are the documents' own (SOURCES.md). "Independent
reading" below is a deliberately simple second reading of each file (join every
line that does not start with a rule number to the line before), which the
importers' output, exported as plain text, must reproduce word for word.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from rulesite.common.diagnostics import Diagnostics
from plain_text import document_numbers, export_lines, export_text
from rulesite.common.model import Imported, Section, Source
from rulesite.common.normalize import normalize_text
from rulesite.read import mtg_rules, rules_document

# file -> (document, edition, distinct numbered rules printed, or None when SOURCES.md gives none)
RIFTBOUND = {
    "rb-cr-en-v1.1-2025-10-01.txt": ("core-rules", "2025-10-01", 1616),
    "rb-cr-en-v1.2-2025-12-01.txt": ("core-rules", "2025-12-01", 1795),
    "rb-cr-en-v1.4-2026-06-18.txt": ("core-rules", "2026-06-18", 2381),
    "rb-tr-en-2026-03-30.txt": ("tournament-rules", "2026-03-30", None),
    "rb-tr-en-2026-04-29.txt": ("tournament-rules", "2026-04-29", None),
}
MAGIC = "mtg-cr-en-2025-02-07.txt"

# What the real documents print oddly, and the importers therefore report (as warnings).
EXPECTED_WARNINGS = {
    # v1.1 numbers five subrules of 450.3.c as if their parents existed (450.3.d.1 ...).
    "rb-cr-en-v1.1-2025-10-01.txt": [
        ("orphan-rule", 1295),
        ("orphan-rule", 1296),
        ("orphan-rule", 1297),
        ("orphan-rule", 1298),
        ("orphan-rule", 1299),
    ],
    # v1.2 prints 721.1 under heading 720 with no 721.
    "rb-cr-en-v1.2-2025-12-01.txt": [("orphan-rule", 2781)],
    "rb-cr-en-v1.4-2026-06-18.txt": [],
    "rb-tr-en-2026-03-30.txt": [],
    "rb-tr-en-2026-04-29.txt": [],
    # 119.1d. (dot after the letter), 606.5 (no dot), 901.4.All (no space)
    MAGIC: [("number-format", 1050), ("number-format", 2698), ("number-format", 6547)],
}


def source_for(name: str, path: str, file: Path, edition: str | None = None) -> Source:
    if name == MAGIC:
        return Source(
            id="mtg-cr",
            path=path,
            game="magic",
            document="comprehensive-rules",
            language="en",
            edition=edition or "2025-02-07",
            format="mtg-rules",
            file=str(file),
        )
    document, printed_edition, _ = RIFTBOUND.get(name, ("core-rules", "2026-01-01", None))
    return Source(
        id=name.removesuffix(".txt"),
        path=path,
        game="riftbound",
        document=document,
        language="en",
        edition=edition or printed_edition,
        format="rules-document",
        file=str(file),
    )


def read_lines(source: Source, lines: list[str]) -> tuple[Imported, Diagnostics]:
    diag = Diagnostics()
    importer = mtg_rules.read if source.format == "mtg-rules" else rules_document.read
    return importer(source, lines, diag), diag


@cache
def imported(corpora: Path, name: str) -> tuple[Imported, Diagnostics]:
    file = corpora / name
    # As read_sources reads every source: utf-8-sig, then splitlines.
    return read_lines(source_for(name, name, file), file.read_text(encoding="utf-8-sig").splitlines())


def sections_of(corpora: Path, name: str) -> dict[str, Section]:
    return {s.number: s for s in imported(corpora, name)[0].sections}


def rule(corpora: Path, name: str, number: str):
    found = [r for s in imported(corpora, name)[0].sections for r in s.rules if r.number == number]
    assert len(found) == 1, f"{number} in {name}: {len(found)} rules"
    return found[0]


# --- independent readings ------------------------------------------------------

_RB_NUMBERED = re.compile(r"^\d{3}(?:\.(?:\d+|[a-z]))*\.\s")


def independent_riftbound(file: Path) -> list[str]:
    """Every numbered line with the lines after it, bullets after the number removed."""
    records: list[str] = []
    for raw in file.read_text(encoding="utf-8-sig").splitlines():
        line = normalize_text(raw)
        if _RB_NUMBERED.match(line):
            records.append(line)
        elif line and records:
            records[-1] += " " + line
    return [normalize_text(re.sub(r"^(\S+) \* ", r"\1 ", record)) for record in records]


def magic_parts(file: Path) -> tuple[list[str], list[str]]:
    """The rules part (after the contents, which end with "Credits") and the glossary."""
    lines = [normalize_text(line) for line in file.read_text(encoding="utf-8-sig").splitlines()]
    body = lines.index("Credits") + 1
    glossary = lines.index("Glossary", body)
    credits = lines.index("Credits", glossary)
    return lines[body:glossary], lines[glossary + 1 : credits]


def independent_magic(file: Path) -> list[str]:
    records: list[str] = []
    for line in magic_parts(file)[0]:
        if not line or re.match(r"^\d\.\s", line):  # blank, or a chapter "7. Additional Rules"
            continue
        if m := re.match(r"^(\d{3}\.\d+[a-z])\.?\s*(.*)$", line):
            records.append(f"{m[1]} {m[2]}")
        elif m := re.match(r"^(\d{3}(?:\.\d+)?)\.?\s*(.*)$", line):
            records.append(f"{m[1]}. {m[2]}")
        else:
            records[-1] += " " + line
    return records


def independent_glossary(file: Path) -> list[list[str]]:
    blocks: list[list[str]] = [[]]
    for line in magic_parts(file)[1]:
        if line:
            blocks[-1].append(line)
        elif blocks[-1]:
            blocks.append([])
    return [b for b in blocks if b]


def independent(file: Path) -> list[str]:
    return independent_magic(file) if file.name == MAGIC else independent_riftbound(file)


ALL = [*RIFTBOUND, MAGIC]


# --- every edition -------------------------------------------------------------


@pytest.mark.corpora
@pytest.mark.parametrize("name", ALL)
def test_nothing_unplaced_and_only_the_documents_own_oddities_reported(corpora_dir, name):
    _, diag = imported(corpora_dir, name)
    assert [str(d) for d in diag.errors] == []
    assert [(d.code, d.loc.line) for d in diag.warnings] == EXPECTED_WARNINGS[name]
    assert all(d.loc.path == name for d in diag.items)


@pytest.mark.corpora
@pytest.mark.parametrize("name", [n for n, (_, _, count) in RIFTBOUND.items() if count])
def test_distinct_numbered_rules_match_the_documents(corpora_dir, name):
    numbers = document_numbers(imported(corpora_dir, name)[0].sections)
    assert len(numbers) == len(set(numbers)) == RIFTBOUND[name][2]


@pytest.mark.corpora
@pytest.mark.parametrize("name", ALL)
def test_export_reproduces_every_rule_in_order_word_for_word(corpora_dir, name):
    sections = imported(corpora_dir, name)[0].sections
    exported = [normalize_text(line) for line in export_lines(sections)]
    expected = independent(corpora_dir / name)
    assert len(exported) == len(expected)
    for mine, theirs in zip(exported, expected):
        assert mine == theirs


@pytest.mark.corpora
@pytest.mark.parametrize("name", ALL)
def test_export_reads_back_to_the_same_edition(corpora_dir, name, tmp_path):
    sections = imported(corpora_dir, name)[0].sections
    text = export_text(sections, title="Exported", edition="" if name == MAGIC else RIFTBOUND[name][1])
    again, diag = read_lines(source_for(name, "exported.txt", tmp_path / "exported.txt"), text.splitlines())
    assert diag.errors == []
    assert export_lines(again.sections) == export_lines(sections)
    assert [(s.number, s.title) for s in again.sections] == [(s.number, s.title) for s in sections]


@pytest.mark.corpora
@pytest.mark.parametrize("name", ALL)
def test_byte_order_mark_and_crlf_change_nothing(corpora_dir, name):
    raw = (corpora_dir / name).read_bytes().decode("utf-8")
    clean = raw.removeprefix("\ufeff").replace("\r\n", "\n")
    dirty = "\ufeff" + clean.replace("\n", "\r\n")
    source = source_for(name, name, corpora_dir / name)
    # split("\n") keeps every "\r" and the BOM on the first line.
    a, diag_a = read_lines(source, clean.split("\n"))
    b, diag_b = read_lines(source, dirty.split("\n"))
    assert export_lines(b.sections) == export_lines(a.sections)
    assert [str(d) for d in diag_b.items] == [str(d) for d in diag_a.items]


@pytest.mark.corpora
def test_magic_file_really_has_a_bom_and_crlf(corpora_dir):
    data = (corpora_dir / MAGIC).read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and b"\r\n" in data


# --- Riftbound -----------------------------------------------------------------


@pytest.mark.corpora
@pytest.mark.parametrize(
    "name, number",
    [
        ("rb-cr-en-v1.1-2025-10-01.txt", "411"),
        ("rb-cr-en-v1.2-2025-12-01.txt", "411"),
        ("rb-cr-en-v1.4-2026-06-18.txt", "424"),
    ],
)
def test_reveal_is_a_titled_section(corpora_dir, name, number):
    sections = sections_of(corpora_dir, name)
    assert sections[number].title == "Reveal"
    assert [s.number for s in sections.values() if s.title == "Reveal"] == [number]
    assert sections[number].rules[0].number == f"{number}.1"
    assert all(r.number.startswith(f"{number}.") for r in sections[number].rules)


@pytest.mark.corpora
@pytest.mark.parametrize("name", [n for n in RIFTBOUND if "-cr-" in n])
def test_headings_are_sections_and_sentences_are_rules(corpora_dir, name):
    sections = sections_of(corpora_dir, name)
    assert sections["000"].title == "Golden and Silver Rules" and sections["000"].rules == []
    assert sections["100"].title == "Game Concepts" and sections["100"].rules == []
    # 002 is a sentence: a rule of section 001; 102 and 103 are rules of heading 101.
    assert [r.number for r in sections["001"].rules] == ["002"]
    deck = sections["101"]
    assert deck.title == "Deck Construction"
    assert [r.number for r in deck.rules][:3] == ["102", "103", "103.1"]
    assert "002" not in sections and "102" not in sections
    # "Can't beats Can" is quoted: a principle, not a title.
    assert rule(corpora_dir, name, "054").text.startswith('"')


@pytest.mark.corpora
def test_procedure_steps_keep_their_step_number_and_355_2_is_its_own_rule(corpora_dir):
    name = "rb-cr-en-v1.4-2026-06-18.txt"
    sections = sections_of(corpora_dir, name)
    assert re.fullmatch(r"2\. \S.*\.", sections["355"].title)  # printed "355. 2. ...": step 2, not 355.2
    assert re.fullmatch(r"2\. \S.*[^.]", sections["402"].title)  # the same step printed without a period
    assert [sections[n].title[:2] for n in ("354", "355", "356", "357", "358", "359")] == ["1.", "2.", "3.", "4.", "5.", "6."]
    assert rule(corpora_dir, name, "355.2").text.startswith("For Units")
    assert sections["355"].rules[0].number == "355.1"


@pytest.mark.corpora
@pytest.mark.parametrize("name", [n for n in RIFTBOUND if "-cr-" in n])
def test_bullets_are_not_text(corpora_dir, name):
    text = rule(corpora_dir, name, "053.1").text
    assert not text.startswith(("*", "•"))
    # v1.1 prints no bullets: the bulleted editions now read the same.
    assert text == rule(corpora_dir, "rb-cr-en-v1.1-2025-10-01.txt", "053.1").text


@pytest.mark.corpora
def test_examples_on_their_own_lines_belong_to_the_rule_before(corpora_dir):
    one_line = rule(corpora_dir, "rb-cr-en-v1.1-2025-10-01.txt", "103.2.a.2")
    wrapped = rule(corpora_dir, "rb-cr-en-v1.4-2026-06-18.txt", "103.2.a.2")
    assert len(one_line.examples) == 2
    assert [e.text for e in wrapped.examples] == [e.text for e in one_line.examples]


@pytest.mark.corpora
def test_examples_label_that_introduces_subrules_stays_in_the_text(corpora_dir):
    for name in ("rb-tr-en-2026-03-30.txt", "rb-tr-en-2026-04-29.txt"):
        lead = rule(corpora_dir, name, "703.3.a")
        assert (lead.text, lead.examples) == ("Examples:", [])
        every = [r for s in imported(corpora_dir, name)[0].sections for r in s.rules]
        assert all(e.text for r in every for e in r.examples)


@pytest.mark.corpora
def test_tournament_rules_date_in_us_format_is_checked(corpora_dir):
    name = "rb-tr-en-2026-04-29.txt"
    file = corpora_dir / name
    _, diag = read_lines(source_for(name, name, file, edition="2026-03-30"), file.read_text(encoding="utf-8-sig").splitlines())
    assert [(d.code, str(d.loc)) for d in diag.errors] == [("edition-mismatch", f"{name}:2")]


# --- Magic ---------------------------------------------------------------------


@pytest.mark.corpora
def test_magic_reveal_is_701_16_with_its_subrules(corpora_dir):
    sections = sections_of(corpora_dir, MAGIC)
    reveal = sections["701.16"]
    assert reveal.title == "Reveal"
    numbers = [r.number for r in reveal.rules]
    assert numbers[0] == "701.16a" and len(numbers) >= 3
    assert all(re.fullmatch(r"701\.16[a-z]", n) for n in numbers)
    assert "701.16" not in numbers
    assert sections["701"].title and sections["701"].rules == []


@pytest.mark.corpora
def test_magic_sentence_rules_are_untitled_sections_of_their_own(corpora_dir):
    sections = sections_of(corpora_dir, MAGIC)
    general = sections["100.1"]
    assert general.title == ""
    assert [r.number for r in general.rules][:2] == ["100.1", "100.1a"]
    # every subrule sits in the section of its rule
    for section in sections.values():
        assert all(r.number == section.number or r.parent == section.number for r in section.rules)


@pytest.mark.corpora
def test_magic_front_matter_and_credits_are_skipped_and_glossary_read(corpora_dir):
    file = corpora_dir / MAGIC
    lines = file.read_text(encoding="utf-8-sig").splitlines()
    document = mtg_rules.read_document(source_for(MAGIC, MAGIC, file), lines, Diagnostics())
    first = document.imported.sections[0]
    assert (first.number, first.title) == ("100", "General")
    blocks = independent_glossary(file)
    assert [[e.term, *e.definitions] for e in document.glossary] == blocks
    assert len({e.id for e in document.glossary}) == len(document.glossary)
    credits_line = next(i for i, line in enumerate(lines, 1) if line.strip() == "Credits" and i > document.glossary[0].loc.line)
    assert document.glossary[-1].loc.line < credits_line


# --- small files: every problem is reported with its place ---------------------


def write(tmp_path: Path, text: str) -> Path:
    file = tmp_path / "rules.txt"
    file.write_text(text, encoding="utf-8")
    return file


def read_file(file: Path, name: str = "synthetic.txt"):
    return read_lines(source_for(name, str(file), file), file.read_text(encoding="utf-8-sig").splitlines())


def test_garbage_lines_are_reported_with_path_and_line(tmp_path):
    file = write(
        tmp_path,
        "\n".join(
            [
                "Some Game Rules",
                "Last Updated: 2026-01-01",
                "stray text before any rule",
                "100. Basics",
                "101. A rule is a sentence.",
                "101.1. A subrule that is",
                "wrapped onto a second line.",
                "%%% ---",
                "200. More",
                "201. Another rule.",
            ]
        )
        + "\n",
    )
    result, diag = read_file(file)
    assert [(d.severity, d.code, str(d.loc)) for d in diag.items] == [
        ("error", "unparsed-line", f"{file}:3"),
        ("error", "unparsed-line", f"{file}:8"),
    ]
    assert [(s.number, s.title, [r.number for r in s.rules]) for s in result.sections] == [
        ("100", "Basics", ["101", "101.1"]),
        ("200", "More", ["201"]),
    ]
    assert result.sections[0].rules[1].text == "A subrule that is wrapped onto a second line."


def test_duplicates_order_and_orphans_are_reported(tmp_path):
    file = write(
        tmp_path,
        "\n".join(
            [
                "100. Basics",
                "101. First.",
                "103.2.a. A subrule without its parents.",
                "102. Too late.",
                "101. Again.",
            ]
        )
        + "\n",
    )
    _, diag = read_file(file)
    assert sorted((d.loc.line, d.code) for d in diag.items) == [(3, "orphan-rule"), (4, "rule-order"), (5, "duplicate-rule")]


def test_wrapped_rule_reference_does_not_start_a_rule(tmp_path):
    file = write(
        tmp_path,
        "\n".join(
            [
                "300. Play",
                "318. Cleanups happen often.",
                "320. For the details see rule",
                "318. Cleanups for more information.",
            ]
        )
        + "\n",
    )
    result, diag = read_file(file)
    assert [(d.code, d.loc.line) for d in diag.items] == [("number-in-text", 4)]
    assert result.sections[0].rules[-1].text.endswith("see rule 318. Cleanups for more information.")


def test_magic_garbage_and_misplaced_example_are_reported(tmp_path):
    file = write(
        tmp_path,
        "\r\n".join(
            [
                "\ufeffSome Comprehensive Rules",
                "",
                "These rules are effective as of January 2, 2025.",
                "",
                "Contents",
                "",
                "1. Basics",
                "100. General",
                "",
                "1. Basics",
                "",
                "100. General",
                "",
                "100.1. Reveal",
                "",
                "Example: an example with no rule.",
                "",
                "100.1a A subrule.",
                "",
                "Example: its example.",
                "",
                "stray text",
                "",
                "Glossary",
                "",
                "Term",
                "A definition.",
                "",
                "Lonely Term",
                "",
                "Credits",
                "",
                "Anyone",
            ]
        )
        + "\r\n",
    )
    diag = Diagnostics()
    lines = file.read_text(encoding="utf-8").split("\n")
    document = mtg_rules.read_document(source_for(MAGIC, str(file), file, edition="2025-01-02"), lines, diag)
    assert [(d.code, str(d.loc)) for d in diag.items] == [
        ("unplaced-example", f"{file}:16"),
        ("unparsed-line", f"{file}:22"),
        ("glossary-entry", f"{file}:29"),
    ]
    sections = document.imported.sections
    assert [(s.number, s.title) for s in sections] == [("100", "General"), ("100.1", "Reveal")]
    assert [e.text for e in sections[1].rules[0].examples] == ["its example."]
    assert [(e.term, e.definitions) for e in document.glossary] == [("Term", ["A definition."])]
