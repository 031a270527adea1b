"""The rule the reader meant, on the full-corpora site and the phone profile:
the language switch on Spanish 701.20 (Mostrar) lands on the concordance's
rule, never on English 701.20 (Shuffle); a number another language uses for
another rule stays on its rule with a notice; a pinned link's and an old
address's notices are on screen, below the header, in a live region, above
the rule they speak of; offline, a card never opened shows its text and a
History never opened opens.

Expectations come from the built pages (the concordance's link on the page,
the pinned page's own forwarding), not from numbers written here, beyond the
addresses the reports name.
"""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qs, unquote, urljoin, urlsplit

import pytest
from playwright.sync_api import expect

from browser_site import DESKTOP, READY, first_visit, read, serve
from phone import PHONE_CONTEXT, on_screen_below_header, settle, slow_down, switch_language

pytestmark = [pytest.mark.browser, pytest.mark.corpora]

MOSTRAR = "es/magic/comprehensive-rules/701.20.html"
SHUFFLE = "magic/comprehensive-rules/701.20.html"
PROFILES = {"phone": PHONE_CONTEXT, "desktop": {"viewport": DESKTOP}}


def words(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture
def reader(browser, corpora_site):
    """reader(profile, path) -> page opened at `path` of the served corpora site, settled."""
    made = []
    with serve(corpora_site.site) as origin:

        def open_at(profile: str, path: str):
            context = browser.new_context(**PROFILES[profile], reduced_motion="reduce")
            context.set_default_timeout(30_000)
            page = context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            if profile == "phone":
                slow_down(context, page)
            page.goto(f"{origin}/{path}")
            settle(page)
            made.append((context, errors))
            return page

        open_at.origin = origin
        yield open_at
    problems = [e for _, errors in made for e in errors]
    for context, _ in made:
        context.close()
    assert problems == []


def highlighted(page) -> str:
    return page.evaluate("() => { const t = document.querySelector(':target'); return t ? t.id : ''; }")


def concordance_link(site, page: str, lang: str) -> tuple[str, str, str]:
    """(target page from the site root, from number, to number) of the page's
    link to the same rule in `lang` (render/languages.py equivalents_note)."""
    found = re.search(
        rf'<a class="other-language" hreflang="{lang}" data-equivalent-from="([^"]+)" data-equivalent-to="([^"]+)" href="([^"]+)"',
        read(site, page),
    )
    assert found, f"{page} names no equivalent in {lang}"
    target = urlsplit(urljoin("http://x/" + page, unescape(found.group(3)))).path.lstrip("/")
    return target, found.group(1), found.group(2)


@pytest.mark.parametrize("profile", ["phone", "desktop"])
def test_mostrar_switched_to_french_lands_on_the_concordances_rule(corpora_site, reader, profile):
    site = corpora_site.site
    target, was, now = concordance_link(site, MOSTRAR, "en")
    assert (site / "fr" / MOSTRAR.removeprefix("es/")).exists() is False  # French has no such rule
    page = reader(profile, f"{MOSTRAR}#{was}a")
    switch_language(page, "fr")
    parts = urlsplit(page.url)
    assert parts.path == "/" + target
    assert parse_qs(parts.query) == {"from": ["fr"], "via": ["es"]}
    assert unquote(parts.fragment) == f"{now}a" == highlighted(page)
    notice = page.locator(".page-languages-notice")
    expect(notice).to_have_attribute("lang", "fr")
    expect(notice).to_contain_text(was)  # it says what happened: 701.20 in Spanish is this rule
    assert on_screen_below_header(page, notice) == []
    expect(page.locator(f'[id="{now}a"]')).to_be_in_viewport()


def test_the_french_home_pages_mostrar_link_says_where_it_went_and_switches_right(corpora_site, reader):
    site = corpora_site.site
    page = reader("phone", "fr/index.html")
    link = page.locator(f'article a[hreflang="es"][href*="{MOSTRAR.removeprefix("es/")}"]').first
    with page.expect_navigation():
        link.click()
    settle(page)
    assert urlsplit(page.url).path == "/" + MOSTRAR
    notice = page.locator(".page-languages-notice")
    expect(notice).to_contain_text("espagnol")  # the page the reader is on: Spanish
    assert on_screen_below_header(page, notice) == []
    target, _, _ = concordance_link(site, MOSTRAR, "en")
    switch_language(page, "fr")
    assert urlsplit(page.url).path == "/" + target


@pytest.mark.parametrize("profile", ["phone", "desktop"])
def test_shuffle_switched_to_spanish_stays_on_its_rule_with_a_notice(reader, profile):
    """Spanish 701.20 is another rule (Mostrar) and Spanish has no Shuffle: the
    reader stays on Shuffle's rule, told so in Spanish, never sent to Mostrar."""
    page = reader(profile, f"{SHUFFLE}#701.20b")
    switch_language(page, "es")
    parts = urlsplit(page.url)
    assert parts.path == "/" + SHUFFLE and parse_qs(parts.query) == {"from": ["es"]}
    assert highlighted(page) == "701.20b"
    notice = page.locator(".page-languages-notice")
    expect(notice).to_have_attribute("lang", "es")
    expect(notice).to_contain_text("701.20 Mostrar")
    assert on_screen_below_header(page, notice) == []
    expect(page.locator('[id="701.20b"]')).to_be_in_viewport()


@pytest.mark.parametrize("profile", ["phone", "desktop"])
def test_a_pinned_links_notice_is_on_screen_above_its_rule(reader, profile):
    page = reader(profile, "r/1.2/411.1.html")
    page.wait_for_url(re.compile(r"\?was="))
    settle(page)
    now = highlighted(page)
    assert now and now != "411.1"  # forwarded to today's number of v1.2's 411.1
    notice = page.locator(".pinned-notice")
    expect(notice).to_contain_text("411.1")
    expect(notice).to_contain_text(now)
    assert on_screen_below_header(page, notice) == []
    expect(page.locator(f'[id="{now}"]')).to_be_in_viewport()


@pytest.mark.parametrize("profile", ["phone", "desktop"])
def test_an_old_addresss_number_says_what_it_meant_above_the_rule_it_shows(corpora_site, reader, profile):
    """411.html#411.1, an address from the days 411 was Reveal: above the
    highlighted 411.1, on screen, what 411.1 was then and where it is now."""
    page = reader(profile, "riftbound/core-rules/411.html#411.1")
    assert highlighted(page) == "411.1"
    notice = page.locator(".pinned-notice")
    expect(notice).to_contain_text("411.1")
    assert on_screen_below_header(page, notice) == []
    rule = page.locator('[id="411.1"]')
    expect(rule).to_be_in_viewport()
    # The notice speaks of the highlighted rule, right under it.
    assert notice.evaluate("el => el.nextElementSibling && el.nextElementSibling.contains(document.getElementById('411.1'))")
    # Its link is v1.2's pinned link of 411.1, which forwards to that rule today.
    link = notice.locator("a")
    pinned = urlsplit(link.get_attribute("href")).path
    assert pinned.endswith("/r/1.2/411.1.html")
    forwarded = re.search(r'location\.replace\("([^"]+)"\)', read(corpora_site.site, pinned.lstrip("/")))
    assert forwarded and unquote(forwarded.group(1)).endswith("#" + link.inner_text())


def test_offline_a_card_never_opened_shows_its_text_and_a_history_opens(corpora_site, browser):
    site = corpora_site.site
    context = browser.new_context(**PHONE_CONTEXT, service_workers="allow")
    context.set_default_timeout(30_000)
    card_page = sorted((site / "riftbound" / "cards").glob("*.html"))[1].relative_to(site).as_posix()
    card_id, card_title = re.search(r'<h2 class="card"[^>]* id="([^"]+)"[^>]*>([^<]+)<', read(site, card_page)).groups()
    card_title = unescape(card_title)
    with serve(site) as origin:
        page = first_visit(context, origin + "/", timeout_ms=300_000)
        assert page.evaluate(READY)
        # A section page read before the network went, its Histories never opened.
        page.goto(origin + "/riftbound/core-rules/424.html")
        settle(page)
    context.set_offline(True)

    # Shown as its page shows it, from what the first visit stored (render/offline_data.py).
    page.goto(f"{origin}/{card_page}#{card_id}")
    target = page.locator(".offline-section .offline-target")
    expect(target).to_have_count(1)
    expect(target).to_have_text(words(card_title))
    text = target.locator("xpath=following-sibling::p[2]")  # after its facts line: its text
    assert len(words(text.inner_text())) > 10  # its text, not its name alone

    page.goto(origin + "/riftbound/core-rules/424.html")
    details = page.locator("details.history").first
    details.locator("summary").click()
    expect(details).to_have_attribute("data-history", "shown")
    expect(details.locator("li")).not_to_have_count(0)
    context.close()
