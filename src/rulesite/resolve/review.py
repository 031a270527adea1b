"""What needs a person's attention after a new edition: rulings and walkthroughs
whose cited rules changed since they were checked, and errata whose card is not
in the card list.

A ruling names the Core Rules version it was reviewed against
(`reviewedCoreRulesVersion`); when a rule it cites was reworded, renumbered or
removed in a later edition, the ruling is flagged "needs review". A walkthrough
names the edition its quotes were checked against; when the current text of a
cited rule differs from that edition's, it is flagged the same way.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..diagnostics import Diagnostics
from ..model import Corpus, Ruling, Walkthrough
from .history import rule_text


@dataclass
class Review:
    item: Ruling | Walkthrough
    rule: str  # the cited number, as the item cites it
    change: str  # what happened to it since, for people


def attach_errata(corpus: Corpus, diag: Diagnostics) -> None:
    by_name = {card.name.lower(): card for card in corpus.cards}
    for erratum in corpus.errata:
        card = by_name.get(erratum.card.lower())
        if card is None:
            if corpus.cards:
                diag.warning(erratum.loc, "errata-card", f"erratum for {erratum.card!r}: no card of that name in the card list")
            continue
        card.errata.append(erratum)


def needs_review(corpus: Corpus, history: dict) -> list[Review]:
    reviews: list[Review] = []
    for ruling in corpus.rulings:
        version = getattr(ruling, "reviewed_version", "")
        chains = history.get((ruling.game, "core-rules", "en"), {})
        if not version or not chains:
            continue
        label = f"v{version}"
        cited = getattr(ruling, "rule_citations", []) or [r.number for r in ruling.references]
        for number in dict.fromkeys(cited):
            entries = chains.get((label, number))
            if not entries:
                continue
            later = entries[[e.edition_label for e in entries].index(label) + 1:]
            change = next((_change(e, number) for e in later if _change(e, number)), "")
            if change:
                reviews.append(Review(ruling, number, change))
    for walk in corpus.walkthroughs:
        for number in dict.fromkeys(c.rule for s in walk.steps for c in s.cites):
            checked = _edition_rule(corpus, walk, number)
            current = _current_rule(corpus, walk, number)
            if checked is None:
                continue
            if current is None:
                reviews.append(Review(walk, number, "not in the current text"))
            elif rule_text(current) != rule_text(checked):
                reviews.append(Review(walk, number, f"current text differs from edition {walk.edition}"))
    return reviews


def _change(entry, number: str) -> str:
    if entry.number is None:
        return entry.how if entry.how.startswith("removed") else ""
    if entry.number != number:
        return f"now {entry.number} in {entry.edition_label}" + (", reworded" if entry.text_changed else "")
    return f"reworded in {entry.edition_label}" if entry.text_changed else ""


def _edition_rule(corpus: Corpus, walk: Walkthrough, number: str):
    for edition in corpus.editions.get((walk.game, walk.document, "en"), []):
        if walk.edition in (edition.date, edition.label):
            return next((r for r in edition.rules() if r.number == number), None)
    return None


def _current_rule(corpus: Corpus, walk: Walkthrough, number: str):
    """The rule as the plain pages of the walkthrough's document show it."""
    for section in corpus.sections.values():
        if (section.game, section.document, section.language) == (walk.game, walk.document, "en"):
            for rule in section.rules:
                if rule.number == number:
                    return rule
    return None
