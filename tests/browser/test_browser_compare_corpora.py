"""On the full corpora site: the browser's diff of two real Core Rules editions
(from the published data, assets/compare.js) matches the page the build
rendered for them, entry by entry, word diffs included."""

from __future__ import annotations

import pytest
from browser_site import serve
from test_browser_compare import browser_diff, entries

pytestmark = [pytest.mark.browser, pytest.mark.corpora]

CHANGES = "riftbound/core-rules/changes"


@pytest.fixture(scope="module")
def origin(corpora_site):
    with serve(corpora_site.site) as url:
        yield url


@pytest.mark.parametrize("old,new", [("v1.1", "v1.2"), ("v1.2", "v1.4")])
def test_the_browser_computes_the_real_neighbours_diff_as_the_build_rendered_it(corpora_site, origin, browse, old, new):
    page = browse(origin + "/").new_page()
    page.set_default_timeout(60_000)
    # Two whole editions' data and a thousand word diffs: allow a loaded machine time.
    got_counts, got = browser_diff(page, f"{origin}/{CHANGES}/compare.html?old={old}&new={new}&compute=browser", timeout=90_000)
    want_counts, want = entries((corpora_site.site / CHANGES / f"{old}-to-{new}.html").read_text(encoding="utf-8"))
    # A large diff is split into parts of consecutive sections, one page each.
    for part in sorted((corpora_site.site / CHANGES / f"{old}-to-{new}").glob("*.html")):
        want.update(entries(part.read_text(encoding="utf-8"))[1])
    assert got_counts == want_counts

    def without_how(sections):
        return {n: [(c, b, d) for c, b, _how, d in group] for n, group in sections.items()}

    assert without_how(got) == without_how(want)
