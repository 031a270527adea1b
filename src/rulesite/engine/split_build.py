"""One language's clean MkDocs build shared by several processes, one a core,
giving the very files `mkdocs build` gives (`engine.driver.build` runs it, as
`python -m rulesite.engine.split_build`, for a language with many pages: English is
nearly all of the site, so building the languages side by side alone leaves a
core idle).

Each process runs MkDocs' own build steps (its Python API, the steps of
`mkdocs.commands.build.build`, in their order) into the one new folder, but
reads, renders and writes only its share of the pages (every n-th page, from
the k-th) and of the static files (ours hard-linked rather than copied:
`_place`), so that no two write the same file; it also reads and renders the
pages in the navigation, whose titles every page shows. Part 0 writes the
theme's templates too (the sitemap, the not-found page). A plugin that makes
one file of every page (a search index) cannot be split: the site has none
(`mkdocs_calls.refuse_whole_site_plugins`).

What a part cannot do is check an anchor in a page another part renders:
MkDocs only knows a page's anchors once it has rendered it, and skips links
into pages it has not. The output check (check/) checks every link and anchor
of the built site anyway. Every other warning still fails the strict build.
`tests/build/test_split_build.py` compares the whole output with a plain
`mkdocs build`'s, byte for byte.

No MkDocs plugin or hook: this is a caller of MkDocs, like its command line."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path

from .mkdocs_calls import log_like_mkdocs, refuse_whole_site_plugins, run

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


def build_part(config_file: Path, site_dir: Path, part: int, parts: int) -> int:
    """Part `part` of `parts` of the clean build of `config_file`: its share of
    the pages and of the static files written into `site_dir` (new or empty: the
    parts write into it side by side, never the same file). Returns how many
    pages it built."""
    from mkdocs import utils
    from mkdocs.commands import build as steps
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort, BuildError
    from mkdocs.structure.files import InclusionLevel, get_files, set_exclusions
    from mkdocs.structure.nav import get_navigation
    from mkdocs.structure.pages import Page

    config = load_config(str(config_file), site_dir=str(site_dir), strict=True)
    refuse_whole_site_plugins(config)
    counter = utils.CountHandler()
    counter.setLevel(logging.WARNING)
    logging.getLogger("mkdocs").addHandler(counter)
    config.plugins.on_startup(command="build", dirty=False)
    try:
        config = config.plugins.on_config(config)
        config.plugins.on_pre_build(config=config)
        files = get_files(config)
        env = config.theme.get_env()
        files.add_files_from_theme(env, config)
        files = config.plugins.on_files(files, config=config)
        set_exclusions(files, config)
        nav = get_navigation(files, config)
        nav = config.plugins.on_nav(nav, config=config, files=files)
        docs = files.documentation_pages(inclusion=InclusionLevel.is_included)
        mine = {file.src_uri for i, file in enumerate(docs) if i % parts == part}
        shown = {page.file.src_uri for page in nav.pages}
        for file in docs:
            if file.page is None and file.inclusion.is_not_in_nav():
                Page(None, file, config)
            if file.src_uri in mine or file.src_uri in shown:
                steps._populate_page(file.page, config, files)
        env = config.plugins.on_env(env, config=config, files=files)
        # What Files.copy_static_files copies, shared out as the pages are.
        statics = [f for f in files if not f.is_documentation_page() and InclusionLevel.is_included(f.inclusion)]
        docs_dir = os.path.join(os.path.normpath(config.docs_dir), "")  # as MkDocs joins abs_src_path
        for file in statics[part::parts]:
            _place(file, docs_dir)
        if part == 0:
            for template in config.theme.static_templates:
                steps._build_theme_template(template, env, files, config, nav)
            for template in config.extra_templates:
                steps._build_extra_template(template, files, config, nav)
        built = [file for file in docs if file.src_uri in mine]
        for file in built:
            steps._build_page(file.page, config, docs, nav, env, excluded=file.inclusion.is_excluded())
        for file in built:
            file.page.validate_anchor_links(files=files, log_level=config.validation.links.anchors)
        config.plugins.on_post_build(config=config)
        if counts := counter.get_counts():
            raise Abort(f"Aborted with {', '.join(f'{v} {k.lower()}s' for k, v in counts)} in strict mode!")
    except BuildError as error:
        config.plugins.on_build_error(error=error)
        raise Abort(str(error)) from error
    except Exception as error:
        config.plugins.on_build_error(error=error)
        raise
    finally:
        config.plugins.on_shutdown()
    return len(built)


def _place(file, docs_dir: str) -> None:
    """A static file into the site: a file of our docs folder as a hard link to
    it (the same bytes as MkDocs' copy; some 18,000 forwarding pages, where
    creating and filling a file each cost most of this stage's time when the
    disk is busy), anything else (the theme's files, a file a plugin makes)
    copied by MkDocs. A generation of the docs folder is never written into once
    written (`render.site.write_docs`), so the two names keep the same bytes; a
    rebuild unlinks every output it writes again (`rebuild.py`)."""
    source = file.abs_src_path
    if file.generated_by is None and source and source.startswith(docs_dir):
        target = file.abs_dest_path
        os.makedirs(os.path.dirname(target), exist_ok=True)
        try:
            os.link(source, target)
            return
        except OSError:  # another file system, or links not allowed there: copied
            pass
    file.copy_file()


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
