"""A search on a language's site that translates only a few pages (Spanish,
French) still finds the rule, card or ruling a reader means on English's site,
after its own results, labelled "(en inglés)", "(en anglais)": "show off",
a card's name or "424" typed on the Spanish site used to find nothing of the
rules (its number table was empty).

On the seed site, as a reader on a phone uses it, over http:// and file://;
the expected pages are found in the built HTML, never written here.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from test_browser_word_search import current_section, open_search, word_results

from rulesite.common.strings import t

pytestmark = pytest.mark.browser


@pytest.fixture
def phone(browse, root_url):
    from browser_site import PHONE

    return browse(root_url, viewport=PHONE, touch=True).new_page()


def test_spanish_site_finds_english_sections_by_word(built_site, root_url, phone):
    expected = current_section(built_site.site, "riftbound/core-rules", "Show Off")
    box = open_search(phone, root_url, "es/index.html")
    results = word_results(phone, box, "show off")
    assert results, "no result for 'show off' on the Spanish site"
    english_name = t("es", "in-english", document="Core Rules")
    first = phone.locator(".md-search-result__list a.md-search-result__link").first
    href = first.get_attribute("href")
    # The English page, reached from the Spanish site's root, labelled as English's.
    assert href.split("#")[0] == root_url + expected, (href, results[:3])
    assert english_name in results[0]["label"], results[0]
    assert results[0]["label"].startswith(t("es", "kind-section")), results[0]
    with phone.expect_navigation():
        box.press("Enter")
    assert phone.url.split("#")[0] == root_url + expected
    expect(phone.locator("article h1").first).to_contain_text("Show Off")


def test_spanish_site_lists_its_own_results_before_englishs(built_site, root_url, phone):
    # Mostrar is a Spanish page; a Spanish word finds it first, and nothing of English before it.
    expected = current_section(built_site.site / "es", "magic/comprehensive-rules", "Mostrar")
    results = word_results(phone, open_search(phone, root_url, "es/index.html"), "mostrar")
    assert results and results[0]["path"] == expected, results[:3]
    assert "(en inglés)" not in results[0]["label"], results[0]


def test_a_number_typed_on_the_spanish_site_finds_the_english_rule(built_site, root_url, phone):
    expected = current_section(built_site.site, "riftbound/core-rules", "Reveal")
    open_search(phone, root_url, "es/index.html").fill("424.2")
    first = phone.locator(".rulesite-jump a.rulesite-jump__link").first
    expect(first).to_be_visible(timeout=30_000)
    assert first.get_attribute("href") == root_url + expected + "#424.2", first.get_attribute("href")
    expect(first).to_contain_text(t("es", "in-english", document="Core Rules"))
    # Its text comes from English's preview file: the rule's own words, not nothing.
    english = phone.context.new_page()
    english.goto(root_url + expected + "#424.2")
    words = " ".join(english.locator('[id="424.2"]').first.inner_text().split())
    expect(first.locator(".rulesite-jump__text")).not_to_be_empty(timeout=30_000)
    shown = " ".join(first.locator(".rulesite-jump__text").inner_text().split())
    assert shown and shown[:40] in words, (shown, words)
