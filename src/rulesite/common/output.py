"""The output folders (docs/, site/): one build at a time, each replaced whole
in one atomic step, and none written that the build did not make.

Every generation a build makes holds a marker (`MARKER`, a file of fixed
words, written anew for each generation). A folder the build is pointed at is
replaced only when it is missing, empty, or holds that marker (or is the link
of an older version, below); anything else is someone else's folder, and the
build refuses it (`foreign`, reported as `error[output-folder]`) unless told
to replace it.

The site (`site/`) is an ordinary folder, which `cp -r`, `tar`, `rsync` and
upload actions copy as it is. A build writes its new generation beside it,
under a name of its own (the build id), and publishes it by swapping the two
names in one step, renameat2(RENAME_EXCHANGE) on Linux: at every instant
`site/` names a whole site, the old one or the new one, also when the build is
killed halfway. A reader who is inside the old folder then (an open file or
folder, a copy under way) goes on reading the old site's files until the build
removes that folder, just after. Where the system or the file system cannot
swap, the old folder is renamed aside and the new one into its place: for that
moment there is no `site/`, and a build killed in between leaves the old one
aside, which the next build puts back (`clean`).

The docs folder (`build/docs/`, the build's own working folder, never shipped)
stays a symbolic link to its generation: `docs -> .docs.20261201T101500-4242-1a2b3c/`,
replaced by renaming a new link over it. The tools that keep MkDocs warm
between builds know a docs generation by its real path. (A `site` link left by
an older version is replaced by a real folder the same way.)

A generation is known by its marker file's inode and time (`identity`): the
name of the folder changes when it is published, its marker never does, and a
new generation's marker is a new file.

Generations other than the published one are left by killed builds and are
removed by the next build of the same folder. A process that builds again
and again (`rulesite serve`) keeps one more (`Spare`): the generation the
last build replaced, made a copy of the published one, which the next build
takes as its own and changes only where it differs. A lock file beside the folder
(`.site.lock`, flock) lets one build at a time write it; a second one says so
and stops.
"""

from __future__ import annotations

import ctypes
import errno
import fcntl
import hashlib
import json
import os
import secrets
import shutil
import signal
import threading
import time
from contextlib import ExitStack, contextmanager
from functools import partial
from pathlib import Path

_RENAME_EXCHANGE = 2  # linux/fs.h
_AT_FDCWD = -100


class Busy(Exception):
    """Another build holds the lock of an output folder."""

    def __init__(self, folder: Path) -> None:
        super().__init__(f"another build is writing {folder} right now: wait for it to finish, then build again")
        self.folder = folder


# The marker of a folder the build made (see above): fixed words, so that two
# builds of the same sources stay byte-identical.
MARKER = ".rulesite-output"
MARKER_TEXT = (
    "This folder was made by `rulesite build` (or `rulesite export`).\n"
    "Each build replaces it whole: keep nothing of your own in it.\n"
)


def stamp(generation: Path) -> None:
    """Marks a generation as the build's: a new marker file (never a link to
    an older generation's), whose inode and time are its `identity`."""
    path = generation / MARKER
    path.unlink(missing_ok=True)
    with open(path, "x", encoding="utf-8") as file:
        file.write(MARKER_TEXT)
    now = time.time_ns()
    os.utime(path, ns=(now, now))


def identity(generation: Path | None) -> str | None:
    """What tells a generation from every other one of its folder (its marker
    file's inode and time), whatever name it has now; None without a marker."""
    if generation is None:
        return None
    try:
        stat = os.stat(generation / MARKER)
    except OSError:
        return None
    return f"{stat.st_ino}.{stat.st_mtime_ns}"


def foreign(folder: Path) -> str | None:
    """Why `folder` is not the build's to replace (None when it is: missing,
    an empty folder, a folder holding the marker, or a link an older version
    made to a generation beside it)."""
    if folder.is_symlink():
        target = os.readlink(folder)
        if "/" not in target and target.startswith(f".{folder.name}."):
            return None
        return "it is a symbolic link the build did not make"
    if not folder.exists():
        return None
    if not folder.is_dir():
        return "it is a file, not a folder"
    if (folder / MARKER).is_file() and not (folder / MARKER).is_symlink():
        return None
    try:
        with os.scandir(folder) as entries:
            if next(entries, None) is None:
                return None
    except OSError as error:
        return f"it cannot be read ({error.strerror})"
    return f"it is not empty and has no {MARKER} file, so the build did not make it"


def refusal(why: str) -> str:
    """The message of `error[output-folder]`: why, and how to go on."""
    return (
        f"not replaced: {why}; nothing was written. Name another place (where nothing is yet, or an empty folder), "
        "or pass --replace-output to replace it whole, deleting everything it holds"
    )


def shown(path: Path) -> str:
    """`path` as a message names it: from the working folder when it lies under it."""
    try:
        return os.path.relpath(path) if Path(path).resolve().is_relative_to(Path.cwd()) else str(path)
    except (OSError, ValueError):
        return str(path)


def new_build_id() -> str:
    """Unique per build, readable: when it started, which process."""
    return f"{time.strftime('%Y%m%dT%H%M%S')}-{os.getpid()}-{secrets.token_hex(3)}"


def lock_path(folder: Path) -> Path:
    return folder.parent / f".{folder.name}.lock"


@contextmanager
def locked(*folders: Path):
    """Holds the lock of every folder for the duration (raises Busy at once
    when another build holds one). The lock goes with the process: a killed
    build never leaves a stale one."""
    with ExitStack() as stack:
        for folder in sorted(set(folders)):
            folder.parent.mkdir(parents=True, exist_ok=True)
            handle = stack.enter_context(open(lock_path(folder), "a+b"))
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise Busy(folder) from None
        yield


def generation(folder: Path, build_id: str, kind: str = "") -> Path:
    """The name of this build's new generation of `folder` (or of a scratch
    folder of this build beside it: `kind`). Not created."""
    return folder.parent / f".{folder.name}.{build_id}{'.' + kind if kind else ''}"


def file_digest(data: bytes) -> str:
    """What names a file's bytes: the first 32 hex digits of their SHA-256 (kept
    by each docs generation of its files; the service worker's hashes are its
    first half)."""
    return hashlib.sha256(data).hexdigest()[:32]


def published(folder: Path) -> Path | None:
    """The published generation of `folder`: the generation it links to, or
    the folder itself when it is a real one the build made (None: neither)."""
    if folder.is_symlink():
        return folder.parent / os.readlink(folder)
    if folder.is_dir() and (folder / MARKER).is_file():
        return folder
    return None


def publish(fresh: Path, folder: Path, clean_up: bool = True, link: bool = False) -> Path | None:
    """Makes `folder` the generation `fresh` (made beside it), in one step:
    `fresh` takes its place (`link`: `folder` becomes a link to it). Returns
    where the generation it replaced is now (None: there was none), which is
    removed here with every generation nobody names any more, unless
    `clean_up` is False (the caller removes it, later; the next build removes
    any left)."""
    replaced = _publish_link(fresh, folder) if link else _publish_folder(fresh, folder)
    if clean_up:
        if replaced is not None:
            discard(replaced)
        clean(folder)
    return replaced


def _publish_link(fresh: Path, folder: Path) -> Path | None:
    link = fresh.with_name(fresh.name + ".link")
    if link.is_symlink() or link.exists():
        link.unlink()
    os.symlink(fresh.name, link, target_is_directory=True)
    replaced = published(folder)
    if folder.is_symlink() or not folder.exists():
        os.replace(link, folder)
    elif folder.is_dir():
        # A real folder: swap it with the link.
        replaced = fresh.with_name(fresh.name + ".replaced")
        if _exchange(link, folder):
            link.rename(replaced)  # now the old folder
        else:
            folder.rename(replaced)
            os.replace(link, folder)
    else:
        link.unlink()
        raise FileExistsError(f"{folder} is a file, not a folder: move it away")
    return replaced if replaced != fresh else None


def _publish_folder(fresh: Path, folder: Path) -> Path | None:
    if folder.is_symlink():  # an older version's link to its generation
        replaced = published(folder)
        if _exchange(fresh, folder):
            fresh.unlink()  # now the link
        else:
            folder.unlink()
            fresh.rename(folder)
        return replaced
    if not folder.exists():
        fresh.rename(folder)
        return None
    if not folder.is_dir():
        raise FileExistsError(f"{folder} is a file, not a folder: move it away")
    if _exchange(fresh, folder):
        return fresh  # the old site is there now
    aside = fresh.with_name(fresh.name + ".replaced")
    folder.rename(aside)
    fresh.rename(folder)  # killed before this, the next build puts the old one back (`clean`)
    return aside


def clean(folder: Path, keep: tuple[Path, ...] = ()) -> None:
    """Removes every generation and scratch folder of `folder` but the published
    one (and `keep`): what earlier builds left when they were killed. Call it
    only while holding the folder's lock."""
    prefix = f".{folder.name}."
    if not folder.exists() and not folder.is_symlink():
        # A build killed between the two renames of a swap (`_publish_folder`): the old site back.
        aside = sorted(folder.parent.glob(prefix + "*.replaced"))
        if aside:
            aside[-1].rename(folder)
    current = published(folder)
    for path in folder.parent.glob(prefix + "*"):
        if path == lock_path(folder) or path == current or path in keep:
            continue
        discard(path)


def discard_build(folder: Path, build_id: str) -> None:
    """Removes what the build `build_id` made beside `folder` and did not publish."""
    current = published(folder)
    for path in folder.parent.glob(f".{folder.name}.{build_id}*"):
        if path != current:
            discard(path)


def failed(folder: Path) -> Path:
    """Where the last build that failed the output check is kept, beside
    `folder` (`site` -> `site.failed`): the pages the check's errors name,
    there to open. Never published; replaced by the next failed build and
    removed by the next build that publishes."""
    return folder.with_name(folder.name + ".failed")


def keep_failed(fresh: Path, folder: Path, build_id: str) -> Path:
    """Moves `fresh`, a generation of `folder` that failed the output check,
    to `failed(folder)`, replacing the one an earlier failed build kept there
    (which holds the marker: `foreign` is asked before any build starts).
    Returns where it is."""
    kept = failed(folder)
    if kept.exists() or kept.is_symlink():
        aside = generation(folder, build_id, "failed-before")  # the build's own name: removed with it
        kept.rename(aside)
        discard(aside)
    fresh.rename(kept)
    return kept


@contextmanager
def interrupts_held():
    """Ctrl-C (SIGINT) waits until the block is done, then interrupts."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def discard(path: Path) -> None:
    if path.is_symlink() or path.is_file():
        path.unlink(missing_ok=True)
    elif path.exists():
        shutil.rmtree(path, ignore_errors=True)


class Spare:
    """A copy of a folder's published generation made of hard links, kept
    beside it between the builds of one process (`rulesite serve`, in
    `memory.BuildMemory.files`): the next build takes it as its new
    generation (`take`) and replaces only the files that differ, where a
    build without one links every file anew (some 33,000 in the full corpora).

    `keep` makes it, once a build has published: out of the generation that
    build replaced, which no build reads any more, in a thread of its own
    (`mirror`: the entries that differ from the published one's, found by
    their inodes, replaced; what the published one lacks removed), or, when
    there was none, as a new copy. Files are only ever unlinked and linked:
    they are the published generation's own (hard links), and none is
    written into. The next build takes it only when that thread succeeded
    and the folder still names the generation it copied; anything else (a
    failure, another build in between) discards it, and the build links
    every file as without one."""

    def __init__(self) -> None:
        self.path: Path | None = None  # the copy, being made or made
        self._of: str | None = None  # the identity of the generation it copies
        self._thread: threading.Thread | None = None
        self._failed = False
        self.taken = 0  # how many builds took it (for the tests)

    def keep(self, folder: Path, replaced: Path | None) -> None:
        """After `folder` was published: `replaced` (the generation it named
        before, or None) becomes the spare, a copy of the published one."""
        self.drop()
        current = published(folder)
        if current is None:
            if replaced is not None:
                discard(replaced)
            return
        path = generation(folder, new_build_id(), "spare")
        if replaced is not None and replaced.is_dir() and not replaced.is_symlink():
            replaced.rename(path)  # its own name: the build that made it removes its leftovers
            make = partial(mirror, current, path)
        else:
            make = partial(shutil.copytree, current, path, copy_function=os.link, symlinks=True)
        self.path, self._of, self._failed = path, identity(current), False
        self._thread = threading.Thread(target=self._make, args=(make,), daemon=True)
        self._thread.start()

    def _make(self, make) -> None:
        try:
            make()
        except Exception:  # the next build does without it: it links every file
            self._failed = True

    def take(self, folder: Path, fresh: Path) -> bool:
        """Renames the spare to `fresh` (a new generation of `folder`, not yet
        made) when it is a whole copy of the generation `folder` names now;
        else discards it. Whether it did."""
        self.settle()
        current = published(folder)
        whole = self.path is not None and not self._failed and self.path.is_dir()
        if not whole or current is None or identity(current) != self._of or self._of is None or fresh.exists():
            self.drop()
            return False
        self.path.rename(fresh)
        self.path = self._of = None
        self.taken += 1
        return True

    def drop(self) -> None:
        """Removes the spare (once it is made)."""
        self.settle()
        if self.path is not None:
            discard(self.path)
        self.path = self._of = None

    def settle(self) -> None:
        """Waits until the spare is made."""
        if self._thread is not None:
            self._thread.join()
            self._thread = None

    @property
    def kept(self) -> tuple[Path, ...]:
        """What `clean` must leave."""
        return (self.path,) if self.path is not None else ()


def mirror(source: Path | str, target: Path | str) -> None:
    """Makes the folder `target` a copy of the folder `source` made of hard
    links, changing only what differs: an entry whose inode is not the source's
    is unlinked and linked again, one the source lacks is removed. Never
    writes into a file: both share them."""
    with os.scandir(source) as found:
        theirs = {entry.name: entry for entry in found}
    with os.scandir(target) as found:
        mine = {entry.name: entry for entry in found}
    for name, entry in list(mine.items()):
        their = theirs.get(name)
        if their is None or their.is_dir(follow_symlinks=False) != entry.is_dir(follow_symlinks=False):
            discard(Path(entry.path))
            del mine[name]
    for name, their in theirs.items():
        dest = os.path.join(target, name)
        entry = mine.get(name)
        if their.is_dir(follow_symlinks=False):
            if entry is not None:
                mirror(their.path, dest)
            else:
                shutil.copytree(their.path, dest, copy_function=os.link, symlinks=True)
        elif entry is None or entry.inode() != their.inode():
            if entry is not None:
                os.unlink(dest)
            os.link(their.path, dest, follow_symlinks=False)


def _exchange(a: Path, b: Path) -> bool:
    """renameat2(a, b, RENAME_EXCHANGE): the two names swap in one step. False
    where the system or the file system cannot."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    if renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    if ctypes.get_errno() in (errno.ENOSYS, errno.EINVAL, errno.EOPNOTSUPP):
        return False
    raise OSError(ctypes.get_errno(), os.strerror(ctypes.get_errno()), str(b))


def write_new_json(path: str, value) -> None:
    """`value` as compact JSON, into a file that must not exist yet."""
    with open(path, "x", encoding="utf-8") as file:
        file.write(json.dumps(value, separators=(",", ":")))  # dumps: C's encoder, dump: Python's
