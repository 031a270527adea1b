"""Sources read by forked workers, one a core (`workers.py`), give the very
model and the very problems, in the same order, that reading them one after
another gives; a problem found in a worker (a file that is not there) is
reported as it would be in this process."""

from __future__ import annotations

import shutil
from pathlib import Path

from rulesite.common.diagnostics import Diagnostics
from rulesite.read import read_sources


def _read(manifest: Path, jobs: int) -> tuple[str, list[str]]:
    diag = Diagnostics()
    read = read_sources(manifest, diag, jobs=jobs)
    return repr(read), [str(d) for d in diag.items]


def test_workers_read_the_seeds_as_one_process_does(repo_root):
    manifest = repo_root / "rules_src" / "manifest.yml"
    alone, problems = _read(manifest, 1)
    assert "Show Off" in alone and "Reveal" in alone
    assert _read(manifest, 2) == (alone, problems)
    assert _read(manifest, 3) == (alone, problems)


def test_a_problem_in_a_worker_is_reported_in_order(repo_root, tmp_path):
    shutil.copytree(repo_root / "rules_src", tmp_path / "rules_src")
    manifest = tmp_path / "rules_src" / "manifest.yml"
    (tmp_path / "rules_src" / "riftbound" / "832-show-off.web-page.txt").unlink()
    alone, problems = _read(manifest, 1)
    assert any("832-show-off.web-page.txt" in p and "error[" in p for p in problems), problems
    assert _read(manifest, 2) == (alone, problems)
