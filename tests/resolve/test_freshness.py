"""Freshness: a ruling says which rules version it was checked against; one
citing a rule changed since then is "Outdated", with that rule's word diff, on
its page and on the needs-review list. Editions are fixtures written for the test."""

from __future__ import annotations

import shutil
from pathlib import Path

from rulesite import pipeline
from rulesite.diagnostics import Diagnostics
from rulesite.model import Loc, Ruling
from rulesite.render.index_pages import render_reviews
from rulesite.render.ruling_page import render_ruling
from rulesite.resolve.review import needs_review

FIXTURES = Path(__file__).parent.parent / "read" / "fixtures"
MANIFEST = "sources:\n" + "".join(
    f"  - {{id: e{n}, path: edition-{n}.rules-document.txt, game: riftbound, document: core-rules, language: en,\n"
    f"     edition: {date}, version: '{n}', format: rules-document}}\n"
    for n, date in ((1, "2030-01-15"), (2, "2030-06-01"))
)


def _ctx(tmp_path, rulings):
    for n in (1, 2):
        shutil.copy(FIXTURES / f"edition-{n}.rules-document.txt", tmp_path)
    (tmp_path / "manifest.yml").write_text(MANIFEST, encoding="utf-8")
    diag = Diagnostics()
    corpus = pipeline.read_corpus(tmp_path / "manifest.yml", diag)
    corpus.sources["rulings"] = corpus.sources["e1"].__class__(
        id="rulings",
        path="rulings.txt",
        game="riftbound",
        document="community-rulings",
        language="en",
        edition="undated",
        format="rulings-text",
        origin="https://example.org/rulings",
        licence="CC BY-SA 4.0",
    )
    corpus.rulings = rulings
    ctx = pipeline.resolve(corpus, diag)
    assert diag.errors == []
    return ctx


def _ruling(rid: str, version: str, cites: list[str]) -> Ruling:
    return Ruling(
        id=rid,
        title=rid,
        answer="Yes.",
        steps=[],
        nuances=[],
        game="riftbound",
        source_id="rulings",
        loc=Loc("rulings.txt", 1),
        reviewed_version=version,
        rule_citations=cites,
    )


def test_a_ruling_citing_a_reworded_rule_is_outdated_with_the_word_diff(tmp_path):
    outdated, fresh, undated = _ruling("outdated", "1", ["101.1"]), _ruling("fresh", "2", ["101.1"]), _ruling("undated", "", [])
    ctx = _ctx(tmp_path, [outdated, fresh, undated])
    (review,) = needs_review(ctx.corpus, ctx.history)
    assert (review.item, review.rule, review.checked, review.now) == (outdated, "101.1", "v1", "v2")
    assert review.old_text == "The first player is chosen at random."
    assert review.new_text == "The first player is chosen by a coin flip."
    page = render_ruling(outdated, ctx)
    assert '!!! danger "Outdated"' in page and "Reviewed against Core Rules v1" in page
    assert "<del>" in page and "<ins>" in page  # the word diff from v1 to v2
    assert "Outdated" not in render_ruling(fresh, ctx)
    assert "Not dated" in render_ruling(undated, ctx)
    listed = render_reviews(ctx)
    assert "<ins>" in listed and "| v1 |" in listed


def test_the_credit_links_to_the_original(tmp_path):
    ruling = _ruling("credited", "2", [])
    ruling.licence = "CC BY-SA 4.0"
    ctx = _ctx(tmp_path, [ruling])
    page = render_ruling(ruling, ctx)
    assert 'class="origin" href="https://example.org/rulings">CC BY\\-SA 4\\.0</a>' in page
