"""Reproducible: two builds of the same sources are byte-identical (sitemap
dates come from the sources, every order is total), the full corpora included."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from buildproc import REPO, tree


@pytest.mark.corpora
def test_two_builds_of_the_full_corpora_are_byte_identical(corpora_site, corpora_dir, tmp_path):
    """The session's corpora build is the first; this test makes the second."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "rulesite",
            "build",
            "--corpora",
            str(corpora_dir),
            "--docs-dir",
            str(tmp_path / "docs"),
            "--site-dir",
            str(tmp_path / "site"),
        ],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=30 * 60,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    first, second = tree(corpora_site.site), tree(tmp_path / "site")
    assert sorted(first) == sorted(second), "the two builds wrote different files"
    differ = sorted(p for p in first if first[p] != second[p])
    assert differ == [], f"{len(differ)} files differ, e.g. {differ[:10]}"
