"""Where things are, as addresses from the site root (where `data/` sits):
English pages at the root, other languages under `es/`, `fr/`. The published
data (export/data.py) gives these addresses, and the pinned links
(render/pinned.py) forward to them.
"""

from __future__ import annotations

from typing import Protocol

from ..common.model import Card, Edition, FaqAnswer, Section
from ..resolve.view import EditionsView
from .paths import html_path, language_root, section_page


class Places(Protocol):
    """Where the site map puts what has no page of its own: a FAQ answer (with
    its section, or on a part of its source's page) and a card (on a part of
    its letter's page). Render's Context answers these."""

    def faq_home(self, faq: FaqAnswer) -> tuple[str, str]: ...  # (page, its language)

    def card_page(self, card: Card) -> str: ...


def url(language: str, md_page: str, anchor: str = "") -> str:
    """A page's address from the site root: `es/magic/comprehensive-rules/701.20.html#701.20a`."""
    return language_root(language) + html_path(md_page) + (f"#{anchor}" if anchor else "")


def shown_page(editions: EditionsView, section: Section) -> str | None:
    """The page showing a section of an edition (its own, or the plain page), if any."""
    shown = editions.shown(section)
    return section_page(shown.key) if shown else None


def rule_places(editions: EditionsView, edition: Edition) -> dict[str, dict]:
    """Rule number -> its `url` and `text`, as the edition's published file has
    them (export/data.py's `edition_data`), without the rest of the file."""
    places = {}
    for section in edition.sections.values():
        page = shown_page(editions, section)
        for rule in section.rules:
            places[rule.number] = {"url": url(edition.language, page, rule.number) if page else None, "text": rule.text}
    return places
