"""Measures every stage of the build over the real corpora: wall time and peak memory.

    rulesite bench                          # corpora from $RULESITE_CORPORA or ../shared/corpora
    rulesite bench --corpora DIR --out bench/results.json

It builds the site twice: from half of the corpus (every other section of every
edition, every other ruling, FAQ answer and card) and from all of it, and
reports how build time grows with the number of pages. Python stages run in
this process; their peak memory is the process's resident high-water mark
after the stage (it only grows, so a stage that needs no more than an earlier
one shows the same figure). The MkDocs build runs as the build does, in child
processes, and its peak memory is their largest resident set size. Each
measurement is one run: repeat it on a quiet machine for numbers to compare.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from . import pipeline
from .diagnostics import Diagnostics
from .read import read_sources
from .read.walkthroughs import read_walkthroughs
from .render.site import render_site
from .resolve.merge import merge


def measure(name: str, results: dict, function, *args):
    start = time.perf_counter()
    value = function(*args)
    seconds = time.perf_counter() - start
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # Linux: KiB
    results[name] = {"seconds": round(seconds, 3), "peak_mib": round(peak_kib / 1024, 1)}
    return value


def halve(imported):
    for result in imported:
        result.sections = result.sections[::2]
        result.faqs = result.faqs[::2]
        result.rulings = result.rulings[::2]
        result.cards = result.cards[::2]
    return imported


def run(corpora: Path, work: Path, half: bool, sources: Path, config: Path) -> dict:
    results: dict = {}
    diag = Diagnostics()
    manifest = sources / "manifest.yml"

    def read():
        found, imported = read_sources(manifest, diag, [(pipeline.corpora_manifest(sources), corpora)])
        corpus = merge(found, halve(imported) if half else imported, diag)
        corpus.walkthroughs = read_walkthroughs(sources / "walkthroughs", diag)
        return corpus

    corpus = measure("import", results, read)
    ctx = measure("resolve", results, pipeline.resolve, corpus, sources, Diagnostics())
    docs = work / "docs"
    files = measure("render", results, render_site, ctx)
    measure("write docs", results, pipeline.write, ctx, files, docs, work / ".build", config)
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    result, fresh = pipeline.build(work / ".build", list(files), work / "site", config)
    if result.returncode != 0:
        raise SystemExit(f"mkdocs build failed:\n{result.stdout}\n{result.stderr}")
    peak_kib = max(before, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    results["mkdocs build"] = {"seconds": round(time.perf_counter() - start, 3), "peak_mib": round(peak_kib / 1024, 1)}

    def check():
        diag = Diagnostics()
        pipeline.check(ctx, fresh, list(files), diag)
        return diag.errors

    problems = measure("output check", results, check)
    pages = sum(1 for f in files.values() for p in f if p.endswith(".md"))
    statics = sum(1 for f in files.values() for p in f if p.endswith(".html"))
    return {
        "stages": results,
        "pages": pages,
        "short_pages": statics,
        "rules": sum(1 for _ in corpus.rules()),
        "problems": len(problems),
        "total_seconds": round(sum(s["seconds"] for s in results.values()), 2),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="rulesite bench", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    default = os.environ.get("RULESITE_CORPORA") or "../shared/corpora"
    parser.add_argument("--corpora", type=Path, default=Path(default), help="the real corpora (default: $RULESITE_CORPORA, else ../shared/corpora)")
    parser.add_argument("--sources-dir", type=Path, default=pipeline.SOURCES, help="folder with manifest.yml (default: rules_src)")
    parser.add_argument("--config", type=Path, default=pipeline.CONFIG, help="the MkDocs config (default: mkdocs.yml)")
    parser.add_argument("--out", type=Path, default=Path("bench") / "results.json", help="where to write the figures (default: bench/results.json)")
    parser.add_argument("--part", choices=("half", "full"), help=argparse.SUPPRESS)  # one run, JSON on stdout
    args = parser.parse_args(argv)
    args.sources_dir, args.config = args.sources_dir.resolve(), args.config.resolve()
    if not args.corpora.is_dir():
        print(f"no corpora folder at {args.corpora}: pass --corpora or set RULESITE_CORPORA", file=sys.stderr)
        return 2
    if args.part:
        with tempfile.TemporaryDirectory() as work:
            print(json.dumps(run(args.corpora.resolve(), Path(work), args.part == "half", args.sources_dir, args.config)))
        return 0
    report = {"machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0]}}
    for part in ("half", "full"):
        # A process each, so that each run's peak memory is its own.
        child = subprocess.run(
            [sys.executable, "-m", "rulesite", "bench", "--corpora", str(args.corpora), "--sources-dir", str(args.sources_dir),
             "--config", str(args.config), "--part", part],
            capture_output=True, text=True,
        )
        if child.returncode != 0:
            print(child.stdout + child.stderr, file=sys.stderr)
            return 1
        report[part] = json.loads(child.stdout.strip().splitlines()[-1])
    full, half = report["full"], report["half"]
    for part in (half, full):
        part["to_markdown_seconds"] = round(sum(part["stages"][s]["seconds"] for s in ("import", "resolve", "render")), 2)
        part["to_disk_seconds"] = round(part["to_markdown_seconds"] + part["stages"]["write docs"]["seconds"], 2)
    report["growth"] = {
        "pages_ratio": round(full["pages"] / half["pages"], 2),
        "mkdocs_time_ratio": round(full["stages"]["mkdocs build"]["seconds"] / half["stages"]["mkdocs build"]["seconds"], 2),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print("| stage | half: s | half: peak MiB | full: s | full: peak MiB |")
    print("|---|---|---|---|---|")
    for stage in full["stages"]:
        h, f = half["stages"][stage], full["stages"][stage]
        print(f"| {stage} | {h['seconds']} | {h['peak_mib']} | {f['seconds']} | {f['peak_mib']} |")
    print(f"| import + resolve + render | {half['to_markdown_seconds']} | | {full['to_markdown_seconds']} | |")
    print(f"| … and written to disk | {half['to_disk_seconds']} | | {full['to_disk_seconds']} | |")
    print(f"| whole build | {half['total_seconds']} | | {full['total_seconds']} | |")
    print(f"| pages (+ short rule pages) | {half['pages']} (+{half['short_pages']}) | | {full['pages']} (+{full['short_pages']}) | |")
    print(f"growth: {report['growth']['pages_ratio']}× the pages took {report['growth']['mkdocs_time_ratio']}× the MkDocs time")
    print(f"written to {args.out}")
    return 1 if full["problems"] or half["problems"] else 0


if __name__ == "__main__":
    sys.exit(main())
