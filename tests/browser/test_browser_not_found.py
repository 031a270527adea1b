"""An unknown short or old address lands on the not-found page, which offers
the nearest rule the site has (the number, else its closest parent) and a
search, as a static host serves 404.html for any unknown path: also for a
site served from a folder of the host, at any depth below it."""

from __future__ import annotations

import shutil
from urllib.parse import unquote, urlsplit

import pytest
from playwright.sync_api import expect

from browser_site import rules, serve
from buildutil import run_build

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


@pytest.mark.parametrize(
    ("address", "number"),
    [
        ("riftbound/core-rules/832.html.bak", "832"),
        ("riftbound/core-rules/832.1.c.html", "832.1.c"),
        ("riftbound/core-rules/v1.2/832.1.HTM", "832.1"),
        ("riftbound/core-rules/832/", "832"),
        ("r/1.2/832.1html)", "832.1"),
    ],
)
def test_the_number_is_read_without_its_file_ending(built_site, host, browse, address, number):
    """The page says, in words, the number it read from the address, and
    searches for that number, not for "832.html" (names.number_in_address)."""
    from rulesite.common.names import number_in_address

    assert number_in_address(address.rstrip("/").rsplit("/", 1)[-1]) == number
    page = browse(host + "/").new_page()
    page.goto(f"{host}/{address}")
    expect(page.locator(".not-found-understood")).to_have_text(f"This address names rule {number}.")
    expect(page.locator(".not-found-nearest a")).to_contain_text(number)
    search = urlsplit(page.locator("a.not-found-search").get_attribute("href"))
    assert search.path == "/index.html" and search.query == f"q={number}"
    # The search it offers opens with that number.
    page.locator("a.not-found-search").click()
    page.wait_for_url(lambda url: urlsplit(url).query == f"q={number}")


def test_an_address_naming_no_number_offers_no_rule(host, browse):
    page = browse(host + "/").new_page()
    page.goto(f"{host}/riftbound/core-rules/nothing-here.html")
    expect(page.locator("h1")).to_have_text("Page not found")
    assert page.locator(".not-found-understood").count() == 0
    assert page.locator(".not-found-nearest").is_hidden()


@pytest.fixture(scope="module", params=["without a site_url", "with its site_url"])
def sub_path_host(request, built_site, repo_root, tmp_path_factory):
    """The site served from a folder of the host, /rules/, the host answering
    404.html for any missing file under it: built without a site_url (the
    page finds its folder), or with one naming that folder (MkDocs names the
    page's files from its path)."""
    served = tmp_path_factory.mktemp("sub-path-host")
    site = built_site.site
    if request.param == "with its site_url":
        root = tmp_path_factory.mktemp("site-url-build")
        shutil.copytree(repo_root / "rules_src", root / "rules_src")
        result = run_build(repo_root, root, "--site-url", "https://example.org/rules/")
        assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
        site = root / "site"
        assert 'href="/rules/assets/rules.css"' in (site / "404.html").read_text(encoding="utf-8")
    (served / "rules").symlink_to(site, target_is_directory=True)
    with serve(served, not_found_page="rules/404.html") as origin:
        yield origin


@pytest.mark.parametrize(
    "address",
    [
        "rules/832.1.c.9.html",
        "rules/r/832.1.c.9.html",
        "rules/riftbound/core-rules/832.1.c.9.html",
        "rules/riftbound/core-rules/v9.9/832.1.c.9.html",
    ],
)
def test_served_from_a_sub_path_the_page_is_styled_and_its_links_stay_there(sub_path_host, browse, address):
    """At any depth: the site's stylesheets apply (Material's fixed header, our
    own rules), the nearest rule opens on the site, the search link opens the
    site's search with the number alone, and the page's other links stay in /rules/."""
    section = "/rules/riftbound/core-rules/832.html"
    page = browse(sub_path_host + "/").new_page()
    response = page.goto(f"{sub_path_host}/{address}")
    assert response.status == 404
    nearest = page.locator(".not-found-nearest a")
    expect(nearest).to_contain_text("832.1.c ·")
    assert page.locator(".md-header").evaluate("e => getComputedStyle(e).position") == "sticky"
    assert page.evaluate("() => [...document.styleSheets].some(s => (s.href || '').endsWith('/rules/assets/rules.css'))")
    expect(page.locator(".not-found-understood")).to_have_text("This address names rule 832.1.c.9.")
    search = urlsplit(page.locator("a.not-found-search").get_attribute("href"))
    assert search.path == "/rules/index.html" and search.query == "q=832.1.c.9"
    hrefs = page.locator("a[href]").evaluate_all("links => links.map(a => new URL(a.href).pathname)")
    assert hrefs and all(h.startswith("/rules/") for h in hrefs), [h for h in hrefs if not h.startswith("/rules/")]
    nearest.click()
    page.wait_for_url(lambda url: urlsplit(url).path == section)
    assert unquote(urlsplit(page.url).fragment) == "832.1.c"
    page.go_back()
    page.locator("a.not-found-search").click()
    page.wait_for_url(lambda url: urlsplit(url).path == "/rules/index.html")
    expect(page.locator("input.md-search__input")).to_have_value("832.1.c.9")
