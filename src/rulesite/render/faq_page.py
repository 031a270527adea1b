"""FAQ answers whose section is not among the sources: one page per FAQ source,
each answer anchored, each linking the rules and cards it names. A long source
is in parts of whole topics (the site map decides which: paths.faq_parts); its
first part lists every topic."""

from __future__ import annotations

from ..read.common import slugify
from .context import Context
from .escape import Md, md_text
from .escape import page as whole_page
from .markup import heading, md_link
from ..site_map.paths import faq_anchor, relative
from .ruling_page import card_link, freshness
from .share import faq_cite, faq_share
from ..strings import t


def render_faq_pages(ctx: Context, game: str, source_id: str) -> dict[str, str]:
    """docs path -> Markdown of each part of a FAQ source's page (none when every
    answer of the source sits with its section)."""
    parts = [(page, faqs) for page, faqs in ctx.faq_parts(game, source_id) if faqs]
    if not parts:
        return {}
    source = ctx.corpus.sources[source_id]
    title = source.title or source_id
    topics = topic_anchors(parts)
    return {page: render_faq_part(ctx, source, title, k, parts, topics) for k, (page, _) in enumerate(parts, 1)}


def topic_anchors(parts: list) -> dict[tuple[str, int], str]:
    """(page, index of the answer opening a topic) -> the topic heading's id,
    unique on its page (a source may print one heading twice)."""
    found = {}
    for page, faqs in parts:
        seen: set[str] = set()
        previous = None
        for i, faq in enumerate(faqs):
            if faq.topic and faq.topic != previous:
                anchor = base = f"topic-{slugify(faq.topic)}"
                n = 1
                while anchor in seen:
                    n += 1
                    anchor = f"{base}-{n}"
                seen.add(anchor)
                found[(page, i)] = anchor
            previous = faq.topic
    return found


def render_faq_part(ctx: Context, source, title: str, k: int, parts: list, topics: dict) -> str:
    page, faqs = parts[k - 1]
    lang = source.language
    label = title if len(parts) == 1 else f"{title} ({k}/{len(parts)})"
    out = [Md("# {} {{: #faq }}").format(label), ""]
    out += [Md("{}: {}").format(t(lang, "source"), ctx.source_line(source, lang)), Md("{: .source-note }"), ""]
    # Every answer of a FAQ source is dated alike (by its source): said once.
    out += freshness(faqs[0], ctx)
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
                3, md_text(faq.question), id=faq_anchor(faq), classes="faq-question", data=faq_share(faq) | faq_cite(faq, ctx)
            ),
            "",
            ctx.quoted(faq.answer, faq.game, page),
            Md("{: .faq-answer }"),
            "",
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
