"""Which edits let a rebuild build only the changed pages (`built_from.rebuildable`):
those that leave the language's frame, its pages and their titles, as it was.
A title MkDocs does not read must not count, or a rule reworded (which changes
the counts at the top of every part of its edition's diff) rebuilds the whole
language in MkDocs."""

from __future__ import annotations

from pathlib import Path

from rulesite.engine import built_from

DIFF_PART = """---
title: "Core Rules: v1.1 \\u2192 v1.4, sections 101-104"
---

# Core Rules\\: v1\\.1 → v1\\.4\\, sections 101\\-104 {{: #diff }}

{counts}
{{: .diff-counts }}
"""

PLAIN = """# {heading}
{second}

Text.
"""


def _keys(tmp_path: Path, pages: dict[str, str]) -> dict:
    config_dir = tmp_path / "build"
    config_dir.mkdir(exist_ok=True)
    (config_dir / "mkdocs.en.yml").write_text("site_name: Rules\n", encoding="utf-8")
    config = tmp_path / "mkdocs.yml"
    config.write_text("site_name: Rules\n", encoding="utf-8")
    return built_from.language_keys({"en": pages}, config_dir, config, {"SOURCE_DATE_EPOCH": "0"})["en"]


def test_a_diff_parts_counts_are_not_its_title(tmp_path):
    before = _keys(tmp_path, {"changes/a.md": DIFF_PART.format(counts="838 added • 364 changed")})
    after = _keys(tmp_path, {"changes/a.md": DIFF_PART.format(counts="838 added • 365 changed")})
    assert before["key"] != after["key"], "the page changed: the language is not reused whole"
    assert before["frame"] == after["frame"], "the counts are no title: only the page need be built again"


def test_a_title_in_the_front_matter_or_the_first_lines_is_of_the_frame(tmp_path):
    titled = _keys(tmp_path, {"a.md": DIFF_PART.format(counts="1 added")})
    retitled = _keys(tmp_path, {"a.md": DIFF_PART.format(counts="1 added").replace("101-104", "101-105", 1)})
    assert titled["frame"] != retitled["frame"]
    # Without front matter, MkDocs takes the heading, underlined or not.
    plain = _keys(tmp_path, {"a.md": PLAIN.format(heading="Deck", second="")})
    for heading, second in (("Decks", ""), ("Deck", "===")):
        assert _keys(tmp_path, {"a.md": PLAIN.format(heading=heading, second=second)})["frame"] != plain["frame"]
