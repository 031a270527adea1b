"""The dates the change feed lists: a FAQ article's publication (faq-json
`publishedAt`) on each of its answers, with the article's id; an MDX rulings page's
`createdAt` on each of its rulings. One that is no day of the calendar is
reported and left out, never guessed. Fixtures are written here."""

from __future__ import annotations

import json

from rulesite.common.diagnostics import Diagnostics
from rulesite.common.model import Source
from rulesite.read import faq_json, rulings_mdx


def _faq(published) -> tuple[list, Diagnostics]:
    article = {"id": "test-faq", "title": "Test *FAQ*", "content": "### Q: Can I?\nYes.\n### Q: Can you?\nNo.\n"}
    if published is not None:
        article["publishedAt"] = published
    source = Source("faq", "faq.json", "riftbound", "official-faq", "en", "undated", "faq-json")
    diag = Diagnostics()
    return faq_json.read(source, json.dumps([article], indent=1).split("\n"), diag).faqs, diag


def test_each_answer_carries_its_articles_id_and_day():
    faqs, diag = _faq("2026-04-29T16:00:00.000Z")
    assert diag.items == []
    assert [(f.document, f.date) for f in faqs] == [("test-faq", "2026-04-29")] * 2


def test_a_publication_that_is_no_day_is_reported_and_left_out():
    for published in ("2026-02-30T00:00:00Z", "soon"):
        faqs, diag = _faq(published)
        assert [f.date for f in faqs] == ["", ""], published
        assert diag.codes() == ["faq-date"], published
    faqs, diag = _faq(20260101)  # not text at all: the article is refused, as any malformed one
    assert faqs == [] and diag.codes() == ["faq-json"]
    faqs, diag = _faq(None)
    assert [f.date for f in faqs] == ["", ""] and diag.items == []


def _ruling(created: str) -> tuple[list, Diagnostics]:
    lines = ["---", "title: Test Unit", 'reviewedCoreRulesVersion: "1.4"', *([created] if created else []), "---", ""]
    lines += ["## Can Test Unit attack twice? [#attack-twice]", "", "No. It attacks once each turn.", ""]
    source = Source("mdx", "mdx/cards/test-unit.mdx", "riftbound", "community-rulings", "en", "undated", "rulings-mdx")
    diag = Diagnostics()
    return rulings_mdx.read(source, lines, diag).rulings, diag


def test_a_rulings_page_dates_its_rulings():
    rulings, diag = _ruling("createdAt: 2026-01-05")
    assert diag.items == [] and [r.date for r in rulings] == ["2026-01-05"]
    rulings, diag = _ruling("")
    assert diag.items == [] and [r.date for r in rulings] == [""]


def test_a_creation_that_is_no_day_is_reported_at_its_line():
    rulings, diag = _ruling('createdAt: "2026-13-01"')
    assert [r.date for r in rulings] == [""]
    assert [(d.code, d.loc.line) for d in diag.items] == [("ruling-date", 4)]
