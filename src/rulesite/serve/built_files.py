"""Which files of the served site a build changed, by their digests.

A build that reuses a language, or rebuilds only some of its files, makes the
others hard links to the published generation's files (nobody writes into a
published generation), so a file whose inode, size and time are as before is
the same file; only the others are digested."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path


class BuiltFiles:
    def __init__(self) -> None:
        self.known: dict[str, tuple[tuple[int, int, int], str]] = {}

    def update(self, site: Path) -> set[str]:
        """The paths (relative to `site`, with "/") added, removed or changed since the last call."""
        now: dict[str, tuple[tuple[int, int, int], str]] = {}
        for root, _, names in os.walk(site):
            for name in names:
                path = os.path.join(root, name)
                rel = os.path.relpath(path, site).replace(os.sep, "/")
                info = os.stat(path)
                key = (info.st_ino, info.st_size, info.st_mtime_ns)
                before = self.known.get(rel)
                if before is not None and before[0] == key:
                    now[rel] = before
                    continue
                with open(path, "rb") as handle:
                    now[rel] = (key, hashlib.file_digest(handle, "sha256").hexdigest())
        changed = {rel for rel in now.keys() | self.known.keys() if _digest(now, rel) != _digest(self.known, rel)}
        self.known = now
        return changed


def _digest(files: dict[str, tuple[tuple[int, int, int], str]], rel: str) -> str | None:
    found = files.get(rel)
    return found[1] if found else None
