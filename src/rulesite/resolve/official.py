"""The authority and time of every official document, and what became of the
rule texts they revised: facts, decided here once, that render words.

- `standings`: each `OfficialDocument` with the edition that superseded it. A
  document that says it becomes obsolete at the next rules update lapses when
  the first whole edition of what it amends (the Core Rules, in its game's
  English) dated after its publication exists; the data's dates decide it.
- `official_documents`: every official document, newest first, with its title,
  date and the item that opens its page (its introduction, else its first item):
  the list a change feed reads.
- `revisions`: each `RuleRevision` placed on the edition it amends (the newest
  whole edition published on or before the revision) and its rule there, and,
  for every later edition, whether that edition's rule (followed along the
  match chain, through renumbering) prints the revised text: "incorporated", or
  not.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..common.model import Corpus, Edition, FaqAnswer, OfficialDocument, RuleRevision
from .history import rule_text


@dataclass(frozen=True)
class Standing:
    """An official document and, when it has lapsed, the edition that superseded it."""

    document: OfficialDocument
    superseded_by: Edition | None = None
    opening: FaqAnswer | None = None  # the item its page opens with: its introduction, else its first item


@dataclass(frozen=True)
class Later:
    """A later edition's word on a revised rule."""

    edition: str  # the edition's label
    number: str | None  # the rule's number there; None: not printed there
    incorporated: bool  # it prints the revised text (typography aside)


@dataclass(frozen=True)
class RevisionStanding:
    revision: RuleRevision
    document: OfficialDocument | None
    amended: str  # label of the edition it amends; "" when the sources hold none before it
    number: str | None  # the revised rule's number in that edition; None: that edition does not print it
    later: tuple[Later, ...] = ()


def standings(corpus: Corpus) -> dict[str, Standing]:
    """Official document id -> its standing."""
    out = {}
    for document in corpus.official:
        opening = next((f for f in corpus.faqs if f.document == document.id and f.source_id == document.source_id), None)
        out[document.id] = Standing(document, _superseded_by(corpus, document), opening)
    return out


def official_documents(corpus: Corpus) -> list[Standing]:
    """Every official document, newest first (undated last), each with the item
    its page opens with (`Standing.opening`; its page: `SiteMap.faq_pages[opening.id]`)."""
    found = list(standings(corpus).values())
    return sorted(found, key=lambda s: (s.document.published != "", s.document.published), reverse=True)


def _whole_editions(corpus: Corpus, game: str, document: str) -> list[Edition]:
    found = [e for e in corpus.editions.get((game, document, "en"), []) if not e.partial and e.date != "undated"]
    return sorted(found, key=lambda e: e.date)


def _superseded_by(corpus: Corpus, document: OfficialDocument) -> Edition | None:
    if document.lapses != "next-rules-update" or not document.published:
        return None
    amends = document.amends if document.amends not in ("", "cards") else "core-rules"
    return next((e for e in _whole_editions(corpus, document.game, amends) if e.date > document.published), None)


def revisions(corpus: Corpus, history: dict | None) -> list[RevisionStanding]:
    """Every rule revision with the edition it amends and the later editions' word on it.
    `history`: (game, document, language) -> rule_history's result (ResolvedCorpus.history)."""
    documents = {d.id: d for d in corpus.official}
    out = []
    for revision in corpus.revisions:
        editions = _whole_editions(corpus, revision.game, revision.document)
        before = [e for e in editions if revision.date and e.date <= revision.date]
        if not before:
            out.append(RevisionStanding(revision, documents.get(revision.official), "", None))
            continue
        amended = before[-1]
        rule = _rule(amended, revision.number)
        chain = ((history or {}).get((revision.game, revision.document, "en")) or {}).get((amended.label, revision.number), [])
        numbers = {entry.edition_label: entry.number for entry in chain}
        later = []
        for edition in editions[editions.index(amended) + 1 :]:
            number = numbers.get(edition.label) if rule is not None else None
            found = _rule(edition, number) if number else None
            later.append(Later(edition.label, number, found is not None and _same(rule_text(found), revision.text)))
        out.append(
            RevisionStanding(
                revision, documents.get(revision.official), amended.label, revision.number if rule else None, tuple(later)
            )
        )
    return out


def _rule(edition: Edition, number: str | None):
    if not number:
        return None
    for section in edition.sections.values():
        for rule in section.rules:
            if rule.number == number:
                return rule
    return None


def _same(printed: str, revised: str) -> bool:
    """The edition prints the revised text: equal once case, spaces and quotes are set aside."""

    def folded(text: str) -> str:
        return " ".join(text.replace('"', "").replace("'", "").casefold().split()).rstrip(".")

    return folded(revised) in folded(printed)
