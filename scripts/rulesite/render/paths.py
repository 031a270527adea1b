"""Where every page lives in docs/, and links between them.

Plain, readable paths that survive rebuilds: a rule is `<section page>#<its
number>`, a ruling or walkthrough has a page named by its id.
"""
from __future__ import annotations

import posixpath

from ..model import FaqAnswer, Ruling, Section, Walkthrough

HOME = "index.md"
KEYWORDS = "keywords.md"
UNRESOLVED = "references-not-in-sources.md"


def section_page(key: tuple[str, str, str]) -> str:
    game, document, number = key
    return f"{game}/{document}/{number}.md"


def game_index(game: str) -> str:
    return f"{game}/index.md"


def rulings_index(game: str) -> str:
    return f"{game}/rulings/index.md"


def faq_index(game: str) -> str:
    return f"{game}/faq.md"


def walkthroughs_index(game: str) -> str:
    return f"{game}/walkthroughs/index.md"


def faq_anchor(faq: FaqAnswer) -> str:
    return f"faq-{faq.id}"


def page_of(item: Section | Ruling | Walkthrough) -> str:
    if isinstance(item, Section):
        return section_page(item.key)
    if isinstance(item, Ruling):
        return f"{item.game}/rulings/{item.id}.md"
    return f"{item.game}/walkthroughs/{item.id}.md"


def relative(from_page: str, to_page: str, anchor: str = "") -> str:
    """A link from one docs/ page to another, as MkDocs expects it (to the .md file)."""
    path = "" if to_page == from_page else posixpath.relpath(to_page, posixpath.dirname(from_page) or ".")
    return f"{path}#{anchor}" if anchor else path
