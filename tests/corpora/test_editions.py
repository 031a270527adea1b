"""The real Riftbound editions matched rule for rule (rulesite.resolve.history).

The Core Rules v1.1, v1.2 and v1.4 (and the two Tournament Rules editions) are
read from the corpora at test time, with the real importer and the real merge,
so the editions are the ones the site builds. Nothing of them is kept here: the
oracles are SOURCES.md's known facts (Reveal is 411 in v1.1 and v1.2, 424 in
v1.4) and properties every diff must have. Counts and timings are printed
(`pytest -s`, or shown with the test's output), not asserted.
"""

from __future__ import annotations

import copy
import random
import re
import time
from pathlib import Path

import pytest

from rulesite.common.diagnostics import Diagnostics
from rulesite.common.model import Edition, Source
from rulesite.resolve.history_words import how_words
from rulesite.resolve import history
from rulesite.resolve.history import (
    EditionDiff,
    diff_editions,
    match_editions,
    rule_history,
    rule_pairs,
    rule_text,
    word_diff,
)
from rulesite.resolve.merge import merge

pytestmark = pytest.mark.corpora

# label -> (file, edition date, version)
CORE = {
    "v1.1": ("rb-cr-en-v1.1-2025-10-01.txt", "2025-10-01", "1.1"),
    "v1.2": ("rb-cr-en-v1.2-2025-12-01.txt", "2025-12-01", "1.2"),
    "v1.4": ("rb-cr-en-v1.4-2026-06-18.txt", "2026-06-18", "1.4"),
}
TOURNAMENT = {
    "2026-03-30": ("rb-tr-en-2026-03-30.txt", "2026-03-30", ""),
    "2026-04-29": ("rb-tr-en-2026-04-29.txt", "2026-04-29", ""),
}
PAIRS = [("v1.1", "v1.2"), ("v1.2", "v1.4"), ("v1.1", "v1.4"), ("2026-03-30", "2026-04-29")]
REVEAL = "reveal"  # SOURCES.md: section 411 in v1.1 and v1.2, 424 in v1.4


def words(how) -> str:
    return how_words(how, "en")


def read_editions(corpora: Path, document: str, files: dict[str, tuple[str, str, str]]) -> dict[str, Edition]:
    """The document's editions as the pipeline builds them: real importer, real merge."""
    from rulesite.read import rules_document

    sources, imported = [], []
    for name, date, version in files.values():
        file = corpora / name
        source = Source(
            id=name.removesuffix(".txt"),
            path=name,
            game="riftbound",
            document=document,
            language="en",
            edition=date,
            format="rules-document",
            version=version,
            file=str(file),
        )
        diag = Diagnostics()
        imported.append(rules_document.read(source, file.read_text(encoding="utf-8-sig").splitlines(), diag))
        sources.append(source)
    diag = Diagnostics()
    corpus = merge(sources, imported, diag)
    assert diag.errors == []
    editions = {e.label: e for e in corpus.editions[("riftbound", document, "en")]}
    assert set(editions) == set(files)
    return editions


@pytest.fixture(scope="module")
def editions(corpora_dir: Path) -> dict[str, Edition]:
    return {**read_editions(corpora_dir, "core-rules", CORE), **read_editions(corpora_dir, "tournament-rules", TOURNAMENT)}


@pytest.fixture(scope="module")
def diffs(editions) -> dict[tuple[str, str], tuple[EditionDiff, float, float]]:
    """Each pair's diff, with the wall-clock and CPU seconds `match_editions` took."""
    result = {}
    for old, new in PAIRS:
        wall, cpu = time.perf_counter(), time.process_time()
        matches = match_editions(editions[old], editions[new])
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        result[(old, new)] = (diff_editions(editions[old], editions[new], matches), wall, cpu)
    return result


def title(section) -> str:
    return section.title.strip().casefold()


# --- Reveal: 411 → 424 ----------------------------------------------------------------


def test_reveal_is_411_before_v1_4_and_424_in_it(editions):
    """Guard for the tests below: the fact from SOURCES.md holds in what the importer read."""
    assert title(editions["v1.1"].sections["411"]) == REVEAL
    assert title(editions["v1.2"].sections["411"]) == REVEAL
    assert title(editions["v1.4"].sections["424"]) == REVEAL
    assert title(editions["v1.4"].sections["411"]) != REVEAL  # the number now holds another section


@pytest.mark.parametrize("old", ["v1.1", "v1.2"])
def test_reveal_rules_are_matched_to_their_renumbered_selves(diffs, editions, old):
    d = diffs[(old, "v1.4")][0]
    reveal_rules = editions[old].sections["411"].rules
    assert len(reveal_rules) >= 5
    matched = {m.old.number: m for m in d.matches if m.old_section.number == "411"}
    assert set(matched) == {r.number for r in reveal_rules}, "every Reveal rule is found in v1.4"
    for number, m in matched.items():
        assert m.new_section.number == "424"
        assert m.new.number == "424" + number.removeprefix("411"), "same place in the section"
        assert words(m.how).startswith("renumbered: ") and "411 → 424" in words(m.how) and "same position" in words(m.how)
        assert m in d.moved
    # v1.4's own 411 (another section) is no continuation of the old 411.
    assert not [m for m in d.matches if m.new_section.number == "411" and m.old_section.number == "411"]
    assert {r.number for _, r in d.for_section("411", "new").added} == {r.number for r in editions["v1.4"].sections["411"].rules}


# --- every diff --------------------------------------------------------------------------


@pytest.mark.parametrize("pair", PAIRS, ids=lambda p: "→".join(p))
def test_diff_counts_are_consistent_and_not_trivial(diffs, editions, pair, capsys):
    d, wall, cpu = diffs[pair]
    old_rules, new_rules = list(editions[pair[0]].rules()), list(editions[pair[1]].rules())
    c = d.counts()
    with capsys.disabled():
        print(f"\n{pair[0]} → {pair[1]}: {c} (match_editions: {wall:.3f}s wall, {cpu:.3f}s CPU)")
    assert c["added"] + c["matched"] == c["new_rules"] == len(new_rules)
    assert c["removed"] + c["matched"] == c["old_rules"] == len(old_rules)
    assert len({id(m.old) for m in d.matches}) == len(d.matches), "an old rule matched twice"
    assert len({id(m.new) for m in d.matches}) == len(d.matches), "a new rule matched twice"
    assert {id(r) for _, r in d.added}.isdisjoint(id(m.new) for m in d.matches)
    assert {id(r) for _, r in d.removed}.isdisjoint(id(m.old) for m in d.matches)
    # A rule whose only change is its cited numbers renumbered is counted apart
    # ("references"), never also as changed.
    assert c["references"] == len(d.recited)
    assert {id(m) for m in d.recited}.isdisjoint(id(m) for m in d.changed)
    changed_or_moved = {id(m) for m in d.changed} | {id(m) for m in d.recited} | {id(m) for m in d.moved}
    assert c["unchanged"] + len(changed_or_moved) == c["matched"]
    # Not trivial: most rules carry over, and every kind of difference occurs.
    assert c["matched"] >= 0.6 * len(old_rules)
    assert c["unchanged"] > 0 and c["changed"] > 0 and c["moved"] > 0
    assert c["added"] > 0 and c["removed"] > 0
    if pair[0].startswith("v"):  # the Core Rules renumbered rules that others cite
        assert c["references"] > 0


@pytest.mark.parametrize("pair", PAIRS, ids=lambda p: "→".join(p))
def test_every_match_says_how_it_was_made(diffs, pair):
    d = diffs[pair][0]
    for m in d.matches:
        assert words(m.how).startswith(("same number, ", "same number: ", "renumbered: ")), words(m.how)
        assert ("renumbered" in words(m.how)) == (m.old.number != m.new.number), words(m.how)
        assert ("same text" in words(m.how)) == (not m.text_changed), words(m.how)
        assert (m.score == 1.0) == (not m.text_changed)
    if pair[0].startswith("v"):
        assert sum(1 for m in d.matches if words(m.how).startswith("renumbered")) > 0


@pytest.mark.parametrize("pair", PAIRS, ids=lambda p: "→".join(p))
def test_word_diffs_of_real_changes_rebuild_both_texts(diffs, pair):
    d = diffs[pair][0]
    assert d.changed
    for m in d.changed:
        ops = m.diff()
        assert "".join(t for op, t in ops if op != "+") == rule_text(m.old)
        assert "".join(t for op, t in ops if op != "-") == rule_text(m.new)
        assert any(op != "=" for op, _ in ops)


def test_same_number_and_text_elsewhere_is_matched_in_place(diffs):
    """A rule printed identically under the same number is never paired with another rule."""
    d = diffs[("v1.1", "v1.2")][0]
    new_by_number = {r.number: r for r in d.new.rules()}
    for m in d.matches:
        same = new_by_number.get(m.old.number)
        if same is not None and rule_text(same) == rule_text(m.old):
            assert m.new is same, (m.old.number, m.new.number, words(m.how))


# --- a one-word edit of a real edition -------------------------------------------------------


def test_one_changed_word_in_a_real_edition_is_one_changed_rule(editions):
    old = editions["v1.4"]
    new = copy.deepcopy(old)
    # The first rule with a plain word (letters only) that occurs once in its text.
    section, rule, word = next(
        (s, r, w)
        for s in new.sections.values()
        for r in s.rules
        for w in r.text.split(" ")
        if re.fullmatch(r"[A-Za-z]{6,}", w) and r.text.split(" ").count(w) == 1
    )
    rule.text = " ".join("Zyzzogeton" if w == word else w for w in rule.text.split(" "))
    d = diff_editions(old, new)
    c = d.counts()
    assert (c["changed"], c["moved"], c["added"], c["removed"]) == (1, 0, 0, 0), c
    (m,) = d.changed
    assert m.new is rule and m.old.number == rule.number
    # One word of a real rule is a few words, worded so (the score stays in the data: m.score).
    assert m.how.reworded and not m.how.references and m.score >= 0.9
    assert words(m.how) == "same number, a few words changed"
    assert [op for op in m.diff() if op[0] != "="] == [("-", word), ("+", "Zyzzogeton")]
    assert [op for op in word_diff(m.old.text, m.new.text) if op[0] != "="] == [("-", word), ("+", "Zyzzogeton")]


# --- histories ---------------------------------------------------------------------------------


def test_rule_history_of_the_core_rules(editions, diffs, capsys):
    core = [editions[label] for label in ("v1.4", "v1.1", "v1.2")]  # any order
    wall, cpu = time.perf_counter(), time.process_time()
    history = rule_history(core)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    with capsys.disabled():
        print(f"\nrule_history(v1.1, v1.2, v1.4): {len(history)} keys ({wall:.3f}s wall, {cpu:.3f}s CPU)")
    assert set(history) == {(e.label, r.number) for e in core for r in e.rules()}
    for (label, number), chain in history.items():
        assert [e.edition_label for e in chain] == ["v1.1", "v1.2", "v1.4"]
        assert any(e.edition_label == label and e.number == number for e in chain)
        assert all(words(e.how) for e in chain)

    first = editions["v1.1"].sections["411"].rules[0]
    chain = history[("v1.1", first.number)]
    assert chain[2].number == "424" + first.number.removeprefix("411")
    assert history[("v1.4", chain[2].number)] is chain

    # The chain's steps are the pairwise diffs.
    added_in_14 = {k for k, ch in history.items() if k[0] == "v1.4" and words(ch[2].how) == "added in v1.4"}
    assert len(added_in_14) == diffs[("v1.2", "v1.4")][0].counts()["added"]
    removed_in_14 = [ch for k, ch in history.items() if k[0] == "v1.2" and words(ch[2].how) == "removed in v1.4"]
    assert len(removed_in_14) == diffs[("v1.2", "v1.4")][0].counts()["removed"]


def test_chained_and_direct_matches_mostly_agree(diffs, capsys):
    """v1.1 → v1.2 → v1.4 step by step finds (almost) what v1.1 → v1.4 finds at once."""
    step1 = {id(m.old): m.new for m in diffs[("v1.1", "v1.2")][0].matches}
    step2 = {id(m.old): m.new for m in diffs[("v1.2", "v1.4")][0].matches}
    direct = {id(m.old): m.new for m in diffs[("v1.1", "v1.4")][0].matches}
    rules = list(diffs[("v1.1", "v1.4")][0].old.rules())
    chained = {id(r): step2.get(id(step1[id(r)])) for r in rules if id(r) in step1}
    differ = [r.number for r in rules if chained.get(id(r)) is not direct.get(id(r))]
    with capsys.disabled():
        print(f"\nchained vs direct v1.1 → v1.4: {len(rules) - len(differ)} agree, {len(differ)} differ {differ[:10]}")
    assert len(differ) <= 0.02 * len(rules)


def test_matches_are_in_the_new_editions_order(diffs):
    for d, _, _ in diffs.values():
        order = {id(r): k for k, r in enumerate(d.new.rules())}
        positions = [order[id(m.new)] for m in d.matches]
        assert positions == sorted(positions)


def _edited(edition: Edition, how: str, rng: random.Random, unpaired: list[int]) -> Edition:
    """A copy of `edition` with one of its rules changed as `how` says
    (`unpaired`: the places of its rules no rule of the other edition pairs)."""
    new = copy.deepcopy(edition)
    sections = [s for s in new.sections.values() if s.rules]
    section = rng.choice(sections)
    rule = rng.choice(section.rules)
    if how == "reworded, unpaired":  # left for the search across the edition, before and after
        rule = history._flat(new)[0][rng.choice(unpaired)]
        rule.text = (rule.text or "") + " again"
    elif how == "reworded":
        rule.text = (rule.text or "") + " again"
    elif how == "rewritten":
        rule.text = "Entirely other words, about nothing the rules print."
    elif how == "removed":
        section.rules.remove(rule)
    elif how == "renumbered":
        rule.number += ".z"
    elif how == "moved":
        section.rules.remove(rule)
        rng.choice(sections).rules.append(rule)
    else:  # "added": a rule printed elsewhere in the edition, once more
        section.rules.append(copy.deepcopy(rng.choice(rng.choice(sections).rules)))
    return new


@pytest.mark.parametrize("how", ["reworded", "reworded, unpaired", "rewritten", "removed", "renumbered", "moved", "added"])
def test_pairs_scored_after_an_edit_are_those_scored_afresh(editions, how):
    # Scoring an edition again after one rule changed takes what it can from
    # the last scoring (`history._moved`, cached by its inputs): the pairs are
    # those scored with nothing kept, whichever rule changed and how.
    rng = random.Random(how)
    taken = 0
    for old, new in [("v1.2", "v1.4"), ("v1.1", "v1.4")]:
        for _ in range(4):
            pairs = rule_pairs(editions[old], editions[new])
            paired = {j for _, j, _, _ in pairs}
            unpaired = [j for j in range(len(history._flat(editions[new])[0])) if j not in paired]
            edited = _edited(editions[new], how, rng, unpaired)
            hits = history._moved.cache_info().hits
            then = rule_pairs(editions[old], edited)
            taken += history._moved.cache_info().hits - hits
            history._moved.cache_clear()
            assert rule_pairs(editions[old], edited) == then
    # A rule removed, added or moved shifts the places of those after it, and a
    # rule left to the search reworded is another text to look for: no search
    # is taken again then, but one is after most other rewords.
    if how in ("reworded, unpaired", "rewritten", "removed", "moved", "added"):
        assert taken == 0
    else:
        assert taken > 0
