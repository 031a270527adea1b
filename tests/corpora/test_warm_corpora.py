"""`rulesite serve`'s warm builds on the real corpora (copied: the test
changes them): one ruling reworded, then one rule of the current Core Rules
reworded (its history, diffs, previews and data change too), then a Core
Rules edition added, each through the warm path (`warm.Memory`); after each,
the Markdown written is a clean build's, byte for byte."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import yaml

from rulesite import pipeline
from rulesite.bench_editions import current_core_rules, later_edition, reword_a_current_rule
from rulesite.warm import Memory

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "build"))
from buildproc import change_a_ruling, project  # noqa: E402
from test_warm_builds import _docs, run, same_trees, settings  # noqa: E402


def add_an_edition(root: Path, corpora: Path) -> None:
    manifest, newest, path = current_core_rules(root / "rules_src", corpora)
    text, entry = later_edition(path.read_text(encoding="utf-8"), newest, "1.9", "2027-01-31", "still")
    (corpora / entry["path"]).write_text(text, encoding="utf-8")
    manifest["sources"].append(entry)
    target = pipeline.corpora_manifest(root / "rules_src")
    target.write_text(yaml.safe_dump(manifest, sort_keys=False, allow_unicode=True), encoding="utf-8")


def test_warm_builds_of_the_full_corpora_write_the_clean_builds_markdown(tmp_path, corpora_dir):
    root = project(tmp_path / "project")
    corpora = tmp_path / "corpora"
    shutil.copytree(corpora_dir, corpora)
    memory = Memory()
    run(settings(root, "warm", corpora=corpora), memory)
    changes = {
        "ruling reworded": lambda: change_a_ruling(root),
        "rule reworded": lambda: reword_a_current_rule(root / "rules_src", corpora),
        "edition added": lambda: add_an_edition(root, corpora),
    }
    for what, change in changes.items():
        before = dict(memory.jobs)
        change()
        warm = _docs(run(settings(root, "warm", corpora=corpora), memory))
        clean = _docs(run(settings(root, "clean", corpora=corpora, clean=True)))
        same_trees(warm, clean)
        reused = sum(1 for name, (digest, _) in memory.jobs.items() if before.get(name, ("",))[0] == digest)
        print(f"{what}: {reused} of {len(memory.jobs)} reusable render jobs reused")
        if what != "edition added":
            assert reused > len(memory.jobs) // 2, f"{what}: only {reused} of {len(memory.jobs)} reusable jobs reused"
