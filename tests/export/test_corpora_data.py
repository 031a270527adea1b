"""The published data of the full corpora site (fixture `corpora_site`): every
file valid against its schema, and rule identities that survive the real
renumbering (Reveal: 411 in v1.1 and v1.2, 424 in v1.4)."""

from __future__ import annotations

from collections import Counter

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


def _texts(ops: list) -> tuple[str, str]:
    """The old and the new text of a published entry's word diff."""
    return "".join(t for op, t in ops if op != "+"), "".join(t for op, t in ops if op != "-")


def _numbers_cited(text: str) -> tuple[str, list[str]]:
    """`text` with each number it cites (the linker's grammar) masked, and those numbers."""
    from rulesite.resolve.cited import cited_numbers

    found = list(cited_numbers(text))
    masked, at = [], 0
    for m in found:
        masked += [text[at : m.start()], "#"]
        at = m.end()
    return "".join(masked) + text[at:], [m.group(0) for m in found]


def test_no_change_of_the_published_diffs_is_only_a_cited_number_renumbered(corpora_site):
    """A rule whose text differs only in the numbers it cites, each naming the same
    rule identity in the two editions (trace.json), is "references renumbered",
    not "changed"; one whose cited number names another rule now stays changed
    and says so. Of the rules counted changed before, 30 of v1.1 → v1.2's 47,
    57 of v1.2 → v1.4's 399 and 57 of v1.1 → v1.4's 364 moved to the new count
    (the other changes with a cited number renumbered change more: a period
    after it, "3[M]" spaced, a title added, or the number names another rule)."""
    files = published(corpora_site.site)
    trace = files[f"{CORE}/trace.json"]
    ident = {
        (label, number): rule["id"]
        for rule in trace["rules"]
        for label, number in zip(trace["editions"], rule["numbers"])
        if number is not None
    }
    # A section number names the section of its title, where no other section of
    # the edition has that title (sections are no rules: they have no identity).
    for label in ("v1.1", "v1.2", "v1.4"):
        sections = files[f"{CORE}/{label}.json"]["sections"]
        titles = Counter(s["title"].casefold() for s in sections)
        for s in sections:
            if titles[s["title"].casefold()] == 1:
                ident.setdefault((label, s["number"]), "section: " + s["title"].casefold())
    expected = {("v1.1", "v1.2"): (30, 17), ("v1.2", "v1.4"): (57, 342), ("v1.1", "v1.4"): (57, 307)}
    for (old, new), (references, changed) in expected.items():
        diff = files[f"{CORE}/diffs/{old}-to-{new}.json"]
        entries = [e for s in diff["sections"] for e in s["entries"]]
        only_cited = 0
        for e in entries:
            if "diff" not in e or e["kind"] == "added":
                continue
            (a, a_numbers), (b, b_numbers) = map(_numbers_cited, _texts(e["diff"]))
            if a != b:
                continue  # reworded
            named = [(ident.get((old, x)), ident.get((new, y))) for x, y in zip(a_numbers, b_numbers) if x != y]
            where = f"{old} → {new} {e['id']}: {named}"
            if all(x is not None and x == y for x, y in named):
                only_cited += 1
                assert e["kind"] in ("references", "moved") and e.get("renumbered"), f"{where}: {e['kind']}"
            elif any(x is not None and y is not None and x != y for x, y in named):
                assert e["kind"] in ("changed", "moved") and e.get("cites"), f"{where}: says not what it now cites"
        assert diff["counts"]["references"] == only_cited == references, (old, new, only_cited)
        assert diff["counts"]["changed"] == changed, (old, new)
