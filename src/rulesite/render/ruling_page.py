"""One page per community ruling: answer, Sequence as numbered steps, Nuances as notes."""

from __future__ import annotations

from ..common.model import Card, Ruling
from .context import Context
from .escape import Md, md_text
from .escape import page as whole_page
from .markup import div, md, md_link, origin_link
from ..site_map.paths import html_path, page_of, relative
from .share import cited_name, site_name, summary
from ..common.strings import review_change, t
from ..common.card_symbols import shown_text
from ..common.documents import document_name


def render_ruling(ruling: Ruling, ctx: Context) -> str:
    page = page_of(ruling)
    lang = "en"
    source = ctx.corpus.sources[ruling.source_id]
    # A question that repeats the title is searched as the title alone.
    same = ruling.question.strip() == ruling.title.strip()
    question = [
        Md("**{}:** {}").format(t(lang, "question-short"), ctx.inline(ruling.question, ruling.game, page)),
        Md('{: .ruling-question data-search-exclude="1" }') if same else Md("{: .ruling-question }"),
        "",
    ]
    out = [
        Md("# {}").format(ruling.title),
        "",
        *freshness(ruling, ctx),
        *review_box(ruling, ctx),
        *(question if ruling.question else []),
        # The version it was checked against, for "copy with citation" (cite.js).
        div("ruling", id=ruling.id, data={"short": html_path(page)} | reviewed_data(ruling)),
        "",
        Md("**{}:** {}").format(t(lang, "ruling"), ctx.quoted(ruling.answer, ruling.game, page)),
        "",
    ]
    if ruling.steps:
        out += [Md("## {} {{: #sequence }}").format(t(lang, "sequence")), ""]
        out += [Md("{}. {}").format(i, ctx.quoted(step, ruling.game, page)) for i, step in enumerate(ruling.steps, 1)]
        out.append("")
    if ruling.nuances:
        out += [Md('!!! note "{}"').format(t(lang, "nuances")), ""]
        out += [Md("    - {}").format(ctx.quoted(note, ruling.game, page)) for note in ruling.nuances]
        out.append("")
    out += [Md("</div>"), ""]
    # Exactly what the text above links to (resolve/citations.py), in that order.
    concerns = ctx.citations.concerns.get(ruling.id, [])
    if concerns:
        links = [concern_link(ctx, link, ruling.game, page) for link in concerns]
        # Not searched: rule numbers are found by the number table, titles on their pages.
        out += [Md("{}: {}").format(t(lang, "concerns"), Md(", ").join(links)), Md('{: .rule-meta data-search-exclude="1" }'), ""]
    cards = ctx.citations.cards_of.get(ruling.id, [])
    if cards:
        out += [
            Md("{}: ").format(t(lang, "ruling-cards")) + Md(", ").join(card_link(ctx, card, page) for card in cards),
            Md("{: .rule-meta }"),
            "",
        ]
    out += [
        Md("{}: {}").format(t(lang, "source"), ctx.source_line(source, lang)),
        Md('{: .source-note data-search-exclude="1" }'),
        "",
    ]
    credit = " — ".join(x for x in (ruling.attribution, ruling.licence) if x)
    if credit or source.licence:
        # The credit links to the original when the manifest names where it is.
        text = credit or source.licence
        shown = origin_link(text, source.origin) if is_web_address(source.origin) else md_text(text)
        out += [shown, Md('{: .licence data-search-exclude="1" }'), ""]
    elif is_web_address(source.origin):
        out += [
            Md("{}: {}").format(t(lang, "origin"), origin_link(source.origin, source.origin)),
            Md('{: .licence data-search-exclude="1" }'),
            "",
        ]
    # "Copy with citation" names the rulings as their source (copy-link.js).
    cite = cited_name(ruling.game, t(ctx.language, "community-rulings"))
    return whole_page(
        ruling.title, out, summary(shown_text(ruling.answer)), og_title=ruling.title, cite=cite, **ruling_site(ruling, lang)
    )


def reviewed_data(ruling: Ruling) -> dict[str, str]:
    """The Core Rules version a ruling was checked against, for "copy with citation" (cite.js)."""
    return {"reviewed": ruling.reviewed_version} if ruling.reviewed_version else {}


def ruling_site(ruling: Ruling, lang: str) -> dict[str, str]:
    """A ruling's preview names its game and the Core Rules version it was reviewed against."""
    edition = f"{document_name('core-rules')} v{ruling.reviewed_version}" if ruling.reviewed_version else ""
    return {"site_name": site_name(ruling.game, t(lang, "community-rulings-site"), edition), "edition": edition}


def concern_link(ctx: Context, link, game: str, page: str) -> Md:
    """A cited rule by its number; a linked term by the number and title it names."""
    key, anchor = link.target
    number = link.number if link.kind == "rule" else anchor
    out = ctx.rule_link(game, number, page)
    if link.kind == "keyword":
        section = ctx.links.sections.get(key)
        title = section.title if section is not None and anchor == key.number else link.text
        out = Md("{} {}").format(out, title)
    return out


def is_web_address(text: str) -> bool:
    return text.startswith(("https://", "http://")) and " " not in text


def freshness(item, ctx: Context, lang: str = "") -> list[Md]:
    """Which rules version the item was checked against, or that its source does
    not say, in `lang` (the site's language when not given)."""
    lang = lang or ctx.language
    version = item.reviewed_version if isinstance(item, Ruling) else ""  # FAQ answers name none
    if version:
        line = Md("{}").format(t(lang, "reviewed-against", version=version))
    else:
        line = Md("{}").format(t(lang, "not-dated"))
    return [line, Md('{: .freshness data-search-exclude="1" }'), ""]


def review_box(item, ctx: Context) -> list[Md]:
    """An "Outdated" notice: each cited rule that changed since the item was
    checked, what happened to it and the word diff from then to now."""
    found = [r for r in ctx.reviews if r.item is item]
    if not found:
        return []
    lines = [
        Md('!!! danger "{}"').format(t(ctx.language, "review-outdated")),
        Md(""),
        Md("    {}").format(t(ctx.language, "review-outdated-text", edition=found[0].checked)),
        Md(""),
    ]
    for review in found:
        diff = word_diff_md(review.changes)
        lines += [Md("    - {}: {} {}").format(review.rule, review_change(ctx.language, review.change), diff)]
    return lines + [Md("")]


def word_diff_md(ops) -> Md:
    """A word diff resolve made ([op, text] pairs), as inline HTML ("" for none)."""
    return md("word_diff", ops=ops) if ops else Md("")


def card_link(ctx: Context, card: Card, page: str) -> Md:
    """A card resolve found named (resolve/card_mentions.py), linked to its entry
    on the part of its letter that holds it."""
    return md_link(card.name, relative(page, ctx.card_page(card), card.id))
