"""The rule the reader meant, first and on screen, on the phone profile (and
on desktop): the language switch lands on the same rule (or stays, with a
notice, where the chosen language has none), every notice that changes what
the reader looks at is on screen below the header and announced, and with
the network gone a page never opened still shows its own words.

Pages and expectations are read from the model (`ctx`) and the built site,
never hard-coded beyond the seed's own pages (rules_src/)."""

from __future__ import annotations

from html import unescape
from urllib.parse import unquote, urlsplit

import pytest
from playwright.sync_api import expect

from browser_site import DESKTOP, READY, first_visit, language_roots, read, rules, serve
from rulesite.site_map.paths import faq_anchor
from phone import PHONE_CONTEXT, on_screen_below_header, settle, slow_down, switch_language

pytestmark = pytest.mark.browser

PROFILES = {"phone": PHONE_CONTEXT, "desktop": {"viewport": DESKTOP}}


def words(text: str) -> str:
    return " ".join(text.split())


def marker(site, page: str) -> dict[str, str]:
    """The attributes of a page's hidden language marker (render/languages.py)."""
    import re

    found = re.search(r'<div class="page-languages"[^>]*>', read(site, page))
    assert found, f"{page} has no language marker"
    return {k: unescape(v) for k, v in re.findall(r'([\w-]+)="([^"]*)"', found.group(0))}


def open_page(browser, origin: str, profile: str, url: str):
    context = browser.new_context(**PROFILES[profile], reduced_motion="reduce")
    context.set_default_timeout(20_000)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    if profile == "phone":
        slow_down(context, page)
    page.goto(url)
    settle(page)
    return context, page, errors


def english_only_section(site, ctx) -> tuple[str, str]:
    """(page, its last rule) of a current English section the Spanish site lacks."""
    roots = language_roots(site)
    for section in sorted(ctx.corpus.sections.values(), key=lambda s: s.number):
        page = f"{section.game}/{section.document}/{section.number}.html"
        if section.language == "en" and (site / page).is_file() and not (site / roots["es"] / page).is_file():
            found = rules(site, page)
            if len(found) > 3:
                return page, found[-1].number
    pytest.fail("no English section page with several rules that the Spanish site lacks")


@pytest.mark.parametrize("profile", ["phone", "desktop"])
def test_a_language_fallback_notice_is_on_screen_above_the_rule_it_is_about(built_site, ctx, browser, profile):
    """424.html?from=es#424.4.a: the notice that the page is not in Spanish
    sits above the rule the address names, both on screen, the notice below
    the header and in a live region."""
    site = built_site.site
    page_path, number = english_only_section(site, ctx)
    with serve(site) as origin:
        context, page, errors = open_page(browser, origin, profile, f"{origin}/{page_path}?from=es#{number}")
        notice = page.locator(".page-languages-notice")
        expect(notice).to_have_text(marker(site, page_path)["data-notice-es"])
        assert on_screen_below_header(page, notice) == []
        expect(page.locator(f'[id="{number}"]')).to_be_in_viewport()
        # The notice speaks of the rule right under it.
        assert notice.evaluate(
            "(el, n) => el.nextElementSibling && el.nextElementSibling.contains(document.getElementById(n))", number
        )
        context.close()
    assert errors == []


@pytest.mark.parametrize("profile", ["phone", "desktop"])
def test_the_switch_never_lands_on_another_rule(built_site, ctx, browser, profile):
    """On Spanish 701.20 (Mostrar), choosing English: the concordance's English
    rule when the site has it, else this rule, with a notice saying it is not
    in English, and the rule the address named still highlighted."""
    site = built_site.site
    spanish = next(s for s in ctx.corpus.sections.values() if s.language == "es" and ctx.concordance.for_section(s))
    side = ctx.concordance.for_section(spanish).side("en")
    rule = [r.number for r in spanish.rules][2]
    page_path = f"es/{spanish.game}/{spanish.document}/{spanish.number}.html"
    with serve(site) as origin:
        context, page, errors = open_page(browser, origin, profile, f"{origin}/{page_path}#{rule}")
        switch_language(page, "en")
        parts = urlsplit(page.url)
        if side.section is not None:
            want = side.number + rule[len(spanish.number) :]
            assert parts.path == f"/{spanish.game}/{spanish.document}/{side.number}.html"
            assert unquote(parts.fragment) == want
        else:
            # The seed has no English 701.16: the Spanish rule stays, said so in English.
            want = rule
            assert parts.path == "/" + page_path and parts.query == "from=en"
            assert unquote(parts.fragment) == want
            notice = page.locator(".page-languages-notice")
            expect(notice).to_contain_text("does not exist in English")
            expect(notice).to_have_attribute("lang", "en")
            assert on_screen_below_header(page, notice) == []
        expect(page.locator(f'[id="{want}"]')).to_be_in_viewport()
        assert page.locator(f'[id="{want}"]').evaluate("el => el.matches(':target')")
        context.close()
    assert errors == []


def test_offline_a_page_never_opened_shows_its_own_words(built_site, ctx, browser):
    """After one visit to the home page on a phone, with the network gone: a
    ruling and an FAQ answer never opened each show their own text laid out as
    their page (from the page data the worker stored), and a Spanish page its
    own words (from the Spanish search index the worker stored)."""
    site = built_site.site
    ruling = ctx.corpus.rulings[0]
    ruling_path = f"{ruling.game}/rulings/{ruling.id}.html"
    # An FAQ answer anchored on a current section page (never opened: not precached).
    faq_page, faq = next(
        (page, f)
        for f in ctx.corpus.faqs
        for page in [f"{f.game}/core-rules/{f.section}.html"]
        if (site / page).is_file() and f'id="{faq_anchor(f)}"' in read(site, page)
    )
    spanish = next(s for s in ctx.corpus.sections.values() if s.language == "es")
    spanish_page = f"es/{spanish.game}/{spanish.document}/{spanish.number}.html"
    context = browser.new_context(**PHONE_CONTEXT, service_workers="allow")
    context.set_default_timeout(20_000)
    with serve(site) as origin:
        page = first_visit(context, origin + "/")
        assert page.evaluate(READY)
    context.set_offline(True)

    # Each shown as its page (render/offline_data.py), not as bare index words.
    view = page.locator(".offline-section")
    page.goto(f"{origin}/{ruling_path}")
    expect(view.locator("h2")).to_have_text(ruling.title)
    shown = words(view.inner_text())
    assert words(ruling.answer)[:60] in shown

    page.goto(f"{origin}/{faq_page}#{faq_anchor(faq)}")
    target = view.locator(".offline-target")
    expect(target).to_have_count(1)
    expect(target).to_have_attribute("id", faq_anchor(faq))
    assert words(faq.answer)[:60] in words(view.inner_text())

    # Another language's page: this site's worker holds that language's index, not its pages' data.
    page.goto(f"{origin}/{spanish_page}")
    expect(page.locator(".offline-entry")).not_to_have_count(0)
    shown = words(page.locator(".offline-entries").inner_text())
    assert words(spanish.rules[1].text)[:40] in shown
    expect(page.locator(".offline-entry").first).to_have_attribute("lang", "es")
    context.close()
