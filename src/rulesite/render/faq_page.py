"""FAQ answers whose section is not among the sources: one page per FAQ source,
each answer anchored, each linking the rules and cards it names."""
from __future__ import annotations

import re

from .context import Context
from .ruling_page import card_link
from .escape import front_matter, md_text
from .paths import faq_anchor, faq_page
from .share import faq_short_link
from .strings import t


def render_faq_page(ctx: Context, game: str, source_id: str) -> str:
    source = ctx.corpus.sources[source_id]
    page, lang = faq_page(game, source_id), source.language
    faqs = [f for f in ctx.corpus.faqs if f.source_id == source_id and ctx.faq_home(f)[0] == page]
    out = [*front_matter(source.title or source_id), f"# {md_text(source.title or source_id)} {{: #faq }}", ""]
    out += [f"{t(lang, 'source')}: {ctx.source_line(source, lang)}", "{: .source-note }", ""]
    names = sorted({c.name for c in ctx.corpus.cards}, key=len, reverse=True)
    topic = None
    for faq in faqs:
        if getattr(faq, "topic", "") and faq.topic != topic:
            topic = faq.topic
            out += [f"## {md_text(topic)}", ""]
        out += [
            f"### {md_text(faq.question)} {{: #{faq_anchor(faq)} .faq-question data-short=\"{faq_short_link(faq.game, faq.id)}\" }}",
            "",
            ctx.inline(faq.answer, faq.game, page),
            "{: .faq-answer }",
            "",
        ]
        named = cards_named(f"{faq.topic} {faq.question} {faq.answer}", names)
        if named:
            out += ["Cards: " + ", ".join(card_link(ctx, name, page) for name in named), "{: .rule-meta }", ""]
    return "\n".join(out)


def cards_named(text: str, names: list[str]) -> list[str]:
    """Card names printed in a text, longest first, on word boundaries."""
    lowered = text.lower()
    return [n for n in names if re.search(rf"(?<!\w){re.escape(n.lower())}(?!\w)", lowered)]
