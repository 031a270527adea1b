"""FAQ answers whose section is not among the sources: one page per FAQ source,
each answer anchored, each linking the rules and cards it names."""

from __future__ import annotations

from .context import Context
from .escape import Md, md_text
from .escape import page as whole_page
from .markup import heading
from .paths import faq_anchor, faq_page
from .ruling_page import card_link, freshness
from .share import faq_share
from .strings import t


def render_faq_page(ctx: Context, game: str, source_id: str) -> str:
    source = ctx.corpus.sources[source_id]
    page, lang = faq_page(game, source_id), source.language
    faqs = [f for f in ctx.corpus.faqs if f.source_id == source_id and ctx.faq_home(f)[0] == page]
    out = [Md("# {} {{: #faq }}").format(source.title or source_id), ""]
    out += [Md("{}: {}").format(t(lang, "source"), ctx.source_line(source, lang)), Md("{: .source-note }"), ""]
    topic = None
    for faq in faqs:
        if faq.topic and faq.topic != topic:
            topic = faq.topic
            out += [Md("## {}").format(topic), ""]
        out += [
            heading(3, md_text(faq.question), id=faq_anchor(faq), classes="faq-question", data=faq_share(faq)),
            "",
            ctx.inline(faq.answer, faq.game, page),
            Md("{: .faq-answer }"),
            "",
            *freshness(faq, ctx),
        ]
        named = ctx.citations.cards_of.get(faq.id, [])
        if named:
            out += [Md("Cards: ") + Md(", ").join(card_link(card, page) for card in named), Md("{: .rule-meta }"), ""]
    return whole_page(source.title or source_id, out)
