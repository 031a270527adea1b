"""What `rulesite serve` watches, and whether a burst of file events changed
anything: the folders of the sources (the manifest's folder, each `--also`
folder, the corpora), the written pages, and single files (the MkDocs config,
each `--also` manifest). Events come from the system (`watchfiles`: inotify
on Linux); each file's bytes are digested, so a save that leaves a file as it
was, or an event in an output folder, starts no build."""

from __future__ import annotations

import hashlib
import os
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from watchfiles import DefaultFilter, watch

# Every this many milliseconds, the events seen so far are handed over once
# no new one came in the last such step (`watchfiles`' `step`: its only
# grouping, its `debounce` being the longest a burst is held): a save starts
# its build 10-20 ms after it. An editor's save is several events within a
# millisecond or two; a save cut in two is built once more at worst. (50 ms,
# as before: 50-100 ms from a save to its build's start.)
QUIET_MS = 10


@dataclass
class Watched:
    folders: list[Path]  # watched with everything under them
    files: list[Path]  # watched one by one
    outputs: list[Path] = field(default_factory=list)  # never a reason to build

    def ignored(self, path: Path) -> bool:
        """A path in an output folder, one of its generations or its lock file."""
        for folder in self.outputs:
            if path == folder or folder in path.parents:
                return True
            if path.parent == folder.parent and path.name.startswith(f".{folder.name}."):
                return True
            if any(p.parent == folder.parent and p.name.startswith(f".{folder.name}.") for p in path.parents):
                return True
        return False


def _digest(path: Path) -> str | None:
    try:
        with open(path, "rb") as handle:
            return hashlib.file_digest(handle, "sha256").hexdigest()
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError, PermissionError):
        return None


def _files_under(folder: Path) -> list[Path]:
    found = []
    for root, dirs, names in os.walk(folder):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        found += [Path(root, name) for name in names]
    return found


class Contents:
    """The digest of every watched file, as the last build was started from."""

    def __init__(self, watched: Watched) -> None:
        self.watched = watched
        self.digests: dict[Path, str] = {}
        for folder in watched.folders:
            for path in _files_under(folder):
                self._take(path)
        for path in watched.files:
            self._take(path)

    def _take(self, path: Path) -> bool:
        """Digests `path` again: True when its bytes (or whether it is there) changed."""
        if self.watched.ignored(path):
            return False
        digest, before = _digest(path), self.digests.get(path)
        if digest is None:
            self.digests.pop(path, None)
        else:
            self.digests[path] = digest
        return digest != before

    def changed(self, paths: set[Path]) -> list[Path]:
        """The files among `paths` (or under them, for folders) whose bytes are
        not what they were: each is taken as it is now."""
        found = []
        for path in sorted(paths):
            candidates = {path, *(p for p in self.digests if path in p.parents)}
            if path.is_dir():
                candidates.update(_files_under(path))
            found += [p for p in sorted(candidates) if self._take(p)]
        return found


class Watcher:
    """Two threads of `watchfiles` (the folders, and the single files' folders
    without what is under them), handing every burst of events to one queue."""

    def __init__(self, watched: Watched) -> None:
        self.watched = watched
        self.events: queue.Queue[set[Path]] = queue.Queue()
        self.stop_event = threading.Event()
        files = set(watched.files)
        self.threads = [
            threading.Thread(target=self._run, args=(watched.folders, True, None), daemon=True),
            threading.Thread(target=self._run, args=(sorted({f.parent for f in files}), False, files), daemon=True),
        ]

    def _run(self, paths: list[Path], recursive: bool, only: set[Path] | None) -> None:
        paths = [p for p in paths if p.exists()]
        if not paths:
            return
        for changes in watch(
            *paths,
            watch_filter=DefaultFilter(),
            recursive=recursive,
            step=QUIET_MS,
            stop_event=self.stop_event,
            yield_on_timeout=False,
            rust_timeout=500,
            raise_interrupt=False,
        ):
            found = {Path(path) for _, path in changes}
            found = {p for p in found if (only is None or p in only) and not self.watched.ignored(p)}
            if found:
                self.events.put(found)

    def start(self) -> None:
        for thread in self.threads:
            thread.start()

    def next(self, idle: Callable[[], object] | None = None) -> set[Path]:
        """Waits for the next burst, and takes every burst queued behind it too
        (saves made while a build ran give one build after it). `idle`: run
        once if no burst came in the first half second."""
        while True:
            try:
                found = self.events.get(timeout=0.5)  # a timeout: Ctrl-C is seen while waiting
                break
            except queue.Empty:
                if idle is not None:
                    idle()
                    idle = None
        while True:
            try:
                found |= self.events.get_nowait()
            except queue.Empty:
                return found

    def stop(self) -> None:
        self.stop_event.set()
        for thread in self.threads:
            thread.join(timeout=5)
