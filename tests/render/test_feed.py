"""The change feed (render/feed.py, from resolve/dated.py): one Atom file per
language, valid by RFC 4287's rules (tests/atom_rules.py), newest first.

The corpus is the hostile tests' base (the seeds plus one small file of every
format, written for the tests: tests/hostile/files/) and a second Tournament
Rules edition written here, read and resolved in this process.
"""

from __future__ import annotations

import copy
import dataclasses
from pathlib import Path

import pytest
from atom_rules import ATOM, problems
from hostile.base import make_base
from lxml import etree

from rulesite.stages import read as read_stage

from rulesite.stages import resolve as resolve_stage
from rulesite.common.diagnostics import Diagnostics
from rulesite.render.feed import FEED, change_feed, feed_xml
from rulesite.site_map.paths import faq_anchor

TOURNAMENT = "rules_src/hostile/tournament-rules.txt"
SECOND = """
  - id: hostile-tournament-2
    path: hostile/tournament-rules-2.txt
    game: riftbound
    document: tournament-rules
    language: en
    edition: 2026-04-29
    format: rules-document
    title: Test tournament rules, second edition
"""


@pytest.fixture(scope="module")
def ctx(repo_root: Path, tmp_path_factory):
    root = tmp_path_factory.mktemp("feed") / "root"
    make_base(repo_root, root)
    text = (root / TOURNAMENT).read_text(encoding="utf-8")
    second = text.replace("2026-03-30", "2026-04-29").replace("respect.", "respect at all times.")
    (root / TOURNAMENT).with_name("tournament-rules-2.txt").write_text(second, encoding="utf-8")
    manifest = root / "rules_src" / "manifest.yml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + SECOND, encoding="utf-8")
    diag = Diagnostics()
    resolved = resolve_stage.resolve(read_stage.read_corpus(manifest, diag), diag)
    assert diag.errors == []
    return resolved


def entries(xml: str) -> list[dict]:
    root = etree.fromstring(xml.encode())
    ns = {"a": ATOM}
    return [
        {
            "id": e.findtext("a:id", namespaces=ns),
            "title": e.findtext("a:title", namespaces=ns),
            "updated": e.findtext("a:updated", namespaces=ns),
            "href": e.find("a:link", namespaces=ns).get("href"),
        }
        for e in root.findall("a:entry", namespaces=ns)
    ]


def test_the_feed_is_valid_atom_and_lists_every_dated_item_newest_first(ctx):
    xml = feed_xml(ctx)
    assert problems(xml.encode()) == []
    first_answer = next(
        f for f in ctx.corpus.faqs if f.document == "test-faq" and f.kind == "answer"
    )  # the document's first question
    assert first_answer.question == "Can a unit attack twice in one turn?"
    assert [(e["updated"][:10], e["title"], e["href"]) for e in entries(xml)] == [
        (
            "2026-04-29",
            "New edition: Riftbound Tournament Rules 2026-04-29",
            "riftbound/tournament-rules/changes/2026-03-30-to-2026-04-29.html",
        ),
        ("2026-03-30", "New edition: Riftbound Tournament Rules 2026-03-30", "riftbound/tournament-rules/editions.html"),
        ("2026-01-05", "Ruling: Can Test Unit attack twice?", "riftbound/rulings/test-unit-attack-twice.html"),
        ("2026-01-02", "Erratum: Test Unit (Test errata)", "riftbound/errata.html#erratum-test-unit-2026-01-02"),
        ("2026-01-01", "FAQ: Test FAQ", f"riftbound/faq/hostile-faq.html#{faq_anchor(first_answer)}"),
        (
            "2025-02-07",
            "New edition: Magic: The Gathering Comprehensive Rules 2025-02-07",
            "magic/comprehensive-rules/editions.html",
        ),
    ]
    root = etree.fromstring(xml.encode())
    assert root.findtext(f"{{{ATOM}}}updated") == "2026-04-29T00:00:00Z"  # the newest entry's
    assert change_feed(ctx) == {FEED: xml}


def test_without_a_site_url_links_are_relative_and_with_one_the_feed_names_its_base(ctx):
    plain = etree.fromstring(feed_xml(ctx).encode())
    assert plain.get("{http://www.w3.org/XML/1998/namespace}base") is None
    published = dataclasses.replace(ctx, site_url="https://rules.example/")
    english = etree.fromstring(feed_xml(published).encode())
    spanish = etree.fromstring(feed_xml(dataclasses.replace(published, language="es")).encode())
    assert english.get("{http://www.w3.org/XML/1998/namespace}base") == "https://rules.example/"
    assert spanish.get("{http://www.w3.org/XML/1998/namespace}base") == "https://rules.example/es/"
    # The ids say what each item is, wherever the site is published.
    assert [e["id"] for e in entries(feed_xml(ctx))] == [e["id"] for e in entries(feed_xml(published))]
    assert all(e["id"].startswith("urn:uuid:") for e in entries(feed_xml(ctx)))


def test_the_spanish_feed_speaks_spanish_and_links_to_the_english_pages(ctx):
    xml = feed_xml(dataclasses.replace(ctx, language="es"))
    assert problems(xml.encode()) == []
    found = entries(xml)
    assert found[0]["title"] == "Nueva edición: Riftbound Tournament Rules 2026-04-29"
    ruling = next(e for e in found if e["title"].startswith("Resolución: "))
    assert ruling["href"] == "../riftbound/rulings/test-unit-attack-twice.html?from=es"


def test_source_text_in_the_feed_is_text_not_markup(ctx):
    hostile = copy.deepcopy(ctx)
    ruling = next(r for r in hostile.corpus.rulings if r.date)
    ruling.title = 'A </title><script>alert(1)</script> & "more"'
    xml = feed_xml(hostile)
    assert problems(xml.encode()) == [] and "<script>" not in xml
    assert any(e["title"] == f"Ruling: {ruling.title}" for e in entries(xml))


def test_the_rfc_checks_find_what_breaks_atom(ctx):
    """The checker itself: each broken rule of a real feed is found."""
    xml = feed_xml(ctx)
    first_id = entries(xml)[0]["id"]
    broken = {
        "an entry without its id": xml.replace(f"<id>{first_id}</id>", "", 1),
        "a date that is no date-time": xml.replace("2026-04-29T00:00:00Z", "2026-04-29", 1),
        "a relative id": xml.replace(first_id, "entry-1", 1),
        "two entries the same": xml.replace(entries(xml)[1]["id"], first_id).replace("2026-03-30T", "2026-04-29T"),
        "no author": xml.replace("<author>", "<contributor>").replace("</author>", "</contributor>"),
    }
    for what, text in broken.items():
        assert problems(text.encode()), what
