"""Official documents of every structure the publisher uses, read, resolved and
rendered: prose clarification sections, clarification lists by heading,
revised card and rule texts, and a clarifications document that lapses at the
next rules update. The fixture (`tests/read/fixtures/official.faq-json.json`)
and the four editions (`tests/editions_fixture.py`) are written for the tests."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

from rulesite.stages import read as read_stage

from rulesite.stages import resolve as resolve_stage
from rulesite.common.diagnostics import Diagnostics
from rulesite.export.data import game_datasets
from rulesite.common.model import Loc, Source
from rulesite.read import faq_json
from rulesite.render.card_pages import render_errata
from rulesite.render.faq_page import render_faq_pages
from rulesite.render.official import official_pages
from rulesite.render.section_page import render_section
from rulesite.render.word_index import QUEUE, WORDS, word_index
from rulesite.resolve.official import official_documents, revisions
from rulesite.common.strings import t

from editions_fixture import write_four_editions

FIXTURE = Path(__file__).parent.parent / "read" / "fixtures" / "official.faq-json.json"
FAQ_SOURCE = (
    "  - id: official-faq\n    path: official.faq-json.json\n    game: riftbound\n    document: official-faq\n"
    "    language: en\n    edition: undated\n    format: faq-json\n    title: Official FAQ\n"
)


def _read(path: Path, name: str = "official.faq-json.json"):
    diag = Diagnostics()
    source = Source(
        id="official-faq",
        path=name,
        game="riftbound",
        document="official-faq",
        language="en",
        edition="undated",
        format="faq-json",
    )
    return faq_json.read(source, path.read_text(encoding="utf-8").splitlines(), diag), diag


@pytest.fixture(scope="module")
def ctx(tmp_path_factory):
    root = tmp_path_factory.mktemp("official")
    sources = write_four_editions(root)
    shutil.copy(FIXTURE, sources)
    manifest = sources / "manifest.yml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + "\n" + FAQ_SOURCE, encoding="utf-8")
    diag = Diagnostics()
    corpus = read_stage.read_corpus(manifest, diag)
    found = resolve_stage.resolve(corpus, diag)
    assert diag.errors == [] and [d for d in diag.warnings if d.code == "unplaced"] == []
    return found


# --- read -------------------------------------------------------------------------------


def test_prose_sections_and_heading_lists_are_items_each():
    imported, diag = _read(FIXTURE)
    assert diag.items == []
    items = [(f.document, f.kind, f.question, f.topic) for f in imported.faqs]
    assert items == [
        ("lapsed-clarifications", "introduction", "Lapsed Clarifications", ""),
        ("lapsed-clarifications", "clarification", "Moving Units", ""),
        ("lapsed-clarifications", "clarification", "Drawing Cards", ""),
        ("event-rulings", "introduction", "Quick Rulings for an Event", ""),
        ("event-rulings", "clarification", "Spell Costs", "Rules Clarifications"),
        ("event-rulings", "clarification", "Late Moves", "Rules Clarifications"),
        ("event-rulings", "clarification", "Tournament Policy", ""),
        ("event-rulings", "clarification", "Credits", ""),
        ("set-faq", "introduction", "Set FAQ", ""),
        ("set-faq", "clarification", "Outstanding Issues", "Outstanding Issues"),
        ("set-faq", "answer", "Do spells cost power?", "Spells"),
    ]
    moving = imported.faqs[1]
    assert moving.id == "lapsed-clarifications-moving-units"
    # Every line kept, the list items marked, the picture as its alt text (never fetched).
    assert moving.answer == (
        "A unit that moves twice still follows rule 101.2. (image: Two units moving) "
        "- It moves one battlefield at a time. - It stops when it is recalled."
    )
    assert "example.org/pictures" not in moving.answer
    assert imported.faqs[0].answer.startswith("We wrote this to clear up the last update.")


def test_revised_texts_become_an_erratum_and_rule_revisions():
    imported, _ = _read(FIXTURE)
    [erratum] = imported.errata
    assert (erratum.card, erratum.old_text, erratum.new_text, erratum.date) == (
        "Fixture Bolt",
        "",
        "Deal 3 to a unit.\nDeal 3 to another unit.",
        "2025-02-15",
    )
    assert (erratum.article, erratum.article_id, erratum.url) == ("Set FAQ", "set-faq", "https://example.org/news/set-faq/")
    assert erratum.note == "(image: Fixture Bolt card)"
    assert [(r.number, r.text, r.official, r.date) for r in imported.revisions] == [
        ("103.1", "Spells cost energy and sometimes power.", "set-faq", "2025-02-15"),
        ("102.2", "Players score points by conquering battlefields.", "set-faq", "2025-02-15"),
    ]
    # Revised texts are not repeated inside an item.
    assert not any("Deal 3 to another unit" in f.answer for f in imported.faqs)


def test_documents_say_their_authority_as_printed():
    imported, _ = _read(FIXTURE)
    said = {d.id: (d.published, d.amends, d.precedence, d.lapses, d.url) for d in imported.official}
    assert said == {
        "lapsed-clarifications": (
            "2025-02-15",
            "core-rules",
            True,
            "next-rules-update",
            "https://example.org/news/lapsed-clarifications/",
        ),
        "event-rulings": ("2025-02-20", "", False, "", "https://example.org/event/#rulings"),
        "set-faq": ("2025-02-15", "core-rules", False, "", "https://example.org/news/set-faq/"),
    }


def test_hostile_articles_give_path_line_errors(tmp_path):
    articles = json.loads(FIXTURE.read_text(encoding="utf-8"))
    articles[0]["originUrl"] = "javascript:alert(1)"
    articles[1]["publishedAt"] = ["2025"]
    articles[2]["content"] = (
        '## Issues\n\n### Fixture Bolt (revised text)\n\n<img alt="only a picture" src="x.png">\n\n'
        "### <b>Bolt</b> (revised text)\n\nDeal 1.\n"
    )
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(articles, indent=2), encoding="utf-8")
    imported, diag = _read(path, "bad.json")
    lines = path.read_text(encoding="utf-8").splitlines()
    content = [i + 1 for i, line in enumerate(lines) if '"content"' in line]
    assert [(d.severity, d.code, d.loc) for d in diag.items] == [
        ("error", "faq-json", Loc("bad.json", content[0])),
        ("error", "faq-json", Loc("bad.json", content[1])),
        ("error", "faq-syntax", Loc("bad.json", content[2])),
        ("error", "name", Loc("bad.json", content[2])),
    ]
    assert [str(d).split(": ", 1)[0] for d in diag.items] == [f"bad.json:{n}" for n in [*content, content[2]]]
    assert "http(s) address" in diag.items[0].message and "/1/publishedAt must be text" in diag.items[1].message
    assert "revised text of 'Fixture Bolt' is empty" in diag.items[2].message
    assert "line 7 of the text: revised card name '<b>Bolt</b>' is not a printed name" in diag.items[3].message
    # The broken articles are left out whole; the empty revised text makes no erratum.
    assert imported.faqs == [] and imported.errata == []


# --- resolve ------------------------------------------------------------------------------


def test_a_lapsing_document_is_superseded_by_the_next_whole_edition(ctx):
    found = {s.document.id: s for s in official_documents(ctx.corpus)}
    # Newest first (the two of one day in the source's order): the list a change feed reads.
    assert [s.document.id for s in official_documents(ctx.corpus)] == ["event-rulings", "lapsed-clarifications", "set-faq"]
    lapsed = found["lapsed-clarifications"]
    assert (lapsed.superseded_by.label, lapsed.superseded_by.date) == ("v1.2", "2025-03-01")
    assert lapsed.opening.kind == "introduction"
    # A document that says nothing of lapsing never lapses.
    assert found["set-faq"].superseded_by is None and found["event-rulings"].superseded_by is None


def test_a_rule_revision_sits_on_the_edition_it_amends_and_later_editions_say_if_they_took_it(ctx):
    found = {(s.revision.number): s for s in revisions(ctx.corpus, ctx.history)}
    taken = found["103.1"]
    assert (taken.amended, taken.number) == ("v1.1", "103.1")
    assert [(x.edition, x.number, x.incorporated) for x in taken.later] == [("v1.2", "103.1", True), ("v1.3", "103.1", True)]
    refused = found["102.2"]
    assert (refused.amended, refused.number) == ("v1.1", "102.2")
    assert [(x.edition, x.incorporated) for x in refused.later] == [("v1.2", False), ("v1.3", False)]


# --- render -------------------------------------------------------------------------------


def test_each_official_document_has_a_page_a_feed_can_list(ctx):
    pages = [(s.document.title, s.document.published, page, anchor) for s, page, anchor, _ in official_pages(ctx)]
    assert pages == [
        ("Quick Rulings for an Event", "2025-02-20", "riftbound/faq/official-faq.md", "faq-event-rulings-introduction"),
        ("Lapsed Clarifications", "2025-02-15", "riftbound/faq/official-faq.md", "faq-lapsed-clarifications-introduction"),
        ("Set FAQ", "2025-02-15", "riftbound/faq/official-faq.md", "faq-set-faq-introduction"),
    ]
    page = _faq_page(ctx)
    assert all(f'id="{anchor}"' in page for *_, anchor in pages)


def _unescaped(markdown: str) -> str:
    """The page's words: Markdown's escaping backslashes taken out."""
    return markdown.replace("\\", "")


def _faq_page(ctx) -> str:
    return _unescaped("\n".join(render_faq_pages(ctx, "riftbound", "official-faq").values()))


def test_every_item_has_its_permalink_and_authority_line(ctx):
    page = _faq_page(ctx)
    for faq in ctx.corpus.faqs:
        assert f'id="faq-{faq.id}"' in page, faq.id
    assert page.count("{: .freshness") == len(ctx.corpus.faqs)
    # The lapsed document: its date, what it amends, its precedence, and the edition that superseded it, linked.
    lapsed = next(line for line in page.splitlines() if "Published 2025-02-15 in [Lapsed Clarifications]" in line)
    assert "amends the Core Rules" in lapsed and "takes precedence over the Core Rules where they differ" in lapsed
    assert "superseded by [Core Rules v1.2](" in lapsed and "(2025-03-01)" in lapsed
    event = next(line for line in page.splitlines() if "Published 2025-02-20 in [Quick Rulings for an Event]" in line)
    assert "superseded" not in event and "precedence" not in event
    assert "Introduction: Lapsed Clarifications" in page


def test_clarifications_are_listed_on_the_rules_they_cite(ctx):
    section = ctx.corpus.sections[next(k for k in ctx.corpus.sections if k.number == "101")]
    page = _unescaped(render_section(section, ctx))
    assert "Moving Units" in page  # it cites rule 101.2


def test_revised_rule_text_is_shown_on_its_edition_and_later_ones(ctx):
    amended = next(s for s in ctx.editions.pages_of("en") if s.key.edition and s.edition == "v1.1" and s.number == "103")
    page = _unescaped(render_section(amended, ctx))
    assert "Revised by [Set FAQ](" in page and "(2025-02-15): “Spells cost energy and sometimes power.”" in page
    assert "incorporated in v1.2; incorporated in v1.3" in page
    current = _unescaped(render_section(ctx.corpus.sections[next(k for k in ctx.corpus.sections if k.number == "102")], ctx))
    assert "Revision of 102.2 (v1.1) by [Set FAQ](" in current and "not in v1.3" in current


def test_revised_card_text_is_an_erratum_with_its_source(ctx):
    page = _unescaped(render_errata(ctx))
    assert "Fixture Bolt" in page and "Deal 3 to another unit." in page
    assert "**Old:**" not in page  # the FAQ prints no old wording


# --- published data -------------------------------------------------------------------------


def test_published_faq_data_holds_each_item_kind_and_its_documents_authority(ctx):
    sys.path.insert(0, str(Path(__file__).parent.parent / "export"))
    from datafiles import schema_problems

    files = game_datasets(ctx, ctx, kinds=("faq", "errata"))  # the context is the places it renders
    faq, errata = files["riftbound/faq.json"], files["riftbound/errata.json"]
    assert schema_problems(faq) == [] and schema_problems(errata) == []
    by_id = {a["id"]: a for a in faq["answers"]}
    moving = by_id["lapsed-clarifications-moving-units"]
    assert moving["kind"] == "clarification" and moving["url"].endswith("#faq-lapsed-clarifications-moving-units")
    assert moving["document"] == {
        "id": "lapsed-clarifications",
        "title": "Lapsed Clarifications",
        "published": "2025-02-15",
        "source_url": "https://example.org/news/lapsed-clarifications/",
        "amends": "core-rules",
        "precedence": True,
        "lapses": "next-rules-update",
        "superseded_by": {"document": "core-rules", "edition": "v1.2", "date": "2025-03-01"},
    }
    assert by_id["event-rulings-spell-costs"]["document"]["superseded_by"] is None
    assert [(e["card"], e["document"], e["old_text"]) for e in errata["errata"]] == [("Fixture Bolt", "set-faq", "")]


def test_clarifications_are_searched_as_their_own_kind(ctx):
    """The word index lists answers as FAQ answers and the other official items
    (clarifications, introductions) as official clarifications ("o"), each at its permalink."""
    files = word_index(ctx, "en")
    words = json.loads(files.pop(WORDS)[len(QUEUE) : -3])
    kinds = {row[2].rsplit("#", 1)[-1]: row[0] for row in words["entries"] if "#faq-" in row[2]}
    for faq in ctx.corpus.faqs:
        assert kinds[f"faq-{faq.id}"] == ("f" if faq.kind == "answer" else "o"), faq.id
    assert {"o", "f"} <= set(kinds.values())
    assert t("en", "kind-official") == "Official clarification" and t("fr", "kind-official") != t("en", "kind-official")
