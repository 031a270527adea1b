"""The stages in order, each a plain function: read -> resolve -> render ->
build -> check. `rulesite build` runs them for people, tests and the
benchmark call them directly."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from .diagnostics import Diagnostics
from .model import Corpus, Loc
from .read import read_sources
from .read.extras import read_concordance, read_keywords
from .read.manifest import shown_path
from .read.untrusted import check_characters
from .read.walkthroughs import read_walkthroughs
from .read.written import read_written
from .render.context import Context
from .render.paths import language_root
from .render.site import navigation, render_site, replace_dir, write_config, write_docs
from .resolve.citations import attach_references, collect
from .resolve.concordance import resolve_concordance
from .resolve.history import diff_editions, prerendered_pairs, rule_chains, rule_history
from .resolve.review import attach_errata, needs_review
from .resolve.keywords import keyword_forms
from .resolve.links import Linker
from .resolve.merge import merge
from .resolve.walkthrough_check import check_walkthroughs

# Defaults, relative to the folder the build runs from (the project folder):
# every one of them is also a command-line option.
SOURCES = Path("rules_src")
CONFIG = Path("mkdocs.yml")


def corpora_manifest(sources_dir: Path) -> Path:
    """The manifest that lists the real documents, relative to their own folder."""
    return sources_dir / "external" / "corpora.manifest.yml"


def read_corpus(
    manifest: Path, diag: Diagnostics, also: list[tuple[Path, Path]] = (), pages_dir: Path | None = None
) -> Corpus:
    """Stage 1 and 2: every source read by its importer, merged into one corpus.
    `also`: extra (manifest, folder) pairs whose sources are read too;
    `pages_dir`: the folder of written pages (docs/), when the site shows them."""
    sources, imported = read_sources(manifest, diag, also)
    corpus = merge(sources, imported, diag)
    if sources and not any(True for _ in corpus.rules()):
        diag.error(Loc(shown_path(manifest), 1), "no-rules", "the sources yield no rules: nothing to build")
    folder = manifest.parent
    walkthroughs = folder / "walkthroughs"
    if walkthroughs.is_dir():
        corpus.walkthroughs = read_walkthroughs(walkthroughs, diag)
        check_characters(corpus.walkthroughs, Loc(shown_path(walkthroughs), 1), diag)
    corpus.keywords = read_keywords(folder / "keywords.yml", diag, folder)
    corpus.equivalents, corpus.topics = read_concordance(folder / "concordance.yml", diag, folder)
    check_characters([corpus.keywords, corpus.equivalents, corpus.topics], Loc(shown_path(folder), 1), diag)
    if pages_dir is not None:
        corpus.written = read_written(pages_dir, diag)
    return corpus


def resolve(corpus: Corpus, sources_dir: Path, diag: Diagnostics) -> Context:
    """Stage 3: references and keywords resolved, walkthroughs checked against their rules."""
    linker = Linker(corpus, keyword_forms(corpus, diag))
    attach_references(corpus, linker)
    check_walkthroughs(corpus, diag)
    concordance = resolve_concordance(corpus, diag)
    history, diffs, chains = compare_editions(corpus)
    attach_errata(corpus, diag)
    reviews = needs_review(corpus, history)
    return Context(
        corpus, linker, collect(corpus, linker), concordance,
        history=history, diffs=diffs, chains=chains, reviews=reviews, findings=list(diag.warnings),
    )


def compare_editions(corpus: Corpus) -> tuple[dict, list, dict]:
    """Every rule's history and match chain in its document, and the diffs the site
    pre-renders: between neighbouring whole dated editions and between each one and
    the current edition (`prerendered_pairs`: linear in editions). The diff of any
    other pair is composed in the browser from the published data (`traced_diff`)."""
    history, diffs, chains = {}, [], {}
    for key, editions in corpus.editions.items():
        dated = [e for e in editions if e.date != "undated"]
        if len(dated) < 2:
            continue
        found = chains[key] = rule_chains(dated)  # key: (game, document, language)
        history[key] = rule_history(dated, found)
        whole = [e for e in found.editions if not e.partial]
        # Neighbours were matched for the chains already: their diffs reuse them.
        diffs += [diff_editions(a, b, found.matches.get((a.label, b.label))) for a, b in prerendered_pairs(whole)]
    return history, diffs, chains


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


def render(ctx: Context, docs_dir: Path, config_dir: Path, config: Path = CONFIG) -> dict[str, dict[str, str]]:
    """Stage 4: every language's pages written into docs_dir/<language>/, and for
    each language the MkDocs config that lists them (config_dir/mkdocs.<language>.yml)."""
    files = render_site(ctx)
    write(ctx, files, docs_dir, config_dir, config)
    return files


def write(ctx: Context, files: dict[str, dict[str, str]], docs_dir: Path, config_dir: Path, config: Path = CONFIG) -> None:
    """The rendered pages into docs_dir/<language>/, and each language's MkDocs config."""
    write_docs(files, docs_dir)
    for lang, pages in files.items():
        lang_ctx = Context(ctx.corpus, ctx.linker, ctx.citations, ctx.concordance, lang, tuple(files), site_url=ctx.site_url)
        nav = navigation(lang_ctx, pages)
        write_config(lang_ctx, nav, config, docs_dir, config_dir / f"mkdocs.{lang}.yml")


def build(config_dir: Path, languages: list[str], site_dir: Path, config: Path = CONFIG) -> tuple[subprocess.CompletedProcess, Path]:
    """Stage 5: the real, strict MkDocs build of every language (English at the
    root, the others in a folder each) into a fresh folder beside `site_dir`.
    `publish` swaps it in once it has passed the checks."""
    fresh = site_dir.with_name(site_dir.name + ".new")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    result = None
    # English first: its --clean build empties the folder the others go into.
    for lang in sorted(languages, key=lambda code: code != "en"):
        out = fresh / language_root(lang)
        config = config_dir / f"mkdocs.{lang}.yml"
        result = subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "--strict", "--clean", "-f", str(config), "-d", str(out)],
            capture_output=True,
            text=True,
            env=env,
            cwd=config.resolve().parent,
        )
        if result.returncode != 0:
            shutil.rmtree(fresh, ignore_errors=True)
            return result, fresh
    return result, fresh


def publish(fresh: Path, site_dir: Path) -> None:
    replace_dir(fresh, site_dir)


def discard(fresh: Path) -> None:
    shutil.rmtree(fresh, ignore_errors=True)
