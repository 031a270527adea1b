"""Readable with a screen reader and on a phone: axe-core (bundled by the
pinned axe-playwright-python, injected into the page; nothing downloaded) finds
no serious or critical violation on the home page, a section, a ruling, a card
entry, a diff page (with its renumbered button shown) and a document whole on
one page, light and dark, desktop and phone width. Also: rules are
paragraphs, not headings, so the heading outline is the sections' own; the
language menu's focused item is outlined; a section's buttons have names of
their own."""

from __future__ import annotations

import pytest
from axe_playwright_python.base import AXE_SCRIPT

from browser_site import DESKTOP, PHONE, html_pages, read

pytestmark = pytest.mark.browser

VIEWS = [("light", DESKTOP), ("dark", DESKTOP), ("light", PHONE), ("dark", PHONE)]
VIEW_IDS = ["light-desktop", "dark-desktop", "light-phone", "dark-phone"]


def serious(page) -> list[str]:
    page.evaluate(AXE_SCRIPT)
    result = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {len(v['nodes'])} × e.g. {v['nodes'][0]['target']}"
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def check(browse, root, pages, scheme, viewport):
    context = browse(root, viewport=viewport, color_scheme=scheme)
    page = context.new_page()
    problems = []
    for path in pages:
        page.goto(root + path)
        page.wait_for_load_state("load")
        # The palette asked for is the one shown (Material's, by the media query).
        expected = "slate" if scheme == "dark" else "default"
        assert page.locator("body").get_attribute("data-md-color-scheme") == expected, (path, scheme)
        # A diff page's "Show N rules only renumbered" is weighed once its script shows it.
        toggle = page.locator("button.diff-renumbered-toggle")
        if toggle.count():
            page.wait_for_function(
                "() => getComputedStyle(document.querySelector('button.diff-renumbered-toggle')).visibility === 'visible'"
            )
        problems += [f"{path}: {p}" for p in serious(page)]
    assert not problems, "\n".join(problems)


def seed_pages(site):
    ruling = next(p for p in html_pages(site) if p.startswith("riftbound/rulings/") and not p.endswith("index.html"))
    return ["index.html", "riftbound/core-rules/424.html", ruling]


@pytest.mark.parametrize(("scheme", "viewport"), VIEWS, ids=VIEW_IDS)
def test_no_serious_violation_on_home_section_and_ruling(built_site, http_origin, browse, scheme, viewport):
    check(browse, http_origin + "/", seed_pages(built_site.site), scheme, viewport)


@pytest.mark.corpora
@pytest.mark.parametrize(("scheme", "viewport"), VIEWS, ids=VIEW_IDS)
def test_no_serious_violation_on_card_and_diff_pages(corpora_site, corpora_origin, browse, scheme, viewport):
    site = corpora_site.site
    cards = sorted(p for p in html_pages(site) if p.startswith("riftbound/cards/"))
    # A diff page with pure renumberings: its "Show N rules only renumbered" button is weighed too.
    diffs = sorted(
        p for p in html_pages(site) if p.startswith("riftbound/core-rules/changes/") and "data-renumbered-toggle" in read(site, p)
    )
    assert cards and diffs, "the corpora site has no card page or diff page with renumbered rules"
    # And a document whole on one page (the Tournament Rules': the lightest whole current one).
    pages = [cards[0], diffs[0], "riftbound/core-rules/424.html", "riftbound/tournament-rules/all.html"]
    check(browse, corpora_origin + "/", pages, scheme, viewport)


def test_rules_are_paragraphs_and_the_outline_has_no_gaps(built_site, http_origin, browse):
    page = browse(http_origin + "/").new_page()
    page.goto(http_origin + "/riftbound/core-rules/424.html")
    assert page.locator("article h4").count() == 0
    assert page.locator("article p.rule-head[id]").count() > 3
    levels = page.locator("article h1, article h2, article h3, article h4, article h5, article h6").evaluate_all(
        "hs => hs.map(h => Number(h.tagName[1]))"
    )
    assert levels[0] == 1
    assert all(b - a <= 1 for a, b in zip(levels, levels[1:])), levels


def _rgb(colour: str) -> tuple[float, ...]:
    """A computed CSS colour ("rgb(1, 2, 3)", "rgba(1, 2, 3, 0.5)") as numbers."""
    return tuple(float(x) for x in colour[colour.index("(") + 1 : -1].split(","))


def _luminance(rgb) -> float:
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_language_menus_focused_item_has_a_visible_outline(built_site, http_origin, browse, scheme):
    page = browse(http_origin + "/", color_scheme=scheme).new_page()
    page.goto(http_origin + "/riftbound/core-rules/424.html")
    page.wait_for_load_state("load")
    assert page.locator(".md-select__link").count() >= 2, "the seed site has no language menu"
    # Reached with the keyboard alone, as a reader without a mouse does.
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("() => !!document.activeElement.closest('.md-select__link')"):
            break
    else:
        pytest.fail("Tab never reached the language menu's items")
    seen = page.evaluate(
        """() => {
          const a = document.activeElement, style = getComputedStyle(a);
          let box = a, bg = 'rgba(0, 0, 0, 0)';
          while (box && (bg === 'rgba(0, 0, 0, 0)' || bg === 'transparent')) { bg = getComputedStyle(box).backgroundColor; box = box.parentElement; }
          const menu = getComputedStyle(a.closest('.md-select__inner'));
          return {style: style.outlineStyle, width: parseFloat(style.outlineWidth), colour: style.outlineColor,
                  menu: menu.backgroundColor, visible: menu.opacity !== '0' && menu.visibility !== 'hidden'};
        }"""
    )
    assert seen["visible"], seen
    assert seen["style"] != "none" and seen["width"] >= 2, seen
    # Non-text contrast (WCAG 1.4.11): the outline against the menu it is drawn on.
    assert contrast(_rgb(seen["colour"]), _rgb(seen["menu"])) >= 3, seen


def test_every_button_of_a_section_has_its_own_name(built_site, http_origin, browse):
    """A screen reader's list of buttons tells each apart: the copy buttons of a
    section's FAQ answers name their question."""
    page = browse(http_origin + "/").new_page()
    page.goto(http_origin + "/riftbound/core-rules/424.html")
    faq = page.locator("h3.faq-question")
    assert faq.count() >= 2, "the seed's 424 has fewer than two FAQ answers"
    expect_buttons = page.locator("article button.rule-copy--item")
    expect_buttons.first.wait_for()
    names = page.locator("article button").evaluate_all(
        "bs => bs.filter(b => b.offsetParent || b.getClientRects().length).map(b => b.getAttribute('aria-label') || b.textContent.trim())"
    )
    assert len(names) > 2 * faq.count(), names
    repeated = sorted({n for n in names if names.count(n) > 1})
    assert not repeated, repeated
    question = faq.first.evaluate("e => e.firstChild.textContent").strip()
    assert f"Copy link to the answer: {question}" in names and f"Copy the answer with its citation: {question}" in names, names
