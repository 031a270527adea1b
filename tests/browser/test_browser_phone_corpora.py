"""In Chromium, on the full site built with the real corpora (fixture
`corpora_site`), served over http://127.0.0.1, on the phone profile of
scripts/reader_bench.py (390 × 844, touch):

- the letter bars of the glossary and card pages and the home page's lists
  are targets of at least 24 × 24 px; History links, the compare page's
  choices and a diff's filter box are at least 24 px high; no text of a page's content is under 12 px;
- a printed section shows neither copy buttons nor History rows, and shows
  its address;
- section pages, also an older edition's, link their neighbours in number
  order, in the page and in <link rel>;
- a card's short link previews as that card.
"""

from __future__ import annotations

import posixpath

import pytest
from browser_site import PHONE, Guard, normalize, serve
from playwright.sync_api import expect

from rulesite.check.page import find_all, load_page
from rulesite.common.model import sort_key
from rulesite.site_map.paths import whole_document_page

pytestmark = [pytest.mark.browser, pytest.mark.corpora]

BOXES_JS = """selector => [...document.querySelectorAll(selector)]
  .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
  .map(e => { const r = e.getBoundingClientRect(); return [r.width, r.height, e.textContent.trim().slice(0, 40)]; })"""

SMALLEST_TEXT_JS = """() => {
  const sizes = [];
  const walker = document.createTreeWalker(document.querySelector('article.md-content__inner'), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!node.textContent.trim() || !element || element.closest('.rulesite-sr-only')) continue;
    const box = element.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(element).visibility === 'hidden') continue;
    sizes.push([parseFloat(getComputedStyle(element).fontSize), element.tagName + '.' + element.className, node.textContent.trim().slice(0, 40)]);
  }
  return sizes.sort((a, b) => a[0] - b[0]);
}"""


@pytest.fixture(scope="session")
def corpora_origin(corpora_site):
    with serve(corpora_site.site) as origin:
        yield origin


@pytest.fixture
def phone(browser, corpora_origin):
    made = []

    def make():
        context = browser.new_context(
            viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2, reduced_motion="reduce"
        )
        context.set_default_timeout(20_000)
        guard = Guard(http_origin=corpora_origin)
        guard.attach(context)
        made.append((context, guard))
        return context.new_page()

    yield make
    problems = []
    for context, guard in made:
        context.close()
        problems += [f"request left the machine: {u}" for u in guard.leaks] + [f"uncaught error: {e}" for e in guard.errors]
    assert not problems, "\n".join(problems)


def _letter_page(site, folder: str) -> str:
    """A page of `folder` with a letter bar."""
    pages = sorted(p.relative_to(site).as_posix() for p in (site / folder).glob("*.html"))
    return next(p for p in pages if 'class="glossary-letters"' in (site / p).read_text(encoding="utf-8"))


def test_letter_bars_and_home_lists_are_24_px_targets(corpora_site, corpora_origin, phone):
    site = corpora_site.site
    page = phone()
    checks = [
        (_letter_page(site, "magic/comprehensive-rules/glossary"), ".glossary-letters a"),
        (_letter_page(site, "riftbound/cards"), ".glossary-letters a"),
        ("index.html", "article.md-content__inner li > a:first-child"),
    ]
    for rel, selector in checks:
        page.goto(f"{corpora_origin}/{rel}")
        boxes = page.evaluate(BOXES_JS, selector)
        assert len(boxes) > 5, (rel, selector, boxes)
        small = [b for b in boxes if b[0] < 24 or b[1] < 24]
        assert not small, (rel, selector, small[:5])


def test_history_compare_and_diff_controls_are_24_px_high(corpora_site, corpora_origin, phone):
    site = corpora_site.site
    page = phone()
    # A rule's History, opened: each edition's link is a target of its own.
    page.goto(f"{corpora_origin}/riftbound/core-rules/424.html")
    history = page.locator("details.history").first
    history.locator("summary").tap()
    expect(history.locator("a").first).to_be_visible()
    page.wait_for_timeout(300)  # history.js lays the rows out
    boxes = page.evaluate(BOXES_JS, "details.history[open] a")
    assert boxes and not [b for b in boxes if b[1] < 24], boxes[:5]
    # The compare page's choices and its button; a diff part's filter box.
    compare = next(p.relative_to(site).as_posix() for p in sorted(site.glob("riftbound/core-rules/changes/compare.html")))
    page.goto(f"{corpora_origin}/{compare}")
    boxes = page.evaluate(BOXES_JS, "article select, article button[data-compare-go]")
    assert len(boxes) >= 3 and not [b for b in boxes if b[1] < 24], boxes
    part = next(
        p
        for p in sorted(site.glob("riftbound/core-rules/changes/*/*.html"))
        if "data-diff-filter" in p.read_text(encoding="utf-8")
    )
    page.goto(f"{corpora_origin}/{part.relative_to(site).as_posix()}")
    boxes = page.evaluate(BOXES_JS, "input[data-diff-filter]")
    assert boxes and not [b for b in boxes if b[1] < 24], boxes


def test_no_text_under_12_px_on_a_phone(corpora_site, corpora_origin, phone):
    site = corpora_site.site
    pages = [
        "riftbound/core-rules/424.html",  # a source line with its file name in code
        "riftbound/core-rules/v1.2/411.html",  # History lines
        _letter_page(site, "riftbound/cards"),
        _letter_page(site, "magic/comprehensive-rules/glossary"),
        "index.html",
    ]
    page = phone()
    seen = set()
    for rel in pages:
        page.goto(f"{corpora_origin}/{rel}")
        sizes = page.evaluate(SMALLEST_TEXT_JS)
        assert sizes and sizes[0][0] >= 12, (rel, sizes[:5])
        seen |= {s[1].split(".")[0] for s in sizes}
    assert {"CODE", "SUMMARY"} <= seen, seen


def test_a_printed_section_has_no_copy_buttons_or_history_rows_and_its_address(corpora_origin, phone):
    rel = "riftbound/core-rules/424.html"
    page = phone()
    page.goto(f"{corpora_origin}/{rel}")
    expect(page.locator("details.history").first).to_be_visible()
    expect(page.locator("button.rule-copy").first).to_be_visible()
    page.emulate_media(media="print")
    for hidden in ("details.history", "button.rule-copy", ".md-header", ".section-nav"):
        assert page.locator(hidden).evaluate_all("es => es.filter(e => e.checkVisibility()).length") == 0, hidden
    expect(page.locator("article.md-content__inner .rule").first).to_be_visible()
    expect(page.locator(".rulesite-print-address")).to_have_text(f"{corpora_origin}/{rel}")


@pytest.mark.parametrize("folder", ["riftbound/core-rules", "riftbound/core-rules/v1.2", "magic/comprehensive-rules"])
def test_section_neighbours_follow_number_order(corpora_site, folder):
    site = corpora_site.site
    pages = sorted(
        # The whole document's page (all.html) shows rules too, but is no section: no neighbours.
        (
            p.name
            for p in (site / folder).glob("*.html")
            if 'name="rulesite:cite"' in p.read_text(encoding="utf-8")
            and p.stem != posixpath.basename(whole_document_page(*folder.split("/", 2))).removesuffix(".md")
        ),
        key=lambda name: sort_key(name[:-5]),
    )
    assert len(pages) > 10, (folder, pages[:5])
    for before, here, after in zip(pages, pages[1:], pages[2:]):
        root = load_page(site, f"{folder}/{here}").root
        heads = {link.get("rel"): link.get("href") for link in find_all(root, "link") if link.get("rel") in ("prev", "next")}
        assert heads == {"prev": before, "next": after}, (here, heads)
        nav = {a.get("rel"): a.get("href") for n in find_all(root, "nav", "section-nav") for a in find_all(n, "a")}
        assert nav == heads, (here, nav)


def test_titles_name_game_and_document_and_a_card_link_previews_the_card(corpora_site, corpora_origin, phone):
    site = corpora_site.site
    page = phone()
    page.goto(f"{corpora_origin}/riftbound/core-rules/424.html")
    assert page.title() == "424 Reveal · Riftbound Core Rules - Rules reference"
    page.goto(f"{corpora_origin}/riftbound/core-rules/v1.2/411.html")
    assert page.title().startswith("411 ") and "· Riftbound Core Rules - " in page.title(), page.title()
    # A card's short page: its own name and text, forwarding to the card.
    short = sorted((site / "r/card").glob("*.html"))[0]
    head = {
        m.get("property") or m.get("name"): m.get("content")
        for m in find_all(load_page(site, f"r/card/{short.name}").root, "meta")
    }
    card_id = short.name[:-5]
    target = next(a.get("href") for a in find_all(load_page(site, f"r/card/{short.name}").root, "a"))
    card_page = posixpath.normpath(posixpath.join("r/card", target.split("#")[0]))
    card = next(e for e in find_all(load_page(site, card_page).root, "h2", "card") if e.get("id") == card_id)
    # The card's name, then its game and document ("Blazing Scorcher · Riftbound cards").
    assert head["og:title"] == normalize("".join(card.itertext()).replace("§", "")) + " · Riftbound cards", (head, card_id)
    assert head["og:description"], head
