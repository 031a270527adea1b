"""Two editions of one document written for the tests
(tests/read/fixtures/edition-*.rules-document.txt: v1's 200 Reveal is v2's
300 Reveal, its two rules renumbered with the same text; 101.1 is reworded;
201 Hide is added), and their site (`rulesite build`, MkDocs strict), built
once per run for every module that opens it (shared_sites.shared_build: read
it, never change it)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from shared_sites import shared_build

FIXTURES = Path(__file__).parent / "read" / "fixtures"
MANIFEST = "sources:\n" + "".join(
    f"  - {{id: e{n}, path: edition-{n}.rules-document.txt, game: riftbound, document: core-rules, language: en,\n"
    f"     edition: {date}, version: '{n}', format: rules-document}}\n"
    for n, date in ((1, "2030-01-15"), (2, "2030-06-01"))
)


def write_two_editions(root: Path) -> None:
    """root/rules_src: the two editions and their manifest."""
    sources = root / "rules_src"
    sources.mkdir()
    for n in (1, 2):
        shutil.copy(FIXTURES / f"edition-{n}.rules-document.txt", sources)
    (sources / "manifest.yml").write_text(MANIFEST, encoding="utf-8")


def two_editions_build(tmp_path_factory: pytest.TempPathFactory, repo_root: Path) -> Path:
    """ROOT holding rules_src/, docs/ and site/ of the two editions' build,
    which must have succeeded."""
    root, result = shared_build(tmp_path_factory, repo_root, "two-editions", write_two_editions)
    assert result.returncode == 0, result.stdout + result.stderr
    return root
