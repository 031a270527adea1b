"""What needs a person's attention after a new edition: rulings and walkthroughs
whose cited rules changed since they were checked, and errata whose card is not
in the card list.

A ruling names the Core Rules version it was reviewed against
(`reviewedCoreRulesVersion`); when a rule it cites was reworded, renumbered or
removed in a later edition, the ruling is flagged "needs review". A walkthrough
names the edition its quotes were checked against; when the current text of a
cited rule differs from that edition's, it is flagged the same way.

A rule whose text changed only in the numbers of the rules it cites, each old
and new number naming the same rule (`HistoryEntry.references_only`), did not
change its meaning: that alone flags nothing. A cited number that now names
another rule is a change like any rewording.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..common.diagnostics import Diagnostics
from ..common.model import Corpus, Ruling, Walkthrough
from .history import Removed, rule_text, word_diff
from .view import EditionsView, editions_view


class ChangeKind(Enum):
    """The kinds of change a review flags: a closed set, never text from a source."""

    REWORDED = "reworded"
    REMOVED = "removed"
    RENUMBERED = "renumbered"
    NOT_CURRENT = "not-current"  # a walkthrough's rule is not in the current text
    REWORDED_SINCE = "reworded-since"  # a walkthrough's rule differs from the edition it was checked against


@dataclass(frozen=True)
class Change:
    """What happened to a cited rule since the item was checked; render words it
    (the strings table's `review-<kind>`)."""

    kind: ChangeKind
    edition: str = ""  # where it happened (for "reworded-since": the edition checked against)
    number: str = ""  # "renumbered": its number now
    reworded: bool = False  # "renumbered": and its text changed too


@dataclass
class Review:
    item: Ruling | Walkthrough
    rule: str  # the cited number, as the item cites it
    change: Change  # what happened to it since
    # The cited rule as it read when the item was checked, and as it reads now
    # ("" when it is not printed there): the page shows their word diff.
    old_text: str = ""
    new_text: str = ""
    checked: str = ""  # the edition it was checked against: "v1.2", "2026-10-09"
    now: str = ""  # the edition it reads as `new_text` in

    @property
    def changes(self) -> tuple:
        """The word diff from old_text to new_text ([op, text] pairs; () unless
        both are printed): resolve's answer, made from the texts as they are."""
        return tuple(word_diff(self.old_text, self.new_text)) if self.old_text and self.new_text else ()


def attach_errata(corpus: Corpus, diag: Diagnostics) -> None:
    by_name = {card.name.lower(): card for card in corpus.cards}
    for erratum in corpus.errata:
        card = by_name.get(erratum.card.lower())
        if card is None:
            if corpus.cards:
                diag.warning(erratum.loc, "errata-card", f"erratum for {erratum.card!r}: no card of that name in the card list")
            continue
        card.errata.append(erratum)


def needs_review(corpus: Corpus, history: dict, view: EditionsView | None = None) -> list[Review]:
    """`view`: the resolved editions (made here when not given)."""
    view = view or editions_view(corpus)
    reviews: list[Review] = []
    for ruling in corpus.rulings:
        version = ruling.reviewed_version
        chains = history.get((ruling.game, "core-rules", "en"), {})
        if not version or not chains:
            continue
        label = f"v{version}"
        cited = ruling.rule_citations or [r.number for r in ruling.references]
        for number in dict.fromkeys(cited):
            entries = chains.get((label, number))
            if not entries:
                continue
            later = entries[[e.edition_label for e in entries].index(label) + 1 :]
            changed = next((e for e in later if _change(e, number)), None)
            if changed is None:
                continue
            last = next((e for e in reversed(later) if e.number is not None), None)
            core_rules = (ruling.game, "core-rules", "en")
            old = view.printed(core_rules, label, number)
            new = view.printed(core_rules, last.edition_label, last.number) if last else None
            reviews.append(
                Review(
                    ruling,
                    number,
                    _change(changed, number),
                    old_text=rule_text(old) if old else "",
                    new_text=rule_text(new) if new else "",
                    checked=label,
                    now=last.edition_label if last else changed.edition_label,
                )
            )
    for walk in corpus.walkthroughs:
        for number in dict.fromkeys(c.rule for s in walk.steps for c in s.cites):
            document = (walk.game, walk.document, "en")
            checked = view.printed(document, walk.edition, number)
            current = view.plain_rule(document, number)
            if checked is None:
                continue
            if current is None:
                reviews.append(
                    Review(walk, number, Change(ChangeKind.NOT_CURRENT), old_text=rule_text(checked), checked=walk.edition)
                )
            elif rule_text(current) != rule_text(checked) and not _references_only(
                history.get(document, {}).get((_label(corpus, walk), number)),
                _label(corpus, walk),
                _current_label(corpus, walk, current),
                current.number,
            ):
                reviews.append(
                    Review(
                        walk,
                        number,
                        Change(ChangeKind.REWORDED_SINCE, walk.edition),
                        old_text=rule_text(checked),
                        new_text=rule_text(current),
                        checked=walk.edition,
                        now=_current_label(corpus, walk, current),
                    )
                )
    return reviews


def _change(entry, number: str) -> Change | None:
    reworded = entry.text_changed and not entry.references_only  # module doc
    if entry.number is None:
        return Change(ChangeKind.REMOVED, entry.how.edition) if isinstance(entry.how, Removed) else None
    if entry.number != number:
        return Change(ChangeKind.RENUMBERED, entry.edition_label, entry.number, reworded)
    return Change(ChangeKind.REWORDED, entry.edition_label) if reworded else None


def _references_only(entries, checked: str, now: str, number: str) -> bool:
    """Whether the rule's chain (`entries`) runs from edition `checked` to `now`,
    where it is numbered `number`, with no change but renumbered references."""
    labels = [e.edition_label for e in entries or ()]
    if checked not in labels or now not in labels:
        return False
    i, j = labels.index(checked), labels.index(now)
    later = entries[i + 1 : j + 1]
    return j > i and entries[j].number == number and all(not e.text_changed or e.references_only for e in later)


def _label(corpus: Corpus, walk: Walkthrough) -> str:
    """The label of the edition a walkthrough was checked against (it may name its date)."""
    for edition in corpus.editions.get((walk.game, walk.document, "en"), []):
        if walk.edition in (edition.label, edition.date):
            return edition.label
    return walk.edition


def _current_label(corpus: Corpus, walk: Walkthrough, rule) -> str:
    for edition in corpus.editions.get((walk.game, walk.document, "en"), []):
        if any(r is rule for r in edition.rules()):
            return edition.label
    return "current"
