"""The check stage: every file of a built site read once, every page parsed
once (lxml), spread over the machine's cores; problems reported through
`Diagnostics` as `path:line: error[code]: message`.

Each worker takes a share of the files and runs every per-page check on each
page while it holds its tree: offline loading, script that is not ours
(`check/script.py`), its Content Security Policy (`check/content_policy.py`),
no id printed twice (`check/duplicate_ids.py`), the
entries the model expects on it, what it anchors per edition
(`check/edition_counts.py`), and the page-level parts of the link checks: its
links are resolved against the site's files (listed before the workers start)
and the broken ones reported with their lines, and its rule links' words are
read for `check/link_text.py`; the links of each history file are checked as
if on its page (`check/history_files.py`). What needs other pages, whether a #fragment on
another page is there and whether a rule link's words name what it opens, is
decided afterwards from the ids and headings the workers send back, without
parsing anything again. Workers send plain tuples, as little as the parent needs:
reading them back is the parent's time, while no worker runs.
"""

from __future__ import annotations

import gc
import hashlib
import multiprocessing
import operator
from itertools import compress, filterfalse, repeat
from operator import is_not
import os
import pickle
import posixpath
import signal
import sys
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import NamedTuple

from ..common import output
from ..common.diagnostics import Diagnostic, Diagnostics
from ..common.model import Loc
from ..site_map.paths import PREVIEW_IMAGES
from ..common.workers import cores, frozen
from .duplicate_ids import duplicate_ids
from .edition_counts import page_entries
from .content_policy import policy_problems
from .entries import Expected, entry_problems
from .history_files import history_link_checks, is_history_file, missing_history_file
from .forwarding import forwarding_facts
from .link_text import PageSummary, link_text_problems, summarize
from .page import Page, parse
from .script import script_problems
from .site_links import (
    LinkCheck,
    Problem,
    SiteFiles,
    asset_problems,
    host_problems,
    link_problems,
    might_mention_hosts,
    page_link_checks,
    page_links,
)

# Fewer files than this are checked in this process: starting workers costs more.
_PARALLEL_FROM = 400


@dataclass
class _Options:
    root: Path
    expected: Expected
    links: bool
    offline: bool
    scripts: bool
    site: SiteFiles  # a forked worker inherits it as it is (nothing pickled)


# What a worker sends back of one file, a plain tuple (the quickest to pickle):
# (rel, problems, ids (its ids and <a name>s, for links from other pages),
#  links (page_link_checks), words (link_text.summarize, for the link-text
#  check, which needs every page), entries (edition_counts.page_entries)).
# Pages only have the last four; None when not checked.
_FileResult = tuple[str, list[Problem], frozenset | None, list[LinkCheck] | None, PageSummary | None, tuple | None]

_options: _Options | None = None  # set in each worker by _start


def _start(options: _Options, worker: bool = False) -> None:
    global _options
    _options = options
    if worker:  # Ctrl-C is the parent's to handle: it stops the workers itself
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        # A worker makes no reference cycles (lxml's trees, plain tuples) and ends
        # with the check: the collector would only walk its results again and again
        # (0.3 s of 4 checking the full corpora site in one process; the same peak memory without it).
        gc.disable()


def _check_files(rels: list[str]) -> list[_FileResult]:
    options = _options
    root = str(options.root)
    out = []
    for rel in rels:
        data = _read(os.path.join(root, rel))
        problems: list[Problem] = []
        if rel.endswith(".html"):
            if rel not in options.expected and (quick := _forwarding_result(rel, data, options)):
                out.append(quick)
                continue
            page = Page(rel, data, parse(data))
            facts, offline, network = page_links(page)
            if options.offline:
                problems += offline
                if might_mention_hosts(data):
                    problems += host_problems(rel, data.decode("utf-8", "replace"), network)
            if rel in options.expected:
                problems += entry_problems(page, options.expected[rel])
            if options.scripts:
                problems += _script_problems(page)
                problems += policy_problems(page)
            problems += duplicate_ids(page)
            if options.links:
                problems += missing_history_file(rel, data, options.site)
                links = page_link_checks(page, facts, options.site)
                out.append((rel, problems, facts.ids, links, summarize(page), page_entries(page)))
            else:
                out.append((rel, problems, None, None, None, page_entries(page)))
            continue
        if options.offline and (rel.endswith(".css") or might_mention_hosts(data)):
            problems += asset_problems(rel, data.decode("utf-8", "replace"))
        if options.links and is_history_file(rel):  # the links the page shows once a History is opened
            checks = history_link_checks(rel, data, options.site)
            problems += [(line, code, message) for line, code, message, _, _ in checks if code]
            out.append((rel, problems, None, [c for c in checks if not c[1]], None, None))
            continue
        out.append((rel, problems, None, None, None, None))
    return out


def _read(path: str) -> bytes:
    """The file's bytes (os.read: half the processor time of open().read() for 20,000 small files)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        parts = [os.read(fd, _CHUNK)]
        while len(parts[-1]) == _CHUNK:
            parts.append(os.read(fd, _CHUNK))
    finally:
        os.close(fd)
    return parts[0] if len(parts) == 1 else b"".join(parts)


_CHUNK = 1 << 20


def _forwarding_result(rel: str, data: bytes, options: _Options) -> _FileResult | None:
    """A forwarding page's result without parsing it (`check/forwarding.py`), or
    None: then it is checked in full, which also words any problem it has."""
    page = forwarding_facts(rel, data)
    if page is None:
        return None
    if not options.links:
        return (rel, [], None, None, None, _NO_ENTRIES)
    links = page_link_checks(page, page.facts, options.site)
    if any(map(_CODE, links)):
        return None
    # No words to check (most): no summary; as a link's target it holds no id or <h1> either.
    return (rel, [], _NO_IDS, links, page.summary if page.summary.links else None, _NO_ENTRIES)


_CODE = operator.itemgetter(1)  # a link check's problem code ("": none, or deferred)
_FIRST = operator.itemgetter(0)
_PROBLEMS = operator.itemgetter(1)  # a file result's problems
_ENTRIES = operator.itemgetter(5)  # a file result's entries

# page_entries of a page with no heading, rule or example; the ids of a page without any.
_NO_ENTRIES: tuple = (set(), [], [])
_NO_IDS: frozenset = frozenset()


def _script_problems(page: Page) -> list[Problem]:
    """check/script.py's findings on the page, as its other problems: (line, code, message)."""
    return [(found.line, found.code, found.message) for found in script_problems(page, page.rel)]


def _check_all(todo: list[str], options: _Options, jobs: int | None) -> list[_FileResult]:
    if jobs is None:
        jobs = cores() if len(todo) >= _PARALLEL_FROM else 1
    if jobs == 1 or not todo:
        _start(options)
        return _check_files(todo)
    # Round-robin shares, so the few huge pages are spread over the workers.
    shares = [todo[i :: jobs * 8] for i in range(jobs * 8)]
    context = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else None)
    # What exists when the workers fork (the model, the expected entries, the
    # site's files) is theirs to read, not to collect (`workers.frozen`).
    # A Pool, not an executor: leaving the block (also on Ctrl-C) terminates the workers at once.
    with frozen(), context.Pool(jobs, initializer=_start, initargs=(options, True)) as pool, _no_gc():
        # _no_gc: reading the workers' results back makes a million small objects
        # (unpickled in this process while the workers run): 0.3 s of collections.
        return [r for share in pool.map(_check_files, shares, chunksize=1) for r in share]


class HeldFindings:
    """What the last check found of each file, kept in memory by a process that
    checks build after build (`rulesite serve`): the next check reads it from
    here instead of its file (11 MB for the full corpora), and the file is
    written once, by `save`, when the process is done. Until then the file names
    an older generation than the published one, so nothing reuses it wrongly."""

    def __init__(self) -> None:
        self.path: Path | None = None
        self._state: dict | None = None
        # What `state` is made of, kept as the check left it (made into one
        # dict only when needed: 20,000 files): (the generation checked, the
        # site's digest, rel -> its identity, rel -> its result).
        self.parts: tuple | None = None
        # The site-wide part of the link checks, page by page (`CrossPages`).
        self.cross = CrossPages()
        # The entries the last check expected, by page, and the digest of each page's.
        self.expected: tuple[dict, dict] = ({}, {})
        # Each text the entries expected hold -> its normalized form, and each
        # section's page and entries by its identity (`entries.expected_entries`).
        self.flat: dict[str, str] = {}
        self.sections: dict[int, tuple] = {}
        # What each edition's pages anchor, by its identity (`edition_counts.counts_out`).
        self.counts: dict[int, tuple] = {}
        # The last check's files and folders, sorted, with the links resolved against them (`_Listing`).
        self.listing: _Listing | None = None
        self.root: Path | None = None  # the folder `state` is the check of

    @property
    def state(self) -> dict | None:
        """The findings as their file holds them (`_keep`)."""
        if self._state is None and self.parts is not None:
            generation, site, identities, results = self.parts
            with _no_gc():
                files = dict(zip(identities, zip(identities.values(), map(results.__getitem__, identities))))
            self._state = {"generation": generation, "site": site, "files": files}
        return self._state

    @state.setter
    def state(self, state: dict | None) -> None:
        self._state, self.parts = state, None

    def save(self) -> None:
        """Into the file, each file known by its size and time too, as a check
        that reads it (in another process) knows it (`_reusable`)."""
        if self.path is None or self.state is None:
            return
        state, root = self.state, self.root
        files = state["files"]
        if root is not None and any(len(identity) == 3 for identity, _ in files.values()):
            now = _identities(root, list(files), {rel: identity[-1] for rel, (identity, _) in files.items()})
            state = dict(state)
            # Only files that are still the inode checked.
            state["files"] = {
                rel: (now[rel], result)
                for rel, (identity, result) in files.items()
                if rel in now and now[rel][:2] == identity[:2]
            }
        _write(self.path, state)


def _reusable(
    request: CheckRequest, root: Path, listing: _Listing, options: _Options, inodes: dict[str, int] | None
) -> tuple[dict, dict[str, _FileResult]]:
    """What the check of the published generation found of each file that is
    still the very same file: (each file's identity and inputs, rel -> result).

    A file's own check depends only on its bytes, its path, the entries
    expected on it, the site's list of files and folders and the options; the
    rest (links to other pages' ids, link words, counts) is decided afterwards
    from every file's result, reused or not. A file is the same when it is the
    same inode, of the same size and time, as the file checked: a build links
    the files it keeps from the published generation (`engine.driver._link_tree`)
    and never writes into a published generation, and while it is published
    its files hold their inodes, so no other file can have one of them.
    Reused only from the check of the generation published now
    (`request.published`), when the list of files and folders and the options
    are the same.

    `inodes` (rel -> inode, from listing the folder), in a process that
    checks build after build (`rulesite serve`): there a file is the same when
    it is the same inode, which needs no look at each file (some 20,000:
    most of a check that reuses nearly all). Every file of a generation
    it checks was made by a build of that process, which links what it keeps
    and writes the rest as new files (`rebuild.py` unlinks before it writes);
    a file changed in place outside the build is caught by the first check
    that reads the findings from their file (`rulesite build`), whose
    identities hold the size and time too (and so never match these)."""
    if request.findings is None:  # nothing to reuse, nothing to keep: no file's identity needed
        return {}, {}
    todo = listing.todo
    kept = {"site": _site_digest(options, listing.sites), "files": {}}
    expected = _expected_digests(options.expected, request.held)
    if inodes is not None:
        device = os.stat(root).st_dev
        # (Made without a Python loop: 20,000 files.)
        kept["files"] = dict(zip(todo, zip(repeat(device), map(inodes.__getitem__, todo), map(expected.get, todo, repeat("")))))
    else:
        kept["files"] = _identities(root, todo, expected)
    if request.published is None:
        return kept, {}
    held = request.held
    if held is not None and held.path == request.findings and held.parts is not None:
        return kept, _held_results(held, request.published, kept)
    before, from_file = _earlier_findings(request)
    if not isinstance(before, dict) or before.get("generation") != request.published or before.get("site") != kept["site"]:
        return kept, {}
    identities = kept["files"]
    if from_file and inodes is not None:  # the file's are by size and time too
        identities = _identities(root, todo, expected)
    known = {}
    for rel, identity in identities.items():
        old = before["files"].get(rel)
        if old is not None and old[0] == identity:
            known[rel] = old[1]
    return kept, known


def _site_digest(options: _Options, sites: dict) -> str:
    """The digest of the site's list of files and folders and of the options,
    kept in `sites` (with the list of files) by the options."""
    shown = (options.links, options.offline, options.scripts)
    if shown not in sites:
        site = hashlib.sha256(repr(shown).encode())
        # Preview images come and go with the texts they show (a new name each): the
        # pages that name one changed with it, and are checked again.
        images = f"{PREVIEW_IMAGES}/"
        listed = sorted(f for f in options.site.files if not (f.startswith(images) or f"/{images}" in f))
        # Each name and a NUL: one string, hashed at once.
        site.update(("\0".join([*listed, "\0", *sorted(options.site.dirs)]) + "\0").encode())
        sites[shown] = site.hexdigest()
    return sites[shown]


def _expected_digests(expected: Expected, held: HeldFindings | None) -> dict[str, str]:
    """rel -> the digest of the entries expected on it. Expected entries, even
    none, send a page to the full check: "" only when it has none listed.
    A page's entries equal to the last check's (`held`: mostly the very texts, so
    comparing them is quick) have the digest they had: 10 MB of texts not hashed again."""
    before_expected, before_digests = held.expected if held is not None else ({}, {})
    digests = {}
    for rel, entries in expected.items():
        if before_expected.get(rel) == entries:
            digests[rel] = before_digests[rel]
        else:
            digests[rel] = hashlib.sha256(repr(entries).encode()).hexdigest()
    if held is not None:
        held.expected = (expected, digests)
    return digests


def _held_results(held: HeldFindings, published: str, kept: dict) -> dict[str, _FileResult]:
    """The results of the files that are the same, from the last check's
    findings as it left them in memory (`held.parts`): found without a Python
    loop (20,000 files)."""
    generation, site, before_identities, before_results = held.parts
    if generation != published or site != kept["site"]:
        return {}
    same = list(map(_FIRST, kept["files"].items() & before_identities.items()))
    return dict(zip(same, map(before_results.__getitem__, same)))


def _earlier_findings(request: CheckRequest) -> tuple[object, bool]:
    """(The findings of the last check, as their file holds them (None: none
    could be read), whether they were read from their file): held in memory
    when `request.held` holds them, else read from `request.findings`."""
    held = request.held
    if held is not None and held.path == request.findings and held.state is not None:
        return held.state, False
    try:
        with open(request.findings, "rb") as file, _no_gc():
            return pickle.load(file), True
    except (OSError, pickle.UnpicklingError, EOFError, ValueError):
        return None, True


def _identities(root: Path, todo: list[str], expected: dict[str, str]) -> dict[str, tuple]:
    """rel -> (device, inode, size, time, digest of the entries expected on it) of each file."""
    folder, stat_of, found = str(root) + "/", os.stat, {}
    for rel in todo:
        try:
            stat = stat_of(folder + rel)
        except OSError:  # gone meanwhile (`HeldFindings.save`): not the file checked
            continue
        found[rel] = (stat.st_dev, stat.st_ino, stat.st_size, stat.st_mtime_ns, expected.get(rel, ""))
    return found


def _keep(findings: Path, root: Path, kept: dict, results: dict[str, _FileResult], held: HeldFindings | None = None) -> None:
    """What this check found of each file, for the next check (`_reusable`):
    into `held` when given, else into its file."""
    if held is not None:  # as they are: made into the file's state when it is written (`HeldFindings.state`)
        held.path, held.root = findings, root
        held.parts = (output.identity(root), kept["site"], kept["files"], results)
        held._state = None
        return
    with _no_gc():
        state = {
            "generation": output.identity(root),
            "site": kept["site"],
            "files": dict(zip(kept["files"], zip(kept["files"].values(), map(results.__getitem__, kept["files"])))),
        }
    _write(findings, state)


def _write(findings: Path, state: dict) -> None:
    partial = findings.with_name(findings.name + ".part")
    with _no_gc(), open(partial, "wb") as file:
        pickle.dump(state, file, protocol=pickle.HIGHEST_PROTOCOL)
    os.replace(partial, findings)


@contextmanager
def _no_gc():
    """Many small objects made at once: the cyclic collector would walk them again and again."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@dataclass(frozen=True)
class CheckRequest:
    """One check of a built site: the folder, what is checked, and what an
    earlier check found that it may reuse.

    `expected`: the entries each page must hold, once, intact. `label`: where
    the site is published, prefixed to the paths of its problems. `links`:
    internal links and anchors; `offline`: no network use; `scripts`: no
    script that is not ours. `jobs`: worker processes (default: one per core,
    or none for a small site). `findings`: a file keeping what each file's own
    check found, reused for the files that are the very files checked before
    (see `_reusable`) when it is the check of the generation named
    `published`; `held`: those findings kept in memory instead of the file
    (`HeldFindings`)."""

    site_dir: Path
    expected: Expected = field(default_factory=dict)
    label: str = ""
    links: bool = True
    offline: bool = True
    scripts: bool = True
    jobs: int | None = None
    findings: Path | None = None
    published: str | None = None
    held: HeldFindings | None = None


@dataclass(frozen=True)
class CheckedSite:
    """What a check found besides its problems."""

    pages: int  # pages checked
    entries: dict  # rel -> what the file anchors, for the counts per edition (None: not a page)
    reused: frozenset[str]  # files whose findings of an earlier check were reused


class _Listing(NamedTuple):
    """A site's files and folders, as a check lists them: kept by `HeldFindings`
    for the next check of the same files."""

    files: set[str]
    dirs: set[str]
    pages: list[str]  # sorted
    todo: list[str]  # the files to check: the pages, then the scripts and styles, sorted
    sites: dict  # the site's digests by the options (`_site_digest`)
    site: SiteFiles  # with the links resolved against them so far


def check_built_site(request: CheckRequest, diag: Diagnostics) -> CheckedSite:
    """Checks the built site `request.site_dir` (see `CheckRequest`): every
    problem goes to `diag` as an error."""
    root = Path(request.site_dir)
    report = partial(_report, diag, request.label)
    if not root.is_dir():
        report("", 1, "not-a-site", f"{root}: not a folder")
        return CheckedSite(0, {}, frozenset())
    inodes, dirs = _walk(root)
    listing = _listed(set(inodes), dirs, request.held)
    if not listing.pages:
        report("", 1, "not-a-site", f"{root}: no .html pages")
        return CheckedSite(0, {}, frozenset())
    options = _Options(root, request.expected, request.links, request.offline, request.scripts, listing.site)
    # A process that checks build after build knows each file by its inode (see `_reusable`).
    kept, known = _reusable(request, root, listing, options, inodes if request.held is not None else None)
    # (The few to check found without a Python loop: 20,000 files.)
    results_of = {r[0]: r for r in _check_all(list(filterfalse(known.__contains__, listing.todo)), options, request.jobs)}
    results_of.update(known)
    results = list(map(results_of.__getitem__, listing.todo))
    if request.findings is not None:
        _keep(request.findings, root, kept, results_of, request.held)
    for result in filter(_PROBLEMS, results):  # (the few with problems found without a Python loop)
        for line, code, message in result[1]:
            report(result[0], line, code, message)
    found = _cross_page_findings(request, results_of)
    for _, (_, texts) in found:  # no link whose words name another rule than it opens
        for finding in texts:
            diag.error_found(finding, request.label)
    for rel in sorted(request.expected.keys() - listing.files):
        report(rel, 1, "page-missing", f"page missing: it should hold {len(request.expected[rel])} entries")
    for rel, (problems, _) in found:
        for line, code, message in problems:
            report(rel, line, code, message)
    entries = dict(zip(map(_FIRST, results), map(_ENTRIES, results)))
    return CheckedSite(len(listing.pages), entries, frozenset(known))


def _report(diag: Diagnostics, label: str, rel: str, line: int, code: str, message: str) -> None:
    diag.error(Loc(posixpath.join(label, rel) if label else rel, max(line, 1)), code, message)


def _listed(files: set[str], dirs: set[str], held: HeldFindings | None) -> _Listing:
    """The site's files and folders listed for a check: the last check's
    listing (`held`) when they are the same files, sorted as they were, with
    the links resolved against them so far."""
    listing = held.listing if held is not None else None
    if listing is not None and listing.files == files and listing.dirs == dirs:
        return listing
    pages = sorted(f for f in files if f.endswith(".html"))
    todo = pages + sorted(f for f in files if f.endswith((".js", ".css")))
    listing = _Listing(files, dirs, pages, todo, {}, SiteFiles(files, dirs, set(pages)))
    if held is not None:
        held.listing = listing
    return listing


def _cross_page_findings(request: CheckRequest, results_of: dict[str, _FileResult]) -> list[tuple[str, tuple]]:
    """What the link checks find that needs other pages than the one linking
    (`CrossPages`), of each page with findings: (rel, (its broken #fragments
    on other pages, its link-text findings))."""
    cross = request.held.cross if request.held is not None else CrossPages()
    if request.links:
        cross.update(results_of)
    else:
        cross.clear()
    return [(rel, cross.found[rel]) for rel in cross.reporting]


def _walk(root: Path) -> tuple[dict[str, int], set[str]]:
    """Every file (with its inode) and folder under `root` (as os.walk lists
    them: a link to a folder is a folder, not entered), relative to it.
    os.scandir tells a folder from a file and gives the inode without asking
    the file system again, and each path is made once, by adding a name to its
    folder's."""
    files: dict[str, int] = {}
    dirs: set[str] = {""}
    todo = [(str(root), "")]
    while todo:
        folder, prefix = todo.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError:  # as os.walk: a folder that cannot be listed is passed over
            continue
        for entry in entries:
            rel = prefix + entry.name
            try:
                is_dir = entry.is_dir()
            except OSError:
                is_dir = False
            if not is_dir:
                files[rel] = entry.inode()
                continue
            dirs.add(rel)
            if not entry.is_symlink():
                todo.append((entry.path, rel + "/"))
    return files, dirs


class CrossPages:
    """What the link checks find that needs other pages than the one linking (a
    #fragment on another page, the words of a link to a rule there), page by
    page: each page's findings are a function of its own check's result and
    of the results of the pages it links to (`needs`), no other. A process
    that checks build after build (`HeldFindings`) keeps them: a page is
    worked out again when its result is another than last time (checked
    again), or the result of a page it links to is (checked again, gone or
    come), and the rest is what it was. Results reused from the last check
    (`_reusable`) are the very objects it kept, so "another" is `is not`."""

    def __init__(self) -> None:
        self.clear()

    def clear(self) -> None:
        self.results: dict[str, _FileResult] = {}  # what the findings were worked out from
        self.found: dict[str, tuple[list[Problem], list]] = {}  # rel -> (link problems, link-text findings)
        self.needs: dict[str, set[str]] = {}  # rel -> the pages its findings read
        self.needed_by: dict[str, set[str]] = {}  # rel -> the pages whose findings read it
        self.reporting: list[str] = []  # the pages with findings, sorted

    def update(self, results: dict[str, _FileResult]) -> None:
        """Brings the findings up to the check whose results (rel -> result) are `results`."""
        before = self.results
        changed = set(compress(results, map(is_not, map(before.get, results), results.values())))
        changed |= before.keys() - results.keys()
        todo = set(changed)
        for rel in changed:
            todo |= self.needed_by.get(rel, set())
        for rel in todo:
            for need in self.needs.pop(rel, ()):
                self.needed_by[need].discard(rel)
            self.found.pop(rel, None)
            if rel in results:
                found, needs = _cross_page(rel, results)
                if found[0] or found[1]:
                    self.found[rel] = found
                self.needs[rel] = needs
                for need in needs:
                    self.needed_by.setdefault(need, set()).add(rel)
        self.results = results
        if todo:
            self.reporting = sorted(self.found)


def _cross_page(rel: str, results: dict[str, _FileResult]) -> tuple[tuple[list[Problem], list], set[str]]:
    """((its broken #fragments on other pages, its link-text findings), the pages they read)."""
    result = results[rel]
    needs: set[str] = set()
    problems: list[Problem] = []
    if result[3]:
        targets = {check[3] for check in result[3] if not check[1]}
        needs |= targets
        ids = {t: found[2] for t in targets if (found := results.get(t)) is not None and found[2] is not None}
        problems = link_problems({rel: result[3]}, ids).get(rel, [])
    texts: list = []
    if result[4] is not None:

        def summary(path: str) -> PageSummary | None:
            needs.add(path)
            found = results.get(path)
            return found[4] if found is not None else None

        texts = link_text_problems(result[4], rel, summary)
    return (problems, texts), needs


def check_folder(site_dir: Path, links: bool = True, offline: bool = True, scripts: bool = False) -> list[str]:
    """The problems of a built site on its own (no model), as printed lines."""
    diag = Diagnostics()
    check_built_site(CheckRequest(site_dir, links=links, offline=offline, scripts=scripts), diag)
    return [str(d) for d in sorted_problems(diag.items)]


def sorted_problems(items: list[Diagnostic]) -> list[Diagnostic]:
    return sorted(items, key=lambda d: (d.loc.path, d.loc.line, d.code, d.message))
