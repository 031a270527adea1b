"""One change, one quick rebuild: after one ruling is edited, building again
rewrites only the docs files whose content changed (the others keep their
timestamps), builds again only the languages whose pages changed, and gives
exactly the site a clean build of the same sources gives."""

from __future__ import annotations

import re

from buildproc import change_a_ruling, project, run, tree


def _stamps(folder):
    folder = folder.resolve()
    return {p.relative_to(folder).as_posix(): p.stat().st_mtime_ns for p in folder.rglob("*") if p.is_file()}


def test_rebuild_after_one_ruling_equals_a_clean_build(tmp_path):
    root = project(tmp_path / "p")
    first = run(root)
    assert first.returncode == 0, first.stderr[-3000:]
    docs = root / "build/docs"
    docs_before, stamps_before = tree(docs), _stamps(docs)

    change_a_ruling(root)
    again = run(root)
    assert again.returncode == 0, again.stderr[-3000:]

    # Only what changed was written: every other file keeps its timestamp.
    docs_after, stamps_after = tree(docs), _stamps(docs)
    changed = {p for p in docs_after if docs_before.get(p) != docs_after[p]}
    assert changed, "the edit changed no page"
    assert any(p.startswith("en/riftbound/rulings/") for p in changed)
    kept = [p for p in docs_after if p not in changed]
    assert len(kept) > 10 * len(changed)
    assert [p for p in kept if stamps_after[p] != stamps_before[p]] == []
    assert all(stamps_after[p] != stamps_before.get(p) for p in changed)

    # Only the languages whose pages changed were built again ...
    build_line = next(line for line in again.stdout.splitlines() if line.startswith("build "))
    assert re.search(r"1 of 2 languages \(en\).*reused: es", build_line), build_line
    # ... and the site is the one a clean build of the same sources makes, byte for byte.
    clean = run(root, "clean-")
    assert clean.returncode == 0, clean.stderr[-3000:]
    assert "reused" not in clean.stdout
    assert tree(root / "site") == tree(root / "clean-site")


def test_nothing_changed_nothing_built(tmp_path):
    root = project(tmp_path / "p")
    assert run(root).returncode == 0
    before = tree(root / "site")
    again = run(root)
    assert again.returncode == 0, again.stderr[-3000:]
    assert re.search(r"^build .*0 of 2 languages.*reused: en, es", again.stdout, re.M), again.stdout
    assert tree(root / "site") == before
