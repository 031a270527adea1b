"""No request leaves the machine: every kind of page, opened over
http://127.0.0.1:PORT and from disk, with its scripts running (previews,
search, language menu), asks only for file:, data:, blob: or the test server.

The `browse` fixture routes "**/*" and fails the test on anything else; this
file makes sure every kind of page gets loaded and used.
"""

from __future__ import annotations

import pytest

from browser_site import PHONE, one_page_per_kind

pytestmark = pytest.mark.browser


def test_every_kind_of_page_stays_offline(built_site, root_url, browse):
    kinds = one_page_per_kind(built_site.site)
    assert len(kinds) >= 5, kinds
    context = browse(root_url)
    page = context.new_page()
    visited = []
    for kind, path in sorted(kinds.items()):
        page.goto(root_url + path, wait_until="load")
        page.wait_for_load_state("networkidle")
        # Use what the page offers: previews and copy buttons.
        ref = page.locator("a.ref, a.keyword").first
        if ref.count():
            ref.hover()
        visited.append(kind)
    assert visited


def test_search_and_menus_stay_offline(built_site, root_url, browse):
    context = browse(root_url, viewport=PHONE, color_scheme="dark")
    page = context.new_page()
    page.goto(root_url + "index.html")
    page.locator('label.md-header__button[for="__search"]').click()
    page.locator("input.md-search__input").press_sequentially("rule", delay=20)
    page.locator("a.md-search-result__link").first.wait_for(state="attached", timeout=20_000)
    page.keyboard.press("Escape")
    page.locator('label.md-header__button[for="__drawer"]').click()
    page.wait_for_load_state("networkidle")
