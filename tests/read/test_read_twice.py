"""Two reads of the same sources give the same model, whatever Python's string
hashing: every order the read and merge stages produce is a total order, never
the order of a set."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

DUMP = """
import dataclasses, sys
from pathlib import Path
from rulesite.common.diagnostics import Diagnostics
from rulesite.stages.read import read_corpus
diag = Diagnostics()
also = [(Path(sys.argv[2]), Path(sys.argv[3]))] if len(sys.argv) > 3 else []
corpus = read_corpus(Path(sys.argv[1]), diag, also)
print(repr(dataclasses.asdict(corpus)))
print([str(d) for d in diag.items])
"""


def _dump(manifest: Path, seed: str, *also: Path) -> str:
    result = subprocess.run(
        [sys.executable, "-c", DUMP, str(manifest), *map(str, also)],
        capture_output=True,
        text=True,
        timeout=600,
        env=dict(os.environ, PYTHONHASHSEED=seed),
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_two_reads_of_the_seeds_are_identical(repo_root: Path):
    first, second = (_dump(repo_root / "rules_src" / "manifest.yml", seed) for seed in ("1", "2"))
    assert len(first) > 10000 and first == second


@pytest.mark.corpora
def test_two_reads_of_the_corpora_are_identical(repo_root: Path, corpora_dir: Path):
    sources = repo_root / "rules_src"
    args = (sources / "external" / "corpora.manifest.yml", corpora_dir)
    first, second = (_dump(sources / "manifest.yml", seed, *args) for seed in ("1", "3"))
    assert len(first) > 1_000_000 and first == second
