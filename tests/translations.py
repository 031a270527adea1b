"""A scratch copy of the seeds with translated Riftbound sources added, as the
maintainer's guide ("Add a language") says: the fixtures are small texts
written for these tests (tests/fixtures/translations/), never the corpora."""

from __future__ import annotations

import shutil
from pathlib import Path

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "translations"

# The French translation of section 424, declared like its English original
# (rb-424-web) with only `id`, `path`, `language` and `title` its own.
FRENCH_424 = """
  - id: rb-424-web-fr
    path: riftbound/424-reveler.fr.web-page.txt
    game: riftbound
    document: core-rules
    language: fr
    edition: undated
    format: web-blocks
    partial: true
    title: "Page web des règles : Révéler"
"""


def add_translated_section(rules_src: Path) -> None:
    """The guide's "Add a translated section", step by step: the file beside
    its original, its manifest entry; nothing else."""
    shutil.copyfile(FIXTURES / "424-reveler.fr.web-page.txt", rules_src / "riftbound" / "424-reveler.fr.web-page.txt")
    with (rules_src / "manifest.yml").open("a", encoding="utf-8") as manifest:
        manifest.write(FRENCH_424)


def translated_seeds(repo_root: Path, root: Path) -> Path:
    """root/rules_src: a copy of the seeds with the translations added."""
    rules_src = root / "rules_src"
    shutil.copytree(repo_root / "rules_src", rules_src)
    add_translated_section(rules_src)
    return rules_src
