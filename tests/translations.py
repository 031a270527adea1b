"""A scratch copy of the seeds with translated Riftbound sources added by
following the maintainer's guide literally ("Add a translated section" in
docs/maintainers.md: its manifest entry is read from the guide). The
translated texts are small fixtures written for these tests
(tests/fixtures/translations/), never the corpora."""

from __future__ import annotations

import re
import shutil
import textwrap
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "translations"
GUIDE = REPO_ROOT / "docs" / "maintainers.md"


def guide_entry(heading: str) -> str:
    """The manifest entry (the first ```yaml block) the guide gives under `heading`."""
    text = GUIDE.read_text(encoding="utf-8")
    start = text.index(f"\n### {heading}\n")
    end = text.find("\n## ", start)
    block = re.search(r"```yaml\n(.*?)\n *```", text[start:end], re.S)
    assert block is not None, f"the guide gives no manifest entry under '{heading}'"
    return textwrap.dedent(block[1])


def add_translated_section(rules_src: Path) -> str:
    """The guide's "Add a translated section", step by step: the translated
    file where the entry's `path` says, the entry added to the manifest;
    nothing else. Returns the entry's path."""
    entry = guide_entry("Add a translated section")
    path = re.search(r"^ *path: (\S+)$", entry, re.M)[1]
    shutil.copyfile(FIXTURES / Path(path).name, rules_src / path)
    with (rules_src / "manifest.yml").open("a", encoding="utf-8") as manifest:
        manifest.write("\n" + textwrap.indent(entry.strip("\n"), "  ") + "\n")
    return path


# Two whole English editions of a small Core Rules of our own (section 424
# only), 1.1 rewording 424.1.a: what a translation of 1.0 falls behind.
ENGLISH_EDITIONS = """
sources:
  - id: rb-core-v1.0
    path: riftbound/core-rules-v1.0.txt
    game: riftbound
    document: core-rules
    language: en
    edition: 2026-01-15
    version: "1.0"
    format: rules-text
    title: "Riftbound Core Rules 1.0"

  - id: rb-core-v1.1
    path: riftbound/core-rules-v1.1.txt
    game: riftbound
    document: core-rules
    language: en
    edition: 2026-05-01
    version: "1.1"
    format: rules-text
    title: "Riftbound Core Rules 1.1"
"""


def english_editions(root: Path) -> Path:
    """root/rules_src: the two English editions alone, as their maintainer added them."""
    rules_src = root / "rules_src"
    (rules_src / "riftbound").mkdir(parents=True)
    for name in ("core-rules-v1.0.txt", "core-rules-v1.1.txt"):
        shutil.copyfile(FIXTURES / name, rules_src / "riftbound" / name)
    (rules_src / "manifest.yml").write_text(ENGLISH_EDITIONS.lstrip("\n"), encoding="utf-8")
    return rules_src


def add_translated_edition(rules_src: Path) -> str:
    """The guide's "Add a translated edition", step by step: the Spanish
    edition where the entry's `path` says, the entry added to the manifest."""
    entry = guide_entry("Add a translated edition")
    path = re.search(r"^ *path: (\S+)$", entry, re.M)[1]
    shutil.copyfile(FIXTURES / Path(path).name, rules_src / path)
    with (rules_src / "manifest.yml").open("a", encoding="utf-8") as manifest:
        manifest.write("\n" + textwrap.indent(entry.strip("\n"), "  ") + "\n")
    return path


def translated_seeds(repo_root: Path, root: Path) -> Path:
    """root/rules_src: a copy of the seeds with the translated section added."""
    rules_src = root / "rules_src"
    shutil.copytree(repo_root / "rules_src", rules_src)
    add_translated_section(rules_src)
    return rules_src


def translated_editions(root: Path) -> Path:
    """root/rules_src: two English editions and a Spanish translation of the older."""
    rules_src = english_editions(root)
    add_translated_edition(rules_src)
    return rules_src
