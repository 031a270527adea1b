"""The language switch on translated Riftbound rules (issue 41): the seeds with
a French translation of section 424 (`translated_site`). The switch keeps the
rule in English, French and Spanish: on the translated section it lands on
the French text, and Spanish, which lacks it, falls back to English with a
notice; on an untranslated section it stays on the English rule and says so."""

from __future__ import annotations

from urllib.parse import unquote, urlsplit

import pytest
from playwright.sync_api import expect

from test_browser_language import switch_language

pytestmark = pytest.mark.browser


def at(page, root: str) -> tuple[str, str, str]:
    """(path from the site root, query, decoded anchor) of the page shown."""
    parts = urlsplit(page.url)
    path = page.url.split("?")[0].split("#")[0].removeprefix(root)
    return path, parts.query, unquote(parts.fragment)


def test_switch_keeps_a_translated_rule_in_english_french_and_spanish(translated_root, browse):
    page = browse(translated_root).new_page()
    page.goto(f"{translated_root}riftbound/core-rules/424.html#424.2.a")
    expect(page.locator('[id="424.2.a"]')).to_contain_text("Players may only Reveal cards")

    switch_language(page, "fr")
    assert at(page, translated_root) == ("fr/riftbound/core-rules/424.html", "", "424.2.a")
    assert page.evaluate("document.documentElement.lang").startswith("fr")
    expect(page.locator('[id="424.2.a"]')).to_contain_text("Les joueurs ne peuvent Révéler des cartes")
    expect(page.locator('[id="424.2.a"]')).to_be_in_viewport()
    assert page.locator(".page-languages-notice").count() == 0

    # Spanish has no 424: the same rule in English, said in Spanish.
    switch_language(page, "es")
    path, query, anchor = at(page, translated_root)
    assert (path, anchor) == ("riftbound/core-rules/424.html", "424.2.a")
    assert "from=es" in query
    expect(page.locator('[id="424.2.a"]')).to_contain_text("Players may only Reveal cards")
    notice = page.locator(".page-languages-notice")
    expect(notice).to_be_visible()
    expect(notice).to_have_attribute("lang", "es")
    expect(notice).to_contain_text("no existe en español")

    switch_language(page, "fr")
    assert at(page, translated_root)[::2] == ("fr/riftbound/core-rules/424.html", "424.2.a")
    expect(page.locator('[id="424.2.a"]')).to_contain_text("Les joueurs ne peuvent Révéler des cartes")


def test_switch_keeps_an_untranslated_rule_in_english_with_a_notice(translated_root, browse):
    page = browse(translated_root).new_page()
    page.goto(f"{translated_root}riftbound/core-rules/832.html#832.1")
    for language, words in (("fr", "n'existe pas en français"), ("es", "no existe en español")):
        switch_language(page, language)
        path, query, anchor = at(page, translated_root)
        assert (path, anchor) == ("riftbound/core-rules/832.html", "832.1")
        assert f"from={language}" in query
        expect(page.locator('[id="832.1"]')).to_be_in_viewport()
        notice = page.locator(".page-languages-notice")
        expect(notice).to_have_attribute("lang", language)
        expect(notice).to_contain_text(words)


def test_the_out_of_date_flag_shows_under_its_rule_and_opens_the_english_rule(translated_editions_root, browse):
    """Spanish 1.0's 424.1.a: English 1.1 reworded it. The flag shows under that
    rule, in Spanish, and its link opens the English rule, whose History holds
    the 1.0 text."""
    root = translated_editions_root
    page = browse(root).new_page()
    page.goto(f"{root}es/riftbound/core-rules/424.html#424.1.a")
    flag = page.locator('[data-rule="424.1.a"] .translation-changed')
    expect(flag).to_be_visible()
    expect(flag).to_contain_text("El texto en inglés ha cambiado desde esta traducción (v1.0)")
    assert page.locator(".translation-changed").count() == 1
    with page.expect_navigation():
        flag.locator("a").click()
    path, _query, anchor = at(page, root)
    assert (path, anchor) == ("riftbound/core-rules/424.html", "424.1.a")
    expect(page.locator('[id="424.1.a"]')).to_contain_text("and is still counted there")
    expect(page.locator('[id="424.1.a"]')).to_be_in_viewport()


def test_a_translated_rules_history_shows_the_english_rules_editions(translated_editions_root, browse):
    """Spanish has one edition; its 424.1.a is English 424.1.a, which 1.1
    reworded. Its History, opened, shows the English rule's two editions and
    the word diff, and its v1.0 row opens the English 1.0 text."""
    root = translated_editions_root
    page = browse(root).new_page()
    page.goto(f"{root}es/riftbound/core-rules/424.html#424.1.a")
    details = page.locator(".rule[data-rule='424.1.a'] > details.history")
    expect(details.locator("summary")).to_have_text("Historial de la regla en inglés")
    details.locator("summary").click()
    rows = details.locator(":scope > ul > li")
    expect(rows).to_have_count(2)
    expect(rows.nth(1)).to_contain_text("v1.1: 424.1.a — mismo número, redactada de nuevo en parte")
    expect(rows.nth(1).locator("ins")).to_have_text("from, and is still counted there.")
    with page.expect_navigation():
        rows.nth(0).get_by_role("link", name="v1.0: 424.1.a", exact=True).click()
    path, _query, anchor = at(page, root)
    assert (path, anchor) == ("riftbound/core-rules/v1.0/424.html", "424.1.a")
    expect(page.locator('[id="424.1.a"]')).to_contain_text("A revealed card stays in the zone it is revealed from.")


def test_a_reference_on_the_french_site_previews_and_opens_the_french_rule(translated_root, browse):
    """The walkthroughs cite 424.3 (English's number): on the French site,
    hovering it previews the French text, and it opens the French rule."""
    page = browse(translated_root).new_page()
    page.goto(f"{translated_root}fr/riftbound/walkthroughs/index.html")
    ref = page.locator('a.ref[data-rule="424.3"]').first
    ref.hover()
    preview = page.locator("#rulesite-preview")
    expect(preview).to_be_visible()
    expect(preview.locator(".rule-preview__number")).to_have_text("424.3")
    expect(preview.locator(".rule-preview__text")).to_contain_text("Cette action s'écrit")
    with page.expect_navigation():
        ref.click()
    assert at(page, translated_root)[::2] == ("fr/riftbound/core-rules/424.html", "424.3")
    expect(page.locator('[id="424.3"]')).to_contain_text("Cette action s'écrit")
    expect(page.locator('[id="424.3"]')).to_be_in_viewport()


def test_a_french_rule_lists_and_opens_what_cites_the_english_rule(translated_root, browse):
    page = browse(translated_root).new_page()
    page.goto(f"{translated_root}fr/riftbound/core-rules/424.html#424.3")
    cited = page.locator('[data-rule="424.3"] .rule-meta')
    expect(cited).to_contain_text("Cité par: Revealing 2 cards from the top of your Main Deck")
    with page.expect_navigation():
        cited.get_by_role("link", name="Revealing 2 cards from the top of your Main Deck").click()
    assert at(page, translated_root)[0] == "riftbound/walkthroughs/reveal-two-cards-from-top-of-deck.html"
    expect(page.locator("article")).to_contain_text("424.3")
