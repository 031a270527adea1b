"""In Chromium, on the full site built with the real corpora (fixture
`corpora_site`): each document whole on one page (render/whole_document.py)
and "copy with citation" of what a judge pastes.

- the current Core Rules and Tournament Rules each have a whole page, linked
  from their contents, whose anchors are exactly their section pages'
  anchors (sections, rules, examples);
- a pasted link to a rule deep in the whole page lands on it, below the
  header, highlighted; its references preview the rule they name;
- copy with citation of a ruling numbers its steps as its page does, names
  the rules version it was reviewed against, and writes card symbols in words.
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from browser_site import html_pages, ids_of, normalize, read
from phone import on_screen_below_header

pytestmark = [pytest.mark.browser, pytest.mark.corpora]

# The ids a pasted link aims at: a section, a rule, a rule's example.
ANCHOR = re.compile(r"^\d[0-9A-Za-z.]*(-example-\d+)?$")
SECTION_PAGE = re.compile(r"^\d[0-9A-Za-z.]*\.html$")


def section_pages(site, folder: str) -> list[str]:
    """The section pages of a document's plain folder (no forwarding alias: those are under v…/)."""
    return [p for p in html_pages(site) if p.startswith(folder) and SECTION_PAGE.match(p[len(folder) :])]


@pytest.mark.parametrize("document", ["core-rules", "tournament-rules"])
def test_the_whole_page_has_the_section_pages_anchors(corpora_site, document):
    site = corpora_site.site
    folder = f"riftbound/{document}/"
    pages = section_pages(site, folder)
    assert len(pages) > 10, pages
    expected: set[str] = set()
    for page in pages:
        expected |= {i for i in ids_of(read(site, page)) if ANCHOR.match(i)}
    whole = read(site, folder + "all.html")
    found = {i for i in ids_of(whole) if ANCHOR.match(i)}
    assert found == expected, (sorted(expected - found)[:10], sorted(found - expected)[:10])
    # Every rule once, as many as the section pages hold.
    assert whole.count('class="rule-head"') == sum(read(site, p).count('class="rule-head"') for p in pages)
    # The contents page links it.
    assert 'href="all.html"' in read(site, folder + "index.html")


def _deep_rule(site, document: str) -> str:
    """A rule far down the current edition's whole page."""
    numbers = re.findall(r'<p class="rule-head" id="([^"]+)"', read(site, f"riftbound/{document}/all.html"))
    return numbers[len(numbers) * 9 // 10]


@pytest.mark.parametrize("document", ["core-rules", "tournament-rules"])
def test_a_pasted_link_lands_on_the_rule_below_the_header(corpora_site, corpora_root, browse, document):
    number = _deep_rule(corpora_site.site, document)
    page = browse(corpora_root).new_page()
    page.goto(f"{corpora_root}riftbound/{document}/all.html#{number}")
    page.wait_for_load_state("load")
    head = page.locator(f'[id="{number}"]')
    expect(head).to_be_in_viewport()
    problems = [p for p in on_screen_below_header(page, head) if "live region" not in p]
    assert not problems, problems
    # Highlighted as on its section page (rules.css: the rule holding the :target).
    outline = head.evaluate("e => getComputedStyle(e.closest('.rule')).outlineStyle")
    assert outline == "solid", outline


def test_references_on_the_whole_page_preview_their_rule(corpora_site, corpora_root, browse):
    page = browse(corpora_root).new_page()
    page.goto(corpora_root + "riftbound/core-rules/all.html")
    page.wait_for_load_state("load")
    # A reference to a rule (a number with a dot), not to a whole section.
    ref = page.locator('article a.ref[data-rule*="."]').nth(20)
    number = ref.get_attribute("data-rule")
    ref.scroll_into_view_if_needed()
    ref.hover()
    preview = page.locator("#rulesite-preview")
    # The first hover loads previews.js, then the linked page's preview file: a big page on a busy machine is slow.
    expect(preview).to_be_visible(timeout=15_000)
    expect(preview).to_have_attribute("role", "tooltip")
    expect(preview.locator(".rule-preview__number")).to_have_text(number)
    expect(preview.locator(".rule-preview__text")).not_to_be_empty()
    # The link opens the rule on its section page.
    href = ref.get_attribute("href")
    assert re.match(r"^[0-9.]+\.html#", href), href


def test_copy_with_citation_of_a_ruling_numbers_its_steps_and_names_its_review(corpora_site, corpora_origin, browse):
    site = corpora_site.site
    rulings = [p for p in html_pages(site) if p.startswith("riftbound/rulings/") and not p.endswith("index.html")]
    # A ruling with a Sequence whose words quote card symbols.
    chosen = next(
        p for p in rulings if 'id="sequence"' in (text := read(site, p)) and 'data-reviewed="' in text and 'class="symbol' in text
    )
    reviewed = re.search(r'data-reviewed="([^"]+)"', read(site, chosen)).group(1)
    page = browse(corpora_origin + "/", permissions=["clipboard-read", "clipboard-write"]).new_page()
    page.goto(f"{corpora_origin}/{chosen}")
    steps = [
        normalize(s)
        for s in page.locator("div.ruling h2#sequence + ol > li").evaluate_all(
            """items => items.map(li => {
          const copy = li.cloneNode(true);
          copy.querySelectorAll('.symbol[aria-label]').forEach(s => s.replaceWith('[' + s.getAttribute('aria-label') + ']'));
          return copy.textContent;
        })"""
        )
    ]
    assert len(steps) >= 2, steps
    button = page.locator("div.ruling > button.rule-cite")
    button.click()
    expect(button).to_have_class(re.compile(r"\bis-copied\b"))
    copied = page.evaluate("navigator.clipboard.readText()").split("\n")
    numbered = [line for line in copied if re.match(r"^\d+\. ", line)]
    assert numbered == [f"{i}. {step}" for i, step in enumerate(steps, 1)], (copied, steps)
    assert f"Reviewed against Core Rules v{reviewed}" in copied, copied
    # Card symbols in words, never their signs or shorthand.
    text = "\n".join(copied)
    assert re.search(r"\[(\d+ Energy|Power of [^\]]+|Might|Exhaust|\w+ Power|then)\]", text), text
    assert not re.search(r"[✦◆⚔⤵●→]|\[(?:\d{1,2}|[ACMSETRGBOPY>])\]", text), text


def test_copy_with_citation_of_a_faq_answer_writes_symbols_in_words(corpora_site, corpora_origin, browse):
    site = corpora_site.site
    answers = json.loads((site / "data/riftbound/faq.json").read_text(encoding="utf-8"))["answers"]
    # An answer quoting card text with symbols (the data keep the shorthand: "[1][C], [E] Kill ...").
    faq = next(f for f in answers if re.search(r"\[\d\]", f["answer"]) and "[E]" in f["answer"])
    page = browse(corpora_origin + "/", permissions=["clipboard-read", "clipboard-write"]).new_page()
    page.goto(f"{corpora_origin}/{faq['url']}")
    anchor = faq["url"].split("#", 1)[1]
    answer = page.locator(f'[id="{anchor}"]').locator("xpath=following-sibling::p[contains(@class, 'faq-answer')][1]")
    labels = answer.locator(".symbol").evaluate_all("ss => ss.map(s => s.getAttribute('aria-label'))")
    assert labels, faq["answer"][:200]
    button = page.locator(f'[id="{anchor}"] + button.rule-copy + button.rule-cite')
    button.click()
    expect(button).to_have_class(re.compile(r"\bis-copied\b"))
    text = page.evaluate("navigator.clipboard.readText()")
    for label in labels:
        assert f"[{label}]" in text, (label, text)
    assert not re.search(r"[✦◆⚔⤵●→]|\[(?:\d{1,2}|[ACMSETRGBOPY>])\]", text), text
