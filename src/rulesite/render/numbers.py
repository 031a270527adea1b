"""The table of rule numbers the search box reads first (assets/numbers.js).

Typing a rule number ("424.1.a", "701.16a", "TR 703.4", "v1.2 411.1") shows
that rule as the first result, labelled with game, document and edition, from
this small table instead of the full-text index: every number of every
section page this language's site shows (current and older editions), grouped
by page. The rule's text comes from the page's preview file (share.py), so
the search and the previews read the same data.
"""

from __future__ import annotations

from ..resolve.search_names import own_translation
from ..site_map.paths import language_root
from ..common.strings import t
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
            if elsewhere and not section.version_path and own_translation(ctx.corpus, ctx.concordance, section, language):
                continue  # the site's own page of the same number is that rule: one result a rule
            current = not section.version_path
            source = excerpt_sources(ctx, section)
            key = (section.game, section.document, section.edition, current, elsewhere, source)
            if key not in index:
                index[key] = len(docs)
                name = document_name(section.document)
                doc = {
                    "game": GAME_NAMES.get(section.game, section.game),
                    "document": t(language, "in-english", document=name) if elsewhere else name,
                    "edition": section.edition,
                    "current": current,
                    "aliases": GAME_ALIASES.get(section.game, [section.game])
                    + DOCUMENT_ALIASES.get(section.document, [section.document]),
                }
                if source:  # an excerpt or undated edition is named by its sources, not as older
                    doc["source"] = source
                if language != CONTENT_LANGUAGE:  # English's say "(in English)"; the site's own, its language
                    doc["language"] = pages_language
                docs.append(doc)
            numbers = [section.number] + [r.number for r in section.rules if r.number != section.number]
            row = [index[key], to_root + html_path(section_page(section.key)), " ".join(numbers)]
            now = _numbers_now(ctx, section, numbers) if section.version_path else None
            pages.append(row + [now] if now else row)
    return "window.RULESITE_NUMBERS = " + script_json({"docs": docs, "pages": pages}) + ";\n"


def excerpt_sources(ctx: Context, section) -> str:
    """The titles of an excerpt's or undated edition's section's sources ("" for a whole edition's)."""
    editions = ctx.corpus.editions.get((section.game, section.document, section.language), [])
    edition = next((e for e in editions if e.label == section.edition), None)
    if edition is None or not (edition.partial or edition.date == "undated"):
        return ""
    sources = [ctx.corpus.sources[s] for s in section.source_ids if s in ctx.corpus.sources]
    return "; ".join(dict.fromkeys(s.title or s.id for s in sources))


def _numbers_now(ctx: Context, section, numbers: list[str]) -> str | None:
    """An older edition's numbers as the current edition numbers them (resolve's
    successors; the section's own number, the current section of its title),
    one for each of `numbers`, "-" for one it does not print: "v1.2 411.1" is
    shown with "now 424.1". None when no number has a successor."""
    key = (section.game, section.document, section.language)
    # The section's own number: the current section of its title (411 Reveal of v1.2 is 424).
    moved = ctx.changes.now.get(section.key) if ctx.changes is not None else None
    now = []
    for number in numbers:
        found = ctx.editions.successor(key, section.edition, number)
        if found is not None and found.now:
            now.append(found.now)
        elif number == section.number and moved is not None and moved.same_title:
            now.append(moved.section.number)
        else:
            now.append("-")
    return " ".join(now) if any(n != "-" for n in now) else None


def to_content_root(language: str) -> str:
    """The way from `language`'s site root up to English's ("../" from fr/)."""
    return "../" * language_root(language).count("/")
