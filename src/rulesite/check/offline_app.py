"""Checks what the service workers of a built site store for offline use.

Each language site's `sw.js` starts with `const BUILD = {...}` (written by
render/offline_app.py before MkDocs ran). Here, on the HTML MkDocs wrote:
every precached URL is a file of the site, a file listed with the hash of its
bytes has exactly those bytes, each bundle a first visit fetches instead of the
files of one folder (`bundles`: the preview files, the history files) holds
exactly those files, each with the very bytes of the site's file, and a language's first visit stays within the budget (what
it stores, and what it fetches). Problems are returned as (worker path,
message): ("es/sw.js", "...").
"""

from __future__ import annotations

import hashlib
import json
import os
import posixpath
from stat import S_ISLNK, S_ISREG
from dataclasses import dataclass
from pathlib import Path

from ..common.precache import PRECACHE_BUDGET, SERVICE_WORKER


@dataclass(frozen=True)
class Precache:
    worker: str  # the worker's path in the site ("sw.js", "es/sw.js")
    build: str
    files: int
    size: int  # bytes stored
    requests: int  # what a first visit fetches: the files outside the bundles, and the bundles
    fetched: int  # bytes fetched
    # What the build chose to leave for later within the budget (stored when
    # visited): ({"kind", "folder", "files", "bytes"}, ...), render/offline_app.py's `choose`.
    later: tuple = ()


def read_build(worker: Path) -> dict:
    first = worker.read_text(encoding="utf-8").split("\n", 2)
    line = next(line for line in first if line.startswith("const BUILD = "))
    return json.loads(line.removeprefix("const BUILD = ").rstrip().removesuffix(";"))


def check_precache(
    site_dir: Path, budget: int = PRECACHE_BUDGET, known: dict | None = None
) -> tuple[list[tuple[str, str]], list[Precache]]:
    """(problems, what each language's worker precaches). `known`: the size and
    SHA-256 of files read by earlier checks in this process, by the file's
    identity (device, inode, size, time), filled and used: a file that is still
    the very file read then is not read again (`rulesite serve`: a rebuild
    links every unchanged file from the published site)."""
    facts = _Facts(known)
    site_dir = site_dir.resolve()
    where = _Paths(site_dir, facts.known)
    problems: list[tuple[str, str]] = []
    found: list[Precache] = []
    workers = sorted(p for p in [site_dir / SERVICE_WORKER, *site_dir.glob(f"*/{SERVICE_WORKER}")] if p.is_file())
    for worker in workers:
        name = worker.relative_to(site_dir).as_posix()
        try:
            build = read_build(worker)
        except (StopIteration, ValueError) as error:
            problems.append((name, f"no build line `const BUILD = {{...}};` ({error})"))
            continue
        size = 0
        stored: dict[str, tuple[int, str]] = {}  # url -> (size, SHA-256)
        for url, digest, exact in build["precache"]:
            file = facts.of(*where.of(worker, url))
            if file is None:
                problems.append((name, f"precaches {url}, which is not a file of the site"))
                continue
            size += file[0]
            stored[url] = file
            if exact and not _has_hash(file[1], digest):
                problems.append((name, f"{url} is listed with hash {digest}, the built file differs"))
        requests, fetched = len(stored), size
        for bundle in build.get("bundles", []):
            bundled, bundle_size, bundle_problems = _check_bundle(where, worker, bundle, stored, facts.known)
            problems += [(name, problem) for problem in bundle_problems]
            requests += 1 - len(bundled)
            fetched += bundle_size - sum(stored[url][0] for url in bundled)
        if max(size, fetched) > budget:
            problems.append(
                (
                    name,
                    f"the precache is {max(size, fetched) / 2**20:.1f} MB, over the budget of {budget / 2**20:.0f} MB: "
                    "the build chose what to store from too low an estimate (render/offline_app.py: choose)",
                )
            )
        later = tuple(item for item in build.get("later", []) if isinstance(item, dict))
        found.append(Precache(name, build["id"], len(build["precache"]), size, requests, fetched, later))
    return problems, found


def _check_bundle(
    where: _Paths, worker: Path, bundle: dict, stored: dict[str, tuple[int, str]], known: dict
) -> tuple[set[str], int, list[str]]:
    """(the precached URLs the bundle holds, its size, problems): it is a file of
    the site with the hash listed, and holds exactly the precached files of its
    folder, each with the bytes of the site's file (the worker stores them from it).
    `known`: where the last check of the same worker's bundle is kept, with all
    it was made of (the bundle file's identity, what is listed of it, the facts
    of the files it should hold): the same, it is not read again."""
    url, folder, digest = str(bundle.get("url", "")), str(bundle.get("folder", "")), str(bundle.get("hash", ""))
    path, stat = where.of(worker, url)
    try:
        stat = os.stat(path) if path is not None else None
    except OSError:
        stat = None
    if stat is None or not S_ISREG(stat.st_mode):
        return set(), 0, [f"its bundle {url} is not a file of the site"]
    wanted_facts = tuple(sorted((u, fact) for u, fact in stored.items() if u.startswith(folder)))
    identity = (stat.st_dev, stat.st_ino, stat.st_size, stat.st_mtime_ns)
    made_of = (identity, url, folder, digest, bundle.get("files"), wanted_facts)
    # By the worker's place in the site: each build's site is a new folder.
    place = ("bundle", worker.relative_to(where.site_dir).as_posix(), url)
    before = known.get(place)
    if before is not None and before[0] == made_of:
        same, size, problems = before[1]
        return set(same), size, list(problems)
    found = _read_bundle(path, url, folder, digest, bundle, stored)
    known[place] = (made_of, (frozenset(found[0]), found[1], tuple(found[2])))
    return found


def _read_bundle(
    path: str, url: str, folder: str, digest: str, bundle: dict, stored: dict[str, tuple[int, str]]
) -> tuple[set[str], int, list[str]]:
    with open(path, "rb") as file:
        data = file.read()
    problems = []
    if not _has_hash(hashlib.sha256(data).hexdigest(), digest):
        problems.append(f"its bundle {url} is listed with hash {digest}, the built file differs")
    try:
        files = json.loads(data)["files"]
    except (ValueError, KeyError, TypeError):
        files = None
    if not isinstance(files, dict):
        return set(), len(data), problems + [f"its bundle {url} is not JSON with its files"]
    wanted = {u for u in stored if u.startswith(folder)}
    held = set(files)
    problems += [f"its bundle {url} lacks {u}, which it precaches" for u in sorted(wanted - held)]
    problems += [f"its bundle {url} holds {u}, which it does not precache from {folder}" for u in sorted(held - wanted)]
    same = set()
    for u in sorted(wanted & held):
        text = str(files[u]).encode("utf-8")
        if (len(text), hashlib.sha256(text).hexdigest()) == stored[u]:
            same.add(u)
        else:
            problems.append(f"its bundle {url} holds another text of {u} than the site's file")
    if bundle.get("files") != len(wanted):
        problems.append(f"its bundle is listed with {bundle.get('files')} files, it should hold {len(wanted)}")
    return same, len(data), problems


def _site_path(site_dir: Path, worker: Path, url: str) -> Path | None:
    """The file `url` names (relative to the worker), or None when it lies
    outside the site's folder."""
    path = (worker.parent / url).resolve()
    return path if site_dir in path.parents else None


class _Paths:
    """`_site_path`, as a string, for the thousands of URLs the workers list:
    each folder's real path is worked out once (resolving every URL in full
    cost a quarter of a second of each check of the full corpora's site).
    A URL with a ".." goes the whole way (`_site_path`): a folder before it
    may be a symbolic link, which ".." leaves from where it leads."""

    def __init__(self, site_dir: Path, known: dict | None = None) -> None:
        self.site_dir = site_dir
        self.inside = str(site_dir).rstrip("/") + "/"
        self.folders: dict[str, str] = {}
        self.workers: dict[Path, str] = {}
        # (worker's folder in the site, URL) -> (folder in the site, name): the
        # same in every build's site (`check_precache`'s `known`).
        self.split = {} if known is None else known.setdefault("split", {})

    def of(self, worker: Path, url: str) -> tuple[str | None, os.stat_result | None]:
        """(the path, or None; what os.lstat found of it when it is no link, or None)."""
        base = self.workers.get(worker)
        if base is None:
            base = self.workers[worker] = worker.parent.relative_to(self.site_dir).as_posix()
        found = self.split.get((base, url))
        if found is None:
            if ".." in url.split("/") or url.startswith("/"):
                found = None, None
            else:
                found = posixpath.split(posixpath.normpath(posixpath.join(base, url)))
            self.split[(base, url)] = found
        if found[0] is None:
            found = _site_path(self.site_dir, worker, url)
            return (None if found is None else str(found)), None
        folder = self.inside + found[0] if found[0] not in ("", ".") else self.inside.rstrip("/")
        name = found[1]
        real = self.folders.get(folder)
        if real is None:
            real = self.folders[folder] = os.path.realpath(folder)
        path = posixpath.join(real, name)
        try:
            stat = os.lstat(path)
        except OSError:
            stat = None
        if stat is not None and S_ISLNK(stat.st_mode):
            path, stat = os.path.realpath(path), None
        return (path, stat) if path.startswith(self.inside) else (None, None)


class _Facts:
    """Each file's (size, SHA-256), read once per identity (`check_precache`'s `known`)."""

    def __init__(self, known: dict | None) -> None:
        self.known = {} if known is None else known

    def of(self, path: str | None, stat: os.stat_result | None = None) -> tuple[int, str] | None:
        """None when it is no file (missing, or not a regular file). `stat`: the
        file's, when the caller has it."""
        if path is None:
            return None
        if stat is None:
            try:
                stat = os.stat(path)
            except OSError:
                return None
        if not S_ISREG(stat.st_mode):
            return None
        identity = (stat.st_dev, stat.st_ino, stat.st_size, stat.st_mtime_ns)
        found = self.known.get(identity)
        if found is None:
            with open(path, "rb") as file:
                data = file.read()
            found = self.known[identity] = (len(data), hashlib.sha256(data).hexdigest())
        return found


def _has_hash(sha256: str, digest: str) -> bool:
    """The worker's hashes are the first characters of the bytes' SHA-256."""
    return bool(digest) and sha256[: len(digest)] == digest
