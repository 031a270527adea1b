"""Rules that are the same rule in another language or edition, and cross-game
topics (rules_src/concordance.yml)."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..diagnostics import Diagnostics
from ..model import Corpus, Loc, Section
from ..read.manifest import shown_path
from ..read.yamlfile import line_of, load_yaml


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


def read_concordance(path: Path, corpus: Corpus, diag: Diagnostics) -> Concordance:
    concordance = Concordance()
    if not path.is_file():
        return concordance
    where = shown_path(path)
    data = load_yaml(path, where, diag) or {}
    for entry in data.get("equivalents") or []:
        loc = Loc(where, line_of(entry))
        try:
            game, document = str(entry["game"]), str(entry["document"])
            sides = [
                Side(str(lang), str(v["number"]), str(v["edition"]), None) for lang, v in entry["rules"].items()
            ]
        except (KeyError, TypeError, AttributeError) as exc:
            diag.error(loc, "concordance", f"an equivalent needs game, document and rules {{lang: {{number, edition}}}} ({exc})")
            continue
        for side in sides:
            side.section = _section(corpus, game, document, side.number, side.language)
            if side.section is not None and not any(
                corpus.sources[s].edition == side.edition for s in side.section.source_ids
            ):
                diag.error(loc, "concordance", f"{game} {side.number} ({side.language}) has no source of edition {side.edition}")
        if not any(s.section for s in sides):
            diag.warning(loc, "concordance", "none of these rules is among the sources")
        concordance.equivalents.append(Equivalent(game, document, sides))
    for entry in data.get("topics") or []:
        loc = Loc(where, line_of(entry))
        try:
            keys = [(str(s["game"]), str(s["document"]), str(s["number"])) for s in entry["sections"]]
            concordance.topics.append(Topic(str(entry["id"]), str(entry["title"]), keys))
        except (KeyError, TypeError) as exc:
            diag.error(loc, "concordance", f"a topic needs id, title and sections [{{game, document, number}}] ({exc})")
    return concordance


def _section(corpus: Corpus, game: str, document: str, number: str, language: str) -> Section | None:
    section = corpus.sections.get((game, document, number, language))
    return section if section is not None and section.language == language else None
