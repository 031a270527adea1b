"""Diff pages between two editions (fixtures written for the test: section 200
Reveal of v1 is 300 Reveal in v2, its rules renumbered with the same text, 101.1
reworded, 201 Hide added): pure renumberings marked for the toggle, every number
linked to its rule in its edition, sections named, and each rule's history
linking its entry on the diff page. Every link lands on an id its target holds."""

from __future__ import annotations

import json
import posixpath
import re

import pytest

from rulesite.render.history import history_file
from rulesite.render.site import render_site

DIFF = "riftbound/core-rules/changes/v1-to-v2.md"


@pytest.fixture(scope="module")
def pages(two_editions_ctx):
    return render_site(two_editions_ctx)["en"]


def _entry(page: str, anchor: str) -> str:
    start = page.index(f'id="{anchor}"')
    return page[page.rindex("<li", 0, start) : page.index("</li>", start)]


def _lands(pages: dict[str, str], page: str, href: str) -> bool:
    """Whether `href` (from `page`) opens a page that holds its #anchor."""
    path, _, anchor = href.partition("#")
    target = posixpath.normpath(posixpath.join(posixpath.dirname(page), path)).removesuffix(".html") + ".md"
    return target in pages and (not anchor or f'id="{anchor}"' in pages[target])


def test_pure_renumberings_are_marked_for_the_toggle(pages):
    diff = pages[DIFF]
    assert 'class="moved renumbered"' in _entry(diff, "d-301") and 'class="moved renumbered"' in _entry(diff, "d-301.1")
    assert "renumbered" not in _entry(diff, "d-101.1")  # reworded: always shown
    assert "renumbered" not in _entry(diff, "d-201")  # added
    # The button names how many it shows; it is hidden until its script runs
    # (without JavaScript every entry shows, and a dead button would mislead).
    button = re.search(r"<button[^>]*data-renumbered-toggle[^>]*>([^<]*)</button>", diff)
    assert button and button.group(1) == "Show 2 rules only renumbered" and " hidden " in button.group(0)
    # A section holding only renumberings hides with them; the others stay.
    assert '<section class="diff-section renumbered-only" data-section="300"' in diff
    assert '<section class="diff-section" data-section="100"' in diff


def test_numbers_link_to_the_rule_in_each_edition(pages):
    diff = pages[DIFF]
    assert re.search(
        r'<a href="\.\./v1/200\.html#201"[^>]*>201</a> → <a href="\.\./300\.html#301"[^>]*>301</a>', _entry(diff, "d-301")
    )
    changed = _entry(diff, "d-101.1")
    assert re.search(r'<a href="\.\./100\.html#101\.1"[^>]*>101\.1</a>', changed)  # v2's text
    assert '<a href="../v1/100.html#101.1">v1: 101.1</a>' in changed  # and v1's
    hrefs = re.findall(r'href="([^"]+)"', diff)
    assert len(hrefs) >= 9
    for href in hrefs:
        assert _lands(pages, DIFF, href), href


def test_sections_are_named(pages):
    diff = pages[DIFF]
    headings = [re.sub(r"<[^>]+>", "", h) for h in re.findall(r"<h2>(.*?)</h2>", diff)]
    assert headings == ["100 Basics", "200 Hide", "300 Reveal (v1: 200 Reveal)"]


def test_a_rules_history_links_its_diff_entry(pages):
    for page, anchor in (
        ("riftbound/core-rules/300.md", "d-301"),
        ("riftbound/core-rules/300.md", "d-301.1"),
        ("riftbound/core-rules/100.md", "d-101.1"),
        ("riftbound/core-rules/200.md", "d-201"),
        ("riftbound/core-rules/v1/200.md", "d-301"),  # the older edition's page links the same entry
    ):
        links = [row["diff_href"] for rows in _histories(pages, page).values() for row in rows if "diff_href" in row]
        href = next((h for h in links if h.endswith(f"#{anchor}")), None)
        assert href is not None, (page, anchor, links)
        assert _lands(pages, page, href), href
    # 101 is unchanged: no entry, no link.
    assert [row for row in _histories(pages, "riftbound/core-rules/100.md")["101"] if "diff_href" in row] == []


def _histories(pages, page: str) -> dict:
    """Rule number -> its history rows, from the page's history file (render/history.py)."""
    script = pages[history_file(page.removesuffix(".md") + ".html")]
    head = "RulesiteHistory.add("
    assert script.startswith(head) and script.endswith(");\n"), script[:80]
    return json.loads(script[len(head) : -3])["rules"]


def test_numbers_name_their_edition_without_a_tooltip_each(pages):
    """A screen reader hears which edition a number is in; no number carries a
    title, of which Material makes a tooltip each as the page loads (a diff part
    holds thousands of numbers)."""
    diff = pages[DIFF]
    entry = _entry(diff, "d-301")
    assert re.search(r'<a href="\.\./v1/200\.html#201" aria-label="201 in v1">201</a>', entry), entry
    assert re.search(r'<a href="\.\./300\.html#301" aria-label="301 in v2">301</a>', entry), entry
    assert " title=" not in diff


def test_the_changes_folder_has_an_index_of_its_diff_pages(pages, two_editions_ctx):
    """changes/index.md lists each diff page of the folder (from -> to, with the
    counts its page shows), then the comparison of any pair; every link lands."""
    index_page = "riftbound/core-rules/changes/index.md"
    index = pages[index_page]
    folder = posixpath.dirname(index_page)
    diffs = sorted(p for p in pages if posixpath.dirname(p) == folder and p not in (index_page, f"{folder}/compare.md"))
    assert diffs == [DIFF]
    counts = re.search(r"\n(.*)\n\{: \.diff-counts \}", pages[DIFF]).group(1)
    assert f"- [v1 → v2](v1-to-v2.md): {counts}" in index
    assert "1 added" in counts
    assert "[Compare any two editions](compare.md)" in index
    assert index.count("](") == 2
    for target in ("v1-to-v2.md", "compare.md"):
        assert posixpath.join(folder, target) in pages
