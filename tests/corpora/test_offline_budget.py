"""The offline app's budget is met by choosing what a first visit stores, never
by failing a build whose sources grew: the full corpora plus an older Magic
Comprehensive Rules edition (made at test time from the corpora's, written to
a temporary folder with its own manifest and added with `--also`, as a
maintainer adds an edition) builds, its worker stays within 8 MB, stores the
current Core Rules' rule texts and histories (what readers open most), and
the build says what it left for later."""

from __future__ import annotations

import re

import pytest
from grown_corpora import grown_build

from rulesite.check.offline_app import check_precache, read_build
from rulesite.common.precache import PRECACHE_BUDGET

pytestmark = pytest.mark.corpora

# Where each kind a first visit may leave for later lives (render/offline_app.py: choose).
KIND_FOLDERS = {"rule texts": "assets/previews/", "pages": "assets/offline/", "histories": "assets/history/"}


@pytest.fixture(scope="module")
def grown(tmp_path_factory, repo_root, corpora_dir):
    """The full corpora and an older Magic edition (a few rules taken out,
    renumbered and reworded), built from the repo root; shared with
    test_many_editions.py (tests/grown_corpora.py)."""
    root, result = grown_build(tmp_path_factory, repo_root, corpora_dir)
    return root / "site", result


def test_a_build_whose_sources_grew_stays_within_the_budget_by_choosing(grown):
    site, result = grown
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-6000:]
    assert "error[" not in output, output[-6000:]
    # The older edition was read and built (else the test would prove nothing).
    assert re.search(r"^history +magic/comprehensive-rules \(en\) 2024-11-08 → 2025-02-07: ", result.stdout, re.MULTILINE), (
        result.stdout[-3000:]
    )
    problems, found = check_precache(site)
    assert problems == []
    english = next(p for p in found if p.worker == "sw.js")
    assert max(english.size, english.fetched) <= PRECACHE_BUDGET
    build = read_build(site / "sw.js")
    stored = {url for url, _, _ in build["precache"]}
    # What readers open most is stored: the current Core Rules' rule texts and histories.
    assert "assets/previews/riftbound/core-rules/424.js" in stored
    assert "assets/history/riftbound/core-rules/424.js" in stored
    # Something was left for later, said in the worker and in the build's summary,
    # and none of it is stored.
    later = build.get("later") or []
    assert later, "the grown corpora fit the budget whole: the test proves nothing"
    for item in later:
        folder = KIND_FOLDERS[item["kind"]] + item["folder"] + "/"
        assert not any(url.startswith(folder) for url in stored), folder
        assert item["files"] > 0 and item["bytes"] > 0
        assert f"{item['kind']} of {item['folder']}/ ({item['files']} files" in result.stdout, result.stdout[-3000:]
    assert re.search(r"^offline +sw\.js leaves for later, stored when visited: ", result.stdout, re.MULTILINE)
    # Each document stored has its one bundle, none for what was left.
    folders = {b["folder"] for b in build["bundles"]}
    assert "assets/previews/riftbound/core-rules/" in folders
    assert not folders & {KIND_FOLDERS[item["kind"]] + item["folder"] + "/" for item in later}
