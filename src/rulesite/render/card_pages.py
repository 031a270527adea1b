"""Cards: one page per initial letter, each card anchored by its id, with its
text, its errata and every ruling and FAQ answer that names it."""

from __future__ import annotations

from collections import defaultdict

from ..model import Erratum
from ..read.common import slugify
from .context import Context
from .escape import Md, md_text
from .escape import page as whole_page
from .markup import UNSEARCHED, heading, md_link
from .share import card_share, site_name, summary
from .paths import ERRATA, cards_page, relative
from .symbols import split_symbols, symbol


def cards_by_page(ctx: Context) -> dict[str, list]:
    pages = defaultdict(list)
    for card in ctx.corpus.cards:
        pages[cards_page(card.game or "riftbound", card.name)].append(card)
    return pages


def render_cards_page(ctx: Context, page: str, cards: list, named: dict[str, list]) -> str:
    letter = page.rsplit("/", 1)[-1].removesuffix(".md").upper()
    ordered = sorted(cards, key=lambda c: (c.name.lower(), c.code))
    out = [Md("# Cards: {} {{: #cards }}").format(letter), ""]
    searched = set()
    for card in ordered:
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
            out += [Md("    {}").format(line) for line in lines_of("Old", erratum.old_text) + lines_of("New", erratum.new_text)]
        items = named.get(card.id, [])  # resolved in resolve/card_mentions.py
        if items:
            links = [erratum_link(i, page) if isinstance(i, Erratum) else ctx.item_link(i, page) for i in items]
            # Titles searched on their own pages (a ruling's "Cards:" names this card).
            out += [
                Md("Rulings, FAQ answers and errata: ") + Md(" · ").join(links),
                Md('{: .rule-meta data-search-exclude="1" }'),
                "",
            ]
    game = next((c.game for c in ordered if c.game), "riftbound")
    names = summary(", ".join(c.name for c in ordered))
    return whole_page(f"Cards: {letter}", out, names, og_title=f"Cards: {letter}", site_name=site_name(game, "cards"))


def render_errata(ctx: Context) -> str:
    """Every official erratum, newest article first, linked to its card."""
    by_name = {c.name.lower(): c for c in ctx.corpus.cards}
    out = [Md("# Errata {: #errata }"), ""]
    for erratum in sorted(ctx.corpus.errata, key=lambda e: e.date, reverse=True):
        card = by_name.get(erratum.card.lower())
        name = md_text(erratum.card)
        if card is not None:
            name = md_link(erratum.card, relative(ERRATA, cards_page(card.game or "riftbound", card.name), card.id))
        out += [
            heading(2, Md("{} ({})").format(erratum.card, erratum.date), id=erratum_anchor(erratum)),
            "",
            Md("{} — {}").format(name, erratum.article),
            Md("{: .rule-meta }"),
            "",
            *lines_of("Old", erratum.old_text),
            *lines_of("New", erratum.new_text),
        ]
    return whole_page("Errata", out)


def card_line(ctx: Context, line: str, game: str, page: str) -> Md:
    """A line of card text: its symbols as signs with their names, the rest linked."""
    return Md("").join(symbol(*part) if isinstance(part, tuple) else ctx.inline(part, game, page) for part in split_symbols(line))


def erratum_anchor(erratum: Erratum) -> str:
    # Every part slugged: Material's table of contents writes an id into an href unescaped.
    return f"erratum-{slugify(erratum.card)}-{slugify(erratum.date, empty='undated')}"


def erratum_link(erratum: Erratum, page: str) -> Md:
    return md_link(f"Erratum {erratum.date}: {erratum.article}", relative(page, ERRATA, erratum_anchor(erratum)))


def lines_of(label: str, text: str) -> list[Md]:
    """A card text printed over several lines: one paragraph each, the label first."""
    paragraphs = [line for line in text.split("\n") if line.strip()] or [""]
    out = [Md("**{}:** {}").format(label, paragraphs[0]), Md("")]
    for line in paragraphs[1:]:
        out += [md_text(line), Md("")]
    return out
