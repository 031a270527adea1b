"""One page per community ruling: answer, Sequence as numbered steps, Nuances as notes."""
from __future__ import annotations

from ..model import Ruling
from .context import Context
from .escape import Md, md_text
from .escape import page as whole_page
from .markup import div, md_link
from .paths import cards_page, html_path, page_of, relative
from .share import site_name, summary
from .strings import t


def render_ruling(ruling: Ruling, ctx: Context) -> str:
    page = page_of(ruling)
    lang = "en"
    source = ctx.corpus.sources[ruling.source_id]
    question = [Md("**Q:** {}").format(ctx.inline(ruling.question, ruling.game, page)), Md("{: .ruling-question }"), ""]
    out = [
        Md("# {}").format(ruling.title),
        "",
        *review_box(ruling, ctx),
        *(question if getattr(ruling, "question", "") else []),
        div("ruling", id=ruling.id, data={"short": html_path(page)}),
        "",
        Md("**{}:** {}").format(t(lang, "ruling"), ctx.inline(ruling.answer, ruling.game, page)),
        "",
    ]
    if ruling.steps:
        out += [Md("## {} {{: #sequence }}").format(t(lang, "sequence")), ""]
        out += [Md("{}. {}").format(i, ctx.inline(step, ruling.game, page)) for i, step in enumerate(ruling.steps, 1)]
        out.append("")
    if ruling.nuances:
        out += [Md('!!! note "{}"').format(t(lang, "nuances")), ""]
        out += [Md("    - {}").format(ctx.inline(note, ruling.game, page)) for note in ruling.nuances]
        out.append("")
    out += [Md("</div>"), ""]
    concerned = [key for key, items in ctx.citations.by_section.items() if any(i is ruling for i in items)]
    cited = [ref.number for ref in ruling.references]
    if concerned or cited:
        links = [ctx.rule_link(ruling.game, n, page) for n in dict.fromkeys(cited)]
        links += [
            Md("{} {}").format(ctx.rule_link(ruling.game, key[2], page), ctx.linker.sections[key].title)
            for key in concerned
            if key[2] not in cited
        ]
        out += [Md("{}: {}").format(t(lang, "concerns"), Md(", ").join(links)), Md("{: .rule-meta }"), ""]
    cards = getattr(ruling, "cards", [])
    if cards:
        out += [Md("Cards: ") + Md(", ").join(card_link(ctx, name, page) for name in cards), Md("{: .rule-meta }"), ""]
    out += [Md("{}: {}").format(t(lang, "source"), ctx.source_line(source, lang)), Md("{: .source-note }"), ""]
    credit = " — ".join(x for x in (getattr(ruling, "attribution", ""), getattr(ruling, "licence", "")) if x)
    if credit or source.licence:
        out += [md_text(credit or source.licence), Md("{: .licence }"), ""]
    return whole_page(ruling.title, out, summary(ruling.answer), og_title=ruling.title, **ruling_site(ruling))


def ruling_site(ruling: Ruling) -> dict[str, str]:
    """A ruling's preview names its game and the Core Rules version it was reviewed against."""
    edition = f"Core Rules v{ruling.reviewed_version}" if ruling.reviewed_version else ""
    return {"site_name": site_name(ruling.game, "community rulings", edition), "edition": edition}


def review_box(item, ctx: Context) -> list[Md]:
    """A "needs review" notice listing the cited rules that changed since."""
    found = [r for r in ctx.reviews if r.item is item]
    if not found:
        return []
    lines = [Md('!!! danger "Needs review"'), Md(""), Md("    The rules this cites changed since it was checked:"), Md("")]
    lines += [Md("    - {}: {}").format(r.rule, r.change) for r in found]
    return lines + [Md("")]


def card_link(ctx: Context, name: str, page: str) -> Md:
    card = next((c for c in ctx.corpus.cards if c.name.lower() == name.lower()), None)
    if card is None:
        return md_text(name)
    return md_link(name, relative(page, cards_page(card.game or "riftbound", card.name), card.id))
