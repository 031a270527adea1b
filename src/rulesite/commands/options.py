"""The command-line options that say where the sources are read from, shared
by every command that reads them (`build`, `serve`, `export`)."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..stages import read as read_stage


def add_source_options(parser: argparse.ArgumentParser) -> None:
    """--sources-dir, --also and --corpora."""
    parser.add_argument(
        "--sources-dir", type=Path, default=read_stage.SOURCES, help="folder with manifest.yml (default: rules_src)"
    )
    parser.add_argument(
        "--also",
        nargs=2,
        action="append",
        default=[],
        metavar=("MANIFEST", "FOLDER"),
        help="also read the sources MANIFEST lists, from FOLDER (repeatable)",
    )
    parser.add_argument(
        "--corpora",
        type=Path,
        metavar="FOLDER",
        help="also read the real corpora from FOLDER, as SOURCES_DIR/external/corpora.manifest.yml lists them",
    )
