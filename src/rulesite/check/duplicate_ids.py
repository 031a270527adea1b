"""No id printed twice in one page: a link to `#g-abandon` must lead to one place.

`duplicate_ids(page)` takes a parsed page (a `check/page.py` Page, or any tree
it parsed) and returns one problem, (line, code, message), per id printed more
than once. The check stage (`check/run.py`) runs it on every page.
"""

from __future__ import annotations

from .page import elements


CODE = "duplicate-id"


def duplicate_ids(page) -> list[tuple[int, str, str]]:
    found: dict[str, list] = {}  # id -> its elements, in the order of the page
    for element in elements(page).having("id"):
        if ident := element.get("id"):
            found.setdefault(ident, []).append(element)
    return [
        (max(same[0].sourceline or 1, 1), CODE, f"id {ident!r} is printed {len(same)} times in this page")
        for ident, same in found.items()
        if len(same) > 1
    ]
