"""Acceptance: the full site, built with the real corpora (fixture `corpora_site`:
`rulesite build --corpora`), read as HTML.

What a reader and a maintainer rely on, checked on the real build: the current
Core Rules own the plain URLs and older editions keep theirs, diff pages agree
with the model, every rule has its history, rulings, cards and errata are all
there and linked both ways, the French explainers line up with the English ones,
the Spanish Magic page points at its English equivalent, and the build's own
checks pass.

Expected values come from the corpora at test time (the model built by the same
importers: `read_stage.read_corpus(..., also=[(CORPORA_MANIFEST, corpora_dir)])`,
and `rulesite.resolve.history` for diffs), never from text kept here. The few
fixed facts are promises to readers (Reveal is 424 in v1.4 and 411 in v1.2; the
URLs of pages) or the corpora's own (the attribution of the MDX rulings).
"""

from __future__ import annotations

import json
import posixpath
import re
from collections import Counter
from functools import cache
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
import yaml

from rulesite.stages import read as read_stage

from rulesite.stages import resolve as resolve_stage
from rulesite.check.page import classes, find, find_all, flat, parse, text
from rulesite.check.command import check_offline, check_site
from rulesite.common.diagnostics import Diagnostics
from rulesite.common.model import Corpus, Edition, Loc, Rule, Ruling, Section, SectionKey
from rulesite.resolve.history import diff_editions, match_editions, rule_history, rule_text
from rulesite.resolve.official import revisions
from rulesite.site_map.paths import html_path
from rulesite.resolve.review import needs_review
from rulesite.common.strings import language_in, review_change, t
from rulesite.common.card_symbols import shown_text

SOURCES = Path(__file__).resolve().parents[2] / "rules_src"  # the project's own sources

pytestmark = pytest.mark.corpora

CORE = ("riftbound", "core-rules", "en")
TOURNAMENT = ("riftbound", "tournament-rules", "en")
MDX_RULINGS = "rb-community-rulings-riftboundfaq"  # its id in rules_src/external/corpora.manifest.yml
EXCERPT = "rb-core-2026-10-09"  # the seed's official excerpt (section 832 only), rules_src/manifest.yml


# --- the built pages, read with the check stage's parsed-page helper (lxml) ------------


def _headerlink(el) -> bool:
    return "headerlink" in classes(el)


def words(el) -> str:
    """An element's text as read, without the headings' permalink signs."""
    return flat(text(el, _headerlink))


def squash(text: str) -> str:
    """Text without any whitespace: word diffs and HTML put spaces differently."""
    return re.sub(r"\s+", "", text or "")


@cache
def _parse(path: Path):
    return parse(path.read_bytes())


def page(site: Path, rel: str):
    path = site / rel
    assert path.is_file(), f"no page {rel} in the built site"
    return _parse(path)


def article(site: Path, rel: str):
    root = page(site, rel)
    found = find(root, "article")
    assert found is not None, f"{rel} has no <article>"
    return found


def h1(site: Path, rel: str) -> str:
    heading = find(article(site, rel), "h1")
    assert heading is not None, f"{rel} has no <h1>"
    return words(heading)


# Rules are looked up in the whole page, not only in its <article>: whether they
# stay inside it is a test of its own (test_rules_stay_inside_the_page_content).


def rule_div(site: Path, rel: str, number: str):
    div = find(page(site, rel), "div", "rule", data_rule=number)
    assert div is not None, f"{rel} shows no rule {number} (no div.rule[data-rule={number!r}])"
    return div


def rule_numbers(site: Path, rel: str) -> list[str]:
    return [d.get("data-rule") for d in find_all(page(site, rel), "div", "rule") if d.get("data-rule") is not None]


def target_of(from_page: str, href: str) -> tuple[str, str]:
    """(site-root-relative page, decoded fragment) a relative href leads to."""
    parts = urlsplit(href)
    assert not parts.scheme and not parts.netloc, f"{from_page}: {href} leaves the site"
    path = posixpath.normpath(posixpath.join(posixpath.dirname(from_page), unquote(parts.path))) if parts.path else from_page
    return path, unquote(parts.fragment)


def history_of(div):
    return next((d for d in find_all(div, "details", "history")), None)


@cache
def _history_file(site: Path, rel: str) -> dict:
    """Rule number -> its history rows, from the page's history file
    (assets/history/<page>.js, render/history.py), which assets/history.js
    lays out when a History is opened (tests/browser/test_browser_history.py)."""
    script = (site / "assets/history" / (rel.removesuffix(".html") + ".js")).read_text(encoding="utf-8")
    head, tail = "RulesiteHistory.add(", ");\n"
    assert script.startswith(head) and script.endswith(tail), f"{rel}: its history file is not one RulesiteHistory.add()"
    data = json.loads(script[len(head) : -len(tail)])
    assert data["page"] == rel, (rel, data["page"])
    return data["rules"]


@cache
def _cited_in_history_file(site: Path, rel: str) -> dict:
    """Rule number -> [[title, href]] of what cites it, for the rules whose
    "Cited by" is folded into their History (assets/history.js shows it there)."""
    script = (site / "assets/history" / (rel.removesuffix(".html") + ".js")).read_text(encoding="utf-8")
    return json.loads(script[len("RulesiteHistory.add(") : -len(");\n")]).get("cited", {})


def cited_by_links(site: Path, rel: str, div, number: str) -> list[str]:
    """The hrefs a rule lists under "Cited by": printed under it, or folded into its History."""
    printed = [
        a.get("href", "") for p in find_all(div, "p", "rule-meta") if t("en", "cited-by") in words(p) for a in find_all(p, "a")
    ]
    history = site / "assets/history" / (rel.removesuffix(".html") + ".js")
    folded = [href for _, href in _cited_in_history_file(site, rel).get(number, [])] if history.is_file() else []
    assert not (printed and folded), f"{rel}#{number}: 'Cited by' both printed and folded"
    if folded:
        summary = words(find(history_of(div), "summary"))
        assert f"{t('en', 'cited-by').lower()} {len(folded)}" in summary.lower(), (rel, number, summary)
    return printed + folded


def history_rows(site: Path, rel: str, number: str) -> list[dict]:
    """The rows of a rule's history, oldest edition first ([] when none)."""
    path = site / "assets/history" / (rel.removesuffix(".html") + ".js")
    return _history_file(site, rel).get(number, []) if path.is_file() else []


def row_words(row: dict) -> str:
    """A history row's words as the opened History shows them, without its link
    to the rule's entry on a diff page: "v1.4: 424.2 — renumbered: ..."."""
    line = row["label"] + (f" — {row['how']}" if row.get("how") else "")
    return " ".join((line + "".join(text for _, text in row.get("diff", []))).split())


# --- the model the site is built from ------------------------------------------------------


@pytest.fixture(scope="module")
def model(corpora_dir: Path):
    """(corpus, context) read and resolved from rules_src/ plus the real corpora,
    exactly as `rulesite build --corpora` reads them."""
    diag = Diagnostics()
    corpus = read_stage.read_corpus(SOURCES / "manifest.yml", diag, [(read_stage.corpora_manifest(SOURCES), corpora_dir)])
    ctx = resolve_stage.resolve(corpus, diag)
    assert not diag.errors, [str(d) for d in diag.errors][:5]
    return corpus, ctx


@pytest.fixture(scope="module")
def corpus(model) -> Corpus:
    return model[0]


def editions(corpus: Corpus, key=CORE) -> dict[str, Edition]:
    return {e.label: e for e in corpus.editions[key]}


@pytest.fixture(scope="module")
def core_diff(corpus):
    """v1.2 → v1.4, computed here with diff_editions."""
    eds = editions(corpus)
    return diff_editions(eds["v1.2"], eds["v1.4"])


def section_titled(edition: Edition, title: str) -> Section:
    found = [s for s in edition.sections.values() if s.title.strip().lower() == title]
    assert len(found) == 1, f"{edition.label}: {len(found)} sections titled {title!r}"
    return found[0]


# --- 1. editions -----------------------------------------------------------------------------


def test_model_has_the_editions_the_site_promises(corpus):
    core = editions(corpus)
    assert [(e.label, e.partial) for e in corpus.editions[CORE] if e.date != "undated"] == [
        ("v1.1", False),
        ("v1.2", False),
        ("v1.4", False),
        ("2026-10-09", True),
    ]
    assert section_titled(core["v1.4"], "reveal").number == "424"
    assert section_titled(core["v1.2"], "reveal").number == "411"
    assert list(core["2026-10-09"].sections) == ["832"], "the 2026-10-09 excerpt prints section 832 only"
    assert "832" not in core["v1.4"].sections


def test_current_edition_owns_the_plain_urls(corpora_site, corpus):
    site = corpora_site.site
    v14 = editions(corpus)["v1.4"]
    for number, section in v14.sections.items():
        rel = f"riftbound/core-rules/{number}.html"
        assert h1(site, rel) == f"{number} {section.title}".strip(), rel
        assert rule_numbers(site, rel) == [r.number for r in section.rules], f"{rel} does not show v1.4's rules"
        assert "not the current text" not in words(article(site, rel)), f"{rel} calls itself not current"
    reveal = article(site, "riftbound/core-rules/424.html")
    assert "v1.4" in words(find(reveal, "p", "source-note")), "the 424 page does not name Core Rules v1.4 as its source"


def test_older_editions_live_under_versioned_paths_and_say_they_are_not_current(corpora_site, corpus):
    site = corpora_site.site
    core = editions(corpus)
    checked = 0
    for label in ("v1.1", "v1.2"):
        for number, section in core[label].sections.items():
            rel = f"riftbound/core-rules/{label}/{number}.html"
            assert h1(site, rel) == f"{number} {section.title}".strip(), rel
            assert rule_numbers(site, rel) == [r.number for r in section.rules], rel
            warning = find(article(site, rel), "div", "admonition")
            assert warning is not None and "not the current text" in words(warning), (
                f"{rel} does not say it is not the current text"
            )
            assert label in words(warning), f"{rel}: the notice does not name edition {label}"
            checked += 1
    assert checked == len(core["v1.1"].sections) + len(core["v1.2"].sections)
    assert h1(site, "riftbound/core-rules/v1.2/411.html") == "411 Reveal"


def test_renumbered_rules_on_a_v12_page_link_to_where_they_live_now(corpora_site, corpus):
    """Every rule of v1.2's Reveal (411) that v1.4 prints as 424.x: its history
    names and links the v1.4 number."""
    site = corpora_site.site
    core = editions(corpus)
    rel = "riftbound/core-rules/v1.2/411.html"
    moved = [m for m in match_editions(core["v1.2"], core["v1.4"]) if m.old_section.number == "411"]
    assert moved and all(m.new_section.number == "424" for m in moved)
    for m in moved:
        details = history_of(rule_div(site, rel, m.old.number))
        assert details is not None, f"{rel}#{m.old.number} has no history"
        rows = history_rows(site, rel, m.old.number)
        row = next((r for r in rows if row_words(r).startswith(f"v1.4: {m.new.number}")), None)
        assert row is not None, f"{rel}#{m.old.number}: the history does not name v1.4's {m.new.number}"
        assert row.get("href"), f"{rel}#{m.old.number}: v1.4's {m.new.number} is not a link"
        assert target_of(rel, row["href"]) == ("riftbound/core-rules/424.html", m.new.number)


def test_v12_history_summary_says_where_the_rule_lives_now(corpora_site, corpus):
    """The collapsed history (its <summary>, all a reader sees without opening it)
    says "now 424.x in v1.4"."""
    site = corpora_site.site
    core = editions(corpus)
    rel = "riftbound/core-rules/v1.2/411.html"
    wrong = []
    for m in match_editions(core["v1.2"], core["v1.4"]):
        if m.old_section.number != "411":
            continue
        summary = words(find(history_of(rule_div(site, rel, m.old.number)), "summary"))
        if f"now {m.new.number} in v1.4" not in summary:
            wrong.append(f"{m.old.number}: {summary!r}")
    assert not wrong, f"{len(wrong)} rules of {rel} do not say where they are now, e.g. {wrong[:3]}"


def _removed_in_v14(corpus, core_diff):
    """(page, rule) of v1.2 rules removed in v1.4, each with its versioned page."""
    found = [(f"riftbound/core-rules/v1.2/{s.number}.html", r) for s, r in core_diff.removed if s.version_path == "v1.2"]
    assert found, "diff_editions finds no rule removed between v1.2 and v1.4"
    return found


def test_rules_removed_in_v14_say_so_in_their_history(corpora_site, corpus, core_diff):
    site = corpora_site.site
    missing, unlinked = [], []
    for rel, rule in _removed_in_v14(corpus, core_diff):
        details = history_of(rule_div(site, rel, rule.number))
        rows = history_rows(site, rel, rule.number) if details is not None else []
        row = next((r for r in rows if row_words(r) == "v1.4: removed in v1.4"), None)
        if row is None:
            missing.append(f"{rel}#{rule.number}")
            continue
        # The row links the rule's entry on the v1.2 -> v1.4 diff page, which holds it.
        href = row.get("diff_href", "")
        target, anchor = target_of(rel, href) if href else ("", "")
        if anchor != f"was-{rule.number}" or not target.startswith("riftbound/core-rules/changes/v1.2-to-v1.4"):
            unlinked.append(f"{rel}#{rule.number}: {href!r}")
        elif f'id="was-{rule.number}"' not in (site / target).read_text(encoding="utf-8"):
            unlinked.append(f"{rel}#{rule.number}: {href!r} is not on {target}")
    assert not missing, f"{len(missing)} removed rules do not say 'removed in v1.4': {missing[:5]}"
    assert not unlinked, f"{len(unlinked)} removed rules do not link their diff entry: {unlinked[:5]}"


def test_rules_removed_in_v14_say_so_in_their_history_summary(corpora_site, corpus, core_diff):
    site = corpora_site.site
    wrong = []
    for rel, rule in _removed_in_v14(corpus, core_diff):
        summary = words(find(history_of(rule_div(site, rel, rule.number)), "summary"))
        if "removed in v1.4" not in summary:
            wrong.append(f"{rel}#{rule.number}: {summary!r}")
    assert not wrong, f"{len(wrong)} removed rules' history summaries do not say so, e.g. {wrong[:3]}"


def test_v14_alias_forwards_to_the_plain_page(corpora_site, corpus):
    site = corpora_site.site
    for number in editions(corpus)["v1.4"].sections:
        rel = f"riftbound/core-rules/v1.4/{number}.html"
        text = (site / rel).read_text(encoding="utf-8")
        refresh = re.search(r'http-equiv="refresh" content="0; url=([^"]+)"', text)
        canonical = re.search(r'rel="canonical" href="([^"]+)"', text)
        assert refresh and canonical, f"{rel} does not forward"
        for href in (refresh.group(1), canonical.group(1)):
            assert target_of(rel, href)[0] == f"riftbound/core-rules/{number}.html", (rel, href)
        assert "location.hash" in text, f"{rel} forgets the #rule when it forwards"


def test_excerpt_832_is_shown_as_an_excerpt_and_not_mixed_into_v14(corpora_site, corpus):
    site = corpora_site.site
    excerpt = corpus.sources[EXCERPT]
    assert excerpt.partial and excerpt.edition == "2026-10-09"
    rel = "riftbound/core-rules/832.html"
    note = words(find(article(site, rel), "p", "source-note"))
    assert excerpt.title in note and "2026-10-09" in note and t("en", "excerpt") in note, note
    assert not (site / "riftbound/core-rules/v1.4/832.html").exists(), "v1.4 has no 832, yet a v1.4 address exists"
    # No page of the current text but 832's shows a rule numbered 832.x.
    for other in (site / "riftbound/core-rules").glob("*.html"):
        if other.name != "832.html" and other.stem[0].isdigit():
            numbers = rule_numbers(site, f"riftbound/core-rules/{other.name}")
            assert not [n for n in numbers if n.split(".")[0] == "832"], other.name
    # The plain 832 page shows every rule the excerpt prints.
    shown = set(rule_numbers(site, rel))
    printed = {r.number for r in editions(corpus)["2026-10-09"].sections["832"].rules}
    assert printed <= shown


def test_excerpt_rules_are_not_paired_with_unrelated_v14_rules(corpora_site, corpus):
    """v1.4 prints no rule that mentions Show Off (832's title), so no rule of the
    832 page can have been a v1.4 rule: its history must not name one."""
    site = corpora_site.site
    title = corpus.sections[SectionKey("riftbound", "core-rules", "832", "en")].title
    v14 = editions(corpus)["v1.4"]
    assert not [r.number for r in v14.rules() if title.lower() in r.text.lower()], f"v1.4 mentions {title}"
    rel = "riftbound/core-rules/832.html"
    wrong = []
    for rule in editions(corpus)["2026-10-09"].sections["832"].rules:
        if title.lower() not in rule.text.lower():
            continue
        for row in history_rows(site, rel, rule.number):
            if re.match(r"v1\.4: \d", row_words(row)):
                wrong.append(f"{rule.number}: {row_words(row)[:120]}")
    assert not wrong, f"832 rules said to be v1.4 rules of another section: {wrong}"


# --- 2. diff pages ----------------------------------------------------------------------------


def _whole_pairs(corpus):
    pairs = []
    for key in (CORE, TOURNAMENT):
        whole = [e for e in corpus.editions[key] if not e.partial and e.date != "undated"]
        pairs += [(key, a, b) for i, a in enumerate(whole) for b in whole[i + 1 :]]
    return pairs


def _diff_page(site: Path, key, old: Edition, new: Edition) -> str:
    folder = site / key[0] / key[1] / "changes"
    assert folder.is_dir(), f"no folder {folder.relative_to(site)}"
    found = [
        p
        for p in sorted(folder.glob("*.html"))
        if re.search(rf"\b{re.escape(old.label)} → {re.escape(new.label)}\b", h1(site, p.relative_to(site).as_posix()))
    ]
    assert len(found) == 1, f"{len(found)} pages under {folder.relative_to(site)} for {old.label} → {new.label}"
    return found[0].relative_to(site).as_posix()


def _diff_bodies(site: Path, rel: str) -> list:
    """The articles of a diff: its page, and when it is split into parts of
    consecutive sections (a large diff: changes/v1.2-to-v1.4/420-426.html), every part."""
    parts = sorted((site / rel.removesuffix(".html")).glob("*.html"))
    return [article(site, rel)] + [article(site, p.relative_to(site).as_posix()) for p in parts]


def test_a_diff_page_for_every_pair_of_whole_editions(corpora_site, corpus):
    site = corpora_site.site
    pairs = _whole_pairs(corpus)
    assert [(k[1], a.label, b.label) for k, a, b in pairs] == [
        ("core-rules", "v1.1", "v1.2"),
        ("core-rules", "v1.1", "v1.4"),
        ("core-rules", "v1.2", "v1.4"),
        ("tournament-rules", "2026-03-30", "2026-04-29"),
    ]
    for key, old, new in pairs:
        _diff_page(site, key, old, new)


def test_diff_pages_show_the_counts_of_the_model(corpora_site, corpus):
    site = corpora_site.site
    problems = []
    for key, old, new in _whole_pairs(corpus):
        diff = diff_editions(old, new)
        rel = _diff_page(site, key, old, new)
        body = article(site, rel)
        counts_p = find(body, "p", "diff-counts")
        assert counts_p is not None, f"{rel}: no counts"
        shown = {kind: int(n) for n, kind in re.findall(r"(\d+) (added|removed|changed|moved)", words(counts_p))}
        expected = {
            "added": len(diff.added),
            "removed": len(diff.removed),
            "changed": len(diff.changed),
            "moved": len(diff.moved),
        }
        if shown != expected:
            problems.append(f"{rel}: shows {shown}, diff_editions counts {expected}")
        # The entries listed agree with the counts.
        items = Counter(
            next(iter(classes(li) & {"added", "removed", "changed", "references", "moved"}), "?")
            for part in _diff_bodies(site, rel)
            for sec in find_all(part, "section", "diff-section")
            for li in find_all(sec, "li")
        )
        moved = {id(m) for m in diff.moved}
        listed = {
            "added": len(diff.added),
            "removed": len(diff.removed),
            "moved": len(diff.moved),
            "changed": sum(1 for m in diff.changed if id(m) not in moved),
            # Only the numbers it cites renumbered, same number (history.py, "Cited numbers").
            "references": sum(1 for m in diff.recited if id(m) not in moved),
        }
        if dict(items) != {k: v for k, v in listed.items() if v}:
            problems.append(f"{rel}: lists {dict(items)}, expected {listed}")
    assert not problems, "\n".join(problems)


def test_moved_entries_show_old_and_new_numbers(corpora_site, corpus):
    site = corpora_site.site
    for key, old, new in _whole_pairs(corpus):
        diff = diff_editions(old, new)
        rel = _diff_page(site, key, old, new)
        shown = Counter(words(find(li, "b")) for part in _diff_bodies(site, rel) for li in find_all(part, "li", "moved"))
        expected = Counter(f"{m.old.number} → {m.new.number}" for m in diff.moved)
        assert shown == expected, (
            f"{rel}: moved entries differ: {list((shown - expected).items())[:3]} / {list((expected - shown).items())[:3]}"
        )


def test_diff_sections_are_grouped_by_section_for_narrowing(corpora_site, corpus):
    site = corpora_site.site
    for key, old, new in _whole_pairs(corpus):
        diff = diff_editions(old, new)
        rel = _diff_page(site, key, old, new)
        body = article(site, rel)
        assert find(body, "input", data_diff_filter="") is not None, f"{rel}: no section filter"
        groups = [g for part in _diff_bodies(site, rel) for g in find_all(part, "section", "diff-section")]
        numbers = [g.get("data-section") for g in groups]
        assert groups and all(numbers) and len(set(numbers)) == len(numbers), f"{rel}: groups {numbers[:10]}"
        # Each added rule sits in the group of its section.
        where = {
            words(find(li, "b")).lstrip("+ ").strip(): g.get("data-section") for g in groups for li in find_all(g, "li", "added")
        }
        for section, rule in diff.added:
            assert where.get(rule.number) == section.number, f"{rel}: + {rule.number} not under {section.number}"
        for m in diff.moved:
            assert any(
                f"{m.old.number} → {m.new.number}" == words(find(li, "b"))
                for g in groups
                if g.get("data-section") == m.new_section.number
                for li in find_all(g, "li", "moved")
            ), f"{rel}: {m.old.number} → {m.new.number} not under {m.new_section.number}"


# --- 3. history on every rule -------------------------------------------------------------


def test_every_current_rule_has_a_history(corpora_site, corpus):
    site = corpora_site.site
    without = []
    for section in editions(corpus)["v1.4"].sections.values():
        rel = f"riftbound/core-rules/{section.number}.html"
        for div in find_all(page(site, rel), "div", "rule"):
            # Its collapsed History on the page, and its rows in the page's history file.
            if history_of(div) is None or len(history_rows(site, rel, div.get("data-rule"))) < 2:
                without.append(f"{rel}#{div.get('data-rule')}")
    assert not without, f"{len(without)} rules of the current text have no history, e.g. {without[:5]}"


def test_rules_stay_inside_the_page_content(corpora_site, corpus):
    """Every rule of every Core Rules page (current and older editions) is inside
    the page's <article> (the content column, styled as text), and no list item
    sits outside a list: a history entry with a word diff must not break the
    page's HTML."""
    site = corpora_site.site
    broken = []
    pages = sorted(
        p.relative_to(site).as_posix()
        for p in (site / "riftbound/core-rules").rglob("*.html")
        if p.parent.name not in ("changes", "v1.4") and p.stem[0].isdigit()
    )
    for rel in pages:
        root = page(site, rel)
        everywhere = sum(1 for _ in find_all(root, "div", "rule"))
        inside = sum(1 for _ in find_all(article(site, rel), "div", "rule"))
        stray = [li for li in find_all(root, "li") if not _in_list(li)]
        if everywhere != inside or stray:
            broken.append(f"{rel}: {everywhere - inside} of {everywhere} rules outside <article>, {len(stray)} stray <li>")
    assert not broken, f"{len(broken)} of {len(pages)} pages are broken, e.g.\n" + "\n".join(broken[:5])


def _in_list(node) -> bool:
    parent = node.getparent()
    while parent is not None and parent.tag not in ("ul", "ol"):
        if parent.tag in ("p", "div", "details", "article"):
            return False
        parent = parent.getparent()
    return parent is not None and parent.tag in ("ul", "ol")


def _chain(corpus, new_rule_number: str) -> dict[str, str]:
    """label -> number of the v1.4 rule `new_rule_number` in each whole edition,
    from match_editions (v1.1 → v1.2 → v1.4)."""
    core = editions(corpus)
    back = {m.new.number: m.old.number for m in match_editions(core["v1.2"], core["v1.4"])}
    back11 = {m.new.number: m.old.number for m in match_editions(core["v1.1"], core["v1.2"])}
    chain = {"v1.4": new_rule_number}
    if new_rule_number in back:
        chain["v1.2"] = back[new_rule_number]
        if chain["v1.2"] in back11:
            chain["v1.1"] = back11[chain["v1.2"]]
    return chain


def _check_history_names(site, rel, number, chain):
    details = history_of(rule_div(site, rel, number))
    assert details is not None, f"{rel}#{number} has no history"
    items = {row_words(r).split(":", 1)[0]: r for r in history_rows(site, rel, number)}
    for label in ("v1.1", "v1.2", "v1.4"):
        assert label in items, f"{rel}#{number}: the history does not name {label}"
        if label in chain:
            row = items[label]
            assert row_words(row).startswith(f"{label}: {chain[label]}"), f"{rel}#{number}: {row_words(row)[:100]!r}"
            assert row.get("href"), f"{rel}#{number}: {label} is not a link"
            target, anchor = target_of(rel, row["href"])
            assert anchor == chain[label] and chain[label] in rule_numbers(site, target), (rel, label, row["href"])
        else:
            assert re.search(r"not yet in|added in", row_words(items[label])), row_words(items[label])
    return details, items


def test_history_of_a_renumbered_rule(corpora_site, corpus, core_diff):
    site = corpora_site.site
    moved = [m for m in core_diff.moved if not m.text_changed and m.new_section.number == "424"]
    assert moved, "no rule renumbered into 424 without rewording"
    m = moved[0]
    chain = _chain(corpus, m.new.number)
    assert chain["v1.2"] == m.old.number
    _check_history_names(site, "riftbound/core-rules/424.html", m.new.number, chain)


def test_history_of_a_reworded_rule_shows_the_words_that_changed(corpora_site, corpus, core_diff):
    site = corpora_site.site
    moved = {id(m) for m in core_diff.moved}
    reworded = [m for m in core_diff.changed if id(m) not in moved and m.old.text != m.new.text and not m.new.examples]
    assert reworded, "no rule reworded between v1.2 and v1.4 under the same number"
    m = reworded[0]
    rel = f"riftbound/core-rules/{m.new_section.number}.html"
    _, items = _check_history_names(site, rel, m.new.number, _chain(corpus, m.new.number))
    ops = items["v1.4"].get("diff", [])
    assert {op for op, _ in ops} & {"-", "+"}, f"{rel}#{m.new.number}: no deleted or inserted words"
    # Reading the diff without its deletions gives the new text, without its insertions the old.
    new = "".join(words for op, words in ops if op != "-")
    old = "".join(words for op, words in ops if op != "+")
    assert squash(new) == squash(rule_text(m.new)), f"{rel}#{m.new.number}: the diff does not read as the v1.4 text"
    assert squash(old) == squash(rule_text(m.old)), f"{rel}#{m.new.number}: the diff does not read as the v1.2 text"


# --- 4. rulings ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def mdx_rulings(corpus) -> list[Ruling]:
    found = [r for r in corpus.rulings if r.source_id == MDX_RULINGS]
    assert len(found) == 159
    return found


def test_every_mdx_ruling_has_its_page_with_attribution(corpora_site, mdx_rulings):
    site = corpora_site.site
    assert {(r.attribution, r.licence) for r in mdx_rulings} == {("Riftbound FAQ, Christian Ivicevic", "CC BY-SA 4.0")}
    problems = []
    for ruling in mdx_rulings:
        rel = f"riftbound/rulings/{ruling.id}.html"
        if not (site / rel).is_file():
            problems.append(f"no page {rel}")
            continue
        body = article(site, rel)
        if find(body, "div", "ruling", id=ruling.id) is None:
            problems.append(f"{rel}: no div.ruling#{ruling.id}")
        licence = find(body, "p", "licence")
        if licence is None or not ("Riftbound FAQ, Christian Ivicevic" in words(licence) and "CC BY-SA 4.0" in words(licence)):
            problems.append(f"{rel}: no attribution and licence")
    assert not problems, f"{len(problems)} problems: {problems[:5]}"
    # The index, in parts (index.html, index-2.html, ...), each linking the others.
    parts = ["riftbound/rulings/index.html"]
    for rel in parts:
        for a in (a for line in find_all(article(site, rel), "p", "glossary-letters") for a in find_all(line, "a")):
            target = target_of(rel, a.get("href"))[0]
            if target not in parts:
                parts.append(target)
    listed = {
        target_of(rel, a.get("href"))[0] for rel in parts for a in find_all(article(site, rel), "a") if a.get("href") is not None
    }
    assert {f"riftbound/rulings/{r.id}.html" for r in mdx_rulings} <= listed, "the rulings index misses some"


def test_rules_cited_by_a_ruling_list_it(corpora_site, corpus, mdx_rulings):
    """Every rule number an MDX ruling cites is a Core Rules rule (the rulings are
    reviewed against v1.4), and that rule, on its current page, lists the ruling
    under "Cited by" (folded into its History, whose summary counts them, where it has one)."""
    site = corpora_site.site
    v14 = {r.number: s for s in editions(corpus)["v1.4"].sections.values() for r in s.rules}
    missing, checked = [], 0
    for ruling in mdx_rulings:
        for number in dict.fromkeys(ruling.rule_citations):
            if number not in v14:
                continue
            rel = f"riftbound/core-rules/{v14[number].number}.html"
            div = rule_div(site, rel, number)
            cited = cited_by_links(site, rel, div, number)
            if not any(target_of(rel, href)[0] == f"riftbound/rulings/{ruling.id}.html" for href in cited):
                missing.append(f"{rel}#{number} ← {ruling.id}")
            checked += 1
    assert checked > 159, f"only {checked} citations checked"
    rules = Counter(m.split(" ← ")[0] for m in missing)
    assert not missing, (
        f"{len(missing)} of {checked} citations are not listed by the rule they cite "
        f"(per rule: {dict(rules)}), e.g. {missing[:3]}"
    )


def test_no_keyword_is_linked_inside_a_card_name_on_any_ruling_page(corpora_site, corpus):
    """Card names come before keywords: "Thrill of the Hunt" is a card, so its
    "Hunt" links nowhere, and the rulings naming it do not list 823 Hunt among
    what they concern; what they do cite is still listed."""
    site = corpora_site.site
    hunt = section_titled(editions(corpus)["v1.4"], "hunt")
    hunt_page = f"riftbound/core-rules/{hunt.number}.html"
    for ruling_id in ("thrill-of-the-hunt-score-on-opponents-turn", "abandoned-hall-replay"):
        rel = f"riftbound/rulings/{ruling_id}.html"
        body = article(site, rel)
        assert "Thrill of the Hunt" in words(body), rel
        links = [target_of(rel, a.get("href"))[0] for a in find_all(body, "a") if a.get("href") and "://" not in a.get("href")]
        assert hunt_page not in links, f"{rel} links {hunt_page}"
        concerns = next(p for p in find_all(body, "p", "rule-meta") if words(p).startswith(t("en", "concerns")))
        cited = {a.get("data-rule") for a in find_all(concerns, "a")}
        ruling = next(r for r in corpus.rulings if r.id == ruling_id)
        assert set(ruling.rule_citations) <= cited, (rel, sorted(set(ruling.rule_citations) - cited))
    # Every ruling page: no keyword link's words are part of a longer card name around them.
    names = [c.name for c in corpus.cards if " " in c.name]
    inside = []
    for ruling in corpus.rulings:
        rel = f"riftbound/rulings/{ruling.id}.html"
        for a in find_all(article(site, rel), "a", "keyword"):
            before = (a.getparent().text if a.getprevious() is None else a.getprevious().tail) or ""
            before = re.sub(r"\s+", " ", before)  # the spaces around the link kept
            window = before[-60:] + words(a) + re.sub(r"\s+", " ", a.tail or "")[:60]
            start, end = len(before[-60:]), len(before[-60:]) + len(words(a))
            for name in names:
                at = window.find(name)
                while at >= 0:
                    if at <= start and end <= at + len(name) and (at, at + len(name)) != (start, end):
                        inside.append(f"{rel}: {words(a)!r} in {name!r}")
                    at = window.find(name, at + 1)
    assert not inside, inside[:5]


def test_the_change_feed_is_atom_and_lists_the_newest_edition_first_of_the_editions(corpora_site, corpus):
    """feed.xml of each language: valid by RFC 4287's rules (tests/atom_rules.py),
    newest first, its first edition entry the newest whole Core Rules edition,
    linking its diff page; every entry's link lands on a page of the site."""
    from atom_rules import ATOM, problems
    from lxml import etree

    site = corpora_site.site
    core = [e for e in editions(corpus).values() if not e.partial and e.date != "undated"]
    newest, before = sorted(core, key=lambda e: e.date)[-1], sorted(core, key=lambda e: e.date)[-2]
    for root in ("", "es/", "fr/"):
        data = (site / root / "feed.xml").read_bytes()
        assert problems(data) == [], root
        found = etree.fromstring(data).findall(f"{{{ATOM}}}entry")
        assert len(found) > len(corpus.rulings) // 2, f"{root}feed.xml lists {len(found)} entries"
        dates = [e.findtext(f"{{{ATOM}}}updated") for e in found]
        assert dates == sorted(dates, reverse=True), root
        hrefs = [e.find(f"{{{ATOM}}}link").get("href") for e in found]
        first_edition = next(h for h in hrefs if "/changes/" in h or h.endswith("/editions.html"))
        wanted = f"riftbound/core-rules/changes/{before.label}-to-{newest.label}.html"
        assert target_of(root + "feed.xml", first_edition)[0] == wanted, (root, first_edition)
        for href in hrefs:
            path, anchor = target_of(root + "feed.xml", href)  # "?from=es" is the query, not the path
            assert (site / path).is_file(), f"{root}feed.xml links {href}: no page"
            if anchor:
                assert f'id="{anchor}"' in (site / path).read_text(encoding="utf-8"), f"{root}feed.xml links {href}: no anchor"


def test_needs_review_page_lists_what_the_model_flags(corpora_site, model):
    site = corpora_site.site
    _, ctx = model
    body = article(site, "needs-review.html")
    rows = [tr for tr in find_all(body, "tr") if find(tr, "td") is not None]
    assert len(rows) == len(ctx.reviews), f"needs-review.html lists {len(rows)} rows, the model flags {len(ctx.reviews)}"
    assert str(len(ctx.reviews)) in words(body)


def _edition(label: str, date: str, rules: dict[str, str], partial: bool = False) -> Edition:
    section = Section("riftbound", "core-rules", "100", "Things", "en", edition=label)
    section.rules = [Rule(n, text, Loc("x", 1)) for n, text in rules.items()]
    return Edition("riftbound", "core-rules", "en", label, date, partial, sections={"100": section})


def _ruling(rid: str, cites: list[str], version: str) -> Ruling:
    return Ruling(rid, rid, "answer", [], [], "riftbound", "s", Loc("x", 1), reviewed_version=version, rule_citations=cites)


def test_needs_review_flags_a_ruling_whose_cited_rule_changed_since_its_edition():
    """The mechanism, on a hand-made corpus: a ruling reviewed against v1.2 citing
    a rule reworded, one renumbered and one removed in v1.4 is flagged for each,
    and not for the rule that stayed the same; a ruling reviewed against v1.4 is
    not flagged at all, even with a later excerpt that prints none of them."""
    old_text = "Each player draws four cards at the start of the game and keeps them hidden."
    v12 = _edition(
        "v1.2",
        "2025-12-01",
        {
            "100.1": "A player may look at their own hand at any time during the game.",
            "100.2": old_text,
            "100.3": "Tokens that leave the board cease to exist immediately after moving.",
            "100.4": "Damage marked on a unit is removed during the cleanup at the end of each turn.",
        },
    )
    v14 = _edition(
        "v1.4",
        "2026-06-18",
        {
            "100.1": "A player may look at their own hand at any time during the game.",
            "100.2": old_text.replace("four", "five"),
            "100.4": "Some entirely new rule about battlefields and how control of them is decided.",
            "100.5": "Damage marked on a unit is removed during the cleanup at the end of each turn.",
        },
    )
    excerpt = _edition("2026-10-09", "2026-10-09", {"100.9": "Show the card to every player."}, partial=True)
    history = {("riftbound", "core-rules", "en"): rule_history([v12, v14, excerpt])}
    corpus = Corpus(
        rulings=[_ruling("old", ["100.1", "100.2", "100.3", "100.4"], "1.2"), _ruling("new", ["100.1", "100.2", "100.5"], "1.4")]
    )
    reviews = needs_review(corpus, history)
    found = {(r.item.id, r.rule): review_change("en", r.change) for r in reviews}
    assert found == {
        ("old", "100.2"): "reworded in v1.4",
        ("old", "100.3"): "removed in v1.4",
        ("old", "100.4"): "now 100.5 in v1.4",
    }


# --- 5. cards ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def card_entries(corpora_site) -> dict[str, list[tuple[str, list]]]:
    """card id -> [(page, the nodes of its entry: its h2 up to the next h2)], every occurrence."""
    site = corpora_site.site
    entries: dict[str, list] = {}
    for path in sorted((site / "riftbound/cards").glob("*.html")):
        rel = path.relative_to(site).as_posix()
        nodes = [c for c in article(site, rel) if isinstance(c.tag, str)]
        current = None
        for node in nodes:
            if node.tag in ("h1", "h2"):
                current = None
            if node.tag == "h2" and "card" in classes(node):
                current = []
                entries.setdefault(node.get("id", ""), []).append((rel, current))
            if current is not None:
                current.append(node)
    return entries


def test_every_card_is_listed_once(card_entries, corpus):
    assert len(corpus.cards) == 950
    ids = [c.id for c in corpus.cards]
    assert len(set(ids)) == len(ids)
    counts = Counter({card_id: len(found) for card_id, found in card_entries.items()})
    assert sum(counts.values()) == 950
    assert set(counts) == set(ids)
    assert [i for i, n in counts.items() if n != 1] == []


def test_cards_with_errata_show_old_and_new_text(card_entries, corpus):
    """Every line of the old and the new wording sits inside the card's errata box."""
    with_errata = [c for c in corpus.cards if c.errata]
    assert with_errata, "no card has errata"
    problems = []
    for card in with_errata:
        ((rel, nodes),) = card_entries[card.id]
        boxes = [n for n in nodes if n.tag == "div" and "admonition" in classes(n)]
        for erratum in card.errata:
            # Its date and its source (an errata article, or an FAQ's revised text) tell its box.
            box = next((b for b in boxes if erratum.date in words(b) and erratum.article in words(b)), None)
            if box is None:
                problems.append(f"{rel}#{card.id}: no errata box for {erratum.date}")
                continue
            box_text = squash(text(box, _headerlink))
            for label, wording in (("old", erratum.old_text), ("new", erratum.new_text)):  # an FAQ prints no old text
                shown = [shown_text(line) for line in wording.split("\n") if line.strip()]  # symbols in words
                lost = [line for line in shown if squash(line) not in box_text]
                if lost:
                    problems.append(f"{rel}#{card.id}: {label} text line(s) not in the box: {lost[0][:60]!r}")
        if any(n.tag == "pre" for n in nodes):
            problems.append(f"{rel}#{card.id}: shows a code block")
    assert not problems, f"{len(problems)} problems in {len(with_errata)} cards with errata:\n" + "\n".join(problems[:8])


def test_a_card_named_by_a_ruling_lists_the_ruling(card_entries, corpus, mdx_rulings):
    by_name = {c.name.lower(): c for c in corpus.cards}
    missing, checked = [], 0
    for ruling in mdx_rulings:
        for name in ruling.cards:
            card = by_name.get(name.lower())
            if card is None:
                continue
            ((rel, nodes),) = card_entries[card.id]
            hrefs = {target_of(rel, a.get("href"))[0] for n in nodes for a in find_all(n, "a") if a.get("href") is not None}
            checked += 1
            if f"riftbound/rulings/{ruling.id}.html" not in hrefs:
                missing.append(f"{card.name} ← {ruling.id}")
    assert checked > 100, f"only {checked} card mentions checked"
    assert not missing, f"{len(missing)} of {checked}: {missing[:5]}"


def test_rulings_naming_zhonyas_hourglass_as_players_do_are_listed_both_ways(corpora_site, card_entries, corpus):
    """The community rulings call it "Zhonya", "Zhonyas", "Zonyah's" and
    "Hourglass": two of them name it no other way, and must still be listed on
    the card and name it in their Cards line."""
    (card,) = [c for c in corpus.cards if c.name == "Zhonya's Hourglass"]
    ((rel, nodes),) = card_entries[card.id]
    listed = {target_of(rel, a.get("href"))[0] for n in nodes for a in find_all(n, "a") if a.get("href") is not None}
    card_page = f"{rel}#{card.id}"
    for ruling_id in ("hidden-zhonya-saves-moved-or-discarded-units", "zhonyas-answers-bryndhir-ability-not-resolution"):
        ruling = f"riftbound/rulings/{ruling_id}.html"
        assert ruling in listed, f"{card.name}'s entry does not list {ruling_id}"
        cards_line = [p for p in find_all(article(corpora_site.site, ruling), "p") if words(p).startswith("Cards:")]
        assert len(cards_line) == 1, f"{ruling_id}: {len(cards_line)} Cards lines"
        linked = {"#".join(target_of(ruling, a.get("href"))) for a in find_all(cards_line[0], "a")}
        assert card_page in linked, f"{ruling_id}: its Cards line {words(cards_line[0])!r} does not link {card.name}"


def test_every_nickname_in_the_aliases_list_names_a_card_of_the_gallery(corpus):
    """rules_src/card-aliases.yml is checked against the real gallery: a nickname
    for a card that is not there would name nothing."""
    assert corpus.card_aliases, "rules_src/card-aliases.yml lists no nickname"
    names = {(c.game or "riftbound", c.name) for c in corpus.cards}
    assert [a.card for a in corpus.card_aliases if (a.game, a.card) not in names] == []


# --- 6. languages -------------------------------------------------------------------------------


def test_french_site_holds_the_french_explainers(corpora_site, corpus):
    site = corpora_site.site
    root = page(site, "fr/index.html")
    assert root.tag == "html" and root.get("lang", "").startswith("fr")
    french = [g for g in corpus.guides if g.language == "fr"]
    assert len(french) == 4
    for guide in french:
        rel = f"fr/{guide.game}/guides/{guide.id}.html"
        first = next(b for b in guide.blocks if b.kind == "heading")
        assert flat(first.text)[:20] in h1(site, rel), f"{rel}: its title is not the French article's"


def test_guide_headings_line_up_in_english_and_french(corpora_site, corpus):
    site = corpora_site.site
    for guide_id in sorted({g.id for g in corpus.guides}):
        counts = {}
        for lang, root in (("en", ""), ("fr", "fr/")):
            guide = next(g for g in corpus.guides if g.id == guide_id and g.language == lang)
            rel = f"{root}riftbound/guides/{guide_id}.html"
            ids = [n.get("id") for n in article(site, rel).iterdescendants() if re.fullmatch(r"h-\d+", n.get("id", ""))]
            assert ids == [f"h-{i}" for i in range(1, len(ids) + 1)], (rel, ids)
            assert len(ids) == sum(1 for b in guide.blocks if b.kind == "heading"), rel
            counts[lang] = len(ids)
        if guide_id == "move":
            assert counts["en"] == counts["fr"], counts


# --- 7. concordance ------------------------------------------------------------------------------


def test_spanish_mostrar_points_at_the_english_reveal(corpora_site, corpus):
    site = corpora_site.site
    rel = "es/magic/comprehensive-rules/701.20.html"
    english = corpus.sections[SectionKey("magic", "comprehensive-rules", "701.16", "en")]
    body = article(site, rel)
    links = [a for a in find_all(body, "a", "other-language") if a.get("hreflang") == "en"]
    targets = {target_of(rel, a.get("href")) for a in links}
    assert ("magic/comprehensive-rules/701.16.html", "701.16") in targets, targets
    assert h1(site, "magic/comprehensive-rules/701.16.html") == f"701.16 {english.title}"
    edition = next(corpus.sources[s].edition for s in english.source_ids)
    warning = t("es", "translation-behind", edition=t("es", "undated"), language=language_in("es", "en"), other=edition)
    boxes = [words(b) for b in find_all(body, "div", "admonition")]
    assert any(flat(warning) in b for b in boxes), boxes


def test_revealing_topic_links_to_all_four_sections(corpora_site, corpus):
    site = corpora_site.site
    rel = "topics/revealing.html"
    topics = yaml.safe_load((SOURCES / "concordance.yml").read_text(encoding="utf-8"))["topics"]
    wanted = next(tp for tp in topics if tp["id"] == "revealing")["sections"]
    assert len(wanted) == 4
    hrefs = {target_of(rel, a.get("href"))[0] for a in find_all(article(site, rel), "a") if a.get("href") is not None}
    for s in wanted:
        section = next(sec for k, sec in corpus.sections.items() if k[:3] == (s["game"], s["document"], str(s["number"])))
        root = "" if section.language == "en" else f"{section.language}/"
        assert f"{root}{s['game']}/{s['document']}/{s['number']}.html" in hrefs, s


def test_rule_links_on_the_topic_page_land_in_the_section_they_list(corpora_site):
    """Each card of the topic page lists its section's first rules: each rule's
    link goes to that section's page."""
    site = corpora_site.site
    rel = "topics/revealing.html"
    wrong = []
    for card in find_all(article(site, rel), "li"):
        head = find(card, "p")
        link = find(head, "a") if head is not None else None
        if link is None or "ref" in classes(link):
            continue  # not a card of the grid
        section_page = target_of(rel, link.get("href"))[0]
        for item in find_all(card, "li"):
            ref = find(item, "a")  # the rule's number, first in its line
            if ref is None or "ref" not in classes(ref):
                continue
            target = target_of(rel, ref.get("href"))[0]
            if target != section_page:
                wrong.append(f"{words(ref)} → {target} (listed under {section_page})")
    assert not wrong, wrong


def test_core_rules_references_and_keywords_stay_in_the_core_rules(corpora_site, corpus):
    """A number or keyword in Core Rules text, a card or a ruling, that the Core
    Rules print, means the Core Rules rule: it never links to the Tournament
    Rules section that happens to have the same number."""
    site = corpora_site.site
    core_numbers = {n for s in editions(corpus)["v1.4"].sections.values() for n in [s.number, *(r.number for r in s.rules)]}
    wrong = Counter()
    examples = []
    pages = [
        p.relative_to(site).as_posix()
        for folder in ("riftbound/core-rules", "riftbound/cards", "riftbound/rulings")
        for p in (site / folder).glob("*.html")
    ]
    for rel in pages:
        for a in find_all(article(site, rel), "a"):
            if not ({"ref", "keyword"} & classes(a)) or a.get("data-rule") not in core_numbers:
                continue
            target = target_of(rel, a.get("href"))[0]
            if target.startswith("riftbound/tournament-rules/"):
                wrong[rel] += 1
                if len(examples) < 5:
                    examples.append(f"{rel}: {words(a)!r} (rule {a.get('data-rule')}) → {target}")
    assert not wrong, f"{sum(wrong.values())} links on {len(wrong)} pages go to the Tournament Rules, e.g.\n" + "\n".join(
        examples
    )


# --- 9. official documents (resolve/official.py, render/official.py) ------------------------------

OFFICIAL = ("rb-official-faq", "rb-official-errata")  # their ids in rules_src/external/corpora.manifest.yml
UNLEASHED = "unleashed-rules-faq-and-clarifications"


def official_item(site: Path, ctx, faq):
    """(page, the item's heading, its answer's paragraph, its authority line) as built."""
    home, _ = ctx.faq_home(faq)
    rel = html_path(home)
    heading = find(page(site, rel), "h3", id=f"faq-{faq.id}")
    assert heading is not None, f"{rel}: no #faq-{faq.id}"
    after = list(heading.itersiblings())
    answer = next((p for p in after if "faq-answer" in classes(p)), None)
    freshness = next((p for p in after if "freshness" in classes(p)), None)
    return rel, heading, answer, freshness


def test_no_official_line_is_left_unplaced(corpora_site):
    lines = (corpora_site.stdout + corpora_site.stderr).splitlines()
    official = [line for line in lines if "official-riftboundoc" in line and "[unplaced]" in line]
    assert official == []


def test_every_formerly_dropped_section_is_on_the_site_at_its_permalink(corpora_site, model):
    """Introductions, clarification sections and lists by heading: each at its
    permalink, its first sentence in its answer, its authority line beside it."""
    corpus, ctx = model
    items = [f for f in corpus.faqs if f.source_id in OFFICIAL and f.kind != "answer"]
    assert {f.kind for f in items} == {"introduction", "clarification"}
    # What the importers used to drop: whole clarification documents, an FAQ's prose, the errata preambles.
    dropped = {UNLEASHED, "rq-vegas-2026-rulings", "riftbound-spiritforged-faq"} | {
        d.id for d in corpus.official if d.kind == "errata"
    }
    assert dropped <= {f.document for f in items}
    problems = []
    for faq in items:
        rel, heading, answer, freshness = official_item(corpora_site.site, ctx, faq)
        sentence = shown_text(re.split(r"(?<=[.!?])\s", faq.answer)[0])[:120]
        if answer is None or squash(sentence) not in squash(words(answer)):
            problems.append(f"{rel}#faq-{faq.id}: its first sentence {sentence[:40]!r} is not in its answer")
        if freshness is None or "Published" not in words(freshness):
            problems.append(f"{rel}#faq-{faq.id}: no authority line")
    assert not problems, problems[:5]


def test_unleashed_clarifications_link_their_rules_both_ways_and_are_superseded_by_v14(corpora_site, model):
    corpus, ctx = model
    site = corpora_site.site
    sections = [f for f in corpus.faqs if f.document == UNLEASHED and f.kind == "clarification"]
    assert len(sections) == 7
    v14 = editions(corpus)["v1.4"]
    checked = 0
    for faq in sections:
        rel, _, answer, freshness = official_item(site, ctx, faq)
        # Superseded by v1.4, named and linked, as the data's dates say.
        said = words(freshness)
        assert f"{t('en', 'official-superseded')} Core Rules v1.4 ({v14.date})" in said, said
        assert t("en", "official-precedence") in said
        linked = [a for a in find_all(freshness, "a") if words(a) == "Core Rules v1.4"]
        assert linked and target_of(rel, linked[0].get("href"))[0] == "riftbound/core-rules/index.html"
        # Each rule it cites is a link, and that rule lists it back.
        for ref in find_all(answer, "a", "ref"):
            to, number = target_of(rel, ref.get("href"))
            cited = cited_by_links(site, to, rule_div(site, to, number), number)
            assert any(target_of(to, href) == (rel, f"faq-{faq.id}") for href in cited), f"{to}#{number} ← {faq.id}"
            checked += 1
    assert checked >= 7


def test_rq_vegas_clarifications_are_on_the_cards_they_name_and_revised_texts_on_theirs(card_entries, model):
    corpus, ctx = model
    by_id = {c.id: c for c in corpus.cards}
    missing, checked = [], 0
    for faq in (f for f in corpus.faqs if f.document == "rq-vegas-2026-rulings"):
        home = html_path(ctx.faq_home(faq)[0])
        for card in ctx.citations.cards_of.get(faq.id, []):
            ((rel, nodes),) = card_entries[card.id]
            hrefs = {target_of(rel, a.get("href")) for n in nodes for a in find_all(n, "a") if a.get("href") is not None}
            checked += 1
            if (home, f"faq-{faq.id}") not in hrefs:
                missing.append(f"{card.name} ← {faq.id}")
    assert checked >= 3 and not missing, (checked, missing[:5])
    # Every revised card text an FAQ printed is an erratum of a gallery card, dated, naming its FAQ.
    revised = [e for e in corpus.errata if e.source_id == "rb-official-faq"]
    assert len(revised) > 10 and all(e.date and not e.old_text for e in revised)
    on_cards = {(e.card, e.article) for c in by_id.values() for e in c.errata if not e.old_text}
    assert on_cards and on_cards <= {(e.card, e.article) for e in revised}


def test_rule_735_1_c_shows_its_revision_in_v12_and_v14_says_it_did_not_take_it(corpora_site, model):
    corpus, ctx = model
    site = corpora_site.site
    [standing] = [s for s in revisions(corpus, ctx.history) if s.revision.number == "735.1.c"]
    assert standing.amended == "v1.2"
    v12 = editions(corpus)["v1.2"]
    section = next(s for s in v12.sections.values() if any(r.number == "735.1.c" for r in s.rules))
    rel = f"riftbound/core-rules/v1.2/{section.number}.html"
    shown = words(rule_div(site, rel, "735.1.c"))
    assert "Revised by Riftbound Spiritforged FAQ (2026-01-14)" in shown
    assert squash(shown_text(standing.revision.text)) in squash(shown)
    [later] = standing.later
    status = t("en", "revision-incorporated" if later.incorporated else "revision-not-incorporated", edition="v1.4")
    assert status in shown
    now = words(rule_div(site, f"riftbound/core-rules/{later.number.split('.')[0]}.html", later.number))
    assert f"{t('en', 'revision-of', number='735.1.c', edition='v1.2')} Riftbound Spiritforged FAQ" in now and status in now


# --- 8. the build's own checks -----------------------------------------------------------------


def test_build_checks_pass_and_site_checks_find_nothing(corpora_site):
    out = corpora_site.stdout
    assert re.search(r"^check .*: 0 problems", out, re.M), out[-2000:]
    problems = check_site(corpora_site.site) + check_offline(corpora_site.site)
    assert problems == [], problems[:10]


def test_stage_counts_match_the_model(corpora_site, corpus):
    out = corpora_site.stdout
    read = re.search(
        r"^read\s+(\d+) sources: (\d+) sections, (\d+) rules, (\d+) examples, (\d+) FAQ answers, "
        r"(\d+) rulings, (\d+) walkthroughs",
        out,
        re.M,
    )
    assert read, out[:1000]
    rules = [r for _, r in corpus.rules()]
    assert tuple(int(x) for x in read.groups()) == (
        len(corpus.sources),
        len(corpus.sections),
        len(rules),
        sum(len(r.examples) for r in rules),
        len(corpus.faqs),
        len(corpus.rulings),
        len(corpus.walkthroughs),
    )
    render = re.search(r"^render\s+(\d+) pages and (\d+) short rule links in (\d+) languages", out, re.M)
    assert render, out[:2000]
    docs = corpora_site.docs
    md = sum(1 for p in docs.rglob("*.md"))
    statics = sum(1 for p in docs.rglob("*.html") if p.relative_to(docs).parts[1] != "assets")
    languages = sum(1 for p in docs.iterdir() if p.is_dir())
    assert (int(render.group(1)), int(render.group(2)), int(render.group(3))) == (md, statics, languages)
