"""Output folders: no option of any command deletes what the build did not
write, and `site/` is an ordinary folder, replaced whole in one step.

The refusals run the real commands (they stop before reading anything, so
they are quick); one build shows that --replace-output replaces such a folder
and that the folder it makes is then its own."""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from buildproc import command, project

from rulesite.common import output


def _someone_elses(folder: Path) -> dict[str, str]:
    """A folder a maintainer keeps (a GitHub Pages checkout): a `.git` folder
    and a stray file. What it holds, by path and digest."""
    (folder / ".git" / "refs").mkdir(parents=True)
    (folder / ".git" / "HEAD").write_text("ref: refs/heads/gh-pages\n", encoding="utf-8")
    (folder / "important.txt").write_text("notes kept here by hand\n", encoding="utf-8")
    return _held(folder)


def _held(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() else "folder"
        for p in sorted(folder.rglob("*"))
    }


def _run(root: Path, args: list[str], timeout: float = 600) -> subprocess.CompletedProcess:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    return subprocess.run(args, cwd=root, env=env, capture_output=True, text=True, timeout=timeout)


RULESITE = [sys.executable, "-m", "rulesite"]
# Every option that names a place a command writes, as `rulesite` is given it.
WRITERS = {
    "build --site-dir": lambda place: _build("--site-dir", place),
    "build --docs-dir": lambda place: _build("--docs-dir", place),
    "build --bundle": lambda place: _build("--bundle", place),
    "export --out": lambda place: [*RULESITE, "export", "--sources-dir", "rules_src", "--out", place],
}


def _build(option: str, place: str) -> list[str]:
    args = command()
    at = args.index(option) if option in args else None
    if at is None:
        return [*args, option, place]
    args[at + 1] = place
    return args


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_an_option_pointed_at_someone_elses_folder_leaves_it_untouched(tmp_path, writer):
    root = project(tmp_path / "p")
    pages = root / "pages"
    before = _someone_elses(pages)
    result = _run(root, WRITERS[writer]("pages"))
    assert result.returncode == 1, result.stderr[-3000:]
    assert "Traceback" not in result.stderr
    # path: error[code]: message, naming the folder and how to go on
    assert "pages: error[output-folder]: not replaced:" in result.stderr
    assert "--replace-output" in result.stderr
    assert _held(pages) == before, "the folder's .git or its stray file was touched"
    assert not (root / "site").exists(), "it built the rest anyway"


@pytest.mark.parametrize("writer", ["build --bundle", "export --out"])
def test_a_file_the_build_did_not_write_is_not_replaced_either(tmp_path, writer):
    root = project(tmp_path / "p")
    stray = root / "notes.zip"
    stray.write_bytes(b"not a bundle")
    result = _run(root, WRITERS[writer]("notes.zip"))
    assert result.returncode == 1, result.stderr[-3000:]
    assert "notes.zip: error[output-folder]" in result.stderr and "Traceback" not in result.stderr
    assert stray.read_bytes() == b"not a bundle"


def test_serve_pointed_at_someone_elses_folder_refuses_before_serving(tmp_path):
    root = project(tmp_path / "p")
    before = _someone_elses(root / "pages")
    args = [*RULESITE, "serve", *command()[4:], "--port", "0"]
    args[args.index("--site-dir") + 1] = "pages"
    process = subprocess.Popen(args, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        stdout, stderr = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 1, stderr[-3000:]
    assert "pages: error[output-folder]" in stderr and "serving" not in stdout
    assert _held(root / "pages") == before


def test_replace_output_replaces_it_and_the_folder_made_is_the_builds_own(tmp_path):
    root = project(tmp_path / "p")
    _someone_elses(root / "pages")
    replaced = _run(root, _build("--site-dir", "pages") + ["--replace-output", "--bundle", "out/site.zip"])
    assert replaced.returncode == 0, replaced.stderr[-3000:]
    pages = root / "pages"
    assert pages.is_dir() and not pages.is_symlink(), "the site is a real folder"
    assert not (pages / ".git").exists() and not (pages / "important.txt").exists()
    assert (pages / "index.html").is_file() and (pages / output.MARKER).is_file()
    with zipfile.ZipFile(root / "out/site.zip") as archive:
        assert "rules-site/index.html" in archive.namelist()
    # Its own folder and bundle now: built again without the option.
    again = _run(root, _build("--site-dir", "pages") + ["--bundle", "out/site.zip"])
    assert again.returncode == 0, again.stderr[-3000:]
    exported = _run(root, [*RULESITE, "export", "--sources-dir", "rules_src", "--out", "data"])
    assert exported.returncode == 0, exported.stderr[-3000:]
    assert (root / "data/index.json").is_file() and (root / "data" / output.MARKER).is_file()
    again = _run(root, [*RULESITE, "export", "--sources-dir", "rules_src", "--out", "data"])
    assert again.returncode == 0, again.stderr[-3000:]
    assert sorted(p.name for p in root.glob(".data.*")) == [".data.lock"], "an export left a generation behind"


def test_an_empty_or_missing_folder_is_the_builds_to_fill():
    assert output.foreign(Path("/nonexistent/place")) is None


def test_foreign_knows_the_builds_folders_from_others(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    assert output.foreign(empty) is None
    ours = tmp_path / "ours"
    ours.mkdir()
    (ours / "index.html").write_text("x", encoding="utf-8")
    assert output.foreign(ours) is not None
    output.stamp(ours)
    assert output.foreign(ours) is None
    # An older version's link to its generation beside it is the build's; another link is not.
    (tmp_path / ".old.20261201T101500-1-abcdef").mkdir()
    (tmp_path / "old").symlink_to(".old.20261201T101500-1-abcdef")
    assert output.foreign(tmp_path / "old") is None
    (tmp_path / "elsewhere").symlink_to(ours)
    assert output.foreign(tmp_path / "elsewhere") is not None
    (tmp_path / "file").write_text("x", encoding="utf-8")
    assert output.foreign(tmp_path / "file") is not None


def _generation(folder: Path, name: str, text: str) -> Path:
    fresh = output.generation(folder, name)
    fresh.mkdir()
    (fresh / "index.html").write_text(text, encoding="utf-8")
    output.stamp(fresh)
    return fresh


@pytest.mark.parametrize("swap", ["exchange", "two renames"])
def test_the_site_is_a_real_folder_replaced_whole(tmp_path, monkeypatch, swap):
    if swap == "two renames":  # a system or file system without renameat2's exchange
        monkeypatch.setattr(output, "_exchange", lambda a, b: False)
    site = tmp_path / "site"
    output.publish(_generation(site, "1", "one"), site)
    assert site.is_dir() and not site.is_symlink()
    first = output.identity(site)
    output.publish(_generation(site, "2", "two"), site)
    assert (site / "index.html").read_text(encoding="utf-8") == "two"
    assert output.identity(site) not in (None, first), "the new generation is known as another"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"], "the old site was left beside it"


def test_an_older_versions_link_becomes_a_real_folder(tmp_path):
    site = tmp_path / "site"
    old = _generation(site, "0", "old")
    site.symlink_to(old.name)
    output.publish(_generation(site, "1", "new"), site)
    assert site.is_dir() and not site.is_symlink()
    assert (site / "index.html").read_text(encoding="utf-8") == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_a_build_killed_between_the_two_renames_gets_its_site_back(tmp_path):
    """Without the exchange, the old site is renamed aside first: a build
    killed just then leaves no `site/`, and the next build puts it back."""
    site = tmp_path / "site"
    output.publish(_generation(site, "1", "one"), site)
    aside = output.generation(site, "2")
    site.rename(aside.with_name(aside.name + ".replaced"))
    assert not site.exists()
    output.clean(site)
    assert (site / "index.html").read_text(encoding="utf-8") == "one"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_the_docs_folder_stays_a_link_to_its_generation(tmp_path):
    docs = tmp_path / "docs"
    first = _generation(docs, "1", "one")
    output.publish(first, docs, link=True)
    assert docs.is_symlink() and output.published(docs) == first
    replaced = output.publish(_generation(docs, "2", "two"), docs, clean_up=False, link=True)
    assert replaced == first and (docs / "index.html").read_text(encoding="utf-8") == "two"


def test_cp_r_of_a_built_site_copies_the_site(built_site, tmp_path):
    """`cp -r site dest/` (and tar, rsync, upload actions) copy the site itself, not a link."""
    copy = tmp_path / "copy"
    subprocess.run(["cp", "-r", str(built_site.site), str(copy)], check=True)
    assert not built_site.site.is_symlink()
    assert (copy / "index.html").is_file() and not (copy / "index.html").is_symlink()
    copied = sorted(p.relative_to(copy).as_posix() for p in copy.rglob("*"))
    assert copied == sorted(p.relative_to(built_site.site).as_posix() for p in built_site.site.rglob("*"))
