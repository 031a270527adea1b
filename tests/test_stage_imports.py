"""The stages import downwards only: read, resolve, the site map, render,
export, check. What two stages both need (a page's place, a document's name,
the content language, the service worker's file) lives below both, so
that export and check can change without render, and render without them.
Read from the source, so a function-level import counts as much as one at
the top of a module."""

from __future__ import annotations

import ast
from importlib import resources
from pathlib import Path

import pytest

PACKAGE = Path(str(resources.files("rulesite")))

# stage -> the stages it must not import (a later one, or one beside it)
NOT_ABOVE = {
    "render": {"export", "check"},
    "export": {"render", "check"},
    "check": {"render", "export"},
    "site_map": {"render", "export", "check"},
    "resolve": {"site_map", "render", "export", "check"},
    "read": {"resolve", "site_map", "render", "export", "check"},
}


def imported_stages(path: Path, root: Path = PACKAGE) -> list[tuple[int, str]]:
    """(line, the top-level module or stage of the package at `root`) of every
    relative import in `path`."""
    package = list(path.relative_to(root).parent.parts)
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package[: len(package) - (node.level - 1)]
            targets = [base + node.module.split(".")] if node.module else [base + [a.name] for a in node.names]
            found += [(node.lineno, target[0]) for target in targets if target]
    return found


def test_the_check_sees_an_import_inside_a_function(tmp_path):
    late = tmp_path / "export" / "late.py"
    late.parent.mkdir()
    late.write_text("from .data import x\nfrom .. import pipeline\n\n\ndef f():\n    from ..render.context import Context\n")
    assert imported_stages(late, tmp_path) == [(1, "export"), (2, "pipeline"), (6, "render")]


@pytest.mark.parametrize("stage", sorted(NOT_ABOVE))
def test_no_stage_imports_a_later_one(stage):
    wrong = [
        f"{path.relative_to(PACKAGE.parent)}:{line}: imports {target}"
        for path in sorted((PACKAGE / stage).rglob("*.py"))
        for line, target in imported_stages(path)
        if target in NOT_ABOVE[stage]
    ]
    assert wrong == []
