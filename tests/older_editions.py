"""Older editions of real documents, made at test time from the editions in
the corpora, so that chains of two or three editions of Magic's Comprehensive
Rules and of Riftbound's Tournament Rules can be built without keeping any of
their text in the repository.

Each older edition is the newer one with changes a real edition makes, undone:
a rule that did not exist yet is taken out (in Magic with its glossary entry)
and its later siblings are numbered one lower, references to them too; a rule
the newer edition dropped is put back; a few rules are worded otherwise.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from pathlib import Path

CORPUS_FILE = "mtg-cr-en-2025-02-07.txt"
CORPUS_DATE = "2025-02-07"

_PARAGRAPHS = "\r\n\r\n"  # as Wizards publishes the file: CRLF, one blank line between paragraphs


@dataclass(frozen=True)
class Older:
    """How to make an edition from the one after it."""

    date: str  # its effective date, ISO
    printed_date: str  # as the file prints it: "November 8, 2024"
    taken_out: str  # a section (701.59) the newer edition added
    put_back: tuple[str, str]  # (number, text) of a rule the newer edition dropped, put after its section's last
    reworded: tuple[str, ...]  # rules the newer edition worded otherwise: here they end in one more sentence


# Newest first: each is made from the one before it (the first from the corpora's edition).
OLDER = (
    Older(
        "2024-11-08",
        "November 8, 2024",
        "702.21",
        ("100.8", "Written for the tests: a rule dropped later."),
        ("101.2", "104.3a", "302.6"),
    ),
    Older(
        "2024-08-02",
        "August 2, 2024",
        "701.57",
        ("103.9", "Written for the tests: another rule dropped later."),
        ("120.3", "305.2"),
    ),
)


def older_text(text: str, older: Older) -> str:
    """The edition before `text` (a whole Comprehensive Rules file, as published)."""
    text = re.sub(
        r"These rules are effective as of [^.\r\n]*\.", f"These rules are effective as of {older.printed_date}.", text, count=1
    )
    paragraphs = _take_out(text.split(_PARAGRAPHS), older.taken_out)
    paragraphs = _put_back(paragraphs, *older.put_back)
    return _PARAGRAPHS.join(_reworded(p, older.reworded) for p in paragraphs)


def _number_of(paragraph: str) -> str | None:
    match = re.match(r"([0-9]{3}\.[0-9]+)(?:[a-z]|\.| )", paragraph)
    return match[1] if match else None


def _take_out(paragraphs: list[str], number: str) -> list[str]:
    glossary = max(i for i, p in enumerate(paragraphs) if p.strip() == "Glossary")
    out, dropping = [], False
    for i, paragraph in enumerate(paragraphs):
        if (found := _number_of(paragraph)) is not None:
            dropping = found == number
        elif i > glossary and re.search(rf"\brules? {re.escape(number)}\b", paragraph):
            continue  # its glossary entry (a term, then its definition)
        if not dropping:  # a dropped rule's examples follow it
            out.append(paragraph)
    return [_one_lower_after(p, number) for p in out]


def _one_lower_after(text: str, number: str) -> str:
    """`text` with the siblings after `number` (701.59 -> 701.60, 701.61, ...) numbered one lower."""
    head, _, position = number.rpartition(".")
    later = re.compile(rf"\b{re.escape(head)}\.([0-9]+)(?![0-9])")

    def lower(match: re.Match) -> str:
        n = int(match[1])
        return f"{head}.{n - 1}" if n > int(position) else match[0]

    return later.sub(lower, text)


def _put_back(paragraphs: list[str], number: str, text: str) -> list[str]:
    section = number.rpartition(".")[0]
    last = max(i for i, p in enumerate(paragraphs) if (n := _number_of(p)) and n.startswith(f"{section}."))
    while last + 1 < len(paragraphs) and paragraphs[last + 1].startswith("Example"):
        last += 1
    return [*paragraphs[: last + 1], f"{number}. {text}", *paragraphs[last + 1 :]]


def _reworded(paragraph: str, numbers: tuple[str, ...]) -> str:
    match = re.match(r"([0-9]{3}\.[0-9]+[a-z]?)[. ]", paragraph)
    if match and match[1] in numbers:
        return paragraph + " Written for the tests."
    return paragraph


def write_magic_chain(root, corpora, editions: int) -> None:
    """root/rules_src: the corpora's Magic edition and the `editions - 1` older
    ones before it, beside a manifest (appended to the one there, if any)."""
    sources = root / "rules_src" / "magic"
    sources.mkdir(parents=True)
    text = (corpora / CORPUS_FILE).read_bytes().decode("utf-8")
    made = [(CORPUS_DATE, text)]
    for older in OLDER[: editions - 1]:
        text = older_text(text, older)
        made.append((older.date, text))
    entries = []
    for date, text in made:
        name = f"magic/cr-{date}.txt"
        (root / "rules_src" / name).write_bytes(text.encode("utf-8"))
        entries.append(
            f"  - id: mtg-cr-{date}\n    path: {name}\n    game: magic\n    document: comprehensive-rules\n"
            f"    language: en\n    edition: {date}\n    format: mtg-rules\n    title: Magic Comprehensive Rules\n"
        )
    _add_to_manifest(root, entries)
    # The slips Wizards' text prints (its glossary's Map cites a rule 110.10 no
    # edition has), listed by hand for every edition of the document, come with
    # the sources as a maintainer keeps them: the project's own list.
    misprints = root / "rules_src" / "misprints.yml"
    if not misprints.exists():
        shutil.copy(Path(__file__).parent.parent / "rules_src" / "misprints.yml", misprints)


TOURNAMENT_FILE = "rb-tr-en-2026-03-30.txt"
TOURNAMENT_NEWER = ("rb-tr-en-2026-04-29.txt", "2026-04-29")
TOURNAMENT_DATE = "2026-03-30"
OLDER_TOURNAMENT_DATE = "2026-02-16"
# The edition before 2026-03-30: no 103.2 (Spectators), so 103.3 was 103.2; 104.2 titled otherwise.
_TR_TAKEN_OUT = "103.2"
_TR_RULE = re.compile(r"^(?P<number>[0-9]{3}(?:\.[0-9]+)*)\. ")


def older_tournament_text(text: str) -> str:
    """The Tournament Rules edition before `text` (the corpora's 2026-03-30, hard-wrapped)."""
    text = text.replace(f"Last Updated: {TOURNAMENT_DATE}", f"Last Updated: {OLDER_TOURNAMENT_DATE}", 1)
    out, dropping = [], False
    for line in text.split("\n"):
        if match := _TR_RULE.match(line):
            number = match["number"]
            dropping = number == _TR_TAKEN_OUT or number.startswith(_TR_TAKEN_OUT + ".")
            if number == "104.2":
                line = line.replace("vs. Official Local", "vs. Local")
        if not dropping:
            out.append(line)
    return _one_lower_after("\n".join(out), _TR_TAKEN_OUT)


def write_tournament_chain(root, corpora) -> None:
    """root/rules_src: the corpora's two Tournament Rules editions and one older, beside a manifest
    (appended to the one there, if any)."""
    sources = root / "rules_src" / "riftbound"
    sources.mkdir(parents=True, exist_ok=True)
    text = (corpora / TOURNAMENT_FILE).read_bytes().decode("utf-8")
    made = [(OLDER_TOURNAMENT_DATE, older_tournament_text(text)), (TOURNAMENT_DATE, text)]
    made.append((TOURNAMENT_NEWER[1], (corpora / TOURNAMENT_NEWER[0]).read_bytes().decode("utf-8")))
    entries = []
    for date, text in made:
        name = f"riftbound/tr-{date}.txt"
        (root / "rules_src" / name).write_bytes(text.encode("utf-8"))
        entries.append(
            f"  - id: rb-tr-{date}\n    path: {name}\n    game: riftbound\n    document: tournament-rules\n"
            f"    language: en\n    edition: {date}\n    format: rules-document\n    title: Riftbound Tournament Rules\n"
        )
    _add_to_manifest(root, entries)


def _add_to_manifest(root, entries: list[str]) -> None:
    manifest = root / "rules_src" / "manifest.yml"
    before = manifest.read_text(encoding="utf-8") if manifest.exists() else "sources:\n"
    manifest.write_text(before + "\n".join(entries), encoding="utf-8")
