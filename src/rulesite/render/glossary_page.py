"""A document's glossary: every term anchored by its slug, its definitions with
their rule references linked."""
from __future__ import annotations

from .context import Context
from .escape import front_matter, md_text


def glossary_page(game: str, document: str) -> str:
    return f"{game}/{document}/glossary.md"


def render_glossary(ctx: Context, game: str, document: str, language: str) -> str:
    page = glossary_page(game, document)
    entries = [g for g in ctx.corpus.glossary if (g.game, g.document, g.language) == (game, document, language)]
    out = [*front_matter("Glossary"), "# Glossary {: #glossary }", ""]
    for entry in entries:
        out += [f"### {md_text(entry.term)} {{: #g-{entry.id} .glossary-term }}", ""]
        for definition in entry.definitions:
            out += [ctx.inline(definition, game, page), ""]
    return "\n".join(out)
