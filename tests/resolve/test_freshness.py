"""Freshness: a ruling says which rules version it was checked against; one
citing a rule changed since then is "Outdated", with that rule's word diff, on
its page and on the needs-review list. Editions are fixtures written for the test."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

from rulesite.stages import read as read_stage

from rulesite.stages import resolve as resolve_stage
from rulesite.common.diagnostics import Diagnostics
from rulesite.common.model import Citation, Loc, Ruling, Walkthrough, WalkthroughStep
from rulesite.render.index_pages import render_reviews
from rulesite.render.ruling_page import freshness, render_ruling
from rulesite.resolve.review import Change, ChangeKind, needs_review
from rulesite.common.strings import STRINGS, review_change
from cited_editions import write_cited_editions

FIXTURES = Path(__file__).parent.parent / "read" / "fixtures"
MANIFEST = "sources:\n" + "".join(
    f"  - {{id: e{n}, path: edition-{n}.rules-document.txt, game: riftbound, document: core-rules, language: en,\n"
    f"     edition: {date}, version: '{n}', format: rules-document}}\n"
    for n, date in ((1, "2030-01-15"), (2, "2030-06-01"))
)


def _ctx(tmp_path, rulings, walkthroughs=(), cited=False):
    """`cited`: the editions of `cited_editions` rather than the read fixtures."""
    if cited:
        write_cited_editions(tmp_path)
    else:
        for n in (1, 2):
            shutil.copy(FIXTURES / f"edition-{n}.rules-document.txt", tmp_path)
        (tmp_path / "manifest.yml").write_text(MANIFEST, encoding="utf-8")
    diag = Diagnostics()
    corpus = read_stage.read_corpus(tmp_path / "manifest.yml", diag)
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
    corpus.rulings, corpus.walkthroughs = rulings, list(walkthroughs)
    ctx = resolve_stage.resolve(corpus, diag)
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


def _walkthrough(wid: str, edition: str, cites: list[str]) -> Walkthrough:
    step = WalkthroughStep("A step.", [Citation(n, "", Loc("w.yml", 2)) for n in cites], Loc("w.yml", 2))
    return Walkthrough(wid, wid, "riftbound", "core-rules", edition, cites[0], "Why.", [step], Loc("w.yml", 1))


def test_a_rule_whose_only_change_is_a_renumbered_reference_needs_no_review(tmp_path):
    """cited_editions: v2's 101 and 102 cite the same rules as v1's under their
    new numbers (their meaning did not change), 103 cites another rule now (a
    change), and 301.1 is 401.1 with the same text (renumbered, not reworded)."""
    rulings = [_ruling(f"r{n}", "1", [n]) for n in ("101", "102", "103", "301.1")]
    walks = [_walkthrough(f"w{n}", "v1", [n]) for n in ("101", "102", "103")]
    ctx = _ctx(tmp_path, rulings, walks, cited=True)
    found = {(r.item.id, r.rule): review_change("en", r.change) for r in needs_review(ctx.corpus, ctx.history)}
    assert found == {
        ("r103", "103"): "reworded in v2",
        ("r301.1", "301.1"): "now 401.1 in v2",
        ("w103", "103"): review_change("en", Change(ChangeKind.REWORDED_SINCE, "v1")),
    }
    assert "Outdated" not in render_ruling(rulings[0], ctx)
    listed = render_reviews(ctx)
    assert "r103" in listed and "r101" not in listed and "w101" not in listed


PAGE_KEYS = ("reviewed-against", "not-dated", "question-short", "ruling-cards", "origin", "community-rulings-site")


def test_the_freshness_line_is_in_the_pages_language(tmp_path):
    """The line is on FAQ answers of every language's site (section pages, FAQ
    pages), so its words come from the strings table, in all three languages."""
    dated, undated = _ruling("dated", "2", ["101.1"]), _ruling("undated", "", [])
    ctx = _ctx(tmp_path, [dated, undated])
    line = lambda item, language: str(freshness(item, replace(ctx, language=language))[0])  # noqa: E731
    assert line(dated, "en") == "Reviewed against Core Rules v2"  # the English words as they were
    assert line(undated, "en").startswith("Not dated")
    assert line(dated, "es") == "Revisada con las Reglas básicas v2"
    assert line(undated, "es").startswith("Sin fecha")
    assert line(dated, "fr") == "Vérifiée avec les Règles de base v2"
    assert line(undated, "fr").startswith("Non daté")
    for key in PAGE_KEYS:  # every word of a ruling's page, in every table
        assert all(key in STRINGS[language] for language in ("en", "es", "fr")), key
        assert all(STRINGS[language][key] for language in ("es", "fr")), key


def test_a_ruling_page_says_its_labels_as_before(tmp_path):
    ruling = _ruling("labelled", "2", ["101.1"])
    ruling.question = "Does it?"
    ctx = _ctx(tmp_path, [ruling])
    page = render_ruling(ruling, ctx)
    assert "**Q:** Does it\\?" in page and "Reviewed against Core Rules v2\n{: .freshness" in page
    assert 'site_name: "Riftbound community rulings Core Rules v2 ' in page and 'edition: "Core Rules v2"' in page
