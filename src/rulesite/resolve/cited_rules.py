"""Every rule citation checked against the edition it cites.

A text that cites "rule 424.9" means some edition of some document. Which one:

- a rule's own text: its own edition (and, in a document other than the
  game's main rules, that one's edition in force then too: the Tournament
  Rules may cite the Core Rules; an error only when both are held whole);
- a ruling reviewed against a version ("1.4"): that version of the main rules;
- any other dated text (an official FAQ, a guide, the card list): the whole
  edition of the main rules in force at its date (the newest one not newer),
  unless a version the sources lack may have come between (1.3 between the
  1.2 and 1.4 they hold): then one not held;
- an undated text: the current edition (the newest whole dated one);
- a walkthrough: the edition it names.

When that edition is whole and does not print the number, the citation is
`error[unknown-rule]`, with the numbers printed nearest it: the source is
wrong, or the edition chosen is, and either is worth a failed build. A
citation checked by hand and listed in misprints.yml (the source's own
mistake, with the reason) is a `warning[misprint]` instead; an entry there
whose source is read and cites no such rule is an error. When the edition
is an excerpt, or the sources do not hold it, a number no page of the game
shows is a `warning[rule-not-in-sources]`: the page shows it as "∉", and the
sources may simply lack the rule.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Iterator

from ..common.diagnostics import Diagnostics
from ..common.model import Corpus, Edition, Loc, sort_key
from .linked import quoted_parts
from .cited import cited_numbers
from .links import MAIN_DOCUMENT
from .merge import current_edition, edition_label

DocumentKey = tuple[str, str, str]


class _Printed:
    """The numbers one edition prints, sorted, to tell whether it prints one and which are nearest."""

    def __init__(self, edition: Edition) -> None:
        numbers = {sort_key(n): n for s in edition.sections.values() for n in [s.number, *(r.number for r in s.rules)]}
        self.keys = sorted(numbers)
        self.numbers = [numbers[k] for k in self.keys]
        self.held = set(self.keys)

    def __contains__(self, number: str) -> bool:
        return sort_key(number) in self.held

    def nearest(self, number: str) -> list[str]:
        """The numbers printed just before and just after where `number` would be."""
        at = bisect_left(self.keys, sort_key(number))
        return self.numbers[max(at - 1, 0) : at + 1]


class _Checker:
    def __init__(self, corpus: Corpus, diag: Diagnostics) -> None:
        self.corpus, self.diag = corpus, diag
        self._printed: dict[int, _Printed] = {}
        # game -> the numbers some page of its current view shows: what a link can lead to
        self.shown: dict[str, set] = {}
        for section in corpus.sections.values():
            numbers = self.shown.setdefault(section.game, set())
            numbers.add(sort_key(section.number))
            numbers.update(sort_key(rule.number) for rule in section.rules)
        self.reported: set[tuple[Loc, str]] = set()
        self.misprints = {(m.source, sort_key(m.rule)): m for m in corpus.misprints}
        self.misprinted: set[int] = set()  # ids of the misprints some citation made

    def keys(self, source_id: str) -> tuple[str, ...]:
        """What a misprints.yml entry may name a source by: its id, or its game and
        document (`magic/comprehensive-rules`: every edition that reprints the slip)."""
        source = self.corpus.sources.get(source_id)
        return (source_id, f"{source.game}/{source.document}") if source is not None else (source_id,)

    def printed(self, edition: Edition) -> _Printed:
        found = self._printed.get(id(edition))
        if found is None:
            found = self._printed[id(edition)] = _Printed(edition)
        return found

    def editions(self, game: str, document: str, language: str) -> list[Edition]:
        return self.corpus.editions.get((game, document, language)) or self.corpus.editions.get((game, document, "en"), [])

    def check(
        self, loc: Loc, what: str, game: str, texts: Iterable[str], against: list[tuple[str, Edition | None]], sources: list[str]
    ) -> None:
        """Each number `texts` (printed by `sources`) cite, against the editions
        `against` (the first is the one named; a number any of them prints is known)."""
        for number in (n for text in texts for part in quoted_parts(text) for n in (m.group(0) for m in cited_numbers(part))):
            if (loc, number) in self.reported:
                continue
            self.reported.add((loc, number))
            held = [(name, e) for name, e in against if e is not None]
            if any(number in self.printed(e) for _, e in held):
                continue
            whole = [(name, e) for name, e in held if not e.partial]
            if len(whole) == len(against):  # each document it may mean is held whole: none prints it
                name = " nor ".join(name for name, _ in whole)
                misprint = next(
                    (m for s in sources for key in self.keys(s) if (m := self.misprints.get((key, sort_key(number))))), None
                )
                if misprint is not None:
                    self.misprinted.add(id(misprint))
                    self.diag.warning(
                        loc,
                        "misprint",
                        f"{what} cites rule {number}, which {name} does not print: {misprint.reason} ({misprint.loc})",
                    )
                    continue
                nearest = self.printed(whole[0][1]).nearest(number)
                self.diag.error(
                    loc,
                    "unknown-rule",
                    f"{what} cites rule {number}, which {name} (a whole edition) does not print"
                    + (f"; nearest in {whole[0][0]}: {', '.join(nearest)}" if nearest else ""),
                )
            elif sort_key(number) not in self.shown.get(game, ()):
                named = ", ".join(f"{name} ({_held(e)})" for name, e in against)
                self.diag.warning(
                    loc, "rule-not-in-sources", f"{what} cites rule {number}, not in the sources; checked against {named}"
                )


def _held(edition: Edition | None) -> str:
    return "not in the sources" if edition is None else "an excerpt" if edition.partial else "whole"


def _name(game: str, document: str, label: str) -> str:
    return f"{game} {document} {label}"


def _at(editions: list[Edition], version: str = "", date: str = "") -> tuple[str, Edition | None]:
    """The edition a text means: version `version` ("1.4"); else the whole one in
    force at `date`; else the current one. Its label, and it (None: not held)."""
    if version:
        label = f"v{version}"
        return label, next((e for e in editions if e.label == label), None)
    current = current_edition(editions)
    if date and date != "undated":
        whole = [e for e in editions if not e.partial and e.date != "undated"]
        before = [e for e in whole if e.date <= date]
        after = [e for e in whole if e.date > date]
        if before and after and not _next_version(before[-1], after[0]):
            # A version between them (1.3 between 1.2 and 1.4) may have been in force: not held.
            return f"edition in force on {date} (after {before[-1].label}; not in the sources)", None
        if before:
            return before[-1].label, before[-1]
    return (current.label, current) if current is not None else ("current edition", None)


def _next_version(old: Edition, new: Edition) -> bool:
    """Whether `new` is the version right after `old` ("1.3" after "1.2", "2.0" after
    "1.9"); editions without a version name are taken to follow each other."""
    a, b = old.label.removeprefix("v").split("."), new.label.removeprefix("v").split(".")
    if not (old.label.startswith("v") and new.label.startswith("v") and all(p.isdigit() for p in a + b)):
        return True
    x, y = [int(p) for p in a], [int(p) for p in b]
    return y == [*x[:-1], x[-1] + 1] or (y[0] == x[0] + 1 and not any(y[1:]))


def _main(checker: _Checker, game: str, language: str = "en", version: str = "", date: str = "") -> tuple[str, Edition | None]:
    document = MAIN_DOCUMENT.get(game, "")
    label, edition = _at(checker.editions(game, document, language), version, date)
    return _name(game, document, label), edition


def check_cited_rules(corpus: Corpus, diag: Diagnostics) -> None:
    """Reports every rule citation its edition does not print (see the module's docstring)."""
    checker = _Checker(corpus, diag)
    for place in _places(corpus, checker):
        checker.check(*place)
    for misprint in corpus.misprints:
        # A document-wide entry is for its whole editions (only a whole edition's
        # missing rule is an error): stale when one is read and makes no such citation.
        read = misprint.source in corpus.sources or any(
            f"{game}/{document}" == misprint.source and any(not e.partial for e in editions)
            for (game, document, _), editions in corpus.editions.items()
        )
        if read and id(misprint) not in checker.misprinted:
            diag.error(
                misprint.loc,
                "misprint",
                f"source {misprint.source} no longer cites rule {misprint.rule} where its edition lacks it: remove the entry",
            )


def _places(corpus: Corpus, checker: _Checker) -> Iterator[tuple]:
    def dated(source_id: str) -> str:
        source = corpus.sources.get(source_id)
        return source.edition if source is not None else ""

    for (game, document, language), editions in corpus.editions.items():
        for edition in editions:
            own = (_name(game, document, edition.label), edition)
            against = [own]
            if document != MAIN_DOCUMENT.get(game):
                against.append(_main(checker, game, language, date=edition.date))
            for rule in edition.rules():
                texts = [rule.text, *(example.text for example in rule.examples)]
                yield rule.loc, f"rule {rule.number} of {own[0]}", game, texts, against, rule.source_ids
    for faq in corpus.faqs:
        against = [_main(checker, faq.game, date=faq.date or dated(faq.source_id))]
        yield faq.loc, f"FAQ answer {faq.id}", faq.game, [faq.question, faq.answer], against, [faq.source_id]
    for ruling in corpus.rulings:
        against = [_main(checker, ruling.game, version=ruling.reviewed_version, date=ruling.date or dated(ruling.source_id))]
        texts = [ruling.question, ruling.answer, *ruling.steps, *ruling.nuances]
        yield ruling.loc, f"ruling {ruling.id}", ruling.game, texts, against, [ruling.source_id]
    for walk in corpus.walkthroughs:
        editions = checker.editions(walk.game, walk.document, "en")
        edition = next((e for e in editions if walk.edition in (e.label, e.date)), None)
        against = [(_name(walk.game, walk.document, walk.edition), edition)]
        yield walk.loc, f"walkthrough {walk.id}", walk.game, [walk.summary], against, []
        for step in walk.steps:
            yield step.loc, f"walkthrough {walk.id}", walk.game, [step.text], against, []
    for guide in corpus.guides:
        against = [_main(checker, guide.game, guide.language, date=dated(guide.source_id))]
        for block in guide.blocks:
            yield block.loc, f"guide {guide.id} ({guide.language})", guide.game, [block.text], against, [guide.source_id]
    for entry in corpus.glossary:
        source = corpus.sources[entry.source_id]
        editions = checker.editions(entry.game, entry.document, entry.language)
        label = edition_label(source)
        edition = next((e for e in editions if e.label == label), None)
        against = [(_name(entry.game, entry.document, label), edition)]
        yield entry.loc, f"glossary entry {entry.term!r}", entry.game, entry.definitions, against, [entry.source_id]
    for card in corpus.cards:
        game = card.game or "riftbound"
        against = [_main(checker, game, date=dated(card.source_id))]
        yield card.loc, f"card {card.name!r}", game, card.text.split("\n") if card.text else [], against, [card.source_id]
