"""Sites built once per test run and shared by every test and every worker.

A whole build takes seconds (the seed sources) to minutes (the full corpora),
and the suite runs on several pytest-xdist workers (`scripts/run_tests.sh`
passes `-n`). `once(tmp_path_factory, name, key, make)` makes a folder the first
time any worker asks for (name, key) in this run and hands the same folder to
every later asker: the first asker holds a file lock while it makes it, the
others wait on that lock and then read what it made. The folder lives in the
run's own temporary root (pytest's basetemp, or its parent under xdist, which
all workers share), so a new run starts from nothing and never reads an older
run's sites.

`shared_build` is the usual case: sources written by a function into
ROOT/rules_src, then `rulesite build` with some arguments (buildutil.run_build),
keyed by the content of those sources and the arguments. The folder it returns
is shared: read it, never change it. A test that changes a site or its
sources works on a copy of its own. `hard_link_copy` (hard links, no bytes
copied) is for reading, or for replacing whole files: never write into a copied
file with open(..., "w"), and never build into a copy, since a build rewrites
its MkDocs configs (`.build/docs/mkdocs.<lang>.yml`) in place, which would
change the shared folder's (and they name the folder they were made in).
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import re
import shutil
import subprocess
from collections.abc import Callable, Iterable
from contextlib import contextmanager
from pathlib import Path

from buildutil import run_build

import pytest

_DONE = ".made"  # written last into a folder: what `make` left is whole


def shared_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder this run's workers share (the run's basetemp without xdist)."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent  # pytest-N/popen-gwK -> pytest-N, the same for every worker
    folder = base / "shared-sites"
    folder.mkdir(exist_ok=True)
    return folder


@contextmanager
def _locked(path: Path):
    with open(path, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def once(tmp_path_factory: pytest.TempPathFactory, name: str, key: Iterable[str], make: Callable[[Path], None]) -> Path:
    """The folder that `make(folder)` filled, made once per run for (name, key).

    `key` names everything the folder is made from (arguments, digests of the
    inputs): two askers with the same name and key get the same folder. When
    `make` raises, the folder is not marked made, and the next asker tries again.
    """
    return once_in(shared_root(tmp_path_factory), name, key, make)


def once_in(
    root: Path, name: str, key: Iterable[str], make: Callable[[Path], None], locked: Callable[[], None] = lambda: None
) -> Path:
    """`once` in the shared folder `root`; `locked()` is called once this
    process holds the folder's lock (before it makes or reads it)."""
    digest = hashlib.sha256("\0".join([name, *key]).encode()).hexdigest()[:16]
    folder = root / f"{re.sub(r'[^A-Za-z0-9_.-]', '-', name)}-{digest}"
    with _locked(folder.with_name(folder.name + ".lock")):
        locked()
        if not (folder / _DONE).is_file():
            if folder.exists():
                shutil.rmtree(folder)  # left half made by an asker that failed
            folder.mkdir()
            make(folder)
            (folder / _DONE).write_text("", encoding="utf-8")
    return folder


def tree_digest(folder: Path) -> str:
    """sha256 of every file's path and bytes under `folder` (links followed)."""
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def shared_build(
    tmp_path_factory: pytest.TempPathFactory,
    repo_root: Path,
    name: str,
    write_sources: Callable[[Path], object],
    *extra: str,
) -> tuple[Path, subprocess.CompletedProcess]:
    """(ROOT, result): `write_sources(ROOT)` wrote ROOT/rules_src, and
    `rulesite build *extra` built it into ROOT/docs and ROOT/site (run from ROOT,
    as buildutil.run_build does), once per run for the same sources and
    arguments. The result is returned whatever its exit code: the test asserts.
    ROOT is shared with other tests: never change it (see hard_link_copy)."""
    staging = tmp_path_factory.mktemp(f"{name}-sources")
    write_sources(staging)
    key = [tree_digest(staging / "rules_src"), *extra]

    def make(root: Path) -> None:
        shutil.copytree(staging / "rules_src", root / "rules_src")
        result = run_build(repo_root, root, *extra)
        record = {"returncode": result.returncode, "stdout": result.stdout, "stderr": result.stderr}
        (root / "build-result.json").write_text(json.dumps(record), encoding="utf-8")

    root = once(tmp_path_factory, name, key, make)
    record = json.loads((root / "build-result.json").read_text(encoding="utf-8"))
    args = ["rulesite", "build", *extra]
    return root, subprocess.CompletedProcess(args, record["returncode"], record["stdout"], record["stderr"])


def hard_link_copy(source: Path, target: Path) -> Path:
    """A copy of the folder `source` at `target` made of hard links (no bytes
    copied), symbolic links kept as links. Deleting or replacing a file of the
    copy leaves `source` whole; writing into one in place would not."""
    shutil.copytree(source, target, symlinks=True, copy_function=os.link)
    return target
