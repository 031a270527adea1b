"""A document's glossary: one page per initial letter (a whole glossary is too
heavy for one page: Magic's was 573 KB), each term anchored by its slug, its
definitions with their rule references linked; and an index page of letters.

`glossary_pages(ctx, entries, base, game)` takes the entries and where the
glossary lives, so the same split serves any glossary (one per edition, too).
"""

from __future__ import annotations

import posixpath

from .context import Context
from .escape import Md, md_text
from .escape import page as whole_page
from .markup import heading, md_link
from .paths import relative


def glossary_page(game: str, document: str) -> str:
    """The glossary's index page: its letters. The letters' pages sit beside it in
    a folder of the same name (glossary/a.md)."""
    return f"{game}/{document}/glossary.md"


def letter_of(term: str) -> str:
    """The letter a term is filed under: its first letter or digit, "0" for anything else."""
    first = next((c for c in term.lower() if c.isalnum()), "0")
    return first if first.isascii() else "0"


def letter_page(base: str, letter: str) -> str:
    return f"{base.removesuffix('.md')}/{letter}.md"


def render_glossary(ctx: Context, game: str, document: str, language: str) -> dict[str, str]:
    """docs-relative path -> Markdown, for the glossary of one document and language."""
    entries = [g for g in ctx.corpus.glossary if (g.game, g.document, g.language) == (game, document, language)]
    return glossary_pages(ctx, entries, glossary_page(game, document), game)


def glossary_pages(ctx: Context, entries: list, base: str, game: str) -> dict[str, str]:
    by_letter: dict[str, list] = {}
    for entry in entries:
        by_letter.setdefault(letter_of(entry.term), []).append(entry)
    letters = sorted(by_letter)
    pages = {}
    index = [Md("# Glossary {: #glossary }"), ""]
    for letter in letters:
        page = letter_page(base, letter)
        terms = by_letter[letter]
        index.append(Md("- {} ({})").format(md_link(letter.upper(), relative(base, page)), len(terms)))
        out = [Md("# Glossary: {} {{: #glossary }}").format(letter.upper()), ""]
        # The other letters, so a reader moves between them without the index.
        out += [
            Md(" · ").join(
                md_text(other.upper())
                if other == letter
                else md_link(other.upper(), posixpath.basename(letter_page(base, other)))
                for other in letters
            ),
            Md("{: .glossary-letters }"),
            "",
        ]
        for entry in terms:
            out += [heading(3, md_text(entry.term), id=f"g-{entry.id}", classes="glossary-term"), ""]
            for definition in entry.definitions:
                out += [ctx.inline(definition, game, page), ""]
        pages[page] = whole_page(f"Glossary: {letter.upper()}", out)
    index.append("")
    pages[base] = whole_page("Glossary", index)
    return pages
