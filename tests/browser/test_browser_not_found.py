"""An unknown short or old address lands on the not-found page, which offers
the nearest rule the site has (the number, else its closest parent) and a
search, as a static host serves 404.html for any unknown path."""

from __future__ import annotations

from urllib.parse import unquote, urlsplit

import pytest
from playwright.sync_api import expect

from browser_site import rules, serve

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def host(built_site):
    with serve(built_site.site, not_found_page=True) as origin:
        yield origin


def test_an_unknown_rule_address_offers_its_nearest_rule(built_site, host, browse):
    section = "riftbound/core-rules/832.html"
    numbers = [r.number for r in rules(built_site.site, section)]
    assert "832.1" in numbers and "832.1.zz" not in numbers
    page = browse(host + "/").new_page()
    response = page.goto(host + "/r/832.1.zz.html")
    assert response.status == 404
    nearest = page.locator(".not-found-nearest a")
    expect(nearest).to_contain_text("832.1")
    nearest.click()
    page.wait_for_url(lambda url: urlsplit(url).path.endswith("/" + section))
    assert unquote(urlsplit(page.url).fragment) == "832.1"
    expect(page.locator('[id="832.1"]')).to_be_in_viewport()


def test_the_not_found_page_searches_for_the_number(built_site, host, browse):
    page = browse(host + "/").new_page()
    page.goto(host + "/riftbound/core-rules/v9.9/832.html")
    expect(page.locator(".not-found-nearest a")).to_contain_text("832")
    assert "q=832" in page.locator("a.not-found-search").get_attribute("href")
