"""The hostile corpus's base: a copy of rules_src/ plus one small file of every
other source format (tests/hostile/files/, written for these tests)."""

from __future__ import annotations

import shutil
from pathlib import Path

from rulesite.common import output

FILES = Path(__file__).parent / "files"
MANIFEST = "rules_src/manifest.yml"


def make_base(repo_root: Path, root: Path) -> None:
    shutil.copytree(repo_root / "rules_src", root / "rules_src")
    # The project's misprints are slips of the real Magic rules; the base's Magic
    # edition is a small one written for these tests, which prints none of them.
    (root / "rules_src" / "misprints.yml").write_text(
        "# The base's Magic edition prints no slip: this entry names a source the base\n"
        "# does not read, so it is read and checked, never matched.\n"
        "not-read-here:\n  - rule: '100.9'\n    reason: a slip of a source this build does not read\n",
        encoding="utf-8",
    )
    extra = root / "rules_src" / "hostile"
    extra.mkdir()
    for name in (
        "tournament-rules.txt",
        "comprehensive-rules.txt",
        "faq.json",
        "faq-translation.yml",
        "errata.json",
        "cards.json",
    ):
        shutil.copy(FILES / name, extra / name)
    for folder in ("guides", "mdx"):
        shutil.copytree(FILES / folder, extra / folder)
    manifest = root / MANIFEST
    manifest.write_text(
        manifest.read_text(encoding="utf-8") + (FILES / "manifest-extra.yml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    for name in ("docs", "site"):
        (root / name).mkdir()
        (root / name / "sentinel.txt").write_text(f"the previous {name}\n", encoding="utf-8")
        output.stamp(root / name)  # an earlier build's folders, which a build may replace (never a stranger's)
