"""Acceptance: on the full corpora site (fixture `corpora_site`), a cold view of
any page fetches at most 360 KB, uncompressed: its HTML plus the CSS and
JavaScript it links (tests/cold_view.py). About 300 KB of that is the same on
every page (Material's CSS and bundle, ours), so a page's own HTML has about
50 KB: heavy lists are split into parts (site_map/paths.py). The short pages that
forward at once (share pages, version and pinned aliases) are not views."""

from __future__ import annotations

import pytest

from cold_view import BUDGET, cold_view, forwards

pytestmark = pytest.mark.corpora


def test_every_page_fetches_at_most_360_kb_cold(corpora_site):
    site = corpora_site.site
    views = [p for p in sorted(site.rglob("*.html")) if not forwards(p.read_bytes())]
    weights, shared = {}, set()
    for path in views:
        rel = path.relative_to(site).as_posix()
        fetched = cold_view(site, rel)
        weights[rel] = (sum(fetched.values()), fetched[rel])
        shared |= {f for f in fetched if "javascripts/bundle." in f}
    # The measure is real: every language's pages were weighed, with Material's bundle.
    assert {rel.split("/", 1)[0] for rel in weights} >= {"es", "fr", "riftbound", "magic"}, sorted(weights)[:5]
    assert shared and len(weights) > 1000, (len(weights), shared)
    over = {rel: w for rel, w in weights.items() if w[0] > BUDGET}
    listed = "\n".join(
        f"  {rel}: {total / 1024:.0f} KB cold, {html / 1024:.0f} KB of it its HTML"
        for rel, (total, html) in sorted(over.items(), key=lambda x: -x[1][0])
    )
    if over:
        pytest.fail(f"{len(over)} of {len(weights)} pages fetch more than {BUDGET // 1024} KB cold:\n{listed}", pytrace=False)
