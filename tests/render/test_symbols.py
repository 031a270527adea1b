"""Card symbols wherever card text is quoted: a sign and its name in words,
visible to every reader, one named image to screen readers, through the one
escaping path; plain text keeps the Core Rules shorthand."""

from __future__ import annotations

import dataclasses
import re

import pytest
from relinked import relinked
from rendered import page_html, split_page

from rulesite.common.model import Card, Erratum, FaqAnswer, Loc
from rulesite.render.card_pages import render_cards_page, render_errata
from rulesite.render.faq_page import render_faq_part
from rulesite.render.ruling_page import render_ruling
from rulesite.render.languages import site_languages
from rulesite.common.card_symbols import shown_text, split_symbols
from rulesite.render.symbols import symbol, with_symbols
from rulesite.render.escape import md_text
from rulesite.resolve.linked import quoted_parts

HERE = Loc("rules_src/riftbound/cards.json", 3)
SYMBOL = re.compile(r'<span class="symbol symbol-(\w+)" role="img" aria-label="([^"]*)">(.*?)</i></span>')


def visible(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


@pytest.fixture(scope="module")
def site_ctx(ctx):
    return dataclasses.replace(ctx, language="en", languages=site_languages(ctx), cache={})


def test_card_symbols_are_cut_out_of_the_text_with_their_names():
    parts = split_symbols("[2][A], [E]: Give a unit +1 [M]. [Accelerate] [>] [Nth]")
    assert parts == [
        ("[2]", "2", "2 Energy"),
        ("[A]", "✦", "Power of any Domain"),
        ", ",
        ("[E]", "⤵", "Exhaust"),
        ": Give a unit +1 ",
        ("[M]", "⚔", "Might"),
        ". [Accelerate] ",  # a bracketed keyword is no symbol
        ("[>]", "→", "then"),
        " [Nth]",
    ]
    assert split_symbols("[0]") == [("[0]", "0", "0 Energy")]


@pytest.mark.parametrize(
    ("shorthand", "kind", "label", "shown"),
    [
        ("[A]", "power", "Power of any Domain", "✦ Power of any Domain"),
        ("[R]", "power", "Fury Power", "● Fury Power"),
        ("[0]", "energy", "0 Energy", "0 Energy"),
        ("[12]", "energy", "12 Energy", "12 Energy"),
        ("[M]", "sign", "Might", "⚔ Might"),
    ],
)
def test_a_symbol_shows_its_name_in_words_and_is_one_named_image(shorthand, kind, label, shown):
    (part,) = split_symbols(shorthand)
    html = str(symbol(*part))
    (found,) = SYMBOL.findall(html)
    assert found[:2] == (kind, label)
    # The name is on screen, not only in an attribute that touch readers never see.
    assert visible(html) == shown == shown_text(shorthand)
    assert "title=" not in html


def test_text_around_symbols_goes_through_the_one_escaping_path():
    html = page_html(str(with_symbols("Pay [A] <img src=x onerror=alert(1)> **now** [1]", md_text)))
    assert "<img" not in html and "<strong>" not in html
    assert len(SYMBOL.findall(html)) == 2
    assert visible(html).replace("&lt;", "<").startswith("Pay ✦ Power of any Domain <img src=x")


def test_the_errata_box_and_the_errata_page_show_symbols_in_words(site_ctx):
    erratum = Erratum(
        "Ember Scout", "[2], [E]: Draw 1.", "[1][A], [E]: Draw 1.\nThen [>] discard 1.", "2026-05-01", "May", "c", HERE
    )
    card = Card("ogn-007-298", "OGN-007/298", "Ember Scout", ["Unit"], ["Fury"], "[E]: Ready me.", "c", HERE, errata=[erratum])
    ctx = relinked(site_ctx, dataclasses.replace(site_ctx.corpus, cards=[card], errata=[erratum]))
    page = page_html(render_cards_page(ctx, "riftbound/cards/e.md", [card], {}))
    box = page[page.index('class="admonition warning"') :]
    assert "[A]" not in page and "[E]" not in page and "[2]" not in page
    labels = [label for _, label, _ in SYMBOL.findall(box)]
    assert labels == ["2 Energy", "Exhaust", "1 Energy", "Power of any Domain", "Exhaust", "then"]
    assert "✦ Power of any Domain" in visible(box)
    errata_page = page_html(render_errata(ctx))
    assert [label for _, label, _ in SYMBOL.findall(errata_page)] == labels


def test_an_official_faq_answer_shows_symbols_in_words(site_ctx):
    faq = FaqAnswer(
        id="hide-cost",
        question="What does hiding cost?",
        answer="Hide it now for [A], then reveal it for [0].",
        game="riftbound",
        section="",
        source_id=next(iter(site_ctx.corpus.sources)),
        loc=HERE,
    )
    source = site_ctx.corpus.sources[faq.source_id]
    site_ctx = relinked(site_ctx, dataclasses.replace(site_ctx.corpus, faqs=[faq]))
    html = page_html(render_faq_part(site_ctx, source, "FAQ", 1, [("riftbound/faq/x.md", [faq])], {}))
    assert [label for _, label, _ in SYMBOL.findall(html)] == ["Power of any Domain", "0 Energy"]
    assert "Hide it now for ✦ Power of any Domain, then reveal it for 0 Energy." in visible(html)


def test_a_ruling_shows_symbols_in_words_in_its_answer_steps_and_nuances(site_ctx):
    ruling = dataclasses.replace(
        next(r for r in site_ctx.corpus.rulings if r.steps and r.nuances),
        answer="Pay [2] first.",
        steps=["Exhaust it: [E]."],
        nuances=["It costs [A] more."],
    )
    html = page_html(render_ruling(ruling, relinked(site_ctx, dataclasses.replace(site_ctx.corpus, rulings=[ruling]))))
    assert [label for _, label, _ in SYMBOL.findall(html)] == ["2 Energy", "Exhaust", "Power of any Domain"]
    assert "Pay 2 Energy first." in visible(html)


def test_previews_in_chat_give_symbols_in_words(site_ctx):
    """A link preview (the description) is plain text: symbols in words, not shorthand."""
    ruling = dataclasses.replace(site_ctx.corpus.rulings[0], answer="It costs [1][A] more.")
    meta, _ = split_page(render_ruling(ruling, relinked(site_ctx, dataclasses.replace(site_ctx.corpus, rulings=[ruling]))))
    assert meta["description"] == "It costs 1 Energy ✦ Power of any Domain more."


@pytest.mark.parametrize(
    "text",
    ["", "[2][A], [E]: Give a unit +1 [M].", "[1] [A]", "Pay [A][C][>] now", "no symbol (rule 424.1)", "[E]", " [Nth] [10]"],
)
def test_resolve_links_exactly_the_text_a_page_shows_between_symbols(text):
    """Resolve links the plain parts of quoted text (resolve/linked.py); the page
    asks for the links of the parts `with_symbols` cuts, which must be the same."""
    shown = []
    with_symbols(text, lambda part: shown.append(part) or md_text(part))
    assert quoted_parts(text) == shown
