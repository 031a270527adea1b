"""No id printed twice in one page: a link to `#g-abandon` must lead to one place.

`duplicate_ids(root)` takes a parsed page (the tree `check/page.py` gives, or any
tree with `iter()`, `get()` and `sourceline`) and returns one problem per id
printed more than once. The check stage (`check/run.py`) runs it on every page.
"""

from __future__ import annotations

from collections import Counter


def duplicate_ids(page, name: str = "page") -> list[str]:
    counts = Counter(element.get("id") for element in page.iter() if isinstance(element.tag, str) and element.get("id"))
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
