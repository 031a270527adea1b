"""A document's glossary: every term anchored by its slug, its definitions with
their rule references linked."""
from __future__ import annotations

from .context import Context
from .escape import Md, md_text
from .escape import page as whole_page
from .markup import heading


def glossary_page(game: str, document: str) -> str:
    return f"{game}/{document}/glossary.md"


def render_glossary(ctx: Context, game: str, document: str, language: str) -> str:
    page = glossary_page(game, document)
    entries = [g for g in ctx.corpus.glossary if (g.game, g.document, g.language) == (game, document, language)]
    out = [Md("# Glossary {: #glossary }"), ""]
    for entry in entries:
        out += [heading(3, md_text(entry.term), id=f"g-{entry.id}", classes="glossary-term"), ""]
        for definition in entry.definitions:
            out += [ctx.inline(definition, game, page), ""]
    return whole_page("Glossary", out)
