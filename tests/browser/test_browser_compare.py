"""Diffs between editions the build does not pre-render are shown in the
browser from the build's own answer, published in data/ (assets/compare.js
lays it out, export/data.diff_data writes it), and look the same as the pages
Python renders, over http:// and from disk.

Built from a document with four whole editions written for the test
(tests/editions_fixture.py): the build pre-renders neighbours and each edition
against the current one, so v1.0 -> v1.2 is left to the browser. What the
browser shows is compared with what Python computes for that pair
(`resolve.history.traced_diff`, laid out by `render/edition_pages.render_diff_pages`),
and for a pre-rendered pair with the page Python rendered.
"""

from __future__ import annotations

import dataclasses

from html.parser import HTMLParser

import pytest
from browser_site import serve
from editions_fixture import write_four_editions
from playwright.sync_api import expect
from shared_sites import shared_build

from rulesite.stages import read as read_stage

from rulesite.stages import resolve as resolve_stage
from rulesite.common.diagnostics import Diagnostics
from rulesite.render.edition_pages import render_diff_pages

pytestmark = pytest.mark.browser

CHANGES = "riftbound/core-rules/changes"
KEY = ("riftbound", "core-rules", "en")


@pytest.fixture(scope="module")
def four_site(tmp_path_factory, repo_root):
    """The four editions built (shared with the other tests building them: read only)."""
    root, result = shared_build(tmp_path_factory, repo_root, "four-editions", write_four_editions)
    assert result.returncode == 0, result.stdout + result.stderr
    return root


@pytest.fixture(scope="module")
def four_ctx(four_site):
    diag = Diagnostics()
    corpus = read_stage.read_corpus(four_site / "rules_src" / "manifest.yml", diag)
    ctx = resolve_stage.resolve(corpus, diag)
    assert diag.errors == []
    return ctx


@pytest.fixture(scope="module")
def four_origin(four_site):
    with serve(four_site / "site") as origin:
        yield origin


@pytest.fixture(params=["http", "file"])
def four_root(request, four_site) -> str:
    if request.param == "http":
        return request.getfixturevalue("four_origin") + "/"
    return (four_site / "site").resolve().as_uri() + "/"


class _Entries(HTMLParser):
    """A diff page's content as data: the counts line, and per section its
    entries as (class, text of <b>, text of <small>, word-diff parts)."""

    def __init__(self):
        super().__init__()
        self.counts, self.sections, self.stack, self.entry = "", {}, [], None
        self.section = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.stack.append((tag, a))
        if tag == "section" and "diff-section" in (a.get("class") or ""):
            self.section = self.sections.setdefault(a["data-section"], [])
        elif tag == "li" and self.section is not None:
            self.entry = [a.get("class"), "", "", []]
            self.section.append(self.entry)
        elif tag in ("del", "ins") and self.entry is not None:
            self.entry[3].append([tag, ""])

    def handle_endtag(self, tag):
        while self.stack and self.stack.pop()[0] != tag:
            pass
        if tag == "section":
            self.section = None

    def handle_data(self, data):
        tags = [t for t, _ in self.stack]
        classes = " ".join(a.get("class") or "" for _, a in self.stack)
        if "diff-counts" in classes:
            self.counts += data
        if self.entry is None or "li" not in tags:
            return
        if "b" in tags:
            self.entry[1] += data
        elif "small" in tags:
            self.entry[2] += data
        elif "word-diff" in classes:
            if tags[-1] in ("del", "ins"):
                self.entry[3][-1][1] += data
            elif self.entry[3] and self.entry[3][-1][0] == "=":
                self.entry[3][-1][1] += data
            else:
                self.entry[3].append(["=", data])


def entries(html: str) -> tuple[str, dict]:
    parser = _Entries()
    parser.feed(html)
    return " ".join(parser.counts.split()), parser.sections


def browser_diff(page, url: str, timeout: float = 15_000) -> tuple[str, dict]:
    page.goto(url)
    expect(page.locator("[data-diff-output] .diff-counts")).to_be_visible(timeout=timeout)
    return entries(page.locator("[data-diff-output]").evaluate("e => e.outerHTML"))


def test_a_pair_the_build_leaves_out_is_computed_in_the_browser_as_python_computes_it(four_root, four_ctx, browse):
    from rulesite.resolve.history import traced_diff

    chains = four_ctx.chains[KEY]
    by_label = {e.label: e for e in chains.editions}
    ready = {(d.old.label, d.new.label) for d in four_ctx.diffs}
    assert ("v1.0", "v1.2") not in ready and len(ready) == 5  # 2n - 3 pages for n = 4
    diff = traced_diff(chains, by_label["v1.0"], by_label["v1.2"])
    # Laid out as a page of its own would be: the site map made again with it.
    shown = dataclasses.replace(four_ctx, diffs=[*four_ctx.diffs, diff], site_map=None, cache={})
    (made,) = render_diff_pages(shown, diff, *KEY[:2]).values()  # small: one page
    counts = diff.counts()
    only = sum(1 for m in diff.moved if not m.text_changed)  # pure renumberings, counted apart
    assert only, "the fixture's pair must renumber a rule without changing it"
    # The Markdown's raw HTML holds the entries; its counts line is Markdown.
    expected = (
        " • ".join(
            f"{counts[k]} {k}" + (f" ({only} only renumbered)" if k == "moved" else "")
            for k in ("added", "removed", "changed", "moved", "unchanged")
        ),
        entries(made)[1],
    )
    assert expected[1], "the fixture's pair must differ"
    kinds = {e[0] for group in expected[1].values() for e in group}
    assert kinds == {"added", "removed", "changed", "moved renumbered"}, kinds
    page = browse(four_root).new_page()
    got = browser_diff(page, f"{four_root}{CHANGES}/compare.html?old=v1.0&new=v1.2")
    assert got == expected
    expect(page.locator("article h1")).to_contain_text("v1.0 → v1.2")


@pytest.mark.parametrize("old,new", [("v1.1", "v1.2"), ("v1.0", "v1.3"), ("v1.2", "v1.3")])
def test_a_prerendered_pairs_published_data_shows_what_its_page_shows(four_root, four_site, browse, old, new):
    """One definition: laid out from the data (?show=data), a pre-rendered pair
    gives its page's counts and entries, the words of how each pair was made included."""
    page = browse(four_root).new_page()
    got = browser_diff(page, f"{four_root}{CHANGES}/compare.html?old={old}&new={new}&show=data")
    html = (four_site / "site" / CHANGES / f"{old}-to-{new}.html").read_text(encoding="utf-8")
    assert got == entries(html)
    assert got[1], "the pair must differ"


def test_a_pair_left_to_the_browser_loads_only_its_own_data(four_origin, browse):
    """A reader's bytes: the editions index and the pair's diff, not the two editions' files."""
    page = browse(four_origin + "/").new_page()
    asked = []
    page.on("request", lambda request: asked.append(request.url))
    browser_diff(page, f"{four_origin}/{CHANGES}/compare.html?old=v1.0&new=v1.2")
    data = sorted(u.split("/data/", 1)[1] for u in asked if "/data/" in u)
    assert data == ["editions.json", "riftbound/core-rules/en/diffs/v1.0-to-v1.2.json"], data


def test_a_prerendered_pair_opens_its_page(four_root, browse):
    page = browse(four_root).new_page()
    page.goto(f"{four_root}{CHANGES}/compare.html?old=v1.1&new=v1.3")
    page.wait_for_url(f"{four_root}{CHANGES}/v1.1-to-v1.3.html")
    expect(page.locator("article h1")).to_contain_text("v1.1 → v1.3")


def test_the_editions_page_offers_every_pair(four_site):
    import re
    from html import unescape

    html = (four_site / "site" / "riftbound/core-rules/editions.html").read_text(encoding="utf-8")
    hrefs = {unescape(h) for h in re.findall(r'href="([^"]+)"', html)}
    labels = ["v1.0", "v1.1", "v1.2", "v1.3"]
    for i, old in enumerate(labels):
        for new in labels[i + 1 :]:
            page = f"changes/{old}-to-{new}.html"
            browser = f"changes/compare.html?old={old}&new={new}"
            assert (page in hrefs and (four_site / "site/riftbound/core-rules" / page).is_file()) or browser in hrefs, (old, new)
    assert "changes/compare.html?old=v1.0&new=v1.2" in hrefs


def test_a_computed_diff_hides_pure_renumberings_until_asked(four_root, browse):
    """As on a pre-rendered page (renumbered-toggle.js): v1.0's 101.1 is v1.2's 101.2, same text."""
    page = browse(four_root).new_page()
    page.goto(f"{four_root}{CHANGES}/compare.html?old=v1.0&new=v1.2")
    entry = page.locator("[data-diff-output] li.renumbered")
    expect(entry).to_have_count(1)
    expect(entry).to_have_attribute("id", "d-101.2")
    expect(entry).to_be_hidden()
    expect(page.locator("[data-diff-output] li.changed").first).to_be_visible()
    page.get_by_role("button", name="Show 1 rule only renumbered").click()
    expect(entry).to_be_visible()
    # Its numbers open the rule in each edition.
    links = entry.locator("b a")
    expect(links).to_have_count(2)
    assert links.nth(0).get_attribute("href").endswith("riftbound/core-rules/v1.0/101.html#101.1")
    assert links.nth(1).get_attribute("href").endswith("riftbound/core-rules/v1.2/101.html#101.2")
