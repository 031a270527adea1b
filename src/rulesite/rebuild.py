"""A language's MkDocs build again after only some of its pages changed, giving
the very files a clean `mkdocs build` gives (`pipeline.build` runs it, in a
process of its own, as `python -m rulesite.rebuild`).

It is MkDocs' own build, run through its Python API with dirty=True, into a new
generation that starts as a copy of the published one made of hard links
(`pipeline._link_tree`). The caller makes that copy while this process starts
(Python, MkDocs, the config and its plugins: about as long as linking some
20,000 files takes), and says so with a line on stdin (`--wait`). A dirty build
reads, renders and writes only the files whose source is newer than their
output; so that no write ever goes through a hard link into the published
generation, every output MkDocs will write is unlinked first: the outputs of
the changed files (which makes MkDocs take them as modified, whatever their
times), of every other file MkDocs would take as modified, of the theme's
templates it renders every time (the sitemap, the not-found page).

What a dirty build leaves different from a clean one is made the same here:
the one warning MkDocs gives for every dirty build ("A 'dirty' build is being
performed ...") is dropped, and that one only: every other warning still
fails the strict build. A plugin that makes one file of every page (a search
index) is refused (`mkdocs_calls.refuse_whole_site_plugins`): a dirty build
would index the rebuilt pages alone.
Everything else a dirty build could get wrong (another page's title or place
in the navigation, a page added or removed, another config or theme) is a
reason for a clean build instead: `pipeline.rebuildable` only sends here the
languages whose navigation, titles, list of files, config and theme are all as
they were (`tests/build/test_incremental.py` compares the whole site with a
clean build's, byte for byte).

No MkDocs plugin or hook: this is a caller of MkDocs, like its command line."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path

from .mkdocs_calls import log_like_mkdocs, refuse_whole_site_plugins, run

DIRTY_WARNING = "A 'dirty' build is being performed"


class _DropDirtyWarning(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.levelno == logging.WARNING and record.getMessage().startswith(DIRTY_WARNING))


def _unlink(path: str) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


def rebuild(config_file: Path, site_dir: Path, changed: set[str], ready=lambda: None) -> int:
    """Builds the site of `config_file` into `site_dir` (a hard-linked copy of
    the published output) again, `changed` (paths under docs_dir)
    and whatever else MkDocs takes as modified. `ready()` returns once
    `site_dir` holds that copy: nothing before it looks there. Returns how many
    files were built or copied again."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.structure.files import get_files

    config = load_config(str(config_file), site_dir=str(site_dir), strict=True)
    refuse_whole_site_plugins(config)
    config.plugins.on_startup(command="build", dirty=True)
    try:
        # The files MkDocs' build gathers, gathered the same way, in its order.
        files = get_files(config)
        files.add_files_from_theme(config.theme.get_env(), config)
        ready()
        again = [f for f in files if f.src_uri in changed or f.is_modified()]
        for file in again:
            _unlink(file.abs_dest_path)
        for name in [*config.theme.static_templates, *config.extra_templates, "sitemap.xml.gz"]:
            _unlink(os.path.join(config.site_dir, name))
        build(config, dirty=True)
    finally:
        config.plugins.on_shutdown()
    return len(again)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rulesite.rebuild", description=__doc__.split("\n\n")[0])
    parser.add_argument("-f", "--config-file", type=Path, required=True)
    parser.add_argument("-d", "--site-dir", type=Path, required=True, help="a hard-linked copy of the published output")
    parser.add_argument("--changed", type=Path, required=True, help="a file listing the changed paths under docs_dir, one a line")
    parser.add_argument(
        "--wait", action="store_true", help="look into the site folder only after a line on stdin (it is being linked)"
    )
    args = parser.parse_args(argv)
    log_like_mkdocs()
    # A logger's filter sees the records logged to it, before any handler (the strict counter too).
    logging.getLogger("mkdocs.commands.build").addFilter(_DropDirtyWarning())
    changed = set(args.changed.read_text(encoding="utf-8").splitlines())
    ready = sys.stdin.readline if args.wait else lambda: None
    return run(lambda: f"Rebuilt {rebuild(args.config_file, args.site_dir, changed, ready)} files")


if __name__ == "__main__":
    sys.exit(main())
