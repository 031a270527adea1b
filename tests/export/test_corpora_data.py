"""The published data of the full corpora site (fixture `corpora_site`): every
file valid against its schema, and rule identities that survive the real
renumbering (Reveal: 411 in v1.1 and v1.2, 424 in v1.4)."""

from __future__ import annotations

import pytest
from datafiles import one_data_layer_problems, published, validate_site_data

pytestmark = pytest.mark.corpora

CORE = "riftbound/core-rules/en"


def test_every_published_file_of_the_corpora_site_matches_its_schema(corpora_site):
    files = validate_site_data(corpora_site.site)
    editions = {d["document"]: d for d in files["editions.json"]["documents"]}
    assert [e["label"] for e in editions["core-rules"]["editions"] if not e["partial"]] == ["v1.1", "v1.2", "v1.4"]
    assert editions["core-rules"]["current"] == "v1.4"
    assert {"cards", "errata", "rulings", "faq", "trace"} <= {v["kind"] for v in files.values()}


def test_a_rule_keeps_its_identity_through_renumbering(corpora_site):
    files = published(corpora_site.site)
    v11, v12, v14 = (files[f"{CORE}/{label}.json"] for label in ("v1.1", "v1.2", "v1.4"))
    by_number = {label: {r["number"]: r for r in data["rules"]} for label, data in (("v1.1", v11), ("v1.2", v12), ("v1.4", v14))}
    reveal = by_number["v1.1"]["411.1"]
    assert reveal["id"] == "core-rules:v1.1:411.1"
    assert by_number["v1.2"]["411.1"]["id"] == reveal["id"]
    assert by_number["v1.4"]["424.1"]["id"] == reveal["id"]
    assert by_number["v1.4"]["424.1"]["sha256"] == reveal["sha256"]  # same text, same hash
    # v1.4's 411 is another rule (Responsibility): another identity.
    assert by_number["v1.4"]["411.1"]["id"] != reveal["id"]
    trace = {r["id"]: r for r in files[f"{CORE}/trace.json"]["rules"]}
    assert files[f"{CORE}/trace.json"]["editions"][:3] == ["v1.1", "v1.2", "v1.4"]
    assert trace[reveal["id"]]["numbers"][:3] == ["411.1", "411.1", "424.1"]


def test_the_trace_covers_every_rule_of_every_dated_edition_once(corpora_site):
    files = published(corpora_site.site)
    trace = files[f"{CORE}/trace.json"]
    for k, label in enumerate(trace["editions"]):
        rules = files[f"{CORE}/{label}.json"]["rules"]
        traced = sorted(r["numbers"][k] for r in trace["rules"] if r["numbers"][k] is not None)
        assert traced == sorted(r["number"] for r in rules), label
        ids = {r["id"] for r in trace["rules"] if r["numbers"][k] is not None}
        assert ids == {r["id"] for r in rules}, label


def test_cards_carry_their_errata_and_the_rulings_naming_them(corpora_site):
    files = published(corpora_site.site)
    cards = files["riftbound/cards.json"]["cards"]
    rulings = {r["id"] for r in files["riftbound/rulings.json"]["rulings"]}
    faq = {a["id"] for a in files["riftbound/faq.json"]["answers"]}
    assert len(cards) == 950
    assert sum(1 for c in cards if c["errata"]) > 0
    assert all(set(c["rulings"]) <= rulings and set(c["faq"]) <= faq for c in cards)
    assert sum(1 for c in cards if c["rulings"]) > 0
    cited = [c for r in files["riftbound/rulings.json"]["rulings"] for c in r["cites"] if c["rule"]]
    assert cited, "no ruling cites a rule by its identity"


def test_the_number_table_and_previews_of_the_corpora_site_say_what_its_data_says(corpora_site):
    checked, problems = one_data_layer_problems(corpora_site.site)
    assert checked > 9000  # every rule of every edition of the real documents
    assert problems[:10] == []
