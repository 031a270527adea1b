"""Reading a source file: inside its folder, a regular file, of bounded size.

Every file the build reads from the sources goes through `read_text`:

- the path is resolved, symlinks included, and must lie inside `root` (the
  folder of the manifest that names it, or the folder given with `--also` or
  `--corpora`): `error[outside-sources]`;
- it must be a regular file (not a folder, a device such as `/dev/zero`, or a
  pipe): `error[unreadable]`;
- it holds at most `MAX_FILE_BYTES` (20 MB; YAML files `MAX_YAML_BYTES`, 2 MB):
  `error[too-large]`;
- it is UTF-8 (a byte-order mark is dropped); a bad byte is reported at its line.

Lines are counted at "\\n" only (`split_lines`), so a form feed, U+0085 or
U+2028 inside a line never shifts the line numbers of what follows.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from ..diagnostics import Diagnostics
from ..model import Loc

MAX_FILE_BYTES = 20 * 1024 * 1024
MAX_YAML_BYTES = 2 * 1024 * 1024
# A folder source (rulings-mdx) holds at most this many files, this deep.
MAX_FOLDER_FILES = 5000
MAX_FOLDER_DEPTH = 8


def outside(path: Path, root: Path | str | None) -> str | None:
    """Why `path` may not be read from `root`, or None when it lies inside it."""
    if root is None or root == "":
        return None
    try:
        resolved = Path(path).resolve()
        base = Path(root).resolve()
    except (OSError, RuntimeError) as exc:  # a symlink loop
        return f"cannot resolve {path}: {exc}"
    if resolved != base and base not in resolved.parents:
        return "it lies outside the sources folder (symlinks are followed)"
    return None


def file_problem(path: Path, root: Path | str | None, limit: int = MAX_FILE_BYTES) -> tuple[str, str] | None:
    """(code, message) when `path` cannot be read as a source file, else None."""
    if problem := outside(path, root):
        return "outside-sources", problem
    try:
        info = os.stat(path)
    except OSError as exc:
        return "unreadable", f"cannot read it: {exc.strerror or exc}"
    if not stat.S_ISREG(info.st_mode):
        kind = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file"
        return "unreadable", f"it is {kind}"
    if info.st_size > limit:
        return "too-large", f"it holds {info.st_size:,} bytes, more than the limit of {limit:,}"
    return None


def read_text(
    path: Path, shown: str, diag: Diagnostics, root: Path | str | None = None, loc: Loc | None = None, limit: int = MAX_FILE_BYTES
) -> str | None:
    """The file's text, or None after reporting why it cannot be read. Problems
    with the file as a whole are reported at `loc` (the manifest line naming
    it), else at line 1 of the file."""
    where = loc or Loc(shown, 1)
    if problem := file_problem(path, root, limit):
        code, message = problem
        diag.error(where, code, f"{shown}: {message}")
        return None
    try:
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        diag.error(where, "unreadable", f"{shown}: cannot read it: {exc.strerror or exc}")
        return None
    if len(data) > limit:  # it grew since, or stat lied
        diag.error(where, "too-large", f"{shown}: more than the limit of {limit:,} bytes")
        return None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        diag.error(Loc(shown, line), "unreadable", f"not UTF-8 text: byte {data[exc.start]:#04x} at offset {exc.start}")
        return None


def split_lines(text: str) -> list[str]:
    """The lines of a text, split at "\\n" only (a "\\r" before it is dropped), so
    that line i of the list is line i + 1 of the file in every editor and in
    every message. Unlike `str.splitlines`, U+2028, U+0085, form feeds and lone
    carriage returns stay inside their line."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


def folder_files(folder: Path, shown: str, diag: Diagnostics, root: Path | str | None) -> list[Path] | None:
    """Every file under `folder`, in path order, without following symlinked
    folders; at most `MAX_FOLDER_FILES` files, `MAX_FOLDER_DEPTH` folders deep."""
    base = len(folder.parts)
    found: list[Path] = []
    for current, dirs, files in os.walk(folder, followlinks=False):
        here = Path(current)
        if len(here.parts) - base >= MAX_FOLDER_DEPTH and dirs:
            diag.error(Loc(shown, 1), "too-deep", f"{shown}: folders nest more than {MAX_FOLDER_DEPTH} deep")
            return None
        dirs.sort()
        for name in dirs:
            if (here / name).is_symlink():
                rel = (here / name).relative_to(folder).as_posix()
                diag.error(
                    Loc(f"{shown.rstrip('/')}/{rel}", 1),
                    "outside-sources",
                    "a symlinked folder inside a source folder is not followed",
                )
        dirs[:] = [d for d in dirs if not (here / d).is_symlink()]
        found += [here / name for name in files]
        if len(found) > MAX_FOLDER_FILES:
            diag.error(Loc(shown, 1), "too-large", f"{shown}: more than {MAX_FOLDER_FILES} files")
            return None
    return sorted(found)
