"""Links that keep their meaning, and numbers found first, on the full-corpora
site with the real v1.2 -> v1.4 renumbering of Core Rules (Reveal: 411 -> 424).
Over http:// and from disk."""

from __future__ import annotations

import difflib
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from playwright.sync_api import expect

from rulesite.check.page import find_all, flat, parse, text

pytestmark = [pytest.mark.browser, pytest.mark.corpora]


def test_a_pinned_v12_link_forwards_to_the_same_rule_today(corpora_site, corpora_root, browse):
    page = browse(corpora_root).new_page()
    page.goto(corpora_root + "r/1.2/411.1.html")
    page.wait_for_url(lambda url: urlsplit(url).path.endswith("/riftbound/core-rules/424.html"))
    assert unquote(urlsplit(page.url).fragment) == "424.1"
    notice = page.locator(".pinned-notice")
    expect(notice).to_have_text("411.1 in v1.2, now 424.1.")
    expect(page.locator('[id="424.1"]')).to_be_in_viewport()


def test_the_copy_button_hands_out_the_pinned_link(corpora_site, corpora_origin, browse):
    corpora_root = corpora_origin + "/"
    page = browse(corpora_root, permissions=["clipboard-read", "clipboard-write"]).new_page()
    page.goto(corpora_root + "riftbound/core-rules/424.html")
    button = page.get_by_role("button", name="Copy link to rule 424.1", exact=True)
    button.click()
    copied = page.evaluate("navigator.clipboard.readText()")
    current = next(
        p.name
        for p in (corpora_site.site / "r").iterdir()
        if p.is_dir() and (p / "424.1.html").is_file() and p.name.startswith("1.4")
    )
    assert copied == corpora_root + f"r/{current}/424.1.html"
    page.goto(copied)
    page.wait_for_url(lambda url: unquote(urlsplit(url).fragment) == "424.1")
    expect(page.locator(".pinned-notice")).to_contain_text("424.1 in v1.4")


def test_a_plain_page_says_what_its_number_meant_before(corpora_site, corpora_root, browse):
    page = browse(corpora_root).new_page()
    page.goto(corpora_root + "riftbound/core-rules/411.html")
    note = page.locator("article .admonition").filter(has_text="In v1.2, 411 was Reveal")
    expect(note).to_be_visible()
    assert "424" in note.inner_text()


def test_a_preview_on_an_older_editions_page(corpora_site, corpora_root, browse):
    site = corpora_site.site
    old = sorted(
        p.relative_to(site).as_posix()
        for p in site.glob("riftbound/core-rules/v1.2/*.html")
        if 'class="ref"' in p.read_text(encoding="utf-8")
    )
    assert old, "no v1.2 page with a rule reference"
    page = browse(corpora_root).new_page()
    page.goto(corpora_root + old[0])
    ref = page.locator("article a.ref").first
    ref.scroll_into_view_if_needed()
    ref.hover()
    expect(page.locator("#rulesite-preview .rule-preview__text")).not_to_be_empty()


@pytest.mark.parametrize(
    ("query", "page_path", "anchor", "label"),
    [
        ("424.1.a", "riftbound/core-rules/424.html", "424.1.a", "Core Rules"),
        ("701.16a", "magic/comprehensive-rules/701.16.html", "701.16a", "Magic"),
        ("TR 703.4", "riftbound/tournament-rules/703.html", "703.4", "Tournament Rules"),
        ("v1.2 411.1", "riftbound/core-rules/v1.2/411.html", "411.1", "v1.2"),
    ],
)
def test_a_number_shows_that_exact_rule_first_and_enter_lands_on_it(
    corpora_site, corpora_root, browse, query, page_path, anchor, label
):
    if not (corpora_site.site / page_path).is_file():
        pytest.fail(f"the corpora site has no {page_path}")
    page = browse(corpora_root).new_page()
    page.goto(corpora_root + "index.html")
    box = page.locator("input.md-search__input")
    box.click()
    box.press_sequentially(query, delay=20)
    first = page.locator(".rulesite-jump a.rulesite-jump__link").first
    expect(first).to_be_visible(timeout=30_000)
    href = first.get_attribute("href")
    assert urlsplit(href).path.endswith("/" + page_path) and unquote(urlsplit(href).fragment) == anchor, href
    expect(first).to_contain_text(label)
    expect(first.locator(".rulesite-jump__text")).not_to_be_empty()
    box.press("Enter")
    page.wait_for_url(lambda url: urlsplit(url).path.endswith("/" + page_path) and unquote(urlsplit(url).fragment) == anchor)
    expect(page.locator(f'[id="{anchor}"]')).to_be_in_viewport()


def test_a_pinned_link_of_a_rule_whose_siblings_were_reordered_lands_on_its_text(corpora_site, corpora_root, browse):
    """v1.4 inserted a kind of triggered ability at 383.4.b, shifting v1.2's
    376.4.d down one letter: its pinned link opens the v1.4 rule that still says
    what it said, not the one at its old letter."""
    old_text = rule_text_in(corpora_site.site / "riftbound/core-rules/v1.2", "376.4.d")
    page = browse(corpora_root).new_page()
    page.goto(corpora_root + "r/1.2/376.4.d.html")
    page.wait_for_url(lambda url: "/riftbound/core-rules/" in url and "/v1.2/" not in url)
    assert unquote(urlsplit(page.url).fragment) == "383.4.e"
    expect(page.locator(".pinned-notice")).to_have_text("376.4.d in v1.2, now 383.4.e.")
    expect(page.locator('[id="383.4.e"]')).to_be_in_viewport()

    def shown(number: str) -> str:
        return page.locator(f'[id="{number}"]').inner_text().removeprefix(number).strip()

    # It reads like the old rule, more than the neighbours at its old letter and after it do.
    assert similarity(old_text, shown("383.4.e")) > 0.8
    assert similarity(old_text, shown("383.4.e")) > max(similarity(old_text, shown(n)) for n in ("383.4.d", "383.4.f"))


def rule_text_in(folder: Path, number: str) -> str:
    """A rule's text (without its number) on the built page of `folder` that holds it."""
    for path in sorted(folder.glob("*.html")):
        if f'id="{number}"' in path.read_text(encoding="utf-8"):
            tree = parse(path.read_bytes())
            (head,) = find_all(tree, "p", "rule-head", id=number)
            return flat(text(head)).removeprefix(number).strip()
    pytest.fail(f"no page under {folder} holds rule {number}")


def similarity(a: str, b: str) -> float:
    """How alike two texts are, word by word (the standard library's difflib)."""
    return difflib.SequenceMatcher(None, a.split(), b.split()).ratio()
