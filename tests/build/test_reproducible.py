"""Reproducible: two builds of the same sources are byte-identical (sitemap
dates come from the sources, every order is total), the full corpora included,
the second drawing every preview image anew (a store of its own, empty)."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from buildproc import REPO, tree


@pytest.mark.corpora
def test_two_builds_of_the_full_corpora_are_byte_identical(corpora_site, corpora_dir, tmp_path):
    """The session's corpora build is the first; this test makes the second."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", RULESITE_IMAGE_STORE=str(tmp_path / "images"))
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
    drawn = re.search(r"preview images: (\d+) drawn", result.stdout)
    images = {p.rsplit("/", 1)[1] for p in second if "/og/" in f"/{p}" and p.endswith(".png")}
    assert drawn and int(drawn[1]) >= len(images) > 0, "every image drawn by the second build itself"
    assert sorted(first) == sorted(second), "the two builds wrote different files"
    differ = sorted(p for p in first if first[p] != second[p])
    assert differ == [], f"{len(differ)} files differ, e.g. {differ[:10]}"
