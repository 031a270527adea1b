"""The word-search index the reader downloads (Material's
`search/search_index.json`), on the full corpora site (fixture `corpora_site`):

- English's is at most 2.5 MB;
- every rule of every edition, every ruling and every FAQ answer is still
  findable in it: each rule text once, at the newest edition printing it (an
  older edition's rule under its own page where the next edition reworded it);
- a phrase only an older edition prints is found on that edition's page;
- older editions' entries are boosted below the current edition's, and no
  heading, list of titles or notice is indexed twice.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from rulesite.card_symbols import shown_text

pytestmark = pytest.mark.corpora

LIMIT = 2_500_000  # bytes: the English index's budget


def _plain(text: str) -> str:
    """Index text or source text as words: tags dropped, entities decoded, spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", text)).split())


@pytest.fixture(scope="module")
def index(corpora_site) -> dict:
    return json.loads((corpora_site.site / "search/search_index.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def texts(index) -> dict[str, str]:
    """Page path -> the plain text of all its entries (titles and texts)."""
    pages: dict[str, list[str]] = {}
    for doc in index["docs"]:
        pages.setdefault(doc["location"].split("#")[0], []).append(_plain(doc["title"] + " " + doc["text"]))
    return {page: " ".join(parts) for page, parts in pages.items()}


def _data(site: Path, rel: str) -> dict:
    return json.loads((site / "data" / rel).read_text(encoding="utf-8"))


def _editions(site: Path):
    """(document, current edition's data, [older whole editions' data]) for every
    document with a current edition and older whole ones."""
    for doc in _data(site, "editions.json")["documents"]:
        if doc["current"] is None or doc["language"] != "en":
            continue
        by_label = {e["label"]: e for e in doc["editions"]}
        older = [_data(site, e["file"]) for e in doc["editions"] if not e["partial"] and not e["current"]]
        if older:
            yield doc, _data(site, by_label[doc["current"]]["file"]), older


def _rule_words(rule: dict) -> str:
    return _plain(" ".join([rule["text"], *(e["text"] for e in rule["examples"])]))


def test_the_english_index_is_at_most_2_5_mb(corpora_site):
    size = (corpora_site.site / "search/search_index.json").stat().st_size
    assert size <= LIMIT, f"search_index.json is {size:,} bytes, over {LIMIT:,}"


def test_every_rule_of_every_edition_is_findable(corpora_site, texts):
    site = corpora_site.site
    checked = 0
    for doc, current, older in _editions(site):
        # Each text is indexed once, at the newest edition printing it: on the
        # rule's own page, or on the page of a later edition's rule of the same text.
        pages_of: dict[str, set] = {}
        for edition in [current, *older]:
            for rule in edition["rules"]:
                pages_of.setdefault(rule["sha256"], set()).add(rule["url"].split("#")[0])
        for edition in [current, *older]:
            for rule in edition["rules"]:
                words = _rule_words(rule)
                own = rule["url"].split("#")[0]
                where = [own] if edition is current else sorted(pages_of[rule["sha256"]])
                assert any(words in texts.get(page, "") for page in where), (
                    f"{doc['document']} {edition['label']} {rule['number']}: {words[:80]!r} not in the index under {where}"
                )
                checked += 1
    assert checked > 5000, checked


def test_rulings_and_faq_answers_are_findable(corpora_site, index):
    site = corpora_site.site
    everything = " ".join(_plain(d["title"] + " " + d["text"]) for d in index["docs"])
    rulings = _data(site, "riftbound/rulings.json")["rulings"]
    faqs = _data(site, "riftbound/faq.json")["answers"]
    assert len(rulings) > 150 and len(faqs) > 100
    # The data keep the symbols' shorthand ([A]); pages, and so the index, name them.
    for ruling in rulings:
        assert _plain(shown_text(ruling["answer"]))[:200] in everything, ruling["id"]
    for faq in faqs:
        assert _plain(shown_text(faq["answer"]))[:200] in everything, faq["id"]


def test_a_phrase_only_an_older_edition_prints_is_found_on_its_page(corpora_site, texts):
    site = corpora_site.site
    doc, current, older = next((d, c, o) for d, c, o in _editions(site) if d["document"] == "core-rules")
    today = " ".join(_rule_words(r) for r in current["rules"])
    for rule in older[-1]["rules"]:  # the edition before the current one (v1.2)
        words = _rule_words(rule).split()
        phrases = [" ".join(words[i : i + 6]) for i in range(len(words) - 5)]
        only_then = next((p for p in phrases if p not in today and len(p) > 30), None)
        if only_then:
            break
    else:
        pytest.fail("no phrase of the older edition is missing from the current one")
    page = rule["url"].split("#")[0]
    assert only_then in texts.get(page, ""), f"{only_then!r} ({older[-1]['label']} {rule['number']}) not indexed on {page}"
    # Nowhere else: the current edition's pages do not print it.
    assert [p for p, t in texts.items() if only_then in t and not re.search(r"/v\d[^/]*/", p)] == []


def test_older_editions_rank_below_the_current_one(index):
    boosts: dict[str, set] = {"old": set(), "current": set()}
    for doc in index["docs"]:
        page = doc["location"].split("#")[0]
        if not re.match(r"riftbound/(core|tournament)-rules/", page) or "/changes/" in page:
            continue
        # An older edition's or an excerpt's folder (v1.2/, 2026-03-30/, undated/).
        older = re.match(r"riftbound/[^/]+/(v\d[^/]*|\d{4}-\d\d-\d\d|undated)/", page)
        boosts["old" if older else "current"].add(doc.get("boost", 1))
    assert boosts["old"] and boosts["current"] == {1}, boosts
    assert max(boosts["old"]) < 1, boosts


def test_no_title_list_or_notice_is_indexed_twice(index):
    words = [_plain(d["text"]) for d in index["docs"]]
    # Lists of rulings, FAQ answers and walkthroughs under a section, cards'
    # lists of rulings, the "Rules" heading, the glossary's letters, example labels.
    for doc in index["docs"]:
        assert doc["title"] not in {"Rules", "Reglas", "Règles"}, doc["location"]
        assert not re.match(r"(Rulings|Walkthroughs|Related FAQ) \(\d+\)$", doc["title"]), doc["location"]
    assert not [w for w in words if "Rulings, FAQ answers and errata:" in w]
    assert not [w for w in words if w.startswith("A · B · C")]
    assert not [w for w in words if "This page shows" in w]
    assert not [w for w in words if "Not dated: its source does not say" in w]
