"""A document's glossary, one page per edition: every term anchored by its slug,
its definitions with their rule references linked to that edition's rules.

The current edition's glossary is at the plain path; an older edition's is under
its edition's folder, as its sections are, and says which edition it is.
"""
from __future__ import annotations

from ..model import Edition, GlossaryEntry, Section
from ..resolve.merge import current_edition, edition_label
from .context import Context
from .escape import Md, md_text
from .escape import page as whole_page
from .markup import heading, md_link
from .paths import relative


def glossary_page(game: str, document: str, label: str = "") -> str:
    """The current edition's glossary (no label), or edition `label`'s own."""
    folder = f"{game}/{document}/{label}" if label else f"{game}/{document}"
    return f"{folder}/glossary.md"


def glossaries(ctx: Context) -> dict[str, tuple[Edition | None, list[GlossaryEntry]]]:
    """Page -> (edition, its entries in order), one page per edition that prints a glossary."""
    if "glossaries" in ctx.cache:
        return ctx.cache["glossaries"]
    pages: dict[str, tuple[Edition | None, list[GlossaryEntry]]] = {}
    for entry in ctx.corpus.glossary:
        label = edition_label(ctx.corpus.sources[entry.source_id])
        editions = ctx.corpus.editions.get((entry.game, entry.document, entry.language), [])
        edition = next((e for e in editions if e.label == label), None)
        own = "" if edition is None or edition is current_edition(editions) else label
        page = glossary_page(entry.game, entry.document, own)
        pages.setdefault(page, (edition, []))[1].append(entry)
    ctx.cache["glossaries"] = pages
    return pages


def render_glossary(ctx: Context, page: str, edition: Edition | None, entries: list[GlossaryEntry]) -> str:
    from .edition_pages import describe, document_name  # edition_pages imports this module's pages

    game, document, language = entries[0].game, entries[0].document, entries[0].language
    named = f"{document_name(document)}, {describe(edition, ctx.language)}" if edition else document_name(document)
    title = f"Glossary: {named}"
    # References in an edition's glossary mean that edition's numbers.
    here = Section(game=game, document=document, number="", title="", language=language,
                   edition=edition.label if edition else "")
    if edition is not None and edition is not current_edition(ctx.corpus.editions[(game, document, language)]):
        here.version_path = edition.label
    out = [Md("# {} {{: #glossary }}").format(title), ""]
    others = [
        md_link(describe(other, ctx.language) if other else document_name(document), relative(page, path))
        for path, (other, listed) in glossaries(ctx).items()
        if path != page and (listed[0].game, listed[0].document, listed[0].language) == (game, document, language)
    ]
    if others:
        out += [Md("Other editions' glossaries: {}").format(Md(", ").join(others)), Md("{: .edition-note }"), ""]
    for entry in entries:
        out += [heading(3, md_text(entry.term), id=f"g-{entry.id}", classes="glossary-term"), ""]
        for definition in entry.definitions:
            out += [ctx.inline(definition, game, page, here), ""]
    return whole_page(title, out)
