"""The command-line options the commands share: where the sources are read
from (`build`, `serve`, `export`), the build's folders and settings (`build`,
`serve`), and the exit statuses they give."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..engine.options import add_engine_option
from ..sequence import Settings
from ..stages import read as read_stage
from ..write import stage as write_stage


def add_source_options(parser: argparse.ArgumentParser) -> None:
    """--sources-dir, --also and --corpora."""
    parser.add_argument(
        "--sources-dir", type=Path, default=read_stage.SOURCES, help="folder with manifest.yml (default: rules_src)"
    )
    parser.add_argument(
        "--also",
        nargs=2,
        action="append",
        default=[],
        metavar=("MANIFEST", "FOLDER"),
        help="also read the sources MANIFEST lists, from FOLDER (repeatable)",
    )
    parser.add_argument(
        "--corpora",
        type=Path,
        metavar="FOLDER",
        help="also read the real corpora from FOLDER, as SOURCES_DIR/external/corpora.manifest.yml lists them",
    )


def add_build_options(parser: argparse.ArgumentParser, publish: bool = True) -> None:
    """The options of `build`; `publish`: with those of the site's last steps (`serve` has neither)."""
    add_source_options(parser)
    parser.add_argument(
        "--config", type=Path, default=write_stage.CONFIG, help="the MkDocs config the site inherits (default: mkdocs.yml)"
    )
    parser.add_argument(
        "--pages-dir", type=Path, default=Path("docs"), help="the pages people write, shown on every site (default: docs)"
    )
    parser.add_argument(
        "--docs-dir",
        type=Path,
        default=write_stage.DOCS_DIR,
        help="where to write the generated Markdown (default: build/docs)",
    )
    parser.add_argument("--site-dir", type=Path, default=Path("site"), help="where to build HTML (default: site)")
    add_replace_option(parser)
    add_engine_option(parser)
    if publish:
        parser.add_argument("--no-site", action="store_true", help="write docs/ only; skip MkDocs and the site checks")
        parser.add_argument(
            "--bundle",
            type=Path,
            metavar="FILE.zip",
            help="also write the checked site, pages and data, as one zip that opens from disk",
        )
    parser.add_argument(
        "--site-url",
        metavar="URL",
        help="the address the site is published at (default: site_url of the MkDocs config, if any): "
        "makes canonical links and og:url absolute, and the sitemap (without it there is none)",
    )


def add_replace_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--replace-output",
        action="store_true",
        help="replace output folders (and the bundle) even when the build did not make them, "
        "deleting everything they hold (without it, such a folder is refused: error[output-folder])",
    )


# What `build --help` and `serve --help` say of the environment.
ENVIRONMENT = (
    "environment: RULESITE_IMAGE_STORE=FOLDER keeps the drawn link-preview images there instead of in the "
    "build's own folder (.build/ beside the docs folder), to be shared by builds of other folders and checkouts "
    "(each image is drawn once, by content, and never taken by other drawing code)"
)

# Exit statuses besides 0 (built), 1 (problems found) and 2 (wrong arguments).
EXIT_BUSY = 75  # another build is writing the same folder (EX_TEMPFAIL: try again later)
EXIT_INTERRUPTED = 130  # Ctrl-C, as shells report it


def settings_of(args: argparse.Namespace, publish: bool = True) -> Settings:
    """The build's options, resolved once (`publish`: with --no-site and --bundle,
    which `serve` has not). Raises `SettingsError`."""
    last = {"site": not args.no_site, "bundle": args.bundle} if publish else {}
    return Settings.of(
        args.sources_dir,
        args.docs_dir,
        args.site_dir,
        config=args.config,
        pages_dir=args.pages_dir,
        also=args.also,
        corpora=args.corpora,
        site_url=args.site_url,
        replace=args.replace_output,
        engine=args.engine,
        **last,
    )
