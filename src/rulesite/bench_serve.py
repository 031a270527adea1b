"""The live preview's figures for `rulesite bench`, each taken in the same run
as the clean build it is divided by (these machines' speed drifts):

- the clean build: `rulesite serve --corpora` started in a new copy of the
  project and corpora, until it serves (its first build is a clean one);
- one ruling's answer saved -> the open tab showing it reloaded with the new
  words (Chromium), RULING_RUNS times, the median counting;
- one rule of the current Core Rules reworded -> the build published and the
  open tabs told (`built` printed);
- the same bytes saved again -> whether a build started at all;
- a new Core Rules edition added to the manifest -> the build published;
- beside them, `mkdocs serve` of the very pages that build generated, after the
  same ruling is reworded in its generated page: until the tab shows it.
"""

from __future__ import annotations

import os
import queue
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import yaml

from . import pipeline
from .bench_editions import BENCH_EDITIONS, later_edition

RULING_FILE = Path("riftbound") / "community-rulings.txt"
RULING_PAGE = "riftbound/rulings/all-combat-damage-must-be-assigned.html"
RULING_WORDS = "You cannot choose to deal less damage"
RULING_RUNS = 3
WAIT_S = 900  # one build of the full corpora on a busy machine
NOTHING_WAIT_S = 5  # how long a save of the same bytes is watched for a build
# Every build after the first prints `changed ` as it starts, and `built ` or
# `serving  the last good site` as it ends (serve/command.py): a build is
# running while fewer have ended than started. Builds can be silent for
# seconds, so the end is read from those lines, never from a quiet spell.
# (The build's own `built    <edition>: ...` lines, the counts of what MkDocs
# built, come before its check and publication: they end nothing.)
STARTED, ENDED = ("changed ",), ("built    in ", "serving  the last good site")
IDLE_S = 1.5  # no build running this long after a save: the watcher started none
STOP_WAIT_S = 120  # Ctrl-C during a build: the build's processes and folders are cleaned up first
MKDOCS_WAIT_S = 600  # mkdocs serve's full rebuild of the English pages, after the save


class ServeProcess:
    """`rulesite serve --port 0` started in the project folder `root`; what it
    prints is read as it comes (`wait_for`)."""

    def __init__(self, root: Path, config: Path, *extra: str, command: list[str] | None = None) -> None:
        """`command`: another command that prints as `rulesite serve` does (the tests')."""
        command = command or [sys.executable, "-m", "rulesite", "serve", "--config", str(config), "--port", "0", *extra]
        env = dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONUNBUFFERED="1")
        self.process = subprocess.Popen(
            command, cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.said: list[str] = []
        self.started, self.ended = 1, 0  # the first build starts with the process
        self.errors: list[str] = []
        threading.Thread(target=self._read, args=(self.process.stdout, self.said, self.lines), daemon=True).start()
        threading.Thread(target=self._read, args=(self.process.stderr, self.errors, None), daemon=True).start()

    def _read(self, stream, kept: list[str], lines: queue.Queue | None) -> None:
        for line in stream:
            if lines is not None:
                self.started += line.startswith(STARTED)
                self.ended += line.startswith(ENDED)
            kept.append(line)
            if lines is not None:
                lines.put(line)

    def wait_for(self, start: str | tuple[str, ...], timeout: float = WAIT_S) -> str:
        """The next line printed that starts with `start`."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                line = self.lines.get(timeout=0.5)
            except queue.Empty:
                if self.process.poll() is not None:
                    raise RuntimeError(f"rulesite serve ended: {''.join(self.errors)[-3000:]}") from None
                continue
            if line.startswith(start if isinstance(start, tuple) else (start,)):
                return line
        raise TimeoutError(f"no line starting {start!r} within {timeout} s; printed:\n{''.join(self.said)[-3000:]}")

    def settled(self, idle: float = IDLE_S, timeout: float = WAIT_S) -> list[str]:
        """Waits until every build it started has ended (`STARTED`, `ENDED`) and
        none has started for `idle` seconds: the lines printed meanwhile and not
        yet waited for."""
        found, end = [], time.monotonic() + timeout
        quiet_since = time.monotonic()
        while time.monotonic() < end:
            try:
                found.append(self.lines.get(timeout=0.1))
                quiet_since = time.monotonic()
                continue
            except queue.Empty:
                if self.process.poll() is not None:
                    raise RuntimeError(f"rulesite serve ended: {''.join(self.errors)[-3000:]}") from None
            if self.started > self.ended:
                quiet_since = time.monotonic()
            elif time.monotonic() - quiet_since >= idle:
                return found
        raise TimeoutError(f"still building after {timeout} s: {''.join(found)[-3000:]}")

    def build_ended(self, timeout: float = WAIT_S) -> str:
        """The next line that ends a build (`ENDED`): `built    in ...` when it succeeded."""
        return self.wait_for(ENDED, timeout)

    def stop(self) -> int:
        """Ctrl-C, as a maintainer stops it; its exit status."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(timeout=STOP_WAIT_S)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            return self.process.wait()  # negative: killed, which the figures record


def _built(line: str) -> None:
    if not line.startswith(ENDED[0]):
        raise RuntimeError(f"the build failed: {line}")


def _progress(what: str, value) -> None:
    print(f"  serve: {what}: {value}", file=sys.stderr, flush=True)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _reword(path: Path, old: str, new: str) -> float:
    """Saves `path` with `old` replaced: when it was saved (monotonic)."""
    text = path.read_text(encoding="utf-8")
    if old not in text:
        raise SystemExit(f"{path}: {old!r} is gone: update bench_serve")
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return time.monotonic()


def _shows(page, words: str, timeout: float = WAIT_S) -> float:
    """Waits until the tab shows `words` (it reloaded): when it did (monotonic)."""
    page.wait_for_function("words => document.body?.innerText.includes(words)", arg=words, timeout=timeout * 1000)
    return time.monotonic()


def serve_figures(sources: Path, pages: Path, corpora: Path, config: Path, work: Path, browser) -> dict:
    # `browser`: a Playwright browser context (its pages have service workers on, as a reader's).
    """The figures of the module's docstring (seconds, and ratios of the clean build)."""
    project, folder = work / "serve-project", work / "serve-corpora"
    shutil.copytree(sources, project / "rules_src")
    shutil.copytree(pages, project / "docs")
    shutil.copytree(corpora, folder)
    manifest_path = pipeline.corpora_manifest(project / "rules_src")
    manifest = yaml.safe_load(manifest_path.read_text(encoding="utf-8"))
    core = [e for e in manifest["sources"] if e.get("document") == "core-rules" and e.get("format") == "rules-document"]
    newest = max(core, key=lambda e: str(e["edition"]))
    current = folder / newest["path"]
    # The new edition's file is there from the start, listed by no manifest (so
    # read by no build) until the manifest names it: one save, one build.
    version, date, word = BENCH_EDITIONS[0]
    text, entry = later_edition(current.read_text(encoding="utf-8"), newest, version, date, word)
    (folder / entry["path"]).write_text(text, encoding="utf-8")
    started = time.monotonic()
    server = ServeProcess(project, config, "--sources-dir", "rules_src", "--pages-dir", "docs", "--corpora", str(folder))
    found: dict = {}
    try:
        url = server.wait_for("serving  http").split()[1]
        clean = found["clean_build_seconds"] = round(time.monotonic() - started, 2)
        _progress("clean build (until it serves)", clean)
        page = browser.new_page()
        page.goto(url + RULING_PAGE)
        rulings = project / "rules_src" / RULING_FILE
        reloads, words = [], RULING_WORDS
        for k in range(RULING_RUNS):
            new = f"{RULING_WORDS.replace('cannot', 'can never' if k % 2 == 0 else 'may not')}"
            server.settled()
            saved = _reword(rulings, words, new)
            reloads.append(round(_shows(page, new) - saved, 2))
            _progress("one ruling saved -> its tab reloaded", reloads[-1])
            _built(server.build_ended())
            words = new
        found["ruling_reload_seconds"] = reloads
        found["ruling_reload_median_over_clean"] = round(statistics.median(reloads) / clean, 3)

        found["extra_builds_after_ruling_saves"] = len([line for line in server.settled() if line.startswith("changed ")])
        rulings.write_bytes(rulings.read_bytes())
        time.sleep(NOTHING_WAIT_S)
        found["nothing_changed_builds"] = len([line for line in server.settled() if line.startswith("changed ")])
        _progress("a file saved unchanged: builds started", found["nothing_changed_builds"])

        rule = re.search(r"^(10[1-9]\.\S*\s+\S+)", current.read_text(encoding="utf-8"), re.M).group(1)
        server.settled()
        saved = _reword(current, rule, f"{rule} now")
        _built(server.build_ended())
        found["rule_reworded_seconds"] = round(time.monotonic() - saved, 2)
        found["rule_reworded_over_clean"] = round(found["rule_reworded_seconds"] / clean, 3)
        _progress("one current Core Rules rule reworded -> built", found["rule_reworded_seconds"])

        manifest["sources"].append(entry)
        server.settled()
        saved = time.monotonic()
        manifest_path.write_text(yaml.safe_dump(manifest, sort_keys=False, allow_unicode=True), encoding="utf-8")
        _built(server.build_ended())
        found["new_edition_seconds"] = round(time.monotonic() - saved, 2)
        found["new_edition_over_clean"] = round(found["new_edition_seconds"] / clean, 3)
        _progress("a Core Rules edition added -> built", found["new_edition_seconds"])
        page.close()
    finally:
        found["serve_exit_status"] = server.stop()
    found["mkdocs_serve"] = mkdocs_serve_reload(project, browser, clean, words)
    return found


def mkdocs_serve_reload(project: Path, browser, clean: float, words: str) -> dict:
    """`mkdocs serve` of the English pages the last build generated: the ruling's
    generated page, which reads `words`, reworded -> the tab showing it reloaded."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    config = project / "build" / ".build" / "docs" / "mkdocs.en.yml"
    generated = project / "build" / "docs" / "en" / RULING_PAGE.replace(".html", ".md")
    port = _free_port()
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    command = [sys.executable, "-m", "mkdocs", "serve", "-f", str(config), "-a", f"127.0.0.1:{port}"]
    process = subprocess.Popen(
        command, cwd=config.parent, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in process.stderr], daemon=True).start()
    try:
        end = time.monotonic() + WAIT_S
        while time.monotonic() < end:
            try:
                if "Serving on" in lines.get(timeout=0.5):
                    break
            except queue.Empty:
                if process.poll() is not None:
                    return {"error": "mkdocs serve ended before it served"}
        else:
            return {"error": f"mkdocs serve did not serve within {WAIT_S} s"}
        page = browser.new_page()
        page.goto(f"http://127.0.0.1:{port}/{RULING_PAGE}")
        text = generated.read_text(encoding="utf-8")
        if words not in text:
            return {"error": f"the generated page of the ruling does not read {words!r}"}
        new = words.replace("You", "You still")
        # A new file in its place: the generation's files may be hard links to an older one's.
        replacement = generated.with_name(generated.name + ".new")
        replacement.write_text(text.replace(words, new, 1), encoding="utf-8")
        saved = time.monotonic()
        os.replace(replacement, generated)
        try:
            seconds = round(_shows(page, new, MKDOCS_WAIT_S) - saved, 2)
        except PlaywrightTimeout:
            return {"error": f"mkdocs serve's tab did not show the change within {MKDOCS_WAIT_S} s"}
        finally:
            page.close()
        return {"ruling_reload_seconds": seconds, "ruling_reload_over_clean": round(seconds / clean, 3)}
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
