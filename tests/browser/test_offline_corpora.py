"""At the table with no signal, on the full-corpora site: after one visit the
number jump of the search box still lands on a rule of a current edition, and
an older edition's page opened before the network went opens again (older
editions are stored when visited, not on the first visit), and word search
still answers (the worker stores the site's word index too).

The site is served by a server of this file's own, which is shut down to take
the network away (and the context is set offline too): whatever shows then
comes from the service worker's caches.
"""

from __future__ import annotations

from urllib.parse import unquote, urlsplit

import pytest
from playwright.sync_api import expect

from browser_site import READY, first_visit, serve

pytestmark = [pytest.mark.browser, pytest.mark.corpora]


def words(text: str) -> str:
    return " ".join(text.split())


def jump(page, query: str):
    """Types a rule number into the search box and presses Enter on its first result."""
    box = page.locator("input.md-search__input")
    box.click()
    box.press_sequentially(query, delay=20)
    page.locator(".rulesite-jump a.rulesite-jump__link").first.wait_for()
    box.press("Enter")


def test_older_edition_and_number_jump_offline(corpora_site, open_context):
    site = corpora_site.site
    old_page = "riftbound/core-rules/v1.2/411.html"
    assert (site / old_page).is_file(), f"the corpora site has no {old_page}"
    with serve(site) as origin:
        root = origin + "/"
        context = open_context(origin)
        page = first_visit(context, root, timeout_ms=240_000)
        # The precache holds the current editions, not the older ones.
        stored = page.evaluate(
            "caches.keys().then(ks => Promise.all(ks.map(k => caches.open(k).then(c => c.keys())))).then(ls => ls.flat().map(r => r.url))"
        )
        assert not any("/v1.2/" in url for url in stored), "an older edition was stored on the first visit"
        page.goto(root + old_page)
        page.wait_for_function(READY)
        visited = words(page.locator("article").inner_text())
    context.set_offline(True)

    # The older edition's page, visited before, opens as it was.
    page.goto(root + old_page)
    assert words(page.locator("article").inner_text()) == visited

    # The number jump on a stored page: a current rule whose page was never
    # opened lands on the offline page, which shows that rule's text.
    page.goto(root + "index.html")
    jump(page, "424.1.a")
    page.wait_for_url(lambda url: "offline.html" in url or unquote(urlsplit(url).fragment) == "424.1.a")
    target = page.locator(".offline-rule--target")
    expect(target).to_have_count(1)
    expect(target.locator(".offline-rule__number")).to_have_text("424.1.a")
    assert words(target.inner_text()) != "424.1.a"  # the rule's text is there, not its number alone

    # Word search, from the stored index.
    page.goto(root + "index.html")
    box = page.locator("input.md-search__input")
    box.click()
    box.press_sequentially("reveal", delay=20)
    expect(page.locator("a.md-search-result__link").first).to_be_attached(timeout=30_000)
