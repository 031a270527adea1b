"""Stage 1: read every source named in the manifest with the importer for its format."""

from __future__ import annotations

import os
import pickle
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from ..common.diagnostics import Diagnostics
from ..common.model import Imported, Loc, Source
from . import (
    cards_json,
    errata_json,
    faq_json,
    faq_translation,
    guide_md,
    mtg_es_page,
    mtg_rules,
    rules_document,
    rules_text,
    rulings_mdx,
    rulings_text,
    web_pages,
)
from .files import read_text, recording, split_lines
from .kept import Kept, Shared, entry_key, unpickled
from .manifest import read_manifest
from .rule_checks import check_rules
from .untrusted import check_characters, warn_untrusted
from ..common.workers import cores, run_jobs

Importer = Callable[[Source, list[str], Diagnostics], Imported]
FolderImporter = Callable[[Source, Diagnostics], Imported]

IMPORTERS: dict[str, Importer] = {
    "rules-text": rules_text.read,
    "web-bullets": web_pages.read_bullets,
    "web-blocks": web_pages.read_blocks,
    "mtg-es-page": mtg_es_page.read,
    "rulings-text": rulings_text.read,
    "rules-document": rules_document.read,
    "mtg-rules": mtg_rules.read,
    "faq-json": faq_json.read,
    "faq-translation": faq_translation.read,
    "errata-json": errata_json.read,
    "cards-json": cards_json.read,
    "guide-md": guide_md.read,
}


# Formats whose source is a folder of files rather than one file.
FOLDER_IMPORTERS: dict[str, FolderImporter] = {"rulings-mdx": rulings_mdx.read_folder}


def read_sources(
    manifest: Path,
    diag: Diagnostics,
    also: list[tuple[Path, Path]] = (),
    jobs: int | None = None,
    kept: Kept | None = None,
    shared: Shared | None = None,
) -> tuple[list[Source], list[Imported]]:
    """Every source of `manifest`, then of each extra (manifest, root folder) pair.
    `jobs`: how many forked workers read them (default: one a core when there
    are many sources, else none). `kept`: what earlier builds read (`kept.py`):
    a source whose entry is there is not read again; what is read is handed
    to it, to file if the build succeeds. `shared`: what the last build in this
    process read (`kept.Shared`, with `kept`): a document whose sources are
    read from the same entries is handed out as the same objects."""
    sources = _listed_sources(manifest, also, diag)
    reads = _Reads.of(sources, kept)
    if shared is not None:
        shared.read = {}  # filled below with this build's reads alone
    if shared is not None and kept is not None and kept.reuse:
        reads.take_shared(shared, kept)
    todo = reads.take_kept(kept)
    # Sources are read side by side by forked workers when there are many
    # (`workers.py`); each one's problems are reported in the sources' order.
    if jobs is None:
        jobs = cores() if len(todo) >= PARALLEL_SOURCES else 1
    work = [partial(_read_alone, sources[k], reads.texts[k]) for k in todo]
    for k, data in zip(todo, run_jobs(work, jobs, [_size(sources[k]) for k in todo])):
        entry = pickle.loads(data)
        reads.read[k], reads.looks[k] = entry[:2], entry[2]
        if (key := reads.keys.get(k)) is not None:
            kept.keep(key, data)
    if shared is not None and kept is not None:
        reads.share(shared)
    imported = []
    for result, found in reads.read:
        diag.items += found
        imported.append(result)
    return sources, imported


def _listed_sources(manifest: Path, also: list[tuple[Path, Path]], diag: Diagnostics) -> list[Source]:
    """Every source of `manifest`, then of each extra manifest; one id names one
    source across all manifests."""
    formats = set(IMPORTERS) | set(FOLDER_IMPORTERS)
    folders = set(FOLDER_IMPORTERS)
    sources = read_manifest(manifest, formats, diag, folder_formats=folders)
    for extra, root in also:
        sources += read_manifest(extra, formats, diag, root, folder_formats=folders)
    ids: dict[str, Loc] = {}
    for source in sources:
        if source.id in ids:
            diag.error(source.loc, "manifest", f"duplicate source id {source.id!r} (first at {ids[source.id]})")
        ids.setdefault(source.id, source.loc)
    return sources


@dataclass
class _Reads:
    """What is known of each source (by its place in the list) while they are read."""

    sources: list[Source]
    read: list  # (what was read, the problems found), in the sources' order; None: not yet
    texts: dict[int, str | None]  # the sources to read, with their file's text (None: a folder)
    keys: dict[int, str]  # source -> the name of its entry (`kept.py`)
    documents: dict[tuple, list[int]]  # (game, document, language) -> its sources
    looks: dict[int, list] = field(default_factory=dict)  # source -> the other files its read looked at, for `shared`

    @classmethod
    def of(cls, sources: list[Source], kept: Kept | None) -> _Reads:
        """Each file read here, and the very text it holds is parsed and named
        (its entry in `kept`); a folder's files are read by its importer, each
        look noted (`kept.py`). A file that cannot be read is done with: its
        problems are what was read of it."""
        read: list = [None] * len(sources)
        texts: dict[int, str | None] = {}
        keys: dict[int, str] = {}
        for k, source in enumerate(sources):
            text = None
            if source.format not in FOLDER_IMPORTERS:
                found = Diagnostics()
                text = read_text(Path(source.file), source.path, found, source.root or None, loc=source.loc)
                if text is None:
                    read[k] = (Imported(), found.items)
                    continue
            texts[k] = text
            key = entry_key(source, text or "") if kept is not None else None
            if key is not None:
                keys[k] = key
                if text is not None:
                    kept.entries[source.id] = key
        documents: dict[tuple, list[int]] = {}
        for k, source in enumerate(sources):
            documents.setdefault((source.game, source.document, source.language), []).append(k)
        return cls(sources, read, texts, keys, documents)

    def take_shared(self, shared: Shared, kept: Kept) -> None:
        """The reads of each document the last build in this process read from the same entries."""
        for document, members in self.documents.items():
            if not all(k in self.keys for k in members):
                continue
            found = shared.found(document, tuple(self.keys[k] for k in members))
            for k, (result, problems, seen) in zip(members, found or []):
                kept.named(self.keys[k])
                self.read[k], self.looks[k] = (result, problems), seen

    def take_kept(self, kept: Kept | None) -> list[int]:
        """The reads earlier builds kept; returns the sources still to read."""
        todo = []
        for k in self.texts:
            if self.read[k] is not None:
                continue
            if (key := self.keys.get(k)) is not None:
                if (data := kept.load(key)) is not None and (entry := unpickled(data)) is not None:
                    self.read[k], self.looks[k] = entry[:2], entry[2]
                    continue
            todo.append(k)
        return todo

    def share(self, shared: Shared) -> None:
        """This build's reads, by document, for the next build in this process."""
        for document, members in self.documents.items():
            if all(k in self.keys and k in self.looks for k in members):
                shared.read[document] = (tuple(self.keys[k] for k in members), [(*self.read[k], self.looks[k]) for k in members])


# Fewer sources than this are read in this process: forking costs more.
PARALLEL_SOURCES = 12


def _size(source: Source) -> int:
    """Bytes to read: how long reading a source takes, roughly (the Magic rules'
    940 KB, 0.26 s; a Core Rules edition's 330 KB, 0.18 s). 0 when it can't be
    found: reading it then reports why."""
    try:
        if source.format not in FOLDER_IMPORTERS:
            return os.stat(source.file).st_size
        return sum(os.stat(os.path.join(folder, name)).st_size for folder, _, names in os.walk(source.file) for name in names)
    except (OSError, ValueError):
        return 0


def _read_alone(source: Source, text: str | None) -> bytes:
    """One source read (from `text`, its file's, when given), with the problems
    found in it and the other files it looked at (a rulings file's ids):
    pickled, as a worker sends it back and as it is kept."""
    found = Diagnostics()
    with recording() as seen:
        result = read_source(source, found, text)
    return pickle.dumps((result, found.items, seen), pickle.HIGHEST_PROTOCOL)


def read_source(source: Source, diag: Diagnostics, text: str | None = None) -> Imported:
    """What `source` holds. `text`: its file's text, when it was read already."""
    if source.format in FOLDER_IMPORTERS:
        result = FOLDER_IMPORTERS[source.format](source, diag)
    else:
        if text is None:
            text = read_text(Path(source.file), source.path, diag, source.root or None, loc=source.loc)
        if text is None:
            return Imported()
        result = IMPORTERS[source.format](source, split_lines(text), diag)
    check_characters(source, source.loc, diag)
    check_characters(result, Loc(source.path, 1), diag)
    check_rules(result, diag)
    warn_untrusted(result, diag)
    return result
