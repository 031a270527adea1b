"""Reads `keywords.yml`, `card-aliases.yml` and `concordance.yml`, the
hand-written lists beside the manifest. Only their shape is checked here (every
field, its type, names and rule numbers against `names.py`); whether the
sections and cards they name exist is resolve's question (`resolve/keywords.py`,
`resolve/card_mentions.py`, `resolve/concordance.py`).

keywords.yml: a mapping of `game` or `game/language` (English by default) to a
mapping of section numbers (quoted: "424") to lists of words (under a language
without that section, only English has it: words its search finds the section
by, `resolve/search_names.py`).

concordance.yml: `equivalents:`, a list of `{game, document, rules: {language:
{number, edition}}}`, and `topics:`, a list of `{id, title, sections: [{game,
document, number}]}`. Either may be left out.

card-aliases.yml: a mapping of `game` to a mapping of card names, as the card
gallery prints them, to lists of nicknames; each is a printed name
(`names.printed_name_problem`).

misprints.yml: a mapping of source ids (the manifest's), or of `game/document`
for every source of a document (a slip each edition reprints), to lists of
`{rule, reason}`: a rule number the source cites that the edition it is
checked against does not print, and why that is the source's mistake.

Every problem is an `error[keyword]`, `error[card-alias]`, `error[concordance]`
or `error[misprint]` at its line.
"""

from __future__ import annotations

from pathlib import Path

from ..common.diagnostics import Diagnostics
from ..common.model import CardAlias, EquivalentEntry, KeywordEntry, Loc, Misprint, TopicEntry
from ..common.names import describe, edition_problem, name_problem, printed_name_problem, rule_number_problem
from ..common.normalize import normalize_text
from .manifest import GAMES, LANGUAGES, shown_path
from .yamlfile import line_of, load_yaml


def _mapping_file(path: Path, diag: Diagnostics, root: Path | None, code: str, expected: str) -> tuple[str, dict] | None:
    """An optional YAML file whose top level is a mapping (by game): its shown
    path and the mapping, or None when it is absent or not one (reported)."""
    if not (path.exists() or path.is_symlink()):
        return None
    where = shown_path(path)
    data = load_yaml(path, where, diag, root)
    if data is None:
        return None
    if not isinstance(data, dict):
        diag.error(Loc(where, line_of(data)), code, f"expected {expected}, not {describe(data)}")
        return None
    return where, data


def read_keywords(path: Path, diag: Diagnostics, root: Path | None = None) -> list[KeywordEntry]:
    found = _mapping_file(path, diag, root, "keyword", "a mapping of games to sections")
    if found is None:
        return []
    where, data = found
    entries: list[KeywordEntry] = []
    for key, sections in data.items():
        loc = Loc(where, line_of(sections, line_of(data)))
        game, _, language = key.partition("/")
        language = language or "en"
        if game not in GAMES or language not in LANGUAGES:
            diag.error(
                loc,
                "keyword",
                f"{key[:60]!r} must be a game ({', '.join(sorted(GAMES))}), optionally "
                f"with a language: riftbound/{'/'.join(sorted(LANGUAGES))}",
            )
            continue
        if not isinstance(sections, dict):
            diag.error(loc, "keyword", f"{key}: expected a mapping of section numbers to words, not {describe(sections)}")
            continue
        for number, words in sections.items():
            if problem := rule_number_problem(number, "section"):
                diag.error(loc, "keyword", f"{key}: {problem}")
                continue
            if not isinstance(words, list) or not all(isinstance(w, str) and normalize_text(w) for w in words):
                diag.error(
                    Loc(where, line_of(words, loc.line)),
                    "keyword",
                    f"{key} {number}: expected a list of words, not {describe(words)}",
                )
                continue
            entries.append(
                KeywordEntry(game, language, number, [normalize_text(w) for w in words], Loc(where, line_of(words, loc.line)))
            )
    return entries


def read_card_aliases(path: Path, diag: Diagnostics, root: Path | None = None) -> list[CardAlias]:
    found = _mapping_file(path, diag, root, "card-alias", "a mapping of games to cards")
    if found is None:
        return []
    where, data = found
    aliases: list[CardAlias] = []
    for game, cards in data.items():
        loc = Loc(where, line_of(cards, line_of(data)))
        if game not in GAMES:
            diag.error(loc, "card-alias", f"{game[:60]!r} must be a game ({', '.join(sorted(GAMES))})")
            continue
        if not isinstance(cards, dict):
            diag.error(loc, "card-alias", f"{game}: expected a mapping of card names to nicknames, not {describe(cards)}")
            continue
        for card, names in cards.items():
            here = Loc(where, line_of(names, loc.line))
            problems = [p for p in [printed_name_problem(card)] if p]
            if not isinstance(names, list) or not names:
                problems.append(f"{card[:60]!r}: expected a list of nicknames, not {describe(names)}")
            else:
                problems += [p for n in names if (p := printed_name_problem(n, f"{card[:60]!r}: nickname"))]
            for problem in problems:
                diag.error(here, "card-alias", f"{game}: {problem}")
            if not problems:
                aliases.append(CardAlias(game, normalize_text(card), [normalize_text(n) for n in names], here))
    return aliases


def read_concordance(path: Path, diag: Diagnostics, root: Path | None = None) -> tuple[list[EquivalentEntry], list[TopicEntry]]:
    if not (path.exists() or path.is_symlink()):
        return [], []
    where = shown_path(path)
    data = load_yaml(path, where, diag, root)
    if data is None:
        return [], []
    if not isinstance(data, dict):
        diag.error(Loc(where, line_of(data)), "concordance", f"expected 'equivalents:' and 'topics:', not {describe(data)}")
        return [], []
    for key in sorted(set(data) - {"equivalents", "topics"}):
        diag.error(Loc(where, line_of(data)), "concordance", f"unknown field {key[:60]!r} (known: equivalents, topics)")
    equivalents = [e for e in _items(data, "equivalents", where, diag, _equivalent) if e]
    topics = [t for t in _items(data, "topics", where, diag, _topic) if t]
    return equivalents, topics


def _items(data: dict, key: str, where: str, diag: Diagnostics, read_one):
    items = data.get(key)
    if items is None:
        return []
    if not isinstance(items, list):
        diag.error(Loc(where, line_of(data)), "concordance", f"'{key}:' must be a list, not {describe(items)}")
        return []
    out = []
    for index, item in enumerate(items):
        loc = Loc(where, line_of(item, items.lines[index]))
        problems: list[str] = []
        out.append(read_one(item, problems) if isinstance(item, dict) else None)
        if not isinstance(item, dict):
            problems.append(f"each entry of '{key}:' must be a mapping, not {describe(item)}")
        for problem in problems:
            diag.error(loc, "concordance", problem)
        if problems:
            out[-1] = None
        elif out[-1] is not None:
            out[-1].loc = loc
    return out


def _fields(node: dict, required: tuple[str, ...], what: str, problems: list[str]) -> bool:
    missing = [f for f in required if f not in node]
    unknown = sorted(set(node) - set(required))
    if missing:
        problems.append(f"{what} needs {', '.join(missing)}")
    if unknown:
        problems.append(f"{what}: unknown field(s) {', '.join(u[:40] for u in unknown)}")
    return not (missing or unknown)


def _section_ref(node, what: str, problems: list[str], with_number: bool = True) -> tuple[str, str, str] | None:
    """(game, document, number) of a mapping naming a section, checked."""
    if not isinstance(node, dict):
        problems.append(f"{what} must be a mapping, not {describe(node)}")
        return None
    if not _fields(node, ("game", "document", "number"), what, problems):
        return None
    before = len(problems)
    if node["game"] not in GAMES:
        problems.append(f"{what}: game must be one of {sorted(GAMES)}, not {str(node['game'])[:60]!r}")
    problems += [
        p
        for p in (name_problem(node["document"], f"{what}: document"), rule_number_problem(node["number"], f"{what}: number"))
        if p
    ]
    return None if len(problems) > before else (node["game"], node["document"], node["number"])


def _equivalent(node: dict, problems: list[str]) -> EquivalentEntry | None:
    what = "an equivalent"
    if not _fields(node, ("game", "document", "rules"), what, problems):
        return None
    if node["game"] not in GAMES:
        problems.append(f"{what}: game must be one of {sorted(GAMES)}, not {str(node['game'])[:60]!r}")
    if problem := name_problem(node["document"], f"{what}: document"):
        problems.append(problem)
    rules = node["rules"]
    if not isinstance(rules, dict) or not rules:
        problems.append(f"{what}: rules must be a mapping {{language: {{number, edition}}}}, not {describe(rules)}")
        return None
    sides = []
    for language, side in rules.items():
        here = f"{what}, rule in {language[:20]!r}"
        if language not in LANGUAGES:
            problems.append(f"{here}: language must be one of {sorted(LANGUAGES)}")
            continue
        if not isinstance(side, dict) or not _fields(side, ("number", "edition"), here, problems):
            if not isinstance(side, dict):
                problems.append(f"{here} must be a mapping {{number, edition}}, not {describe(side)}")
            continue
        if problem := rule_number_problem(side["number"], f"{here}: number"):
            problems.append(problem)
        elif problem := edition_problem(side["edition"], f"{here}: edition"):
            problems.append(problem)
        else:
            sides.append((language, side["number"], side["edition"]))
    if problems:
        return None
    return EquivalentEntry(node["game"], node["document"], sides, Loc("", 1))


def _topic(node: dict, problems: list[str]) -> TopicEntry | None:
    what = "a topic"
    if not _fields(node, ("id", "title", "sections"), what, problems):
        return None
    if problem := name_problem(node["id"], f"{what}: id"):  # the topic's page is named by it
        problems.append(problem)
    if not isinstance(node["title"], str) or not normalize_text(node["title"]):
        problems.append(f"{what}: title must be text, not {describe(node['title'])}")
    sections = node["sections"]
    if not isinstance(sections, list) or not sections:
        problems.append(f"{what}: sections must be a list of {{game, document, number}}, not {describe(sections)}")
        return None
    refs = [_section_ref(s, f"{what}, section {i}", problems) for i, s in enumerate(sections, 1)]
    if problems:
        return None
    return TopicEntry(node["id"], normalize_text(node["title"]), refs, Loc("", 1))


def read_misprints(path: Path, diag: Diagnostics, root: Path | None = None) -> list[Misprint]:
    found = _mapping_file(path, diag, root, "misprint", "a mapping of source ids to lists of misprints")
    if found is None:
        return []
    where, data = found
    misprints: list[Misprint] = []
    for source, entries in data.items():
        loc = Loc(where, line_of(entries, line_of(data)))
        parts = source.split("/", 1) if isinstance(source, str) else [source]  # a source id, or game/document
        if problem := next(filter(None, (name_problem(part, "source id") for part in parts)), None):
            diag.error(loc, "misprint", problem)
            continue
        if not isinstance(entries, list):
            diag.error(loc, "misprint", f"{source}: expected a list of misprints, not {describe(entries)}")
            continue
        for index, entry in enumerate(entries):
            here = Loc(where, line_of(entry, entries.lines[index]))
            problems: list[str] = []
            if not isinstance(entry, dict):
                problems.append(f"each misprint must be a mapping, not {describe(entry)}")
            elif _fields(entry, ("rule", "reason"), "a misprint", problems):
                if problem := rule_number_problem(entry["rule"], "a misprint: rule"):
                    problems.append(problem)
                if not isinstance(entry["reason"], str) or not normalize_text(entry["reason"]):
                    problems.append(
                        f"a misprint: reason must say why, in words, not {describe(entry['reason'])} {entry['reason']!r:.40}"
                    )
            for problem in problems:
                diag.error(here, "misprint", f"{source}: {problem}")
            if not problems:
                misprints.append(Misprint(source, entry["rule"], normalize_text(entry["reason"]), here))
    return misprints
