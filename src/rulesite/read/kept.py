"""What reading a source made, kept between builds in the build's own folder,
so that a rebuild after one ruling or one rule is changed reads that source
alone (reading the full corpora's 23 sources takes about a processor second).

An entry holds what the importer made and the problems it found (reported
again each build, as when they were first found). It is named by a digest of
everything its reading depends on: the text read (the very text then parsed,
so a file changed during the build is never filed under its old text), the
source as the manifest describes it (path, format, edition, the folder it
must lie in...), the package's code and the Python and PyYAML that run it.
Anything of those changed, another entry is looked for, and one not found is
read. Any other file or folder the importer looked at (a rulings file's ids,
`<name>.ids.yml`; a folder source's files) is listed in the entry with what
was found there (the digest of the bytes, the problem, whether it was there,
the files listed): an entry whose files are no longer so is read again.
Every such look goes through `files.read_text`, `present`, `is_folder` or
`folder_files`, which note what they found while `files.recording`.

A build files what it read once it has succeeded (a failed build writes
nothing), and removes the entries it did not look for. A source whose file
cannot be read is read, and its problem reported, each time. Entries are
pickles, as the output check's findings are: the build's folder is the
maintainer's own, and no source names what is loaded (an entry's name is a
digest).
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
from functools import cache
from pathlib import Path

import yaml

from ..common.model import Source
from .files import still_so

# The package whose code reads the sources: all of it, as the importers use the model and its helpers.
PACKAGE = Path(__file__).resolve().parents[1]
SUFFIX = ".pickle"


@cache
def code_digest() -> str:
    """A digest of the package's Python files and of the Python and PyYAML that run them."""
    digest = hashlib.sha256(f"{sys.version}\n{yaml.__version__}\n".encode())
    for path in sorted(PACKAGE.rglob("*.py")):
        digest.update(path.relative_to(PACKAGE).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def entry_key(source: Source, text: str) -> str:
    """The name of what reading `source`, whose file holds `text`, makes."""
    digest = hashlib.sha256(code_digest().encode() + b"\0" + repr(source).encode() + b"\0")
    digest.update(text.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()[:40]


class Kept:
    """The entries in `folder`. What a build reads is filed by `save`, once the
    build has succeeded: a failed build writes nothing. `reuse`: False reads
    every source again (a clean build), and still files what it read."""

    def __init__(self, folder: Path, reuse: bool = True) -> None:
        self.folder = folder
        self.reuse = reuse
        self._named: set[str] = set()  # every entry this build looked for
        self._new: dict[str, bytes] = {}  # what it read, to file
        # Source id -> the name of its entry, for a source read from one file:
        # equal names, equal reads (a folder source's name does not say its files').
        self.entries: dict[str, str] = {}

    def load(self, key: str) -> bytes | None:
        """The pickled (what was read, problems found, other files looked at)
        filed under `key`, or None."""
        self._named.add(key)
        if not self.reuse:
            return None
        try:
            with open(self.folder / (key + SUFFIX), "rb") as file:
                return file.read()
        except OSError:
            return None

    def named(self, key: str) -> None:
        """`key` is looked for, and its entry found elsewhere (`Shared`): it stays filed."""
        self._named.add(key)

    def keep(self, key: str, data: bytes) -> None:
        """`data` is to be filed under `key` when the build has succeeded."""
        self._named.add(key)
        self._new[key] = data

    def save(self) -> None:
        """Files what was read (each entry whole or not at all: a new file
        renamed into place) and removes every entry this build did not look for."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            for key, data in self._new.items():
                handle, name = tempfile.mkstemp(dir=self.folder, prefix=".new-")
                with os.fdopen(handle, "wb") as file:
                    file.write(data)
                os.replace(name, self.folder / (key + SUFFIX))
            names = os.listdir(self.folder)
        except OSError:
            return  # what is not kept is read again by the next build
        self._new = {}
        for name in names:
            if name.startswith(".new-") or (name.endswith(SUFFIX) and name[: -len(SUFFIX)] not in self._named):
                try:
                    os.unlink(self.folder / name)
                except OSError:
                    pass


class Shared:
    """What read made of each document's sources, kept in memory for the next
    build in the same process (`rulesite serve`) and handed out again as the
    very same objects, neither unpickled nor merged again: so that the later
    stages can tell an unchanged document by its objects (`resolve.merge`).

    A document (game, document, language) is shared while its sources are read
    from the same entries, in the same order, and every other file they looked
    at is still so; and only when merge kept what it made of them (`merged`):
    merge changes the sections it is given, so sections it would merge again
    must be unpickled afresh. `merged` is merge's: (game, document, language)
    -> (what each source read, its editions, its current view's sections)."""

    def __init__(self) -> None:
        # (game, document, language) -> (its sources' entry names, each one's (read, problems, looks))
        self.documents: dict[tuple, tuple[tuple[str, ...], list[tuple]]] = {}
        self.read: dict[tuple, tuple[tuple[str, ...], list[tuple]]] = {}  # this build's, the same
        self.merged: dict[tuple, tuple] = {}

    def found(self, document: tuple, keys: tuple[str, ...]) -> list[tuple] | None:
        """The (read, problems, looks) of each of `document`'s sources, when they
        are read from `keys` and merge kept what it made of them; else None."""
        kept = self.documents.get(document)
        if kept is None or kept[0] != keys or document not in self.merged:
            return None
        if not all(still_so(look) for _, _, looks in kept[1] for look in looks):
            return None
        return kept[1]

    def keep_read(self) -> None:
        """After merge, which replaced `merged`: this build's reads of the documents it kept."""
        self.documents = {document: found for document, found in self.read.items() if document in self.merged}
        self.read = {}


def unpickled(data: bytes) -> tuple | None:
    """(what was read, problems found, the other files read) from an entry's
    bytes; None when they are no such thing, or when one of those files is no
    longer what it was (a rulings file's ids changed): the source is read again."""
    try:
        found = pickle.loads(data)
    except Exception:  # a damaged entry
        return None
    if not (isinstance(found, tuple) and len(found) == 3 and isinstance(found[2], list)):
        return None
    if not all(still_so(look) for look in found[2]):
        return None
    return found
