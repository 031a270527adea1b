"""The `rulesite` command: build the site, check a built one, benchmark.

    rulesite build                 # rules_src/ -> docs/ (Markdown) -> site/ (HTML), checked
    rulesite build --no-site       # stop after writing docs/
    rulesite serve                 # build, serve on 127.0.0.1, build again on each save
    rulesite check site/           # check an already built site
    rulesite bench                 # time every stage over the real corpora
    rulesite export --out data/    # the published data (JSON) alone, no site

Each stage prints what it counted. Problems in the sources are printed as
`path:line: error[code]: message`, all of them, and nothing is written.
This module only parses the command line and hands it to the command's
module: `commands/build.py`, `commands/serve.py`, `commands/export.py`,
`check/command.py`, `bench/command.py`. The build itself is the sequence of
`sequence.py`.
"""

from __future__ import annotations

import argparse
import sys

from .check.command import main as check_main
from .commands.build import add_build_command
from .commands.export import add_export_command
from .commands.serve import add_serve_command


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="rulesite", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    add_build_command(commands)
    add_serve_command(commands)
    check = commands.add_parser("check", help="check a built site: links, anchors, offline loading", add_help=False)
    check.set_defaults(run=None)
    bench = commands.add_parser("bench", help="time every stage of the build over the real corpora", add_help=False)
    bench.set_defaults(run=None)
    add_export_command(commands)
    argv = sys.argv[1:] if argv is None else argv
    # `check` and `bench` own their options (and their --help).
    if argv and argv[0] == "check":
        return check_main(argv[1:])
    if argv and argv[0] == "bench":
        from .bench.command import main as bench_main

        return bench_main(argv[1:])
    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
