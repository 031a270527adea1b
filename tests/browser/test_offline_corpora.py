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

import re
from urllib.parse import unquote, urlsplit

import pytest
from playwright.sync_api import expect

from browser_site import READY, first_visit, serve

pytestmark = [pytest.mark.browser, pytest.mark.corpora]

# A current section with FAQ answers and rulings, never opened before the network goes.
SECTION = ("riftbound/core-rules/424.html", "424.1")
TITLE = "424 Reveal"
# A keyword one of its FAQ answers links, and the section it opens.
LINKED, LINKED_PAGE, LINKED_TITLE = "Kill", "riftbound/core-rules/428.html", "428 Kill"
SEARCHED = "reveal"
# A ruling and a card never opened.
RULING = "riftbound/rulings/fox-fire-can-have-zero-targets.html"
CARD = ("riftbound/cards/z.html", "ogn-077-298", "Zhonya's Hourglass")


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


def test_a_never_visited_section_opens_offline_as_its_page_shows_it(corpora_site, open_context):
    """After the first visit, with the network gone: a current section never
    opened shows, on the offline page, its rules with their links, examples and
    History (rows from the stored history file), the FAQ answers that sit with it
    and the rulings that concern it, as its page shows them; a link of its text
    to another section never opened opens that one the same way; a card and a
    ruling never opened show their texts, errata and links likewise; and a word
    search's result lands there too."""
    site = corpora_site.site
    page_name, anchor = SECTION
    built = (site / page_name).read_text(encoding="utf-8")
    assert 'id="related-faq"' in built and 'id="rulings"' in built, f"{page_name} has no FAQ answers or rulings to show"
    with serve(site) as origin:
        root = origin + "/"
        context = open_context(origin)
        page = first_visit(context, root, timeout_ms=240_000)
    context.set_offline(True)

    page.goto(root + page_name + "#" + anchor)
    page.wait_for_url(lambda url: "offline.html" in url)
    view = page.locator(".offline-section")
    expect(view.locator("h2")).to_have_text(TITLE)
    target = view.locator(".offline-rule--target")
    expect(target).to_have_count(1)
    expect(target.locator(".offline-rule__number")).to_have_text(anchor)
    # Its rules, as many as its page shows.
    page_rules = len(re.findall(r'<div[^>]* class="rule(?: [^"]*)?"', built))
    assert page_rules > 10
    expect(view.locator(".offline-rule")).to_have_count(page_rules)
    # The FAQ answers sitting with it, with their links, and the rulings that concern it, by title.
    faqs = len(re.findall(r'class="faq-question', built))
    assert faqs
    expect(view.locator(".faq-question")).to_have_count(faqs)
    expect(view.locator(".faq-answer a", has_text=LINKED)).not_to_have_count(0)
    rulings = view.locator("h3", has_text="Rulings")
    expect(rulings).to_have_count(1)
    expect(rulings.locator("xpath=following-sibling::ul[1]/li/a").first).to_have_attribute(
        "href", re.compile(r"/riftbound/rulings/")
    )
    # The History, its rows from the stored history file.
    history = target.locator("details.offline-history")
    history.locator("summary").click()
    expect(history.locator("li").first).to_be_visible()
    expect(history.locator("li a").first).to_have_attribute("href", re.compile(r"^http://127\.0\.0\.1:\d+/"))

    # A link of its text to another section never opened: shown the same way.
    other = view.locator(".faq-answer a", has_text=LINKED).first
    other.click()
    page.wait_for_url(lambda url: "offline.html" in url and LINKED_PAGE in unquote(url))
    expect(page.locator(".offline-section h2")).to_have_text(LINKED_TITLE)

    # A card never opened: its text, its errata, and the rulings, answers and errata naming it, linked.
    page.goto(root + CARD[0] + "#" + CARD[1])
    page.wait_for_url(lambda url: "offline.html" in url)
    card = page.locator(".offline-section .offline-target")
    expect(card).to_have_text(CARD[2])
    expect(card).to_have_attribute("id", CARD[1])
    # Its own errata and list: the next ones after its name (before the next card's).
    expect(card.locator("xpath=following-sibling::h4[1]")).to_contain_text("Errata")
    named = card.locator("xpath=following-sibling::h3[1]")
    expect(named).to_have_text("Rulings, FAQ answers and errata")
    expect(named.locator("xpath=following-sibling::ul[1]/li/a", has_text="Hidden Zhonya")).not_to_have_count(0)

    # A ruling never opened: its answer, its steps or nuances, and the rules it concerns, linked.
    page.goto(root + RULING)
    page.wait_for_url(lambda url: "offline.html" in url)
    ruling = page.locator(".offline-section")
    expect(ruling.locator(".ruling-answer")).to_contain_text("Ruling:")
    concerns = ruling.locator("h3", has_text="Concerns")
    expect(concerns).to_have_count(1)
    expect(concerns.locator("xpath=following-sibling::ul[1]/li/a").first).to_have_attribute(
        "href", re.compile(r"/riftbound/core-rules/\d+\.html")
    )

    # A word search's result lands on the same view.
    page.goto(root + "index.html")
    box = page.locator("input.md-search__input")
    box.click()
    box.press_sequentially(SEARCHED, delay=20)
    result = page.locator("a.md-search-result__link", has_text=TITLE).first
    result.click()
    page.wait_for_url(lambda url: "offline.html" in url)
    expect(page.locator(".offline-section h2")).to_have_text(TITLE)
