"""No id printed twice in one page: a link to `#g-abandon` must lead to one place.

`duplicate_ids(page)` takes a parsed page (any tree with `iter()` and `get()`,
see `page_tree`) and returns one problem per id printed more than once.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

from .page_tree import parse_page


def duplicate_ids(page, name: str = "page") -> list[str]:
    counts = Counter(element.get("id") for element in page.iter() if element.get("id"))
    lines: dict[str, int] = {}
    for element in page.iter():
        ident = element.get("id")
        if ident and counts[ident] > 1 and ident not in lines:
            lines[ident] = getattr(element, "sourceline", 0) or 0
    return [
        f"{name}: line {lines[ident]}: id {ident!r} is printed {count} times in this page"
        for ident, count in counts.items()
        if count > 1
    ]


def check_duplicate_ids(site_dir: Path) -> list[str]:
    """Every HTML page of a built site, each checked on its own."""
    problems: list[str] = []
    for path in sorted(site_dir.rglob("*.html")):
        problems += duplicate_ids(parse_page(path), path.relative_to(site_dir).as_posix())
    return problems
