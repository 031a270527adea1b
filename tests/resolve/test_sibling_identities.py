"""Sibling rules that look alike keep their identities when siblings are inserted,
removed, swapped or reworded (rulesite.resolve.history).

The texts are invented for the tests: a section naming kinds of triggered
abilities whose rules share all their words but the kind's name, the shape of
the Core Rules' 376.4 (v1.2) / 383.4 (v1.4), where a kind inserted at `b`
shifted the others down one letter and sub-rules were paired crosswise.
"""

from __future__ import annotations

import itertools
import random

import pytest
from buildutil import run_build

from rulesite.common.model import Edition, Loc, Rule, Section
from rulesite.resolve.history_words import how_words
from rulesite.resolve.history import Matched, _assign, diff_editions, match_editions, rule_chains

KINDS = ["Conquer", "Hold", "Attack", "Defend"]
LETTERS = "abcdefgh"


def edition(label: str, date: str, number: str, rules: list[tuple[str, str]]) -> Edition:
    e = Edition("testgame", "core-rules", "en", label, date, False)
    e.sections[number] = Section(
        "testgame",
        "core-rules",
        number,
        "Triggered Abilities",
        "en",
        rules=[Rule(n, t, Loc(f"{label}.txt", k)) for k, (n, t) in enumerate(rules, 1)],
        edition=label,
    )
    return e


def kind_rules(section: str, kinds: list[str], edition: int) -> list[tuple[str, str]]:
    """A rule naming the kinds, then one rule per kind with three sub-rules that
    differ from their siblings' only by the kind's name. From `edition` 1 to 2, each
    kind's rule and its second sub-rule are reworded; the others keep their text."""
    condition = "that happen when" if edition == 1 else "whose condition includes that"
    wait = "" if edition == 1 else ", and only once per combat"
    rules = [
        (f"{section}.1", "A triggered ability happens on its own whenever its condition is met during the game."),
        (f"{section}.4", "Some triggered abilities are given a name that says when they happen."),
    ]
    for letter, kind in zip(LETTERS, kinds):
        verb = kind.lower()
        rules += [
            (f"{section}.4.{letter}", f"{kind} Triggers are triggered abilities {condition} a unit {verb}s."),
            (f"{section}.4.{letter}.1", f"These are often written as 'When I {verb}...'."),
            (f"{section}.4.{letter}.2", f"These triggers wait on the Chain until the {verb} step ends{wait}."),
            (f"{section}.4.{letter}.3", f"These triggered abilities can be called {kind} Triggers."),
        ]
    return rules


def pairs_of(old: Edition, new: Edition) -> dict[str, str]:
    return {m.old.number: m.new.number for m in match_editions(old, new)}


def kind_of(rule_text: str) -> str:
    return next(k for k in KINDS + ["Targeting"] if k.lower() in rule_text.lower())


def assert_every_rule_keeps_its_kind(old: Edition, new: Edition) -> None:
    for m in match_editions(old, new):
        if ".4." in m.old.number:
            assert kind_of(m.old.text) == kind_of(m.new.text), (m.old.number, m.new.number)


def test_a_sibling_inserted_before_others_shifts_them_and_their_sub_rules():
    """376.4 → 383.4: "Targeting" inserted at b, some rules reworded."""
    old = edition("v1.2", "2025-12-01", "376", kind_rules("376", KINDS, 1))
    new_kinds = ["Conquer", "Targeting", "Hold", "Attack", "Defend"]
    new = edition("v1.4", "2026-06-18", "383", kind_rules("383", new_kinds, 2))
    pairs = pairs_of(old, new)
    assert pairs["376.4.c"] == "383.4.d"  # Attack
    assert pairs["376.4.c.1"] == "383.4.d.1"
    assert pairs["376.4.c.2"] == "383.4.d.2"
    assert pairs["376.4.d"] == "383.4.e"  # Defend
    assert pairs["376.4.d.1"] == "383.4.e.1"
    assert pairs["376.4.d.2"] == "383.4.e.2"
    assert pairs["376.4.a.1"] == "383.4.a.1"  # Conquer stays
    assert_every_rule_keeps_its_kind(old, new)
    d = diff_editions(old, new)
    assert sorted(r.number for _, r in d.added) == ["383.4.b", "383.4.b.1", "383.4.b.2", "383.4.b.3"]
    assert d.removed == []


def test_the_certain_pairs_say_so_and_the_others_say_what_they_are():
    old = edition("v1.2", "2025-12-01", "376", kind_rules("376", KINDS, 1))
    new = edition("v1.4", "2026-06-18", "383", kind_rules("383", ["Conquer", "Targeting", *KINDS[1:]], 2))
    m = {x.old.number: x for x in match_editions(old, new)}
    exact, reworded = m["376.4.c.3"].how, m["376.4.c.2"].how
    assert isinstance(exact, Matched) and exact.certain and exact.score == 1.0
    assert not exact.same_position  # c → d: another position
    assert how_words(exact, "en") == "renumbered: section 'Triggered Abilities' 376 → 383, other position, same text"
    assert isinstance(reworded, Matched) and not reworded.certain and reworded.score < 1.0
    assert m["376.4.c.2"].text_changed and not m["376.4.c.3"].text_changed


def test_a_removed_sibling_shifts_the_others_up():
    old = edition("v1", "2025-01-01", "376", kind_rules("376", KINDS, 1))
    new = edition("v2", "2025-06-01", "376", kind_rules("376", ["Conquer", "Attack", "Defend"], 2))
    pairs = pairs_of(old, new)
    assert pairs["376.4.c.1"] == "376.4.b.1" and pairs["376.4.d.2"] == "376.4.c.2"
    assert "376.4.b.1" not in pairs and "376.4.b" not in pairs  # Hold's rules: removed
    assert_every_rule_keeps_its_kind(old, new)


@pytest.mark.parametrize("wording", [1, 2])
def test_swapped_siblings_follow_their_text(wording):
    old = edition("v1", "2025-01-01", "376", kind_rules("376", KINDS, 1))
    new = edition("v2", "2025-06-01", "376", kind_rules("376", ["Hold", "Conquer", "Defend", "Attack"], wording))
    pairs = pairs_of(old, new)
    assert pairs["376.4.a.1"] == "376.4.b.1" and pairs["376.4.b.2"] == "376.4.a.2"
    assert pairs["376.4.c"] == "376.4.d" and pairs["376.4.d.1"] == "376.4.c.1"
    assert_every_rule_keeps_its_kind(old, new)


def test_reworded_siblings_in_place_keep_their_numbers():
    old = edition("v1", "2025-01-01", "376", kind_rules("376", KINDS, 1))
    new = edition("v2", "2025-06-01", "376", kind_rules("376", KINDS, 2))
    m = match_editions(old, new)
    assert all(x.old.number == x.new.number for x in m) and len(m) == len(old.sections["376"].rules)
    assert sum(x.text_changed for x in m) == 2 * len(KINDS)  # the sub-rules; not the rules naming a kind


def test_the_chain_carries_the_identity_through_the_insertion():
    v1 = edition("v1.2", "2025-12-01", "376", kind_rules("376", KINDS, 1))
    v2 = edition("v1.4", "2026-06-18", "383", kind_rules("383", ["Conquer", "Targeting", *KINDS[1:]], 2))
    ids = rule_chains([v1, v2]).stable_ids()
    assert ids[("v1.4", "383", "383.4.e")] == "v1.2:376.4.d"  # Defend
    assert ids[("v1.4", "383", "383.4.e.2")] == "v1.2:376.4.d.2"
    assert ids[("v1.4", "383", "383.4.d.1")] == "v1.2:376.4.c.1"  # Attack
    assert ids[("v1.4", "383", "383.4.b")] == "v1.4:383.4.b"  # added


def test_the_build_prints_what_it_did_to_the_chain(tmp_path, repo_root):
    """`rulesite build` says, per step of a chain, how many rules were matched
    exactly, by similarity, added, removed and renumbered."""
    sources = tmp_path / "rules_src"
    sources.mkdir()
    editions = {"1.2": ("2030-01-15", "376", KINDS, 1), "1.4": ("2030-06-01", "383", ["Conquer", "Targeting", *KINDS[1:]], 2)}
    manifest = ["sources:"]
    for version, (date, section, kinds, wording) in editions.items():
        lines = ["Triggers of the Test Game", f"{section}. Triggered Abilities"]
        lines += [f"{number}. {text}" for number, text in kind_rules(section, kinds, wording)]
        (sources / f"v{version}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
        manifest.append(
            f"  - {{id: v{version.replace('.', '-')}, path: v{version}.txt, game: riftbound, document: core-rules,"
            f" language: en, edition: {date}, version: '{version}', format: rules-document}}"
        )
    (sources / "manifest.yml").write_text("\n".join(manifest) + "\n", encoding="utf-8")
    result = run_build(repo_root, tmp_path, "--no-site")
    assert result.returncode == 0, result.stdout + result.stderr
    lines = [line for line in result.stdout.splitlines() if line.startswith("history ")]
    # 18 rules of v1.2: the 10 printed alike are exact, the 8 reworded similar; Targeting's 4 added.
    assert lines == [
        "history  riftbound/core-rules (en) v1.2 → v1.4: 10 rules matched exactly, 8 by similarity, "
        "4 added, 0 removed, 18 renumbered"
    ]


def test_the_assignment_is_the_best_one_of_all():
    """The Hungarian method against trying every way of pairing, on random values
    (0: not a candidate, never paired)."""
    rng = random.Random(26)
    for _ in range(300):
        n, m = rng.randint(1, 5), rng.randint(1, 5)
        value = [[rng.choice([0.0, round(rng.uniform(0.6, 1.2), 3)]) for _ in range(m)] for _ in range(n)]
        got = _assign(value)
        assert len({i for i, _ in got}) == len(got) == len({j for _, j in got})
        assert all(value[i][j] > 0 for i, j in got)
        if n <= m:  # every way of giving each row its own column (a 0 adds nothing)
            best = max(sum(value[i][j] for i, j in enumerate(cols)) for cols in itertools.permutations(range(m), n))
        else:
            best = max(sum(value[i][j] for j, i in enumerate(rows)) for rows in itertools.permutations(range(n), m))
        assert sum(value[i][j] for i, j in got) == pytest.approx(best)
