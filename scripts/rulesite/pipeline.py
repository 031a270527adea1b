"""The stages in order, each a plain function: read -> resolve -> render ->
build -> check. `scripts/build.py` runs them for people, tests and the
benchmark call them directly."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from .diagnostics import Diagnostics
from .model import Corpus
from .read import read_sources
from .read.walkthroughs import read_walkthroughs
from .render.context import Context
from .render.site import navigation, render_pages, replace_dir, write_config, write_docs
from .resolve.citations import attach_references, collect
from .resolve.keywords import keyword_forms
from .resolve.links import Linker
from .resolve.merge import merge
from .resolve.walkthrough_check import check_walkthroughs

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ROOT / "rules_src"


def read_corpus(manifest: Path, diag: Diagnostics) -> Corpus:
    """Stage 1 and 2: every source read by its importer, merged into one corpus."""
    sources, imported = read_sources(manifest, diag)
    corpus = merge(sources, imported, diag)
    walkthroughs = manifest.parent / "walkthroughs"
    if walkthroughs.is_dir():
        corpus.walkthroughs = read_walkthroughs(walkthroughs, diag)
    return corpus


def resolve(corpus: Corpus, sources_dir: Path, diag: Diagnostics) -> Context:
    """Stage 3: references and keywords resolved, walkthroughs checked against their rules."""
    linker = Linker(corpus, keyword_forms(corpus, sources_dir / "keywords.yml", diag))
    attach_references(corpus, linker)
    check_walkthroughs(corpus, diag)
    return Context(corpus, linker, collect(corpus, linker))


def render(ctx: Context, docs_dir: Path, config_out: Path) -> dict[str, str]:
    """Stage 4: every page written into docs_dir, and the config that lists them."""
    pages = render_pages(ctx)
    write_docs(pages, docs_dir)
    write_config(navigation(ctx, pages), ROOT / "mkdocs.yml", docs_dir, config_out)
    return pages


def build(config: Path, site_dir: Path) -> subprocess.CompletedProcess:
    """Stage 5: the real, strict MkDocs build, into a fresh folder swapped in on success."""
    fresh = site_dir.with_name(site_dir.name + ".new")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--clean", "-f", str(config), "-d", str(fresh)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
    )
    if result.returncode == 0:
        replace_dir(fresh, site_dir)
    return result
