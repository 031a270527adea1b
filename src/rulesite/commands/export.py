"""`rulesite export`: the published data without building the site.

    rulesite export --out data/                     # from rules_src/
    rulesite export --corpora ../shared/corpora --out data/

Writes exactly the files a build publishes under the site's `data/` (with the
same content), so a bot or another site can be given the data alone. The
folder is replaced whole, in one step, as the build replaces `site/`; a folder
it did not make (not empty, without its marker) is refused unless
--replace-output is given.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from ..common import output
from ..stages import read as read_stage
from ..stages import resolve as resolve_stage
from ..common.diagnostics import Diagnostics
from ..common.model import Loc
from ..export.files import FOLDER, data_files
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
    export.add_argument(
        "--replace-output",
        action="store_true",
        help="replace --out even when export did not make it, deleting everything it holds "
        "(without it, such a folder is refused: error[output-folder])",
    )
    export.set_defaults(run=export_command)


def export_command(args: argparse.Namespace) -> int:
    diag = Diagnostics()
    out = Path(os.path.abspath(args.out))
    try:
        with output.locked(out):
            return _export(args, out, diag)
    except output.Busy as busy:
        print(f"rulesite export: {busy}", file=sys.stderr)
        return 75


def _export(args: argparse.Namespace, out: Path, diag: Diagnostics) -> int:
    why = None if args.replace_output else output.foreign(out)
    if why is not None:
        diag.error(Loc(output.shown(out), 0), "output-folder", output.refusal(why))
        diag.report()
        return 1
    also = [(Path(m), Path(f)) for m, f in args.also]
    if args.corpora:
        also.append((read_stage.corpora_manifest(args.sources_dir), args.corpora))
    corpus = read_stage.read_corpus(args.sources_dir / "manifest.yml", diag, also)
    ctx = resolve_stage.resolve(corpus, diag)
    if diag.errors:
        diag.report()
        print("nothing was written: fix the errors above and export again", file=sys.stderr)
        return 1
    files = data_files(ctx, places=ctx)  # render's Context: resolve's results, and where FAQ answers and cards are
    output.clean(out)  # what killed exports left
    build_id = output.new_build_id()
    fresh = output.generation(out, build_id)
    try:
        for path, text in files.items():
            target = fresh / path.removeprefix(FOLDER + "/")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        output.stamp(fresh)
        # Swapped in whole, so a reader never sees half of one export and half of another.
        with output.interrupts_held():
            output.publish(fresh, out)
    finally:
        output.discard_build(out, build_id)
    diag.report()
    json_files = sum(1 for p in files if p.endswith(".json"))
    print(f"export   {json_files} data files (and their script twins) written to {args.out}")
    return 0
