"""What each stage of the build does, a plain function each: read -> resolve ->
render -> write -> build -> check -> publish. The order they run in, and what
earlier builds save a build, is `sequence.py`'s, which every command and test
runs."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from functools import cache, partial
from itertools import compress
from operator import is_not
from pathlib import Path

from . import output
from .check.edition_counts import compare, counts_in, counts_out
from .check.entries import expected_entries
from .check.feed import feed_problems
from .check.run import HeldFindings, check_built_site
from .check.offline_app import Precache, check_precache
from .diagnostics import Diagnostics
from .export.files import data_again, data_files, data_parts, finish_data
from .model import Corpus, Loc
from .read import read_sources
from .read.collisions import check_page_names
from .read.extras import read_card_aliases, read_concordance, read_keywords, read_misprints
from .read.kept import Kept, Shared
from .read.manifest import shown_path
from .read.untrusted import check_characters
from .read.walkthroughs import read_walkthroughs
from .read.written import read_written
from .read.yamlfile import keeping
from .render.context import Context
from .render.offline_app import offline_files
from .site_map.paths import language_root
from .site_map.site_map import make_site_map
from .render.site import (
    THEME_ASSETS,
    Published,
    navigation,
    render_site,
    top_folders,
    write_config,
    write_docs,
    written_digests,
)
from .resolve.card_mentions import KnownMentions
from .resolve.citations import collect
from .resolve.cited_rules import check_cited_rules
from .resolve.dated import dated_items, newest_source
from .resolve.linked import KnownLinks, link_texts
from .resolve.concordance import resolve_concordance
from .resolve.history import (
    KnownComparisons,
    KnownPairs,
    diff_editions,
    prerendered_pairs,
    rule_chains,
    rule_history,
    score_editions,
)
from .resolve.review import attach_errata, needs_review
from .resolve.keywords import keyword_forms
from .resolve.links import Linker
from .resolve.merge import merge
from .resolve.entries import changes_view
from .resolve.view import editions_view
from .resolve.walkthrough_check import check_walkthroughs
from .split_build import available as split_build_available
from . import workers
from .workers import Held
from .write_memory import WriteMemory
from .rebuild import Worker

# Defaults, relative to the folder the build runs from (the project folder):
# every one of them is also a command-line option.
SOURCES = Path("rules_src")
CONFIG = Path("mkdocs.yml")


def corpora_manifest(sources_dir: Path) -> Path:
    """The manifest that lists the real documents, relative to their own folder."""
    return sources_dir / "external" / "corpora.manifest.yml"


def kept_reads(config_dir: Path, clean: bool = False) -> Kept:
    """What earlier builds read of each source (`read/kept.py`), kept beside the
    MkDocs configs of their docs folder: a rebuild reads only changed sources
    (`clean`: none of it is used). Call its `save` once the build has succeeded."""
    return Kept(config_dir / "read", reuse=not clean)


def read_corpus(
    manifest: Path,
    diag: Diagnostics,
    also: list[tuple[Path, Path]] = (),
    pages_dir: Path | None = None,
    kept: Kept | None = None,
    parsed: dict | None = None,
    shared: Shared | None = None,
) -> Corpus:
    """Stage 1 and 2: every source read by its importer, merged into one corpus.
    `also`: extra (manifest, folder) pairs whose sources are read too;
    `pages_dir`: the folder of written pages (docs/), when the site shows them;
    `kept`: what earlier builds read (`kept_reads`), when it is used;
    `parsed`: the YAML texts an earlier read parsed (`yamlfile.keeping`), not
    parsed again, and replaced by what this one parsed; `shared`: what the last
    build in this process read and merged (`kept.Shared`), with `kept`."""
    # What read makes is only read afterwards: neither it nor, while it is made,
    # what it is made from is walked by the collector (`workers.frozen`).
    with workers.frozen():
        if parsed is None:
            return _read_corpus(manifest, diag, also, pages_dir, kept, shared)
        with keeping(parsed) as used:
            corpus = _read_corpus(manifest, diag, also, pages_dir, kept, shared)
        parsed.clear()
        parsed.update(used)
        return corpus


def _read_corpus(
    manifest: Path,
    diag: Diagnostics,
    also: list[tuple[Path, Path]],
    pages_dir: Path | None,
    kept: Kept | None,
    shared: Shared | None = None,
) -> Corpus:
    shared = shared if kept is not None else None
    sources, imported = read_sources(manifest, diag, also, kept=kept, shared=shared)
    corpus = merge(sources, imported, diag, shared.merged if shared is not None else None)
    if shared is not None:
        shared.keep_read()
    if sources and not any(True for _ in corpus.rules()):
        diag.error(Loc(shown_path(manifest), 1), "no-rules", "the sources yield no rules: nothing to build")
    folder = manifest.parent
    walkthroughs = folder / "walkthroughs"
    if walkthroughs.is_dir():
        corpus.walkthroughs = read_walkthroughs(walkthroughs, diag)
        check_characters(corpus.walkthroughs, Loc(shown_path(walkthroughs), 1), diag)
    corpus.keywords = read_keywords(folder / "keywords.yml", diag, folder)
    corpus.card_aliases = read_card_aliases(folder / "card-aliases.yml", diag, folder)
    corpus.equivalents, corpus.topics = read_concordance(folder / "concordance.yml", diag, folder)
    corpus.misprints = read_misprints(folder / "misprints.yml", diag, folder)
    hand_written = [corpus.keywords, corpus.card_aliases, corpus.equivalents, corpus.topics, corpus.misprints]
    check_characters(hand_written, Loc(shown_path(folder), 1), diag)
    check_page_names(corpus, diag)
    if pages_dir is not None:
        corpus.written = read_written(pages_dir, diag)
    return corpus


def resolve(
    corpus: Corpus,
    diag: Diagnostics,
    jobs: int | None = None,
    known: KnownPairs | None = None,
    links: KnownLinks | None = None,
    mentions: KnownMentions | None = None,
    compared: KnownComparisons | None = None,
) -> Context:
    """Stage 3: references and keywords resolved, walkthroughs checked against their rules.
    What read made is only read here: frozen, the collector does not walk it.
    `jobs`: 1 resolves in this process alone; by default, when the editions
    to compare are long, a forked worker scores their rules meanwhile.
    `known`: rule pairs scored before (`edition_pairs`), used where they fit,
    and where the pairs scored now are added; when it holds any, the few
    pairs left are scored in this process. `links`: the texts the last build
    linked (`linked.KnownLinks`), used where they still hold, replaced by these.
    `mentions`: the card mentions the last build found
    (`card_mentions.KnownMentions`), likewise. `compared`: what the last
    build compared (`history.KnownComparisons`), used for documents whose
    editions are the same objects, replaced by this build's."""
    if jobs is None:
        jobs = workers.cores() if _compared_rules(corpus) >= BESIDE_RULES else 1
    with workers.frozen():
        return _resolve(corpus, diag, jobs > 1 and not known, known, links, mentions, compared)


# Rules in the editions to compare from which scoring them runs beside linking
# (about 0.2 s for the full corpora's 7,000): below it, forking costs more.
BESIDE_RULES = 2000


def _resolve(
    corpus: Corpus,
    diag: Diagnostics,
    fork: bool,
    known: KnownPairs | None = None,
    links: KnownLinks | None = None,
    mentions: KnownMentions | None = None,
    compared: KnownComparisons | None = None,
) -> Context:
    # Scoring which rules of two editions are the same rule is most of comparing
    # them, and nothing of linking the texts needs it: a worker scores while
    # this process links, then the chains and diffs are made from its pairs
    # (without a worker, nothing is scored before: all of it is done below).
    with workers.beside(partial(edition_pairs, corpus) if fork else dict, fork) as scored:
        tables = links.tables if links is not None else None
        linker = Linker(corpus, keyword_forms(corpus, diag, tables), tables)
        linked = link_texts(corpus, linker, links)
        citations = collect(corpus, linked, diag, mentions)
        found = scored()
    if known is None:
        known = found
    else:
        known.update(found)
    history, diffs, chains = compare_editions(corpus, known, compared)
    views = compared.views_of(corpus.editions) if compared is not None else None
    parts = (compared.edition_parts, compared.change_parts) if compared is not None else (None, None)
    editions = views[0] if views is not None else editions_view(corpus, chains, parts[0])
    check_walkthroughs(corpus, diag, editions)
    check_cited_rules(corpus, diag)
    concordance = resolve_concordance(corpus, diag)
    attach_errata(corpus, diag)
    reviews = needs_review(corpus, history, editions)
    changes = views[1] if views is not None else changes_view(corpus, editions, diffs, history, parts[1])
    if compared is not None:
        compared.views = (dict(corpus.editions), editions, changes)
    return Context(
        corpus,
        linked,
        citations,
        concordance,
        history=history,
        diffs=diffs,
        chains=chains,
        reviews=reviews,
        findings=list(diag.warnings),
        editions=editions,
        changes=changes,
        dated=dated_items(corpus, diffs),
        feed_date=newest_source(corpus),
        site_map=make_site_map(corpus, citations, editions, changes, diffs, compared.site_map if compared is not None else None),
    )


def compare_editions(
    corpus: Corpus, known: KnownPairs | None = None, compared: KnownComparisons | None = None
) -> tuple[dict, list, dict]:
    """Every rule's history and match chain in its document, and the diffs the site
    pre-renders: between neighbouring whole dated editions and between each one and
    the current edition (`prerendered_pairs`: linear in editions). The diff of any
    other pair is composed along the chains (`traced_diff`) and published as data.
    `known`: the rule pairs scored before (`edition_pairs`), and where new ones are kept.
    `compared`: what the last build compared (`KnownComparisons`): a document
    whose editions are the same objects is not compared again; replaced by this
    build's."""
    history, diffs, chains, made = {}, [], {}, {}
    for key, dated in _compared(corpus):  # key: (game, document, language)
        editions = corpus.editions[key]
        kept = compared.documents.get(key) if compared is not None else None
        if kept is not None and kept[0] is editions:
            _, history[key], chains[key], ours = made[key] = kept
            diffs += ours
            continue
        found = chains[key] = rule_chains(dated, known)
        history[key] = rule_history(dated, found)
        whole = [e for e in found.editions if not e.partial]
        # Neighbours were matched for the chains already: their diffs reuse them.
        ours = [diff_editions(a, b, found.matches.get((a.label, b.label)), known) for a, b in prerendered_pairs(whole)]
        diffs += ours
        made[key] = (editions, history[key], found, ours)
    if compared is not None:
        compared.documents = made
    return history, diffs, chains


def edition_pairs(corpus: Corpus) -> KnownPairs:
    """The rule pairs `compare_editions` scores: what a worker hands back (a few
    hundred KB of numbers, where the matches themselves would be the corpus)."""
    return {key: pairs for _, dated in _compared(corpus) for key, pairs in score_editions(dated).items()}


def _compared(corpus: Corpus) -> list[tuple[tuple[str, str, str], list]]:
    """The documents with editions to compare, and their dated editions."""
    found = [(key, [e for e in editions if e.date != "undated"]) for key, editions in corpus.editions.items()]
    return [(key, dated) for key, dated in found if len(dated) >= 2]


def _compared_rules(corpus: Corpus) -> int:
    return sum(len(section.rules) for _, dated in _compared(corpus) for e in dated for section in e.sections.values())


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


def render_files(ctx: Context, crew: workers.Crew | None = None, memory=None) -> dict[str, dict[str, str | Held]]:
    """Stage 4: every language's pages, language -> path -> text. `crew`: the
    workers that keep the files they made (`Held`) until `write` writes them.
    `memory`: what the last render's reusable jobs made (`warm.Memory`)."""
    return render_site(ctx, crew=crew, published=published_data(ctx), memory=memory)


def published_data(ctx: Context) -> Published:
    """The published data (export/), as render runs it beside the pages."""
    return Published(
        whole=partial(data_files, ctx, places=ctx),
        parts=partial(data_parts, ctx, places=ctx),
        finish=finish_data,
        again=data_again,
    )


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
) -> None:
    """The rendered pages into docs_dir/<language>/ (a new generation, published
    in one step; files whose content did not change keep their timestamps), and
    each language's MkDocs config. The model and the pages are only read here
    (`workers.frozen`). `crew`: render's, when its workers hold files (`Held`).
    `later`: removes the docs generation replaced, after the build has gone on
    (`write_docs`). `memory`: what the last write worked out (`WriteMemory`),
    used where it was made from the same, and replaced by this one's.
    `spare`: a copy of the published generation kept between builds, taken
    as the new one (`write_docs`)."""
    with workers.frozen():
        _write(ctx, files, docs_dir, config_dir, config, build_id, crew, later, memory, spare)


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
) -> None:
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
    # The service worker lists the finished pages: added once they all are.
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
            digest = written[lang][path] = _digest(_bytes(data))
            if digest != before_digests.get(path):
                changed[lang].append(path)
        if basis is not None:
            changed[lang] += basis[lang].keys() - pages.keys()  # gone
    if basis is not None:
        digests = {
            f"{lang}/{path}": written[lang][path] for lang, paths in changed.items() for path in paths if path in files[lang]
        }
        since = memory.docs_digests
    else:
        digests = {f"{lang}/{path}": digest for lang, mine in rendered.items() for path, digest in mine.items()}
        since = None
    write_docs(files, docs_dir, build_id or output.new_build_id(), digests, crew, later, spare, changed, since)
    configs = memory.configs if memory is not None else None
    for lang in files:
        folders = top_folders(files, lang)
        write_config(contexts[lang], navs[lang], config, docs_dir, config_dir / f"mkdocs.{lang}.yml", configs, folders)
    if memory is not None:
        memory.files, memory.file_digests = files, written
        # The table the published generation keeps (`write_docs`): the next write's `since`.
        published = output.published(docs_dir)
        memory.docs_digests = written_digests(published) if published is not None else None


def _bytes(data: str | bytes | Held) -> bytes | Held:
    return data.encode("utf-8") if isinstance(data, str) else data


def _digest(data: bytes | Held) -> str:
    return data.digest if isinstance(data, Held) else output.file_digest(data)


def source_date(corpus: Corpus) -> str:
    """SOURCE_DATE_EPOCH for MkDocs (the sitemap's dates and the gzip header):
    the date of the newest dated source, so the same sources give the same site."""
    dates = sorted(s.edition for s in corpus.sources.values() if re.fullmatch(r"\d{4}-\d{2}-\d{2}", s.edition or ""))
    day = dt.date.fromisoformat(dates[-1]) if dates else dt.date(2000, 1, 1)
    return str(int(dt.datetime(day.year, day.month, day.day, tzinfo=dt.UTC).timestamp()))


def language_keys(
    files: dict[str, dict[str, str]],
    config_dir: Path,
    config: Path,
    env: dict[str, str],
    docs_dir: Path | None = None,
    memory: WriteMemory | None = None,
) -> dict[str, dict]:
    """A fingerprint of everything a language's MkDocs build reads: its pages,
    the site's own assets and theme templates, its config and the project's,
    the packages' versions, the source date. Per language: `key`, of all of it
    (equal keys give byte-identical output); `frame`, of all of it but the
    files' contents and the static files (the list of pages and their titles
    stay in it); and
    `files`, each file's digest: read off the digests `docs_dir` keeps of the
    files as written there (`written_digests`), so they are not worked out twice,
    or, when `files` are what the write that kept `memory` wrote, off those it
    kept (with the titles of the pages it saw)."""
    if memory is not None and memory.files is files:
        kept, written = memory.file_digests, {}
    else:
        kept, written = {}, (written_digests(docs_dir) if docs_dir is not None else None) or {}
    titles = memory.titles if memory is not None else {}
    order = memory.order if memory is not None else {}
    common = hashlib.sha256()
    for name in ("mkdocs", "mkdocs-material", "pymdown-extensions", "Markdown", "Pygments"):
        common.update(f"{name}={_version(name)}\n".encode())
    common.update(f"{sys.version}\n{env.get('SOURCE_DATE_EPOCH', '')}\n".encode())
    common.update(Path(config).read_bytes())
    common.update(_package_files())
    keys = {}
    seen: dict[str, str] = {}
    for lang, pages in files.items():
        frame = common.copy()
        frame.update((config_dir / f"mkdocs.{lang}.yml").read_bytes())
        sorted_paths = order.get(lang)
        if sorted_paths is None or pages.keys() != sorted_paths[0]:
            sorted_paths = order[lang] = (set(pages), sorted(pages))
        mine, ordered = kept.get(lang, {}), sorted_paths[1]
        digests = dict(zip(ordered, map(mine.get, ordered)))  # what the write kept: no Python loop
        if not all(digests.values()):
            for path in ordered:
                digests[path] = mine.get(path) or written.get(f"{lang}/{path}") or _digest(_bytes(pages[path]))
        # Static files may come and go (`rebuildable`): only the pages' titles are of the frame.
        framed = []
        for path, digest in digests.items():
            if path.endswith(".md"):
                title = seen[digest] = titles.get(digest) or seen.get(digest) or page_title(pages[path])
                framed.append(f"{path}\0{title}\0")
        # One update of the whole is the digest of the updates one by one.
        frame.update("".join(framed).encode())
        key = frame.copy()
        key.update("".join(map("{}\0{}\0".format, digests.keys(), digests.values())).encode())
        keys[lang] = {"key": key.hexdigest(), "frame": frame.hexdigest(), "files": digests}
    if memory is not None:
        memory.titles = seen
    return keys


@cache
def _version(name: str) -> str:
    """An installed package's version, once a process (MkDocs' worker imports each once too)."""
    from importlib.metadata import version

    return version(name)


def _package_files() -> bytes:
    """The package's own files MkDocs reads: assets, theme templates (not the
    code: it made the pages), each path and its bytes; read again only when
    a file's size or time is another than last time (`_files_kept`)."""
    package = THEME_ASSETS.parent
    found = []
    for folder, dirs, names in os.walk(package):
        dirs.sort()
        for name in names:
            path = os.path.join(folder, name)
            if Path(name).suffix not in (".py", ".pyc") and os.path.isfile(path):
                stat = os.stat(path)
                found.append((Path(path).relative_to(package).as_posix(), stat.st_size, stat.st_mtime_ns, stat.st_ino))
    found.sort(key=lambda found: found[0].split("/"))  # as paths sort
    if _files_kept.get("listing") == found:
        return _files_kept["data"]
    data = b"".join(rel.encode() + b"\0" + (package / rel).read_bytes() + b"\0" for rel, *_ in found)
    _files_kept.update(listing=found, data=data)
    return data


_files_kept: dict = {}  # the last listing of `_package_files` (paths, sizes, times, inodes), and its bytes


def page_title(markdown: str) -> str:
    """What MkDocs may take a page's title from: the front matter's title, else
    the first two lines of the text (a heading, underlined or not). A change in
    it may change what other pages show of this one (its place in their
    navigation), which a rebuild of only the changed pages would miss."""
    head, body = "", markdown
    if markdown.startswith("---\n"):
        end = markdown.find("\n---\n", 3)
        if end >= 0:
            head, body = markdown[4:end], markdown[end + 5 :]
    title = [line for line in head.splitlines() if line.startswith("title:")]
    if title:  # MkDocs takes it over any heading: the text's lines (a diff's counts) are not the title
        return "\n".join(title)
    lines = [line for line in body.split("\n", 40)[:40] if line.strip()][:2]
    return "\n".join(["--"] + lines)


# More changed pages than this share of a language's files: a clean build of it
# costs about what rebuilding them does, and is the simpler of the two.
REBUILD_SHARE = 0.3


def _state_file(config_dir: Path, site_dir: Path) -> Path:
    return config_dir / f"built-{hashlib.sha256(str(site_dir).encode()).hexdigest()[:12]}.json"


def findings_file(config_dir: Path, site_dir: Path) -> Path:
    """Where the output check of `site_dir` keeps what it found of each file."""
    return config_dir / f"checked-{hashlib.sha256(str(site_dir).encode()).hexdigest()[:12]}.pickle"


def published_keys(config_dir: Path, site_dir: Path) -> dict:
    """What the published site's languages were built from (empty when unknown):
    read once a build, for `reusable` and `rebuildable`."""
    current = output.published(site_dir)
    path = _state_file(config_dir, site_dir)
    state = _states.get(path)
    if state is None:
        try:
            state = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
    if current is None or state.get("generation") != output.identity(current) or not current.is_dir():
        return {}
    built = state.get("languages", {})
    return {lang: value for lang, value in built.items() if isinstance(value, dict)}


def reusable(built: dict, keys: dict[str, dict]) -> set[str]:
    """The languages whose output in the published site was built from exactly
    what they would be built from now (`built`: `published_keys`): copying it
    is the same as building it."""
    return {lang for lang, key in keys.items() if built.get(lang, {}).get("key") == key["key"]}


def rebuildable(built: dict, keys: dict[str, dict]) -> dict[str, set[str]]:
    """The languages whose output in the published site was built from the same
    pages, navigation, titles, config and tools, only some files' contents
    differing or static files added or removed: language -> the files that
    changed, came or went. A dirty build of those
    (`rebuild.py`) gives what a clean build gives. `built`: `published_keys`."""
    found = {}
    for lang, key in keys.items():
        before = built.get(lang, {})
        if before.get("key") == key["key"] or before.get("frame") != key["frame"]:
            continue
        old = before.get("files") or {}
        new = key["files"]
        # Static files may come and go (a reworded rule's preview image has a new
        # name): rebuild.py copies the new, removes the gone. A page may not.
        came_or_went = old.keys() ^ new.keys()
        if any(path.endswith(".md") for path in came_or_went):
            continue
        changed = came_or_went | {path for path, digest in new.items() if path in old and old[path] != digest}
        if changed and len(changed) <= REBUILD_SHARE * len(old):
            found[lang] = changed
    return found


def remember(config_dir: Path, site_dir: Path, keys: dict[str, dict], later: dict | None = None) -> None:
    """After publishing: what the published site's languages were built from.
    `later`: a process that builds again and again keeps it (`warm.Warm.states`)
    instead of writing 3 MB of JSON a build: this process's next build reads
    it from memory, the file is written once by `write_states`. Until then
    the file names an older generation than the published one: no build of
    another process reuses anything by it."""
    current = output.published(site_dir)
    state = {"generation": output.identity(current), "languages": keys}
    path = _state_file(config_dir, site_dir)
    if later is not None:
        _states[path] = later[path] = state
    else:
        _states.pop(path, None)  # the file says it
        _write_state(path, state)


def write_states(later: dict) -> None:
    """The states `remember` kept in `later`, into their files (each still the last remembered of its file)."""
    for path, state in later.items():
        if _states.get(path) is state:
            _write_state(path, state)
            del _states[path]  # the file says it
    later.clear()


def _write_state(path: Path, state: dict) -> None:
    path.write_text(json.dumps(state, sort_keys=True) + "\n", encoding="utf-8")


# The state a build with `later` last gave each state file in this process
# (`remember`), read instead of the file until it is written.
_states: dict[Path, dict] = {}


def mkdocs_env(corpus: Corpus) -> dict[str, str]:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    env.setdefault("SOURCE_DATE_EPOCH", source_date(corpus))
    return env


def build(
    config_dir: Path,
    languages: list[str],
    site_dir: Path,
    config: Path = CONFIG,
    build_id: str = "",
    env: dict[str, str] | None = None,
    reuse: set[str] = frozenset(),
    rebuild: dict[str, set[str]] | None = None,
    split: dict[str, int] | None = None,
    warm: Worker | None = None,
    spare: output.Spare | None = None,
    keys: dict[str, dict] | None = None,
) -> tuple[subprocess.CompletedProcess, Path]:
    """Stage 5: the real, strict MkDocs build of every language (English at the
    root, the others in a folder each) into a new generation beside `site_dir`
    (`output.generation`). `publish` makes it the site once it has passed the checks.

    The languages are built side by side, one MkDocs process each, each into a
    folder of its own (a --clean build of English into the folder the others
    share would empty it under them); the others are moved under English's once
    all have succeeded. A language in `reuse` is not built again: its files are
    hard-linked from the published site (nobody ever writes into a published
    generation, so they stay as they are). A language in `rebuild` (language ->
    the files under its docs folder that changed, `rebuildable`) starts as
    such a copy and only those files are built again (`rebuild.py`). A language
    in `split` (language -> how many parts, `split_parts`) is built clean by
    that many processes, each a share of its pages (`split_build.py`), into
    its one folder. `warm`: a rebuild process kept between builds
    (`rebuild.Worker`, `rulesite serve`'s), which rebuilds the first language
    in `rebuild` instead of a new process. `spare`: a copy of the published
    site kept between builds (`output.Spare`, serve's `warm.Warm.site`): when
    every language is reused or rebuilt, it is taken as the new generation
    instead of linking every file of the published one again. `keys`: each
    language's `language_keys`, told to `warm` (what it gathered ahead must fit them)."""
    build_id = build_id or output.new_build_id()
    fresh = output.generation(site_dir, build_id)
    parts = output.generation(site_dir, build_id, "parts")
    env = env or dict(os.environ, NO_MKDOCS_2_WARNING="1")
    ordered = sorted(languages, key=lambda code: code != "en")  # English, the largest, starts first
    out = {lang: fresh if not language_root(lang) else parts / lang for lang in ordered}
    current = output.published(site_dir)
    rebuild = {lang: paths for lang, paths in (rebuild or {}).items() if current is not None and lang not in reuse}
    split = {lang: n for lang, n in (split or {}).items() if n > 1 and lang not in reuse and lang not in rebuild}
    others = {language_root(o).rstrip("/") for o in ordered if language_root(o)}
    processes: dict[str, subprocess.Popen] = {}
    asked = next(iter(sorted(rebuild, key=ordered.index)), None) if warm is not None else None
    logs: dict[str, object] = {}
    try:
        # A language built whole needs a folder of its own, empty: a copy holds none.
        copied = spare is not None and current is not None and all(lang in reuse or lang in rebuild for lang in ordered)
        copied = copied and spare.take(site_dir, fresh)
        if spare is not None and not copied:
            spare.drop()
        for lang in ordered:
            if lang in reuse and current is not None:
                continue
            lang_config = config_dir / f"mkdocs.{lang}.yml"
            logs[lang] = tempfile.TemporaryFile(mode="w+", encoding="utf-8")
            command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--clean"]
            command += ["-f", str(lang_config), "-d", str(out[lang])]
            if lang == asked:
                warm.start(lang_config, out[lang], rebuild[lang], env, (keys or {}).get(lang))
                continue
            if lang in rebuild:
                changed = output.generation(site_dir, build_id, f"changed-{lang}")
                changed.write_text("".join(f"{path}\n" for path in sorted(rebuild[lang])), encoding="utf-8")
                command = [sys.executable, "-m", "rulesite.rebuild", "-f", str(lang_config), "-d", str(out[lang])]
                command += ["--changed", str(changed), "--wait"]
            for k in range(split.get(lang, 0)):
                name = lang if k == 0 else f"{lang} part {k + 1}"
                logs[name] = logs[lang] if k == 0 else tempfile.TemporaryFile(mode="w+", encoding="utf-8")
                command = [sys.executable, "-m", "rulesite.split_build", "-f", str(lang_config), "-d", str(out[lang])]
                command += ["--part", str(k), "--parts", str(split[lang])]
                processes[name] = _start(command, logs[name], env, lang_config)
            if lang not in split:
                processes[lang] = _start(command, logs[lang], env, lang_config, waits=lang in rebuild)
        # The copies of the published output: a rebuilt language's first, made while its
        # process starts, which goes on once told (rebuild.py --wait); then the reused ones'.
        for lang in [*rebuild, *(lang for lang in ordered if lang not in processes and lang != asked)]:
            if not copied:
                _link_tree(current / language_root(lang), out[lang], skip=others if not language_root(lang) else set())
            elif language_root(lang) and lang in rebuild:  # rebuilt apart, as without a copy
                out[lang].parent.mkdir(parents=True, exist_ok=True)
                (fresh / language_root(lang).rstrip("/")).rename(out[lang])
            if lang == asked:
                warm.go()
            elif lang in rebuild:
                _go(processes[lang])
        results = {asked: warm.result()} if asked else {}
        for lang, process in processes.items():
            process.wait()
            logs[lang].seek(0)
            results[lang] = subprocess.CompletedProcess(process.args, process.returncode, logs[lang].read(), "")
    except BaseException:
        if asked:
            warm.close(kill=True)  # it may be writing into the new generation: stopped before it goes
        for process in processes.values():
            process.kill()
            process.wait()
        output.discard(fresh)
        output.discard(parts)
        raise
    finally:
        for log in logs.values():
            log.close()
        for lang in rebuild:
            output.discard(output.generation(site_dir, build_id, f"changed-{lang}"))
    failed = [r for r in results.values() if r.returncode != 0]
    if failed:
        output.discard(fresh)
        output.discard(parts)
        return failed[0], fresh
    for lang in ordered:
        if language_root(lang) and (not copied or lang in rebuild):
            out[lang].rename(fresh / language_root(lang).rstrip("/"))
    output.discard(parts)
    output.stamp(fresh)  # the build's, and known by it from now on (copies hold the published one's)
    done = next(iter(results.values()), subprocess.CompletedProcess([], 0, "", ""))
    return done, fresh


# A language with more pages than this is built by one process a core
# (`split_build.py`): below it, starting the processes costs what they save.
SPLIT_PAGES = 400


def split_parts(files: dict[str, dict[str, str]], cores: int | None = None) -> dict[str, int]:
    """language -> how many processes build it: one a core for the languages with
    many pages (English holds nearly all of them), else one (and one for all
    when the installed MkDocs lacks the build steps `split_build.py` runs)."""
    cores = (cores or workers.cores()) if split_build_available() else 1
    pages = {lang: sum(1 for path in f if path.endswith(".md")) for lang, f in files.items()}
    return {lang: cores if count > SPLIT_PAGES else 1 for lang, count in pages.items()}


def _start(command: list[str], log, env: dict[str, str], config: Path, waits: bool = False) -> subprocess.Popen:
    stdin = subprocess.PIPE if waits else subprocess.DEVNULL
    return subprocess.Popen(command, stdin=stdin, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=config.resolve().parent)


def _go(process: subprocess.Popen) -> None:
    """Tells a process started with `waits` that what it waits for is there."""
    try:
        process.stdin.write(b"\n")
        process.stdin.close()
    except BrokenPipeError:
        pass  # it ended already: its exit status says why


def _link_tree(source: Path, target: Path, skip: set[str]) -> None:
    """A copy of the folder `source` made of hard links (the same files, their
    times included), without the top-level entries in `skip`."""
    target.mkdir(parents=True, exist_ok=True)
    for entry in sorted(os.listdir(source)):
        if entry in skip:
            continue
        path = source / entry
        if path.is_dir() and not path.is_symlink():
            shutil.copytree(path, target / entry, copy_function=os.link)
        else:
            os.link(path, target / entry)


@dataclass(frozen=True)
class SiteCheck:
    """What `check` found besides its problems."""

    pages: int  # pages checked
    counts: dict  # edition -> what its built pages anchor (`counts_out`)
    findings_reused: int  # files whose findings of the published generation's check were reused


def check(
    ctx: Context,
    site_dir: Path,
    languages: list[str],
    diag: Diagnostics,
    label: str = "",
    findings: Path | None = None,
    published: str | None = None,
    held: HeldFindings | None = None,
) -> SiteCheck:
    """Stage 6: the built site read back: every link and #fragment lands, no
    link's words name another rule, no id twice in a page, nothing loads from the
    network, every entry of the model is shown once with its text, and each
    edition's pages anchor what was read of it. Problems go to `diag` (paths
    under `label`). `findings`, `published`: what the check of the published
    generation found of each file, reused for the files it still shares
    (`check_built_site`, `findings_file`); `held`: those findings kept in
    memory between the checks of one process (`rulesite serve`)."""
    # What exists (the model, the findings kept) is not walked by the collector
    # while the check makes its many small objects (`workers.frozen`).
    with workers.frozen():
        return _check(ctx, site_dir, languages, diag, label, findings, published, held)


def _check(
    ctx: Context,
    site_dir: Path,
    languages: list[str],
    diag: Diagnostics,
    label: str,
    findings: Path | None,
    published: str | None,
    held: HeldFindings | None,
) -> SiteCheck:
    entries: dict = {}
    reused: set = set()
    expected = expected_entries(
        ctx.corpus, ctx, languages, held.flat if held is not None else None, held.sections if held is not None else None
    )
    pages = check_built_site(
        site_dir, diag, expected, label, entries=entries, findings=findings, published=published, reused=reused, held=held
    )
    built: dict = {}
    for language in languages:
        counted, problems = counts_out(ctx.corpus, entries, language, held.counts if held is not None else None)
        built.update(counted)
        for found in problems:
            diag.error_found(found, label)
    for found in compare(counts_in(ctx.corpus), built):  # of the whole site: named by its folder
        diag.error_found(found._replace(path=label or str(site_dir)))
    for found in feed_problems(site_dir, languages):  # each language's feed.xml, whose links readers follow
        diag.error_found(found, label)
    return SiteCheck(pages, built, len(reused))


def check_offline_app(site_dir: Path, diag: Diagnostics, label: str = "", known: dict | None = None) -> list[Precache]:
    """Stage 6 too: what each language's service worker stores on a first visit
    is in the built site, with the hashes it is listed with, within the budget.
    Problems go to `diag`; returns each worker's precache (files, bytes).
    `known`: the files read by earlier checks of this process (`check_precache`)."""
    problems, found = check_precache(site_dir, known=known)
    for where, message in problems:
        diag.error(Loc(posixpath.join(label, where) if label else where, 1), "offline-precache", message)
    return found


def publish(fresh: Path, site_dir: Path, spare: output.Spare | None = None) -> None:
    """The checked site becomes `site_dir`, in one step (see output.py).
    `spare`: made of the generation replaced, for the next build (`build`)."""
    replaced = output.publish(fresh, site_dir, clean_up=spare is None)
    if spare is not None:
        spare.keep(site_dir, replaced)


def prepare(warm: Worker, config_dir: Path, docs_dir: Path, site_dir: Path, keys: dict[str, dict], env: dict[str, str]) -> None:
    """After publishing the site built from `docs_dir`: `warm` gathers the
    language it would rebuild next (English first, as `build` asks) ahead,
    while nobody waits for it."""
    ordered = sorted(keys, key=lambda code: code != "en")
    if ordered:
        lang = ordered[0]
        warm.prepare(config_dir / f"mkdocs.{lang}.yml", site_dir, env, keys[lang], docs_dir / lang)


def discard(fresh: Path) -> None:
    output.discard(fresh)
