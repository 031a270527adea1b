"""Diff pages hide pure renumberings until the reader asks (assets/renumbered-toggle.js):
one click shows them, another hides them again; without JavaScript every entry
shows and no dead button is offered; a rule's history link to a renumbering
opens the diff with that entry shown. Over http:// and from disk.

Built (`rulesite build`, MkDocs strict) from two editions written for the test
(tests/read/fixtures/edition-*.rules-document.txt): v1's 200 Reveal is v2's 300
Reveal, its two rules renumbered with the same text; 101.1 is reworded; 201 Hide is added.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_site import serve
from buildutil import run_build
from playwright.sync_api import expect
from two_editions import two_editions_build

pytestmark = pytest.mark.browser

DIFF = "riftbound/core-rules/changes/v1-to-v2.html"


@pytest.fixture(scope="module")
def two_site(tmp_path_factory, repo_root) -> Path:
    """The two editions' site, shared with test_browser_history.py (tests/two_editions.py)."""
    return two_editions_build(tmp_path_factory, repo_root) / "site"


@pytest.fixture(scope="module")
def two_origin(two_site):
    with serve(two_site) as origin:
        yield origin


@pytest.fixture(params=["http", "file"])
def two_root(request, two_site) -> str:
    if request.param == "http":
        return request.getfixturevalue("two_origin") + "/"
    return two_site.resolve().as_uri() + "/"


def test_renumberings_are_hidden_until_one_click_shows_them(two_root, browse):
    page = browse(two_root).new_page()
    page.goto(two_root + DIFF)
    renumbered = page.locator("li.renumbered")
    expect(renumbered).to_have_count(2)
    button = page.locator("button[data-renumbered-toggle]")
    expect(page.get_by_role("button", name="Show 2 rules only renumbered")).to_be_visible()
    expect(button).to_have_attribute("aria-pressed", "false")
    # Hidden: the renumberings and the section holding nothing else; the real changes show.
    for i in range(2):
        expect(renumbered.nth(i)).to_be_hidden()
    expect(page.locator("section#s-300")).to_be_hidden()
    expect(page.locator("li#d-101\\.1")).to_be_visible()
    expect(page.locator("li#d-201")).to_be_visible()
    button.click()
    for i in range(2):
        expect(renumbered.nth(i)).to_be_visible()
    expect(page.locator("section#s-300 h2")).to_have_text("300 Reveal (v1: 200 Reveal)")
    expect(button).to_have_attribute("aria-pressed", "true")
    expect(button).to_have_text("Hide the 2 rules only renumbered")
    button.click()
    expect(renumbered.first).to_be_hidden()
    expect(button).to_have_attribute("aria-pressed", "false")


def test_the_toggle_works_from_the_keyboard(two_root, browse):
    page = browse(two_root).new_page()
    page.goto(two_root + DIFF)
    button = page.get_by_role("button", name="Show 2 rules only renumbered")
    button.focus()
    expect(button).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("li#d-301")).to_be_visible()
    page.keyboard.press("Space")
    expect(page.locator("li#d-301")).to_be_hidden()


def test_without_javascript_every_entry_shows_and_no_button(two_site, browser):
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(two_site.resolve().as_uri() + "/" + DIFF)
        for anchor in ("d-301", "d-301\\.1", "d-101\\.1", "d-201"):
            expect(page.locator(f"li#{anchor}")).to_be_visible()
        expect(page.locator("button[data-renumbered-toggle]")).to_be_hidden()
    finally:
        context.close()


def test_a_history_link_to_a_renumbering_shows_it(two_root, browse):
    page = browse(two_root).new_page()
    page.goto(two_root + "riftbound/core-rules/300.html")
    rule = page.locator(".rule[data-rule='301']")
    rule.locator("details.history summary").first.click()
    link = rule.locator("a.history-diff").first
    expect(link).to_have_text("changes v1 → v2")
    link.click()
    expect(page).to_have_url(two_root + DIFF + "#d-301")
    expect(page.locator("li#d-301")).to_be_visible()
    expect(page.locator("li#d-301 a").first).to_have_attribute("href", "../v1/200.html#201")


@pytest.fixture(scope="module")
def cited_site(tmp_path_factory, repo_root) -> Path:
    """Two editions whose rules 101 and 102 cite the same rules under new numbers,
    and 103 another rule (tests/cited_editions.py)."""
    from cited_editions import write_cited_editions

    root = tmp_path_factory.mktemp("cited-editions")
    (root / "rules_src").mkdir()
    write_cited_editions(root / "rules_src")
    result = run_build(repo_root, root)
    assert result.returncode == 0, result.stdout + result.stderr
    return root / "site"


def test_references_renumbered_are_hidden_with_the_renumberings(cited_site, browse):
    """On the diff page and on the compare page laid out from the published
    diff (?show=data): the same counts, the rules whose cited numbers alone were
    renumbered hidden until asked, the rule citing another rule now shown."""
    root = cited_site.resolve().as_uri() + "/"
    page = browse(root).new_page()
    counts = {}
    for url in (DIFF, "riftbound/core-rules/changes/compare.html?old=v1&new=v2&show=data"):
        page.goto(root + url)
        expect(page.locator("li#d-103")).to_be_visible()
        expect(page.locator("li#d-103 .diff-cites")).to_have_text(
            "now cites 500 Modes of Play instead of 301 To reveal a card, show it …"
        )
        for anchor in ("d-101", "d-102"):
            expect(page.locator(f"li#{anchor}")).to_have_class("references renumbered")
            expect(page.locator(f"li#{anchor}")).to_be_hidden()
        button = page.get_by_role("button", name="Show 5 rules only renumbered")
        button.click()
        expect(page.locator("li#d-101")).to_be_visible()
        expect(page.locator("li#d-101")).to_contain_text("only the numbers of the rules it cites changed")
        counts[url] = page.locator(".diff-counts").first.inner_text()
    assert len(set(counts.values())) == 1 and "2 with references renumbered" in counts[DIFF], counts


def test_a_history_sits_with_its_own_rule_not_the_next(cited_site, browse):
    """Above a linked rule, the previous rule's History reads as that rule's:
    indented under it and nearer to it than to the linked rule."""
    root = cited_site.resolve().as_uri() + "/"
    page = browse(root).new_page()
    page.goto(root + "riftbound/core-rules/v1/100.html#102")
    previous, linked = page.locator(".rule[data-rule='101']"), page.locator(".rule[data-rule='102']")
    expect(linked).to_be_visible()
    head = previous.locator(".rule-head").bounding_box()
    history = previous.locator("details.history").bounding_box()
    below = linked.bounding_box()
    assert history["x"] > head["x"], "the History is not indented under its rule"
    to_own = history["y"] - (head["y"] + head["height"])
    to_next = below["y"] - (history["y"] + history["height"])
    assert to_next > to_own + 4, f"the History is {to_own:.1f} px below its rule and {to_next:.1f} px above the next"
