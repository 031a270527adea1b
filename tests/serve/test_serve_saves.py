"""`rulesite serve`'s loop (`serve/command.py` with its watcher, `watch.py`),
its build replaced by one that takes a set time and writes the site, in a
process of its own, as a maintainer runs it: several saves made at once start
one build; saves made while a build runs start exactly one more after it; a
save of the same bytes starts none; the cyclic collector runs while serve
waits for a save, never in a build, and Ctrl-C during it stops serve."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from rulesite.bench.serve import ServeProcess

# `serve` with a build that lasts BUILD_S seconds and writes the saved file's words as the site's page.
SCRIPT = """
import gc, os, signal, sys, time
from pathlib import Path
from rulesite.sequence import Settings
from rulesite.serve.command import serve

root, build_s = Path(sys.argv[1]), float(sys.argv[2])
ctrl_c_in_collection = sys.argv[3:] == ["ctrl-c-in-collection"]
gc.callbacks.append(lambda phase, info: phase == "stop" and info["generation"] == 2 and print("collected", flush=True))
settings = Settings.of(root / "rules_src", root / "build" / "docs", root / "site", config=root / "mkdocs.yml")

def build(settings, diag, memory=None, published=None):
    print("collector", "on" if gc.isenabled() else "off", "in the build", flush=True)
    time.sleep(build_s)
    settings.site_dir.mkdir(parents=True, exist_ok=True)
    page = (settings.sources_dir / "rulings.txt").read_text(encoding="utf-8")
    (settings.site_dir / "index.html").write_text(f"<html><head></head><body>{page}</body></html>", encoding="utf-8")
    published()
    if ctrl_c_in_collection:  # Ctrl-C pressed as the next full collection starts
        gc.callbacks.append(lambda phase, info: phase == "start" and info["generation"] == 2 and os.kill(os.getpid(), signal.SIGINT))
    return 0

sys.exit(serve(settings, 0, False, build, 130))
"""


def start(tmp_path: Path, build_s: float, *extra: str) -> tuple[ServeProcess, Path]:
    (tmp_path / "rules_src").mkdir()
    ruling = tmp_path / "rules_src" / "rulings.txt"
    ruling.write_text("You cannot choose.\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text("site_name: t\n", encoding="utf-8")
    server = ServeProcess(tmp_path, tmp_path, command=[sys.executable, "-c", SCRIPT, str(tmp_path), str(build_s), *extra])
    server.wait_for("serving  http", timeout=60)
    return server, ruling


def builds(lines: list[str]) -> int:
    return sum(1 for line in lines if line.startswith("changed "))


def test_saves_made_at_once_start_one_build(tmp_path: Path):
    server, ruling = start(tmp_path, 0.2)
    try:
        for words in ("can never", "may not", "must not"):  # an editor saving three times in a row
            ruling.write_text(f"You {words} choose.\n", encoding="utf-8")
        server.wait_for("changed ", timeout=30)
        server.build_ended(timeout=30)
        assert builds(server.settled(idle=2.0, timeout=30)) == 0, "more than one build for one burst of saves"
        assert "must not" in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
        ruling.write_text("You must not choose.\n", encoding="utf-8")  # the same bytes
        assert builds(server.settled(idle=2.0, timeout=30)) == 0, "a build for a save that changed nothing"
    finally:
        assert server.stop() == 0, "".join(server.errors)[-3000:]


def test_saves_during_a_build_start_exactly_one_more(tmp_path: Path):
    server, ruling = start(tmp_path, 2.0)
    try:
        ruling.write_text("You can never choose.\n", encoding="utf-8")
        server.wait_for("changed ", timeout=30)
        for words in ("may not", "must not"):  # saved while that build runs
            time.sleep(0.3)
            ruling.write_text(f"You {words} choose.\n", encoding="utf-8")
        assert server.started == 2 and server.ended == 1, "the first build ended before the saves made during it"
        server.build_ended(timeout=30)
        server.wait_for("changed ", timeout=30)
        server.build_ended(timeout=30)
        assert builds(server.settled(idle=3.0, timeout=30)) == 0, "a third build"
        assert "must not" in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    finally:
        assert server.stop() == 0, "".join(server.errors)[-3000:]


def test_the_collector_runs_while_serve_waits_not_in_a_build(tmp_path: Path):
    # A full collection of what serve keeps takes 0.4 s on the full corpora:
    # it must not fall inside a build or a tab's reload, nor never come.
    server, ruling = start(tmp_path, 0.2)
    try:
        server.settled(idle=2.0, timeout=30)
        ruling.write_text("You can never choose.\n", encoding="utf-8")
        server.wait_for("changed ", timeout=30)
        server.build_ended(timeout=30)
        lines = list(server.said)
        during = lines[max(k for k, line in enumerate(lines) if line.startswith("changed ")) :]
        assert any("collector off in the build" in line for line in during), during
        assert not any(line.startswith("collected") for line in during), "a full collection inside a build"
        server.wait_for("collected", timeout=10)  # the wait for the next save
    finally:
        assert server.stop() == 0, "".join(server.errors)[-3000:]


def test_ctrl_c_while_serve_collects_stops_it(tmp_path: Path):
    # Ctrl-C pressed during the collection serve runs while it waits: raised
    # inside the collection (in a finalizer or a callback it runs), it would
    # be printed as ignored and serve would go on serving.
    server, _ = start(tmp_path, 0.2, "ctrl-c-in-collection")
    try:
        status = server.process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        pytest.fail("serve went on after Ctrl-C during its collection: " + "".join(server.errors)[-3000:])
    finally:
        server.stop()
    assert status == 0 and "stopped" in "".join(server.errors), "".join(server.errors)[-3000:]
