"""The read stage's glue: every source a manifest names read into one model
(`read_sources`), with the extras, the walkthroughs and the written pages, and
the checks of names and characters that need all of them; what earlier builds
read is kept in `.build/` (`kept_reads`)."""

from __future__ import annotations

from pathlib import Path

from ..common.diagnostics import Diagnostics
from ..common.model import Corpus, Loc
from ..read import read_sources
from ..read.collisions import check_page_names
from ..read.extras import read_card_aliases, read_concordance, read_keywords, read_misprints
from ..read.kept import Kept, Shared
from ..read.manifest import shown_path
from ..read.untrusted import check_characters
from ..read.walkthroughs import read_walkthroughs
from ..read.written import read_written
from ..read.yamlfile import keeping
from ..resolve.merge import merge
from ..common import workers


# Defaults, relative to the folder the build runs from (the project folder):
# every one of them is also a command-line option.
SOURCES = Path("rules_src")


def corpora_manifest(sources_dir: Path) -> Path:
    """The manifest that lists the real documents, relative to their own folder."""
    return sources_dir / "external" / "corpora.manifest.yml"


def kept_reads(config_dir: Path) -> Kept:
    """What earlier builds read of each source (`read/kept.py`), kept beside the
    MkDocs configs of their docs folder (`kept_folder`): a rebuild reads only
    changed sources. Call its `save` once the build has succeeded."""
    return Kept(kept_folder(config_dir))


def kept_folder(config_dir: Path) -> Path:
    """Where `kept_reads` keeps them (a clean build removes it first)."""
    return config_dir / "read"


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
