"""Rules that are the same rule in another language or edition, and cross-game
topics (rules_src/concordance.yml)."""

from __future__ import annotations

from dataclasses import dataclass, field
from ..common.diagnostics import Diagnostics
from ..common.model import Corpus, Section, SectionKey
from .translations import Translations, resolve_translations


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
    # section key -> the languages whose section of the same number is another
    # rule (Spanish 701.20 is Reveal, English 701.20 is Shuffle)
    other_rule_at: dict[SectionKey, tuple[str, ...]] = field(default_factory=dict)
    # the translated rules whose English text changed since the edition they follow
    translations: Translations = field(default_factory=Translations)
    # (translated section key, rule number) -> the English section and rule it
    # is, where concordance.yml names sub-rules a translation numbers otherwise
    rules: dict[tuple[SectionKey, str], tuple[Section, str]] = field(default_factory=dict)

    def for_section(self, section: Section) -> Equivalent | None:
        return next((e for e in self.equivalents if any(s.section is section for s in e.sides)), None)

    def english_of(self, section: Section, number: str) -> tuple[Section, str] | None:
        """The English rule a translated section's rule `number` is: the rule of
        the same place in the English section it is the same rule as (same
        number, or concordance.yml's), that section's number put for its own.
        None for English, or where the sources hold no English equivalent."""
        if section.language == "en":
            return None
        if self.rules:  # a sub-rule concordance.yml names, or one under it
            for end in range(len(number), len(section.number), -1):
                named = self.rules.get((section.key, number[:end]))
                if named is not None:
                    return named[0], named[1] + number[end:]
        equivalent = self.for_section(section)
        side = equivalent.side("en") if equivalent is not None else None
        if side is None or side.section is None or not number.startswith(section.number):
            return None
        return side.section, side.number + number[len(section.number) :]

    def another_rule_in(self, section: Section) -> tuple[str, ...]:
        """The languages in which `section`'s number is another rule: their page at
        this path is no translation of this one."""
        return self.other_rule_at.get(section.key.plain, ())


def resolve_concordance(corpus: Corpus, diag: Diagnostics, history: dict | None = None) -> Concordance:
    """concordance.yml's entries (read, and their shape checked, by read/extras.py)
    matched to the corpus's sections; `history`: the English rules' matching
    chains, by which a translation's staleness is judged (resolve/translations.py)."""
    concordance = Concordance()
    for entry in corpus.equivalents:
        loc, game, document = entry.loc, entry.game, entry.document
        sides = [Side(language, number, edition, None) for language, number, edition in entry.rules]
        if _rule_entry(corpus, concordance, game, document, sides):
            continue
        for side in sides:
            side.section = _section(corpus, game, document, side.number, side.language)
            if side.section is not None and not any(corpus.sources[s].edition == side.edition for s in side.section.source_ids):
                diag.error(loc, "concordance", f"{game} {side.number} ({side.language}) has no source of edition {side.edition}")
        if not any(s.section for s in sides):
            diag.warning(loc, "concordance", "none of these rules is among the sources")
        concordance.equivalents.append(Equivalent(game, document, sides))
    concordance.equivalents += _same_numbers(corpus, concordance)
    for entry in corpus.topics:
        concordance.topics.append(Topic(entry.id, entry.title, list(entry.sections)))
    concordance.other_rule_at = _other_rules_at(corpus, concordance)
    concordance.translations = resolve_translations(corpus, concordance, diag, history)
    return concordance


def _rule_entry(corpus: Corpus, concordance: Concordance, game: str, document: str, sides: list[Side]) -> bool:
    """An entry naming sub-rules (no side a section, each a rule of a current
    section): each translated side is the English side's rule
    (`Concordance.rules`). False for an entry of sections."""
    if any(_section(corpus, game, document, side.number, side.language) for side in sides):
        return False
    found = {}
    for side in sides:
        holder = next(
            (
                s
                for s in corpus.sections.values()
                if (s.game, s.document, s.language) == (game, document, side.language)
                and not s.version_path
                and any(r.number == side.number for r in s.rules)
            ),
            None,
        )
        if holder is None:
            return False
        found[side.language] = (holder, side.number)
    english = found.get("en")
    if english is None:
        return False
    for language, (holder, number) in found.items():
        if language != "en":
            concordance.rules[(holder.key, number)] = english
    return True


def _same_numbers(corpus: Corpus, concordance: Concordance) -> list[Equivalent]:
    """A translated section that concordance.yml does not name is the English
    section of the same number, when the sources hold one: the same rule, with
    no entry needed. Each side names the edition of its first source."""
    named = {id(side.section) for e in concordance.equivalents for side in e.sides if side.section is not None}
    found = []
    for section in corpus.sections.values():
        if section.language == "en" or section.version_path or id(section) in named:
            continue
        english = _section(corpus, section.game, section.document, section.number, "en")
        if english is None or id(english) in named:
            continue
        sides = [Side(s.language, s.number, corpus.sources[s.source_ids[0]].edition, s) for s in (section, english)]
        found.append(Equivalent(section.game, section.document, sides))
    return found


def _other_rules_at(corpus: Corpus, concordance: Concordance) -> dict[SectionKey, tuple[str, ...]]:
    languages = sorted({s.language for s in corpus.sections.values()})
    out = {}
    # The answer depends on the number alone: older editions' own pages ask it too.
    every = [*corpus.sections.values(), *(s for es in corpus.editions.values() for e in es for s in e.sections.values())]
    for section in every:
        if section.key.plain in out:
            continue
        found = []
        for other in languages:
            there = corpus.sections.get(section.key.in_language(other))
            if other == section.language or there is None:
                continue
            equivalent = concordance.for_section(there)
            side = equivalent.side(section.language) if equivalent is not None else None
            if side is not None and side.number != section.number:
                found.append(other)
        out[section.key.plain] = tuple(found)
    return {key: found for key, found in out.items() if found}


def _section(corpus: Corpus, game: str, document: str, number: str, language: str) -> Section | None:
    section = corpus.sections.get(SectionKey(game, document, number, language))
    return section if section is not None and section.language == language else None
