"""Reads community rulings (format `rulings-text`).

The file holds a title line, then one ruling per non-blank line:

    Ruling: <answer> Sequence: - <step> - <step> Nuances: - <note> - <note>

`Sequence:` and `Nuances:` are optional; when present they come in that order,
once each, and hold at least one item. A label counts only when it is not
glued to a preceding word.

Splitting items: the body of a list starts with "- ", and a new item begins at
" - " only when the next character looks like the start of an item: an
uppercase letter, a digit, a quote or "(". A " - " followed by anything else
(in the source: always a lowercase word) is a dash inside the item and stays in
its text, as in "Permanents cannot be reacted to - once they enter the chain".
The answer is never split, so `"Exhaust - Add 1 energy"` inside it is safe.
Nothing is dropped: answer, steps and nuances joined back with their labels and
" - " give the normalized line again.

Ids and titles come from `<name>.ids.yml` next to `<name>.txt`: a list of
`{id, title, starts}`. An entry belongs to the one ruling whose normalized
answer starts with `starts`, so ids survive reordering and new rulings. A
ruling without an entry gets an id and title made from its answer, with a
warning; bad, duplicate or unmatched entries are errors at the entry's line.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..common.diagnostics import Diagnostics
from ..common.model import Imported, Loc, Ruling, Source
from ..common.names import KEBAB, name_problem
from ..common.normalize import normalize_text
from .common import slugify
from .files import present
from .yamlfile import line_of, load_yaml

LABELS = ("Ruling", "Sequence", "Nuances")
_LABEL = re.compile(r"(?<!\S)(Ruling|Sequence|Nuances):")
# An item starts after " - " only before something that can open a sentence.
_NEW_ITEM = re.compile(r" - (?=[A-Z0-9\"'(])")
_KEBAB = KEBAB
ENTRY_KEYS = ("id", "title", "starts")


def read(source: Source, lines: list[str], diag: Diagnostics) -> Imported:
    rulings = []
    for index, raw in enumerate(lines):
        text = normalize_text(raw)
        if not text or (index == 0 and not text.startswith("Ruling:")):
            continue  # blank, or the file's title line
        ruling = _parse(text, Loc(source.path, index + 1), source, diag)
        if ruling:
            rulings.append(ruling)
    _assign_ids(source, rulings, diag)
    return Imported(rulings=rulings)


def _parse(text: str, loc: Loc, source: Source, diag: Diagnostics) -> Ruling | None:
    if not text.startswith("Ruling:"):
        diag.error(loc, "ruling-syntax", f"expected a line starting with 'Ruling:', found {text[:40]!r}")
        return None
    marks = list(_LABEL.finditer(text))
    names = [m.group(1) for m in marks]
    if names != sorted(set(names), key=LABELS.index):
        found = ", ".join(f"{n}:" for n in names)
        diag.error(
            loc, "ruling-syntax", f"labels must appear once each, in the order Ruling:, Sequence:, Nuances: (found {found})"
        )
        return None
    ends = [m.start() for m in marks[1:]] + [len(text)]
    bodies = {m.group(1): text[m.end() : end].strip() for m, end in zip(marks, ends)}
    ok = bool(bodies["Ruling"])
    if not ok:
        diag.error(loc, "ruling-syntax", "'Ruling:' has no answer")
    lists = {}
    for label in ("Sequence", "Nuances"):
        body = bodies.get(label)
        if body is None:
            lists[label] = []
        elif body in ("", "-"):
            diag.error(loc, "ruling-syntax", f"'{label}:' has no items")
            ok = False
        elif not body.startswith("- "):
            diag.error(loc, "ruling-syntax", f"'{label}:' items must each start with ' - ', found {body[:30]!r}")
            ok = False
        else:
            lists[label] = _NEW_ITEM.split(body[2:])
    if not ok:
        return None
    return Ruling(
        id="",
        title="",
        answer=bodies["Ruling"],
        steps=lists["Sequence"],
        nuances=lists["Nuances"],
        game=source.game,
        source_id=source.id,
        loc=loc,
    )


def ids_path(path: str) -> str:
    """`rulings.txt` -> `rulings.ids.yml`, the file naming each ruling."""
    return str(Path(path).with_suffix(".ids.yml"))


def _assign_ids(source: Source, rulings: list[Ruling], diag: Diagnostics) -> None:
    shown = ids_path(source.path)
    file = Path(ids_path(source.file or source.path))
    taken: dict[str, Loc] = {}  # id -> entry that claimed it
    owner: dict[int, int] = {}  # index of ruling -> line of its entry
    entries = _load_entries(file, shown, diag, source.root or None) if present(file) else []
    for entry, line in entries:
        loc = Loc(shown, line)
        if entry["id"] in taken:
            diag.error(loc, "ruling-id", f"duplicate id {entry['id']!r} (first used at {taken[entry['id']]})")
            continue
        taken[entry["id"]] = loc
        starts = normalize_text(entry["starts"])
        hits = [i for i, r in enumerate(rulings) if r.answer.startswith(starts)]
        if not hits:
            diag.error(loc, "ruling-id", f"{entry['id']!r} matches no ruling: no answer starts with {starts!r}")
        elif len(hits) > 1:
            at = ", ".join(str(rulings[i].loc.line) for i in hits)
            diag.error(loc, "ruling-id", f"{entry['id']!r}: 'starts' matches several rulings (lines {at}); make it longer")
        elif hits[0] in owner:
            diag.error(loc, "ruling-id", f"{entry['id']!r} matches the same ruling as the entry at line {owner[hits[0]]}")
        else:
            owner[hits[0]] = line
            rulings[hits[0]].id, rulings[hits[0]].title = entry["id"], normalize_text(entry["title"])
    for ruling in rulings:
        if ruling.id:
            continue
        ruling.id = _unique(_slug_of(ruling.answer), taken)
        taken[ruling.id] = ruling.loc
        ruling.title = _short(ruling.answer)
        diag.warning(
            ruling.loc,
            "ruling-id",
            f"no entry in {shown} for this ruling; using id {ruling.id!r}. Add "
            f'{{id: {ruling.id}, title: "...", starts: "{_short(ruling.answer, 40, "")}"}}',
        )


def _load_entries(file: Path, shown: str, diag: Diagnostics, root: str | None) -> list[tuple[dict, int]]:
    """The well-formed entries with their lines; reports the others."""
    data = load_yaml(file, shown, diag, root)
    if data is None:
        return []
    if not isinstance(data, list):
        diag.error(Loc(shown, line_of(data, 1)), "ruling-id", "expected a list of {id, title, starts} entries")
        return []
    item_lines = data.lines  # plain items have no line of their own
    good = []
    for entry, fallback in zip(data, item_lines):
        loc = Loc(shown, line_of(entry, fallback))
        if not isinstance(entry, dict):
            diag.error(loc, "ruling-id", "each entry must be a mapping {id, title, starts}")
            continue
        missing = [k for k in ENTRY_KEYS if entry.get(k) is None or not str(entry[k]).strip()]
        unknown = sorted(set(map(str, entry)) - set(ENTRY_KEYS))
        problems = [f"missing or empty {', '.join(missing)}"] if missing else []
        problems += [f"unknown field(s) {', '.join(unknown)}"] if unknown else []
        # YAML reads a bare `Yes`, `No` or number as a non-string: ask for quotes.
        problems += [
            f"{k} must be quoted text, not {entry[k]!r}" for k in ENTRY_KEYS if k not in missing and not isinstance(entry[k], str)
        ]
        if not problems and not _KEBAB.fullmatch(entry["id"]):
            problems.append(f"id {entry['id'][:60]!r} is not kebab-case (a-z, 0-9, single hyphens)")
        elif not problems and (problem := name_problem(entry["id"], "id")):
            problems.append(problem)
        for problem in problems:
            diag.error(loc, "ruling-id", problem)
        if not problems:
            good.append((entry, loc.line))
    return good


def _slug_of(text: str) -> str:
    return slugify(text, 50, "ruling")


def _unique(slug: str, taken: dict) -> str:
    n, candidate = 2, slug
    while candidate in taken:
        candidate, n = f"{slug}-{n}", n + 1
    return candidate


def _short(text: str, limit: int = 60, more: str = "…") -> str:
    """The first sentence, cut at a word boundary to at most `limit` characters."""
    sentence = re.split(r"(?<=[.!?]) ", text, maxsplit=1)[0]
    if len(sentence) <= limit:
        return sentence
    return sentence[: limit - len(more)].rsplit(" ", 1)[0].rstrip(",;:") + more
