"""The language selector keeps the page and the anchor, over http:// and file://
(Material's own switcher reads the other site's sitemap.xml, which a page
opened from disk cannot fetch; assets/language-switch.js computes the path instead)."""

from __future__ import annotations

from urllib.parse import unquote, urlsplit

import pytest
from playwright.sync_api import expect

from browser_site import html_pages, ids_of, language_roots, read, rules

pytestmark = pytest.mark.browser


def pages_in_both(site, lang):
    """(path, anchor) pairs: pages at the same path in the main site and in
    `lang`'s, with an id both have; section pages with a common rule first."""
    roots = language_roots(site)
    if lang not in roots:
        pytest.fail(f"no {lang} site ({lang}/index.html) in the build")
    main = next(r for r in roots.values() if r == "")
    other = roots[lang]
    nested = [r for r in roots.values() if r]
    found = []
    for page in html_pages(site):
        if any(page.startswith(r) for r in nested):
            continue
        twin = other + page
        if not (site / twin).is_file():
            continue
        common = {i for i in ids_of(read(site, main + page)) & ids_of(read(site, twin)) if not i.startswith("__")}
        numbers = {r.number for r in rules(site, page)} & {r.number for r in rules(site, twin)}
        if numbers:
            found.append((0, page, sorted(numbers)[-1]))
        elif common:
            found.append((1, page, sorted(common)[0]))
    if not found:
        pytest.fail(f"no page exists at the same path, with a common anchor, in the main and the {lang} sites")
    found.sort()
    return [(page, anchor) for _, page, anchor in found]


def switch_language(page, lang):
    """Opens Material's language menu and picks `lang`."""
    page.locator(".md-header__option .md-select").hover()
    link = page.locator(f'a.md-select__link[hreflang="{lang}"]')
    expect(link).to_be_visible()
    with page.expect_navigation():
        link.click()


def test_switch_keeps_page_and_anchor(built_site, root_url, browse):
    site = built_site.site
    roots = language_roots(site)
    main_lang = next(lang for lang, r in roots.items() if r == "")
    page_path, anchor = pages_in_both(site, "es")[0]
    page = browse(root_url).new_page()
    page.goto(f"{root_url}{page_path}#{anchor}")

    switch_language(page, "es")
    parts = urlsplit(page.url)
    assert page.url.split("#")[0] == root_url + roots["es"] + page_path
    assert unquote(parts.fragment) == anchor
    assert page.evaluate("document.documentElement.lang").startswith("es")
    expect(page.locator(f'[id="{anchor}"]')).to_be_in_viewport()

    switch_language(page, main_lang)
    assert page.url.split("#")[0] == root_url + page_path
    assert unquote(urlsplit(page.url).fragment) == anchor
    expect(page.locator(f'[id="{anchor}"]')).to_be_in_viewport()


def english_only_page(site, lang):
    """(path, a rule number on it) of a section page the main site has and `lang`'s
    site does not (no stub stands in for it)."""
    roots = language_roots(site)
    nested = [r for r in roots.values() if r]
    for page_path in html_pages(site):
        if page_path == "404.html" or any(page_path.startswith(r) for r in nested):
            continue
        ours = {r.number for r in rules(site, page_path)}
        if ours and not (site / roots[lang] / page_path).exists():
            return page_path, sorted(ours)[-1]
    pytest.fail(f"every section page of the main site exists in the {lang} site too")


def test_switch_from_a_page_missing_in_the_other_language_stays_on_it_with_a_notice(built_site, root_url, browse):
    """No stub pages: switching to Spanish on a page the Spanish site lacks keeps
    the English page and anchor, and says, in Spanish, that the page is not there."""
    site = built_site.site
    page_path, number = english_only_page(site, "es")
    page = browse(root_url).new_page()
    page.goto(f"{root_url}{page_path}#{number}")
    switch_language(page, "es")
    assert page.url == f"{root_url}{page_path}?from=es#{number}"
    notice = page.locator(".page-languages-notice")
    expect(notice).to_be_visible()
    expect(notice).to_have_attribute("lang", "es")
    expect(notice).to_contain_text("no existe en español")
    expect(page.locator(f'[id="{number}"]')).to_be_in_viewport()


def test_a_page_reached_from_its_own_language_shows_no_notice(built_site, root_url, browse):
    site = built_site.site
    page_path, number = english_only_page(site, "es")
    page = browse(root_url).new_page()
    page.goto(f"{root_url}{page_path}#{number}")
    expect(page.locator(f'[id="{number}"]')).to_be_visible()
    assert page.locator(".page-languages-notice").count() == 0


def test_switch_links_point_at_the_same_page_without_javascript_clicks(built_site, root_url, browse):
    """The links themselves carry the target (so open-in-new-tab and copying the
    link work too)."""
    site = built_site.site
    roots = language_roots(site)
    page_path, anchor = pages_in_both(site, "es")[0]
    page = browse(root_url).new_page()
    page.goto(f"{root_url}{page_path}#{anchor}")
    # Once the reader points at the selector (assets/language-switch.js comes then), before its list opens.
    page.locator(".md-select").first.hover()
    want = f"{root_url}{roots['es']}{page_path}#{anchor}"
    link = "a.md-select__link[hreflang='es']"
    page.wait_for_function("([link, want]) => document.querySelector(link).href === want", arg=[link, want], timeout=5000)
