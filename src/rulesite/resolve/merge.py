"""Stage 2: merge what every importer read into one corpus.

Sources are grouped into editions: all sources of one document with the same
edition (its version, or its "Last Updated" date) form one edition, and where
two of them print the same rule the texts must agree after typographic
normalization (a disagreement is an error naming both places).

The plain pages show each document's *current view*: the sections of its
newest whole edition, plus the sections that only excerpts print (an excerpt
newer than that edition, or undated). Where several excerpts print the same
section (a web page and the official excerpt both print 832), their union is
shown, and their texts must agree. Every other edition's section keeps its own
versioned page: an older edition, or an excerpt whose section the whole
edition prints too, is never mixed into the current text.
"""

from __future__ import annotations

import copy

from ..common.diagnostics import Diagnostics
from ..common.model import Corpus, Edition, Imported, Rule, Section, Source, canonical_number, sort_key


def edition_label(source: Source) -> str:
    return f"v{source.version}" if source.version else source.edition


def merge(sources: list[Source], imported: list[Imported], diag: Diagnostics, kept: dict | None = None) -> Corpus:
    """`kept`: what the last merge in this process made of each document
    (`read.kept.Shared.merged`): a document whose sources read the very same
    objects as then is taken as it was, its editions and current view the same
    objects; replaced by what this merge made of each document it reported
    nothing in, and whose sources read no cards (resolve adds to those)."""
    corpus = Corpus(sources={s.id: s for s in sources})
    read: dict[tuple[str, str, str], list[Imported]] = {}
    for source, result in zip(sources, imported):
        read.setdefault((source.game, source.document, source.language), []).append(result)
    taken = _taken(read, kept or {})
    editions, order, reported = _gather(sources, imported, taken, corpus, diag)
    for edition in editions.values():
        for section in edition.sections.values():
            section.rules.sort(key=lambda r: sort_key(r.number))
        corpus.editions.setdefault((edition.game, edition.document, edition.language), []).append(edition)
    made = {}
    for document in order:
        if document in taken:
            _, document_editions, view = made[document] = taken[document]
            corpus.editions[document] = document_editions
            corpus.sections.update((section.key, section) for section in view)
            continue
        before = len(diag.items)
        document_editions, view = _document_view(corpus, document, diag)
        results = read[document]
        # Resolve adds each card's errata to it: a card read once is never handed out again.
        if not any(r.cards for r in results) and document not in reported and len(diag.items) == before:
            made[document] = (tuple(results), document_editions, view)
    for document, results in read.items():
        if document not in order and not any(r.cards for r in results):  # no sections: nothing merged
            made[document] = (tuple(results), [], ())
    if kept is not None:
        kept.clear()
        kept.update(made)
    _unique_ids(corpus, diag)
    return corpus


def _taken(read: dict[tuple[str, str, str], list[Imported]], kept: dict) -> dict:
    """The documents whose sources read the very same objects as at the last
    merge (`kept`), with what it made of each."""
    taken = {}
    for document, results in read.items():
        found = kept.get(document)
        if found is not None and len(found[0]) == len(results) and all(a is b for a, b in zip(found[0], results)):
            taken[document] = found
    return taken


def _gather(
    sources: list[Source], imported: list[Imported], taken: dict, corpus: Corpus, diag: Diagnostics
) -> tuple[dict[tuple[str, str, str, str], Edition], dict[tuple[str, str, str], None], set[tuple[str, str, str]]]:
    """Every section read into its edition (but those of the documents `taken`),
    and every other item into `corpus`: (the editions, the documents in the
    order their first section is read, the documents merge reported something in)."""
    editions: dict[tuple[str, str, str, str], Edition] = {}
    order: dict[tuple[str, str, str], None] = {}
    reported: set[tuple[str, str, str]] = set()
    for source, result in zip(sources, imported):
        document = (source.game, source.document, source.language)
        if result.sections:
            order.setdefault(document)
        for section in result.sections if document not in taken else ():
            label = edition_label(source)
            edition = editions.setdefault(
                (source.game, source.document, source.language, label),
                Edition(source.game, source.document, source.language, label, source.edition, source.partial),
            )
            if source.id not in edition.source_ids:
                edition.source_ids.append(source.id)
            edition.partial = edition.partial and source.partial  # one whole source makes it whole
            section.edition = label
            known = edition.sections.get(section.number)
            if known is None:
                edition.sections[section.number] = section
            else:
                before = len(diag.items)
                merge_section(known, section, diag)
                if len(diag.items) != before:
                    reported.add(document)
        corpus.faqs.extend(result.faqs)
        corpus.rulings.extend(result.rulings)
        corpus.cards.extend(result.cards)
        corpus.errata.extend(result.errata)
        corpus.guides.extend(result.guides)
        corpus.glossary.extend(result.glossary)
        corpus.official.extend(result.official)
        corpus.revisions.extend(result.revisions)
    return editions, order, reported


def _document_view(corpus: Corpus, document: tuple[str, str, str], diag: Diagnostics) -> tuple[list[Edition], list[Section]]:
    """A document's editions put in order (and moved to the end of
    `corpus.editions`, in the order documents are read), its current view's
    sections into `corpus.sections`, and every other section given its
    versioned page: (the editions, the current view)."""
    document_editions = corpus.editions.pop(document)
    corpus.editions[document] = document_editions  # in the order documents are read
    document_editions.sort(key=lambda e: (e.date == "undated", e.date, e.label))  # a total order
    view = current_view(document_editions, diag)
    for section in view:
        corpus.sections[section.key] = section
    for edition in document_editions:
        for number, section in edition.sections.items():
            if not shown_in_current_view(document_editions, edition, number):
                section.version_path = edition.label
    return document_editions, view


def same_editions(then: dict, now: dict) -> bool:
    """Whether every document of `now` (`Corpus.editions`) has the very editions
    it had `then` (a copy of an earlier one), in the same order: merge hands
    out a document's editions again only while its sources read the same, so
    what was made of them all (the current view's sections too) still holds."""
    return list(then) == list(now) and all(then[key] is editions for key, editions in now.items())


def current_edition(editions: list[Edition]) -> Edition | None:
    """The newest whole edition of a document."""
    whole = [e for e in editions if not e.partial and e.date != "undated"]
    return whole[-1] if whole else None


def shown_in_current_view(editions: list[Edition], edition: Edition, number: str) -> bool:
    """Whether `edition`'s section `number` is (part of) what its plain page shows;
    if not, it has a versioned page of its own."""
    current = current_edition(editions)
    if edition is current:
        return True
    if not edition.partial:
        return False  # an older whole edition
    if current is None:
        return True
    newer = edition.date == "undated" or edition.date > current.date
    return newer and number not in current.sections


def current_view(editions: list[Edition], diag: Diagnostics) -> list[Section]:
    current = current_edition(editions)
    view: dict[str, Section] = dict(current.sections) if current else {}
    for edition in editions:
        if edition is current:
            continue
        for number, section in edition.sections.items():
            if not shown_in_current_view(editions, edition, number):
                continue
            if number in view:
                merge_section(view[number], section, diag)
            else:
                view[number] = copy.deepcopy(section)
    for section in view.values():
        section.rules.sort(key=lambda r: sort_key(r.number))
    return sorted(view.values(), key=lambda s: sort_key(s.number))


def merge_section(known: Section, other: Section, diag: Diagnostics) -> None:
    known.title = known.title or other.title
    if other.title and known.title != other.title:
        diag.error(
            other.loc,
            "section-conflict",
            f"section {known.number} is titled {other.title!r} here, {known.title!r} at {known.loc}",
        )
    known.source_ids += [s for s in other.source_ids if s not in known.source_ids]
    known.notes += [n for n in other.notes if n not in known.notes]
    # One rule, however its number is spelled: 832.01.e is 832.1.e.
    by_number = {canonical_number(rule.number): rule for rule in known.rules}
    for rule in other.rules:
        same = by_number.get(canonical_number(rule.number))
        if same is None:
            known.rules.append(copy.deepcopy(rule))
        elif same.number != rule.number:
            diag.error(rule.loc, "duplicate-rule", f"rule {rule.number} is rule {same.number} of {same.loc} spelled another way")
        elif printed(same) != printed(rule):
            diag.error(
                rule.loc,
                "rule-conflict",
                f"rule {rule.number} differs from the same rule at {same.loc}: {_first_difference(printed(same), printed(rule))}",
            )
        else:
            same.source_ids += [s for s in rule.source_ids if s not in same.source_ids]


def printed(rule: Rule) -> str:
    """The rule as printed (normalized), examples included."""
    if not rule.examples:  # most rules; asked for each rule of each pair compared
        return rule.text
    return " ".join([rule.text] + [f"{e.label}: {e.text}" for e in rule.examples])


def _first_difference(a: str, b: str) -> str:
    i = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"{a[max(0, i - 20) : i + 25]!r} vs {b[max(0, i - 20) : i + 25]!r}"


def _unique_ids(corpus: Corpus, diag: Diagnostics) -> None:
    """FAQ answers and rulings are permalinks: their ids must be unique site-wide."""
    seen = {}
    for item in [*corpus.faqs, *corpus.rulings]:
        if item.id in seen:
            diag.error(item.loc, "duplicate-id", f"id {item.id!r} is already used at {seen[item.id]}")
        else:
            seen[item.id] = item.loc
