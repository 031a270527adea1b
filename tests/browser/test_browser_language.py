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


def test_switch_from_a_page_only_in_one_language_reaches_its_stub(built_site, root_url, browse):
    """Every page has a twin at the same path in the other site (maybe a stub
    that links to the language it exists in): the switch never lands on a 404."""
    site = built_site.site
    roots = language_roots(site)
    nested = [r for r in roots.values() if r]
    for page_path in html_pages(site):
        if page_path == "404.html" or any(page_path.startswith(r) for r in nested):
            continue
        ours = {r.number for r in rules(site, page_path)}
        if ours and not (site / roots["es"] / page_path).is_file():
            pytest.fail(f"{page_path} has no page at the same path in the es site")
        theirs = {r.number for r in rules(site, roots["es"] + page_path)} if ours else set()
        if ours and not theirs:
            break
    else:
        pytest.skip("every section exists in both languages")
    number = sorted(ours)[-1]
    page = browse(root_url).new_page()
    page.goto(f"{root_url}{page_path}#{number}")
    switch_language(page, "es")
    assert page.url == f"{root_url}{roots['es']}{page_path}#{number}"
    expect(page.locator("a.other-language").first).to_be_visible()


def test_switch_links_point_at_the_same_page_without_javascript_clicks(built_site, root_url, browse):
    """The links themselves carry the target (so open-in-new-tab and copying the
    link work too)."""
    site = built_site.site
    roots = language_roots(site)
    page_path, anchor = pages_in_both(site, "es")[0]
    page = browse(root_url).new_page()
    page.goto(f"{root_url}{page_path}#{anchor}")
    href = page.locator('a.md-select__link[hreflang="es"]').evaluate("a => a.href")
    assert href == f"{root_url}{roots['es']}{page_path}#{anchor}"
