"""`rulesite export`: the published data without building the site.

    rulesite export --out data/                     # from rules_src/
    rulesite export --corpora ../shared/corpora --out data/

Writes exactly the files a build publishes under the site's `data/` (with the
same content), so a bot or another site can be given the data alone.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from . import pipeline
from .diagnostics import Diagnostics
from .export.files import FOLDER, data_files
from .options import add_source_options


def add_export_command(commands) -> None:
    export = commands.add_parser(
        "export",
        help="write the published data (JSON, as in the site's data/) without building the site",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_source_options(export)
    export.add_argument(
        "--out", type=Path, default=Path(FOLDER), help="folder to write the data into (default: data); replaced whole"
    )
    export.set_defaults(run=export_command)


def export_command(args: argparse.Namespace) -> int:
    diag = Diagnostics()
    also = [(Path(m), Path(f)) for m, f in args.also]
    if args.corpora:
        also.append((pipeline.corpora_manifest(args.sources_dir), args.corpora))
    corpus = pipeline.read_corpus(args.sources_dir / "manifest.yml", diag, also)
    ctx = pipeline.resolve(corpus, diag)
    if diag.errors:
        diag.report()
        print("nothing was written: fix the errors above and export again", file=sys.stderr)
        return 1
    files = data_files(ctx, places=ctx)  # render's Context: resolve's results, and where FAQ answers and cards are
    fresh = args.out.with_name(args.out.name + ".new")
    shutil.rmtree(fresh, ignore_errors=True)
    for path, text in files.items():
        target = fresh / path.removeprefix(FOLDER + "/")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    # Swapped in whole, so a reader never sees half of one export and half of another.
    old = args.out.with_name(args.out.name + ".old")
    shutil.rmtree(old, ignore_errors=True)
    if args.out.exists():
        args.out.rename(old)
    fresh.rename(args.out)
    shutil.rmtree(old, ignore_errors=True)
    diag.report()
    json_files = sum(1 for p in files if p.endswith(".json"))
    print(f"export   {json_files} data files (and their script twins) written to {args.out}")
    return 0
