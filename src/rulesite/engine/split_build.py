"""One language's clean MkDocs build shared by several processes, one a core,
giving the very files `mkdocs build` gives (`engine.driver.build` runs it, as
`python -m rulesite.engine.split_build`, for a language with many pages: English is
nearly all of the site, so building the languages side by side alone leaves a
core idle).

Each process runs MkDocs' own build steps (its Python API, the steps of
`mkdocs.commands.build.build`, in their order; those it shares with
`rebuild.py` are in `mkdocs_calls.py`) into the one new folder, but reads,
renders and writes only its share of the pages (`shares`: of about equal
cost, by their sizes) and of the static files (ours hard-linked rather than copied:
`mkdocs_calls.place_static`), so that no two write the same file; it also
reads and renders the pages in the navigation, whose titles every page shows.
Part 0 writes the theme's templates too (the sitemap, the not-found page). A
plugin that makes one file of every page (a search index) cannot be split:
the site has none (`mkdocs_calls.refuse_whole_site_plugins`).

What a part cannot do is check an anchor in a page another part renders:
MkDocs only knows a page's anchors once it has rendered it, and skips links
into pages it has not. The output check (check/) checks every link and anchor
of the built site anyway. Every other warning still fails the strict build.
`tests/build/test_split_build.py` compares the whole output with a plain
`mkdocs build`'s, byte for byte.

No MkDocs plugin or hook: this is a caller of MkDocs, like its command line."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from .mkdocs_calls import Gathered, end_build, ending, log_like_mkdocs, place_static, run

# MkDocs' build steps this calls, as MkDocs 1.6 names them.
STEPS = ("_populate_page", "_build_page", "_build_theme_template", "_build_extra_template")


def available() -> bool:
    """Whether the installed MkDocs has the build steps a split build runs: a
    successor that names them otherwise gets a plain `mkdocs build` instead."""
    try:
        from mkdocs.commands import build as steps
    except ImportError:
        return False
    return all(callable(getattr(steps, name, None)) for name in STEPS)


# What a page costs MkDocs besides its Markdown (the theme's templates, the
# navigation), in bytes of Markdown: measured on the full corpora's English
# pages, 12.8 ms of templates a page against 3.6 ms a kilobyte of Markdown.
PAGE_BYTES = 3_500


def shares(pages: list[tuple[str, int]], parts: int) -> list[set[str]]:
    """The pages (path, size in bytes) dealt out to `parts` processes, each the
    next largest to the one with least so far: shares of about equal cost. Every
    n-th page was not: the few whole-document pages (one of 1.4 MB) fell where
    they fell, and one English part took a tenth longer than the other. Every
    part computes the same shares from the same files."""
    load = [0] * parts
    dealt: list[set[str]] = [set() for _ in range(parts)]
    for path, size in sorted(pages, key=lambda page: (-page[1], page[0])):
        k = load.index(min(load))
        dealt[k].add(path)
        load[k] += size + PAGE_BYTES
    return dealt


def build_part(config_file: Path, site_dir: Path, part: int, parts: int) -> int:
    """Part `part` of `parts` of the clean build of `config_file`: its share of
    the pages and of the static files written into `site_dir` (new or empty: the
    parts write into it side by side, never the same file). Returns how many
    pages it built."""
    from mkdocs.commands import build as steps
    from mkdocs.structure.files import InclusionLevel

    gathered = Gathered(config_file, site_dir, dirty=False)
    config, files, env, nav, docs = gathered.config, gathered.files, gathered.env, gathered.nav, gathered.docs
    with ending(gathered):
        mine = shares([(file.src_uri, os.path.getsize(file.abs_src_path)) for file in docs], parts)[part]
        shown = {page.file.src_uri for page in nav.pages}
        for file in docs:
            if file.src_uri in mine or file.src_uri in shown:
                steps._populate_page(file.page, config, files)
        env = config.plugins.on_env(env, config=config, files=files)
        # What Files.copy_static_files copies, shared out as the pages are.
        statics = [f for f in files if not f.is_documentation_page() and InclusionLevel.is_included(f.inclusion)]
        docs_dir = os.path.join(os.path.normpath(config.docs_dir), "")  # as MkDocs joins abs_src_path
        for file in statics[part::parts]:
            place_static(file, docs_dir)
        if part == 0:
            for template in config.theme.static_templates:
                steps._build_theme_template(template, env, files, config, nav)
            for template in config.extra_templates:
                steps._build_extra_template(template, files, config, nav)
        built = [file for file in docs if file.src_uri in mine]
        for file in built:
            steps._build_page(file.page, config, docs, nav, env, excluded=file.inclusion.is_excluded())
        end_build(gathered, built)
    return len(built)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rulesite.engine.split_build", description=__doc__.split("\n\n")[0])
    parser.add_argument("-f", "--config-file", type=Path, required=True)
    parser.add_argument("-d", "--site-dir", type=Path, required=True, help="the site's folder, shared by the parts")
    parser.add_argument("--part", type=int, required=True, help="which part, from 0")
    parser.add_argument("--parts", type=int, required=True, help="how many parts")
    args = parser.parse_args(argv)
    log_like_mkdocs()

    def work() -> str:
        count = build_part(args.config_file, args.site_dir, args.part, args.parts)
        return f"Built part {args.part + 1} of {args.parts}: {count} pages"

    return run(work)


if __name__ == "__main__":
    sys.exit(main())
