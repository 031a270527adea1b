"""Cards: one page per initial letter, each card anchored by its id, with its
text, its errata and every ruling and FAQ answer that names it."""

from __future__ import annotations

from ..common.model import Erratum
from ..read.common import slugify
from .context import Context
from .escape import Md, md_text
from .escape import page as whole_page
from .markup import UNSEARCHED, div, heading, md_link
from .official import document_link, standing_of
from .part_anchors import with_part_anchors
from .share import card_share, site_name, summary
from ..site_map.paths import ERRATA, cards_index, relative
from .symbols import with_symbols
from ..common.strings import t


def render_cards_pages(ctx: Context, named: dict[str, list]) -> dict[str, str]:
    """docs path -> Markdown of every card letter page, each in the parts the
    site map splits it into (SiteMap.cards: a heavy letter is `s.md`, `s-2.md`),
    and of each game's index of letters."""
    pages = {}
    by_game: dict[str, list] = {}
    anchored = []  # each letter's parts: (page, the ids on it)
    for letter, parts in ctx.where.cards.items():
        by_game.setdefault(letter.split("/", 1)[0], []).append([(part.page, list(part.items)) for part in parts])
        anchored.append([(part.page, part.anchors) for part in parts])
    for game, letters in by_game.items():
        index = cards_index(game)
        for parts in letters:
            # Every letter's first part, and this letter's other parts.
            links = [
                (page, letter_label(page, k))
                for other in letters
                for k, (page, _) in enumerate(other, 1)
                if k == 1 or other is parts
            ]
            for k, (page, cards) in enumerate(parts, 1):
                pages[page] = render_cards_page(ctx, page, cards, named, letter_label(page, k), links, index)
        out = [Md("# Cards {: #cards }"), ""]
        for parts in letters:
            # A letter in parts: each part named by its first card, so a reader knows where to look.
            listed = Md(" · ").join(
                md_link(letter_label(page, k), relative(index, page))
                + (Md(" ({}…)").format(cards[0].name) if len(parts) > 1 else "")
                for k, (page, cards) in enumerate(parts, 1)
            )
            out.append(Md("- {}: {}").format(listed, sum(len(cards) for _, cards in parts)))
        # The names are searched on the letters' pages.
        pages[index] = whole_page("Cards", [*out, ""], site_name=site_name(game, "cards"), search={"exclude": True})
    for parts in anchored:
        with_part_anchors(pages, parts)
    return pages


def letter_label(page: str, k: int = 1) -> str:
    """A card letter page's name: its letter, and the part's number after the first ("S 2")."""
    letter = page.rsplit("/", 1)[-1].removesuffix(".md").split("-")[0].upper()
    return letter if k == 1 else f"{letter} {k}"


def render_cards_page(
    ctx: Context, page: str, cards: list, named: dict[str, list], label: str = "", links: list = (), index: str = ""
) -> str:
    """One part of a card letter page: `cards` in order, and a line of links to
    the other letters and parts (`links`: (page, label)) and the letters' index."""
    label = label or letter_label(page)
    out = [Md("# Cards: {} {{: #cards }}").format(label), ""]
    if links:
        # The other letters and parts, so a reader moves between them (the
        # navigation names the index of letters only).
        shown = [
            md_text(other) if other_page == page else md_link(other, relative(page, other_page)) for other_page, other in links
        ]
        if index:
            shown.insert(0, md_link("Cards", relative(page, index)))
        out += [Md(" · ").join(shown), Md('{: .glossary-letters data-search-exclude="1" }'), ""]
    searched = set()
    for card in cards:
        # Another printing of a card with the same name, text and errata is one
        # search entry, not one per printing.
        printed = (card.name, card.text, tuple((e.old_text, e.new_text) for e in card.errata))
        data = card_share(card) if printed not in searched else {**card_share(card), **UNSEARCHED}
        searched.add(printed)
        out += [heading(2, md_text(card.name), id=card.id, classes="card", data=data), ""]
        facts = Md(" · ").join(x for x in [card.code, ", ".join(card.types), ", ".join(card.domains)] if x)
        out += [facts, Md("{: .rule-meta }"), ""]
        for line in card.text.split("\n") if card.text else []:
            out += [card_line(ctx, line, card.game or "riftbound", page), ""]
        for erratum in card.errata:
            out += [Md('!!! warning "Errata {}"').format(erratum.date), ""]
            # A revised text an FAQ printed has no old wording beside it.
            lines = lines_of("Old", erratum.old_text, ctx.language) if erratum.old_text else []
            lines += lines_of("New", erratum.new_text, ctx.language)
            if (standing := standing_of(ctx, erratum.article_id)) is not None:
                lines += [Md("{}: {}").format(t(ctx.language, "source"), document_link(ctx, standing, page)), Md("")]
            out += [Md("    {}").format(line) for line in lines]
        items = named.get(card.id, [])  # resolved in resolve/card_mentions.py
        if items:
            links = [erratum_link(i, page) if isinstance(i, Erratum) else ctx.item_link(i, page) for i in items]
            # Titles searched on their own pages (a ruling's "Cards:" names this card).
            out += [
                Md("Rulings, FAQ answers and errata: ") + Md(" · ").join(links),
                Md('{: .rule-meta data-search-exclude="1" }'),
                "",
            ]
    game = next((c.game for c in cards if c.game), "riftbound")
    names = summary(", ".join(c.name for c in cards))
    return whole_page(f"Cards: {label}", out, names, og_title=f"Cards: {label}", site_name=site_name(game, "cards"))


def render_errata(ctx: Context) -> str:
    """Every official erratum, newest article first, under its article's heading,
    each linked to its card (anchored, but no heading of its own: the table of
    contents lists the articles, and Material prints it twice)."""
    by_name = {c.name.lower(): c for c in ctx.corpus.cards}
    out = [Md("# Errata {: #errata }"), ""]
    article = None
    for erratum in sorted(ctx.corpus.errata, key=lambda e: (e.date, e.article), reverse=True):
        if (erratum.date, erratum.article) != article:
            article = (erratum.date, erratum.article)
            out += [Md("## {} ({})").format(erratum.article or "Errata", erratum.date), ""]
        card = by_name.get(erratum.card.lower())
        name = md_text(erratum.card)
        if card is not None:
            name = md_link(erratum.card, relative(ERRATA, ctx.card_page(card), card.id))
        out += [
            div("erratum", id=erratum_anchor(erratum)),
            "",
            Md("**{}**").format(name),
            "",
            *(lines_of("Old", erratum.old_text, ctx.language) if erratum.old_text else []),
            *lines_of("New", erratum.new_text, ctx.language),
            Md("</div>"),
            "",
        ]
    return whole_page("Errata", out)


def card_line(ctx: Context, line: str, game: str, page: str) -> Md:
    """A line of card text: its symbols as signs with their names, the rest linked."""
    return ctx.quoted(line, game, page)


def erratum_anchor(erratum: Erratum) -> str:
    # Every part slugged: Material's table of contents writes an id into an href unescaped.
    # A revised text an FAQ printed (no old wording) may share its card and day
    # with the errata article's pair: it is told apart.
    revised = "" if erratum.old_text else "-revised"
    return f"erratum-{slugify(erratum.card)}-{slugify(erratum.date, empty='undated')}{revised}"


def erratum_link(erratum: Erratum, page: str) -> Md:
    return md_link(f"Erratum {erratum.date}: {erratum.article}", relative(page, ERRATA, erratum_anchor(erratum)))


def lines_of(label: str, text: str, language: str = "en") -> list[Md]:
    """A card text printed over several lines: one paragraph each, the label
    first, its symbols as signs with their names."""
    paragraphs = [with_symbols(line, md_text, language) for line in text.split("\n") if line.strip()] or [Md("")]
    out = [Md("**{}:** {}").format(label, paragraphs[0]), Md("")]
    for line in paragraphs[1:]:
        out += [line, Md("")]
    return out
