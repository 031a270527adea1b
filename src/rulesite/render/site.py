"""Stage 4: write every page of every language into a fresh docs folder, and
the MkDocs config of each language that adds its navigation (sections and
indexes only, never every rule or ruling: every page embeds the navigation, so
a long one makes builds slow)."""

from __future__ import annotations

import json
from itertools import repeat
from json.encoder import encode_basestring_ascii
import os
import posixpath
import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from functools import lru_cache, partial
from importlib import resources
from pathlib import Path

import yaml

from ..common import output
from ..common.model import sort_key
from . import index_pages as idx
from . import reuse
from ..site_map import paths
from .context import CONTENT_LANGUAGE, Context
from .escape import nav_title
from .host_files import NOJEKYLL_FILE
from .edition_pages import (
    document_name,
    documents_with_editions,
)
from .languages import mark_missing_translations, site_languages, switch_routes
from ..common.content_policy import REFERRER_POLICY, not_found_root_script, theme_policies
from .offline_app import mkdocs_config, offline_config
from ..site_map.paths import (
    ERRATA,
    editions_page,
    glossary_page,
    guides_index,
    html_path,
    language_root,
    section_page,
    written_page,
)
from . import og_image
from .shipped import shipped_bytes
from . import offline_data
from .history import bundle_of, current_sections, history_bundle, history_file
from .jobs import PUBLISHED, SECTION_WORDS, language_jobs, searched_words, written_heading
from .job_inputs import declared_by, job_name
from . import share
from .share import (
    preview_files,
    site_drawing,
)
from ..common.strings import LANGUAGE_NAMES, t
from ..common.workers import Crew, Held, cores, hold, restore, run_jobs, since

# Documents with more sections than this are reached through their contents
# page: every page embeds the navigation, so a long one makes the build slow.
NAV_SECTIONS = 30
# The written pages (docs/) in the order the navigation lists them; others follow by name.
WRITTEN_ORDER = ("linking", "about", "maintainers", "deploying")
# The site's own CSS and JavaScript ship inside the package.
THEME_ASSETS = Path(str(resources.files("rulesite") / "assets"))
THEME_TEMPLATES = Path(str(resources.files("rulesite") / "theme"))
# Interface text of the not-found page (theme/404.html), from the one table.
NOT_FOUND_STRINGS = ("not-found-title", "not-found-text", "not-found-nearest", "not-found-search", "not-found-home")


@dataclass(frozen=True)
class PublishedData:
    """The files the caller makes at the site root beside the pages (the
    published data, made by a later stage: render only runs its jobs).
    `whole`: one job making them all, as a clean build runs it. `parts`: the
    same as (name, job) pairs, each giving some of the files, for a warm
    build to reuse one by one (`reuse.py`: the name it is kept under; None:
    never reused); `finish`: the files of all the parts' results together;
    `again`: a named part that runs again, given what it made at the last
    build (None: nothing yet), as the job to run (it may take what is as it was)."""

    whole: Callable[[], dict[str, str]]
    parts: Callable[[], list[tuple[tuple | None, Callable[[], dict[str, str]]]]]
    finish: Callable[[list[dict[str, str]]], dict[str, str]]
    again: Callable[[Callable, dict[str, str] | None], Callable] | None = None


def render_site(
    ctx: Context,
    jobs: int | None = None,
    crew: Crew | None = None,
    published: PublishedData | None = None,
    memory=None,
) -> dict[str, dict[str, str | Held]]:
    """language -> (docs-relative path -> file text, in path order), for every
    language's site. The pages are rendered by `jobs` forked workers
    (`workers.py`; by default one a core for a large site, unless a warm
    build runs few jobs again: `FEW_AGAIN`), each taking the next job as it
    finishes one. No job needs another's pages: where everything is, is the
    site map's (ctx.site_map). The result is the same in any order.

    `crew`: the workers, to keep until the pages are written (`write_docs`).
    They then hold every file but the Markdown pages (which later steps
    change), and the result has a `workers.Held` for each: its digest.

    `published`: the caller's jobs that make the files at the site root beside
    the pages (the published data, `PublishedData`): long ones, run first by the
    same workers; their files join the content language's.

    `memory`: what the last render's reusable jobs made (`RenderMemory.jobs`,
    `reuse.py`): a job whose fingerprint is the same is not run again, its
    pages are the kept ones; what this render's reusable jobs made is kept
    in their place. Their files are never held by workers."""
    languages = site_languages(ctx)
    contexts = {lang: replace(ctx, language=lang, languages=languages, cache={}) for lang in languages}
    # Every job: the published data's first, then each language's pages.
    work = _all_work(ctx, languages, contexts, published, memory)
    if memory is not None:
        # A warm build keeps the pages of the jobs whose inputs are as they
        # were, and gives those that run again what they made last.
        _keep_reused(work, ctx, contexts, memory)
        _give_what_was_made(work, published, memory)
    if crew is not None:
        _hold_in_workers(work)
    made = _run_work(work, ctx, jobs, crew, memory)
    if memory is not None:
        _remember(work, made, memory)  # for the next warm build
    # Each language's files, in path order.
    return _site_files(work, made, ctx, languages, contexts, published, memory)


@dataclass
class _Work:
    """A render's jobs (`render_site`), step by step. `jobs`: (language, job),
    the published parts' (language None) first; `given`: the published parts
    as (name, job); `names`: each job's (name, fingerprint) when reusable;
    `kept`: job -> its pages as the last render made them; `words`: job ->
    (its language, the rules' digest, the sections' part given) of the word
    indexes; `sharing`, `previewing`: the share-page and preview jobs that
    run again, given what the last build made (`parted`: the published data
    made in parts, by a warm build)."""

    jobs: list
    given: list
    parted: bool
    names: list
    kept: dict[int, dict[str, str]] = field(default_factory=dict)
    texts: str = ""
    words: dict[int, tuple] = field(default_factory=dict)
    sharing: set[int] = field(default_factory=set)
    previewing: set[int] = field(default_factory=set)


def _all_work(ctx: Context, languages: list, contexts: dict, published: PublishedData | None, memory) -> _Work:
    """Every job of the render: the published data's first (a warm build
    makes it in parts, each reused on its own), then each language's."""
    parted = memory is not None and published is not None
    given = published.parts() if parted else [(None, published.whole)] if published is not None else []
    work = [(None, job) for _, job in given]
    work += [(lang, job) for lang in languages for job in language_jobs(contexts[lang])]
    if memory is not None:
        # A warm build joins the history files its section pages' jobs made into the bundle itself (`_history_bundle`).
        work = [(lang, job) for lang, job in work if not (isinstance(job, partial) and job.func is history_bundle)]
    return _Work(work, given, parted, [None] * len(work))


def _keep_reused(work: _Work, ctx: Context, contexts: dict, memory) -> None:
    """Each reusable job's name and fingerprint, made of what it declares it
    reads (`job_inputs`, `reuse.py`); a job whose fingerprint is the last
    render's is not run again: its pages are kept."""
    prints = reuse.Fingerprints(ctx, memory)
    work.texts = prints.texts.hex()
    for k, (lang, job) in enumerate(work.jobs):
        if (name := work.given[k][0] if lang is None else job_name(lang, job)) is not None:
            # A published part's declaration is render's, by its kind (`jobs.PUBLISHED`).
            declared = declared_by(job) if lang is not None else PUBLISHED[name[1]]
            work.names[k] = (name, prints.of(contexts.get(lang, ctx), name, job, declared))
            if (found := memory.jobs.get(name)) is not None and found[0] == work.names[k][1]:
                work.kept[k] = found[1]


def _give_what_was_made(work: _Work, published: PublishedData | None, memory) -> None:
    """A warm build's jobs that run again are given what the last build made
    of the same, where they can take it."""
    jobs, names, kept = work.jobs, work.names, work.kept
    # A published part that runs again is given what it made last (`PublishedData.again`).
    if work.parted and published.again is not None:
        for k, (lang, job) in enumerate(jobs):
            if lang is None and names[k] is not None and k not in kept:
                found = memory.jobs.get(names[k][0])
                jobs[k] = (None, published.again(job, found[1] if found is not None else None))
    # The word index runs each time, from its sections' part as the last build
    # made it while the rules are as they were (`searched_words`).
    for k, (lang, job) in enumerate(jobs):
        if isinstance(job, partial) and job.func is searched_words:
            found = memory.words.get(lang)
            known = found[1] if found is not None and found[0] == work.texts else None
            jobs[k] = (lang, partial(searched_words, *job.args, known=known, keep=True))
            work.words[k] = (lang, work.texts, known)
    # A job making share pages that runs again takes those whose arguments are
    # as they were from the last build's (`share.remembering`).
    work.sharing = {k for k, n in enumerate(names) if n and n[0][1] in SHARING and k not in kept}
    if work.sharing:
        given = {key: found for made in memory.share_pages.values() for key, found in made.items()}
        for k in work.sharing:
            jobs[k] = (jobs[k][0], partial(share.remembering, given, jobs[k][1]))
    # A preview job that runs again takes the files made of the same data from the last one's (`preview_files`).
    work.previewing = {k for k, n in enumerate(names) if n and n[0][1] == "previews" and k not in kept}
    for k in work.previewing:
        lang, job = jobs[k]
        jobs[k] = (lang, partial(preview_files, *job.args, known=memory.previews.get(lang, {})))


def _hold_in_workers(work: _Work) -> None:
    """The files of each job but the reusable ones, the word indexes and a
    warm build's published parts are held by the worker making them (`_held_files`)."""
    work.jobs = [
        (
            lang,
            job
            if work.names[k] or k in work.words or (work.parted and lang is None)
            else partial(_held_files, lang or CONTENT_LANGUAGE, job),
        )
        for k, (lang, job) in enumerate(work.jobs)
    ]


def _run_work(work: _Work, ctx: Context, jobs: int | None, crew: Crew | None, memory) -> dict[int, dict]:
    """job -> its files: the kept ones', and those of the others, run by
    `jobs` workers (`render_site`)."""
    names, kept = work.names, work.kept
    todo = [k for k in range(len(work.jobs)) if k not in kept]
    if jobs is None:
        large = len(ctx.corpus.sections) >= PARALLEL_SECTIONS and len(todo) > len(work.jobs) // FEW_AGAIN
        jobs = cores() if large else 1
    # A job made again sends back only what differs from what it made last
    # (`workers.since`), put back together here of the kept objects.
    before = {k: memory.jobs[names[k][0]][1] for k in todo if memory is not None and names[k] and names[k][0] in memory.jobs}
    for k in work.sharing & before.keys():  # with the share pages it made (`share.remembering`)
        before[k] = {**before[k], share.SHARED: memory.share_pages.get(names[k][0], {})}
    for k, found in before.items():
        work.jobs[k] = (work.jobs[k][0], partial(since, found, work.jobs[k][1]))
    calls = [work.jobs[k][1] for k in todo]
    ran = crew.run(calls, jobs) if crew is not None else run_jobs(calls, jobs)
    made = {**kept, **dict(zip(todo, ran))}
    for k, found in before.items():
        made[k] = restore(found, made[k])
    return made


def _remember(work: _Work, made: dict[int, dict], memory) -> None:
    """What the next warm build is given: each word index's sections' part,
    the previews and share pages made, and each reusable job's fingerprint
    and pages (taken out of the files: none of them is a file)."""
    memory.words = {lang: (texts, made[k].pop(SECTION_WORDS, known)) for k, (lang, texts, known) in work.words.items()}
    for k in work.previewing:
        memory.previews[work.jobs[k][0]] = made[k].pop(share.PREVIEWS_MADE)
    names = work.names
    memory.share_pages = {
        n[0]: made[k].pop(share.SHARED) if k in work.sharing else memory.share_pages.get(n[0], {})
        for k, n in enumerate(names)
        if n and n[0][1] in SHARING
    }
    memory.jobs = {name: (digest, made[k]) for k, (name, digest) in ((k, n) for k, n in enumerate(names) if n)}


def _site_files(
    work: _Work, made: dict[int, dict], ctx: Context, languages: list, contexts: dict, published: PublishedData | None, memory
) -> dict[str, dict[str, str | Held]]:
    """Each language's files, in path order, of what the jobs made: the
    bundles joined of them, the missing translations marked, and the
    published data's files in the content language's."""
    files: dict[str, dict[str, str]] = {lang: {} for lang in languages}
    data: dict[str, str] = {}
    for k, (lang, _) in enumerate(work.jobs):
        if lang is None and work.parted:
            continue
        (files[lang] if lang else data).update(made[k])
    if work.parted:
        data = published.finish([made[k] for k, (lang, _) in enumerate(work.jobs) if lang is None])
    if memory is not None:
        for lang in languages:
            files[lang].update(_history_bundle(contexts[lang], files[lang], memory))
    for lang in languages:
        files[lang].update(_offline_bundles(lang, files[lang], memory))
    files = {lang: dict(sorted(pages.items())) for lang, pages in files.items()}
    mark_missing_translations(files, switch_routes(ctx, languages), memory.marked if memory is not None else None)
    files[CONTENT_LANGUAGE].update(sorted(data.items()))
    return files


def _offline_bundles(lang: str, pages: dict, memory) -> dict[str, str]:
    """The offline files' bundles (`offline_data.OFFLINE_BUNDLES`), joined of
    the files the jobs made (a section run's, a ruling run's, the cards'); a
    warm build's folders whose files are the last build's keep their bundle
    (`memory.offline`)."""
    found = {path: text for path, text in pages.items() if path.startswith(OFFLINE_PREFIX)}
    known = memory.offline.setdefault(lang, {}) if memory is not None else None
    return offline_data.bundles_of(found, known)


OFFLINE_PREFIX = offline_data.OFFLINE_DATA + "/"

# The reusable jobs (`job_inputs.job_name`'s kinds) whose pages are mostly share pages.
SHARING = frozenset({"shares", "faq shares", "card shares", "pinned"})


def _history_bundle(ctx: Context, pages: dict, memory) -> dict[str, str]:
    """`history_bundle` of a warm build: the same file, of the history files the
    section pages' jobs made (named jobs: never held by a worker), made again
    only when one of those differs from the last build's (`memory.bundles`)."""
    lang = ctx.language
    paths = (history_file(html_path(section_page(section.key))) for section in current_sections(ctx, lang))
    found = {path: pages[path] for path in paths if path in pages}
    kept = memory.bundles.get(lang)
    made = kept[1] if kept is not None and kept[0] == found else bundle_of(found)
    memory.bundles[lang] = (found, made)
    return made


def _held_files(lang: str, job) -> dict[str, str | Held]:
    """`job`'s pages, each file but the Markdown pages held by this process
    (`workers.hold`) as the bytes `write_docs` writes, and but the offline
    files (the render joins them into their bundles: `_offline_bundles`)."""
    pages = job()
    for path, text in pages.items():
        if not path.endswith(".md") and not path.startswith(OFFLINE_PREFIX):
            data = text.encode("utf-8") if isinstance(text, str) else text
            pages[path] = hold(f"{lang}/{path}", data, output.file_digest(data))
    return pages


# A site with fewer sections than this is rendered in this process: forking costs more.
PARALLEL_SECTIONS = 300
# A warm build that runs again at most this share of the jobs (1/FEW_AGAIN)
# runs them in this process too: forking from one that holds what serve keeps
# (its page tables copied, then each page either side writes to) cost more
# than the workers saved. Measured on the full corpora: one ruling's 18 jobs
# of 351, 0.12-0.17 s by two workers and 0.08 s here; one sub-rule's 33,
# 0.39-0.41 s either way.
FEW_AGAIN = 8


def written_title(text: str, name: str) -> str:
    """A written page's navigation label: its first heading."""
    return nav_title(written_heading(text, name))


def navigation(ctx: Context, pages: dict[str, str]) -> list:
    lang = ctx.language
    nav: list = [{t(lang, "home-title"): paths.HOME}]
    for game in idx.games(ctx):
        entries: list = [paths.game_index(game)]
        for document in idx.documents_of(ctx, game):
            sections = sorted((s for s in idx.sections_of(ctx, game) if s.document == document), key=lambda s: sort_key(s.number))
            contents = paths.contents_page(game, document)
            if len(sections) <= NAV_SECTIONS:
                # Only this site's own pages: the contents page links to the others.
                listed = [
                    {nav_title(f"{s.number} {s.title}"): section_page(s.key)} for s in sections if section_page(s.key) in pages
                ]
                entries.append({nav_title(document_name(document)): [contents, *listed]})
            else:
                entries.append({nav_title(document_name(document)): contents})  # the contents page lists them
        entries += [
            {nav_title(t(lang, "nav-editions", document=document_name(document))): editions_page(game, document)}
            for g, document, language in documents_with_editions(ctx)
            if g == game and language == lang
        ]
        for g, document, _language in dict.fromkeys((x.game, x.document, x.language) for x in ctx.corpus.glossary):
            if g == game and glossary_page(g, document) in pages:  # the current edition's; its page links the others
                entries.append({nav_title(t(lang, "nav-glossary", document=document_name(document))): glossary_page(g, document)})
        if guides_index(game) in pages:
            entries.append({t(lang, "guides"): guides_index(game)})
        # The index of card letters: each letter's page links the others (every
        # page printing 26 letters in its navigation weighed 5 KB more).
        if paths.cards_index(game) in pages:
            entries.append({t(lang, "nav-cards"): paths.cards_index(game)})
        if ERRATA in pages and game == "riftbound":
            entries.append({t(lang, "nav-errata"): ERRATA})
        for key, path in (
            ("official-faq", paths.faq_index(game)),
            ("community-rulings", paths.rulings_index(game)),
            ("walkthroughs", paths.walkthroughs_index(game)),
        ):
            if path in pages:
                entries.append({t(lang, key): path})
        nav.append({nav_title(idx.GAME_NAMES.get(game, game)): entries})
    nav += [{nav_title(topic.title): paths.topic_page(topic.id)} for topic in ctx.concordance.topics]
    nav += [{t(lang, "keyword-index"): paths.KEYWORDS}]
    written = [
        {written_title(pages[written_page(name)], name): written_page(name)}
        for name in WRITTEN_ORDER
        if written_page(name) in pages
    ]
    written += [
        {written_title(pages[path], path): path}
        # The pages at the root, in the pages' order (filtered without a Python loop: 20,000 files).
        for path in filter(_ROOT_PAGE.fullmatch, pages)
        if path != paths.HOME  # the home page's introduction: the home page heads the navigation
        and path.removesuffix(".md") in {p.name for p in ctx.corpus.written}
        and path.removesuffix(".md") not in WRITTEN_ORDER
    ]
    if written:
        nav.append({t(lang, "about-site"): written})
    # What only the maintainer needs, apart from the rules readers browse.
    maintainers = [{t(lang, "not-in-sources-title"): paths.UNRESOLVED}]
    if paths.REVIEW in pages:
        maintainers.append({t(lang, "needs-review-title"): paths.REVIEW})
    if paths.PROBLEMS in pages:
        maintainers.append({t(lang, "source-problems-title"): paths.PROBLEMS})
    nav.append({t(lang, "maintainers-section"): maintainers})
    return nav


_ROOT_PAGE = re.compile(r"[^/]*\.md")

# In each docs generation: the digest of every file in it, so the next build
# knows which files it can link unchanged without reading them all again.
DIGESTS = ".digests.json"


def write_docs(
    files: dict[str, dict[str, str | bytes | Held]],
    docs_dir: Path,
    build_id: str,
    digests: dict[str, str] | None = None,
    crew: Crew | None = None,
    later: Callable[[Path], None] | None = None,
    spare: output.Spare | None = None,
    changed: dict[str, list[str]] | None = None,
    since: dict[str, str] | None = None,
    tables: dict | None = None,
) -> int:
    """Writes a complete docs folder (one subfolder per language) as a new
    generation beside the published one, then publishes it in one step
    (`output.publish`), so a failed run never leaves a half-written folder.
    A file whose content is the same as in the published folder is hard-linked
    from it instead of written: it keeps its timestamp. Which ones are the same
    is read off the digests the published generation keeps of its files
    (`DIGESTS`; a generation is never written into once written), else off the
    files themselves. `digests`: "language/path" -> `output.file_digest` of
    the file's bytes, where the caller has it already. A `Held` file is
    written by the worker of `crew` that holds it (`render_site`), meanwhile.
    `later`: given the generation the new one replaced, to remove it after
    the build has gone on (a long-lived process's: `FilesMemory.discard_later`);
    without it, it is removed here. `spare`: a copy of the published
    generation kept between builds (`output.Spare`, serve's
    `FilesMemory.docs`): taken as the new generation, where only the files that
    differ are written (and the gone removed), and given the generation
    replaced, for the next build. `changed` (language -> paths), `since`:
    the only files that may differ from the digests table `since` (the
    caller's last write's, the very dict `written_digests` gave): when it is
    the published generation's, and the spare copy is taken, only those (and
    the assets) are looked at; `digests` needs to hold only theirs then.
    `tables`: where the last digests table read or written is kept
    (`written_digests`; a stage memory's, `WriteMemory.tables`).
    Returns how many files were written."""
    tables = {} if tables is None else tables
    fresh = output.generation(docs_dir, build_id)
    previous = output.published(docs_dir) or (docs_dir if docs_dir.is_dir() else None)
    assets = {
        "assets/" + p.relative_to(THEME_ASSETS).as_posix(): shipped_bytes(p)
        for p in sorted(THEME_ASSETS.rglob("*"))
        if p.is_file()
    }
    new_root = str(fresh)
    old_root = str(previous) if previous else None
    known = written_digests(previous, tables) if previous else None
    # A spare copy of the published generation: this one but where files differ.
    copied = known is not None and spare is not None and spare.take(docs_dir, fresh)
    if spare is not None and not copied:
        spare.drop()
    # Only the files that may differ, where the copy is of `since`'s generation.
    only_changed = copied and changed is not None and since is not None and known is since
    items, gone = _docs_items(files, assets, changed if only_changed else None)
    held = {rel: data.digest for rel, data in items if isinstance(data, Held)}
    if held and crew is None:
        raise ValueError("files held by workers, and no crew to write them")
    if copied:
        written, digests = _write_changed(new_root, known, digests or {}, items, held, crew, gone)
    else:
        written, digests = _write_fresh(new_root, old_root, known, digests or {}, items, held, crew)
    _write_table(new_root, digests, known if gone is not None else None, items, tables)
    output.stamp(fresh)
    replaced = output.publish(fresh, docs_dir, clean_up=later is None and spare is None, link=True)
    if spare is not None:
        spare.keep(docs_dir, replaced)
    elif later is not None and replaced is not None:
        later(replaced)
    return written


def _docs_items(files: dict, assets: dict, changed: dict[str, list[str]] | None) -> tuple[list, list[str] | None]:
    """("language/path", data) of every file to write, and None; or, given
    `changed` (`write_docs`), of the assets and the changed files alone, and
    the files gone (the rest are the spare copy's, as they are)."""
    if changed is not None:
        items = [(f"{lang}/{path}", data) for lang in files for path, data in assets.items()]
        items += [
            (f"{lang}/{path}", files[lang][path]) for lang, paths in changed.items() for path in paths if path in files[lang]
        ]
        return items, [f"{lang}/{path}" for lang, paths in changed.items() for path in paths if path not in files[lang]]
    # Paths as strings, joined once: some 21,000 files, where a Path a file
    # cost about what writing it does.
    return [(f"{lang}/{path}", data) for lang, pages in files.items() for path, data in (*assets.items(), *pages.items())], None


def _write_fresh(
    new_root: str,
    old_root: str | None,
    known: dict[str, str] | None,
    given: dict[str, str],
    items: list,
    held: dict[str, str],
    crew: Crew | None,
) -> tuple[int, dict[str, str]]:
    """`write_docs` into an empty generation: every file, linked from the
    published one where the same (a worker of `crew` writes those it holds).
    How many were written, and every file's digest, in path order."""
    for folder in sorted({posixpath.dirname(rel) for rel, _ in items}):
        os.makedirs(os.path.join(new_root, folder), exist_ok=True)
    items = [(rel, data) for rel, data in items if not isinstance(data, Held)]
    # Thousands of small files: writing them from a few threads overlaps the
    # waits on the file system (the GIL is released while reading, writing and
    # hashing). Each thread takes a quarter at once (a task a file costs more than the file).
    with ThreadPoolExecutor(max_workers=4) as pool:
        writing = pool.map(partial(_write_all, new_root, old_root, known, given), [items[i::4] for i in range(4)])
        done = crew.each(_write_held, new_root, old_root, known) if held else []
        done += list(writing)
    digests = dict(sorted(pair for _, found in done for pair in found.items()))
    if held.items() - digests.items():
        raise RuntimeError("files held by workers were not written: " + ", ".join(sorted(held.keys() - digests.keys())[:5]))
    return sum(count for count, _ in done), digests


def _write_table(new_root: str, digests: dict[str, str], base: dict[str, str] | None, items: list, tables: dict) -> None:
    """The generation's digests table (`DIGESTS`), kept in `tables` by its file's identity.
    `base`: the table of the copy's generation, when only `items` may differ
    from it: the table's JSON is redone only where it changed."""
    _unlink(os.path.join(new_root, DIGESTS))  # in a spare copy, the published generation's own
    moved = [rel for rel, _ in items] if base is not None else ()
    with open(os.path.join(new_root, DIGESTS), "x", encoding="utf-8") as file:
        file.write(_table_json(digests, tables.setdefault("json", {}), base, moved))
    stat = os.stat(os.path.join(new_root, DIGESTS))  # once written and closed: its identity for good
    tables["file"] = ((stat.st_dev, stat.st_ino, stat.st_size, stat.st_mtime_ns), digests)


def _write_changed(
    root: str,
    known: dict[str, str],
    given: dict[str, str],
    items: list,
    held: dict[str, str],
    crew: Crew | None,
    gone: list[str] | None = None,
) -> tuple[int, dict[str, str]]:
    """`write_docs` into a copy of the published generation (`known`: the
    digests of its files): only the files that differ are written (a worker
    of `crew` writes those it holds), the files and folders gone are removed.
    `gone`: the files gone, when `items` are only the files that may differ
    (the others are the copy's, as `known` says); else every file is in
    `items`. How many were written, and every file's digest."""
    digests, todo = {}, []
    for rel, data in items:
        if isinstance(data, Held):
            digests[rel] = data.digest
            continue
        digest = given.get(rel)
        if digest is None:
            data = data.encode("utf-8") if isinstance(data, str) else data
            digest = output.file_digest(data)
        digests[rel] = digest
        if known.get(rel) != digest:
            todo.append((rel, data))  # _write_all encodes a text
    if gone is None:
        gone = known.keys() - digests.keys()
        table = dict(sorted(digests.items()))
    else:
        gone = [rel for rel in gone if rel in known and rel not in digests]
        table = dict(known)
        table.update(digests)
        for rel in gone:
            del table[rel]
        if len(table) != len(known) - len(gone):  # files came: in path order, as a clean write's
            table = dict(sorted(table.items()))
    for rel in gone:
        _unlink(f"{root}/{rel}")
    # The folders left empty, the deepest first (the copy holds only `known`'s files).
    for folder in sorted({part for rel in gone for part in _and_above(posixpath.dirname(rel))}, key=len, reverse=True):
        try:
            os.rmdir(os.path.join(root, folder))
        except OSError:  # not empty: a file still needs it
            pass
    changed = {rel for rel, digest in held.items() if known.get(rel) != digest}
    for folder in sorted({posixpath.dirname(rel) for rel in changed} | {posixpath.dirname(rel) for rel, _ in todo}):
        os.makedirs(os.path.join(root, folder), exist_ok=True)
    done = crew.each(_write_held, root, None, None, changed) if changed else []
    done.append(_write_all(root, None, None, digests, todo, copied=True))
    wrote = {rel: digest for _, found in done for rel, digest in found.items()}
    if missing := sorted(rel for rel in changed if wrote.get(rel) != held[rel]):
        raise RuntimeError("files held by workers were not written: " + ", ".join(missing[:5]))
    return sum(count for count, _ in done), table


def _and_above(folder: str) -> list[str]:
    """The folder and those above it: a/b/c, a/b, a."""
    parts = folder.split("/") if folder else []
    return ["/".join(parts[:k]) for k in range(len(parts), 0, -1)]


def _unlink(path: str) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


def written_digests(generation: Path, tables: dict | None = None) -> dict[str, str] | None:
    """The digests a docs generation keeps of its files ("en/index.md" -> `output.file_digest`);
    None when it keeps none (a folder from before digests) or they cannot be read.
    The last table written or read is kept in `tables` (`write_docs`'s) by its
    file's identity (device, inode, size, time: a file that is never written
    into, `write_docs`): the caller must not change it. A process that builds
    again and again (`rulesite serve`) reads it back two times a build otherwise."""
    tables = {} if tables is None else tables
    try:
        stat = os.stat(generation / DIGESTS)
        identity = (stat.st_dev, stat.st_ino, stat.st_size, stat.st_mtime_ns)
        kept = tables.get("file")
        if kept is not None and kept[0] == identity:
            return kept[1]
        with open(generation / DIGESTS, encoding="utf-8") as file:
            found = json.load(file)
    except (OSError, ValueError):
        return None
    if not isinstance(found, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in found.items()):
        return None
    tables["file"] = (identity, found)
    return found


def _table_json(table: dict[str, str], kept: dict, base: dict[str, str] | None = None, moved=()) -> str:
    """The compact JSON of `table` (what the json module's encoder makes of it
    with the separators "," and ":"), made of one piece an entry
    (kept in `kept` for the next call). `base`: a table whose pieces the last call
    made, and `moved` the only entries whose value may differ: when `table`
    has the same keys in the same order, only theirs are made again."""
    if base is not None and kept.get("table") is base and table.keys() == base.keys():
        pieces, place = kept["pieces"], kept["place"]
        for rel in moved:
            pieces[place[rel]] = encode_basestring_ascii(rel) + ":" + encode_basestring_ascii(table[rel])
    elif base is not None and kept.get("table") is base:
        # Files came or went (a reworded sub-rule renames its previews): each
        # other entry's piece is the one made for `base`, found by its path.
        made = dict(zip(base, kept["pieces"]))
        for rel in moved:
            made.pop(rel, None)
        pieces = list(map(made.get, table))
        keys = list(table)
        for k in [k for k, piece in enumerate(pieces) if piece is None]:
            pieces[k] = encode_basestring_ascii(keys[k]) + ":" + encode_basestring_ascii(table[keys[k]])
        place = None
    else:
        # Without a Python loop (33,000 files): the encoder's own escaping of each string.
        keys = map(encode_basestring_ascii, table)
        pieces = list(map(str.__add__, map(str.__add__, keys, repeat(":")), map(encode_basestring_ascii, table.values())))
        place = None
    kept.clear()
    kept.update(table=table, pieces=pieces, place=place)
    if place is None:  # made when it is needed: a table changed in place
        kept["place"] = _Place(table)
    return "{" + ",".join(pieces) + "}"


class _Place(dict):
    """rel -> its entry's place in the table, worked out at the first look."""

    def __init__(self, table: dict[str, str]) -> None:
        super().__init__()
        self.table = table

    def __missing__(self, rel: str) -> int:
        self.update(zip(self.table, range(len(self.table))))
        return self[rel]


def _write_all(
    new_root: str,
    old_root: str | None,
    known: dict[str, str] | None,
    given: dict[str, str],
    items: list[tuple[str, str | bytes]],
    copied: bool = False,
) -> tuple[int, dict[str, str]]:
    """`copied`: `new_root` is a copy of `old_root` (`output.Spare`): a file
    the same is there already, one that differs is the published one's,
    unlinked before the new one is written (never written into)."""
    written, digests = 0, {}
    for rel, data in items:
        data = data.encode("utf-8") if isinstance(data, str) else data
        digest = digests[rel] = given.get(rel) or output.file_digest(data)
        new = f"{new_root}/{rel}"
        if old_root is not None:
            same = known.get(rel) == digest if known is not None else _same_file(f"{old_root}/{rel}", data)
            if same and copied:
                continue
            if same:
                try:
                    os.link(f"{old_root}/{rel}", new)
                    continue
                except OSError:  # another file system, or the file is gone: written instead
                    pass
        if copied:
            _unlink(new)
        # O_EXCL where a file may be linked from elsewhere: a new one, or an error.
        fd = os.open(new, os.O_WRONLY | os.O_CREAT | (os.O_EXCL if copied else os.O_TRUNC), 0o666)  # the umask applies
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
        finally:
            os.close(fd)
        written += 1
    return written, digests


def _write_held(
    held: dict[str, tuple[bytes, str]],
    new_root: str,
    old_root: str | None,
    known: dict[str, str] | None,
    only: set[str] | None = None,
):
    """`_write_all` of the files a crew's worker holds (`render_site`);
    `only`: of those alone, into a copy of the published generation (`_write_changed`)."""
    items = [(rel, data) for rel, (data, _) in held.items() if only is None or rel in only]
    return _write_all(new_root, old_root, known, {rel: digest for rel, (_, digest) in held.items()}, items, only is not None)


def _same_file(path: str, data: bytes) -> bool:
    """Whether the file at `path` holds exactly `data` (False when there is none)."""
    try:
        if os.stat(path).st_size != len(data):
            return False
        with open(path, "rb") as file:
            return file.read() == data
    except OSError:
        return False


@lru_cache(maxsize=16)
def _config_extras(lang: str, base_text: str, site_url: str | None) -> tuple[dict, dict]:
    """What a language's config says of the page template's colours, and each
    page's Content Security Policy by its base_url (theme/main.html), from the
    project's config (its text) and Material's templates: worked out once in
    a process that builds several times (`rulesite serve`), they render the
    installed theme's scripts and take a third of a second."""
    given = mkdocs_config(base_text)
    return offline_config(lang, base_text), theme_policies({**given, "site_url": site_url})


def top_folders(files: dict[str, dict], lang: str) -> list[str]:
    """The top-level folders of `lang`'s site: its files' first folders, and, in
    the root site, the other languages' (the not-found page finds the site's
    folder by them: theme/404.html)."""
    names = {path.split("/", 1)[0] for path in files[lang] if "/" in path}
    if not language_root(lang):
        names |= {language_root(other).rstrip("/") for other in files if language_root(other)}
    return sorted(names)


def write_config(
    ctx: Context,
    nav: list,
    base_config: Path,
    docs_dir: Path,
    out: Path,
    kept: dict | None = None,
    folders: list[str] = (),
) -> None:
    """The MkDocs config of one language: the project's mkdocs.yml, its docs, its
    navigation, and the language selector pointing at the same path elsewhere.
    `kept`: language -> (the config's repr, its text) of the last call: the
    same config is not turned into YAML again."""
    lang = ctx.language
    up = "../" if language_root(lang) else ""
    alternate = [
        {"name": LANGUAGE_NAMES.get(other, other), "link": up + language_root(other) + "index.html", "lang": other}
        for other in ctx.languages
    ]
    config = {
        "INHERIT": str(base_config.resolve()),
        # The docs folder's link, not its current generation: the config stays the same from build to build.
        "docs_dir": os.path.abspath(docs_dir / lang),
        # Our page template (OpenGraph tags, the not-found page, the app manifest) over Material's.
        "theme": {"language": lang, "custom_dir": str(THEME_TEMPLATES)},
        # MkDocs leaves out files whose names start with "." but this one, for GitHub Pages.
        "exclude_docs": f"!/{NOJEKYLL_FILE}\n",
        "nav": nav,
        "extra": {"alternate": alternate} if len(ctx.languages) > 1 else {},
    }
    if ctx.site_url:
        config["site_url"] = ctx.site_url + language_root(lang)
    config["extra"]["not_found"] = {key: t(lang, key) for key in NOT_FOUND_STRINGS}
    if not ctx.site_url:  # the not-found page finds the site's folder itself (theme/404.html)
        config["extra"]["not_found_root"] = not_found_root_script()
        config["extra"]["not_found_folders"] = list(folders)
    base_text = base_config.read_text(encoding="utf-8")
    # The site's stylesheets, given to the pages by theme/main.html's styles block.
    config["extra_css"] = []
    config["extra"]["stylesheets"] = list(mkdocs_config(base_text).get("extra_css") or [])
    offline, policies = _config_extras(lang, base_text, config.get("site_url"))
    config["extra"]["offline"] = offline
    config["extra"]["content_policy"] = policies
    config["extra"]["referrer_policy"] = REFERRER_POLICY
    # The image of pages that have none of their own (theme/main.html).
    drawing = site_drawing(lang, idx.games(ctx))
    config["extra"]["og_image"] = {"path": og_image.image_path(drawing), "alt": drawing.text}
    config["extra"]["og_image_size"] = [og_image.WIDTH, og_image.HEIGHT]
    out.parent.mkdir(parents=True, exist_ok=True)
    before, shown = (kept or {}).get(lang), repr(config)  # repr: True and 1 are equal, their YAML is not
    if before is not None and before[0] == shown:
        text = before[1]
    else:
        text = "# Generated by rulesite build: the project's mkdocs.yml plus this language's navigation.\n"
        text += yaml.safe_dump(config, sort_keys=False, allow_unicode=True)
    if kept is not None:
        kept[lang] = (shown, text)
    out.write_text(text, encoding="utf-8")
