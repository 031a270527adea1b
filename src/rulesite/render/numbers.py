"""The table of rule numbers the search box reads first (assets/numbers.js).

Typing a rule number ("424.1.a", "701.16a", "TR 703.4", "v1.2 411.1") shows
that rule as the first result, labelled with game, document and edition, from
this small table instead of the full-text index: every number of every
section page this language's site shows (current and older editions), grouped
by page. The rule's text comes from the page's preview file (share.py), so
the search and the previews read the same data.
"""

from __future__ import annotations

from ..site_map.paths import language_root
from ..strings import t
from .context import CONTENT_LANGUAGE, Context
from .edition_pages import document_name
from .escape import script_json
from ..site_map.paths import html_path, section_page
from .share import GAME_NAMES

# Short names readers type before a number: "TR 703.4", "CR 424.1".
DOCUMENT_ALIASES = {
    "core-rules": ["cr", "core", "core-rules"],
    "tournament-rules": ["tr", "tournament", "tournament-rules"],
    "comprehensive-rules": ["cr", "mtg", "comprehensive", "comprehensive-rules"],
}
GAME_ALIASES = {"riftbound": ["rb", "riftbound"], "magic": ["mtg", "magic"]}


def numbers_js(ctx: Context, language: str) -> str:
    docs: list[dict] = []
    index: dict[tuple, int] = {}
    pages: list[list] = []
    shown = [language] if language == CONTENT_LANGUAGE else [language, CONTENT_LANGUAGE]
    for pages_language in shown:
        elsewhere = pages_language != language
        to_root = to_content_root(language) if elsewhere else ""
        for section in ctx.editions.pages_of(pages_language):
            current = not section.version_path
            key = (section.game, section.document, section.edition, current, elsewhere)
            if key not in index:
                index[key] = len(docs)
                name = document_name(section.document)
                docs.append(
                    {
                        "game": GAME_NAMES.get(section.game, section.game),
                        "document": t(language, "in-english", document=name) if elsewhere else name,
                        "edition": section.edition,
                        "current": current,
                        "aliases": GAME_ALIASES.get(section.game, [section.game])
                        + DOCUMENT_ALIASES.get(section.document, [section.document]),
                    }
                )
            numbers = [section.number] + [r.number for r in section.rules if r.number != section.number]
            pages.append([index[key], to_root + html_path(section_page(section.key)), " ".join(numbers)])
    return "window.RULESITE_NUMBERS = " + script_json({"docs": docs, "pages": pages}) + ";\n"


def to_content_root(language: str) -> str:
    """The way from `language`'s site root up to English's ("../" from fr/)."""
    return "../" * language_root(language).count("/")
