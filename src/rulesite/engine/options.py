"""`--engine`, shared by `rulesite build`, `serve` and `bench`."""

from __future__ import annotations

import argparse

from ..common.engines import DEFAULT, ENGINES


def add_engine_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--engine",
        choices=list(ENGINES),
        default=DEFAULT,
        help=f"what builds the HTML from the generated pages (default: {DEFAULT}; "
        "properdocs and zensical build clean every time, the incremental rebuilds are MkDocs')",
    )
