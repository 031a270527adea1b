"""Rules that are the same rule in another language or edition, and cross-game
topics (rules_src/concordance.yml)."""

from __future__ import annotations

from dataclasses import dataclass, field
from ..diagnostics import Diagnostics
from ..model import Corpus, Section, SectionKey


@dataclass
class Side:
    language: str
    number: str
    edition: str
    section: Section | None  # None: not among this site's sources


@dataclass
class Equivalent:
    game: str
    document: str
    sides: list[Side]

    def side(self, language: str) -> Side | None:
        return next((s for s in self.sides if s.language == language), None)

    def others(self, section: Section) -> list[Side]:
        return [s for s in self.sides if s.section is not section]


@dataclass
class Topic:
    id: str
    title: str
    sections: list[tuple[str, str, str]]  # (game, document, number)


@dataclass
class Concordance:
    equivalents: list[Equivalent] = field(default_factory=list)
    topics: list[Topic] = field(default_factory=list)

    def for_section(self, section: Section) -> Equivalent | None:
        return next((e for e in self.equivalents if any(s.section is section for s in e.sides)), None)


def resolve_concordance(corpus: Corpus, diag: Diagnostics) -> Concordance:
    """concordance.yml's entries (read, and their shape checked, by read/extras.py)
    matched to the corpus's sections."""
    concordance = Concordance()
    for entry in corpus.equivalents:
        loc, game, document = entry.loc, entry.game, entry.document
        sides = [Side(language, number, edition, None) for language, number, edition in entry.rules]
        for side in sides:
            side.section = _section(corpus, game, document, side.number, side.language)
            if side.section is not None and not any(corpus.sources[s].edition == side.edition for s in side.section.source_ids):
                diag.error(loc, "concordance", f"{game} {side.number} ({side.language}) has no source of edition {side.edition}")
        if not any(s.section for s in sides):
            diag.warning(loc, "concordance", "none of these rules is among the sources")
        concordance.equivalents.append(Equivalent(game, document, sides))
    for entry in corpus.topics:
        concordance.topics.append(Topic(entry.id, entry.title, list(entry.sections)))
    return concordance


def _section(corpus: Corpus, game: str, document: str, number: str, language: str) -> Section | None:
    section = corpus.sections.get(SectionKey(game, document, number, language))
    return section if section is not None and section.language == language else None
