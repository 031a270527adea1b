"""Translations that fell behind their English original.

A translated source follows one English edition: its own (the same game,
document and `edition`), or the one its manifest entry's `follows` names.
A translated rule is the English rule of the same number, or of the number
concordance.yml gives its section (resolve/concordance.py). When that English
rule's text today differs from its text in the edition the translation
follows, the translated rule is behind: render says so on its page, export in
the data, and the "Needs review" page lists it. A translated edition lacking
rules of the edition it follows is reported with how many (a warning: the
build goes on). An English edition `follows` names that is not among the
sources is reported too; for it, as for a translation whose own edition
English lacks, nothing is compared.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..common.diagnostics import Diagnostics
from ..common.model import Corpus, Edition, Rule, Section, SectionKey


@dataclass(frozen=True)
class Behind:
    """A translated rule whose English original changed after the edition it follows."""

    section: Section  # the translated section (current view)
    number: str  # the translated rule's number
    english: Section  # the English section today
    english_number: str  # the English rule's number
    follows: str  # the label of the English edition the translation follows
    now: str  # the label of the English edition whose text it shows today


@dataclass
class Translations:
    # (translated section key, rule number) -> what changed in English since
    behind: dict[tuple[SectionKey, str], Behind] = field(default_factory=dict)

    def of(self, section: Section, number: str) -> Behind | None:
        return self.behind.get((section.key, number))


def _text(rule: Rule) -> tuple:
    return (rule.text, tuple((e.label, e.text) for e in rule.examples))


def _followed(corpus: Corpus, section: Section, follows: str) -> Edition | None:
    editions = corpus.editions.get((section.game, section.document, "en"), [])
    return next((e for e in editions if e.date == follows), None)


def _today(corpus: Corpus, history: dict, english: Section, followed: Edition, number: str):
    """Where English rule `number` of the followed edition is today, by its
    History's matching chain (a renumbered rule is the same rule): the current
    English section and number; None when it is printed no more; False when
    the History says nothing of it (then the same number is taken)."""
    document = (english.game, english.document, "en")
    entries = history.get(document, {}).get((followed.label, number))
    now = next((e for e in entries or () if e.edition_label == english.edition), None)
    if now is None:
        return False
    if now.number is None:
        return None
    current = (
        s for s in [english, *corpus.sections.values()] if (s.game, s.document, s.language) == document and not s.version_path
    )
    return next(((s, now.number) for s in current if any(r.number == now.number for r in s.rules)), None)


def resolve_translations(corpus: Corpus, concordance, diag: Diagnostics, history: dict | None = None) -> Translations:
    """Which translated rules are behind the English text, and how many rules of
    the English edition each translated source lacks (warned). `history`
    (resolve/history.py, by document): the matching chains that say where the
    followed edition's rule is today; without it, the same number."""
    found = Translations()
    lacking: dict[str, list[int]] = {}  # source id -> [rules lacking, rules of the followed sections]
    unknown: set[str] = set()
    seen: dict[str, tuple[Edition, set[str]]] = {}  # source id -> the edition it follows, its sections translated
    for section in corpus.sections.values():
        if section.language == "en" or section.version_path:
            continue
        equivalent = concordance.for_section(section)
        side = equivalent.side("en") if equivalent is not None else None
        if side is None or side.section is None:
            continue
        source = corpus.sources[section.source_ids[0]]
        follows = source.follows or source.edition
        followed = _followed(corpus, section, follows)
        if followed is None:
            # Named by `follows`, it is a maintainer's slip; its own date not held (an
            # undated page, Magic's Spanish 701.20), nothing to compare it with.
            if source.follows and source.id not in unknown:
                unknown.add(source.id)
                diag.warning(
                    source.loc,
                    "translation-follows",
                    f"{source.id} ({source.language}) follows {section.game} {section.document} {follows} (en), "
                    "not among the sources: whether the English text changed since is not known",
                )
            continue
        english, old_section = side.section, followed.sections.get(side.number)
        if old_section is None:
            continue
        now = {r.number: r for r in english.rules}
        old = {r.number: r for r in old_section.rules}
        translated = set()
        for rule in section.rules:
            mapped = concordance.english_of(section, rule.number)
            number = mapped[1] if mapped is not None else side.number + rule.number[len(section.number) :]
            translated.add(number)
            was, where = old.get(number), _today(corpus, history, english, followed, number) if history else False
            if where is False:  # no chain: the same number
                where = (english, number) if number in now else None
            if was is None or where is None:
                continue
            today = next(r for r in where[0].rules if r.number == where[1])
            if _text(was) != _text(today):
                label = english.edition or followed.label
                found.behind[(section.key, rule.number)] = Behind(section, rule.number, where[0], where[1], followed.label, label)
        counts = lacking.setdefault(source.id, [0, 0])
        counts[0] += sum(1 for number in old if number not in translated)
        counts[1] += len(old)
        seen.setdefault(source.id, (followed, set()))[1].add(side.number)
    # A whole translated edition lacks, too, the sections it does not print.
    for source_id, (followed, numbers) in seen.items():
        if not corpus.sources[source_id].partial:
            rest = [s for number, s in followed.sections.items() if number not in numbers]
            lacking[source_id][0] += sum(len(s.rules) for s in rest)
            lacking[source_id][1] += sum(len(s.rules) for s in rest)
    for source_id, (missing, total) in lacking.items():
        if missing:
            source = corpus.sources[source_id]
            diag.warning(
                source.loc,
                "translation-incomplete",
                f"{source_id} ({source.language}) lacks {missing} of the {total} rules of the English "
                f"{source.document} {seen[source_id][0].label} it follows"
                + (" in the sections it translates" if source.partial else ""),
            )
    return found


def english_with_history(concordance, history: dict | None, section: Section, number: str) -> tuple[Section, str] | None:
    """The English rule a translated rule is (`Concordance.english_of`), when
    that rule has a history (it is in more than one English edition): where a
    translated rule with no history of its own finds one."""
    english = concordance.english_of(section, number)
    if english is None:
        return None
    document = (english[0].game, english[0].document, "en")
    entries = (history or {}).get(document, {}).get((english[0].edition, english[1]))
    return english if entries and len(entries) > 1 else None
