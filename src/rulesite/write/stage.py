"""The write stage: the rendered pages into a fresh generation of the docs
folder, published in one step, with each language's service worker and
MkDocs config; in a process that builds again and again, only the files that
changed are digested and written (`WriteMemory`)."""

from __future__ import annotations

import re
from itertools import compress
from operator import is_not
from pathlib import Path

from ..common import output
from ..render.context import Context
from ..render.offline_app import offline_files
from ..render.site import (
    navigation,
    top_folders,
    write_config,
    write_docs,
    written_digests,
)
from ..common import workers
from ..common.workers import Held
from .memory import WriteMemory


CONFIG = Path("mkdocs.yml")
DOCS_DIR = Path("build") / "docs"  # where the generated Markdown goes by default (`rulesite build --docs-dir`)


def site_url(config: Path, given: str | None = None) -> str:
    """The site's public address, ending in "/": the one given, else the MkDocs
    config's site_url, else "" (links then stay relative, as from disk)."""
    url = given
    if url is None and config.is_file():
        # Only this key: the config may hold tags (!ENV ...) that safe_load refuses.
        match = re.search(r"^site_url:\s*['\"]?([^'\"\s#]+)", config.read_text(encoding="utf-8"), re.MULTILINE)
        url = match.group(1) if match else ""
    url = (url or "").strip()
    return url.rstrip("/") + "/" if url else ""


def write(
    ctx: Context,
    files: dict[str, dict[str, str | Held]],
    docs_dir: Path,
    config_dir: Path,
    config: Path = CONFIG,
    build_id: str = "",
    crew: workers.Crew | None = None,
    later=None,
    memory: WriteMemory | None = None,
    spare: output.Spare | None = None,
    tables: dict | None = None,
) -> None:
    """The rendered pages into docs_dir/<language>/ (a new generation, published
    in one step; files whose content did not change keep their timestamps), and
    each language's MkDocs config. The model and the pages are only read here
    (`workers.frozen`). `crew`: render's, when its workers hold files (`Held`).
    `later`: removes the docs generation replaced, after the build has gone on
    (`write_docs`). `memory`: what the last write worked out (`WriteMemory`),
    used where it was made from the same, and replaced by this one's.
    `spare`: a copy of the published generation kept between builds, taken
    as the new one (`write_docs`). `tables`: where the docs digests tables
    read and written are kept (`WriteMemory.tables`, of `memory` or of a
    memory for one build alone)."""
    with workers.frozen():
        _write(ctx, files, docs_dir, config_dir, config, build_id, crew, later, memory, spare, tables)


def _write(
    ctx: Context,
    files: dict[str, dict[str, str | Held]],
    docs_dir: Path,
    config_dir: Path,
    config: Path,
    build_id: str,
    crew: workers.Crew | None,
    later=None,
    memory: WriteMemory | None = None,
    spare: output.Spare | None = None,
    tables: dict | None = None,
) -> None:
    tables = {} if tables is None else tables
    contexts = {
        lang: Context(
            ctx.corpus,
            ctx.links,
            ctx.citations,
            ctx.concordance,
            language=lang,
            languages=tuple(files),
            editions=ctx.editions,
            site_url=ctx.site_url,
            engine=ctx.engine,
        )
        for lang in files
    }
    navs = {lang: navigation(contexts[lang], pages) for lang, pages in files.items()}
    # Each file's digest: the service worker lists them, write_docs writes the
    # files whose digest changed. A file render's workers hold (`Held`) comes
    # with its own. In a process that builds again and again (`memory`), a
    # file that is the very object the last write wrote (a reused render
    # job's, `render_site`), or an equal text, has the digest it had: only the
    # others are digested, and what follows works on those (`changed`).
    basis = memory.files if memory is not None else None
    if memory is not None:
        memory.files = None  # until this write is done: a failed one is no basis for the next
    if basis is not None and basis.keys() != files.keys():
        basis = None
    rendered, changed = _digested(files, basis, memory)
    # The service worker lists the finished pages: added once they all are.
    written = _add_offline_files(files, contexts, navs, config, rendered, changed, basis, memory)
    if basis is not None:
        digests = {
            f"{lang}/{path}": written[lang][path] for lang, paths in changed.items() for path in paths if path in files[lang]
        }
        since = memory.docs_digests
    else:
        digests = {f"{lang}/{path}": digest for lang, mine in rendered.items() for path, digest in mine.items()}
        since = None
    write_docs(files, docs_dir, build_id or output.new_build_id(), digests, crew, later, spare, changed, since, tables)
    configs = memory.configs if memory is not None else None
    for lang in files:
        folders = top_folders(files, lang)
        write_config(contexts[lang], navs[lang], config, docs_dir, config_dir / f"mkdocs.{lang}.yml", configs, folders)
    if memory is not None:
        memory.files, memory.file_digests = files, written
        # The table the published generation keeps (`write_docs`): the next write's `since`.
        published = output.published(docs_dir)
        memory.docs_digests = written_digests(published, tables) if published is not None else None


def _digested(
    files: dict[str, dict[str, str | Held]], basis: dict | None, memory: WriteMemory | None
) -> tuple[dict[str, dict[str, str]], dict[str, list[str]]]:
    """Each file's digest, language -> path -> digest, and language -> the paths
    whose file came or changed since `basis` (the files the last write wrote)."""
    rendered: dict[str, dict[str, str]] = {}  # language -> path -> digest
    changed: dict[str, list[str]] = {}  # language -> paths whose file came, changed or went since `basis`
    for lang, pages in files.items():
        if basis is not None:
            before, before_digests = basis[lang], memory.file_digests.get(lang, {})
            mine = rendered[lang] = dict(zip(pages, map(before_digests.get, pages)))
            # (Without a Python loop: 20,000 files, nearly all the very objects.)
            others = list(compress(pages, map(is_not, map(before.get, pages), pages.values())))
        else:
            before, before_digests, mine = {}, {}, {}
            rendered[lang], others = mine, list(pages)
        moved = changed[lang] = []
        for path in others:
            data = pages[path]
            if isinstance(data, Held):
                digest = data.digest
            elif isinstance(data, str):
                old = before.get(path)
                same = type(old) is str and old == data and path in before_digests
                digest = before_digests[path] if same else output.file_digest(data.encode("utf-8"))
            else:  # bytes: an image a job that ran again drew anew is mostly the same image
                old = before.get(path)
                same = type(old) is bytes and old == data and path in before_digests
                digest = before_digests[path] if same else output.file_digest(data)
            mine[path] = digest
            if digest != before_digests.get(path):
                moved.append(path)
    return rendered, changed


def _add_offline_files(
    files: dict[str, dict[str, str | Held]],
    contexts: dict[str, Context],
    navs: dict,
    config: Path,
    rendered: dict[str, dict[str, str]],
    changed: dict[str, list[str]],
    basis: dict | None,
    memory: WriteMemory | None,
) -> dict[str, dict[str, str]]:
    """Each language's service worker and the files it lists added to its pages
    (their paths to `changed` where they changed or went); every file's digest,
    language -> path -> digest."""
    config_text = config.read_text(encoding="utf-8")
    written = {lang: dict(mine) for lang, mine in rendered.items()}
    for lang, pages in files.items():
        # The other languages' files and navigation: the root site's worker stores their word indexes.
        others = {o: (rendered[o], navs[o]) for o in files if o != lang}
        kept = memory.offline.setdefault(lang, {}) if memory is not None else None
        since = (basis[lang], changed[lang]) if basis is not None else None
        other_files = {o: files[o] for o in files if o != lang}
        added = offline_files(contexts[lang], pages, navs[lang], config_text, rendered[lang], others, kept, since, other_files)
        pages.update(added)
        before_digests = memory.file_digests.get(lang, {}) if basis is not None else {}
        for path, data in added.items():
            digest = written[lang][path] = page_digest(page_bytes(data))
            if digest != before_digests.get(path):
                changed[lang].append(path)
        if basis is not None:
            changed[lang] += basis[lang].keys() - pages.keys()  # gone
    return written


def page_bytes(data: str | bytes | Held) -> bytes | Held:
    return data.encode("utf-8") if isinstance(data, str) else data


def page_digest(data: bytes | Held) -> str:
    return data.digest if isinstance(data, Held) else output.file_digest(data)
