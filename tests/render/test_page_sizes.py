"""No page of the full corpora site is over 300 KB (fixture `corpora_site`): the
heaviest were the Magic glossary (573 KB) and the diffs between distant Core
Rules editions (490 KB), now split by letter and by hundreds of sections.

The exception: a document whole on one page (`all.html`,
render/whole_document.py), which a reader opens by choice to read, print or
search the whole text; it weighs what the text does (Magic's Comprehensive
Rules, the heaviest, about 1.4 MB) and is held to 2 MB."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.corpora

LIMIT = 300 * 1024
WHOLE, WHOLE_LIMIT = "all.html", 2 * 1024 * 1024


def test_no_html_page_of_the_corpora_site_is_over_300_kb(corpora_site):
    site = corpora_site.site
    pages = list(site.rglob("*.html"))
    assert len(pages) > 1000, "the corpora site has too few pages to judge"
    heavy = sorted(
        (p.stat().st_size, p.relative_to(site).as_posix())
        for p in pages
        if p.stat().st_size > (WHOLE_LIMIT if p.name == WHOLE else LIMIT)
    )
    assert heavy == [], f"pages over 300 KB (a whole document's, 2 MB): {heavy}"
    # The pages that were too heavy are still there, split.
    assert (site / "magic/comprehensive-rules/glossary.html").is_file()
    assert len(list((site / "magic/comprehensive-rules/glossary").glob("*.html"))) > 20
