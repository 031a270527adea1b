"""Each document whole on one page, per edition the site shows in pages of its
own: every section's heading, rules and examples, in number order, with the
section pages' anchors (`all.html#424.1` is `424.html#424.1`), to read,
print or search with the browser. FAQ answers, rulings, walkthroughs and
History stay on the section pages; the rules' links open them there, so their
previews are the section pages' own files.

The page is heavy by nature (a whole Core Rules): it is reached from the
document's contents and editions pages, never stored by the offline app's
first visit, and left out of the search index (each rule is searched on its
section page).
"""

from __future__ import annotations

from ..common.model import Section
from ..site_map.paths import contents_page, example_anchor, relative, whole_document_page
from ..common.strings import t
from .context import Context
from ..common.documents import document_name
from .escape import Md, block, md_text
from .escape import page as whole_page
from .job_inputs import declare, every_text
from .labels import section_label
from .markup import finished, heading, md_link, plain_heading
from .section_page import share_pattern
from .share import cited_name, site_name
from .whole_folders import whole_document_link, whole_documents


@declare("whole", every_text, named=lambda game, document, edition: (game, document, edition))
def whole_document_pages(ctx: Context, game: str, document: str, edition: str) -> dict[str, str]:
    """One document's (or one older edition's) whole page."""
    sections = whole_documents(ctx).get((game, document, edition), [])
    if not sections:
        return {}
    return {whole_document_page(game, document, edition): render_whole_document(ctx, game, document, edition, sections)}


def whole_title(lang: str, sections: list[Section]) -> str:
    """The page's title: the game, the document and its edition, "the whole text"."""
    first = sections[0]
    return t(lang, "whole-title", document=cited_name(first.game, document_name(first.document), first.edition))


def render_whole_document(ctx: Context, game: str, document: str, edition: str, sections: list[Section]) -> str:
    lang = ctx.language
    page = whole_document_page(game, document, edition)
    title = whole_title(lang, sections)
    first = sections[0]
    out = [heading(1, md_text(title), id="whole"), ""]
    links = [md_link(t(lang, "contents"), relative(page, contents_page(game, document)))]
    current = whole_documents(ctx).get((game, document, ""))
    if edition and current:
        # An older edition's page names where today's whole text is.
        links.append(md_link(whole_title(lang, current), relative(page, whole_document_page(game, document, ""))))
    out += [Md(" · ").join(links), Md('{: .source-note data-search-exclude="1" }'), ""]
    for section in sections:
        out += _section(section, page, ctx)
    label = first.edition
    return whole_page(
        title,
        [*out, ""],
        site_name=site_name(game, document_name(document), label),
        edition=label,
        cite=cited_name(game, document_name(document), label),
        share=share_pattern(first, page, ctx),
        search={"exclude": True},
    )


def _section(section: Section, page: str, ctx: Context) -> list:
    title = Md("{} {}").format(section.number, section.title) if section.title else md_text(section_label(section))
    # The section's number anchors its heading, unless a rule has the same number
    # (Magic's untitled sections: 100.1 is the section and its rule), as on its page.
    if any(rule.number == section.number for rule in section.rules):
        out = [plain_heading(2, str(title)), ""]
    else:
        out = [heading(2, title, id=section.number), ""]
    game = section.game
    for rule in section.rules:
        examples = [
            (example_anchor(rule.number, i), example.label, ctx.inline_html(example.text, game, page, section, terms=False))
            for i, example in enumerate(rule.examples, 1)
        ]
        text = ctx.inline_html(rule.text, game, page, section, terms=False)
        out += [
            block(
                finished(
                    "rule", depth=rule.depth, number=rule.number, text=text, unsearched=False, examples=examples, history=None
                )
            )
        ]
    return out


__all__ = ["render_whole_document", "whole_document_link", "whole_document_pages", "whole_documents"]
