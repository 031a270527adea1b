"""An independent oracle for the rule identities of every real pair of editions.

For every document of the corpora with several dated whole editions, and each
pair of consecutive ones, the facts below need no matcher to know:

- a rule whose text (as printed, `rule_text`) is printed exactly once in each
  edition is the same rule as its twin: it carries the twin's identity;
- no two rules of one edition share an identity;
- a diff says "changed" exactly when the two texts differ, "moved"
  (renumbered) exactly when the numbers differ, and the history's
  "renumbered" / "reworded" words agree with the same texts and numbers.

Checked on the published data (each edition's data file: the `id` of every
rule, and the document's trace.json) as well as on the model's diffs. The
editions are read from the corpora at test time; nothing of them is kept here.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from rulesite.stages import read as read_stage

from rulesite.stages import resolve as resolve_stage
from rulesite.common.diagnostics import Diagnostics
from rulesite.export.data import datasets, edition_file, trace_file
from rulesite.resolve.cited import cited_numbers
from rulesite.resolve.history import Matched, rule_text

pytestmark = pytest.mark.corpora

SOURCES = Path(__file__).resolve().parents[2] / "rules_src"


@pytest.fixture(scope="module")
def resolved(corpora_dir: Path):
    diag = Diagnostics()
    corpus = read_stage.read_corpus(SOURCES / "manifest.yml", diag, [(read_stage.corpora_manifest(SOURCES), corpora_dir)])
    ctx = resolve_stage.resolve(corpus, diag)
    assert diag.errors == []
    return ctx, datasets(ctx, places=ctx)


def consecutive(ctx):
    """(document key, old edition, new edition) for each pair of consecutive whole editions."""
    for key, found in ctx.chains.items():
        whole = [e for e in found.editions if not e.partial]
        for old, new in zip(whole, whole[1:]):
            yield key, old, new


def published_rules(data: dict, edition) -> list[tuple[dict, object]]:
    """Each rule of the edition's published data file with its model rule (same order)."""
    rules = [r for s in edition.sections.values() for r in s.rules]
    published = data[edition_file(edition)]["rules"]
    assert [p["number"] for p in published] == [r.number for r in rules]
    return list(zip(published, rules))


def test_there_are_real_pairs_to_check(resolved):
    ctx, _ = resolved
    pairs = {(key[1], old.label, new.label) for key, old, new in consecutive(ctx)}
    assert ("core-rules", "v1.1", "v1.2") in pairs and ("core-rules", "v1.2", "v1.4") in pairs
    assert any(document == "tournament-rules" for document, _, _ in pairs)


def test_a_rule_printed_once_in_each_edition_keeps_its_twins_identity(resolved):
    ctx, data = resolved
    wrong = []
    checked = 0
    for key, old, new in consecutive(ctx):
        before, after = published_rules(data, old), published_rules(data, new)
        old_count = Counter(rule_text(r) for _, r in before)
        new_count = Counter(rule_text(r) for _, r in after)
        old_id = {rule_text(r): p["id"] for p, r in before if old_count[rule_text(r)] == 1}
        for p, r in after:
            text = rule_text(r)
            if text and new_count[text] == 1 and text in old_id:
                checked += 1
                if p["id"] != old_id[text]:
                    wrong.append(f"{key[1]} {new.label} {r.number}: id {p['id']}, its twin's is {old_id[text]}")
    assert checked > 1000
    assert wrong == []


def test_no_two_rules_of_an_edition_share_an_identity(resolved):
    ctx, data = resolved
    for key, found in ctx.chains.items():
        for edition in found.editions:
            ids = Counter(p["id"] for p, _ in published_rules(data, edition))
            assert [i for i, n in ids.items() if n > 1] == [], (key, edition.label)


def _masked(text: str) -> str:
    """The text with every number it cites as "#": what stays when only
    citations were renumbered (which then is "changed" only when a cited number
    names another rule: resolve's call, pinned by tests/resolve/test_cited_numbers.py)."""
    out, last = [], 0
    for number in cited_numbers(text):
        out += [text[last : number.start()], "#"]
        last = number.end()
    return "".join([*out, text[last:]])


def test_changed_and_moved_agree_with_the_texts_and_numbers(resolved):
    ctx, _ = resolved
    assert ctx.diffs
    for diff in ctx.diffs:
        changed = {id(m) for m in diff.changed}
        recited = {id(m) for m in diff.recited}  # only cited numbers renumbered
        moved = {id(m) for m in diff.moved}
        for m in diff.matches:
            where = f"{diff.old.label}->{diff.new.label} {m.old.number}->{m.new.number}"
            differ = rule_text(m.old) != rule_text(m.new)
            assert (id(m) in changed or id(m) in recited) == differ, where
            assert not (id(m) in changed and id(m) in recited), where
            if id(m) in recited:  # nothing but cited numbers differs
                assert _masked(rule_text(m.old)) == _masked(rule_text(m.new)), where
            elif differ and _masked(rule_text(m.old)) != _masked(rule_text(m.new)):
                assert id(m) in changed, where
            assert (id(m) in moved) == (m.old.number != m.new.number), where
            if isinstance(m.how, Matched):
                assert m.how.renumbered == (m.old.number != m.new.number), where
                assert m.how.reworded == (rule_text(m.old) != rule_text(m.new)), where
                assert m.how.moved == (not m.how.paired), where


def test_the_trace_agrees_with_the_editions_texts(resolved):
    """trace.json: each rule's number in every edition, and "changed" exactly where
    its printed text differs from the previous edition of its chain."""
    ctx, data = resolved
    for key, found in ctx.chains.items():
        trace = data[trace_file(*key)]
        assert trace["editions"] == [e.label for e in found.editions]
        text_of = [{r.number: rule_text(r) for s in e.sections.values() for r in s.rules} for e in found.editions]
        whole = [k for k, e in enumerate(found.editions) if not e.partial]
        for rule in trace["rules"]:
            numbers = rule["numbers"]
            present = [k for k in whole if numbers[k] is not None]
            for a, b in zip(present, present[1:]):
                if a != whole[whole.index(b) - 1]:
                    continue  # not neighbours: the chain was broken in between
                old, new = text_of[a][numbers[a]], text_of[b][numbers[b]]
                where = (key, rule["id"], found.editions[b].label)
                if old == new:
                    assert not rule["changed"][b], where
                elif _masked(old) != _masked(new):  # reworded, not only renumbered citations
                    assert rule["changed"][b], where
