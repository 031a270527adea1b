"""One page per community ruling: answer, Sequence as numbered steps, Nuances as notes."""
from __future__ import annotations

from ..model import Ruling
from .card_pages import cards_of
from .context import Context
from .escape import front_matter, md_text
from .paths import cards_page, html_path, page_of, relative
from .strings import t


def render_ruling(ruling: Ruling, ctx: Context) -> str:
    page = page_of(ruling)
    lang = "en"
    source = ctx.corpus.sources[ruling.source_id]
    out = [
        *front_matter(ruling.title, ruling.answer[:200]),
        f"# {md_text(ruling.title)}",
        "",
        *review_box(ruling, ctx),
        *([f"**Q:** {ctx.inline(ruling.question, ruling.game, page)}", "{: .ruling-question }", ""] if getattr(ruling, "question", "") else []),
        f'<div class="ruling" id="{ruling.id}" data-short="{html_path(page)}" markdown>',
        "",
        f"**{t(lang, 'ruling')}:** {ctx.inline(ruling.answer, ruling.game, page)}",
        "",
    ]
    if ruling.steps:
        out += [f"## {t(lang, 'sequence')} {{: #sequence }}", ""]
        out += [f"{i}. {ctx.inline(step, ruling.game, page)}" for i, step in enumerate(ruling.steps, 1)]
        out.append("")
    if ruling.nuances:
        out += [f'!!! note "{t(lang, "nuances")}"', ""]
        out += [f"    - {ctx.inline(note, ruling.game, page)}" for note in ruling.nuances]
        out.append("")
    out += ["</div>", ""]
    # Exactly what the text above links to (resolve/citations.py), in that order.
    concerns = ctx.citations.concerns.get(ruling.id, [])
    if concerns:
        links = [concern_link(ctx, link, ruling.game, page) for link in concerns]
        out += [f"{t(lang, 'concerns')}: " + ", ".join(links), "{: .rule-meta }", ""]
    cards = [card.name for card in cards_of(ctx).get(ruling.id, [])]  # resolve/card_mentions.py
    if cards:
        out += ["Cards: " + ", ".join(card_link(ctx, name, page) for name in cards), "{: .rule-meta }", ""]
    out += [f"{t(lang, 'source')}: {ctx.source_line(source, lang)}", "{: .source-note }", ""]
    credit = " — ".join(x for x in (getattr(ruling, "attribution", ""), getattr(ruling, "licence", "")) if x)
    if credit or source.licence:
        out += [md_text(credit or source.licence), "{: .licence }", ""]
    return "\n".join(out)


def concern_link(ctx: Context, link, game: str, page: str) -> str:
    """A cited rule by its number; a linked term by the number and title it names."""
    key, anchor = link.target
    number = link.number if link.kind == "rule" else anchor
    out = ctx.rule_link(game, number, page)
    if link.kind == "keyword":
        section = ctx.linker.sections.get(key)
        title = section.title if section is not None and anchor == key[2] else link.text
        out += f" {md_text(title)}"
    return out


def review_box(item, ctx: Context) -> list[str]:
    """A "needs review" notice listing the cited rules that changed since."""
    found = [r for r in ctx.reviews if r.item is item]
    if not found:
        return []
    lines = ['!!! danger "Needs review"', "", "    The rules this cites changed since it was checked:", ""]
    lines += [f"    - {md_text(r.rule)}: {md_text(r.change)}" for r in found]
    return lines + [""]


def card_link(ctx: Context, name: str, page: str) -> str:
    card = next((c for c in ctx.corpus.cards if c.name.lower() == name.lower()), None)
    if card is None:
        return md_text(name)
    return f"[{md_text(name)}]({relative(page, cards_page(card.game or 'riftbound', card.name), card.id)})"
