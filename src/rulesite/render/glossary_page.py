"""A document's glossary, one per edition, each split into one page per initial
letter (a whole glossary is too heavy for one page: Magic's was 573 KB): each
term anchored by its slug, its definitions with their rule references linked to
the rules of the glossary's own edition; and an index page of letters that names
the edition and links the other editions' glossaries.

The current edition's glossary is at the plain path (`glossary.md`); an older
edition's is under its edition's folder, as its sections are
(`2024-11-08/glossary.md`). Merged, two editions printed every shared term's id
twice and sent the older edition's "See rule 716" to the newer edition's 716.

`glossary_pages(ctx, entries, base, game)` takes the entries and where the
glossary lives, so the same split serves any glossary.
"""

from __future__ import annotations

import posixpath

from ..common.model import Edition, GlossaryEntry, Section
from ..resolve.linked import edition_here
from ..resolve.merge import edition_label
from .context import Context
from .escape import Md, md_text
from .job_inputs import declare, every_text
from ..site_map.paths import packed
from .escape import page as whole_page
from .markup import heading, md_link
from .part_anchors import with_part_anchors
from ..site_map.paths import glossary_page, letter_page, relative


# A letter page holds at most this many bytes of terms (Markdown); a heavier
# letter is split (Magic's "S" was 52 KB of HTML).
LETTER_AT = 20_000


def letter_of(term: str) -> str:
    """The letter a term is filed under: its first letter or digit, "0" for anything else."""
    first = next((c for c in term.lower() if c.isalnum()), "0")
    return first if first.isascii() else "0"


def glossaries(ctx: Context) -> dict[str, tuple[Edition | None, list[GlossaryEntry]]]:
    """Index page -> (its edition, its entries in the source's order): one
    glossary per edition that prints one."""
    found = ctx.cache.get("glossaries")
    if found is not None:
        return found
    found = {}
    for entry in ctx.corpus.glossary:
        label = edition_label(ctx.corpus.sources[entry.source_id])
        document = (entry.game, entry.document, entry.language)
        edition = next((e for e in ctx.corpus.editions.get(document, []) if e.label == label), None)
        own = "" if edition is None or edition is ctx.editions.current_of(document) else label
        found.setdefault(glossary_page(entry.game, entry.document, own), (edition, []))[1].append(entry)
    ctx.cache["glossaries"] = found
    return found


def edition_scope(ctx: Context, edition: Edition | None) -> Section | None:
    """What the definitions' references are read in: an older edition's glossary
    cites that edition's numbers (resolve linked them so: linked.edition_here)."""
    if edition is None:
        return None
    if edition is ctx.editions.current_of((edition.game, edition.document, edition.language)):
        return None  # the current view: the plain pages
    return edition_here(edition)


@declare("glossary", every_text, named=lambda base, edition, entries: (base,))
def render_glossary(ctx: Context, base: str, edition: Edition | None, entries: list[GlossaryEntry]) -> dict[str, str]:
    """docs-relative path -> Markdown, for one edition's glossary."""
    from .edition_pages import describe, document_name  # edition_pages is imported by site.py, as this is

    first = entries[0]
    named = document_name(first.document) + (f", {describe(edition, ctx.language)}" if edition else "")
    others = [
        (describe(other, ctx.language) if other else document_name(first.document), path)
        for path, (other, listed) in glossaries(ctx).items()
        if path != base
        and (listed[0].game, listed[0].document, listed[0].language) == (first.game, first.document, first.language)
    ]
    return glossary_pages(ctx, entries, base, first.game, named=named, here=edition_scope(ctx, edition), others=others)


def glossary_pages(
    ctx: Context,
    entries: list,
    base: str,
    game: str,
    named: str = "",
    here: Section | None = None,
    others: list[tuple[str, str]] = (),
) -> dict[str, str]:
    """The index page at `base` and one page per letter. `named`: the document and
    edition the pages name; `here`: the edition its references are read in;
    `others`: (name, index page) of the other editions' glossaries."""
    by_letter: dict[str, list] = {}
    for entry in entries:
        by_letter.setdefault(letter_of(entry.term), []).append(entry)
    letters = sorted(by_letter)
    title = f"Glossary: {named}" if named else "Glossary"
    pages = {}
    index = [Md("# {} {{: #glossary }}").format(md_text(title)), ""]
    if others:
        index += [
            Md("Other editions' glossaries: {}").format(
                Md(", ").join(md_link(name, relative(base, path)) for name, path in others)
            ),
            Md("{: .edition-note }"),
            "",
        ]
    # Each letter's terms, as Markdown (every letter page is in one folder: the
    # links made for one serve all); a heavy letter is split into parts of at
    # most LETTER_AT bytes (s.md, s-2.md), so a cold view stays light.
    parts: list[tuple[str, str, list]] = []  # (page name, label, [(entry, lines)])
    for letter in letters:
        blocks = []
        for entry in by_letter[letter]:
            # Right under the letter's h1: h2 (a skipped level breaks the outline).
            lines = [heading(2, md_text(entry.term), id=f"g-{entry.id}", classes="glossary-term"), ""]
            for definition in entry.definitions:
                lines += [ctx.inline(definition, game, letter_page(base, letter), here), ""]
            blocks.append((entry, lines))
        chunks = packed(blocks, lambda block: block[1], LETTER_AT)
        for k, chunk in enumerate(chunks, 1):
            parts.append((letter if k == 1 else f"{letter}-{k}", letter.upper() if k == 1 else f"{letter.upper()} {k}", chunk))
    for name, label, chunk in parts:
        page = letter_page(base, name)
        index.append(Md("- {} ({})").format(md_link(label, relative(base, page)), len(chunk)))
        out = [Md("# {}: {} {{: #glossary }}").format(md_text(title), label), ""]
        # The other letters, so a reader moves between them without the index.
        out += [
            Md(" · ").join(
                md_text(other) if other_name == name else md_link(other, posixpath.basename(letter_page(base, other_name)))
                for other_name, other, _ in parts
            ),
            Md('{: .glossary-letters data-search-exclude="1" }'),
            "",
        ]
        for _entry, lines in chunk:
            out += lines
        # No table of contents: it listed every term again (7 KB of Magic's "A"),
        # and the page is in alphabetical order under the letters' links.
        pages[page] = whole_page(f"{title}: {label}", out, hide=["toc"])
    index.append("")
    pages[base] = whole_page(title, index)
    # A heavy letter's first part lists the terms of its others (part_anchors.py).
    for letter in letters:
        with_part_anchors(
            pages,
            [
                (letter_page(base, name), ("glossary", *(f"g-{entry.id}" for entry, _ in chunk)))
                for name, _, chunk in parts
                if name.split("-")[0] == letter
            ],
        )
    return pages
