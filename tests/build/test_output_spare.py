"""The copy of a published generation that `rulesite serve` keeps for its next
build (`output.Spare`, `output.mirror`): made of the published generation's
own files, never written into, whole or not taken at all."""

from __future__ import annotations

import os
from pathlib import Path

from rulesite.common import output


def _files(folder: Path) -> dict[str, tuple[int, bytes]]:
    """relative path -> (inode, bytes) of every file under `folder`."""
    return {p.relative_to(folder).as_posix(): (p.stat().st_ino, p.read_bytes()) for p in sorted(folder.rglob("*")) if p.is_file()}


def _folders(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_dir()}


def _write(folder: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_a_mirror_is_the_source_made_of_its_own_files_and_nothing_else(tmp_path):
    source, target = tmp_path / "source", tmp_path / "target"
    _write(source, {"index.html": "new", "a/same.html": "same", "a/b/deep.html": "deep", "was-a-folder": "file now"})
    _write(source, {"now-a-folder/x.html": "x", "c/kept.html": "kept"})
    _write(target, {"index.html": "old", "a/same.html": "same", "gone.html": "gone", "gone/folder/x.html": "x"})
    _write(target, {"was-a-folder/y.html": "y", "now-a-folder": "a file"})
    (target / "c").mkdir()
    os.link(source / "c/kept.html", target / "c/kept.html")  # already shared: left alone
    old = tmp_path / "held-old-index.html"
    os.link(target / "index.html", old)  # the file the mirror replaces: never written into
    before = _files(source)

    output.mirror(source, target)

    assert _files(target) == before  # the same paths, the same inodes, so the same bytes
    assert _folders(target) == _folders(source)
    assert _files(source) == before
    assert old.read_text(encoding="utf-8") == "old"


def _publish(folder: Path, name: str, files: dict[str, str]) -> Path | None:
    """A generation of `folder` holding `files`, published; where the one it replaced is now."""
    fresh = output.generation(folder, name)
    _write(fresh, files)
    output.stamp(fresh)
    return output.publish(fresh, folder, clean_up=False)


def test_a_spare_is_taken_only_whole_and_only_as_a_copy_of_the_published_generation(tmp_path, monkeypatch):
    site = tmp_path / "site"
    assert _publish(site, "1", {"index.html": "one", "gone.html": "gone"}) is None
    first = _publish(site, "2", {"index.html": "two", "new/page.html": "page"})
    assert first is not None and (first / "gone.html").is_file()  # the first site, aside
    second = _files(site)
    spare = output.Spare()
    spare.keep(site, first)
    assert not first.exists() and spare.kept  # renamed: the build that made it would remove its leftovers
    output.clean(site, keep=spare.kept)  # the next build's clean leaves it
    fresh = output.generation(site, "3")
    assert spare.take(site, fresh) and spare.taken == 1 and not spare.kept
    assert _files(fresh) == second  # the published site's own files
    output.discard(fresh)

    # Another build published meanwhile: the copy is of a generation no longer there, and goes.
    spare.keep(site, None)  # none replaced: a new copy
    spare.settle()
    kept = spare.path
    assert kept is not None and _files(kept) == second
    replaced = _publish(site, "4", {"index.html": "four"})
    assert not spare.take(site, output.generation(site, "5")) and spare.taken == 1
    assert not kept.exists() and not spare.kept
    assert (site / "index.html").read_text(encoding="utf-8") == "four"

    # A copy that failed to be made is never taken.
    def fails(source, target):
        (Path(target) / "index.html").unlink()
        raise OSError("no space left")

    monkeypatch.setattr(output, "mirror", fails)
    spare.keep(site, replaced)
    assert not spare.take(site, output.generation(site, "6"))
    assert not any(p.name.endswith(".spare") for p in tmp_path.iterdir())
