"""The build sequence (`rulesite/sequence.py`) that `rulesite build`, `serve`
and `bench` all run: its stages in order, each handing back a record of what it
made; a second build reusing what the first published, a clean one reusing
nothing; and the stops that leave the previous site whole."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rulesite.common import output
from rulesite.sequence import (
    IMAGE_STORE_VARIABLE,
    Built,
    Checked,
    Published,
    Read,
    Rendered,
    Resolved,
    Sequence,
    Settings,
    SettingsError,
    Stopped,
    Written,
    forget_earlier_builds,
)
from buildutil import project_settings


@pytest.fixture(scope="module")
def project(repo_root: Path, tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("sequence")
    shutil.copytree(repo_root / "rules_src", root / "rules_src")
    return root


def _records(settings: Settings) -> list:
    return list(Sequence(settings).run())


def test_the_stages_run_in_order_and_a_second_build_reuses_the_first(repo_root, project):
    settings = project_settings(repo_root, project)
    first = _records(settings)
    assert [type(r) for r in first] == [Read, Resolved, Rendered, Written, Built, Checked, Published]
    read, _, _, written, built, checked, published = first
    assert read.rules > 0 and written.pages > 0 and checked.pages >= written.pages
    assert built.reused == frozenset() and built.built == written.languages
    assert checked.problems == 0 and checked.counts, "each edition's built pages counted"
    assert published.site_dir == settings.site_dir and output.published(settings.site_dir) is not None
    site = output.identity(output.published(settings.site_dir))

    again = _records(settings)
    built, checked = again[4], again[5]
    assert built.reused == frozenset(written.languages), "nothing changed: every language reused"
    assert checked.findings_reused > 0
    assert output.identity(output.published(settings.site_dir)) not in (site, None), "a new generation, published"

    clean = _records(project_settings(repo_root, project, clean=True))
    built, checked = clean[4], clean[5]
    assert built.reused == frozenset() and built.rebuilt == {}, "a clean build reuses nothing"
    assert checked.findings_reused == 0


def test_a_clean_build_first_removes_what_earlier_builds_left(repo_root, tmp_path, monkeypatch):
    """`--clean` is one decision, made before any stage runs
    (`forget_earlier_builds`): what earlier builds left for the next, in
    memory and on disk, is gone; the stages then see a first build's state.
    The output folders stay (the build replaces them), and so does the store
    of drawn preview images (by what they show and what draws them:
    tests/build/test_image_store.py)."""
    from rulesite.check import stage as check_stage
    from rulesite.engine import built_from
    from rulesite.memory import BuildMemory
    from rulesite.stages import read as read_stage

    monkeypatch.delenv(IMAGE_STORE_VARIABLE, raising=False)  # the store in the build's own folder
    settings = project_settings(repo_root, tmp_path, clean=True)
    config_dir, site_dir = settings.config_dir, settings.site_dir
    stored = settings.image_store / "0123456789abcdef" / "drawn.png"
    left = [
        read_stage.kept_folder(config_dir) / "entry",
        built_from.state_file(config_dir, site_dir),
        check_stage.findings_file(config_dir, site_dir),
    ]
    for path in [*left, site_dir / "index.html", stored]:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"kept")
    memory = BuildMemory(mkdocs=False)
    memory.render.jobs["job"] = ("digest", {})
    forget_earlier_builds(settings, memory)
    assert [path for path in left if path.exists()] == []
    assert not read_stage.kept_folder(config_dir).exists()
    assert stored.read_bytes() == b"kept"
    assert memory.render.jobs == {}
    assert (site_dir / "index.html").read_bytes() == b"kept"


def test_errors_in_the_sources_stop_before_anything_is_written(repo_root, tmp_path):
    shutil.copytree(repo_root / "rules_src", tmp_path / "rules_src")
    rulings = tmp_path / "rules_src" / "riftbound" / "community-rulings.txt"
    text = rulings.read_text(encoding="utf-8")
    rulings.write_text(text.replace("Ruling: ", "Ruling: \u202e", 1), encoding="utf-8")  # bidirectional control: an error
    sequence = Sequence(project_settings(repo_root, tmp_path))
    records = list(sequence.run())
    assert [type(r) for r in records] == [Read, Resolved, Stopped]
    assert records[-1].why == "sources" and records[-1].status == 1
    assert sequence.diag.errors
    assert not (tmp_path / "build" / "docs").exists() and not (tmp_path / "site").exists()


def test_generated_pages_never_go_into_the_written_ones(repo_root, tmp_path):
    with pytest.raises(SettingsError, match="must lie outside"):
        Settings.of(repo_root / "rules_src", tmp_path / "docs" / "gen", tmp_path / "site", pages_dir=tmp_path / "docs")
