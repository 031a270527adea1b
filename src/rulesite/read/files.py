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

While `recording`, every look at a source's files (`read_text`, `present`,
`is_folder`, `folder_files`: an importer looks no other way) is noted with
what it found, so that what reading made can be kept until one of them
changes (`kept.py`).
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ..common.diagnostics import Diagnostics
from ..common.model import Loc

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


# While `recording`: each look at a file (`read_text`, `present`, `is_folder`,
# `folder_files`) and what it found.
_seen: list | None = None


@contextmanager
def recording() -> Iterator[list[tuple[str, tuple, str]]]:
    """Every look at a file or folder inside the block, as (how, its arguments,
    what it found), in the list yielded: `still_so` tells whether the same
    look would find the same now."""
    global _seen
    outer, _seen = _seen, []
    try:
        yield _seen
    finally:
        _seen = outer


def still_so(look: tuple[str, tuple, str]) -> bool:
    """Whether the same look as `look` (from `recording`) finds now what it
    found then: the same bytes, or the same problem; there, or not; the same files."""
    how, args, found = look
    return how in _LOOKS and _LOOKS[how](*args) == found


def _note(how: str, args: tuple, found: str) -> None:
    if _seen is not None:
        _seen.append((how, args, found))


def present(path: Path) -> bool:
    """Whether there is a file (or a link) at `path`: with `is_folder`,
    `read_text` and `folder_files`, the only looks at a source's files."""
    found = _present(str(path))
    _note("present", (str(path),), found)
    return found == "yes"


def _present(path: str) -> str:
    return "yes" if os.path.lexists(path) else "no"


def is_folder(path: Path) -> bool:
    """Whether `path` is a folder (or a link to one)."""
    found = _is_folder(str(path))
    _note("folder", (str(path),), found)
    return found == "yes"


def _is_folder(path: str) -> str:
    return "yes" if os.path.isdir(path) else "no"


def _look(path: Path, root: Path | str | None, limit: int, state: bool) -> tuple[bytes | None, str, tuple[str, str] | None]:
    """(the file's bytes, what it was when `state` is asked for, the problem
    that keeps it from being read)."""
    if problem := file_problem(path, root, limit):
        return None, "problem " + " ".join(problem), problem
    try:
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        problem = ("unreadable", f"cannot read it: {exc.strerror or exc}")
        return None, "problem " + " ".join(problem), problem
    return data, "sha256 " + hashlib.sha256(data).hexdigest() if state else "", None


def read_text(
    path: Path, shown: str, diag: Diagnostics, root: Path | str | None = None, loc: Loc | None = None, limit: int = MAX_FILE_BYTES
) -> str | None:
    """The file's text, or None after reporting why it cannot be read. Problems
    with the file as a whole are reported at `loc` (the manifest line naming
    it), else at line 1 of the file."""
    where = loc or Loc(shown, 1)
    data, state, problem = _look(path, root, limit, _seen is not None)
    _note("read", (str(path), str(root or ""), limit), state)
    if problem:
        code, message = problem
        diag.error(where, code, f"{shown}: {message}")
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
    found, problems = _folder_files(folder, shown, root)
    diag.items += problems
    if _seen is not None:  # the listing's digest only when it is noted
        _note("listing", (str(folder), shown, str(root or "")), _listing(str(folder), shown, str(root or ""), (found, problems)))
    return found


def _listing(folder: str, shown: str, root: str, made: tuple | None = None) -> str:
    """What `folder_files` finds in `folder`, as a digest: the files and the problems."""
    found, problems = made or _folder_files(Path(folder), shown, root or None)
    listed = [str(path) for path in found] if found is not None else None
    return hashlib.sha256(repr((listed, [str(d) for d in problems])).encode()).hexdigest()


def _read_look(path: str, root: str, limit: int) -> str:
    return _look(Path(path), root or None, limit, True)[1]


_LOOKS = {"read": _read_look, "present": _present, "folder": _is_folder, "listing": _listing}


def _folder_files(folder: Path, shown: str, root: Path | str | None) -> tuple[list[Path] | None, list]:
    diag = Diagnostics()
    return _walk(folder, shown, diag, root), diag.items


def _walk(folder: Path, shown: str, diag: Diagnostics, root: Path | str | None) -> list[Path] | None:
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
