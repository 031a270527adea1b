"""The live preview's figures for `rulesite bench`, each taken in the same run
as the clean build it is divided by (these machines' speed drifts):

- the clean build: `rulesite serve --corpora` started in a new copy of the
  project and corpora, until it serves (its first build is a clean one);
- one ruling's answer saved -> the open tab showing it reloaded with the new
  words (Chromium), RULING_RUNS times;
- one sub-rule of the current Core Rules reworded (`bench_editions.
  reword_a_current_rule`, as the warm corpora test does) -> its open tab
  showing the new words, RULE_RUNS times;
- the same bytes saved again -> whether a build started at all;
- a new Core Rules edition added to the manifest -> the build published;
- beside them, after serve stopped, `mkdocs serve` of the very English pages
  and config the last build generated, the same ruling reworded in its
  generated page -> its open tab showing the new words, MKDOCS_RUNS times
  (each a whole MkDocs build of English); a wait that timed out is reported
  as such.

Each reload is told in parts, so a reader sees where the time goes: save ->
build start (the watcher), the build until it published the new site, and
published -> tab reloaded (serve finding the changed files and telling the
tabs; the tab's reload starting; the page fetched and shown). What the build
does after it published (saving what the next build reuses) delays no tab:
it is told beside them. Serve's side is read from what it prints, the tab's
from its navigation timing. The tab's words are shown when the page itself
sees them in a drawn frame (`SEEN`, run in each page the tab loads): the
bench's own polling of the tab adds nothing. Times are read in one clock."""

from __future__ import annotations

import json
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
from collections.abc import Callable
from pathlib import Path

import yaml

from ..stages import read as read_stage
from .editions import BENCH_EDITIONS, current_core_rules, later_edition, reword_a_current_rule

RULING_FILE = Path("riftbound") / "community-rulings.txt"
RULING_PAGE = "riftbound/rulings/all-combat-damage-must-be-assigned.html"
RULING_WORDS = "You cannot choose to deal less damage"
RULE_PAGE = "riftbound/core-rules/101.html"  # the page of the sub-rule `reword_a_current_rule` rewords
# A few runs each: the clean build they are divided by is one run, and the
# spread (min, max) says more than more runs would.
RULING_RUNS = 3
RULE_RUNS = 3
MKDOCS_RUNS = 2
WAIT_S = 900  # one build of the full corpora on a busy machine
NOTHING_WAIT_S = 5  # how long a save of the same bytes is watched for a build
# Every build after the first prints `changed ` as it starts, and `built ` or
# `serving  the last good site` as it ends (serve/command.py): a build is
# running while fewer have ended than started. Builds can be silent for
# seconds, so the end is read from those lines, never from a quiet spell.
# (The build's own `built    <edition>: ...` lines, the counts of what MkDocs
# built, come before its check and publication: they end nothing.)
STARTED, ENDED = ("changed ",), ("built    in ", "serving  the last good site")
BUILT = re.compile(r"built    in ([\d.]+) s \(published at ([\d.]+) s\): .*; tabs told ([\d.]+) s after publishing")
IDLE_S = 1.5  # no build running this long after a save: the watcher started none
STOP_WAIT_S = 120  # Ctrl-C during a build: the build's processes and folders are cleaned up first
MKDOCS_WAIT_S = 900  # mkdocs serve's whole build of the English pages, at its start and after each save
# Which words the tab awaits, and since when (ms since the epoch): in its
# sessionStorage, which its reloads keep.
WORDS_KEY = "rulesite-bench-words"
# Run in every page a tab loads (`add_init_script`): at each frame, whether
# a page loaded after the save shows the awaited words; once it does, the
# start of the next frame (the one showing them is drawn by then) is kept,
# in the page's clock (ms since the epoch). A page loaded before the save
# never looks: it is not the one that shows them.
SEEN = """(() => {
  const frame = () => {
    const wanted = JSON.parse(sessionStorage.getItem(KEY) || "null");
    if (wanted && performance.timeOrigin < wanted.since) return;
    if (wanted && document.body?.innerText.includes(wanted.words)) {
      requestAnimationFrame(() => { window.rulesiteBenchSeen = performance.timeOrigin + performance.now(); });
      return;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();""".replace("KEY", json.dumps(WORDS_KEY))
# When the tab showed them, started loading its page and got its HTML: read
# in the same turn, as the page may navigate again at any time (the site's
# service worker answered by one that removes itself, `serve/server.py`).
SHOWN = """() => window.rulesiteBenchSeen && JSON.stringify({
  shown: window.rulesiteBenchSeen,
  start: performance.timeOrigin,
  fetched: performance.timeOrigin + performance.getEntriesByType("navigation")[0].responseEnd,
})"""


class ServeProcess:
    """`rulesite serve --port 0` started in the project folder `root`; what it
    prints is read as it comes (`wait_for`), each line with when it came (`at`)."""

    def __init__(self, root: Path, config: Path, *extra: str, command: list[str] | None = None) -> None:
        """`command`: another command that prints as `rulesite serve` does (the tests')."""
        command = command or [sys.executable, "-m", "rulesite", "serve", "--config", str(config), "--port", "0", *extra]
        env = dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONUNBUFFERED="1")
        self.process = subprocess.Popen(
            command, cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
        )
        self.lines: queue.Queue[tuple[float, str]] = queue.Queue()
        self.said: list[str] = []
        self.at = 0.0  # when the line `wait_for` last returned came (monotonic)
        self.started, self.ended = 1, 0  # the first build starts with the process
        self.errors: list[str] = []
        threading.Thread(target=self._read, args=(self.process.stdout, self.said, self.lines), daemon=True).start()
        threading.Thread(target=self._read, args=(self.process.stderr, self.errors, None), daemon=True).start()

    def _read(self, stream, kept: list[str], lines: queue.Queue | None) -> None:
        for line in stream:
            came = time.monotonic()
            if lines is not None:
                self.started += line.startswith(STARTED)
                self.ended += line.startswith(ENDED)
            kept.append(line)
            if lines is not None:
                lines.put((came, line))

    def wait_for(self, start: str | tuple[str, ...], timeout: float = WAIT_S) -> str:
        """The next line printed that starts with `start`."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                came, line = self.lines.get(timeout=0.5)
            except queue.Empty:
                if self.process.poll() is not None:
                    raise RuntimeError(f"rulesite serve ended: {''.join(self.errors)[-3000:]}") from None
                continue
            if line.startswith(start if isinstance(start, tuple) else (start,)):
                self.at = came
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
                found.append(self.lines.get(timeout=0.1)[1])
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


def _built(line: str) -> tuple[float, float, float]:
    """The build's seconds, those until it published, and those after that
    until the tabs were told, as serve printed them."""
    found = BUILT.match(line)
    if found is None:
        raise RuntimeError(f"the build failed: {line}")
    return float(found.group(1)), float(found.group(2)), float(found.group(3))


def _progress(what: str, value) -> None:
    print(f"  serve: {what}: {value}", file=sys.stderr, flush=True)


def _shown(run: dict) -> dict:
    return {key: value for key, value in run.items() if key != "printed"}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _reword(path: Path, old: str, new: str) -> str:
    """Saves `path` with `old` replaced: `new`."""
    text = path.read_text(encoding="utf-8")
    if old not in text:
        raise SystemExit(f"{path}: {old!r} is gone: update bench_serve")
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return new


def await_words(page, words: str | None, since: float = 0.0) -> None:
    """The tab's pages loaded after `since` (`time.time()`) watch for `words`
    (`SEEN`, which its context runs in every page); None: for none."""
    if words is None:  # and what this page saw of the last words forgotten
        page.evaluate("key => { sessionStorage.removeItem(key); delete window.rulesiteBenchSeen; }", WORDS_KEY)
        return
    wanted = json.dumps({"words": words, "since": since * 1000})
    page.evaluate("([key, wanted]) => sessionStorage.setItem(key, wanted)", [WORDS_KEY, wanted])


def _shows(page, timeout: float = WAIT_S) -> tuple[float, tuple[float, float] | None]:
    """Waits until the tab shows the words `await_words` named (it reloaded):
    when it did, and when its page started loading and got its HTML
    (monotonic; the bench's own time it saw it, and None, when the tab
    navigated again before they were read)."""
    from playwright.sync_api import Error as PlaywrightError

    found = page.wait_for_function(SHOWN, timeout=timeout * 1000)
    seen = time.monotonic()
    offset = time.time() - seen
    try:
        timing = json.loads(found.json_value())
    except PlaywrightError:
        return seen, None
    return timing["shown"] / 1000 - offset, (timing["start"] / 1000 - offset, timing["fetched"] / 1000 - offset)


def spread(values: list[float], clean: float) -> dict:
    """Seconds and their ratios to the clean build: each, min, median, max."""
    ratios = [round(v / clean, 3) for v in values]
    return {
        "seconds": values,
        "over_clean": ratios,
        "min": min(ratios),
        "median": round(statistics.median(v / clean for v in values), 3),
        "max": max(ratios),
    }


def reload_parts(server: ServeProcess, page, save: Callable[[], str]) -> dict:
    """One save (`save()`, which returns the words the tab shows after it) to
    the tab `page` showing it, in parts (seconds)."""
    server.settled()
    said = len(server.said)
    await_words(page, None)
    since = time.time()
    words = save()
    saved = time.monotonic()
    await_words(page, words, since)  # seconds before the build can end
    server.wait_for(STARTED)
    started = server.at
    shown, navigation = _shows(page)
    whole, build, told = _built(server.build_ended())
    built = started + build
    run = {
        "total": round(shown - saved, 2),
        "save_to_build_start": round(started - saved, 2),
        "build": round(build, 2),  # until the new site was published
        "build_end_to_tab_reloaded": round(shown - built, 2),
        # of which: the changed files found and the tabs told (serve), the
        # tab's reload starting (the channel, the tab's script), and the page
        # fetched and shown
        "tabs_told": round(told, 2),
        "kept_after": round(whole - build, 2),  # the build's saving for the next one, after it published
        "printed": [line.rstrip("\n") for line in server.said[said:]],  # the build's stages, as serve printed them
    }
    if navigation is None:
        run["navigated_again"] = True  # the tab's parts unknown
    else:
        loading, fetched = navigation
        if loading < saved:  # it read them before: not a figure of this change
            raise RuntimeError(f"the tab showed {words!r} without reloading after the save")
        run["reload_started"] = round(loading - built - told, 2)
        run["page_fetched"] = round(fetched - loading, 2)
        run["page_shown"] = round(shown - fetched, 2)
    return run


def serve_figures(sources: Path, pages: Path, corpora: Path, config: Path, work: Path, browser) -> dict:
    """The figures of the module's docstring (seconds, and ratios of the clean
    build). `browser`: a Playwright browser; the preview's tabs have service
    workers on, as a reader's."""
    project, folder = work / "serve-project", work / "serve-corpora"
    shutil.copytree(sources, project / "rules_src")
    shutil.copytree(pages, project / "docs")
    shutil.copytree(corpora, folder)
    manifest, newest, current = current_core_rules(project / "rules_src", folder)
    manifest_path = read_stage.corpora_manifest(project / "rules_src")
    # The new edition's file is there from the start, listed by no manifest (so
    # read by no build) until the manifest names it: one save, one build.
    version, date, word = BENCH_EDITIONS[0]
    text, entry = later_edition(current.read_text(encoding="utf-8"), newest, version, date, word)
    (folder / entry["path"]).write_text(text, encoding="utf-8")
    started = time.monotonic()
    server = ServeProcess(project, config, "--sources-dir", "rules_src", "--pages-dir", "docs", "--corpora", str(folder))
    found: dict = {}
    context = browser.new_context()
    context.add_init_script(SEEN)
    try:
        url = server.wait_for("serving  http").split()[1]
        clean = found["clean_build_seconds"] = round(time.monotonic() - started, 2)
        _progress("clean build (until it serves)", clean)
        page = context.new_page()
        page.goto(url + RULING_PAGE)
        rulings = project / "rules_src" / RULING_FILE
        runs, words = [], RULING_WORDS
        for k in range(RULING_RUNS):
            new = RULING_WORDS.replace("cannot", "can never" if k % 2 == 0 else "may not")
            runs.append(reload_parts(server, page, lambda old=words, new=new: _reword(rulings, old, new)))
            _progress("one ruling saved -> its tab reloaded", _shown(runs[-1]))
            words = new
        found["ruling"] = {"runs": runs, **spread([run["total"] for run in runs], clean)}

        found["extra_builds_after_ruling_saves"] = len([line for line in server.settled() if line.startswith("changed ")])
        rulings.write_bytes(rulings.read_bytes())
        time.sleep(NOTHING_WAIT_S)
        found["nothing_changed_builds"] = len([line for line in server.settled() if line.startswith("changed ")])
        _progress("a file saved unchanged: builds started", found["nothing_changed_builds"])

        page.goto(url + RULE_PAGE)
        runs = []
        for _ in range(RULE_RUNS):
            runs.append(reload_parts(server, page, lambda: reword_a_current_rule(project / "rules_src", folder)))
            _progress("one sub-rule of the current Core Rules reworded -> its tab reloaded", _shown(runs[-1]))
        found["rule"] = {"runs": runs, **spread([run["total"] for run in runs], clean)}

        manifest["sources"].append(entry)
        server.settled()
        manifest_path.write_text(yaml.safe_dump(manifest, sort_keys=False, allow_unicode=True), encoding="utf-8")
        saved = time.monotonic()
        build, _, _ = _built(server.build_ended())
        found["edition"] = {"build": build, **spread([round(server.at - saved, 2)], clean)}
        _progress("a Core Rules edition added -> built", found["edition"]["seconds"][0])
        page.close()
    finally:
        found["serve_exit_status"] = server.stop()
        context.close()
    found["mkdocs_serve"] = mkdocs_serve_reloads(project, browser, clean, words)
    return found


def _mkdocs_config(project: Path) -> Path:
    """The English config the last build generated (`sequence.Settings.config_dir`)."""
    docs = project / "build" / "docs"
    return docs.parent / ".build" / docs.name / "mkdocs.en.yml"


def mkdocs_serve_reloads(project: Path, browser, clean: float, words: str) -> dict:
    """`mkdocs serve` of the English pages and config the last build generated:
    the ruling's generated page, which reads `words`, reworded MKDOCS_RUNS times
    -> the tab showing it. `error` says what did not happen in time (the runs
    before it are kept). Its tab blocks service workers: the site's own would
    answer the reload from what it stored (serve answers it with one that
    removes itself; mkdocs serve serves it as it is), and ignores the site's
    script policy, which blocks the inline script mkdocs serve adds."""
    config = _mkdocs_config(project)
    docs_dir = re.search(r"^docs_dir: (.+)$", config.read_text(encoding="utf-8"), re.M).group(1).strip()
    generated = Path(docs_dir) / RULING_PAGE.replace(".html", ".md")
    # A file of its own, before mkdocs serve looks: the generation's files may
    # be hard links to files the build keeps, which a save in place would change.
    copy = generated.with_name(generated.name + ".copy")
    shutil.copyfile(generated, copy)
    os.replace(copy, generated)
    port = _free_port()
    started = time.monotonic()
    process, lines = _mkdocs_serve(config, port)
    found: dict = {"runs": []}
    # The site's script policy lets no inline script run: mkdocs serve's
    # reload script is one, so its tab would never reload without this.
    context = browser.new_context(service_workers="block", bypass_csp=True)
    context.add_init_script(SEEN)
    try:
        if _next_line(process, lines, "Serving on", MKDOCS_WAIT_S) is None:
            ended = "ended" if process.poll() is not None else f"did not serve within {MKDOCS_WAIT_S} s"
            found["error"] = f"mkdocs serve {ended} (its first whole build)"
            return found
        found["first_build_seconds"] = round(time.monotonic() - started, 2)
        _progress("mkdocs serve: its first build, until it serves", found["first_build_seconds"])
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{port}/{RULING_PAGE}")
        for k in range(MKDOCS_RUNS):
            run, words = _mkdocs_reload(process, lines, page, generated, words, k)
            if "error" in run:
                found["error"] = run["error"]
                return found
            found["runs"].append(run)
            _progress("mkdocs serve: the ruling's page reworded -> its tab reloaded", run)
            time.sleep(IDLE_S)  # its reload settled: no build of ours to wait for
        return found
    finally:
        if found["runs"]:
            found.update(spread([run["total"] for run in found["runs"]], clean))
        context.close()
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def _mkdocs_serve(config: Path, port: int) -> tuple[subprocess.Popen, queue.Queue]:
    """`mkdocs serve` of `config` on `port`, and the lines it prints as they come,
    each with when it came (monotonic)."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    command = [sys.executable, "-m", "mkdocs", "serve", "-f", str(config), "-a", f"127.0.0.1:{port}"]
    process = subprocess.Popen(
        command, cwd=config.parent, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    lines: queue.Queue[tuple[float, str]] = queue.Queue()
    threading.Thread(target=lambda: [lines.put((time.monotonic(), line)) for line in process.stderr], daemon=True).start()
    return process, lines


def _next_line(process: subprocess.Popen, lines: queue.Queue, has: str, timeout: float) -> float | None:
    """When the next line saying `has` came (monotonic); None when none within `timeout` s."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            came, line = lines.get(timeout=0.5)
        except queue.Empty:
            if process.poll() is not None:
                return None
            continue
        if has in line:
            return came
    return None


def _mkdocs_reload(process: subprocess.Popen, lines: queue.Queue, page, generated: Path, words: str, k: int) -> tuple[dict, str]:
    """Run `k`: the generated page reworded -> mkdocs serve's tab showing it;
    its figures (or its `error`), and the page's words now."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    while not lines.empty():
        lines.get_nowait()  # what its last build printed: each run reads its own lines
    text = generated.read_text(encoding="utf-8")
    if words not in text:
        return {"error": f"the generated page of the ruling does not read {words!r}"}, words
    new = words.replace("You", "You still" if k % 2 == 0 else "You surely")
    # Saved in place, as an editor does (its watcher polls each file's
    # time and size: a new file put in its place went unseen for 10 minutes).
    # Every place it reads them: the page's description comes first, its text after.
    await_words(page, None)
    since = time.time()
    generated.write_text(text.replace(words, new), encoding="utf-8")
    saved = time.monotonic()
    await_words(page, new, since)
    building = _next_line(process, lines, "Building documentation", MKDOCS_WAIT_S)
    try:
        shown, _ = _shows(page, MKDOCS_WAIT_S)
    except PlaywrightTimeout:
        return {"error": f"mkdocs serve's tab did not show the change within {MKDOCS_WAIT_S} s (run {k + 1})"}, new
    run = {"total": round(shown - saved, 2)}
    if building is not None:
        run["save_to_build_start"] = round(building - saved, 2)
        reloading = _next_line(process, lines, "Reloading browsers", 1)
        if reloading is not None:
            run["build"] = round(reloading - building, 2)
            run["build_end_to_tab_reloaded"] = round(shown - reloading, 2)
    return run, new


PARTS = ("save_to_build_start", "build", "build_end_to_tab_reloaded")
TAIL = ("tabs_told", "reload_started", "page_fetched", "page_shown")


def _median(runs: list[dict], key: str) -> str:
    values = [run[key] for run in runs if key in run]
    return f"{statistics.median(values):.2f}" if values else "—"


def report_lines(found: dict) -> list[str]:
    """The figures of `serve_figures` as a table: each change's seconds, their
    ratios of the clean build (min / median / max), and the parts of each wait
    (medians of the runs, seconds)."""
    clean = found["clean_build_seconds"]
    lines = [
        f"rulesite serve: clean build {clean} s (until it serves); each figure ÷ that clean build, min / median / max; "
        "the parts are medians of the runs (s): save → build start, the build until it published, published → tab "
        "reloaded (of which: changed files found and tabs told, the tab's reload started, its page fetched, shown), "
        "and the build's saving for the next one after it published (no tab waits for it)",
        "| change → what | seconds | ÷ clean build | save → build start | build | published → tab "
        "| (told, reload, fetch, shown) | then kept |",
        "|---|---|---|---|---|---|---|---|",
    ]

    def row(what: str, figure: dict) -> str:
        runs = figure.get("runs", [])
        ratios = f"{figure['min']} / {figure['median']} / {figure['max']}" if "median" in figure else "—"
        seconds = ", ".join(f"{s}" for s in figure.get("seconds", [])) or "—"
        tail = ", ".join(_median(runs, key) for key in TAIL) if any(TAIL[0] in run for run in runs) else ""
        parts = " | ".join(_median(runs, key) for key in PARTS)
        kept = _median(runs, "kept_after") if any("kept_after" in run for run in runs) else ""
        return f"| {what} | {seconds} | {ratios} | {parts} | {tail} | {kept} |"

    lines.append(row("one ruling saved → its tab reloaded", found["ruling"]))
    lines.append(row("one sub-rule of the current Core Rules reworded → its tab reloaded", found["rule"]))
    edition = found["edition"]
    lines.append(row("a Core Rules edition added → built", {**edition, "runs": [{"build": edition["build"]}]}))
    mkdocs = found["mkdocs_serve"]
    lines.append(row("mkdocs serve of the same English pages, the ruling's page reworded → its tab reloaded", mkdocs))
    if "first_build_seconds" in mkdocs:
        lines.append(f"mkdocs serve's first build, until it served: {mkdocs['first_build_seconds']} s")
    if "error" in mkdocs:
        done = len(mkdocs.get("runs", []))
        lines.append(f"mkdocs serve: {f'STOPPED after {done} runs' if done else 'NOT MEASURED'}: {mkdocs['error']}")
    lines.append(
        f"a file saved unchanged → builds started: {found['nothing_changed_builds']}; builds after the ruling's saves "
        f"beyond one each: {found['extra_builds_after_ruling_saves']}; serve's exit status: {found['serve_exit_status']}"
    )
    return lines
