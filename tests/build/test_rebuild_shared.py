"""A rebuild with many pages to build shares them with a forked copy of its
process (`rebuild._Share`): the site is the one building them all in one
process gives, byte for byte, and MkDocs warns of the very same anchor links,
the copy's pages' and those into them included."""

from __future__ import annotations

import logging
import os

import pytest
from buildproc import change_a_ruling, linked_copy, project, run, tree

from rulesite.engine import rebuild as rebuilding


class _Counted(rebuilding._Share):
    made: list = []

    def __init__(self, pages, *rest) -> None:
        super().__init__(pages, *rest)
        _Counted.made.append([file.src_uri for file in pages])


def change_a_rule(root) -> None:
    """One rule's text reworded."""
    path = root / "rules_src/riftbound/424-reveal.web-page.txt"
    text = path.read_text(encoding="utf-8")
    old = "a player may choose to show Private information to one or more other players."
    assert old in text, f"{path}: {old!r} is gone: update the test"
    path.write_text(text.replace(old, "a player may choose to show Private information to other players.", 1), encoding="utf-8")


def _changed(before: dict, after: dict) -> set[str]:
    return {p for p in after.keys() | before.keys() if before.get(p) != after.get(p)}


def _rebuilt(root, tmp_path, published, changed, name, share_from):
    """The English site built again from the published one (`published`, a
    linked copy) into a new linked copy: its files' digests."""
    site = linked_copy(published, tmp_path / name)
    config = next((root / "build").rglob("mkdocs.en.yml"))
    cwd = os.getcwd()
    os.chdir(config.parent)
    try:
        rebuilding.rebuild(config, site, changed, share_from=share_from)
    finally:
        os.chdir(cwd)
    return tree(site)


@pytest.fixture
def _share_counted(monkeypatch):
    _Counted.made = []
    monkeypatch.setattr(rebuilding, "_Share", _Counted)
    monkeypatch.setenv("NO_MKDOCS_2_WARNING", "1")
    return _Counted.made


def test_a_shared_rebuild_gives_the_site_one_process_gives(tmp_path, _share_counted):
    root = project(tmp_path / "p")
    assert run(root).returncode == 0
    published = linked_copy(root / "site", tmp_path / "published")
    docs_before = tree(root / "build/docs/en")
    change_a_rule(root)
    change_a_ruling(root)
    for name in ("about", "linking"):
        page = root / "docs" / f"{name}.md"
        page.write_text(page.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    assert run(root).returncode == 0
    changed = _changed(docs_before, tree(root / "build/docs/en"))
    pages = [p for p in changed if p.endswith(".md")]
    assert len(pages) >= 4, sorted(changed)

    alone = _rebuilt(root, tmp_path, published, changed, "alone", share_from=10**6)
    assert _share_counted == []
    shared = _rebuilt(root, tmp_path, published, changed, "shared", share_from=2)
    assert len(_share_counted) == 1 and 0 < len(_share_counted[0]) < len(pages), _share_counted
    assert shared.keys() == alone.keys()
    assert [p for p in alone if shared[p] != alone[p]] == []
    # And English's is the site the build itself made.
    built = tree(root / "site")
    others = {path.split("/")[0] for path in built if path.endswith("/sw.js")}  # the other languages' folders
    assert [p for p in alone if p.split("/")[0] not in others and built.get(p) != alone[p]] == []


def test_a_shared_rebuild_warns_of_the_same_anchor_links(tmp_path, _share_counted, caplog):
    """Two written pages, each built by one of the two processes, one linking
    to an anchor the other lacks and to one it has: MkDocs' strict build fails
    with the broken one named, as in one process."""
    from mkdocs.exceptions import Abort

    root = project(tmp_path / "p")
    assert run(root).returncode == 0
    published = linked_copy(root / "site", tmp_path / "published")
    docs = root / "build/docs/en"
    docs_before = tree(docs)
    about, linking = root / "docs/about.md", root / "docs/linking.md"
    assert "\n## Citing\n" in linking.read_text(encoding="utf-8")
    about.write_text(about.read_text(encoding="utf-8") + "\n[cite](linking.md#citing)\n", encoding="utf-8")
    linking.write_text(linking.read_text(encoding="utf-8") + "\n[gone](about.md#nowhere-at-all)\n", encoding="utf-8")
    assert run(root).returncode != 0  # MkDocs' own strict build refuses it
    changed = _changed(docs_before, tree(docs))
    assert {"about.md", "linking.md"} <= changed, sorted(changed)
    pages = sorted(p for p in changed if p.endswith(".md"))
    for share_from in (10**6, 2):
        caplog.clear()
        with caplog.at_level(logging.WARNING, logger="mkdocs"), pytest.raises(Abort, match="with 1 warning"):
            _rebuilt(root, tmp_path, published, set(pages), f"site-{share_from}", share_from)
        warned = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
        assert len(warned) == 1 and "nowhere-at-all" in warned[0], warned
    assert len(_share_counted) == 1 and len({"about.md", "linking.md"} & set(_share_counted[0])) == 1, _share_counted
