"""In Chromium, on the seed site over http://127.0.0.1, with the phone profile
of scripts/reader_bench.py (390 × 844, touch) where a phone matters:

- a first tap on a rule reference shows its preview with an "Open" link, and
  does not leave the page; a second tap, or "Open", opens it; a mouse click
  opens it at once, as before;
- copy and previous/next controls are at least 24 × 24 px; no text of a page's
  content is under 12 px;
- "copy with citation" copies a rule's, a ruling's and a FAQ answer's text
  with its number or title, its document and edition, and its short link;
- section pages link their previous and next sections, which Material's keys
  n and p follow, and not while the reader types in the search box;
- printed, a section shows its text and its address, not the header,
  navigation or copy buttons;
- a section's title names its game and document.
"""

from __future__ import annotations

import posixpath
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from browser_site import DESKTOP, Guard, PHONE, html_pages, links, normalize, read, rules
from rulesite.check.page import find_all, load_page
from rulesite.site_map.paths import whole_document_page

pytestmark = pytest.mark.browser

PREVIEW = "#rulesite-preview"

# The smallest computed font size of the visible text of a page's content.
SMALLEST_TEXT_JS = """() => {
  const article = document.querySelector('article.md-content__inner');
  const sizes = [];
  const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!node.textContent.trim() || !element || element.closest('.rulesite-sr-only')) continue;
    const box = element.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(element).visibility === 'hidden') continue;
    sizes.push([parseFloat(getComputedStyle(element).fontSize), element.tagName + '.' + element.className, node.textContent.trim().slice(0, 40)]);
  }
  sizes.sort((a, b) => a[0] - b[0]);
  return sizes;
}"""

# The boxes of the visible elements a selector matches: [width, height, words].
BOXES_JS = """selector => [...document.querySelectorAll(selector)]
  .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
  .map(e => { const r = e.getBoundingClientRect(); return [r.width, r.height, (e.textContent || e.getAttribute('aria-label') || '').trim().slice(0, 40)]; })"""

# The text of a rule as its page shows it, without its number and controls.
RULE_TEXT_JS = """number => {
  const rule = document.querySelector(`.rule[data-rule="${CSS.escape(number)}"]`) || document.getElementById(number).closest('.rule');
  const head = (rule.querySelector(':scope > .rule-head') || rule.querySelector(':scope > p')).cloneNode(true);
  head.querySelectorAll('.rule-number, .rule-copy, .rule-copy-manual, .headerlink').forEach(e => e.remove());
  return head.textContent.replace(/\\s+/g, ' ').trim();
}"""


@pytest.fixture
def phone(browser, http_origin):
    """A phone: 390 × 844, touch, every request checked as `browse` does."""
    made = []

    def make(permissions=None):
        context = browser.new_context(
            viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2, reduced_motion="reduce"
        )
        context.set_default_timeout(15_000)
        guard = Guard(http_origin=http_origin)
        guard.attach(context)
        if permissions:
            context.grant_permissions(permissions, origin=http_origin)
        made.append((context, guard))
        return context.new_page()

    yield make
    problems = []
    for context, guard in made:
        context.close()
        problems += [f"request left the machine: {u}" for u in guard.leaks] + [f"uncaught error: {e}" for e in guard.errors]
    assert not problems, "\n".join(problems)


# The page showing a whole document (`all.html`): it shows rules too, but is no
# section: it has no number, no neighbours, and a title of its own.
WHOLE = posixpath.basename(whole_document_page("game", "document")).removesuffix(".md") + ".html"


def section_pages(site) -> list[str]:
    """The pages that show a section's rules (they cite them: <meta name="rulesite:cite">)."""
    found = []
    for page in html_pages(site):
        text = read(site, page)
        if 'name="rulesite:cite"' in text and 'class="rule ' in text:
            found.append(page)
    assert found, "the seed site has no section page"
    return found


def other_page_links(site):
    """Rule and keyword links of the English site to a rule on another of its pages."""
    others = {worker.parent.name for worker in site.glob("*/sw.js")}  # the other languages' sites

    def english(page: str) -> bool:
        return page.split("/")[0] not in others

    found = [
        link
        for kind in ("ref", "keyword")
        for link in links(site, kind)
        if link.target_page != link.page and english(link.page) and english(link.target_page)
    ]
    assert found, "the seed site has no link to a rule on another page"
    return found


# --------------------------------------------------------------------------
# Touch: a first tap previews, a second opens


def _link(page, link):
    return page.locator(f'article a[href="{link.href}"]').first


def test_first_tap_previews_and_second_tap_opens(built_site, http_origin, phone):
    link = other_page_links(built_site.site)[0]
    page = phone()
    page.goto(f"{http_origin}/{link.page}")
    here = page.url
    target = _link(page, link)
    # The first tap of the page: previews.js is not there yet, the tap is held for it.
    target.tap()
    preview = page.locator(PREVIEW)
    expect(preview).to_be_visible()
    expect(preview).to_contain_text(link.rule)
    page.wait_for_timeout(400)  # a navigation would have started by now
    assert page.url == here
    opener = preview.get_by_role("link", name=f"Open {link.rule}")
    expect(opener).to_be_visible()
    box = opener.bounding_box()
    assert box["width"] >= 24 and box["height"] >= 24, box
    # The second tap opens the rule.
    with page.expect_navigation():
        target.tap()
    assert urlsplit(page.url).path.endswith("/" + link.target_page), page.url


def test_open_in_a_tapped_preview_opens_it_and_a_tap_elsewhere_closes_it(built_site, http_origin, phone):
    link = other_page_links(built_site.site)[0]
    page = phone()
    page.goto(f"{http_origin}/{link.page}")
    target = _link(page, link)
    target.tap()
    preview = page.locator(PREVIEW)
    expect(preview).to_be_visible()
    page.locator("article.md-content__inner h1").tap()
    expect(preview).to_be_hidden()
    # Tapped again it previews again (previews.js is loaded now: its own handler).
    target.tap()
    expect(preview).to_be_visible()
    with page.expect_navigation():
        preview.get_by_role("link", name=f"Open {link.rule}").tap()
    parts = urlsplit(page.url)
    assert parts.path.endswith("/" + link.target_page) and parts.fragment == link.anchor, page.url


def test_a_mouse_click_on_a_reference_opens_it_at_once(built_site, http_origin, browser):
    link = other_page_links(built_site.site)[0]
    context = browser.new_context(viewport=DESKTOP)
    guard = Guard(http_origin=http_origin)
    guard.attach(context)
    try:
        page = context.new_page()
        page.goto(f"{http_origin}/{link.page}")
        with page.expect_navigation():
            _link(page, link).click()
        assert urlsplit(page.url).path.endswith("/" + link.target_page), page.url
    finally:
        context.close()
    assert not guard.leaks and not guard.errors, (guard.leaks, guard.errors)


# --------------------------------------------------------------------------
# Target sizes and text sizes


def test_copy_and_section_controls_are_at_least_24_px(built_site, http_origin, phone):
    page = phone()
    checked = 0
    for rel in section_pages(built_site.site):
        page.goto(f"{http_origin}/{rel}")
        expect(page.locator("button.rule-copy").first).to_be_attached()
        for selector in ("button.rule-copy", ".section-nav a", "article li > a:first-child"):
            boxes = page.evaluate(BOXES_JS, selector)
            small = [b for b in boxes if b[0] < 24 or b[1] < 24]
            assert not small, (rel, selector, small)
            checked += len(boxes)
    assert checked > 20, checked


def test_no_text_of_a_page_is_under_12_px(built_site, http_origin, phone):
    page = phone()
    pages = ["index.html", *section_pages(built_site.site)]
    pages += [p for p in html_pages(built_site.site) if p.startswith("riftbound/rulings/") and not p.endswith("index.html")][:1]
    code_seen = False
    for rel in pages:
        page.goto(f"{http_origin}/{rel}")
        sizes = page.evaluate(SMALLEST_TEXT_JS)
        assert sizes, rel
        assert sizes[0][0] >= 12, (rel, sizes[:5])
        code_seen |= any(s[1].startswith("CODE") for s in sizes)
    assert code_seen, "no page showed code text: the measure missed what it is for"


# --------------------------------------------------------------------------
# Copy with citation


def _meta(site, rel, name) -> str:
    return next(m.get("content") for m in find_all(load_page(site, rel).root, "meta") if m.get("name") == name)


def test_copy_with_citation_copies_a_rules_text_number_document_edition_and_link(built_site, http_origin, phone):
    site = built_site.site
    rel = next(
        p
        for p in section_pages(site)
        if p.split("/")[0] not in {w.parent.name for w in site.glob("*/sw.js")} and any(r.short for r in rules(site, p))
    )
    rule = next(r for r in rules(site, rel) if r.short and r.depth >= 3)
    cite = _meta(site, rel, "rulesite:cite")
    page = phone(permissions=["clipboard-read", "clipboard-write"])
    page.goto(f"{http_origin}/{rel}")
    button = page.get_by_role("button", name=f"Copy rule {rule.number} with its citation", exact=True)
    expect(button).to_have_count(1)
    box = button.bounding_box()
    assert box["width"] >= 24 and box["height"] >= 24, box
    button.click()
    expect(button).to_have_class("rule-copy rule-cite is-copied")
    copied = page.evaluate("navigator.clipboard.readText()").split("\n")
    text = page.evaluate(RULE_TEXT_JS, rule.number)
    assert copied == [f"{rule.number} {text}", f"\u2014 {cite}, rule {rule.number}", f"{http_origin}/{rule.short}"], copied
    # The document is named with its game (and the edition, where the page has one).
    assert cite.startswith("Riftbound Core Rules"), cite
    # The link copied lands on the rule.
    page.goto(copied[-1])
    page.wait_for_url(lambda url: urlsplit(url).fragment == rule.number)


def test_copy_with_citation_of_a_ruling_and_a_faq_answer(built_site, http_origin, phone):
    site = built_site.site
    ruling_page = next(p for p in html_pages(site) if p.startswith("riftbound/rulings/") and 'class="ruling"' in read(site, p))
    ruling = next(div for div in find_all(load_page(site, ruling_page).root, "div", "ruling"))
    page = phone(permissions=["clipboard-read", "clipboard-write"])
    page.goto(f"{http_origin}/{ruling_page}")
    button = page.get_by_role("button", name=f"Copy ruling {ruling.get('id')} with its citation", exact=True)
    button.click()
    # The first use loads cite.js, then copies: done when the button says so.
    expect(button).to_have_class("rule-copy rule-cite rule-copy--ruling is-copied")
    copied = page.evaluate("navigator.clipboard.readText()").split("\n")
    words = normalize(page.locator("div.ruling").evaluate("e => e.querySelector('p').textContent"))
    title = normalize(page.locator("article.md-content__inner h1").evaluate("e => e.firstChild.textContent"))
    assert copied[0].startswith(words[:60]), (copied, words)
    assert copied[-2] == f"\u2014 Riftbound Community rulings: {title}", copied
    assert copied[-1] == f"{http_origin}/{ruling.get('data-short')}", copied

    # A ruling's Sequence: each step on its own line, numbered as its page shows it.
    stepped = next(p for p in html_pages(site) if p.startswith("riftbound/rulings/") and 'id="sequence"' in read(site, p))
    page.goto(f"{http_origin}/{stepped}")
    steps = [normalize(s) for s in page.locator("div.ruling h2#sequence + ol > li").all_text_contents()]
    assert len(steps) >= 2, steps
    button = page.locator("div.ruling > button.rule-cite")
    button.click()
    expect(button).to_have_class("rule-copy rule-cite rule-copy--ruling is-copied")
    copied = page.evaluate("navigator.clipboard.readText()").split("\n")
    numbered = [line for line in copied if line[:1].isdigit() and ". " in line]
    assert numbered == [f"{i}. {step}" for i, step in enumerate(steps, 1)], (copied, steps)

    faq_page = next(p for p in section_pages(site) if 'class="faq-question"' in read(site, p))
    heading = next(h for h in find_all(load_page(site, faq_page).root, "h3", "faq-question") if h.get("data-short"))
    page.goto(f"{http_origin}/{faq_page}")
    question = normalize(page.locator(f'[id="{heading.get("id")}"]').evaluate("e => e.firstChild.textContent"))
    # Named by its question: a section's answers' buttons differ.
    buttons = page.get_by_role("button", name=f"Copy the answer with its citation: {question}", exact=True)
    expect(buttons.first).to_be_visible()
    buttons.first.click()
    expect(buttons.first).to_have_class("rule-copy rule-cite rule-copy--item is-copied")
    copied = page.evaluate("navigator.clipboard.readText()").split("\n")
    answer = normalize(page.locator(f'[id="{heading.get("id")}"] ~ .faq-answer').first.text_content())
    assert copied[:2] == [question, answer], copied
    assert copied[2] == f"\u2014 {heading.get('data-cite')}" and "Official FAQ" in copied[2], copied
    assert copied[3] == f"{http_origin}/{heading.get('data-short')}", copied


# --------------------------------------------------------------------------
# Previous and next sections


def test_section_pages_link_their_neighbours_and_keys_follow_them(built_site, http_origin, phone, browser):
    site = built_site.site
    pages = [
        p
        for p in section_pages(site)
        if p.startswith("riftbound/core-rules/") and "/v" not in p and posixpath.basename(p) != WHOLE
    ]
    assert len(pages) >= 2, pages
    first, second = sorted(pages, key=lambda p: float(posixpath.basename(p)[:-5]))[:2]
    page = phone()
    page.goto(f"{http_origin}/{first}")
    nav = page.get_by_role("navigation", name="Sections")
    next_link = nav.get_by_role("link", name="Next section")
    expect(next_link).to_have_attribute("href", posixpath.basename(second))
    second_title = normalize(load_page(site, second).root.findtext(".//title"))
    expect(next_link).to_contain_text(second_title.split(" · ")[0])
    context = browser.new_context(viewport=DESKTOP)
    guard = Guard(http_origin=http_origin)
    guard.attach(context)
    try:
        desk = context.new_page()
        desk.goto(f"{http_origin}/{first}")
        # Typing n in the search box types it, and goes nowhere.
        desk.keyboard.press("s")  # Material's key for the search box
        search = desk.locator("input.md-search__input")
        expect(search).to_be_focused()
        search.press("n")
        expect(search).to_have_value("n")
        desk.wait_for_timeout(300)
        assert desk.url == f"{http_origin}/{first}"
        desk.keyboard.press("Escape")
        desk.locator("article.md-content__inner h1").click()
        with desk.expect_navigation():
            desk.keyboard.press("n")
        assert desk.url == f"{http_origin}/{second}"
        expect(desk.get_by_role("navigation", name="Sections").get_by_role("link", name="Previous section")).to_have_attribute(
            "href", posixpath.basename(first)
        )
        with desk.expect_navigation():
            desk.keyboard.press("p")
        assert desk.url == f"{http_origin}/{first}"
    finally:
        context.close()
    assert not guard.leaks and not guard.errors, (guard.leaks, guard.errors)


# --------------------------------------------------------------------------
# Print


def test_a_printed_section_shows_its_text_and_address_only(built_site, http_origin, phone):
    rel = section_pages(built_site.site)[0]
    page = phone()
    page.goto(f"{http_origin}/{rel}?h=reveal#top")
    expect(page.locator("button.rule-copy").first).to_be_visible()
    page.emulate_media(media="print")
    expect(page.locator("article.md-content__inner .rule").first).to_be_visible()
    address = page.locator(".rulesite-print-address")
    expect(address).to_be_visible()
    expect(address).to_have_text(f"{http_origin}/{rel}#top")
    for hidden in ("button.rule-copy", ".md-header", ".md-sidebar--primary", ".section-nav", ".headerlink"):
        assert page.locator(hidden).evaluate_all("es => es.filter(e => e.checkVisibility()).length") == 0, hidden
    page.emulate_media(media="screen")
    expect(address).to_be_hidden()


# --------------------------------------------------------------------------
# Titles


def test_a_section_title_names_its_game_and_document(built_site, http_origin, phone):
    page = phone()
    pages = [p for p in section_pages(built_site.site) if posixpath.basename(p) != WHOLE]
    assert pages
    for rel in pages:
        page.goto(f"{http_origin}/{rel}")
        heading = normalize(page.locator("article.md-content__inner h1").evaluate("e => e.firstChild.textContent"))
        game = "Magic: The Gathering" if "/magic/" in f"/{rel}" else "Riftbound"
        assert page.title().startswith(f"{heading} · {game} "), (rel, page.title())
        og = page.locator('meta[property="og:title"]').get_attribute("content")
        assert og.startswith(f"{heading} · {game} "), og
