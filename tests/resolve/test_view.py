"""The resolved view of editions: what render asks, answered once, read-only."""

from __future__ import annotations

import copy

import pytest

from rulesite.common.model import Corpus, Edition, Loc, Rule, Section, SectionKey
from rulesite.resolve.history import rule_chains
from rulesite.resolve.view import Successor, editions_view

DOC = ("testgame", "core-rules", "en")


def edition(label: str, date: str, numbers: dict[str, str], partial: bool = False) -> Edition:
    e = Edition(*DOC, label, date, partial)
    for number, title in numbers.items():
        rule = Rule(f"{number}.1", f"{title} rule of {label}.", Loc(f"{label}.txt", 1))
        e.sections[number] = Section(*DOC[:2], number, title, "en", rules=[rule], edition=label)
    return e


@pytest.fixture
def corpus() -> Corpus:
    old = edition("v1", "2025-01-01", {"100": "Basics", "411": "Reveal"})
    new = edition("v2", "2025-06-01", {"100": "Basics", "424": "Reveal"})
    excerpt = edition("2025-09-01", "2025-09-01", {"424": "Reveal"}, partial=True)
    old.sections["411"].version_path = "v1"  # its own page: the plain 411 does not show it
    corpus = Corpus(
        editions={
            DOC: [old, new, excerpt],
            ("other", "rules", "en"): [Edition("other", "rules", "en", "undated", "undated", False)],
        }
    )
    corpus.sections = {s.key: s for s in new.sections.values()}
    return corpus


def test_the_current_edition_is_the_newest_whole_dated_one(corpus):
    view = editions_view(corpus)
    assert view.current_of(DOC) is corpus.editions[DOC][1]
    assert view.current_of(("other", "rules", "en")) is None  # undated only


def test_a_rule_of_an_edition_is_found_on_the_page_that_shows_it(corpus):
    view = editions_view(corpus)
    old = corpus.editions[DOC][0]
    own = view.rule(DOC, "v1", "411.1")
    assert own.page == SectionKey(*DOC[:2], "411", "en", "v1") and own.rule is old.sections["411"].rules[0]
    shared = view.rule(DOC, "v1", "100.1")
    assert shared.page == SectionKey(*DOC[:2], "100", "en")  # the plain page shows that text
    assert view.rule(DOC, "v2", "424.1").page == SectionKey(*DOC[:2], "424", "en")
    assert view.rule(DOC, "v1", "424.1") is None and view.rule(DOC, "v9", "100.1") is None


def test_nothing_downstream_can_change_the_answers(corpus):
    view = editions_view(corpus)
    with pytest.raises(TypeError):
        view.current[DOC] = corpus.editions[DOC][0]
    with pytest.raises(TypeError):
        view.rules[(*DOC, "v1")].pop("411.1")
    with pytest.raises(AttributeError):  # frozen
        view.current = {}
    # A deep copy (tests copy a whole context to edit it) keeps answering, about the copies.
    copied_corpus, copied = copy.deepcopy((corpus, view))
    assert copied.current_of(DOC) is copied_corpus.editions[DOC][1]


def test_a_rule_of_an_older_edition_has_its_successor_today():
    """Renumbered: today's number. Removed: when, and the nearest ancestor that lives on."""

    def reveal(label: str, date: str, number: str, rules: list[tuple[str, str]]) -> Edition:
        e = Edition(*DOC, label, date, False)
        e.sections[number] = Section(
            *DOC[:2], number, "Reveal", "en", rules=[Rule(n, t, Loc(f"{label}.txt", 1)) for n, t in rules], edition=label
        )
        return e

    old = reveal(
        "v1",
        "2025-01-01",
        "411",
        [("411.1", "To reveal a card, show it to every player."), ("411.1.a", "A revealed card stays where it is.")],
    )
    new = reveal("v2", "2025-06-01", "424", [("424.1", "To reveal a card, show it to every player.")])
    corpus = Corpus(editions={DOC: [old, new]})
    view = editions_view(corpus, {DOC: rule_chains([old, new])})
    assert view.successor(DOC, "v1", "411.1") == Successor("424.1", "v2", "424.1", "v2", None)
    assert view.successor(DOC, "v2", "424.1").now == "424.1"
    removed = view.successor(DOC, "v1", "411.1.a")
    assert (removed.now, removed.last, removed.removed_in, removed.nearest) == (None, "v1", "v2", "424.1")
    assert view.successor(DOC, "v1", "999.1") is None


def test_a_rule_is_found_by_number_in_the_edition_named_by_label_or_date(corpus):
    """The one "find a rule by number" of resolve's checks (walkthroughs, reviews)."""
    view = editions_view(corpus)
    old, new, excerpt = corpus.editions[DOC]
    assert view.printed(DOC, "v1", "411.1") is old.sections["411"].rules[0]
    assert view.printed(DOC, "2025-01-01", "411.1") is old.sections["411"].rules[0]  # by its date
    assert view.printed(DOC, "2025-09-01", "424.1") is excerpt.sections["424"].rules[0]
    assert view.printed(DOC, "v2", "411.1") is None and view.printed(DOC, "v9", "100.1") is None
    # As the plain pages show it: the current view, not an older edition.
    assert view.plain_rule(DOC, "424.1") is new.sections["424"].rules[0]
    assert view.plain_rule(DOC, "411.1") is None
    with pytest.raises(TypeError):
        view.printed_rules[(*DOC, "v1")].clear()


def test_a_sites_section_pages_are_listed_once_for_every_reader_of_them(corpus):
    """The pages, previews, number table and published data of a site list the
    same pages: the plain ones, then older editions' own."""
    view = editions_view(corpus)
    old, new, _ = corpus.editions[DOC]
    assert view.pages_of("en") == (*new.sections.values(), old.sections["411"])
    assert view.pages_of("xx") == ()
    assert view.shown(old.sections["411"]) is old.sections["411"]  # its own page
    assert view.shown(old.sections["100"]) is new.sections["100"]  # the plain page shows it
