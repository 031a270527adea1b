"""What the two callers of MkDocs' Python API (`rebuild.py`, `split_build.py`)
share: messages printed as `mkdocs build` prints them, a failure reported as
it reports one, and no plugin that needs every page in one process."""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable


def log_like_mkdocs() -> None:
    """Messages printed as `mkdocs build` prints them (level, then the text)."""
    log = logging.getLogger("mkdocs")
    log.propagate = False
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(logging.Formatter("%(levelname)-8s-  %(message)s"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)


def run(work: Callable[[], str]) -> int:
    """`work` (a build that returns what to say it did), its failure printed as
    MkDocs prints one: 0, or 1 when MkDocs aborted (a strict warning, an error)."""
    from mkdocs.exceptions import Abort

    try:
        done = work()
    except Abort as abort:
        logging.getLogger("mkdocs").error(str(abort))
        return 1
    print(f"INFO    -  {done}")
    return 0


def refuse_whole_site_plugins(config) -> None:
    """A split or partial build writes only some pages: a plugin that makes one
    file of every page at the end (MkDocs' or Material's search index) would
    write an index of those pages alone. The site's config has none (its word
    search is its own, render/word_index.py); a config that adds one is told so."""
    from mkdocs.exceptions import Abort

    found = [name for name in config.plugins if name.split("/")[-1] == "search"]
    if found:
        raise Abort(f"the {found[0]} plugin indexes the whole site, which a split or partial build cannot: remove it")
