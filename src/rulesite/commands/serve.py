"""`rulesite serve`: the build's options parsed, then the live preview
(`serve/command.py`) with MkDocs kept loaded between builds."""

from __future__ import annotations

import argparse
import sys
from contextlib import closing
from functools import partial

from ..sequence import SettingsError
from ..memory import BuildMemory
from .build import build
from .options import ENVIRONMENT, EXIT_INTERRUPTED, add_build_options, settings_of


def add_serve_command(commands) -> None:
    serve = commands.add_parser(
        "serve",
        help="build the site, serve it on 127.0.0.1, build it again on each save",
        description=serve_command.__doc__,
        epilog=ENVIRONMENT,
    )
    add_build_options(serve, publish=False)
    serve.add_argument("--port", type=int, default=8000, help="the port on 127.0.0.1 (default: 8000; 0: any free one)")
    serve.add_argument("--open", action="store_true", help="open the site in the default browser once it is built")
    serve.set_defaults(run=serve_command)


def serve_command(args: argparse.Namespace) -> int:
    """Builds the site as `rulesite build` does (the same options, folders and
    checks), serves it on http://127.0.0.1:PORT, and builds it again each time
    a source, a page of --pages-dir or the MkDocs config is saved: open pages
    whose file changed reload. A failed build leaves the last good site served
    and shows its problems over every open page until a build succeeds.
    Ctrl-C stops it."""
    from ..serve.command import serve

    try:
        settings = settings_of(args, publish=False)
    except SettingsError as error:
        print(f"rulesite serve: {error}", file=sys.stderr)
        return 2
    # What each stage made kept between builds (MkDocs kept loaded): one memory, made here.
    with closing(BuildMemory(start=True)) as memory:
        return serve(settings, args.port, args.open, partial(build, memory=memory), EXIT_INTERRUPTED)
