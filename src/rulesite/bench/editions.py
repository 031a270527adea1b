"""The Core Rules editions `rulesite bench` adds to the real ones, made at bench
time and never committed: its whole builds with 2, 3 and 4 editions
(`command.py`) and the live preview's edition added (`serve.py`)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import yaml

from ..stages import read as read_stage


# The editions the benchmark adds to v1.2 and v1.4: (version, date, the word each adds).
BENCH_EDITIONS = [("1.5", "2026-09-30", "now"), ("1.6", "2026-11-30", "still")]


def editions_project(base: Path, corpora: Path, work: Path, editions: int) -> tuple[Path, Path]:
    """A project and corpora folder whose Core Rules have `editions` whole editions:
    2, v1.2 and v1.4; 3, plus a later copy of v1.4 ("v1.5"); 4, plus another
    ("v1.6"). The third and the fourth edition added are the same size, so what
    one more edition costs is compared with an edition like it (v1.1, the third
    real one, has a third fewer rules than v1.4: by size alone the fourth would
    cost about 1.2 × the average of the two). Each copy has one word added to the
    rules of section 100, its own, so that no two editions print the same text."""
    project = work / f"editions-{editions}"
    shutil.copytree(base, project, symlinks=True, ignore=shutil.ignore_patterns("build", "site", ".site*", ".build"))
    folder = work / f"corpora-{editions}"
    shutil.copytree(corpora, folder)
    manifest_path = read_stage.corpora_manifest(project / "rules_src")
    manifest = yaml.safe_load(manifest_path.read_text(encoding="utf-8"))
    entries = manifest["sources"]
    core = [e for e in entries if e.get("document") == "core-rules" and e.get("format") == "rules-document"]
    entries.remove(min(core, key=lambda e: str(e["edition"])))
    newest = max(core, key=lambda e: str(e["edition"]))
    text = (folder / newest["path"]).read_text(encoding="utf-8")
    for version, date, word in BENCH_EDITIONS[: editions - 2]:
        copy, entry = later_edition(text, newest, version, date, word)
        (folder / entry["path"]).write_text(copy, encoding="utf-8")
        entries.append(entry)
    manifest_path.write_text(yaml.safe_dump(manifest, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return project, folder


def later_edition(text: str, newest: dict, version: str, date: str, word: str) -> tuple[str, dict]:
    """A later edition of the Core Rules `text` (listed as `newest`): the same
    rules, with `word` added in section 100's rules; its text and manifest entry."""
    copy = re.sub(r"^(10[1-9]\.\S*\s+\S+)", rf"\1 {word}", text, flags=re.M).replace(str(newest["edition"]), date)
    entry = {
        **newest,
        "id": f"rb-core-v{version}-bench",
        "path": f"bench-core-v{version}.txt",
        "edition": date,
        "version": version,
        "title": f"Riftbound Core Rules v{version} (made by the benchmark)",
    }
    return copy, entry


def current_core_rules(sources: Path, corpora: Path) -> tuple[dict, dict, Path]:
    """The manifest of the project whose sources folder is `sources`, its newest
    Core Rules entry, and that edition's file in `corpora`."""
    manifest = yaml.safe_load(read_stage.corpora_manifest(sources).read_text(encoding="utf-8"))
    core = [e for e in manifest["sources"] if e.get("document") == "core-rules" and e.get("format") == "rules-document"]
    newest = max(core, key=lambda e: str(e["edition"]))
    return manifest, newest, corpora / newest["path"]


def reword_a_current_rule(sources: Path, corpora: Path) -> str:
    """Saves the current Core Rules with their first sub-rule of sections
    101-109 reworded ("103.1.a. This is placed..." -> "103.1.a. This now is
    placed..."): its first word is no heading's, so the edit rewords a rule and
    leaves the sections as they are. The sub-rule's new words, which it did
    not read before: its first word, each "now", and the word after them."""
    _, _, path = current_core_rules(sources, corpora)
    text = path.read_text(encoding="utf-8")
    found = re.search(r"^(10[1-9]\.\d+\.[a-z]\.)[^\S\n]+(\S+)", text, flags=re.M)
    if found is None:
        raise SystemExit(f"{path}: no sub-rule of section 101-109 to reword")
    changed = text[: found.end(2)] + " now" + text[found.end(2) :]
    path.write_text(changed, encoding="utf-8")
    return re.match(r"\S+(?: now)+(?: \S+)?", changed[found.start(2) :]).group(0)
