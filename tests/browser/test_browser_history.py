"""A rule's history is loaded when the reader opens it (assets/history.js,
render/history.py): nothing of it is fetched before, opening one History
fetches its page's history file once, and the rows shown are the ones the
resolve layer has (`ChangesView.history`): each edition with the rule's number
there (linked to it), how it was matched, the words that changed, and the
link to its entry on the diff page. On a current and on an older edition's
page, over http:// and from disk. Without JavaScript, an opened History still
links the rule in another edition.

Built (`rulesite build`, MkDocs strict) from two editions written for the test
(tests/read/fixtures/edition-*.rules-document.txt): v1's 200 Reveal is v2's 300
Reveal, its two rules renumbered with the same text; 101.1 is reworded; 201 Hide is added.
"""

from __future__ import annotations

import posixpath
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from browser_site import serve
from playwright.sync_api import expect
from two_editions import two_editions_build

from rulesite.stages import read as read_stage

from rulesite.stages import resolve as resolve_stage
from rulesite.common.diagnostics import Diagnostics
from rulesite.resolve.history_words import how_words
from rulesite.site_map.paths import html_path, section_page
from rulesite.resolve.entries import entry_anchor

pytestmark = pytest.mark.browser

KEY = ("riftbound", "core-rules", "en")
DOCS = "riftbound/core-rules"
# (page, its edition, rule): a renumbered rule and a reworded one on the
# current edition's pages and on the older edition's, and a rule v2 added.
RULES = [
    ("300.html", "v2", "301"),
    ("100.html", "v2", "101.1"),
    ("200.html", "v2", "201"),
    ("v1/200.html", "v1", "201"),
    ("v1/100.html", "v1", "101.1"),
]


@pytest.fixture(scope="module")
def two_editions(tmp_path_factory, repo_root) -> Path:
    """The two editions' build, shared with test_browser_renumbered.py (tests/two_editions.py)."""
    return two_editions_build(tmp_path_factory, repo_root)


@pytest.fixture(scope="module")
def two_ctx(two_editions):
    diag = Diagnostics()
    corpus = read_stage.read_corpus(two_editions / "rules_src" / "manifest.yml", diag)
    ctx = resolve_stage.resolve(corpus, diag)
    assert diag.errors == []
    return ctx


@pytest.fixture(scope="module")
def two_origin(two_editions):
    with serve(two_editions / "site") as origin:
        yield origin


@pytest.fixture(params=["http", "file"])
def two_root(request, two_editions) -> str:
    if request.param == "http":
        return request.getfixturevalue("two_origin") + "/"
    return (two_editions / "site").resolve().as_uri() + "/"


def expected_rows(ctx, edition: str, number: str) -> list[dict]:
    """What the History of rule `number` of `edition` must show, from resolve's
    rows: the words of each row, the rule it links (site path and #number),
    the words inserted and deleted, and the anchor of its diff-page entry."""
    rows, before = [], None
    for row in ctx.changes.history(KEY, edition, number):
        entry = row.entry
        how = how_words(entry.how, "en")
        if entry.number is None:
            words, target = f"{entry.edition_label}: {how}", None
        else:
            words = f"{entry.edition_label}: {entry.number} — {how}"
            target = (html_path(section_page(row.shown.page)), entry.number) if row.shown else None
        anchor = None
        if before is not None and entry.edition_label != before.edition_label:
            if entry.number is not None and (before.number is None or entry.text_changed or entry.number != before.number):
                anchor = entry_anchor("added" if before.number is None else "changed", entry.number)
            elif entry.number is None and before.number is not None:
                anchor = entry_anchor("removed", before.number)
        rows.append(
            {
                "words": words,
                "target": target,
                "ins": [text for op, text in row.changes if op == "+"],
                "del": [text for op, text in row.changes if op == "-"],
                "diff": anchor,
            }
        )
        before = entry
    return rows


def shown_rows(details) -> list[dict]:
    """The rows an opened History shows, read from the page's DOM."""
    return details.evaluate(
        """d => Array.from(d.querySelectorAll(':scope > ul > li')).map(li => {
            const first = li.firstChild;
            const entry = li.querySelector('a.history-diff');
            const words = Array.from(li.childNodes).filter(n => n !== entry)
                .map(n => n.textContent).join('').replace(/\\s+/g, ' ').trim();
            return {
                words: words,
                head: first.nodeName === 'A' ? first.href : null,
                ins: Array.from(li.querySelectorAll('.word-diff ins')).map(e => e.textContent),
                del: Array.from(li.querySelectorAll('.word-diff del')).map(e => e.textContent),
                diffText: li.querySelector('.word-diff') ? li.querySelector('.word-diff').textContent : '',
                diff: entry ? entry.href : null,
                diffLabel: entry ? entry.textContent : null,
            };
        })"""
    )


def site_path(url: str, root: str) -> tuple[str, str]:
    """(path from the site root, #fragment decoded) of an absolute URL."""
    assert url.startswith(root), (url, root)
    parts = urlsplit(url[len(root) :])
    return unquote(parts.path), unquote(parts.fragment)


def requested(page) -> list[str]:
    made = []
    page.on("request", lambda request: made.append(request.url))
    return made


def history_requests(made: list[str]) -> list[str]:
    return [u for u in made if "/assets/history" in u]


@pytest.mark.parametrize("rel,edition,number", RULES)
def test_opening_a_history_shows_resolves_rows(two_root, two_ctx, browse, rel, edition, number):
    expected = expected_rows(two_ctx, edition, number)
    assert len(expected) >= 2, f"{rel}#{number}: the fixture's rule has no history"
    page = browse(two_root).new_page()
    made = requested(page)
    page.goto(f"{two_root}{DOCS}/{rel}")
    page.wait_for_load_state("load")
    page.wait_for_timeout(300)
    # Nothing of any history before one is opened.
    assert history_requests(made) == [], made
    details = page.locator(f".rule[data-rule='{number}'] > details.history")
    expect(details).to_have_count(1)
    details.locator("summary").click()
    expect(details.locator(":scope > ul > li")).to_have_count(len(expected))
    got = shown_rows(details)
    for want, row in zip(expected, got):
        assert row["words"].startswith(want["words"]), (row["words"], want["words"])
        if want["target"] is None:
            assert row["head"] is None, row
        else:
            path, fragment = site_path(row["head"], two_root)
            assert (path, fragment) == (want["target"][0], want["target"][1]), (row["head"], want["target"])
        assert (row["ins"], row["del"]) == (want["ins"], want["del"]), (row, want)
        if want["diff"] is None:
            assert row["diff"] is None, row
        else:
            path, fragment = site_path(row["diff"], two_root)
            assert (path, fragment) == (f"{DOCS}/changes/v1-to-v2.html", want["diff"]), row
            assert row["diffLabel"] == "changes v1 → v2"
    # One file was fetched, this page's, and the page's other Histories need no other.
    files = history_requests(made)
    assert [u for u in files if not u.endswith("/history.js")] == [
        f"{two_root}assets/history/{DOCS}/{rel.removesuffix('.html')}.js"
    ], files
    others = page.locator("details.history summary")
    for i in range(others.count()):
        others.nth(i).click()
    expect(page.locator("details.history:not([data-history='shown'])")).to_have_count(0)
    assert history_requests(made) == files


def test_the_moved_and_reworded_labels_are_true(two_ctx):
    """The fixture holds what the rows must tell: a renumbering and a rewording."""
    renumbered = expected_rows(two_ctx, "v2", "301")[-1]
    assert renumbered["words"].startswith("v2: 301 — renumbered") and renumbered["diff"] == "d-301"
    reworded = expected_rows(two_ctx, "v2", "101.1")[-1]
    assert reworded["ins"] and reworded["del"] and reworded["diff"] == "d-101.1"


def test_a_rule_of_the_page_and_an_older_one_link_where_they_are(two_root, browse):
    """On the older page, "v2: 301" opens the current page; the row of this very page is its #number."""
    page = browse(two_root).new_page()
    page.goto(f"{two_root}{DOCS}/v1/200.html")
    details = page.locator(".rule[data-rule='201'] > details.history")
    details.locator("summary").click()
    link = details.get_by_role("link", name="v2: 301", exact=True)
    link.click()
    expect(page).to_have_url(f"{two_root}{DOCS}/300.html#301")


def test_without_javascript_an_opened_history_links_another_edition(two_editions, browser):
    site = (two_editions / "site").resolve()
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        for rel, number, name, target in (
            ("300.html", "301", "v1: 201", "v1/200.html#201"),
            ("v1/100.html", "101.1", "v2: 101.1", "100.html#101.1"),
            ("200.html", "201", "changes v1 → v2", "changes/v1-to-v2.html#d-201"),
        ):
            page.goto(f"{site.as_uri()}/{DOCS}/{rel}")
            details = page.locator(f".rule[data-rule='{number}'] > details.history")
            details.locator("summary").click()
            link = details.get_by_role("link", name=name, exact=True)
            expect(link).to_be_visible()
            href = link.get_attribute("href")
            assert posixpath.normpath(posixpath.join(posixpath.dirname(rel), href)) == target, href
    finally:
        context.close()


def test_an_opened_history_works_offline_and_only_current_ones_are_precached(two_editions, two_origin, open_context):
    """The worker stores the current edition's history files up front, an older
    edition's not; one opened while online is stored with its page, so it
    opens offline too. A History never opened nor stored shows its link
    offline, as without JavaScript."""
    from browser_site import READY, first_visit

    worker = (two_editions / "site" / "sw.js").read_text(encoding="utf-8")
    assert "assets/history.js" in worker
    assert f'"assets/history/{DOCS}/300.js"' in worker, "the current edition's histories are stored up front"
    assert f"assets/history/{DOCS}/v1/" not in worker, "an older edition's are stored when visited"
    root = two_origin + "/"
    context = open_context(two_origin)
    page = first_visit(context, root)
    page.goto(f"{root}{DOCS}/300.html")
    page.wait_for_function(READY)
    details = page.locator(".rule[data-rule='301'] > details.history")
    details.locator("summary").click()
    expect(details.locator(":scope > ul > li")).to_have_count(2)
    online = shown_rows(details)
    page.goto(f"{root}{DOCS}/v1/200.html")  # visited, its History never opened
    page.wait_for_function(READY)
    context.set_offline(True)
    page.goto(f"{root}{DOCS}/300.html")
    details = page.locator(".rule[data-rule='301'] > details.history")
    details.locator("summary").click()
    expect(details.locator(":scope > ul > li")).to_have_count(2)
    assert shown_rows(details) == online
    page.goto(f"{root}{DOCS}/v1/200.html")
    details = page.locator(".rule[data-rule='201'] > details.history")
    details.locator("summary").click()
    expect(details.get_by_role("link", name="v2: 301", exact=True)).to_be_visible()
    expect(details.locator("ul")).to_have_count(0)


def test_a_history_never_opened_online_opens_offline_from_the_first_visits_bundle(two_editions, browse, open_context):
    """The first visit stores the current edition's history files from one
    file (render/history.py's HISTORY_BUNDLES: one a document), none fetched alone; a section
    page visited without opening its History then shows the History offline,
    its rows as online."""
    import json

    from browser_site import READY, first_visit
    from rulesite.check.offline_app import check_precache, read_build
    from test_offline_app import Server

    site = two_editions / "site"
    build = read_build(site / "sw.js")
    bundle = next(b for b in build["bundles"] if b["folder"] == f"assets/history/{DOCS}/")
    histories = sorted(url for url, _, _ in build["precache"] if url.startswith(bundle["folder"]))
    assert f"assets/history/{DOCS}/300.js" in histories and bundle["files"] == len(histories)
    held = json.loads((site / bundle["url"]).read_bytes())["files"]
    assert {url: (site / url).read_text(encoding="utf-8") for url in histories} == held
    assert check_precache(site)[0] == []

    server = Server(site)
    root = server.start() + "/"
    try:
        page = browse(root).new_page()
        page.goto(f"{root}{DOCS}/300.html")
        details = page.locator(".rule[data-rule='301'] > details.history")
        details.locator("summary").click()
        expect(details.locator(":scope > ul > li")).to_have_count(2)
        online = shown_rows(details)
        del server.served[:]
        context = open_context(root.rstrip("/"))
        page = first_visit(context, root)
        page.goto(f"{root}{DOCS}/300.html")  # its History left closed
        page.wait_for_function(READY)
    finally:
        server.stop()
    assert server.served.count("/" + bundle["url"]) == 1
    assert [path for path in server.served if path.startswith("/assets/history/")] == []
    context.set_offline(True)
    page.reload()
    details = page.locator(".rule[data-rule='301'] > details.history")
    details.locator("summary").click()
    expect(details.locator(":scope > ul > li")).to_have_count(2)
    assert shown_rows(details) == online
