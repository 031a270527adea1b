"""Answers render asks of the resolved corpus about editions, made once and read-only.

Render used to work these out itself, page by page: which edition of a document
is the current one, on which page an older edition's rule is shown, and where a
rule of an older edition is today. Here they are decided once, after matching
the editions, and handed over as read-only mappings.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Mapping

from ..common.model import Corpus, Edition, Rule, Section, SectionKey, parent_number
from .history import RuleChains
from .merge import current_edition


class Frozen(dict):
    """A dict nobody downstream can change. Not a MappingProxyType, which cannot
    be copied or pickled: tests deep-copy a whole context to edit one thing."""

    def _read_only(self, *args, **kwargs):
        raise TypeError("resolved answers are read-only")

    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _read_only

    def __reduce__(self):
        return (Frozen, (dict(self),))


DocumentKey = tuple[str, str, str]  # (game, document, language): the key of Corpus.editions


@dataclass(frozen=True)
class Shown:
    """A rule of some edition, and the section page that shows its text."""

    page: SectionKey
    rule: Rule


@dataclass(frozen=True)
class Successor:
    """Where a rule of some dated edition is in the current one, along its match chain."""

    now: str | None  # its number in the current edition; None: not printed there
    last: str  # the last edition that prints it (label) ...
    last_number: str  # ... and its number there
    removed_in: str  # the edition after `last` (the current one when `last` is the newest)
    nearest: str | None  # the current number of the closest ancestor (in `last`) printed there, if any


@dataclass(frozen=True)
class EditionsView:
    # Documents that have a current edition (the newest whole dated one) -> it.
    current: Mapping[DocumentKey, Edition]
    # (game, document, language, edition label) -> rule number -> where it is shown.
    rules: Mapping[tuple[str, str, str, str], Mapping[str, Shown]]
    # Documents with several dated editions -> (edition label, rule number) -> its successor.
    successors: Mapping[DocumentKey, Mapping[tuple[str, str], Successor]] = field(default_factory=Frozen)
    # Document -> its editions, oldest first; and (document, edition label) -> number -> the rule it prints.
    editions: Mapping[DocumentKey, tuple[Edition, ...]] = field(default_factory=Frozen)
    printed_rules: Mapping[tuple[str, str, str, str], Mapping[str, Rule]] = field(default_factory=Frozen)
    # Document -> number -> the rule as its plain pages (the current view) show it.
    plain_rules: Mapping[DocumentKey, Mapping[str, Rule]] = field(default_factory=Frozen)
    # The plain pages: their key -> the section of the current view each shows.
    plain_sections: Mapping[SectionKey, Section] = field(default_factory=Frozen)
    # Language -> every section page of its site, in order: the plain pages, then
    # older editions' own pages. The pages, previews, number table and published
    # data of a site all list these.
    site_pages: Mapping[str, tuple[Section, ...]] = field(default_factory=Frozen)

    def current_of(self, key: DocumentKey) -> Edition | None:
        return self.current.get(key)

    def rule(self, key: DocumentKey, label: str, number: str) -> Shown | None:
        """Rule `number` of edition `label` of a document, where a page shows it."""
        return self.rules.get((*key, label), {}).get(number)

    def successor(self, key: DocumentKey, label: str, number: str) -> Successor | None:
        return self.successors.get(key, {}).get((label, number))

    def printed(self, key: DocumentKey, edition: str, number: str) -> Rule | None:
        """Rule `number` as the edition named `edition` (its label or its date) prints
        it: "Find a rule by number" for resolve's checks, once."""
        for e in self.editions.get(key, ()):
            if edition in (e.label, e.date) and (rule := self.printed_rules[(*key, e.label)].get(number)):
                return rule
        return None

    def shown(self, section: Section) -> Section | None:
        """The section whose page shows `section`'s text: its own versioned page,
        else the plain page of the current view (None: no page shows it)."""
        return page_showing(self.plain_sections, section)

    def pages_of(self, language: str) -> tuple[Section, ...]:
        return self.site_pages.get(language, ())

    def plain_rule(self, key: DocumentKey, number: str) -> Rule | None:
        """Rule `number` as the document's plain pages show it today."""
        return self.plain_rules.get(key, {}).get(number)


def editions_view(
    corpus: Corpus, chains: Mapping[DocumentKey, RuleChains] | None = None, kept: dict | None = None
) -> EditionsView:
    """`chains`: the match chains of documents with several dated editions
    (history.rule_chains). `kept`: each document's part as the last build in
    this process made it (`rulesite serve`), taken again for a document whose
    editions, chains and plain sections are the very same objects (a rule
    reworded makes its own document's part alone again); replaced by this
    build's."""
    plain_of = sections_by_document(corpus)
    made = {
        key: _document_view(corpus, key, editions, (chains or {}).get(key), plain_of.get(key, ()), kept)
        for key, editions in corpus.editions.items()
    }
    if kept is not None:
        kept.clear()
        kept.update(made)
    parts = {key: part for key, (_, part) in made.items()}
    return EditionsView(
        Frozen({key: part[0] for key, part in parts.items() if part[0] is not None}),
        Frozen({at: shown for part in parts.values() for at, shown in part[1]}),
        Frozen({key: parts[key][2] for key in (chains or {})}),
        Frozen({key: tuple(editions) for key, editions in corpus.editions.items()}),
        Frozen({at: numbered for part in parts.values() for at, numbered in part[3]}),
        Frozen(_plain_rules(corpus)),
        Frozen(corpus.sections),
        Frozen(_site_pages(corpus)),
    )


def sections_by_document(corpus: Corpus) -> dict[DocumentKey, tuple[Section, ...]]:
    """The corpus's (plain) sections of each document, in their order."""
    found: dict[DocumentKey, list[Section]] = {}
    for section in corpus.sections.values():
        found.setdefault((section.game, section.document, section.language), []).append(section)
    return {key: tuple(sections) for key, sections in found.items()}


def same_objects(a: tuple, b: tuple) -> bool:
    """Whether two tuples hold the very same objects (not merely equal ones)."""
    return len(a) == len(b) and all(x is y for x, y in zip(a, b))


def _document_view(
    corpus: Corpus, key: DocumentKey, editions: list[Edition], found: RuleChains | None, plain: tuple, kept: dict | None
) -> tuple[tuple, tuple]:
    """(what it was made from, (current edition, each edition's shown rules,
    successors, each edition's rules by number)) of one document. What it
    reads: its editions, its chains, its plain sections (the pages showing
    its sections' texts)."""
    made_from = (editions, found, *plain)
    then = kept.get(key) if kept is not None else None
    if then is not None and same_objects(then[0], made_from):
        return then
    rules = tuple(((*key, e.label), Frozen(_shown_rules(corpus, e))) for e in editions)
    successors = Frozen(_successors(found, current_edition(editions))) if found is not None else None
    printed = []
    for edition in editions:
        numbered: dict[str, Rule] = {}
        for rule in edition.rules():
            numbered.setdefault(rule.number, rule)  # an edition printing a number twice: the first
        printed.append(((*key, edition.label), Frozen(numbered)))
    return made_from, (current_edition(editions), rules, successors, tuple(printed))


def _plain_rules(corpus: Corpus) -> dict[DocumentKey, Frozen]:
    plain: dict[DocumentKey, dict[str, Rule]] = {}
    for section in corpus.sections.values():
        for rule in section.rules:
            plain.setdefault((section.game, section.document, section.language), {}).setdefault(rule.number, rule)
    return {key: Frozen(found) for key, found in plain.items()}


def page_showing(plain: Mapping[SectionKey, Section], section: Section) -> Section | None:
    """The one rule for which page shows a section's text: an edition's own
    versioned page, else the plain page of the same section in the current view
    (`plain`: the corpus's sections). None: no page shows it."""
    return section if section.version_path else plain.get(section.key.plain)


def _site_pages(corpus: Corpus) -> dict[str, tuple[Section, ...]]:
    pages: dict[str, list[Section]] = {}
    for section in corpus.sections.values():
        pages.setdefault(section.language, []).append(section)
    for (_, _, language), editions in corpus.editions.items():
        for edition in editions:
            pages.setdefault(language, []).extend(s for s in edition.sections.values() if s.version_path)
    return {language: tuple(found) for language, found in pages.items()}


def _successors(found: RuleChains, current: Edition | None) -> dict[tuple[str, str], Successor]:
    """Every rule of every dated edition of a document: where its chain stands in
    the current edition (the newest, when none is current). A removed rule's
    nearest is found through its parents, as far as the edition prints them."""
    labels = [e.label for e in found.editions]
    c = next((k for k, e in enumerate(found.editions) if e is current), len(labels) - 1)
    # Each chain's number in each edition (None: not printed there), as its
    # `chain_entries` say, without making those (rule_history does, once).
    rows = [[chain[k][0].number if k in chain else None for k in range(len(labels))] for chain in found.chains]
    row_of = {(i, n): row for row in rows for i, n in enumerate(row) if n}
    printed: dict[int, set[str]] = {}

    def nearest(i: int, number: str) -> str | None:
        if i not in printed:
            printed[i] = {r.number for r in found.editions[i].rules()}
        parent = parent_number(number) if number in printed[i] else None
        while parent:
            row = row_of.get((i, parent))
            if row and row[c]:
                return row[c]
            parent = parent_number(parent) if parent in printed[i] else None
        return None

    out: dict[tuple[str, str], Successor] = {}
    for row in rows:
        present = [i for i, n in enumerate(row) if n]
        last = present[-1]
        removed_in = labels[last + 1] if last + 1 < len(labels) else labels[c]
        successor = Successor(row[c], labels[last], row[last], removed_in, nearest(last, row[last]))
        for i in present:
            out[(labels[i], row[i])] = successor
    return out


def _shown_rules(corpus: Corpus, edition: Edition) -> dict[str, Shown]:
    """Each rule of `edition` on the page that shows it: the section's own page
    in that edition, else the plain page when that shows this text."""
    out: dict[str, Shown] = {}
    for section in edition.sections.values():
        shown = page_showing(corpus.sections, section)
        page = shown.key if shown else None  # once: a Section's key is made anew each time it is asked
        for rule in section.rules if shown else []:
            out[rule.number] = Shown(page, rule)
    return out
