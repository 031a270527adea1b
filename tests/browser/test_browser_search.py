"""The search box, over http:// and file://: by rule number (number-search.js)
and by word (word-search.js, in Material's result list), in each language's site."""

from __future__ import annotations

import re
from urllib.parse import unquote, urlsplit

import pytest
from playwright.sync_api import expect

from browser_site import PHONE, html_pages, lang_root, language_roots, normalize, rules

from rulesite.check.page import load_page

pytestmark = pytest.mark.browser


def search(page, query):
    """Types `query` in the search box; returns [(href, text)] of the result links."""
    box = page.locator("input.md-search__input")
    toggle = page.locator('label.md-header__button[for="__search"]')
    if toggle.is_visible():  # phone width: the search icon opens the search
        toggle.click()
    box.click()
    box.fill("")
    box.press_sequentially(query, delay=20)
    results = page.locator("a.md-search-result__link")
    expect(results.first).to_be_attached(timeout=20_000)
    return results.evaluate_all("links => links.map(a => [a.href, a.innerText])")


def parent_with_children(site, root=""):
    """(section page, number, children): a rule with sub-rules, deepest first
    (832.1.c when the sources have it)."""
    best = None
    for page in html_pages(site):
        if lang_root(site, page) != root:
            continue
        numbers = [r.number for r in rules(site, page)]
        for n in numbers:
            children = [m for m in numbers if m.startswith(n + ".")]
            if children and (best is None or (n == "832.1.c") or n.count(".") > best[1].count(".")):
                best = (page, n, children)
                if n == "832.1.c":
                    return best
    if best is None:
        pytest.fail("no rule with sub-rules in the built site")
    return best


def number_results(page, query):
    """Types `query`; returns [(href, text)] of the rules the number table names (first is best)."""
    box = page.locator("input.md-search__input")
    toggle = page.locator('label.md-header__button[for="__search"]')
    if toggle.is_visible():
        toggle.click()
    box.click()
    box.fill("")
    box.press_sequentially(query, delay=20)
    first = page.locator(".rulesite-jump a.rulesite-jump__link").first
    expect(first).to_be_visible(timeout=20_000)
    expect(first.locator(".rulesite-jump__text")).not_to_be_empty()
    return page.locator(".rulesite-jump a.rulesite-jump__link").evaluate_all("links => links.map(a => [a.href, a.innerText])")


def test_a_rule_number_shows_that_rule_first(built_site, root_url, browse):
    site = built_site.site
    section, number, children = parent_with_children(site)
    page = browse(root_url).new_page()
    page.goto(root_url + "index.html")
    results = number_results(page, number)
    href, text = results[0]
    snippet = normalize(page.locator(".rulesite-jump .rulesite-jump__text").first.inner_text())
    assert urlsplit(href).path.endswith("/" + section) and unquote(urlsplit(href).fragment) == number
    # Labelled with game and document, and showing the rule's own text.
    assert "Riftbound" in text and "Core Rules" in text, text
    # Enter lands on the rule.
    with page.expect_navigation():
        page.locator("input.md-search__input").press("Enter")
    assert urlsplit(page.url).path.endswith("/" + section)
    assert unquote(urlsplit(page.url).fragment) == number
    expect(page.locator(f'[id="{number}"]')).to_be_in_viewport()
    shown = normalize(page.locator(f'[id="{number}"]').inner_text())
    assert snippet and snippet in shown, (snippet, shown)


def test_a_number_with_its_document_finds_that_document(built_site, root_url, browse):
    site = built_site.site
    section, number, _ = parent_with_children(site)
    page = browse(root_url).new_page()
    page.goto(root_url + "index.html")
    assert number_results(page, f"CR {number}")[0][0].split("#")[0].endswith("/" + section)
    # A document that does not have the number: nothing from the number table.
    box = page.locator("input.md-search__input")
    box.fill("")
    box.press_sequentially(f"TR {number}", delay=20)
    expect(page.locator(".rulesite-jump")).to_be_hidden()


def test_search_result_lands_on_the_rule(built_site, root_url, browse):
    site = built_site.site
    section, number, _ = parent_with_children(site)
    page = browse(root_url).new_page()
    page.goto(root_url + "index.html")
    number_results(page, number)
    result = page.locator(".rulesite-jump a.rulesite-jump__link").first
    result.click()
    page.wait_for_url(lambda url: urlsplit(url).path.endswith("/" + section) and unquote(urlsplit(url).fragment) == number)
    expect(page.locator(f'[id="{number}"]')).to_be_in_viewport()


def distinctive_word(site, root=""):
    """(word, section page): a long word of a rule's text."""
    for page in html_pages(site):
        if lang_root(site, page) != root:
            continue
        tree = load_page(site, page).root
        for el in tree.xpath("//p[@class='rule-head'] | //div[contains(concat(' ', @class, ' '), ' rule ')]/p[1]"):
            plain = " ".join(el.itertext())
            words = sorted(set(re.findall(r"[^\W\d_]{9,}", plain)), key=len, reverse=True)
            if words:
                return words[0], page
    pytest.fail(f"no rule text found under {root or 'the main site'}")


@pytest.mark.parametrize("lang", ["main", "es"])
def test_search_by_word_finds_the_rule(built_site, root_url, browse, lang):
    site = built_site.site
    roots = language_roots(site)
    root = "" if lang == "main" else roots.get(lang)
    if root is None:
        pytest.fail(f"no {lang} site in the build")
    word, section = distinctive_word(site, root)
    page = browse(root_url).new_page()
    page.goto(root_url + root + "index.html")
    results = search(page, word)
    hits = [href for href, text in results if urlsplit(href).path.endswith("/" + section)]
    assert hits, f"searching {word!r} found nothing on {section}: {results}"


@pytest.mark.parametrize(("lang", "word"), [("main", "facedown"), ("es", "Mostrar")])
def test_search_named_words(built_site, root_url, browse, lang, word):
    roots = language_roots(built_site.site)
    root = "" if lang == "main" else roots.get(lang)
    if root is None:
        pytest.fail(f"no {lang} site in the build")
    page = browse(root_url, viewport=PHONE).new_page()
    page.goto(root_url + root + "index.html")
    results = search(page, word)
    assert any(word.lower() in text.lower() for _, text in results), results
