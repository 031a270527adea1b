"""FAQ answers whose section is not among the sources: one page per FAQ source,
each answer anchored, each linking the rules and cards it names. A long source
is in parts of whole topics (the site map decides which: SiteMap.faqs); its
first part lists every topic."""

from __future__ import annotations

from .context import Context
from .escape import Md, md_text
from .escape import page as whole_page
from .markup import heading, md_link
from .part_anchors import with_part_anchors
from ..site_map.paths import faq_anchor, relative
from .faq_translations import translation_lines
from .official import authority, question_heading
from .ruling_page import card_link, freshness
from .share import faq_cite, faq_share
from ..common.strings import t


def render_faq_pages(ctx: Context, game: str, source_id: str) -> dict[str, str]:
    """docs path -> Markdown of each part of a FAQ source's page (none when every
    answer of the source sits with its section)."""
    where = ctx.where.faqs.get((game, source_id))
    if where is None or not where.parts:
        return {}
    parts = [(part.page, list(part.items)) for part in where.parts]
    source = ctx.corpus.sources[source_id]
    title = source.title or source_id
    pages = {page: render_faq_part(ctx, source, title, k, parts, where.topics) for k, (page, _) in enumerate(parts, 1)}
    return with_part_anchors(pages, [(part.page, part.anchors) for part in where.parts])


def render_faq_part(ctx: Context, source, title: str, k: int, parts: list, topics: dict) -> str:
    page, faqs = parts[k - 1]
    lang = source.language
    label = title if len(parts) == 1 else f"{title} ({k}/{len(parts)})"
    out = [Md("# {} {{: #faq }}").format(label), ""]
    out += [Md("{}: {}").format(t(lang, "source"), ctx.source_line(source, lang)), Md("{: .source-note }"), ""]
    # Answers of a source that names no documents are dated alike (by its source): said once.
    if not any(faq.document for faq in faqs):
        out += freshness(faqs[0], ctx, lang)
    out += parts_line(lang, page, [other for other, _ in parts], k)
    if k == 1 and len(parts) > 1:
        # The first part is the source's contents: every topic, on its part.
        listed = [
            Md("- ") + md_link(faqs_of[i].topic, relative(page, other, topics[(other, i)]))
            for other, faqs_of in parts
            for i in range(len(faqs_of))
            if (other, i) in topics
        ]
        if listed:
            # Not searched: the topics are found at their own headings.
            out += [Md('## {} {{: #topics data-search-exclude="1" }}').format(t(lang, "topics")), "", *listed, ""]
    for i, faq in enumerate(faqs):
        if (page, i) in topics:
            out += [heading(2, md_text(faq.topic), id=topics[(page, i)]), ""]
        out += [
            heading(
                3,
                md_text(question_heading(faq, lang)),
                id=faq_anchor(faq),
                classes="faq-question",
                data=faq_share(faq) | faq_cite(faq, ctx),
            ),
            "",
            *authority(faq, ctx, page),
            ctx.quoted(faq.answer, faq.game, page),
            Md("{: .faq-answer }"),
            "",
            *translation_lines(faq, ctx, page),
        ]
        named = ctx.citations.cards_of.get(faq.id, [])
        if named:
            out += [Md("Cards: ") + Md(", ").join(card_link(ctx, card, page) for card in named), Md("{: .rule-meta }"), ""]
    return whole_page(label, out)


def parts_line(lang: str, page: str, pages: list[str], here: int) -> list:
    """ "Parts: 1 · 2 · 3" at the top of part `here` (1-based) of a list split
    into `pages`, each other part linked; nothing when the list is one page."""
    if len(pages) < 2:
        return []
    numbers = Md(" · ").join(
        md_text(str(n)) if n == here else md_link(str(n), relative(page, other)) for n, other in enumerate(pages, 1)
    )
    return [Md("{}: ").format(t(lang, "parts")) + numbers, Md('{: .glossary-letters data-search-exclude="1" }'), ""]
