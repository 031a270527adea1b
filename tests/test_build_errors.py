"""Acceptance: bad sources, through the command line a maintainer uses.

Every problem is printed as `path:line: error[code]: message`, all of them in
one run, never as a traceback; the build exits non-zero and writes nothing: no
docs or site folder appears, and existing ones are left exactly as they were.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from buildutil import run_build

from rulesite.common import output

CORE = "rules_src/riftbound/core-rules-excerpt-2026-10-09.txt"
WEB_424 = "rules_src/riftbound/424-reveal.web-page.txt"
WEB_832 = "rules_src/riftbound/832-show-off.web-page.txt"
RULINGS = "rules_src/riftbound/community-rulings.txt"
WALK = "rules_src/walkthroughs/primordial-roar-frigid-touch.yml"

ERROR = re.compile(r"^(?P<path>[^\s:][^:]*):(?P<line>\d+): error\[(?P<code>[a-z][a-z0-9-]*)\]: (?P<message>\S.*)$")


def _lines(root: Path, path: str) -> list[str]:
    return (root / path).read_text(encoding="utf-8").split("\n")


def _write(root: Path, path: str, lines: list[str]) -> None:
    (root / path).write_text("\n".join(lines), encoding="utf-8")


# Each edit breaks one source the way a maintainer might, and returns the problem
# the build must report: (path, the lines it may name, error code).


def duplicated_number(root: Path):
    lines = _lines(root, CORE)
    i = next(i for i, l in enumerate(lines) if l.startswith("832.1.b. "))
    lines.insert(i + 1, lines[i])  # the same rule printed twice
    _write(root, CORE, lines)
    return CORE, {i + 2}, "duplicate-rule"


def number_out_of_order(root: Path):
    lines = _lines(root, WEB_424)
    i, j = lines.index("424.2.a."), lines.index("424.2.b.")
    # Swap the two blocks (number, blank line, text): 424.2.b now comes first.
    lines[i], lines[j] = lines[j], lines[i]
    lines[i + 2], lines[j + 2] = lines[j + 2], lines[i + 2]
    _write(root, WEB_424, lines)
    return WEB_424, {j + 1}, "rule-order"


def unparsable_line(root: Path):
    lines = _lines(root, WEB_832)
    i = lines.index("- 832.2.")
    lines.insert(i, "This sentence was pasted between the rules by mistake.")
    _write(root, WEB_832, lines)
    return WEB_832, {i + 1}, "unparsed-line"


def rule_without_its_dot(root: Path):
    lines = _lines(root, CORE)
    while lines and not lines[-1].strip():
        lines.pop()
    lines.append("832.1.e Linked abilities are checked when the number lost its dot.")
    _write(root, CORE, lines)
    return CORE, {len(lines)}, "unparsed-line"


def invalid_ruling(root: Path):
    lines = _lines(root, RULINGS)
    assert lines[4].startswith("Ruling: ")
    lines[4] = "Ruling: Yes. Nuances: - A note first Sequence: - A step after it"
    _write(root, RULINGS, lines)
    return RULINGS, {5}, "ruling-syntax"


def invalid_walkthrough(root: Path):
    lines = _lines(root, WALK)
    i = next(i for i, l in enumerate(lines) if l.strip().startswith("quote:"))
    lines[i] = lines[i].split("quote:")[0] + 'quote: ""'  # a quote that would match any rule
    _write(root, WALK, lines)
    return WALK, {i, i + 1}, "walkthrough"  # the citation's first line, or the quote's


EDITS = [duplicated_number, number_out_of_order, unparsable_line, rule_without_its_dot, invalid_ruling, invalid_walkthrough]


def copy_sources(repo_root: Path, tmp_path: Path) -> Path:
    shutil.copytree(repo_root / "rules_src", tmp_path / "rules_src")
    return tmp_path


def build(repo_root: Path, root: Path) -> subprocess.CompletedProcess:
    return run_build(repo_root, root)


def reported(result: subprocess.CompletedProcess) -> list[re.Match]:
    """Every error line, after checking that no error is printed any other way."""
    output = result.stdout + result.stderr
    assert "Traceback" not in output, output
    errors = []
    for line in output.splitlines():
        if re.search(r"\berror\b", line, re.IGNORECASE) and not re.match(r"^\d+ errors?, \d+ warnings?$", line):
            if "fix the errors above" in line:
                continue
            match = ERROR.match(line)
            assert match, f"not in the form path:line: error[code]: message: {line!r}"
            errors.append(match)
    return errors


def assert_reported(errors: list[re.Match], path: str, lines: set[int], code: str, output: str) -> None:
    assert any(e["path"] == path and int(e["line"]) in lines and e["code"] == code for e in errors), (
        f"expected {path}:{sorted(lines)}: error[{code}]\n{output}"
    )


def assert_nothing_written(root: Path) -> None:
    for name in ("docs", "site", "docs.new", "site.new", ".build"):
        assert not (root / name).exists(), f"{name} was created by a failed build"


def test_the_sources_build_cleanly_before_any_edit(repo_root: Path, tmp_path: Path):
    """Guard: the copied sources alone give no error, so every error below comes from its edit."""
    root = copy_sources(repo_root, tmp_path)
    result = run_build(repo_root, root, "--no-site")
    assert result.returncode == 0, result.stderr
    assert reported(result) == []


@pytest.mark.parametrize("edit", EDITS, ids=[e.__name__ for e in EDITS])
def test_each_problem_alone(repo_root: Path, tmp_path: Path, edit):
    root = copy_sources(repo_root, tmp_path)
    path, lines, code = edit(root)
    result = build(repo_root, root)
    output = result.stdout + result.stderr
    assert result.returncode != 0
    errors = reported(result)
    assert_reported(errors, path, lines, code, output)
    assert re.search(rf"^{len(errors)} errors?, \d+ warnings?$", output, re.MULTILINE), output
    assert_nothing_written(root)


def test_all_problems_in_one_run(repo_root: Path, tmp_path: Path):
    root = copy_sources(repo_root, tmp_path)
    expected = [edit(root) for edit in EDITS]
    result = build(repo_root, root)
    output = result.stdout + result.stderr
    assert result.returncode != 0
    errors = reported(result)
    for path, lines, code in expected:
        assert_reported(errors, path, lines, code, output)
    assert_nothing_written(root)


def _snapshot(folder: Path) -> dict:
    return {
        p.relative_to(folder).as_posix(): (p.is_dir(), None if p.is_dir() else p.read_bytes(), p.stat().st_mtime_ns)
        for p in sorted(folder.rglob("*"))
    }


def test_existing_docs_and_site_are_left_untouched(repo_root: Path, tmp_path: Path):
    """Folders an earlier build made (they hold its marker; one it did not make
    is refused before anything is read: tests/build/test_output_folders.py)."""
    root = copy_sources(repo_root, tmp_path)
    for name in ("docs", "site"):
        (root / name / "sub").mkdir(parents=True)
        (root / name / "index.html").write_text(f"the previous {name}\n", encoding="utf-8")
        (root / name / "sub" / "page.md").write_text("kept\n", encoding="utf-8")
        output.stamp(root / name)
    before = {name: _snapshot(root / name) for name in ("docs", "site")}
    for edit in EDITS:
        edit(root)
    result = build(repo_root, root)
    assert result.returncode != 0
    assert len(reported(result)) >= len(EDITS)
    assert {name: _snapshot(root / name) for name in ("docs", "site")} == before
    for name in ("docs.new", "site.new", ".build"):
        assert not (root / name).exists()
