"""A page downloads what its reader uses: no search index until a search
starts, no rule texts until a link is pointed at (then only that page's), no
rule histories until a History is opened (tests/browser/test_browser_history.py).
Over http:// and from disk. On the full corpora site, a cold view of a
section, a ruling, a glossary letter or a diff part fetches at most 360 KB
(HTML, CSS, JavaScript and icons, Material's bundle included)."""

from __future__ import annotations

import posixpath
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from browser_site import links
from cold_view import cold_view
from rulesite.check.page import find_all, parse

pytestmark = pytest.mark.browser


def keyword_link(site):
    found = next(iter(links(site, "keyword")), None)
    if found is None:
        pytest.fail("no a.keyword link in the built site")
    return found


def requested(page) -> list[str]:
    """Every URL the page asked for, in order (kept on the page object)."""
    made = []
    page.on("request", lambda request: made.append(request.url))
    return made


def paths(urls, root_url):
    return [u[len(root_url) :] if u.startswith(root_url) else u for u in urls]


def test_search_index_loads_only_when_a_search_starts(built_site, root_url, browse):
    link = keyword_link(built_site.site)
    page = browse(root_url).new_page()
    made = requested(page)
    page.goto(root_url + link.page)
    page.wait_for_load_state("load")
    page.wait_for_timeout(500)  # Material asks for the index right after load, when it does
    loaded = paths(made, root_url)
    assert not [p for p in loaded if "search_index" in p or "/workers/search" in p], loaded
    assert not [p for p in loaded if "assets/previews/" in p], loaded
    # Nor the scripts of the previews, the histories and the number search (core.js loads them on first use).
    scripts = ("assets/previews.js", "assets/history.js", "assets/number-search.js", "assets/numbers.js")
    assert not [p for p in loaded if urlsplit(p).path.endswith(scripts)], loaded
    # Starting a search loads the site's word index, never Material's, and search works.
    box = page.locator("input.md-search__input")
    box.click()
    box.press_sequentially("reveal", delay=20)
    expect(page.locator("a.md-search-result__link").first).to_be_attached(timeout=20_000)
    page.wait_for_timeout(500)
    loaded = paths(made, root_url)
    assert not [p for p in loaded if "search_index" in p or "/workers/search" in p], loaded
    for script in ("assets/number-search.js", "assets/word-search.js", "assets/search-words.js"):
        assert [p for p in loaded if urlsplit(p).path.endswith(script)], (script, loaded)


def test_a_preview_loads_its_pages_texts_on_first_hover(built_site, root_url, browse):
    link = keyword_link(built_site.site)
    page = browse(root_url).new_page()
    made = requested(page)
    page.goto(root_url + link.page)
    page.wait_for_load_state("load")
    anchor = page.locator(f'a.keyword[href="{link.href}"]').first
    anchor.scroll_into_view_if_needed()
    anchor.hover()
    expect(page.locator("#rulesite-preview")).to_be_visible()
    target = link.target_page.removesuffix(".html")
    files = [urlsplit(p).path for p in made if "assets/previews/" in p]
    # Only the file of the page the link points at.
    assert files and all(
        f.endswith(f"assets/previews/{target.split('/', 1)[1] if target.startswith('es/') else target}.js") for f in files
    ), files


# A cold view (empty cache) of the pages a reader is sent to, on the full
# corpora site: HTML, CSS, JavaScript and icons, Material's own bundle included.
BUDGET = 360 * 1024


def _corpora_pages(site) -> dict[str, str]:
    """A section, a ruling, a glossary letter and the diff part holding 424."""
    parts = sorted((site / "riftbound/core-rules/changes/v1.2-to-v1.4").glob("*.html"))
    holding = [p for p in parts if 'data-section="424"' in p.read_text(encoding="utf-8")]
    rulings = sorted(p for p in (site / "riftbound/rulings").glob("*.html") if p.name != "index.html")
    pages = {
        "section": site / "riftbound/core-rules/424.html",
        "ruling": max(rulings, key=lambda p: p.stat().st_size),  # the heaviest
        "glossary letter": max((site / "magic/comprehensive-rules/glossary").glob("?.html"), key=lambda p: p.stat().st_size),
        "diff part": holding[0] if len(holding) == 1 else None,
    }
    missing = [kind for kind, path in pages.items() if path is None or not path.is_file()]
    if missing:
        pytest.fail(f"the corpora site has no {', '.join(missing)} page to weigh")
    return {kind: path.relative_to(site).as_posix() for kind, path in pages.items()}


@pytest.mark.corpora
def test_the_static_count_is_what_the_browser_fetches(corpora_site, corpora_origin, browse):
    """tests/corpora/test_cold_view.py weighs every page from its HTML alone (the
    page, its stylesheets and scripts): until the page is ready (its load event),
    Chromium fetches exactly those files, with those sizes, and at most the page's
    icons (<link rel=icon>) besides. What loads later (offline.js once the browser
    is idle, previews on a hover) is no part of either count."""
    rel = "riftbound/core-rules/424.html"
    static = cold_view(corpora_site.site, rel)
    icons = {
        posixpath.normpath(posixpath.join(posixpath.dirname(rel), link.get("href")))
        for link in find_all(parse((corpora_site.site / rel).read_bytes()), "link")
        if "icon" in (link.get("rel") or "").split()
    }
    context = browse(corpora_origin + "/")
    page = context.new_page()
    responses = []
    page.on("response", lambda response, seen=responses: seen.append(response))
    page.goto(f"{corpora_origin}/{rel}", wait_until="load")
    ready = list(responses)  # what was fetched by the load event
    fetched = {
        urlsplit(r.url).path.lstrip("/"): len(r.body()) for r in ready if r.url.startswith(corpora_origin) and r.status == 200
    }
    context.close()
    assert len(static) > 5 and any("bundle" in f for f in static), static  # the page, Material's bundle, ours
    assert {f: n for f, n in fetched.items() if f in static} == static, "the browser fetched other sizes or missed files"
    assert set(fetched) - set(static) <= icons, f"fetched beyond the static count: {sorted(set(fetched) - set(static))}"


@pytest.mark.corpora
def test_a_cold_view_fetches_at_most_360_kb(corpora_site, corpora_origin, browse):
    heavy = {}
    for kind, rel in _corpora_pages(corpora_site.site).items():
        context = browse(corpora_origin + "/")
        page = context.new_page()
        responses = []
        page.on("response", lambda response, seen=responses: seen.append(response))
        page.goto(f"{corpora_origin}/{rel}", wait_until="load")
        page.wait_for_timeout(1000)  # what loads right after the load event counts too
        fetched = {r.url: len(r.body()) for r in responses if r.url.startswith(corpora_origin) and r.status == 200}
        total = sum(fetched.values())
        # The measure is real: the page itself and Material's bundle were among them.
        assert any(u.endswith(rel) for u in fetched) and any("bundle" in u for u in fetched), sorted(fetched)
        # No search index, no rule texts, no rule histories until the reader asks.
        assert not [u for u in fetched if "search_index" in u or "/previews/" in u or "/assets/history" in u], sorted(fetched)
        if total > BUDGET:
            heavy[f"{kind} ({rel})"] = f"{total / 1024:.0f} KB: " + ", ".join(
                f"{u[len(corpora_origin) :]} {n / 1024:.0f} KB" for u, n in sorted(fetched.items(), key=lambda x: -x[1])[:4]
            )
        context.close()
    assert heavy == {}, heavy
