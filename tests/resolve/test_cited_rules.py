"""Every rule citation checked against the edition it means (resolve/cited_rules.py):
a hand-built corpus of two whole editions and an excerpt."""

from __future__ import annotations

from pathlib import Path

from rulesite.common.diagnostics import Diagnostics
from rulesite.common.model import Corpus, Edition, FaqAnswer, GlossaryEntry, Loc, Misprint, Rule, Ruling, Section, Source
from rulesite.read.extras import read_misprints
from rulesite.resolve.cited_rules import check_cited_rules

CORE = ("riftbound", "core-rules", "en")


def section(number: str, title: str, rules: list[str], edition: str, cites: dict[str, str] | None = None) -> Section:
    texts = cites or {}
    made = [Rule(n, texts.get(n, f"Rule {n} says something."), Loc(f"core-{edition}.txt", i + 2)) for i, n in enumerate(rules)]
    return Section(*CORE[:2], number, title, "en", made, edition=edition)


def edition(label: str, date: str, partial: bool, sections: list[Section]) -> Edition:
    return Edition(*CORE, label, date, partial, [f"core-{label}"], {s.number: s for s in sections})


def source(id: str, edition: str, version: str = "", document: str = "core-rules", partial: bool = False) -> Source:
    return Source(id, f"{id}.txt", "riftbound", document, "en", edition, "rules-text", version=version, partial=partial)


def corpus(*, excerpt_cites: str = "", v14_cites: str = "", first: str = "1.3") -> Corpus:
    """v1.3 (2025-12-01) prints 411 Reveal; v1.4 (2026-06-18) prints 424 Reveal;
    an excerpt (2026-10-09) prints 832 only. `first`: the first edition's
    version ("1.2": the sources lack the 1.3 between)."""
    v12 = edition(f"v{first}", "2025-12-01", False, [section("411", "Reveal", ["411.1", "411.2"], f"v{first}")])
    v14_rules = {"424.2": v14_cites} if v14_cites else None
    v14 = edition("v1.4", "2026-06-18", False, [section("424", "Reveal", ["424.1", "424.2", "424.3.a"], "v1.4", v14_rules)])
    v14.sections["425"] = section("425", "Hide", ["425.1"], "v1.4")
    excerpt_rules = {"832.1": excerpt_cites} if excerpt_cites else None
    excerpt = edition("2026-10-09", "2026-10-09", True, [section("832", "Show Off", ["832.1"], "2026-10-09", excerpt_rules)])
    c = Corpus(
        sources={
            s.id: s
            for s in [
                source(f"core-v{first}", "2025-12-01", first),
                source("core-v1.4", "2026-06-18", "1.4"),
                source("core-2026-10-09", "2026-10-09", partial=True),
                source("rulings", "undated", document="community-rulings"),
                source("faq-2026-01", "2026-01-15", document="official-faq"),
                source("faq", "undated", document="official-faq"),
            ]
        },
        editions={CORE: [v12, v14, excerpt]},
    )
    for found in c.editions[CORE]:
        for s in found.sections.values():
            for rule in s.rules:
                rule.source_ids = [f"core-{found.label}"]
    # The current view: v1.4's sections, and the excerpt's 832.
    c.sections = {s.key: s for s in [*v14.sections.values(), *excerpt.sections.values()]}
    return c


def ruling(answer: str, reviewed: str = "") -> Ruling:
    return Ruling("r", "R", answer, [], [], "riftbound", "rulings", Loc("rulings.txt", 7), reviewed_version=reviewed)


def faq(answer: str, source_id: str = "faq") -> FaqAnswer:
    return FaqAnswer("q", "Can I?", answer, "riftbound", "424", source_id, Loc(f"{source_id}.json", 12))


def check(c: Corpus) -> Diagnostics:
    diag = Diagnostics()
    check_cited_rules(c, diag)
    return diag


def test_a_ruling_citing_a_rule_its_whole_edition_lacks_is_an_error_naming_the_nearest():
    c = corpus()
    c.rulings = [ruling("Yes, see rule 424.9 and rule 424.1.", reviewed="1.4")]
    diag = check(c)
    assert [str(d) for d in diag.items] == [
        "rulings.txt:7: error[unknown-rule]: ruling r cites rule 424.9, which riftbound core-rules v1.4 "
        "(a whole edition) does not print; nearest in riftbound core-rules v1.4: 424.3.a, 425"
    ]


def test_a_ruling_is_checked_against_the_version_it_was_reviewed_against():
    c = corpus()
    # 411.1 is v1.3's Reveal; v1.4 renumbered it 424.1.
    c.rulings = [ruling("See rule 411.1.", reviewed="1.3")]
    assert check(c).items == []
    c.rulings = [ruling("See rule 424.1.", reviewed="1.3")]
    assert check(c).codes() == ["unknown-rule"]
    c.rulings = [ruling("See rule 411.1.")]  # no version: the current edition, v1.4
    assert check(c).codes() == ["unknown-rule"]


def test_a_dated_faq_is_checked_against_the_edition_in_force_at_its_date():
    c = corpus()
    c.faqs = [faq("See rule 411.2.", "faq-2026-01")]  # 2026-01-15: v1.3 was in force
    assert check(c).items == []
    c.faqs = [faq("See rule 424.2.", "faq-2026-01")]
    [found] = check(c).items
    assert (found.code, str(found.loc)) == ("unknown-rule", "faq-2026-01.json:12")
    assert "riftbound core-rules v1.3" in found.message
    # The answer's own date, where its source gives one, comes before its source's.
    c.faqs = [faq("See rule 424.2.", "faq-2026-01")]
    c.faqs[0].date = "2026-07-01"
    assert check(c).items == []


def test_between_two_held_versions_with_one_missing_the_edition_in_force_is_not_held():
    c = corpus(first="1.2")  # 1.2 and 1.4: a 1.3 the sources lack may have been in force
    c.faqs = [faq("See rule 424.2.", "faq-2026-01")]  # v1.2 lacks 424.2; 1.3 may print it
    assert check(c).items == []
    c.faqs = [faq("See rule 998.1.", "faq-2026-01")]  # no page shows it
    [found] = check(c).items
    assert (found.severity, found.code) == ("warning", "rule-not-in-sources")
    assert "edition in force on 2026-01-15 (after v1.2; not in the sources)" in found.message


def test_an_excerpt_or_an_edition_not_held_gives_a_warning_not_an_error():
    c = corpus(excerpt_cites="As rule 999.1 says.")  # the excerpt prints 832 alone
    c.rulings = [ruling("See rule 998.2.", reviewed="1.1")]  # v1.1 is not in the sources
    diag = check(c)
    assert diag.errors == []
    assert sorted((d.code, str(d.loc)) for d in diag.warnings) == [
        ("rule-not-in-sources", "core-2026-10-09.txt:2"),
        ("rule-not-in-sources", "rulings.txt:7"),
    ]
    assert "(an excerpt)" in str(diag.warnings[0]) and "(not in the sources)" in str(diag.warnings[1])


def test_an_excerpt_citing_a_rule_some_page_shows_is_no_problem():
    c = corpus(excerpt_cites="As rule 424.1 says.")  # not in the excerpt, but v1.4 prints it
    assert check(c).items == []


def test_rule_text_is_checked_against_its_own_edition():
    assert check(corpus(v14_cites="See rule 424.3.a.")).items == []
    diag = check(corpus(v14_cites="See rule 411.1."))  # v1.3's number, gone in v1.4
    assert [(d.code, str(d.loc)) for d in diag.items] == [("unknown-rule", "core-v1.4.txt:3")]


def test_a_misprint_listed_by_hand_is_a_warning_with_its_reason_and_a_stale_entry_an_error():
    c = corpus()
    c.glossary = [
        GlossaryEntry("map", "Map", ["See rule 424.7 for tokens."], *CORE[:2], "en", "core-v1.4", Loc("core-v1.4.txt", 90))
    ]
    c.misprints = [Misprint("core-v1.4", "424.7", "424.3.a was meant", Loc("misprints.yml", 3))]
    diag = check(c)
    assert [(d.severity, d.code) for d in diag.items] == [("warning", "misprint")]
    assert "424.3.a was meant (misprints.yml:3)" in diag.items[0].message
    c.glossary = []
    assert [(str(d.loc), d.code) for d in check(c).items] == [("misprints.yml:3", "misprint")]
    c.misprints = [Misprint("not-read", "424.7", "a source this build does not read", Loc("misprints.yml", 3))]
    assert check(c).items == []


def test_a_misprint_listed_for_a_whole_document_covers_each_edition_that_reprints_it():
    """A slip every edition reprints (Magic's glossary entry Map) is listed once,
    by game/document, not once per source: an edition added later needs no entry."""
    c = corpus()
    c.glossary = [
        GlossaryEntry("map", "Map", ["See rule 424.7 for tokens."], *CORE[:2], "en", "core-v1.4", Loc("core-v1.4.txt", 90))
    ]
    whole = "/".join(CORE[:2])
    c.misprints = [Misprint(whole, "424.7", "424.3.a was meant", Loc("misprints.yml", 3))]
    assert [(d.severity, d.code) for d in check(c).items] == [("warning", "misprint")]
    c.glossary = []  # no edition of the document makes the citation now: the entry is stale
    assert [(str(d.loc), d.code) for d in check(c).items] == [("misprints.yml:3", "misprint")]


def test_misprints_file_shape(tmp_path: Path):
    path = tmp_path / "misprints.yml"
    path.write_text(
        "good-source:\n  - rule: '110.10'\n    reason: 111.10 was meant\n"
        "magic/comprehensive-rules:\n  - rule: '110.10'\n    reason: 111.10 was meant\n"
        "Bad Id:\n  - rule: '1.1'\n    reason: x\n"
        "other:\n  - rule: 'not a number'\n    reason: ''\n  - note: unknown field\n",
        encoding="utf-8",
    )
    diag = Diagnostics()
    found = read_misprints(path, diag, tmp_path)
    assert [(m.source, m.rule, m.reason, m.loc.line) for m in found] == [
        ("good-source", "110.10", "111.10 was meant", 2),
        ("magic/comprehensive-rules", "110.10", "111.10 was meant", 5),
    ]
    assert [(d.code, d.loc.line) for d in diag.errors] == [
        ("misprint", 8),  # the source id
        ("misprint", 11),  # the rule number
        ("misprint", 11),  # the empty reason
        ("misprint", 13),  # rule and reason missing
        ("misprint", 13),  # the unknown field
    ]
