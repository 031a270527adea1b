"""Reads `manifest.yml`: which source files exist and what each one is."""

from __future__ import annotations

import os
from pathlib import Path

from ..common.diagnostics import Diagnostics
from ..common.model import Loc, Source
from ..common.names import describe, edition_problem, name_problem, path_problem
from .files import file_problem, outside
from .yamlfile import line_of, load_yaml

GAMES = {"riftbound", "magic"}
LANGUAGES = {"en", "es", "fr"}
REQUIRED = ("id", "path", "game", "document", "language", "edition", "format")
OPTIONAL = ("partial", "title", "origin", "licence", "version", "follows")


def shown_path(path: Path) -> str:
    """A path as messages print it: relative to the working folder, so that no
    machine's folders appear in messages or pages."""
    try:
        return os.path.relpath(path)
    except ValueError:  # another drive
        return str(path)


def read_manifest(
    manifest: Path, formats: set[str], diag: Diagnostics, root: Path | None = None, folder_formats: set[str] = frozenset()
) -> list[Source]:
    """The sources `manifest` lists; their paths are relative to `root` (default:
    the manifest's folder), so a manifest can describe files kept elsewhere.
    Every file a source names must lie inside `root`; `folder_formats` read a
    folder instead of a file."""
    where = shown_path(manifest)
    root = root or manifest.parent
    before = len(diag.errors)
    data = load_yaml(manifest, where, diag)
    if data is None:
        if len(diag.errors) == before:
            diag.error(Loc(where, 1), "manifest", "the manifest is empty: it must list the sources under 'sources:'")
        return []
    entries = data.get("sources") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        diag.error(Loc(where, line_of(data, 1)), "manifest", "expected a list under 'sources:'")
        return []
    if not entries:
        diag.error(Loc(where, line_of(entries, line_of(data, 1))), "manifest", "'sources:' lists no sources: nothing to build")
        return []
    sources: list[Source] = []
    seen: set[str] = set()
    for index, entry in enumerate(entries):
        line = line_of(entry, entries.lines[index] if hasattr(entries, "lines") else 1)
        loc = Loc(where, line)
        if not isinstance(entry, dict):
            diag.error(loc, "manifest", "each source must be a mapping of fields")
            continue
        missing = [f for f in REQUIRED if f not in entry or entry[f] in (None, "")]
        unknown = sorted(set(entry) - set(REQUIRED) - set(OPTIONAL))
        if missing:
            diag.error(loc, "manifest", f"source is missing {', '.join(missing)}")
        if unknown:
            diag.error(loc, "manifest", f"unknown field(s) {', '.join(unknown)}")
        if missing or unknown:
            continue
        # A list where an id belongs must not become the text "['rb', 424]".
        wrong = [
            f"{f} must be text, not {describe(entry[f])}"
            for f in (*REQUIRED, *OPTIONAL)
            if f in entry and f != "partial" and not isinstance(entry[f], str)
        ]
        if not isinstance(entry.get("partial", False), bool):  # bool("false") would be True
            wrong.append(f"partial must be true or false, not {entry['partial']!r}"[:120])
        for problem in wrong:
            diag.error(loc, "manifest", problem)
        if wrong:
            continue
        values = {f: entry[f] for f in REQUIRED}
        problems = _problems(values, entry, seen, formats)  # (code, message)
        file = root / values["path"]
        if problem := path_problem(values["path"]):
            problems.append(("name", problem))
        elif problem := _file_problem(file, root, values["format"] in folder_formats):
            problems.append((problem[0], f"path {values['path']!r}: {problem[1]}"))
        for code, message in problems:
            diag.error(loc, code, message)
        if problems:
            continue
        seen.add(values["id"])
        sources.append(
            Source(
                **values,
                partial=bool(entry.get("partial", False)),
                title=entry.get("title", ""),
                origin=entry.get("origin", ""),
                licence=entry.get("licence", ""),
                version=entry.get("version", ""),
                follows=entry.get("follows", ""),
                loc=loc,
                file=str(file),
                root=str(root),
            )
        )
        sources[-1].path = shown_path(file)
    return sources


def _problems(values: dict, entry: dict, seen: set[str], formats: set[str]) -> list[tuple[str, str]]:
    """What is wrong with one entry's values, as (code, message) pairs."""
    problems = [
        ("name", p)
        for p in (
            name_problem(values["id"], "id"),
            name_problem(values["document"], "document"),
            entry.get("version") and name_problem(entry["version"], "version"),
        )
        if p
    ]
    if values["id"] in seen:
        problems.append(("manifest", f"duplicate source id {values['id']!r}"))
    if values["game"] not in GAMES:
        problems.append(("manifest", f"game must be one of {sorted(GAMES)}, not {values['game'][:60]!r}"))
    if values["language"] not in LANGUAGES:
        problems.append(("manifest", f"language must be one of {sorted(LANGUAGES)}, not {values['language'][:60]!r}"))
    if problem := edition_problem(values["edition"]):
        problems.append(("manifest", problem))
    if "follows" in entry:
        if values["language"] == "en":
            problems.append(("manifest", "follows names the English edition a translation follows: an English source has none"))
        elif problem := edition_problem(entry["follows"], "follows"):
            problems.append(("manifest", problem))
    if values["format"] not in formats:
        problems.append(("manifest", f"unknown format {values['format'][:60]!r} (known: {', '.join(sorted(formats))})"))
    return problems


def _file_problem(file: Path, root: Path, folder: bool) -> tuple[str, str] | None:
    if folder:
        if problem := outside(file, root):
            return "outside-sources", problem
        if not file.is_dir():
            return "unreadable", f"no such folder {shown_path(file)}" if not file.exists() else "it is not a folder"
        return None
    if not file.exists() and not file.is_symlink():
        return "manifest", f"no such file {shown_path(file)}"
    return file_problem(file, root)
