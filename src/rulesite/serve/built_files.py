"""Which files of the served site a build changed, by their digests.

A build that reuses a language, or rebuilds only some of its files, makes the
others hard links to the published generation's files, and nobody writes into
a published generation: a file whose inode is the one it had after the last
build is that same file, unchanged. (No other file can have that inode: the
last build's generation keeps every one of its inodes until the next
generation, written beside it, is published.) So the site is walked with the
inodes its folders list, without a `stat` of each file (32,848 files: 0.03 s,
against 0.35 s with a `stat` each), and only the other files are digested."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path


class BuiltFiles:
    def __init__(self) -> None:
        self.known: dict[str, tuple[int, str]] = {}  # path -> (inode, digest)

    def update(self, site: Path) -> set[str]:
        """The paths (relative to `site`, with "/") added, removed or changed since the last call."""
        now: dict[str, tuple[int, str]] = {}
        changed: set[str] = set()
        folders = [(os.fspath(site), "")]
        while folders:
            folder, prefix = folders.pop()
            with os.scandir(folder) as entries:
                for entry in entries:
                    rel = prefix + entry.name
                    if entry.is_dir():
                        if not entry.is_symlink():  # as os.walk: a link to a folder is not followed
                            folders.append((entry.path, rel + "/"))
                        continue
                    inode = os.stat(entry.path).st_ino if entry.is_symlink() else entry.inode()
                    before = self.known.get(rel)
                    if before is not None and before[0] == inode:
                        now[rel] = before
                        continue
                    with open(entry.path, "rb") as handle:
                        now[rel] = (inode, hashlib.file_digest(handle, "sha256").hexdigest())
                    if before is None or before[1] != now[rel][1]:
                        changed.add(rel)
        changed.update(self.known.keys() - now.keys())
        self.known = now
        return changed
