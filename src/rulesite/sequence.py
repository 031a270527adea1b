"""The build, one stage after another, written once:

    read -> resolve -> render -> write -> mkdocs -> check -> publish (-> bundle)

`rulesite build` and `rulesite serve` run it (`Sequence.run`), `rulesite
bench` times each of its stages, the tests call its stages one by one. What a
stage does is in its folder (`stages/`, `write/stage.py`, `engine/`,
`check/stage.py` and the packages they call); this module only
orders the stages, decides what earlier builds save this one (kept reads,
reused and rebuilt languages, the check's kept findings), and hands back for
each stage a frozen record of what it made, what it counted and how long it
took. It prints nothing: the command prints the records.

A build either runs to its end or yields `Stopped` and ends: on errors in the
sources (nothing is written), on a failed MkDocs build, or on a site that
fails its checks (the previous site is left whole in both)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path

from .common import output
from .check import stage as check_stage
from .engine import built_from
from .engine import driver
from .stages import read as read_stage
from .stages import resolve as resolve_stage
from .write import stage as write_stage
from .common import workers
from .common.workers import Held
from .check.edition_counts import Counts, counts_in
from .check.offline_app import Precache
from .common.diagnostics import Diagnostics
from .common.engines import DEFAULT as DEFAULT_ENGINE
from .common.engines import ENGINES
from .common.model import Corpus, Loc
from .read.kept import Kept
from .export.files import data_again, data_files, data_parts, finish_data
from .render import og_image
from .render.context import Context
from .render.site import PublishedData  # the published data render runs; not this module's record
from .render.site import render_site
from .resolve.history import ChainStep, chain_steps
from .memory import BuildMemory


# Where the drawn preview images are kept instead of each build's own folder (`Settings.image_store`).
IMAGE_STORE_VARIABLE = "RULESITE_IMAGE_STORE"


class SettingsError(ValueError):
    """Options that cannot be built with (the command exits with 2)."""


@dataclass(frozen=True)
class Settings:
    """Everything a build is told, resolved once. Paths are absolute: MkDocs runs
    from the config's folder. The output folders (the site a real folder, the
    docs a link to its current generation: `output.py`) are made absolute,
    never resolved."""

    sources_dir: Path
    docs_dir: Path
    site_dir: Path
    config: Path
    pages_dir: Path | None = None  # the written pages (docs/); None: the site shows none
    also: tuple[tuple[Path, Path], ...] = ()  # extra (manifest, folder) pairs
    corpora: Path | None = None
    site_url: str | None = None  # None: the MkDocs config's site_url, if any
    site: bool = True  # False: stop once the Markdown is written (--no-site)
    bundle: Path | None = None
    # A clean build uses nothing of earlier builds (what `BuildMemory` holds,
    # what they left on disk for the next: `forget_earlier_builds`); what it
    # makes is still kept for the next.
    clean: bool = False
    # Replace output folders (and the bundle) the build did not make (--replace-output).
    replace: bool = False
    engine: str = DEFAULT_ENGINE  # what builds the HTML (common/engines.py: mkdocs, properdocs, zensical)

    @classmethod
    def of(
        cls,
        sources_dir: Path,
        docs_dir: Path,
        site_dir: Path,
        config: Path = write_stage.CONFIG,
        pages_dir: Path | None = None,
        also: list[tuple[Path | str, Path | str]] = (),
        corpora: Path | None = None,
        site_url: str | None = None,
        site: bool = True,
        bundle: Path | None = None,
        clean: bool = False,
        replace: bool = False,
        engine: str = DEFAULT_ENGINE,
    ) -> Settings:
        """Settings from paths relative to the working folder (options as given).
        Raises `SettingsError` for generated pages that would mix with written ones."""

        def resolved(path: Path | None) -> Path | None:
            return None if path is None else Path(path).resolve()

        settings = cls(
            sources_dir=resolved(sources_dir),
            docs_dir=Path(os.path.abspath(docs_dir)),
            site_dir=Path(os.path.abspath(site_dir)),
            config=resolved(config),
            pages_dir=resolved(pages_dir),
            also=tuple((resolved(Path(m)), resolved(Path(f))) for m, f in also),
            corpora=resolved(corpora),
            site_url=site_url,
            site=site,
            bundle=Path(os.path.abspath(bundle)) if bundle is not None else None,
            clean=clean,
            replace=replace,
            engine=engine,
        )
        if engine not in ENGINES:
            raise SettingsError(f"no engine {engine!r}: one of {', '.join(ENGINES)}")
        pages, docs = settings.pages_dir, settings.docs_dir
        if pages is not None and (docs == pages or pages in docs.parents):
            raise SettingsError(f"--docs-dir {docs} must lie outside --pages-dir {pages}")
        return settings

    @property
    def manifest(self) -> Path:
        return self.sources_dir / "manifest.yml"

    @property
    def sources(self) -> list[tuple[Path, Path]]:
        """Every (manifest, folder) read besides the main manifest."""
        corpora = [(read_stage.corpora_manifest(self.sources_dir), self.corpora)] if self.corpora else []
        return [*self.also, *corpora]

    @property
    def config_dir(self) -> Path:
        """The build's own folder for this docs folder: MkDocs configs, kept reads, state."""
        return self.docs_dir.parent / ".build" / self.docs_dir.name

    @property
    def image_store(self) -> Path:
        """The store of drawn preview images, by content, that every later
        build takes them from, clean ones too (`render/og_image.py`):
        $RULESITE_IMAGE_STORE (a folder builds of other folders and
        checkouts may share), else the build's own folder's."""
        shared = os.environ.get(IMAGE_STORE_VARIABLE, "").strip()
        return Path(os.path.abspath(shared)) if shared else self.config_dir / "og"

    @property
    def outputs(self) -> list[Path]:
        """The folders a build writes, one build at a time (`output.locked`)."""
        return [self.docs_dir, *([self.site_dir] if self.site else [])]


# What each stage hands back. `seconds`: how long the stage took.


@dataclass(frozen=True)
class Read:
    corpus: Corpus
    kept: Kept  # what this build read, filed once it has succeeded
    counts: dict[str, Counts]  # edition -> what was read of it
    seconds: float

    @property
    def rules(self) -> int:
        return sum(1 for _ in self.corpus.rules())

    @property
    def examples(self) -> int:
        return sum(len(rule.examples) for _, rule in self.corpus.rules())


@dataclass(frozen=True)
class Resolved:
    ctx: Context
    references: int  # rule references in rules, FAQ answers and rulings
    unresolved: dict[str, int]  # rule number -> references to it, for rules not in the sources
    history: list[tuple[tuple[str, str, str], ChainStep]]  # (game, document, language), each step of its chain
    reviews: int  # citations a newer edition made stale
    seconds: float


@dataclass(frozen=True)
class Rendered:
    files: dict  # language -> path -> text (or `workers.Held`: a file render's workers hold)
    seconds: float
    # Preview images drawn, and taken from the store (`render/og_image.py`);
    # None when not counted (a render without a crew: its workers are gone).
    images_drawn: int | None = None
    images_taken: int | None = None


@dataclass(frozen=True)
class Written:
    files: dict  # as rendered, with the offline app's files
    docs_dir: Path
    seconds: float

    @property
    def languages(self) -> list[str]:
        return list(self.files)

    @property
    def pages(self) -> int:
        return sum(1 for pages in self.files.values() for path in pages if path.endswith(".md"))

    @property
    def statics(self) -> int:
        """Static pages of ours (short rule links)."""
        return sum(1 for pages in self.files.values() for path in pages if path.endswith(".html"))


@dataclass(frozen=True)
class Built:
    fresh: Path  # the new generation, not yet published
    languages: list[str]
    reused: frozenset[str]  # languages copied from the published site, unchanged
    rebuilt: dict[str, int]  # language -> files built again (the rest copied)
    split: dict[str, int]  # language -> processes that built it
    keys: dict = field(repr=False)  # what each language was built from (`built_from.language_keys`)
    seconds: float = 0.0

    @property
    def built(self) -> list[str]:
        return [lang for lang in self.languages if lang not in self.reused]


@dataclass(frozen=True)
class Checked:
    pages: int
    counts: dict[str, Counts]  # edition -> what the built pages anchor of it
    findings_reused: int  # files unchanged since the last check, whose findings were reused
    problems: int  # of the crawl
    precaches: list[Precache]  # each service worker's first-visit store
    precache_problems: int
    seconds: float


@dataclass(frozen=True)
class Published:
    site_dir: Path
    seconds: float


@dataclass(frozen=True)
class Bundled:
    path: Path
    files: int
    seconds: float


@dataclass(frozen=True)
class Stopped:
    """The build ended here: `why` is "output" (an output folder it did not
    make: nothing written), "sources" (errors in what was read: nothing
    written), "mkdocs" (its `output` says why) or "checks" (the built site failed
    them: it is `kept` to be opened, `output.failed`); the previous site is left whole."""

    why: str
    output: str = ""
    status: int = 1
    kept: Path | None = None


Record = Read | Resolved | Rendered | Written | Built | Checked | Published | Bundled | Stopped


def foreign_outputs(settings: Settings, diag: Diagnostics) -> int:
    """Reports each output folder (and the bundle) that the build did not make
    and would replace (`output.foreign`), unless told to replace them
    (`Settings.replace`); how many."""
    if settings.replace:
        return 0
    found = [(folder, output.foreign(folder)) for folder in settings.outputs]
    if settings.site:  # where a build failing the output check is kept (`output.failed`)
        found.append((output.failed(settings.site_dir), output.foreign(output.failed(settings.site_dir))))
    if settings.bundle is not None:
        from .export.bundle import foreign_bundle

        found.append((settings.bundle, foreign_bundle(settings.bundle)))
    for path, why in found:
        if why is not None:
            diag.error(Loc(output.shown(path), 0), "output-folder", output.refusal(why))
    return sum(why is not None for _, why in found)


class _Clock:
    def __init__(self) -> None:
        self.start = time.perf_counter()

    def __call__(self) -> float:
        """Seconds since it was made."""
        return time.perf_counter() - self.start


def render_files(ctx: Context, crew: workers.Crew | None = None, memory=None) -> dict[str, dict[str, str | Held]]:
    """Stage 4: every language's pages, language -> path -> text. `crew`: the
    workers that keep the files they made (`Held`) until `write` writes them.
    `memory`: what the last render's reusable jobs made (`RenderMemory`)."""
    return render_site(ctx, crew=crew, published=published_data(ctx), memory=memory)


def published_data(ctx: Context) -> PublishedData:
    """The published data (export/), as render runs it beside the pages."""
    return PublishedData(
        whole=partial(data_files, ctx, places=ctx),
        parts=partial(data_parts, ctx, places=ctx),
        finish=finish_data,
        again=data_again,
    )


def forget_earlier_builds(settings: Settings, memory: BuildMemory | None) -> None:
    """A clean build's one decision, made before any stage runs: nothing
    earlier builds left is used. What this process kept goes
    (`BuildMemory.forget`), and so does what they left on disk for the next
    build: the kept reads (`read/kept.py`), what the published languages
    were built from (`engine.built_from`) and what the check found of their
    files (`check.stage.findings_file`). The stages then find none of it, as
    in a first build; what this build makes is kept for the next. The output
    folders stay (the build replaces them), and so does the store of drawn
    preview images (`Settings.image_store`): kept by what they show and by
    what draws them (`og_image.store_folder`), they are what a first build
    would draw, byte for byte."""
    if memory is not None:
        memory.forget()
    s = settings
    for path in (
        read_stage.kept_folder(s.config_dir),
        built_from.state_file(s.config_dir, s.site_dir),
        check_stage.findings_file(s.config_dir, s.site_dir),
    ):
        output.discard(path)


class Sequence:
    """One build of `settings`; problems go to `diag`. `run` runs every stage;
    each stage is also a method of its own, taking what the stages before it
    made, for the tests and the benchmark."""

    def __init__(
        self,
        settings: Settings,
        diag: Diagnostics | None = None,
        build_id: str = "",
        memory: BuildMemory | None = None,
        on_published: Callable[[], None] | None = None,
    ) -> None:
        self.settings = settings
        # Called once the new site is published, before what is kept for the
        # next build is saved: `rulesite serve` tells its open tabs then.
        self.on_published = on_published
        # What serve keeps between its builds, stage by stage (`memory.py`);
        # None: nothing is kept in memory.
        self.memory = memory
        # Where the caches of files checked against their identity live (the
        # docs digests tables, the package's assets, the preview images'
        # names): serve's memory, else a memory for this build alone.
        self.seen = memory if memory is not None else BuildMemory(mkdocs=False)
        self.diag = Diagnostics() if diag is None else diag
        self.build_id = build_id or output.new_build_id()
        self.published = False  # whether the new site has replaced the previous one

    def run(self) -> Iterator[Record]:
        """Every stage in order, each record yielded as its stage ends, with the
        output folders locked (`output.Busy` when another build holds them) and
        what killed builds left removed. A `Stopped` record ends it."""
        folders = self.settings.outputs
        with output.locked(*folders):
            if foreign_outputs(self.settings, self.diag):
                yield Stopped("output")
                return
            if self.settings.clean:
                forget_earlier_builds(self.settings, self.memory)
            if self.memory is not None:
                self.memory.files.settle()  # the last build's replaced docs, removed meanwhile
            for folder in folders:
                spare = self._spare(folder)
                output.clean(folder, keep=spare.kept if spare is not None else ())
            try:
                yield from self._stages()
            finally:
                for folder in folders:
                    output.discard_build(folder, self.build_id)

    def _spare(self, folder: Path) -> output.Spare | None:
        """The copy of `folder`'s published generation kept for this build (`output.Spare`), if any."""
        if self.memory is None:
            return None
        return self.memory.files.spare(folder, self.settings.docs_dir, self.settings.site_dir)

    def _stages(self) -> Iterator[Record]:
        read = self.read()
        yield read
        resolved = self.resolve(read)
        yield resolved
        if self.diag.errors:
            yield Stopped("sources")
            return
        # Render's workers stay until the pages are written: the files they hold are theirs to write.
        with workers.Crew() as crew:
            rendered = self.render(resolved, crew)
            yield rendered
            written = self.write(resolved, rendered, crew)
        yield written
        if not self.settings.site:
            read.kept.save()
            return
        built = self.mkdocs(read, written)
        if isinstance(built, Stopped):
            yield built
            return
        yield built
        checked = self.check(resolved, built)
        yield checked
        if checked.problems or checked.precache_problems:
            # Kept for the maintainer to open: the check's errors name its pages.
            yield Stopped("checks", kept=output.keep_failed(built.fresh, self.settings.site_dir, self.build_id))
            return
        yield self.publish(read, built)
        if self.settings.bundle:
            yield self.bundle()

    def read(self) -> Read:
        """Every source read (only those changed since the builds whose reads are kept)."""
        clock, s = _Clock(), self.settings
        kept = read_stage.kept_reads(s.config_dir)
        memory = self.memory.read if self.memory is not None else None
        parsed = memory.parsed if memory is not None else None
        shared = memory.shared if memory is not None else None
        corpus = read_stage.read_corpus(s.manifest, self.diag, s.sources, s.pages_dir, kept, parsed, shared)
        return Read(corpus, kept, counts_in(corpus), clock())

    def resolve(self, read: Read) -> Resolved:
        clock, corpus = _Clock(), read.corpus
        known = digests = links = mentions = compared = None
        memory = self.memory.resolve if self.memory is not None else None
        if memory is not None:  # the pairs of editions as they were last time are not scored again
            known, digests = memory.known_pairs(corpus, read.kept.entries)
            links, mentions, compared = memory.links, memory.mentions, memory.compared
        ctx = resolve_stage.resolve(corpus, self.diag, known=known, links=links, mentions=mentions, compared=compared)
        if memory is not None:
            memory.keep_pairs(known, digests)
        ctx = replace(
            ctx, site_url=write_stage.site_url(self.settings.config, self.settings.site_url), engine=self.settings.engine
        )
        # Drawn preview images are taken from the store, and kept there for the next build.
        store = og_image.store_folder(self.settings.image_store)
        ctx = replace(ctx, og_cache=store, og_names=self.seen.render.og_names)
        if compared is not None:
            history = compared.chain_steps(ctx.chains)
        else:
            history = [(key, step) for key, found in ctx.chains.items() for step in chain_steps(found)]
        return Resolved(ctx, ctx.links.cited, dict(ctx.links.unresolved), history, len(ctx.reviews), clock())

    def render(self, resolved: Resolved, crew: workers.Crew | None = None) -> Rendered:
        """Every language's pages. `crew`: workers that keep the files they made
        until `write` (without one, the pages are all in this process)."""
        clock = _Clock()
        memory = self.memory.render if self.memory is not None else None
        og_image.start_tally()
        files = render_files(resolved.ctx, crew, memory)
        seconds = clock()
        drawn, taken = og_image.tally(crew) if crew is not None else (None, None)
        return Rendered(files, seconds, drawn, taken)

    def write(self, resolved: Resolved, rendered: Rendered, crew: workers.Crew | None = None) -> Written:
        """The pages into a new generation of the docs folder, and each language's MkDocs config."""
        clock, s = _Clock(), self.settings
        later = self.memory.files.discard_later if self.memory is not None else None
        kept = self.memory.write if self.memory is not None else None
        spare = self._spare(s.docs_dir)
        write_stage.write(
            resolved.ctx,
            rendered.files,
            s.docs_dir,
            s.config_dir,
            s.config,
            self.build_id,
            crew,
            later,
            kept,
            spare,
            self.seen.write.tables,
        )
        return Written(rendered.files, s.docs_dir, clock())

    def mkdocs(self, read: Read, written: Written) -> Built | Stopped:
        """The strict MkDocs build of every language into a new generation of the
        site folder. A language whose pages, config and tools are all as when the
        published site was built is reused; one where only some files' contents
        changed is rebuilt from those alone; a large one is split over the cores."""
        clock, s, files = _Clock(), self.settings, written.files
        env = driver.mkdocs_env(read.corpus)
        # Without serve's memory, this build's own: what it keeps is only a faster way to the same keys.
        keys = built_from.language_keys(files, s.config_dir, s.config, env, s.docs_dir, self.seen.write)
        if not ENGINES[s.engine].incremental:
            return self._engine_build(files, env, keys, clock)
        engine = self.memory.engine if self.memory is not None else None
        states = engine.states if engine is not None else None
        built = built_from.published_keys(s.config_dir, s.site_dir, states)
        reuse, rebuild = built_from.reusable(built, keys), built_from.rebuildable(built, keys)
        split = driver.split_parts(files)
        result, fresh = driver.build(
            s.config_dir,
            list(files),
            s.site_dir,
            s.config,
            self.build_id,
            env,
            reuse,
            rebuild,
            split,
            engine and engine.rebuilder,
            self._spare(s.site_dir),
            keys=keys,
        )
        if result.returncode != 0:
            return Stopped("mkdocs", result.stdout + result.stderr)
        rebuilt = {lang: len(paths) for lang, paths in rebuild.items() if lang not in reuse}
        split = {lang: n for lang, n in split.items() if lang not in reuse and lang not in rebuilt}
        return Built(fresh, list(files), frozenset(reuse), rebuilt, split, keys, clock())

    def _engine_build(self, files: dict, env: dict[str, str], keys: dict[str, dict], clock: _Clock) -> Built | Stopped:
        """`mkdocs` with another engine: a clean build of every language (`engine/build.py`)."""
        from .engine.build import build

        s = self.settings
        result, fresh = build(ENGINES[s.engine], s.config_dir, list(files), s.site_dir, self.build_id, env)
        if result.returncode != 0:
            return Stopped("mkdocs", result.stdout + result.stderr)
        # Keys of another engine's site: a later MkDocs build neither reuses nor rebuilds it.
        keys = {lang: {**k, "key": f"{s.engine}:{k['key']}", "frame": f"{s.engine}:{k['frame']}"} for lang, k in keys.items()}
        return Built(fresh, list(files), frozenset(), {}, {}, keys, clock())

    def check(self, resolved: Resolved, built: Built) -> Checked:
        """The built site read back (`check_stage.check`), and each service worker's store."""
        clock, s = _Clock(), self.settings
        label = output.shown(output.failed(s.site_dir))  # errors are found only in a build kept there (`run`)
        before = len(self.diag.errors)
        # Files the new site shares with the published one were checked then: their own findings are reused.
        current = output.published(s.site_dir)
        memory = self.memory.check if self.memory is not None else None
        crawled = check_stage.check(
            resolved.ctx,
            built.fresh,
            built.languages,
            self.diag,
            label=label,
            findings=check_stage.findings_file(s.config_dir, s.site_dir),
            published=output.identity(current),
            held=memory and memory.findings,
        )
        problems = len(self.diag.errors) - before
        precaches = check_stage.check_offline_app(built.fresh, self.diag, label=label, known=memory and memory.precache)
        precache_problems = len(self.diag.errors) - before - problems
        return Checked(crawled.pages, crawled.counts, crawled.findings_reused, problems, precaches, precache_problems, clock())

    def publish(self, read: Read, built: Built) -> Published:
        """The checked site replaces the previous one in one step; what it and
        the reads were made from is kept for the next build."""
        clock, s = _Clock(), self.settings
        with output.interrupts_held():  # all or nothing: an interrupt waits until the folders are swapped
            driver.publish(built.fresh, s.site_dir, self._spare(s.site_dir))
            self.published = True
        output.discard(output.failed(s.site_dir))  # its errors are mended: no failed build to open
        if self.on_published is not None:
            self.on_published()
        engine = self.memory.engine if self.memory is not None else None
        built_from.remember(s.config_dir, s.site_dir, built.keys, engine.states if engine is not None else None)
        if engine is not None and ENGINES[s.engine].incremental:
            env = driver.mkdocs_env(read.corpus)
            driver.prepare(engine.rebuilder, s.config_dir, s.docs_dir, s.site_dir, built.keys, env)
        read.kept.save()
        return Published(s.site_dir, clock())

    def bundle(self) -> Bundled:
        """The published site as one zip that opens from disk."""
        from .export.bundle import write_bundle

        clock, s = _Clock(), self.settings
        return Bundled(s.bundle, write_bundle(s.site_dir, s.bundle), clock())
