"""Reads `manifest.yml`: which source files exist and what each one is."""
from __future__ import annotations

import os
import re
from pathlib import Path

from ..diagnostics import Diagnostics
from ..model import Loc, Source
from .yamlfile import line_of, load_yaml

GAMES = {"riftbound", "magic"}
LANGUAGES = {"en", "es", "fr"}
REQUIRED = ("id", "path", "game", "document", "language", "edition", "format")
OPTIONAL = ("partial", "title", "origin", "licence", "version")
_EDITION = re.compile(r"\d{4}-\d{2}-\d{2}|undated")


def shown_path(path: Path) -> str:
    """A path as messages print it: relative to the working folder, so that no
    machine's folders appear in messages or pages."""
    try:
        return os.path.relpath(path)
    except ValueError:  # another drive
        return str(path)


def read_manifest(manifest: Path, formats: set[str], diag: Diagnostics, root: Path | None = None) -> list[Source]:
    """The sources `manifest` lists; their paths are relative to `root` (default:
    the manifest's folder), so a manifest can describe files kept elsewhere."""
    where = shown_path(manifest)
    root = root or manifest.parent
    data = load_yaml(manifest, where, diag)
    if data is None:
        return []
    entries = data.get("sources") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        diag.error(Loc(where, line_of(data, 1)), "manifest", "expected a list under 'sources:'")
        return []
    sources: list[Source] = []
    seen: set[str] = set()
    for entry in entries:
        line = line_of(entry)
        loc = Loc(where, line)
        if not isinstance(entry, dict):
            diag.error(loc, "manifest", "each source must be a mapping of fields")
            continue
        missing = [f for f in REQUIRED if not entry.get(f)]
        unknown = sorted(set(entry) - set(REQUIRED) - set(OPTIONAL))
        if missing:
            diag.error(loc, "manifest", f"source is missing {', '.join(missing)}")
        if unknown:
            diag.error(loc, "manifest", f"unknown field(s) {', '.join(unknown)}")
        if missing or unknown:
            continue
        values = {f: str(entry[f]) for f in REQUIRED}
        problems = []
        if values["id"] in seen:
            problems.append(f"duplicate source id {values['id']!r}")
        if values["game"] not in GAMES:
            problems.append(f"game must be one of {sorted(GAMES)}, not {values['game']!r}")
        if values["language"] not in LANGUAGES:
            problems.append(f"language must be one of {sorted(LANGUAGES)}, not {values['language']!r}")
        if not _EDITION.fullmatch(values["edition"]):
            problems.append(f"edition must be YYYY-MM-DD or 'undated', not {values['edition']!r}")
        if values["format"] not in formats:
            problems.append(f"unknown format {values['format']!r} (known: {', '.join(sorted(formats))})")
        if not isinstance(entry.get("partial", False), bool):  # bool("false") would be True
            problems.append(f"partial must be true or false, not {entry['partial']!r}")
        file = root / values["path"]
        if not file.exists():
            problems.append(f"no such file {shown_path(file)}")
        for problem in problems:
            diag.error(loc, "manifest", problem)
        if problems:
            continue
        seen.add(values["id"])
        sources.append(
            Source(
                **values,
                partial=bool(entry.get("partial", False)),
                title=str(entry.get("title", "")),
                origin=str(entry.get("origin", "")),
                licence=str(entry.get("licence", "")),
                version=str(entry.get("version", "")),
                loc=loc,
                file=str(file),
                root=str(root),
            )
        )
        sources[-1].path = shown_path(file)
    return sources
