"""Documents with several editions build and publish, as a maintainer adds them.

Magic's Comprehensive Rules with two and with three editions, and Riftbound's
Tournament Rules with three, each older edition made at test time from the
corpora (tests/older_editions.py: a rule taken out and its later siblings
renumbered, a rule put back, rules reworded), built for real (strict MkDocs,
then the build's own output check). Two builds, shared by the tests of this
module: the full corpora with an older Magic edition added (two editions of
Magic; a build the offline budget's test reads too, tests/grown_corpora.py);
Magic and the Tournament Rules with three.
"""

from __future__ import annotations

import itertools
import re
from html import unescape
from pathlib import Path

import pytest
from buildutil import run_build
from edition_lines import printed_counts
from grown_corpora import grown_build
from older_editions import CORPUS_DATE, OLDER, OLDER_TOURNAMENT_DATE, write_magic_chain, write_tournament_chain

pytestmark = pytest.mark.corpora

MAGIC = "magic/comprehensive-rules"
TOURNAMENT = "riftbound/tournament-rules"
MAGIC_TWO = [OLDER[0].date, CORPUS_DATE]
MAGIC_THREE = [OLDER[1].date, OLDER[0].date, CORPUS_DATE]
TOURNAMENT_THREE = [OLDER_TOURNAMENT_DATE, "2026-03-30", "2026-04-29"]


def _built(root: Path, result) -> Path:
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-6000:]
    assert "error[" not in output, output[-6000:]
    assert re.search(r"^check .*: 0 problems", result.stdout, re.MULTILINE), result.stdout[-3000:]
    return root


@pytest.fixture(scope="module")
def magic_two(tmp_path_factory, repo_root, corpora_dir):
    """Magic's two editions: the full corpora with its older edition added, the
    build test_offline_budget.py reads too (tests/grown_corpora.py)."""
    root, result = grown_build(tmp_path_factory, repo_root, corpora_dir)
    return _built(root, result), result.stdout


@pytest.fixture(scope="module")
def three_each(tmp_path_factory, repo_root, corpora_dir):
    root = tmp_path_factory.mktemp("three-each")
    write_magic_chain(root, corpora_dir, 3)
    write_tournament_chain(root, corpora_dir)
    result = run_build(repo_root, root)
    return _built(root, result), result.stdout


CHAINS = {
    "magic-two": ("magic_two", {MAGIC: MAGIC_TWO}),
    "three-each": ("three_each", {MAGIC: MAGIC_THREE, TOURNAMENT: TOURNAMENT_THREE}),
}


@pytest.fixture(params=list(CHAINS))
def chain(request):
    fixture, documents = CHAINS[request.param]
    root, stdout = request.getfixturevalue(fixture)
    return root / "site", stdout, documents


def _html(site: Path, rel: str) -> str:
    return (site / rel).read_text(encoding="utf-8")


def _hrefs(html: str) -> list[str]:
    return [unescape(h) for h in re.findall(r'href="([^"]+)"', html)]


def test_every_edition_is_read_and_built_whole(chain):
    """The build's per-edition counts of what it read equal those of what it built (the output check)."""
    _site, stdout, documents = chain
    counts = printed_counts(stdout)
    for document, editions in documents.items():
        for edition in editions:
            name = f"{document} (en) {edition}"
            assert name in counts["edition"], (name, sorted(counts["edition"]))
            assert counts["built"][name] == counts["edition"][name]
            assert counts["edition"][name]["rules"] > 500


def test_every_pair_of_editions_has_its_diff_and_a_split_diff_links_its_parts(chain):
    site, _stdout, documents = chain
    split = 0
    for document, editions in documents.items():
        for old, new in itertools.combinations(editions, 2):
            page = f"{document}/changes/{old}-to-{new}.html"
            html = _html(site, page)
            assert f"{old} → {new}" in html
            parts = [h for h in _hrefs(html) if h.startswith(f"{old}-to-{new}/")]
            split += bool(parts)
            for k, part in enumerate(parts):
                here = _hrefs(_html(site, f"{document}/changes/{part}"))
                # A part links its neighbours by their names (the link-text check's navigation words).
                if k:
                    assert parts[k - 1].rpartition("/")[2] in here, (part, "previous")
                if k + 1 < len(parts):
                    assert parts[k + 1].rpartition("/")[2] in here, (part, "next")
    # Renumbering a keyword's successors makes Magic's diff too heavy for one page.
    assert split, "no diff was split into parts: the navigation between parts is not tested"


def _entries(site: Path, document: str, old: str, new: str) -> dict[str, str]:
    """Entry id (d-<new number>, was-<old number>) -> its class, over the diff's page or parts."""
    page = f"{document}/changes/{old}-to-{new}.html"
    html = _html(site, page)
    for part in [h for h in _hrefs(html) if h.startswith(f"{old}-to-{new}/")]:
        html += _html(site, f"{document}/changes/{part}")
    return {ident: css for css, ident in re.findall(r'<li class="([^"]+)" id="((?:d|was)-[^"]+)"', html)}


def test_magic_diffs_say_what_each_older_edition_lacks_and_where_its_rules_went(magic_two, three_each):
    for root in (magic_two[0], three_each[0]):
        site = root / "site"
        entries = _entries(site, MAGIC, OLDER[0].date, CORPUS_DATE)
        # 702.21 (Ward) is new; what was 702.21 (Banding) is 702.22 now, its text the same.
        assert entries["d-702.21a"] == "added"
        assert entries["d-702.22a"] == "moved renumbered"
        assert entries["d-702.179a"] == "moved renumbered"  # the last keyword, one higher
        # The rule the newer edition dropped, and the rules worded otherwise.
        assert entries[f"was-{OLDER[0].put_back[0]}"] == "removed"
        for number in OLDER[0].reworded:
            assert entries[f"d-{number}"] == "changed", number
        assert "d-101.1" not in entries  # unchanged rules are not listed
    entries = _entries(three_each[0] / "site", MAGIC, OLDER[1].date, CORPUS_DATE)
    # In the oldest edition 701.57 was Suspect (701.58 now) and 702.21 Banding (702.22 now).
    assert entries["d-701.57a"] == "added" and entries["d-701.58a"] == "moved renumbered"
    assert entries["d-702.21a"] == "added" and entries["d-702.22a"] == "moved renumbered"


def _glossary_terms(site: Path, folder: str) -> set[str]:
    terms = set()
    for page in (site / folder / "glossary").glob("*.html"):
        terms |= set(re.findall(r'<h2 class="glossary-term" id="g-([^"]+)"', page.read_text(encoding="utf-8")))
    return terms


def test_each_magic_edition_has_its_own_glossary(three_each):
    site = three_each[0] / "site"
    current, middle, oldest = (_glossary_terms(site, f"{MAGIC}{f'/{e}' if e else ''}") for e in ("", *MAGIC_THREE[1::-1]))
    assert "ward" in current and "ward" not in middle and "ward" not in oldest
    assert "collect-evidence" in current and "collect-evidence" in middle and "collect-evidence" not in oldest
    # An older glossary's rule references open that edition's rules: Banding was 702.21.
    html = _html(site, f"{MAGIC}/{OLDER[0].date}/glossary/b.html")
    entry = html[html.index('id="g-banding') :][:2000]
    assert '<a class="ref" data-rule="702.21" href="../702.21.html#702.21">702.21</a>' in entry


def _forwards_to(site: Path, pinned: str) -> str:
    html = _html(site, pinned)
    target = re.search(r'<noscript><meta http-equiv="refresh" content="0; url=([^"]+)"></noscript>', html)
    assert target, pinned
    resolved = (site / pinned).parent / unescape(target[1]).partition("?")[0]
    assert resolved.resolve().is_file(), (pinned, target[1])
    return unescape(target[1])


def test_pinned_links_of_older_editions_land_on_the_same_rule_today(magic_two, three_each):
    for root in (magic_two[0], three_each[0]):
        site = root / "site"
        # Banding was 702.21a in the older edition.
        assert _forwards_to(site, f"mtg/{OLDER[0].date}/702.21a.html").endswith(
            f"{MAGIC}/702.22.html?was={OLDER[0].date}%3A702.21a#702.22a"
        )
        # A rule the current edition dropped: forwarded to its last edition, saying so.
        gone = _forwards_to(site, f"mtg/{OLDER[0].date}/{OLDER[0].put_back[0]}.html")
        assert f"{MAGIC}/{OLDER[0].date}/" in gone and f"removed={CORPUS_DATE}" in gone
    site = three_each[0] / "site"
    assert _forwards_to(site, f"mtg/{OLDER[1].date}/701.57a.html").endswith(
        f"{MAGIC}/701.58.html?was={OLDER[1].date}%3A701.57a#701.58a"
    )
    # The Tournament Rules: 103.2 (Penalties) of the oldest edition is 103.3 today.
    assert _forwards_to(site, f"{TOURNAMENT}/r/{OLDER_TOURNAMENT_DATE}/103.2.html").endswith(
        f"?was={OLDER_TOURNAMENT_DATE}%3A103.2#103.3"
    )


def test_the_compare_page_offers_every_edition(chain):
    site, _stdout, documents = chain
    for document, editions in documents.items():
        html = _html(site, f"{document}/changes/compare.html")
        for name in ("old", "new"):
            select = re.search(rf'<select name="{name}">(.*?)</select>', html, re.DOTALL)
            assert select, (document, name)
            assert re.findall(r'<option value="([^"]+)"', select[1]) == editions, (document, name)
