"""What the search box searches on the full corpora site (fixture
`corpora_site`): the site's own word index (render/word_index.py, the
`assets/search-words.js` and `assets/search-text-N.js` scripts), and nothing
else: Material's index of every page's HTML is not built.

- no `search/search_index.json` (nor its script) is published, in any language;
- English's word index is at most 2.5 MB, the budget Material's had;
- every rule of every edition is findable in it: each rule's text at the newest
  edition printing it, on the page of a rule printing those words;
- every rule's example of every edition is findable, once a document, at the
  anchor of an example printing it;
- every ruling and FAQ answer is findable;
- a phrase only an older edition prints is found on that edition's page, and
  only there.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rulesite.common.card_symbols import shown_text
from rulesite.render.share import GAME_NAMES
from word_index_files import index_files, index_texts, plain, text_rows

pytestmark = pytest.mark.corpora

LIMIT = 2_500_000  # bytes: the English word index's budget


@pytest.fixture(scope="module")
def texts(corpora_site) -> dict[str, str]:
    return index_texts(corpora_site.site)


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
    """A rule's text as the index holds it (its examples are entries of their own)."""
    return plain(shown_text(rule["text"]))


def test_no_index_of_the_pages_html_is_published(corpora_site):
    site = corpora_site.site
    assert not list(site.rglob("search_index.*")), "Material's search index is built again"
    assert all(path.is_file() for path in index_files(site)), "no word index"


def test_the_english_word_index_is_at_most_2_5_mb(corpora_site):
    size = sum(path.stat().st_size for path in index_files(corpora_site.site))
    assert size <= LIMIT, f"the word index is {size:,} bytes, over {LIMIT:,}"


def test_every_rule_of_every_edition_is_findable(corpora_site, texts):
    site = corpora_site.site
    checked = 0
    for doc, current, older in _editions(site):
        # Each text is indexed once: on the page of a rule printing it (its own,
        # or a later edition's of the same text, or another rule of the same words).
        pages_of: dict[str, set] = {}
        for edition in [current, *older]:
            for rule in edition["rules"]:
                pages_of.setdefault(_rule_words(rule), set()).add(rule["url"].split("#")[0])
        for edition in [current, *older]:
            for rule in edition["rules"]:
                words = _rule_words(rule)
                where = sorted(pages_of[words])
                assert any(words in texts.get(page, "") for page in where), (
                    f"{doc['document']} {edition['label']} {rule['number']}: {words[:80]!r} not in the index under {where}"
                )
                checked += 1
    assert checked > 5000, checked


def test_every_example_of_every_edition_is_findable_once(corpora_site):
    site = corpora_site.site
    docs, rows = text_rows(site)
    indexed: dict[tuple[str, str, str], list[str]] = {}  # (game, document, text) -> the urls it leads to
    for row in rows:
        if row[0] == "e":
            doc = docs[row[1]]
            indexed.setdefault((doc["game"], doc["document"], row[5]), []).append(row[2])
    assert all(len(urls) == 1 for urls in indexed.values()), [k for k, v in indexed.items() if len(v) > 1][:3]
    shown: dict[tuple[str, str, str], set[str]] = {}  # the same -> the anchors of the examples printing it
    for doc in _data(site, "editions.json")["documents"]:
        if doc["language"] != "en":
            continue
        for edition in doc["editions"]:
            for rule in _data(site, edition["file"])["rules"]:
                page = rule["url"].split("#")[0]
                for i, example in enumerate(rule.get("examples", []), 1):
                    key = (doc["game"], doc["name"], plain(shown_text(example["text"])))
                    shown.setdefault(key, set()).add(f"{page}#{rule['number']}-example-{i}")
    shown = {(GAME_NAMES.get(g, g), name, text): anchors for (g, name, text), anchors in shown.items()}
    assert len(shown) > 500, len(shown)
    lost = [key for key in shown if key not in indexed]
    assert not lost, f"{len(lost)} examples not indexed: {lost[:3]}"
    invented = [key for key in indexed if key not in shown]
    assert not invented, f"{len(invented)} indexed examples no edition prints: {invented[:3]}"
    astray = [(key, indexed[key][0]) for key in shown if indexed[key][0] not in shown[key]]
    assert not astray, astray[:3]


def test_rulings_and_faq_answers_are_findable(corpora_site, texts):
    site = corpora_site.site
    everything = " ".join(texts.values())
    rulings = _data(site, "riftbound/rulings.json")["rulings"]
    faqs = _data(site, "riftbound/faq.json")["answers"]
    assert len(rulings) > 150 and len(faqs) > 100
    # The data keep the symbols' shorthand ([A]); what readers search names them.
    for ruling in rulings:
        assert plain(shown_text(ruling["answer"]))[:200] in everything, ruling["id"]
    for faq in faqs:
        assert plain(shown_text(faq["answer"]))[:200] in everything, faq["id"]


def test_a_phrase_only_an_older_edition_prints_is_found_on_its_page(corpora_site, texts):
    site = corpora_site.site
    doc, current, older = next((d, c, o) for d, c, o in _editions(site) if d["document"] == "core-rules")
    today = " ".join(_rule_words(r) for r in current["rules"])
    for rule in older[-1]["rules"]:  # the edition before the current one
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
