"""`rulesite bench --serve` reads when a build has ended from the lines serve
prints at each build's start and end (`changed `, then `built ` or `serving
the last good site`), never from a quiet spell: a build may print nothing for
seconds (`bench_serve.ServeProcess.settled`)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from rulesite.bench.serve import ServeProcess

# Prints as serve does: the first build, then a build silent for 2 s and again for 2 s
# after its MkDocs step's counts (`built    <edition>`), then one that fails.
SCRIPT = """
import sys, time
say = lambda line: (print(line), sys.stdout.flush())
say("built    in 1.00 s (published at 0.95 s): 3 files changed, 1 of them pages; tabs told 0.01 s after publishing")
say("serving  http://127.0.0.1:1/ (Ctrl-C stops)")
time.sleep(0.5)
say("changed  rules_src/a.txt")
time.sleep(2)
say("built    riftbound/core-rules (en) v1.4: 179 sections")
time.sleep(2)
say("built    in 4.00 s (published at 3.90 s): 2 files changed, 1 of them pages; tabs told 0.01 s after publishing")
say("changed  rules_src/b.txt")
time.sleep(0.5)
say("serving  the last good site: the build failed (above); save a fix to build again")
time.sleep(60)
"""


def test_a_build_silent_for_seconds_is_waited_for(tmp_path: Path):
    server = ServeProcess(tmp_path, tmp_path, command=[sys.executable, "-c", SCRIPT])
    try:
        assert server.wait_for("serving  http").split()[1] == "http://127.0.0.1:1/"
        time.sleep(1)  # the silent build has started
        started = time.monotonic()
        found = server.settled(idle=1.0, timeout=30)
        assert time.monotonic() - started > 3, "settled while a build was still running"
        assert [line.split()[0] for line in found] == ["changed", "built", "built", "changed", "serving"], found
        assert server.started == server.ended == 3
    finally:
        server.process.kill()
        server.process.wait()


def test_a_failed_build_ends_it_too(tmp_path: Path):
    server = ServeProcess(tmp_path, tmp_path, command=[sys.executable, "-c", SCRIPT])
    try:
        server.wait_for("changed ")
        assert server.build_ended(timeout=30).startswith("built    in 4.00 s")
        assert server.build_ended(timeout=30).startswith("serving  the last good site")
    finally:
        server.process.kill()
        server.process.wait()


def test_each_rule_rewording_gives_words_the_rule_did_not_read_before(tmp_path: Path):
    from rulesite.bench.editions import reword_a_current_rule

    sources, corpora = tmp_path / "rules_src", tmp_path / "corpora"
    (sources / "external").mkdir(parents=True)
    corpora.mkdir()
    entry = "- {id: core, document: core-rules, format: rules-document, edition: '2026-06-18', path: core.txt}\n"
    (sources / "external" / "corpora.manifest.yml").write_text(f"sources:\n{entry}", encoding="utf-8")
    rules = corpora / "core.txt"
    rules.write_text("101. Deck Construction\n103.1.a. This is placed in the Legend Zone.\n", encoding="utf-8")
    shown = []
    for _ in range(3):
        before = rules.read_text(encoding="utf-8")
        words = reword_a_current_rule(sources, corpora)
        assert words in rules.read_text(encoding="utf-8") and words not in before, words
        shown.append(words)
    assert shown == ["This now is", "This now now is", "This now now now is"]
    assert rules.read_text(encoding="utf-8").startswith("101. Deck Construction\n103.1.a. This now now now is placed")
