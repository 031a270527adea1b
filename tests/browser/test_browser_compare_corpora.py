"""On the full corpora site, for every pair of real editions of every document
(not only neighbours): the compare page shows the build's diff, entry by entry
and count by count, word diffs and the words of how each pair was made
included. Laid out from the published data (?show=data) it equals the page the
build rendered for the pair; asked plainly, it opens that page."""

from __future__ import annotations

import itertools

import pytest
from browser_site import serve
from playwright.sync_api import expect
from test_browser_compare import browser_diff, entries

pytestmark = [pytest.mark.browser, pytest.mark.corpora]

EDITIONS = {
    "riftbound/core-rules": ["v1.1", "v1.2", "v1.4"],
    "riftbound/tournament-rules": ["2026-03-30", "2026-04-29"],
}
PAIRS = [(document, old, new) for document, labels in EDITIONS.items() for old, new in itertools.combinations(labels, 2)]


@pytest.fixture(scope="module")
def origin(corpora_site):
    with serve(corpora_site.site) as url:
        yield url


@pytest.mark.parametrize("document,old,new", PAIRS)
def test_the_compare_page_shows_the_builds_diff_of_every_real_pair(corpora_site, origin, browse, document, old, new):
    changes = corpora_site.site / document / "changes"
    want_counts, want = entries((changes / f"{old}-to-{new}.html").read_text(encoding="utf-8"))
    # A large diff is split into parts of consecutive sections, one page each.
    for part in sorted((changes / f"{old}-to-{new}").glob("*.html")):
        want.update(entries(part.read_text(encoding="utf-8"))[1])
    assert want, "the pair must differ"
    page = browse(origin + "/").new_page()
    page.set_default_timeout(60_000)
    got_counts, got = browser_diff(
        page, f"{origin}/{document}/changes/compare.html?old={old}&new={new}&show=data", timeout=90_000
    )
    assert got_counts == want_counts
    assert got == want
    page.goto(f"{origin}/{document}/changes/compare.html?old={old}&new={new}")
    page.wait_for_url(f"{origin}/{document}/changes/{old}-to-{new}.html")
    expect(page.locator(".diff-counts").first).to_have_text(want_counts)
