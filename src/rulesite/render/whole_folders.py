"""Which documents (and older editions) a language's site shows whole on one
page, and the link to such a page: what the whole pages
(render/whole_document.py) and the pages linking them (a document's contents,
its editions) both need, below both."""

from __future__ import annotations

from ..common.model import Section, sort_key
from ..site_map.paths import relative, whole_document_page
from ..common.strings import t
from .context import Context
from .escape import Md
from .markup import md_link


def whole_documents(ctx: Context) -> dict[tuple[str, str, str], list[Section]]:
    """(game, document, edition folder: "" for the plain pages) -> the sections
    the site of `ctx.language` shows in that folder, in number order."""

    def folders() -> dict[tuple[str, str, str], list[Section]]:
        found: dict[tuple[str, str, str], list[Section]] = {}
        for shown in ctx.editions.pages_of(ctx.language):
            found.setdefault((shown.game, shown.document, shown.key.edition), []).append(shown)
        for sections in found.values():
            sections.sort(key=lambda s: sort_key(s.number))
        return dict(sorted(found.items()))

    return ctx._memo(("whole-documents", ctx.language), folders)


def whole_document_link(ctx: Context, page: str, game: str, document: str, edition: str = "") -> Md | None:
    """A link from `page` to the document's whole page, when the site has one."""
    if (game, document, edition) not in whole_documents(ctx):
        return None
    return md_link(t(ctx.language, "whole-link"), relative(page, whole_document_page(game, document, edition)))
