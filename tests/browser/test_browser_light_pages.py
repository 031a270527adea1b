"""A page downloads what its reader uses: no search index until a search
starts, no rule texts until a link is pointed at (then only that page's).
Over http:// and from disk."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from browser_site import links

pytestmark = pytest.mark.browser


def keyword_link(site):
    found = next(iter(links(site, "keyword")), None)
    if found is None:
        pytest.fail("no a.keyword link in the built site")
    return found


def requested(page) -> list[str]:
    """Every URL the page asked for, in order (kept on the page object)."""
    made = []
    page.on("request", lambda request: made.append(request.url))
    return made


def paths(urls, root_url):
    return [u[len(root_url) :] if u.startswith(root_url) else u for u in urls]


def test_search_index_loads_only_when_a_search_starts(built_site, root_url, browse):
    link = keyword_link(built_site.site)
    page = browse(root_url).new_page()
    made = requested(page)
    page.goto(root_url + link.page)
    page.wait_for_load_state("load")
    page.wait_for_timeout(500)  # Material asks for the index right after load, when it does
    loaded = paths(made, root_url)
    assert not [p for p in loaded if "search_index" in p or "/workers/search" in p], loaded
    assert not [p for p in loaded if "assets/previews/" in p], loaded
    # Starting a search loads the index, and search works.
    box = page.locator("input.md-search__input")
    box.click()
    box.press_sequentially("reveal", delay=20)
    expect(page.locator("a.md-search-result__link").first).to_be_attached(timeout=20_000)
    assert [p for p in paths(made, root_url) if "search_index" in p]


def test_a_preview_loads_its_pages_texts_on_first_hover(built_site, root_url, browse):
    link = keyword_link(built_site.site)
    page = browse(root_url).new_page()
    made = requested(page)
    page.goto(root_url + link.page)
    page.wait_for_load_state("load")
    anchor = page.locator(f'a.keyword[href="{link.href}"]').first
    anchor.scroll_into_view_if_needed()
    anchor.hover()
    expect(page.locator("#rulesite-preview")).to_be_visible()
    target = link.target_page.removesuffix(".html")
    files = [urlsplit(p).path for p in made if "assets/previews/" in p]
    # Only the file of the page the link points at.
    assert files and all(
        f.endswith(f"assets/previews/{target.split('/', 1)[1] if target.startswith('es/') else target}.js") for f in files
    ), files
