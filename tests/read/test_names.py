"""The one grammar for names and rule numbers (src/rulesite/names.py)."""

from __future__ import annotations

import pytest

from rulesite.common.names import (
    canonical_number,
    edition_problem,
    file_name_problem,
    name_problem,
    non_ascii_number,
    parent_number,
    path_problem,
    printed_name_problem,
    rule_number_problem,
    sort_key,
)


@pytest.mark.parametrize("name", ["rb-core-v1.4", "1.4", "energy_and_power", "ogn-001-298", "mtg-701.20-es", "a"])
def test_real_names_are_names(name):
    assert name_problem(name) is None


@pytest.mark.parametrize(
    "name",
    [
        "",
        "..",
        "a..b",
        "../etc",
        "a/b",
        "a\\b",
        "-a",
        "a-",
        ".hidden",
        "A",
        "Reveal",
        "x onclick=alert(1)",
        "y}<svg/onload=alert(3)>{:z",
        "core`<svg>`",
        "a b",
        "a#b",
        'a"b',
        "ａ",
        "é",
        "a" * 121,
        "a\nb",
    ],
)
def test_what_could_be_a_path_or_markup_is_no_name(name):
    assert name_problem(name) is not None


@pytest.mark.parametrize(
    "value, kind",
    [(["rb", 424], "a list"), (424, "the number 424"), (None, "nothing"), (True, "true/false"), ({"a": 1}, "a mapping")],
)
def test_a_value_of_another_type_is_named_by_its_type(value, kind):
    problem = name_problem(value, "id")
    assert problem.startswith("id must be text, not ") and kind in problem


def test_file_names_may_have_capitals_but_paths_stay_relative_and_inside():
    assert file_name_problem("CR-v1.1.txt") is None
    assert path_problem("rb-guide/docs/lang/en/abilities.md") is None
    for bad in ("../../../../etc/bash.bashrc", "/etc/passwd", "a/../b", "a//b", "a\\b", "", "a/b c.txt", ["a"]):
        assert path_problem(bad) is not None, bad


@pytest.mark.parametrize("number", ["832", "000", "832.1.c.2", "701.16a", "701.16", "053.1", "450.3.f.0.a"])
def test_rule_numbers_of_both_games(number):
    assert rule_number_problem(number) is None


@pytest.mark.parametrize(
    "number", ["８３２.9", "832.١", "83", "8321", "832.", "832.1.C", "832..1", "832.1.c.2.", "832.a.b.c.d.e.f.g.h", ""]
)
def test_what_is_no_rule_number(number):
    assert rule_number_problem(number) is not None


def test_fullwidth_digits_are_named_as_such():
    assert "ASCII" in rule_number_problem("８３２.9")
    assert non_ascii_number("８３２.9. Text") == "８３２.9"
    assert non_ascii_number("832.9. Text") is None


def test_leading_zero_spellings_are_one_rule():
    assert canonical_number("832.01.e") == canonical_number("832.1.e") == "832.1.e"
    assert sort_key("832.01.e") == sort_key("832.1.e")
    assert canonical_number("053.10.a") == "053.10.a"  # the head keeps its zeros; 10 is not 1
    assert canonical_number("832.0.a") == "832.0.a"


def test_parents_and_order():
    assert parent_number("701.16a") == "701.16"
    assert parent_number("832.1.c.2") == "832.1.c"
    assert parent_number("832") is None
    numbers = ["832.2", "832.1.a.1", "832.1", "832.1.a", "832.10", "832.9"]
    assert sorted(numbers, key=sort_key) == ["832.1", "832.1.a", "832.1.a.1", "832.2", "832.9", "832.10"]


@pytest.mark.parametrize(
    "edition, ok",
    [
        ("undated", True),
        ("2026-10-09", True),
        ("2024-02-29", True),
        ("2026-02-30", False),
        ("2026-13-45", False),
        ("2026-W01-1", False),
        ("20261009", False),
        ("２０２６-10-09", False),
        (20261009, False),
    ],
)
def test_editions_are_real_dates(edition, ok):
    assert (edition_problem(edition) is None) is ok


@pytest.mark.parametrize(
    "name", ["Zhonya's Hourglass", "Kha’Zix, Mutating Horror", "Dr. Mundo", "Arise!", "Recruit (DE)", "Zhonya"]
)
def test_card_names_and_nicknames_as_printed_are_printed_names(name):
    assert printed_name_problem(name) is None


@pytest.mark.parametrize(
    "name",
    ["", " Zhonya", "Zhonya ", "Zhonya  Hourglass", "<b>Zhonya</b>", "[A]", "Zhonya_s", "Zh`onya", "x" * 81, "'s", 7],
)
def test_markup_spaces_and_other_types_are_no_printed_names(name):
    assert printed_name_problem(name)
