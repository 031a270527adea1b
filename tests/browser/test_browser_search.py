"""Material's search, over http:// and file:// (offline plugin + local
iframe-worker shim): by rule number and by word, in each language's site."""

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


def test_search_by_number_finds_the_rule_and_its_sub_rules(built_site, root_url, browse):
    site = built_site.site
    section, number, children = parent_with_children(site)
    page = browse(root_url).new_page()
    page.goto(root_url + "index.html")
    results = search(page, number)
    on_section = [(href, text) for href, text in results if urlsplit(href).path.endswith("/" + section)]
    assert on_section, f"no result on {section} for {number!r}: {results}"
    texts = normalize(" ".join(text for _, text in on_section))
    assert number in texts
    assert any(child in texts for child in children), (children, texts)
    # Per-rule results: a result that links to the rule itself (#number).
    anchors = {unquote(urlsplit(href).fragment) for href, _ in on_section}
    assert number in anchors, (
        f"no result links to {section}#{number}; result anchors: {sorted(anchors)} "
        "(Material indexes a page per heading: a rule is its own result only when it is a heading)"
    )
    assert any(child in anchors for child in children), sorted(anchors)


def test_search_result_lands_on_the_rule(built_site, root_url, browse):
    site = built_site.site
    section, number, _ = parent_with_children(site)
    page = browse(root_url).new_page()
    page.goto(root_url + "index.html")
    search(page, number)
    result = page.locator("a.md-search-result__link").filter(has_text=number).first
    with page.expect_navigation():
        result.click()
    assert urlsplit(page.url).path.endswith("/" + section)
    expect(page.locator(f'[id="{number}"]')).to_be_in_viewport()


def distinctive_word(site, root=""):
    """(word, section page): a long word of a rule's text."""
    for page in html_pages(site):
        if lang_root(site, page) != root:
            continue
        tree = load_page(site, page).root
        for el in tree.xpath("//h4[@class='rule-head'] | //div[contains(concat(' ', @class, ' '), ' rule ')]/p[1]"):
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
