"""check/forwarding.py: the forwarding pages (short rule pages, edition aliases)
are checked without building their tree, and that quick way finds exactly what
the full check finds, and sends anything else to the full check."""

from __future__ import annotations

import os
import posixpath
import shutil
from pathlib import Path

import pytest

from rulesite.check.duplicate_ids import duplicate_ids
from rulesite.check.edition_counts import page_entries
from rulesite.check.forwarding import forwarding_facts
from rulesite.check.link_text import summarize
from rulesite.check.page import Page, parse
from rulesite.check.run import CheckRequest, check_built_site
from rulesite.check.script import script_problems
from rulesite.check.site_links import LinkFacts, SiteFiles, page_link_checks, page_links
from rulesite.common.diagnostics import Diagnostics


def site_files(root: Path) -> SiteFiles:
    files, dirs = set(), {""}
    for dirpath, dirnames, filenames in os.walk(root):
        rel = Path(dirpath).relative_to(root).as_posix()
        rel = "" if rel == "." else rel
        dirs.update(posixpath.join(rel, d) for d in dirnames)
        files.update(posixpath.join(rel, f) for f in filenames)
    return SiteFiles(files, dirs, {f for f in files if f.endswith(".html")})


def forwarding_pages(root: Path) -> list[tuple[str, bytes]]:
    """Every page of the site that is not one of Material's (no header): the ones the build writes itself."""
    out = []
    for path in sorted(root.rglob("*.html")):
        data = path.read_bytes()
        if b'class="md-header' not in data and path.name != "404.html":
            out.append((path.relative_to(root).as_posix(), data))
    return out


def test_every_forwarding_page_of_the_site_is_checked_the_quick_way_with_the_full_checks_findings(built_site):
    # The seeds have one whole edition per document: no alias pages (the corpora test has them).
    assert_quick_way_equals_full_check(built_site.site, least=20, aliases_too=False)


@pytest.mark.corpora
def test_every_forwarding_page_of_the_full_corpora_site_is_checked_the_quick_way_the_same(corpora_site):
    assert_quick_way_equals_full_check(corpora_site.site, least=15_000, aliases_too=True)


def assert_quick_way_equals_full_check(root: Path, least: int, aliases_too: bool) -> None:
    pages = forwarding_pages(root)
    short = [rel for rel, data in pages if data.startswith(b"<!doctype html>\n")]
    aliases = [rel for rel, data in pages if data.startswith(b"<!doctype html><html><head>")]
    assert len(short) + len(aliases) >= least and short and (aliases or not aliases_too), (len(short), len(aliases))
    site, full_site = site_files(root), site_files(root)
    for rel, data in pages:
        quick = forwarding_facts(rel, data)
        # A forwarding shape the quick way does not know would only be slower: say so.
        assert quick is not None, f"{rel}: not one of the forwarding shapes check/forwarding.py knows"
        page = Page(rel, data, parse(data))
        facts, offline, network = page_links(page)
        assert (offline, network) == ([], [])
        assert script_problems(page, rel) == [] and duplicate_ids(page) == []
        assert quick.facts == with_lines(page, facts), rel
        assert quick.summary == summarize(page), rel
        assert page_entries(page) == (set(), [], [])
        assert page_link_checks(quick, quick.facts, site) == page_link_checks(page, facts, full_site), rel


def with_lines(page: Page, facts: LinkFacts) -> LinkFacts:
    """`page_links`' facts with each <a href>'s line (0 there: looked up only when
    needed), as the quick way gives them: the line of the first <a> with that href."""
    first: dict[str, int] = {}
    for el in page.elements.tag("a"):
        first.setdefault(el.get("href"), el.sourceline)
    return LinkFacts(facts.ids, [(line or first[url], what, url) for line, what, url in facts.links])


def _first_short_page(root: Path) -> tuple[str, str]:
    for rel, data in forwarding_pages(root):
        if rel.startswith("r/") and b"og:title" in data:
            return rel, data.decode("utf-8")
    pytest.fail("no short rule page in the built seed site")


# A page changed as a hostile source (or a broken template) might change it:
# the quick way must not take it, and the full check must report it.
MUTATIONS = {
    "event handler": ("<body>", '<body onload="alert(1)">', "script"),
    "script element": ("</body>", '<script src="x.js"></script></body>', "script"),
    "javascript URL": ('<p><a href="', '<p><a href="javascript:alert(1)" x="', "script"),
    "network icon": ('<link rel="icon" href="', '<link rel="icon" href="https://cdn.example.org/', "network-load"),
    "broken link": ('<p><a href="', '<p><a href="nowhere/', "broken-link"),
    "broken anchor": ('">Link to', '-not-there">Link to', "broken-anchor"),
    "known host": ("</body>", "fonts.googleapis.com</body>", "network-host"),
}


@pytest.mark.parametrize("name", sorted(MUTATIONS))
def test_a_changed_forwarding_page_is_checked_in_full_and_its_problem_reported(built_site, tmp_path, name):
    old, new, code = MUTATIONS[name]
    rel, text = _first_short_page(built_site.site)
    assert old in text, f"{rel}: the short page's shape changed; update the test"
    changed = text.replace(old, new, 1)
    site = tmp_path / "site"
    shutil.copytree(built_site.site, site, symlinks=True)
    (site / rel).write_text(changed, encoding="utf-8")
    quick = forwarding_facts(rel, changed.encode())
    diag = Diagnostics()
    check_built_site(CheckRequest(site, jobs=1), diag)
    found = [d for d in diag.errors if d.loc.path == rel]
    assert [d.code for d in found if d.code == code], (name, quick, [str(d) for d in diag.errors][:5])
    if code in ("script", "network-load", "network-host"):
        assert quick is None


def test_an_absolute_canonical_link_still_takes_the_quick_way(built_site):
    """With --site-url the canonical link is absolute: no link to check, nothing loaded."""
    rel, text = _first_short_page(built_site.site)
    changed = text.replace('<link rel="canonical" href="', '<link rel="canonical" href="https://rules.example.org/', 1)
    quick = forwarding_facts(rel, changed.encode())
    assert quick is not None
    page = Page(rel, changed.encode(), parse(changed))
    assert quick.facts == with_lines(page, page_links(page)[0])
