"""Measures the build over the real corpora and prints every figure beside its target.

    rulesite bench                          # corpora from $RULESITE_CORPORA or ../shared/corpora
    rulesite bench --corpora DIR --out bench/results.json
    rulesite bench --no-editions            # skip the three extra whole builds (2, 3, 4 editions)

What it measures, in one run on one machine:

- every stage of a clean whole build of the full corpora, in this process:
  the very sequence `rulesite build` runs (`sequence.py`, with nothing of
  earlier builds used but the store of preview images, this checkout's own
  or `$RULESITE_IMAGE_STORE`, as a clean build of this checkout would: a
  first bench of a fresh clone draws them all, a later one takes them; the
  report says how many of each, beside the render's time): wall time and
  peak memory (the process's
  resident high-water mark after the stage, which only grows; MkDocs: the
  largest resident set of its processes); and what the site it built
  weighs, by kind of file, with the bytes of the tags every page repeats
  (`check/weight.py`);
- plain `mkdocs build` of the very pages and configs that build generated,
  right after it: every language one after another, and side by side (as our
  build runs them); our whole build divided by the side-by-side figure is our
  overhead over MkDocs;
- each engine's clean build of those very pages (MkDocs, ProperDocs, Zensical:
  `engine/bench.py`), languages side by side, one engine after the other;
  `--engine NAME` makes the whole build and the rebuild with NAME (another
  engine than MkDocs rebuilds clean: the incremental machinery is MkDocs');
- a rebuild after one ruling is reworded (`rulesite build` again into the same
  folders, which reuses what did not change);
- whole builds with 2, 3 and 4 Core Rules editions: the real v1.2 and v1.4,
  plus one or two made at bench time from v1.4 (copies dated later, each with
  a word of its own added to the rules of section 100; never committed), so
  that the third and fourth editions added are the same size. The three are
  built side by side, in three rounds of clean builds, so that whatever speed
  the machine has in a round's minutes (it varies by up to twice), all three
  have it; each build's processor time (of it and all its processes: what
  the disk's waits do not swell) is taken from the system when it ends. One
  more edition should cost about what an edition costs on average: compared
  within each round, the median round counting, and only when what each
  edition adds varies between rounds by less than its smallest value (else
  the figure is noise, and says so: `edition_cost_ratio`);
- the live preview (`serve.py`): `rulesite serve` from a clean build,
  then one ruling saved (until its open tab shows it), one sub-rule of the
  current Core Rules reworded (the same), a file saved unchanged, an edition
  added, each as min / median / max ratios of that clean build, with where
  each wait went (the watcher, the build, the tab told and reloaded), beside
  `mkdocs serve` of the same generated pages; only with `--serve` (it takes
  several minutes more), or alone with `--serve-only`;
- read + resolve + render five times: the whole build's, then four more, each
  in a new process (nothing cached by the run before), one right after the
  whole build, one after the rebuild, two at the end: the fastest counts (a
  slow minute of the machine can last several runs in a row).

Every other figure is one run: on a busy machine they are slower than on a
quiet one, and the report says so by printing the machine's load. Speed is
never asserted by a test: this is where it is measured. Writes
bench/results.json.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from ..engine import driver

from ..stages import read as read_stage

from ..write import stage as write_stage
from ..common import workers
from ..check.weight import site_weight, weight_line
from ..engine.bench import engine_times, times_line
from ..common.engines import DEFAULT as DEFAULT_ENGINE
from ..engine.options import add_engine_option
from .editions import editions_project
from .serve import report_lines
from ..sequence import (
    IMAGE_STORE_VARIABLE,
    Built,
    Checked,
    Published,
    Read,
    Rendered,
    Resolved,
    Sequence,
    Settings,
    Stopped,
    Written,
)

TARGETS = {
    "whole_build_seconds": ("whole build of the full corpora", 30.0, "s"),
    "build_over_plain_mkdocs": ("our build ÷ plain mkdocs build (side by side)", 1.0, "×"),
    "check_seconds": ("output check", 4.0, "s"),
    "one_more_edition_over_average": ("one more edition ÷ average edition (processor time)", 1.2, "×"),
    "rebuild_one_ruling_seconds": ("rebuild after changing one ruling", 10.0, "s"),
    "read_resolve_render_seconds": ("read + resolve + render (fastest of 5 runs)", 3.0, "s"),
    "serve_ruling_reload_over_clean": ("serve: one ruling saved → its tab reloaded (median) ÷ clean build", 0.05, "×"),
    "serve_rule_reworded_over_clean": (
        "serve: one sub-rule of the current Core Rules reworded → its tab reloaded (median) ÷ clean build",
        0.1,
        "×",
    ),
    "serve_nothing_changed_builds": ("serve: a file saved unchanged → builds started", 0, ""),
    "serve_new_edition_over_clean": ("serve: a Core Rules edition added → built ÷ clean build", 1.0, "×"),
}


def machine_speed() -> float:
    """Seconds a fixed pure-Python loop takes (the fastest of three): this
    machine's speed varies from one minute to the next, by more than any change
    the build makes, and every figure moves with it."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        total = 0
        for k in range(10_000_000):
            total += k
        best = min(best, time.perf_counter() - start)
    return round(best, 2)


def settle() -> None:
    """What earlier steps wrote is put on disk before the next timed step starts:
    otherwise the disk's catching up (100 MB a build) falls on whatever comes next."""
    os.sync()


def _peak_self() -> float:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)  # Linux: KiB


def _peak_children() -> float:
    return round(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024, 1)


# Rounds of clean whole builds of 2, 3 and 4 editions side by side; the median round counts.
EDITION_RUNS = 3
# Runs of read + resolve + render (the whole build's, then in new processes at
# three points of the bench, the last two at its end); the fastest counts.
FIRST_STAGES_RUNS = 5


class StageClock:
    """The seconds and peak memory of each stage, from one `done` to the next."""

    def __init__(self) -> None:
        self.stages: dict[str, dict] = {}
        self._last = time.perf_counter()

    def done(self, name: str) -> None:
        """Stage `name` ends now."""
        now = time.perf_counter()
        self.stages[name] = {"seconds": round(now - self._last, 3), "peak_mib": _peak_self()}
        self._last = now


def _settings(sources: Path, corpora: Path, config: Path, work: Path, engine: str = DEFAULT_ENGINE) -> Settings:
    """A clean build of the full corpora from the project folder `work` (its
    written pages, docs/), into work/build/docs and work/site."""
    return Settings.of(
        sources,
        work / "build" / "docs",
        work / "site",
        config=config,
        pages_dir=sources.parent / "docs",
        corpora=corpora,
        clean=True,
        engine=engine,
    )


def read_resolve_render(sources: Path, corpora: Path, config: Path) -> dict[str, float]:
    """The seconds of the build sequence's read, resolve and render in this
    process, every source read (nothing of earlier builds used, nothing written)."""
    settle()
    clock = StageClock()
    sequence = Sequence(_settings(sources, corpora, config, sources.parent))
    with workers.Crew() as crew:
        read = sequence.read()
        clock.done("read")
        resolved = sequence.resolve(read)
        clock.done("resolve")
        sequence.render(resolved, crew)
        clock.done("render")
    return {name: stage["seconds"] for name, stage in clock.stages.items()}


def fresh_read_resolve_render(sources: Path, corpora: Path, config: Path) -> dict[str, float]:
    """`read_resolve_render` in a new process: nothing cached by an earlier run."""
    code = (
        "import json, sys\nfrom pathlib import Path\nfrom rulesite.bench.command import read_resolve_render\n"
        "print(json.dumps(read_resolve_render(*map(Path, sys.argv[1:]))))"
    )
    result = subprocess.run([sys.executable, "-c", code, str(sources), str(corpora), str(config)], capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"read + resolve + render failed:\n{result.stderr[-3000:]}")
    return json.loads(result.stdout.splitlines()[-1])


# The bench's name for each stage of the build sequence.
STAGE_NAMES = {
    Read: "read",
    Resolved: "resolve",
    Rendered: "render",
    Written: "write docs",
    Built: "mkdocs build",
    Checked: "output check",
    Published: "publish",
}


def staged_build(sources: Path, corpora: Path, config: Path, work: Path, engine: str = DEFAULT_ENGINE) -> dict:
    """A clean whole build of the full corpora, the build sequence `rulesite build`
    runs, timed stage by stage, from the project folder `work` into
    work/build/docs and work/site (published, so a rebuild can follow)."""
    # From the project folder, as the rebuild then runs: the paths in messages,
    # and so the names of what reading keeps (`read/kept.py`), are relative to it.
    with contextlib.chdir(work):
        return _staged_build(sources, corpora, config, work, engine)


def _staged_build(sources: Path, corpora: Path, config: Path, work: Path, engine: str = DEFAULT_ENGINE) -> dict:
    settle()
    settings = _settings(sources, corpora, config, work, engine)
    sequence = Sequence(settings)
    clock = StageClock()
    for record in sequence.run():
        if isinstance(record, Stopped):
            problems = "\n".join(str(d) for d in sequence.diag.errors[:20])
            raise SystemExit(f"the build stopped ({record.why}):\n{problems}\n{record.output[-3000:]}")
        clock.done(STAGE_NAMES[type(record)])
        if isinstance(record, Read):
            corpus = record.corpus
        if isinstance(record, Rendered):
            # Whether the render drew its preview images or took them from the store: its time says which.
            images = {"drawn": record.images_drawn, "from_store": record.images_taken}
        if isinstance(record, Written):
            languages, pages = record.languages, record.pages
        if isinstance(record, Built):
            clock.stages["mkdocs build"]["peak_mib"] = _peak_children()
    site = settings.site_dir
    return {
        "stages": clock.stages,
        "languages": languages,
        "pages": pages,
        "images": images,
        "files_in_site": sum(1 for p in site.resolve().rglob("*") if p.is_file()),
        "site_weight": site_weight(site.resolve()),
        "config_dir": settings.config_dir.relative_to(work).as_posix(),
        "env": {"SOURCE_DATE_EPOCH": driver.mkdocs_env(corpus)["SOURCE_DATE_EPOCH"]},
    }


def plain_mkdocs(config_dir: Path, languages: list[str], work: Path, env: dict, side_by_side: bool) -> float:
    """Plain `mkdocs build` of the generated configs: the same pages, nothing of ours."""
    settle()

    def one(lang: str) -> None:
        cfg = config_dir / f"mkdocs.{lang}.yml"
        subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(cfg), "-d", str(work / f"plain-{lang}")],
            env=env,
            cwd=cfg.parent,
            check=True,
            capture_output=True,
        )

    start = time.perf_counter()
    if side_by_side:
        with ThreadPoolExecutor(len(languages)) as pool:
            list(pool.map(one, languages))
    else:
        for lang in languages:
            one(lang)
    for lang in languages:
        shutil.rmtree(work / f"plain-{lang}", ignore_errors=True)
    return round(time.perf_counter() - start, 2)


def _build_command(config: Path, corpora: Path, out: str, engine: str = DEFAULT_ENGINE) -> list[str]:
    """`rulesite build --corpora`, run from a project folder (its rules_src/ and
    docs/), into `{out}build/docs` and `{out}site`."""
    return [
        sys.executable,
        "-m",
        "rulesite",
        "build",
        "--config",
        str(config),
        "--sources-dir",
        "rules_src",
        "--pages-dir",
        "docs",
        "--corpora",
        str(corpora),
        "--docs-dir",
        f"{out}build/docs",
        "--site-dir",
        f"{out}site",
        "--engine",
        engine,
    ]


def cli_builds(
    builds: list[tuple[Path, Path, str]], config: Path, engine: str = DEFAULT_ENGINE
) -> list[tuple[float, str, float]]:
    """Each (project, corpora, out) built by `rulesite build`, all side by side,
    timed: (seconds until it ended, what it printed, processor seconds of it and
    of every process it waited for), in the order given."""
    settle()
    start = time.perf_counter()
    running = []
    for project, corpora, out in builds:
        printed, errors = tempfile.TemporaryFile(), tempfile.TemporaryFile()
        command = _build_command(config, corpora, out, engine)
        env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
        running.append((subprocess.Popen(command, cwd=project, stdout=printed, stderr=errors, env=env), printed, errors))

    def ended(proc: subprocess.Popen) -> tuple[float, float]:
        # wait4: this child's own processor time with its waited-for children's.
        _, status, used = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        return round(time.perf_counter() - start, 2), round(used.ru_utime + used.ru_stime, 2)

    with ThreadPoolExecutor(len(running)) as pool:
        times = list(pool.map(ended, [proc for proc, _, _ in running]))
    results = []
    for (proc, *files), (seconds, cpu) in zip(running, times):
        text, problems = [_read_back(f) for f in files]
        if proc.returncode != 0:
            raise SystemExit(f"rulesite build failed:\n{text[-2000:]}\n{problems[-3000:]}")
        results.append((seconds, text, cpu))
    return results


def _read_back(file) -> str:
    """What a build wrote into a temporary file; the file is closed (and gone)."""
    file.seek(0)
    with file:
        return file.read().decode("utf-8", "replace")


def cli_build(project: Path, corpora: Path, config: Path, out: str, engine: str = DEFAULT_ENGINE) -> tuple[float, str, float]:
    """One `rulesite build --corpora` from `project`, timed (`cli_builds`)."""
    return cli_builds([(project, corpora, out)], config, engine)[0]


def _stage_times(printed: str) -> dict[str, float]:
    """The seconds `rulesite build` printed for each stage ("render ... (5.45 s)")."""
    found = {}
    for line in printed.splitlines():
        match = re.match(r"(\w+)\s.*\((\d+\.\d+) s\)$", line)
        if match:
            found[match.group(1)] = float(match.group(2))
    return found


def change_a_ruling(sources: Path) -> None:
    """Rewords one ruling of the seeds, as a maintainer would (not its first
    words: they tie it to its id)."""
    path = sources / "riftbound" / "community-rulings.txt"
    text = path.read_text(encoding="utf-8")
    changed = text.replace("You cannot choose to deal less damage", "You can never choose to deal less damage", 1)
    if changed == text:
        raise SystemExit(f"{path}: the sentence the benchmark rewords is gone: update bench.change_a_ruling")
    path.write_text(changed, encoding="utf-8")


def memory_folder() -> Path | None:
    """A folder in memory (tmpfs) to build in, where the system has one."""
    shm = Path("/dev/shm")
    return shm if shm.is_dir() and os.access(shm, os.W_OK) else None


def edition_rounds(project: Path, corpora: Path, config: Path, where: Path | None) -> dict:
    """Clean whole builds of 2, 3 and 4 Core Rules editions (`editions_project`)
    side by side, in EDITION_RUNS rounds, each into folders of its own in a new
    folder under `where` (None: the system's temporary folder): for each number
    of editions, when each round's build ended (seconds), its processor seconds,
    and what its site holds (files, MiB). In memory, the disk's state (which
    varied one build's processor time by more than an edition costs) is no part
    of what is measured."""
    with tempfile.TemporaryDirectory(prefix="rulesite-bench-editions-", dir=where) as tmp:
        work = Path(tmp)
        folders = {n: editions_project(project, corpora, work, n) for n in (2, 3, 4)}
        runs: dict[int, list] = {n: [] for n in folders}
        sizes: dict = {}
        for k in range(EDITION_RUNS):
            print(f"whole builds with 2, 3 and 4 Core Rules editions side by side, round {k + 1} ...", file=sys.stderr)
            made = cli_builds([(p, c, f"run-{k}-") for p, c in folders.values()], config)
            for (n, (p, _)), one in zip(folders.items(), made):
                runs[n].append(one)
                if k == 0:
                    # What the build made, which no noise changes: files and bytes of the site.
                    files = [f for f in (p / f"run-{k}-site").resolve().rglob("*") if f.is_file()]
                    sizes[n] = {"files": len(files), "mib": round(sum(f.stat().st_size for f in files) / 2**20, 1)}
                for out in (p / f"run-{k}-site").resolve(), p / f"run-{k}-build":
                    shutil.rmtree(out, ignore_errors=True)  # memory, if that is where they are
    return {
        "seconds": {n: [seconds for seconds, _, _ in found] for n, found in runs.items()},
        "rounds": {n: [cpu for _, _, cpu in found] for n, found in runs.items()},
        "sizes": sizes,
        "where": "in the system's temporary folder"
        if where is None
        else f"in {where}" + (" (memory)" if where == memory_folder() else ""),
    }


def edition_cost_ratio(rounds: dict[int, list[float]]) -> float | None:
    """What the fourth edition added ÷ what an edition added on average (from 2
    to 4), in processor seconds. `rounds`: 2, 3, 4 -> each round's processor
    seconds, the k-th of each list from the k-th round, in which the three
    builds ran side by side: the machine's speed in those minutes is the same
    for all three (it varies by up to twice from one minute to the next, by far
    more than an edition costs), so within a round the differences are what the
    editions cost. The median of the rounds' ratios. None when noise could make
    it: a step (3 editions less 2, 4 less 3) that varies between rounds by as
    much as its smallest value measures the machine, not the edition; so does
    one no larger than zero (a third edition that made the build cheaper)."""
    counts = {len(found) for found in rounds.values()}
    if len(counts) != 1 or min(counts) < 2:
        return None  # one round: nothing says how far off it is
    third = [more - less for less, more in zip(rounds[2], rounds[3])]
    fourth = [more - less for less, more in zip(rounds[3], rounds[4])]
    for step in (third, fourth):
        if min(step) <= 0 or max(step) - min(step) >= min(step):
            return None
    return round(statistics.median(round_ratios(rounds)), 2)


def round_ratios(rounds: dict[int, list[float]]) -> list[float]:
    """Each round's own ratio: what the fourth edition added ÷ the average of
    what the third and the fourth added, in that round."""
    return [
        round((four - three) / ((four - two) / 2), 2) if four > two else float("nan")
        for two, three, four in zip(rounds[2], rounds[3], rounds[4])
    ]


def live_preview(sources: Path, pages: Path, corpora: Path, config: Path, work: Path) -> dict:
    """The figures of `bench_serve.py`, with Debian's Chromium open on the preview."""
    from playwright.sync_api import sync_playwright

    from .serve import serve_figures
    from .chromium import CHROMIUM_ARGS, chromium_path

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            return serve_figures(sources, pages, corpora, config, work, browser)
        finally:
            browser.close()


def serve_targets(serve: dict) -> dict:
    """The live preview's figures that have targets (`TARGETS`), from `bench_serve.serve_figures`."""
    return {
        "serve_ruling_reload_over_clean": serve["ruling"]["median"],
        "serve_rule_reworded_over_clean": serve["rule"]["median"],
        "serve_nothing_changed_builds": serve["nothing_changed_builds"],
        "serve_new_edition_over_clean": serve["edition"]["median"],
    }


def serve_only(args: argparse.Namespace, corpora: Path, config: Path) -> int:
    """`--serve-only`: the live preview's figures alone, with the machine's load."""
    report: dict = {"machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0], "load_before": os.getloadavg()}}
    print("rulesite serve: a clean build, then saves, with a tab open; mkdocs serve beside it ...", file=sys.stderr)
    with tempfile.TemporaryDirectory(prefix="rulesite-bench-") as tmp:
        serve = report["serve"] = live_preview(args.sources_dir, args.pages_dir, corpora, config, Path(tmp))
    report["machine"]["load_after"] = os.getloadavg()
    figures = report["figures"] = serve_targets(serve)
    report["targets"] = {
        k: {"what": TARGETS[k][0], "target": TARGETS[k][1], "verdict": verdict(v, TARGETS[k][1])} for k, v in figures.items()
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(
        f"machine: {report['machine']['cpus']} cores, load {report['machine']['load_before'][0]:.1f} before, "
        f"{report['machine']['load_after'][0]:.1f} after (1-minute average; above the core count, every figure is slower)"
    )
    print("\n".join(report_lines(serve)))
    print()
    print("| figure | measured | target | |")
    print("|---|---|---|---|")
    for key, value in figures.items():
        what, target, unit = TARGETS[key]
        print(f"| {what} | {value} {unit} | ≤ {target} {unit} | {verdict(value, target)} |")
    print(f"written to {args.out}")
    return 0


def verdict(value: float | None, target: float) -> str:
    if value is None:
        return "not measured (or too noisy to measure: run again on a quiet machine)"
    return "met" if value <= target else "MISSED"


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if not args.corpora.is_dir():
        print(f"no corpora folder at {args.corpora}: pass --corpora or set RULESITE_CORPORA", file=sys.stderr)
        return 2
    corpora, config = args.corpora.resolve(), args.config.resolve()
    if args.serve_only:
        return serve_only(args, corpora, config)
    report = measure(args, corpora, config)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print_report(report)
    print(f"written to {args.out}")
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rulesite bench", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    default = os.environ.get("RULESITE_CORPORA") or "../shared/corpora"
    parser.add_argument(
        "--corpora",
        type=Path,
        default=Path(default),
        help="the real corpora (default: $RULESITE_CORPORA, else ../shared/corpora)",
    )
    parser.add_argument(
        "--sources-dir", type=Path, default=read_stage.SOURCES, help="folder with manifest.yml (default: rules_src)"
    )
    parser.add_argument("--pages-dir", type=Path, default=Path("docs"), help="the written pages (default: docs)")
    parser.add_argument("--config", type=Path, default=write_stage.CONFIG, help="the MkDocs config (default: mkdocs.yml)")
    parser.add_argument(
        "--out",
        type=Path,
        default=Path("bench") / "results.json",
        help="where to write the figures (default: bench/results.json)",
    )
    add_engine_option(parser)
    parser.add_argument("--no-editions", action="store_true", help="skip the whole builds with 2, 3 and 4 Core Rules editions")
    parser.add_argument("--serve", action="store_true", help="also the live preview's figures (rulesite serve, mkdocs serve)")
    parser.add_argument(
        "--serve-only",
        action="store_true",
        help="only the live preview's figures, each ÷ the clean build serve starts with (a few minutes)",
    )
    parser.add_argument(
        "--editions-dir",
        type=Path,
        default=memory_folder(),
        help="where the builds with 2, 3 and 4 editions are made (default: /dev/shm, in memory, where it exists; "
        "else the system's temporary folder)",
    )
    return parser


def use_checkouts_image_store(sources_dir: Path) -> str:
    """The bench builds copies of this checkout in a temporary folder: their
    preview images are taken from, and kept in, the store this checkout's own
    builds use (`Settings.image_store` of `rulesite build`'s folders, or
    $RULESITE_IMAGE_STORE), as a clean build of it would. A first bench of a
    fresh clone draws them all, as its first build does; the report says how
    many each build drew. Returns where the store is, for the report."""
    store = Settings.of(sources_dir, write_stage.DOCS_DIR, Path("site")).image_store
    os.environ[IMAGE_STORE_VARIABLE] = str(store)  # the builds in new processes too
    return os.path.relpath(store)


def measure(args: argparse.Namespace, corpora: Path, config: Path) -> dict:
    """Every figure of the bench, with the machine's load and speed around them:
    the report written to `--out`."""
    report: dict = {"machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0], "load_before": os.getloadavg()}}
    report["machine"]["loop_seconds_before"] = machine_speed()
    report["image_store"] = use_checkouts_image_store(args.sources_dir)
    with tempfile.TemporaryDirectory(prefix="rulesite-bench-") as tmp:
        work = Path(tmp)
        # A project of its own (sources and written pages copied), so the ruling can be changed.
        project = work / "project"
        shutil.copytree(args.sources_dir, project / "rules_src")
        shutil.copytree(args.pages_dir, project / "docs")
        print("whole build, stage by stage ...", file=sys.stderr)
        full = report["full"] = staged_build(project / "rules_src", corpora, config, project, args.engine)
        stages = full["stages"]
        whole = round(sum(s["seconds"] for s in stages.values()), 2)
        # Read + resolve + render again, in new processes: this machine's speed
        # varies from one minute to the next, and the fastest run says what the code costs.
        print("read + resolve + render again ...", file=sys.stderr)
        first = [{name: stages[name]["seconds"] for name in ("read", "resolve", "render")}]
        first.append(fresh_read_resolve_render(project / "rules_src", corpora, config))
        print("plain mkdocs build of the same pages ...", file=sys.stderr)
        env = dict(os.environ, NO_MKDOCS_2_WARNING="1", **full["env"])
        config_dir = project / full["config_dir"]
        plain_seq = plain_mkdocs(config_dir, full["languages"], work, env, side_by_side=False)
        plain_par = plain_mkdocs(config_dir, full["languages"], work, env, side_by_side=True)
        print("each engine's clean build of the same pages ...", file=sys.stderr)
        engines = engine_times(config_dir, full["languages"], work, env)
        print("rebuild after one ruling ...", file=sys.stderr)
        change_a_ruling(project / "rules_src")
        rebuild, rebuild_out, _ = cli_build(project, corpora, config, "", args.engine)
        built_line = next((line for line in rebuild_out.splitlines() if line.startswith("build ")), "")
        # Paths relative to the bench's own folder, not this machine's temporary one.
        built_line = built_line.replace(f"{work.resolve()}/", "").replace(f"{work}/", "")
        print("read + resolve + render again ...", file=sys.stderr)
        first.append(fresh_read_resolve_render(project / "rules_src", corpora, config))
        editions = None
        if not args.no_editions:
            editions = edition_rounds(project, corpora, config, args.editions_dir)
        serve = None
        if args.serve:
            print("rulesite serve: a clean build, then saves, with a tab open; mkdocs serve beside it ...", file=sys.stderr)
            serve = live_preview(args.sources_dir, args.pages_dir, corpora, config, work)
        print("read + resolve + render again ...", file=sys.stderr)
        first += [
            fresh_read_resolve_render(project / "rules_src", corpora, config) for _ in range(FIRST_STAGES_RUNS - len(first))
        ]
    report["machine"]["load_after"] = os.getloadavg()
    report["machine"]["loop_seconds_after"] = machine_speed()
    figures = {
        "whole_build_seconds": whole,
        "build_over_plain_mkdocs": round(whole / plain_par, 2),
        "check_seconds": stages["output check"]["seconds"],
        "rebuild_one_ruling_seconds": rebuild,
        "read_resolve_render_seconds": min(round(sum(run.values()), 2) for run in first),
        "one_more_edition_over_average": None,
        **{key: None for key in TARGETS if key.startswith("serve_")},
    }
    if serve:
        report["serve"] = serve
        figures.update(serve_targets(serve))
    if editions:
        # What an edition costs is the work it adds: processor time, which the
        # disk's waits do not swell (a whole build's seconds varied by more than
        # an edition's cost from one run to the next: 4 editions built faster than 3).
        figures["one_more_edition_over_average"] = edition_cost_ratio(editions["rounds"])
    report["read_resolve_render_runs"] = first
    report["plain_mkdocs"] = {"one_after_another_seconds": plain_seq, "side_by_side_seconds": plain_par}
    report["engines_side_by_side_seconds"] = engines
    report["build_over_plain_mkdocs_one_after_another"] = round(whole / plain_seq, 2)
    report["rebuild"] = {"seconds": rebuild, "build_stage": built_line, "stages": _stage_times(rebuild_out)}
    if editions:
        report["editions"] = {**editions, "ratio_each_round": round_ratios(editions["rounds"])}
    report["figures"] = figures
    report["targets"] = {k: {"what": w, "target": t, "verdict": verdict(figures[k], t)} for k, (w, t, _) in TARGETS.items()}
    return report


def _images_drawn(full: dict, stage: str) -> str:
    """Beside the render's time: its preview images drawn, and taken from the store."""
    images = full.get("images")
    if stage != "render" or not images:
        return ""
    return f" ({images['drawn']} preview images drawn, {images['from_store']} from the store)"


def print_report(report: dict) -> None:
    """The report, as a person reads it: stages, builds, the targets met or missed."""
    stages, figures, first = report["full"]["stages"], report["figures"], report["read_resolve_render_runs"]
    whole, editions, serve = figures["whole_build_seconds"], report.get("editions"), report.get("serve")
    plain = report["plain_mkdocs"]
    plain_seq, plain_par = plain["one_after_another_seconds"], plain["side_by_side_seconds"]
    built_line = report["rebuild"]["build_stage"]
    print(
        f"machine: {report['machine']['cpus']} cores, load {report['machine']['load_before'][0]:.1f} before, "
        f"{report['machine']['load_after'][0]:.1f} after (1-minute average; above the core count, every figure is slower)"
    )
    print(
        f"machine speed: a fixed Python loop took {report['machine']['loop_seconds_before']} s before, "
        f"{report['machine']['loop_seconds_after']} s after (the same loop on a faster minute: every figure is faster too)"
    )
    print("| stage | s | peak MiB |")
    print("|---|---|---|")
    for name, s in stages.items():
        print(f"| {name}{_images_drawn(report['full'], name)} | {s['seconds']} | {s['peak_mib']} |")
    print(f"| **whole build** | **{whole}** | |")
    if report.get("image_store"):
        print(f"preview images kept in and taken from {report['image_store']} (a first build there draws them all)")
    print(f"plain mkdocs build of the same pages: {plain_seq} s one language after another, {plain_par} s side by side")
    print(times_line(report["engines_side_by_side_seconds"]))
    print(weight_line(report["full"]["site_weight"]))
    if editions:
        print(
            f"whole builds with 2, 3, 4 Core Rules editions, side by side {editions['where']}, in {EDITION_RUNS} rounds: "
            "processor seconds "
            + "; ".join(f"{n}: " + ", ".join(f"{v}" for v in rounds) for n, rounds in editions["rounds"].items())
            + "; one more edition ÷ average, each round: "
            + ", ".join(f"{v}" for v in report["editions"]["ratio_each_round"])
            + " (the median counts); each round ended after "
            + ", ".join(f"{max(t)} s" for t in zip(*editions["seconds"].values()))
        )
        sizes = editions["sizes"]
        added = [sizes[n + 1]["mib"] - sizes[n]["mib"] for n in (2, 3)]
        print(
            "their sites: "
            + ", ".join(f"{v['files']} files, {v['mib']} MiB" for v in sizes.values())
            + f"; the third edition added {added[0]:.1f} MiB, the fourth {added[1]:.1f} MiB"
        )
    print(
        f"read + resolve + render, {len(first)} runs (the whole build's, then in new processes through the bench; "
        "the fastest counts): "
        + ", ".join(f"{sum(run.values()):.2f} s (" + ", ".join(f"{v:.2f}" for v in run.values()) + ")" for run in first)
    )
    if serve:
        print("\n".join(report_lines(serve)))
    print(f"rebuild: {built_line}")
    print("rebuild, stage by stage: " + ", ".join(f"{k} {v:.2f} s" for k, v in report["rebuild"]["stages"].items()))
    print()
    print("| figure | measured | target | |")
    print("|---|---|---|---|")
    for key, (what, target, unit) in TARGETS.items():
        value = figures[key]
        shown = "—" if value is None else f"{value} {unit}"
        print(f"| {what} | {shown} | ≤ {target} {unit} | {verdict(value, target)} |")


if __name__ == "__main__":
    sys.exit(main())
