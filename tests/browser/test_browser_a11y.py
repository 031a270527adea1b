"""Readable with a screen reader and on a phone: axe-core (bundled by the
pinned axe-playwright-python, injected into the page; nothing downloaded) finds
no serious or critical violation on the home page, a section, a ruling, a card
entry and a diff page, light and dark, desktop and phone width. Also: rules are
paragraphs, not headings, so the heading outline is the sections' own."""

from __future__ import annotations

import pytest
from axe_playwright_python.base import AXE_SCRIPT

from browser_site import DESKTOP, PHONE, html_pages

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
    diffs = sorted(p for p in html_pages(site) if p.startswith("riftbound/core-rules/changes/"))
    assert cards and diffs, "the corpora site has no card or diff page"
    check(browse, corpora_origin + "/", [cards[0], diffs[0], "riftbound/core-rules/424.html"], scheme, viewport)


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
