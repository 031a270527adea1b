"""Crafted links on the full site (fixture `corpora_site`), where the seed site
has no page for them: a rule page naming its equivalent in another language
(Magic's English 701.16 is Spanish 701.20) keeps its language links when the
address's fragment holds a malformed escape (issue 25). The rest of the
crafted-links suite runs on the seed site (test_browser_crafted_links.py)."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.corpora]

REVEAL = "magic/comprehensive-rules/701.16.html"
MOSTRAR = "es/magic/comprehensive-rules/701.20.html"


def test_a_malformed_fragment_keeps_the_equivalent_language_link(corpora_site, corpora_root, browse):
    """The reproduction: language-switch.js threw on #%E0%A4%A, so no language link was rewritten."""
    assert "data-equivalent-from" in (corpora_site.site / REVEAL).read_text(encoding="utf-8")
    page = browse(corpora_root).new_page()
    for fragment in ("%E0%A4%A", "%", "__proto__"):
        page.goto(f"{corpora_root}{REVEAL}#{fragment}")
        page.dispatch_event(".md-select", "pointerover")  # loads language-switch.js
        page.wait_for_function("() => !!window.RulesiteLanguageSwitch")
        spanish = page.locator('a.md-select__link[hreflang="es"]')
        page.wait_for_function(
            "(want) => document.querySelector('a.md-select__link[hreflang=\"es\"]').href.startsWith(want)",
            arg=corpora_root + MOSTRAR,
        )
        assert spanish.get_attribute("href").startswith(corpora_root + MOSTRAR)
