"""Which files of the served site a build changed, by their digests.

A build that reuses a language, or rebuilds only some of its files, makes the
others hard links to the published generation's files, and nobody writes into
a published generation: a file whose inode is the one it had after the last
build is that same file, unchanged. (No other file can have that inode: the
last build's generation keeps every one of its inodes until the next
generation, written beside it, is published.) Only the other files are
digested.

Nor is each folder listed again: a folder whose inode and change time
(`st_ctime_ns`, which the system sets at every entry added, removed or
renamed in it, and which nobody can set) are those it had when last listed
holds the same entries. A build takes the generation before the last one
(`output.Spare`), so a folder's listing is kept for two builds. Of the full
corpora's 32,848 files in 128 folders, a build that changed a few pages lists
a few folders (0.03 s when every folder was listed, and 0.1 s beside the
build's own threads)."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

# A folder's entries: its files' inodes by name, and its folders' names.
Listing = tuple[dict[str, int], tuple[str, ...]]


def _listing(folder: str) -> tuple[Listing, bool]:
    """The folder's entries, and whether they may be kept (no symbolic link: its target may change)."""
    files: dict[str, int] = {}
    folders: list[str] = []
    linked = False
    with os.scandir(folder) as entries:
        for entry in entries:
            linked = linked or entry.is_symlink()
            if entry.is_dir():
                if not entry.is_symlink():  # as os.walk: a link to a folder is not followed
                    folders.append(entry.name)
                continue
            files[entry.name] = os.stat(entry.path).st_ino if entry.is_symlink() else entry.inode()
    return (files, tuple(folders)), not linked


def _digest(path: str) -> str:
    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


class BuiltFiles:
    def __init__(self) -> None:
        # Each folder (relative, with "/"): its files' inodes and digests by name, after the last call.
        self.known: dict[str, tuple[dict[str, int], dict[str, str]]] = {}
        # Listings by the folder's (device, inode, change time), of the last call and the one before.
        self.listed: dict[tuple[int, int, int], Listing] = {}
        self.older: dict[tuple[int, int, int], Listing] = {}

    def update(self, site: Path) -> set[str]:
        """The paths (relative to `site`, with "/") added, removed or changed since the last call."""
        now: dict[str, tuple[dict[str, int], dict[str, str]]] = {}
        listed: dict[tuple[int, int, int], Listing] = {}
        changed: set[str] = set()
        folders = [(os.fspath(site), "")]
        while folders:
            folder, prefix = folders.pop()
            info = os.stat(folder)
            key = (info.st_dev, info.st_ino, info.st_ctime_ns)
            listing = self.listed.get(key) or self.older.get(key)
            kept = True
            if listing is None:
                listing, kept = _listing(folder)
            if kept:
                listed[key] = listing
            files, subfolders = listing
            folders += [(os.path.join(folder, name), prefix + name + "/") for name in subfolders]
            inodes, digests = before = self.known.get(prefix, ({}, {}))
            if inodes == files:
                now[prefix] = before  # the same files
                continue
            mine: dict[str, str] = {}
            for name, inode in files.items():
                if inodes.get(name) == inode:
                    mine[name] = digests[name]
                    continue
                mine[name] = _digest(os.path.join(folder, name))
                if digests.get(name) != mine[name]:
                    changed.add(prefix + name)
            changed.update(prefix + name for name in inodes.keys() - files.keys())
            now[prefix] = (files, mine)
        for prefix in self.known.keys() - now.keys():  # folders gone
            changed.update(prefix + name for name in self.known[prefix][0])
        self.known = now
        self.older, self.listed = self.listed, listed
        return changed
