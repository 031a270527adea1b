"""Walkthrough citations checked against the rules: a hand-built corpus, then the real one."""

import shutil
from pathlib import Path

from rulesite.common.diagnostics import Diagnostics
from rulesite.common.model import Citation, Corpus, Edition, Example, Loc, Rule, Section, Source, Walkthrough, WalkthroughStep
from rulesite.resolve.walkthrough_check import check_walkthroughs

ROOT = Path(__file__).resolve().parents[2]


def source(id: str, edition: str, document: str = "core-rules") -> Source:
    return Source(
        id=id, path=f"{id}.txt", game="riftbound", document=document, language="en", edition=edition, format="rules-text"
    )


def corpus() -> Corpus:
    """832.1.d.1 printed by both editions; 832.2 only by the undated page."""

    def d1():
        return Rule(
            "832.1.d.1",
            "Any later changes to the shown off objects will not be considered.",
            Loc("core.txt", 9),
            examples=[Example("Example", "an opponent plays Frigid Touch, giving the friendly unit -2 [M]", Loc("core.txt", 9))],
        )

    d2 = Rule("832.2", "Multiple instances of Show Off are treated separately.", Loc("web.txt", 30))

    def section(rules, edition):
        return Section("riftbound", "core-rules", "832", "Show Off", "en", rules, edition=edition)

    editions = [
        Edition(
            "riftbound", "core-rules", "en", "2026-10-09", "2026-10-09", True, ["core"], {"832": section([d1()], "2026-10-09")}
        ),
        Edition("riftbound", "core-rules", "en", "undated", "undated", True, ["web"], {"832": section([d1(), d2], "undated")}),
    ]
    return Corpus(
        sources={
            s.id: s
            for s in [source("core", "2026-10-09"), source("web", "undated"), source("rulings", "undated", "community-rulings")]
        },
        editions={("riftbound", "core-rules", "en"): editions},
    )


def walkthrough(*cites: tuple[str, str], edition="2026-10-09", rule="832.1.d.1", document="core-rules"):
    citations = [Citation(number, quote, Loc("w/x.yml", 10 + i)) for i, (number, quote) in enumerate(cites)]
    step = WalkthroughStep("A step.", citations, Loc("w/x.yml", 9))
    return Walkthrough("x", "X", "riftbound", document, edition, rule, "Why.", [step], Loc("w/x.yml", 1))


def check(*walkthroughs: Walkthrough) -> list[str]:
    c = corpus()
    c.walkthroughs = list(walkthroughs)
    diag = Diagnostics()
    check_walkthroughs(c, diag)
    return [str(d) for d in diag.items]


def test_quotes_from_text_and_examples_pass():
    assert (
        check(
            walkthrough(
                ("832.1.d.1", "later changes to the shown off objects"),
                ("832.1.d.1", "an opponent plays Frigid  Touch"),  # compared after normalize_text
            )
        )
        == []
    )


def test_quote_the_rule_no_longer_says():
    assert check(
        walkthrough(
            ("832.1.d.1", "an opponent plays Frigid Grasp"),
            ("832.1.d.1", "any later changes"),  # case matters
            ("832.1.d.1", "will not be considered. an opponent"),  # text and example are apart
        )
    ) == [
        "w/x.yml:10: error[walkthrough-quote]: walkthrough x cites rule 832.1.d.1, "
        'which no longer says "an opponent plays Frigid Grasp"',
        'w/x.yml:11: error[walkthrough-quote]: walkthrough x cites rule 832.1.d.1, which no longer says "any later changes"',
        "w/x.yml:12: error[walkthrough-quote]: walkthrough x cites rule 832.1.d.1, "
        'which no longer says "will not be considered. an opponent"',
    ]


def test_rule_that_does_not_exist():
    assert check(walkthrough(("832.9", "anything"), rule="832.8")) == [
        "w/x.yml:1: error[walkthrough-rule]: walkthrough x: rule 832.8 does not exist in core-rules edition 2026-10-09",
        "w/x.yml:10: error[walkthrough-rule]: walkthrough x: rule 832.9 does not exist in core-rules edition 2026-10-09",
    ]


def test_rule_must_be_printed_in_the_walkthroughs_edition():
    cite = ("832.2", "treated separately")
    assert check(walkthrough(cite, edition="undated")) == []
    assert check(walkthrough(cite)) == [
        "w/x.yml:10: error[walkthrough-rule]: walkthrough x: rule 832.2 does not exist in core-rules edition 2026-10-09",
    ]
    assert check(walkthrough(("832.1.d.1", "later changes"), edition="2025-01-01"))[0].endswith(
        "rule 832.1.d.1 does not exist in core-rules edition 2025-01-01"
    )


def test_rule_must_be_in_the_walkthroughs_document():
    assert check(walkthrough(("832.2", "treated separately"), edition="undated", document="community-rulings")) == [
        "w/x.yml:1: error[walkthrough-rule]: walkthrough x: rule 832.1.d.1 does not exist in community-rulings edition undated",
        "w/x.yml:10: error[walkthrough-rule]: walkthrough x: rule 832.2 does not exist in community-rulings edition undated",
    ]


# --- the real sources and walkthroughs ------------------------------------------

COVERED = {"832.1.d.1", "832.1.c.4", "832.1.c.3", "424.3", "424.4.a"}


def load(rules_src: Path) -> tuple[Corpus, Diagnostics]:
    """The corpus as the pipeline reads it (walkthroughs included), then checked."""
    from rulesite.stages.read import read_corpus  # here: a broken read stage fails only these tests

    diag = Diagnostics()
    corpus = read_corpus(rules_src / "manifest.yml", diag)
    check_walkthroughs(corpus, diag)
    return corpus, diag


def walkthrough_messages(diag: Diagnostics) -> list[str]:
    return [str(d) for d in diag.items if d.code.startswith("walkthrough")]


def test_real_walkthroughs_match_the_real_rules(monkeypatch):
    monkeypatch.chdir(ROOT)
    corpus, diag = load(Path("rules_src"))
    assert walkthrough_messages(diag) == []
    assert len(corpus.walkthroughs) >= 5
    assert COVERED <= {w.rule for w in corpus.walkthroughs}


def test_reworded_rule_is_reported(tmp_path, monkeypatch):
    rules_src = tmp_path / "rules_src"
    shutil.copytree(ROOT / "rules_src", rules_src)
    # Both 832 sources print 832.1.d.1, and merging compares them: reword both.
    for name in ("core-rules-excerpt-2026-10-09.txt", "832-show-off.web-page.txt"):
        file = rules_src / "riftbound" / name
        text = file.read_text(encoding="utf-8")
        assert "Frigid Touch" in text
        file.write_text(text.replace("Frigid Touch", "Frigid Grasp"), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    _, diag = load(Path("rules_src"))
    assert [d.code for d in diag.items if d.code == "rule-conflict"] == []
    messages = walkthrough_messages(diag)
    assert len(messages) == 1
    assert messages[0].startswith("rules_src/walkthroughs/primordial-roar-frigid-touch.yml:")
    assert messages[0].endswith(
        "error[walkthrough-quote]: walkthrough primordial-roar-frigid-touch cites rule 832.1.d.1, "
        'which no longer says "In reaction to Primordial Roar, an opponent plays Frigid Touch, '
        'giving the friendly unit -2 [M] this turn."'
    )
