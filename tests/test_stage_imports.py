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


# The package's rooms, from the ground up: a room imports only rooms on the
# floors below it, never one beside it or above. Shared vocabulary is the
# ground; the stages follow in the order a build runs them (render, export and
# check each read the site map, none the others); the MkDocs step, then the
# glue that runs the stages and what serve keeps between builds; the live
# preview; the commands on top. A new top-level module or folder must be placed here.
FLOORS = (
    ("common",),
    ("read",),
    ("resolve",),
    ("site_map",),
    ("render", "export", "check"),
    ("write",),
    ("engine",),
    ("stages",),
    ("memory",),
    ("sequence",),
    ("serve",),
    ("commands", "bench"),
    ("cli",),
    ("__main__",),
)
FLOOR = {room: floor for floor, rooms in enumerate(FLOORS) for room in rooms}

# Import circles between modules that are known and being removed: each is
# listed by its modules, so that the list can only shrink. None is left (the
# render jobs declare their inputs beside them, `render/job_inputs.py`; the
# whole-document folders sit below the pages that link them).
KNOWN_CIRCLES: tuple[set[str], ...] = ()


def room_of(path: Path, root: Path = PACKAGE) -> str:
    """The top-level module or folder `path` is in: "render", "cli"."""
    return path.relative_to(root).with_suffix("").parts[0]


def module_of(path: Path, root: Path = PACKAGE) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def module_imports(root: Path = PACKAGE) -> dict[str, set[str]]:
    """module -> the modules of the package it imports ("render.site" ->
    {"render.reuse", "common.output", ...}); an import of a name from a
    package counts as one of the package's `__init__`."""
    paths = {module_of(path, root): path for path in root.rglob("*.py")}
    graph = {}
    for module, path in paths.items():
        package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
        package = [part for part in package if part]
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = package[: len(package) - (node.level - 1)]
                target = base + (node.module.split(".") if node.module else [])
                for alias in node.names:
                    named = ".".join([*target, alias.name])
                    found.add(named if named in paths else ".".join(target))
        graph[module] = found - {module}
    return graph


def circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The sets of two modules or more that import each other in a loop
    (strongly connected components, without recursion)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            target = next(targets, None)
            if target is not None:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph.get(target, ())))))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                circle = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    circle.add(member)
                    if member == node:
                        break
                if len(circle) > 1:
                    found.append(circle)
    return found


def test_every_room_has_a_floor():
    rooms = {room_of(path) for path in PACKAGE.rglob("*.py")} - {"__init__"}
    assert sorted(rooms - FLOOR.keys()) == []


def test_no_room_imports_one_beside_it_or_above():
    wrong = [
        f"{path.relative_to(PACKAGE.parent)}:{line}: imports {target}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if room_of(path) in FLOOR
        for line, target in imported_stages(path)
        if target != room_of(path) and target in FLOOR and FLOOR[target] >= FLOOR[room_of(path)]
    ]
    assert wrong == []


def test_the_floor_check_sees_an_import_from_above(tmp_path):
    low = tmp_path / "common" / "low.py"
    low.parent.mkdir()
    low.write_text("def f():\n    from ..render.site import render_site\n")
    assert [target for _, target in imported_stages(low, tmp_path) if FLOOR[target] >= FLOOR["common"]] == ["render"]


def test_the_circle_check_finds_a_loop_through_three_modules(tmp_path):
    (tmp_path / "a.py").write_text("from . import b\n")
    (tmp_path / "b.py").write_text("from .c import x\n")
    (tmp_path / "c.py").write_text("def f():\n    from .a import y\n")
    (tmp_path / "d.py").write_text("from . import a\n")
    assert circles(module_imports(tmp_path)) == [{"a", "b", "c"}]


def test_no_import_circle_but_the_known_ones():
    unknown = [sorted(circle) for circle in circles(module_imports()) if not any(circle <= known for known in KNOWN_CIRCLES)]
    assert unknown == []
