"""What the two callers of MkDocs' Python API (`rebuild.py`, `split_build.py`)
share: messages printed as `mkdocs build` prints them, a failure reported as
it reports one, no plugin that needs every page in one process, and the steps
of `mkdocs.commands.build.build` both replay (MkDocs 1.6): what it gathers
before it reads any page (`Gathered`), and how it ends (`ending`,
`end_build`). Between the two, each reads, renders and writes only the pages
and files it means to."""

from __future__ import annotations

import contextlib
import logging
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path


def log_like_mkdocs() -> None:
    """Messages printed as `mkdocs build` prints them (level, then the text)."""
    log = logging.getLogger("mkdocs")
    log.propagate = False
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(logging.Formatter("%(levelname)-8s-  %(message)s"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)


def run(work: Callable[[], str]) -> int:
    """`work` (a build that returns what to say it did), its failure printed as
    MkDocs prints one: 0, or 1 when MkDocs aborted (a strict warning, an error)."""
    from mkdocs.exceptions import Abort

    try:
        done = work()
    except Abort as abort:
        logging.getLogger("mkdocs").error(str(abort))
        return 1
    print(f"INFO    -  {done}")
    return 0


def refuse_whole_site_plugins(config) -> None:
    """A split or partial build writes only some pages: a plugin that makes one
    file of every page at the end (MkDocs' or Material's search index) would
    write an index of those pages alone. The site's config has none (its word
    search is its own, render/word_index.py); a config that adds one is told so."""
    from mkdocs.exceptions import Abort

    found = [name for name in config.plugins if name.split("/")[-1] == "search"]
    if found:
        raise Abort(f"the {found[0]} plugin indexes the whole site, which a split or partial build cannot: remove it")


class Gathered:
    """What a build gathers before it reads any page, as `mkdocs build` does
    (the steps of `mkdocs.commands.build.build` up to its reading of the
    pages): the config (strict), the files, the theme's environment, the
    navigation and a Page for each page (none of it reads a page), with the
    plugins' events of those steps; a failure ends the build (`ending`).
    `counter` counts the warnings while gathering and while `ending` lasts
    (the strict check, `end_build`). `templates` (`rebuild._Compiled`) gives
    the theme's environments a cache of compiled templates, loaded ahead."""

    def __init__(self, config_file: Path, site_dir: Path, *, dirty: bool, templates=None) -> None:
        from mkdocs import utils
        from mkdocs.config import load_config
        from mkdocs.structure.files import InclusionLevel, get_files, set_exclusions
        from mkdocs.structure.nav import get_navigation
        from mkdocs.structure.pages import Page

        self.config = config = load_config(str(config_file), site_dir=str(site_dir), strict=True)
        refuse_whole_site_plugins(config)
        if templates is not None:
            templates.attach(config)
        self.counter = utils.CountHandler()
        self.counter.setLevel(logging.WARNING)
        # The real docs folder, taken first: a caller that moves its link meanwhile compares.
        self.docs_real = os.path.realpath(config.docs_dir)
        logging.getLogger("mkdocs").addHandler(self.counter)
        config.plugins.on_startup(command="build", dirty=dirty)
        with ending(self, last=False):
            self.config = config = config.plugins.on_config(config)
            config.plugins.on_pre_build(config=config)
            files = get_files(config)
            self.names = {file.src_uri for file in files}  # the docs folder's files (not the theme's)
            env = config.theme.get_env()
            files.add_files_from_theme(env, config)
            files = config.plugins.on_files(files, config=config)
            set_exclusions(files, config)
            nav = get_navigation(files, config)
            nav = config.plugins.on_nav(nav, config=config, files=files)
            docs = files.documentation_pages(inclusion=InclusionLevel.is_included)
            if templates is not None:
                templates.preload(env)
            # Built or not, every page needs its Page (the navigation, the sitemap).
            for file in docs:
                if file.page is None and file.inclusion.is_not_in_nav():
                    Page(None, file, config)
        self.files, self.env, self.nav, self.docs = files, env, nav, docs


@contextlib.contextmanager
def ending(gathered: Gathered, last: bool = True) -> Iterator[None]:
    """A build's steps, ended as `mkdocs build` ends one: a failure told to the
    plugins (`on_build_error`; MkDocs' BuildError raised as an Abort), and the
    plugins told the build ends (`on_shutdown`) once it does, which is however
    these steps end when they are the `last`, else only when they fail.
    `gathered.counter` counts the warnings meanwhile."""
    from mkdocs.exceptions import Abort, BuildError

    log = logging.getLogger("mkdocs")
    log.addHandler(gathered.counter)
    ended = last
    try:
        yield
    except BuildError as error:
        ended = True
        gathered.config.plugins.on_build_error(error=error)
        raise Abort(str(error)) from error
    except Exception as error:
        ended = True
        gathered.config.plugins.on_build_error(error=error)
        raise
    finally:
        if ended:
            gathered.config.plugins.on_shutdown()
        log.removeHandler(gathered.counter)


def end_build(gathered: Gathered, built: list) -> None:
    """MkDocs' last steps of a build whose pages `built` were rendered: their
    links to anchors checked, `on_post_build`, and in strict mode an Abort
    when anything warned."""
    from mkdocs.exceptions import Abort

    config = gathered.config
    for file in built:
        file.page.validate_anchor_links(files=gathered.files, log_level=config.validation.links.anchors)
    config.plugins.on_post_build(config=config)
    if counts := gathered.counter.get_counts():
        raise Abort(f"Aborted with {', '.join(f'{v} {k.lower()}s' for k, v in counts)} in strict mode!")


def place_static(file, docs_dir: str) -> None:
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
