"""What the diff pages, a rule's history and an older edition's notices show,
answered by resolve (render only words and links them)."""

from __future__ import annotations

import pytest

from rulesite.common.model import Corpus, Edition, Loc, Rule, Section, SectionKey
from rulesite.resolve.entries import NumberAt, NumberWas, changes_view
from rulesite.resolve.history import diff_editions, rule_chains, rule_history
from rulesite.resolve.view import editions_view

DOC = ("testgame", "core-rules", "en")


def section(label: str, number: str, title: str, rules: list[tuple[str, str]], version_path: str = "") -> Section:
    return Section(
        *DOC[:2],
        number,
        title,
        "en",
        rules=[Rule(n, t, Loc(f"{label}.txt", 1)) for n, t in rules],
        edition=label,
        version_path=version_path,
    )


@pytest.fixture
def resolved():
    """v1: 411 Reveal (its own page, v1/411). v2: Reveal renumbered to 424, one of
    its rules reworded, one removed, one added; 411 is now Responsibility."""
    old = Edition(*DOC, "v1", "2025-01-01", False)
    old.sections["411"] = section(
        "v1",
        "411",
        "Reveal",
        [
            ("411.1", "To reveal a card, show it to every player."),
            ("411.2", "A revealed card stays where it is until it moves."),
            ("411.3", "Hidden information about revealed cards is lost when they move."),
        ],
        version_path="v1",
    )
    new = Edition(*DOC, "v2", "2025-06-01", False)
    new.sections["411"] = section("v2", "411", "Responsibility", [("411.1", "Each player must keep the game state clear.")])
    new.sections["424"] = section(
        "v2",
        "424",
        "Reveal",
        [
            ("424.1", "To reveal a card, show it to every player."),
            ("424.2", "A revealed card stays where it is until it is moved."),
            ("424.3", "A card revealed from a hand goes back to that hand."),
        ],
    )
    corpus = Corpus(editions={DOC: [old, new]})
    corpus.sections = {s.key: s for s in new.sections.values()}  # the plain pages: the current view
    chains = {DOC: rule_chains([old, new])}
    view = editions_view(corpus, chains)
    diff = diff_editions(old, new, chains[DOC].matches[("v1", "v2")])
    changes = changes_view(corpus, view, [diff], {DOC: rule_history([old, new], chains[DOC])})
    return corpus, diff, changes, view


def test_a_diff_groups_its_entries_under_the_sections_of_the_new_edition(resolved):
    corpus, diff, changes, view = resolved
    groups = {g.number: g for g in changes.diff(diff, corpus, view)}
    assert set(groups) == {"411", "424"}
    reveal = groups["424"]
    kinds = {e.anchor: e.kind for e in reveal.entries}
    # The removed 411.3 is grouped with Reveal's new number, not under 411 Responsibility.
    assert kinds == {"d-424.3": "added", "was-411.3": "removed", "d-424.1": "moved", "d-424.2": "moved"}
    assert (reveal.new.number, reveal.new.title, reveal.old.number, reveal.old.title) == ("424", "Reveal", "411", "Reveal")
    # Each number links to the page that shows it in its edition: v1's own page, v2's plain page.
    assert reveal.old.page == SectionKey(*DOC[:2], "411", "en", "v1")
    assert reveal.new.page == SectionKey(*DOC[:2], "424", "en")
    by_anchor = {e.anchor: e for e in reveal.entries}
    pure, reworded = by_anchor["d-424.1"], by_anchor["d-424.2"]
    assert pure.numbers == (
        NumberAt("411.1", "v1", SectionKey(*DOC[:2], "411", "en", "v1")),
        NumberAt("424.1", "v2", SectionKey(*DOC[:2], "424", "en")),
    )
    assert pure.renumbered and pure.changes == () and reveal.renumbered == 1
    # The word diff is resolve's: joining its parts gives both texts back.
    assert not reworded.renumbered
    assert "".join(p for op, p in reworded.changes if op != "+") == "A revealed card stays where it is until it moves."
    assert "".join(p for op, p in reworded.changes if op != "-") == "A revealed card stays where it is until it is moved."


def test_a_rules_history_rows_carry_the_page_and_the_word_diff(resolved):
    _, _, changes, _ = resolved
    rows = changes.history(DOC, "v2", "424.2")
    assert [(r.entry.edition_label, r.entry.number) for r in rows] == [("v1", "411.2"), ("v2", "424.2")]
    assert rows[0].shown.page == SectionKey(*DOC[:2], "411", "en", "v1") and rows[0].changes == ()
    # From the previous printed text to this one.
    assert "".join(p for op, p in rows[1].changes if op != "+") == "A revealed card stays where it is until it moves."
    assert "".join(p for op, p in rows[1].changes if op != "-") == "A revealed card stays where it is until it is moved."
    # One chain, one answer, whichever edition's number asks.
    assert changes.history(DOC, "v1", "411.2") is rows
    unchanged = changes.history(DOC, "v2", "424.1")
    assert all(r.changes == () for r in unchanged)


def test_an_older_section_is_found_today_by_its_title_and_a_reused_number_says_what_it_was(resolved):
    corpus, _, changes, _ = resolved
    old_page = SectionKey(*DOC[:2], "411", "en", "v1")
    now = changes.now[old_page]
    assert (now.edition, now.section.number, now.same_title) == ("v2", "424", True)
    was = changes.was[SectionKey(*DOC[:2], "411", "en")]
    assert was == (NumberWas("v1", "Reveal", corpus.sections[SectionKey(*DOC[:2], "424", "en")]),)
    assert SectionKey(*DOC[:2], "424", "en") not in changes.was  # 424 meant nothing else


def test_nothing_downstream_can_change_the_answers(resolved):
    corpus, diff, changes, view = resolved
    with pytest.raises(TypeError):
        changes.now.clear()
    with pytest.raises(TypeError):
        changes.histories[DOC][("v2", "424.1")] = ()
    with pytest.raises(AttributeError):  # frozen
        changes.diff(diff, corpus, view)[0].entries[0].kind = "added"


def test_a_diff_the_build_does_not_prerender_gets_the_same_answer_on_asking(resolved):
    """A pair composed along the chains (the browser's comparison, traced_diff) has
    no pre-rendered page; asked for its entries, resolve makes them the same way."""
    corpus, diff, changes, view = resolved
    none_prerendered = changes_view(corpus, view, [], {})
    assert none_prerendered.diffs == {}
    assert none_prerendered.diff(diff, corpus, view) == changes.diff(diff, corpus, view)
