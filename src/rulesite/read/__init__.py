"""Stage 1: read every source named in the manifest with the importer for its format."""

from __future__ import annotations

import os
import pickle
from collections.abc import Callable
from functools import partial
from pathlib import Path

from ..diagnostics import Diagnostics
from ..model import Imported, Loc, Source
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
from ..workers import cores, run_jobs

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
    formats = set(IMPORTERS) | set(FOLDER_IMPORTERS)
    folders = set(FOLDER_IMPORTERS)
    sources = read_manifest(manifest, formats, diag, folder_formats=folders)
    for extra, root in also:
        sources += read_manifest(extra, formats, diag, root, folder_formats=folders)
    ids: dict[str, Loc] = {}
    for source in sources:  # one id names one source across all manifests
        if source.id in ids:
            diag.error(source.loc, "manifest", f"duplicate source id {source.id!r} (first at {ids[source.id]})")
        ids.setdefault(source.id, source.loc)
    read: list = [None] * len(sources)  # (what was read, the problems found), in the sources' order
    todo: list[int] = []  # the sources read now (the others: unreadable, or kept)
    work: list = []
    keys: dict[int, str] = {}  # source -> the name of its entry
    texts: dict[int, str | None] = {}
    for k, source in enumerate(sources):
        text = None  # a folder's files are read by its importer, each look noted (`kept.py`)
        if source.format not in FOLDER_IMPORTERS:
            # The file is read here, and the very text it holds is parsed and named.
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
    looks: dict[int, list] = {}  # source -> the other files its read looked at, for `shared`
    if shared is not None:
        shared.read = {}  # filled below with this build's reads alone
    if shared is not None and kept is not None and kept.reuse:
        for document, members in documents.items():
            if not all(k in keys for k in members):
                continue
            found = shared.found(document, tuple(keys[k] for k in members))
            for k, (result, problems, seen) in zip(members, found or []):
                kept.named(keys[k])
                read[k], looks[k] = (result, problems), seen
    for k, text in texts.items():
        if read[k] is not None:
            continue
        if (key := keys.get(k)) is not None:
            if (data := kept.load(key)) is not None and (entry := unpickled(data)) is not None:
                read[k], looks[k] = entry[:2], entry[2]
                continue
        todo.append(k)
        work.append(partial(_read_alone, sources[k], text))
    # Sources are read side by side by forked workers when there are many
    # (`workers.py`); each one's problems are reported in the sources' order.
    if jobs is None:
        jobs = cores() if len(todo) >= PARALLEL_SOURCES else 1
    for k, data in zip(todo, run_jobs(work, jobs, [_size(sources[k]) for k in todo])):
        entry = pickle.loads(data)
        read[k], looks[k] = entry[:2], entry[2]
        if (key := keys.get(k)) is not None:
            kept.keep(key, data)
    if shared is not None and kept is not None:
        for document, members in documents.items():
            if all(k in keys and k in looks for k in members):
                shared.read[document] = (tuple(keys[k] for k in members), [(*read[k], looks[k]) for k in members])
    imported = []
    for result, found in read:
        diag.items += found
        imported.append(result)
    return sources, imported


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
