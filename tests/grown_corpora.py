"""The full corpora grown by an older Magic Comprehensive Rules edition (made at
test time from the corpora's, tests/older_editions.py: a few rules taken out,
renumbered and reworded), written to a folder with its own manifest and added
with `--also`, as a maintainer adds an edition; built from the repo root.

One build for the run (shared_sites.once), read by the tests of the offline
app's budget and by those of Magic with two editions
(tests/corpora/test_offline_budget.py, test_many_editions.py): never change it.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from older_editions import CORPUS_FILE, OLDER, older_text
from shared_sites import once


def grown_build(
    tmp_path_factory: pytest.TempPathFactory, repo_root: Path, corpora: Path
) -> tuple[Path, subprocess.CompletedProcess]:
    """(ROOT, result): the grown corpora built into ROOT/docs and ROOT/site, the
    result returned whatever its exit code (the tests assert)."""
    older = OLDER[0]
    text = older_text((corpora / CORPUS_FILE).read_bytes().decode("utf-8"), older)

    def make(root: Path) -> None:
        extra = root / "older-magic"
        extra.mkdir()
        (extra / f"cr-{older.date}.txt").write_bytes(text.encode("utf-8"))
        (extra / "manifest.yml").write_text(
            "sources:\n"
            f"  - id: mtg-cr-{older.date}\n    path: cr-{older.date}.txt\n    game: magic\n"
            "    document: comprehensive-rules\n    language: en\n"
            f"    edition: {older.date}\n    format: mtg-rules\n    title: Magic Comprehensive Rules\n",
            encoding="utf-8",
        )
        result = subprocess.run(
            [
                *(sys.executable, "-m", "rulesite", "build", "--corpora", str(corpora)),
                *("--also", str(extra / "manifest.yml"), str(extra)),
                *("--docs-dir", str(root / "docs"), "--site-dir", str(root / "site")),
            ],
            cwd=repo_root,
            env={"NO_MKDOCS_2_WARNING": "1", **os.environ},
            capture_output=True,
            text=True,
            timeout=1800,
        )
        record = {"returncode": result.returncode, "stdout": result.stdout, "stderr": result.stderr}
        (root / "build-result.json").write_text(json.dumps(record), encoding="utf-8")

    key = [str(corpora), str(repo_root), hashlib.sha256(text.encode("utf-8")).hexdigest()]
    root = once(tmp_path_factory, "grown-corpora", key, make)
    record = json.loads((root / "build-result.json").read_text(encoding="utf-8"))
    return root, subprocess.CompletedProcess(["rulesite", "build"], record["returncode"], record["stdout"], record["stderr"])
