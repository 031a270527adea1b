"""What the two callers of MkDocs' Python API (`rebuild.py`, `split_build.py`)
share: messages printed as `mkdocs build` prints them, a failure reported as
it reports one, and the search index written as a clean build writes it."""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

SEARCH_INDEX = "search/search_index.json"
SEARCH_SCRIPT = "search/search_index.js"  # Material's offline plugin: the index as a script


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


def page_of(location: str) -> str:
    return location.split("#", 1)[0]


def write_search_index(site_dir: Path, config: dict, entries: Iterable[dict], order: list[str], script: bool) -> None:
    """The site's search index as a clean build writes it: `entries` (from one
    or more indexes, a page's all from the same one) each page's in page
    `order`; written as Material's search plugin writes it, and as its offline
    plugin's script when `script`."""
    by_page: dict[str, list] = {}
    for entry in entries:
        by_page.setdefault(page_of(entry["location"]), []).append(entry)
    docs = [entry for page in order for entry in by_page.pop(page, ())]
    if by_page:
        raise SystemExit(f"search index: entries of pages the site does not have: {', '.join(sorted(by_page))}")
    data = json.dumps({"config": config, "docs": docs}, separators=(",", ":"), default=str)
    (site_dir / SEARCH_INDEX).parent.mkdir(parents=True, exist_ok=True)
    (site_dir / SEARCH_INDEX).write_bytes(data.encode("utf-8"))
    if script:
        (site_dir / SEARCH_SCRIPT).write_text(f"var __index = {data}", encoding="utf-8")
