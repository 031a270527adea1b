"""What reading each source made, kept between builds (`read/kept.py`): a
source read again only when its text, its manifest entry or the code changed;
what is kept gives the very model and the very problems reading gives; a
damaged entry is read again; entries no build names any more are removed;
nothing is filed before the build has succeeded."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import rulesite.read as read_stage
from rulesite.common.diagnostics import Diagnostics
from rulesite.read import kept, read_sources

RULINGS = Path("riftbound") / "community-rulings.txt"


def _edit(path: Path, old: str, new: str) -> str:
    """`old` replaced by `new` once in the file at `path`; returns the text it held."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{path}: {old!r} is gone: update the test"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text


@pytest.fixture()
def sources(repo_root, tmp_path) -> Path:
    """The seeds, one ruling with markup in it (a warning each read)."""
    shutil.copytree(repo_root / "rules_src", tmp_path / "rules_src")
    _edit(tmp_path / "rules_src" / RULINGS, "You cannot choose to deal less", "You cannot <span>choose</span> to deal less")
    return tmp_path / "rules_src"


@pytest.fixture()
def reads(monkeypatch) -> list[str]:
    """The ids of the sources read (not taken from what was kept), in this process."""
    found: list[str] = []
    real = read_stage.read_source

    def counted(source, diag, text=None):
        found.append(source.id)
        return real(source, diag, text)

    monkeypatch.setattr(read_stage, "read_source", counted)
    return found


def _read(sources: Path, folder: Path | None, jobs: int = 1, save: bool = True) -> tuple[str, list[str]]:
    """What reading gives, with what `folder` keeps (None: nothing kept), filed
    there afterwards as a build that succeeded files it (`save`)."""
    diag = Diagnostics()
    store = kept.Kept(folder) if folder is not None else None
    read = read_sources(sources / "manifest.yml", diag, jobs=jobs, kept=store)
    if store is not None and save:
        store.save()
    return repr(read), [str(d) for d in diag.items]


def test_what_is_kept_gives_what_reading_gives(sources, reads, tmp_path):
    fresh, problems = _read(sources, None)
    assert any("warning[raw-html]" in p for p in problems), problems
    every = list(reads)
    assert len(every) == 5
    reads.clear()
    assert _read(sources, tmp_path / "kept") == (fresh, problems)
    assert reads == every
    assert len(list((tmp_path / "kept").glob("*.pickle"))) == 5
    reads.clear()
    # Nothing read again: the model and the problems (the warning too) come from what was kept.
    assert _read(sources, tmp_path / "kept") == (fresh, problems)
    assert reads == []


def test_a_changed_source_alone_is_read_again(sources, reads, tmp_path):
    _read(sources, tmp_path / "kept")
    _edit(sources / RULINGS, "deal less damage", "deal any less damage")
    reads.clear()
    found, problems = _read(sources, tmp_path / "kept")
    assert reads == ["rb-community-rulings"]
    assert "deal any less damage" in found
    assert (found, problems) == _read(sources, None)
    # The entry of its old text is gone: one entry a source.
    assert len(list((tmp_path / "kept").glob("*.pickle"))) == 5


def test_a_changed_manifest_entry_is_read_again(sources, reads, tmp_path):
    _read(sources, tmp_path / "kept")
    _edit(sources / "manifest.yml", 'title: "Riftbound community rulings"', 'title: "Renamed rulings"')
    reads.clear()
    found, _ = _read(sources, tmp_path / "kept")
    assert reads == ["rb-community-rulings"]
    assert "Renamed rulings" in found


def test_other_code_reads_every_source_again(sources, reads, tmp_path, monkeypatch):
    _read(sources, tmp_path / "kept")
    monkeypatch.setattr(kept, "code_digest", lambda: "another version of the package")
    reads.clear()
    _read(sources, tmp_path / "kept")
    assert len(reads) == 5


def test_a_damaged_entry_is_read_again(sources, reads, tmp_path):
    fresh = _read(sources, None)
    _read(sources, tmp_path / "kept")
    entries = sorted((tmp_path / "kept").glob("*.pickle"))
    entries[0].write_bytes(b"not a pickle")
    entries[1].write_bytes(entries[1].read_bytes()[:40])
    reads.clear()
    assert _read(sources, tmp_path / "kept") == fresh
    assert len(reads) == 2
    assert _read(sources, tmp_path / "kept") == fresh


def test_workers_keep_what_they_read(sources, tmp_path):
    fresh = _read(sources, None)
    assert _read(sources, tmp_path / "kept", jobs=2) == fresh
    assert len(list((tmp_path / "kept").glob("*.pickle"))) == 5
    assert _read(sources, tmp_path / "kept", jobs=1) == fresh


def test_an_unreadable_source_is_reported_each_time(sources, tmp_path):
    (sources / RULINGS).write_bytes(b"\xff\xfe not UTF-8")
    first = _read(sources, tmp_path / "kept")
    assert any("community-rulings.txt" in p and "error[unreadable]" in p for p in first[1]), first[1]
    assert _read(sources, tmp_path / "kept") == first
    assert len(list((tmp_path / "kept").glob("*.pickle"))) == 4


def test_a_changed_file_the_importer_read_too_reads_its_source_again(sources, reads, tmp_path):
    # The rulings' ids and titles come from community-rulings.ids.yml beside them.
    _read(sources, tmp_path / "kept")
    ids = sources / RULINGS.with_suffix(".ids.yml")
    text = _edit(ids, "Gust bounces an attacker", "Gust returns an attacker")
    reads.clear()
    found, problems = _read(sources, tmp_path / "kept")
    assert reads == ["rb-community-rulings"]
    assert "Gust returns an attacker" in found
    assert (found, problems) == _read(sources, None)
    # Gone: every ruling's id is made up, with a warning each, as without what was kept.
    ids.unlink()
    reads.clear()
    gone = _read(sources, tmp_path / "kept")
    assert reads == ["rb-community-rulings"]
    assert any("warning[ruling-id]" in p for p in gone[1])
    assert gone == _read(sources, None)
    # Back: read again (the entry kept now is the one made without it).
    ids.write_text(text, encoding="utf-8")
    expected = _read(sources, None)
    reads.clear()
    assert _read(sources, tmp_path / "kept") == expected
    assert reads == ["rb-community-rulings"]


def test_nothing_is_filed_before_the_build_succeeds(sources, reads, tmp_path):
    _read(sources, tmp_path / "kept", save=False)
    assert not (tmp_path / "kept").exists()
    reads.clear()
    _read(sources, tmp_path / "kept")
    assert len(reads) == 5
    # A changed source read by a build that then failed: its old entry stays, unused.
    _edit(sources / RULINGS, "deal less damage", "deal any less damage")
    before = sorted(p.name for p in (tmp_path / "kept").iterdir())
    _read(sources, tmp_path / "kept", save=False)
    assert sorted(p.name for p in (tmp_path / "kept").iterdir()) == before


@pytest.fixture()
def every_format(repo_root, tmp_path) -> Path:
    """The seeds and one small source of every other format (the hostile tests' base)."""
    from hostile.base import make_base

    make_base(repo_root, tmp_path / "all")
    return tmp_path / "all" / "rules_src"


def test_every_format_kept_gives_what_reading_gives(every_format, reads, tmp_path):
    fresh = _read(every_format, None)
    every = list(reads)
    assert "hostile-mdx" in every and len(every) >= 11
    assert _read(every_format, tmp_path / "kept", jobs=2) == fresh
    reads.clear()
    assert _read(every_format, tmp_path / "kept") == fresh
    assert reads == []


def test_a_folder_source_is_read_again_when_a_page_changes_or_comes(every_format, reads, tmp_path):
    _read(every_format, tmp_path / "kept")
    page = every_format / "hostile" / "mdx" / "cards" / "test-unit.mdx"
    _edit(page, "It attacks once each turn.", "It attacks only once each turn.")
    reads.clear()
    found = _read(every_format, tmp_path / "kept")
    assert reads == ["hostile-mdx"]
    assert "It attacks only once each turn" in found[0]
    # A page added beside it: the folder's listing changed.
    (page.parent / "other-unit.mdx").write_text(
        page.read_text(encoding="utf-8").replace("Test Unit", "Other Unit"), encoding="utf-8"
    )
    expected = _read(every_format, None)
    reads.clear()
    assert _read(every_format, tmp_path / "kept") == expected
    assert reads == ["hostile-mdx"]
    assert "Other Unit" in expected[0]
    # The folder gone: reported as reading reports it (the manifest names no
    # such folder: no source to read), and its entry removed.
    entries = len(list((tmp_path / "kept").glob("*.pickle")))
    shutil.rmtree(every_format / "hostile" / "mdx")
    expected = _read(every_format, None)
    assert any("hostile/mdx" in p and "error[unreadable]" in p for p in expected[1]), expected[1]
    reads.clear()
    assert _read(every_format, tmp_path / "kept") == expected
    assert reads == []
    assert len(list((tmp_path / "kept").glob("*.pickle"))) == entries - 1
