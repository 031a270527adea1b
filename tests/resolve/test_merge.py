"""Acceptance: two sources printing the same section are merged into one.

The 832 web page (curly quotes, 14 rules) and the official excerpt (straight
quotes, 11 rules) print the same rules: after normalization they must agree,
the site shows the union, and one changed word in either is an error naming both
places, so nobody publishes a rule two sources disagree on.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from buildutil import run_build

from rulesite.stages import read as read_stage
from rulesite.common.diagnostics import Diagnostics
from rulesite.common.model import SectionKey, sort_key

WEB = "rules_src/riftbound/832-show-off.web-page.txt"
CORE = "rules_src/riftbound/core-rules-excerpt-2026-10-09.txt"
KEY = SectionKey("riftbound", "core-rules", "832", "en")


def read(root: Path, monkeypatch) -> tuple:
    """The merged corpus of `root`/rules_src, with paths printed relative to `root`."""
    monkeypatch.chdir(root)
    diag = Diagnostics()
    corpus = read_stage.read_corpus(Path("rules_src/manifest.yml"), diag)
    return corpus, diag


@pytest.fixture
def copied(repo_root: Path, tmp_path: Path) -> Path:
    shutil.copytree(repo_root / "rules_src", tmp_path / "rules_src")
    return tmp_path


def edit_line(file: Path, line: int, old: str, new: str) -> None:
    lines = file.read_text(encoding="utf-8").split("\n")
    assert old in lines[line - 1], f"{old!r} is not on line {line} of {file}"
    lines[line - 1] = lines[line - 1].replace(old, new, 1)
    file.write_text("\n".join(lines), encoding="utf-8")


def line_of(file: Path, prefix: str) -> int:
    """1-based number of the line starting with `prefix`."""
    lines = file.read_text(encoding="utf-8").splitlines()
    return next(i for i, l in enumerate(lines, 1) if l.startswith(prefix))


def test_the_two_832_sources_print_differently(repo_root: Path):
    """Guard for the test below: the raw files really differ in their quotes."""
    web = (repo_root / WEB).read_text(encoding="utf-8")
    core = (repo_root / CORE).read_text(encoding="utf-8")
    assert "\u201c[Show Off] [Object].\u201d" in web
    assert '"[Show Off] [Object]."' in core


def test_the_two_832_sources_agree_and_their_union_has_14_rules(repo_root: Path, monkeypatch):
    corpus, diag = read(repo_root, monkeypatch)
    assert [str(d) for d in diag.items] == []
    section = corpus.sections[KEY]
    assert section.title == "Show Off"
    numbers = [r.number for r in section.rules]
    assert len(numbers) == 14 and len(set(numbers)) == 14
    assert numbers == sorted(numbers, key=sort_key)
    assert sorted(section.source_ids) == ["rb-832-web", "rb-core-2026-10-09"]
    both = [r.number for r in section.rules if sorted(r.source_ids) == ["rb-832-web", "rb-core-2026-10-09"]]
    web_only = [r.number for r in section.rules if r.source_ids == ["rb-832-web"]]
    assert len(both) == 11 and "832.1.d.1" in both
    assert web_only == ["832.2", "832.2.a", "832.3"]
    # One rule per number in the whole corpus: the section is not listed twice.
    assert sum(1 for s in corpus.sections.values() if s.number == "832") == 1
    rule = next(r for r in section.rules if r.number == "832.1.b")
    assert rule.text == 'Show Off is formatted as "[Show Off] [Object]."'


def test_quotes_and_spacing_alone_are_no_conflict(copied: Path, monkeypatch):
    core = copied / CORE
    line = line_of(core, "832.1.b. ")
    edit_line(core, line, '"[Show Off] [Object]."', "\u201c[Show Off]\u00a0 [Object].\u201d ")
    corpus, diag = read(copied, monkeypatch)
    assert [str(d) for d in diag.items] == []
    assert len(corpus.sections[KEY].rules) == 14


def test_one_changed_word_is_a_conflict_naming_both_places(copied: Path, monkeypatch):
    core = copied / CORE
    core_line = line_of(core, "832.1.c.2. ")
    edit_line(core, core_line, "made by the controller", "made by the owner")
    _, diag = read(copied, monkeypatch)
    assert diag.codes() == ["rule-conflict"]
    (error,) = diag.errors
    message = str(error)
    web_number_line = line_of(copied / WEB, "- 832.1.c.2.")
    # Both files with their lines: the one printing the number, or the text just after it.
    assert f"{CORE}:{core_line}" in message
    assert re.search(rf"{re.escape(WEB)}:({web_number_line}|{web_number_line + 1})\b", message), message
    assert "832.1.c.2" in message
    assert "owner" in message and "controller" in message


def test_a_changed_word_in_an_example_is_a_conflict(copied: Path, monkeypatch):
    web = copied / WEB
    number_line = line_of(web, "- 832.1.d.1.")
    edit_line(web, number_line + 1, "killing it.", "destroying it.")
    _, diag = read(copied, monkeypatch)
    assert diag.codes() == ["rule-conflict"]
    assert "832.1.d.1" in str(diag.errors[0])
    assert CORE in str(diag.errors[0]) and WEB in str(diag.errors[0])


def test_conflict_from_the_command_line(copied: Path, repo_root: Path):
    core = copied / CORE
    core_line = line_of(core, "832.1.a. ")
    edit_line(core, core_line, "normally present", "always present")
    result = run_build(repo_root, copied)
    output = result.stdout + result.stderr
    assert result.returncode != 0
    web_line = line_of(copied / WEB, "- 832.1.a.")
    # One message, at one of the two places, naming the other.
    here_core = rf"{re.escape(CORE)}:{core_line}\b"
    here_web = rf"{re.escape(WEB)}:({web_line}|{web_line + 1})\b"
    conflicts = [l for l in output.splitlines() if re.match(r"^\S+:\d+: error\[rule-conflict\]: ", l)]
    assert len(conflicts) == 1, output
    assert re.search(here_core, conflicts[0]) and re.search(here_web, conflicts[0]), conflicts[0]
    assert "Traceback" not in output
    assert not (copied / "docs").exists() and not (copied / "site").exists()
