"""FAQ answers whose section is not among the sources: one page per FAQ source,
each answer anchored, each linking the rules and cards it names."""
from __future__ import annotations

from .card_pages import cards_of
from .context import Context
from .escape import front_matter, md_text
from .paths import faq_anchor, faq_page
from .ruling_page import card_link
from .strings import t


def render_faq_page(ctx: Context, game: str, source_id: str) -> str:
    source = ctx.corpus.sources[source_id]
    page, lang = faq_page(game, source_id), source.language
    faqs = [f for f in ctx.corpus.faqs if f.source_id == source_id and ctx.faq_home(f)[0] == page]
    out = [*front_matter(source.title or source_id), f"# {md_text(source.title or source_id)} {{: #faq }}", ""]
    out += [f"{t(lang, 'source')}: {ctx.source_line(source, lang)}", "{: .source-note }", ""]
    topic = None
    for faq in faqs:
        if getattr(faq, "topic", "") and faq.topic != topic:
            topic = faq.topic
            out += [f"## {md_text(topic)}", ""]
        out += [
            f"### {md_text(faq.question)} {{: #{faq_anchor(faq)} .faq-question }}",
            "",
            ctx.inline(faq.answer, faq.game, page),
            "{: .faq-answer }",
            "",
        ]
        named = [card.name for card in cards_of(ctx).get(faq.id, [])]  # resolve/card_mentions.py
        if named:
            out += ["Cards: " + ", ".join(card_link(ctx, name, page) for name in named), "{: .rule-meta }", ""]
    return "\n".join(out)
