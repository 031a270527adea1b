"""The seed site as each engine builds it (`rulesite build --engine`: MkDocs,
ProperDocs, Zensical), in Chromium over http: the header and its search box,
the language switch, a rule's preview, copy with citation, a pinned link's
notice, the offline app's registration, no Content Security Policy violation
or console error, no request off the machine (the `browse` guard), and axe
finds no serious violation."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser_site import READY, serve
from test_browser_a11y import serious
from test_browser_content_policy import LISTEN, section_page, violations, watched

pytestmark = pytest.mark.browser

SECTION = "riftbound/core-rules/424.html"


@pytest.fixture(scope="session")
def engine_origin(engine_site):
    """The engine's seed site served on 127.0.0.1."""
    with serve(engine_site.site) as origin:
        yield origin


def test_the_site_works_whichever_engine_built_it(engine_site, engine_origin, browse):
    root = engine_origin + "/"
    context = browse(root, init_script=LISTEN, permissions=["clipboard-read", "clipboard-write"])
    page = watched(context)
    page.goto(root + SECTION)
    page.wait_for_load_state("load")
    engine = engine_site.engine

    # The header: the site's name and the page's title, the search box usable.
    expect(page.locator(".md-header__title")).to_contain_text("424 Reveal")
    box = page.locator("input.md-search__input")
    box.click()
    box.press_sequentially("832", delay=20)
    result = page.locator("a.md-search-result__link").first
    expect(result).to_be_attached(timeout=20_000)
    assert "832" in result.inner_text(), engine
    page.keyboard.press("Escape")

    # The language switch keeps the page: the Spanish site lacks this section,
    # so its link is the section in English, saying it was asked for in Spanish.
    page.locator(".md-header__option .md-select").first.hover()
    spanish = page.locator(".md-select__link[hreflang=es]").first
    expect(spanish).to_have_attribute("href", root + SECTION + "?from=es", timeout=15_000)

    # A rule link's preview, on hover (on a page citing a rule of another page).
    page.goto(root + section_page(engine_site.site))
    page.locator("article a.ref").first.hover()
    expect(page.locator(".rule-preview").first).to_be_visible(timeout=15_000)
    page.goto(root + SECTION)

    # Copy with citation: the rule's text, its number and its short link.
    button = page.get_by_role("button", name="Copy rule 424.1 with its citation", exact=True)
    button.click()
    expect(button).to_have_class("rule-copy rule-cite is-copied")
    cited = page.evaluate("navigator.clipboard.readText()").split("\n")
    assert cited[0].startswith("424.1 ") and cited[1].startswith("\u2014 Riftbound Core Rules"), (engine, cited)
    assert cited[2].startswith(root + "r/"), (engine, cited)

    # The copy button's link opens the rule.
    button = page.get_by_role("button", name="Copy link to rule 424.1", exact=True)
    button.click()
    expect(button).to_have_class("rule-copy is-copied")
    page.goto(page.evaluate("navigator.clipboard.readText()"))
    page.wait_for_url(lambda url: url.endswith("#424.1"))
    expect(page.locator('[id="424.1"]')).to_be_in_viewport()

    # A pinned link's notice (pinned-notice.js), above its rule.
    page.goto(root + SECTION + "?was=v1.2:424.1&removed=v1.4#424.1")
    expect(page.locator(".pinned-notice")).to_contain_text("424.1 in v1.2 was removed in v1.4")

    # The offline app: the service worker registered, the site stored.
    page.goto(root + "index.html")
    page.wait_for_function(READY, timeout=60_000)
    assert page.evaluate("navigator.serviceWorker.getRegistration().then(r => Boolean(r))"), engine

    assert violations(page) == [], (engine, violations(page))
    assert page.errors == [], (engine, page.errors)
    for path in ["index.html", SECTION]:
        page.goto(root + path)
        page.wait_for_load_state("load")
        assert serious(page) == [], (engine, path)
