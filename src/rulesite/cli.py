"""The `rulesite` command: build the site, check a built one, benchmark.

    rulesite build                 # rules_src/ -> docs/ (Markdown) -> site/ (HTML), checked
    rulesite build --no-site       # stop after writing docs/
    rulesite serve                 # build, serve on 127.0.0.1, build again on each save
    rulesite check site/           # check an already built site
    rulesite bench                 # time every stage over the real corpora
    rulesite export --out data/    # the published data (JSON) alone, no site

Each stage prints what it counted. Problems in the sources are printed as
`path:line: error[code]: message`, all of them, and nothing is written.
The build itself is the sequence of `sequence.py`: this module parses the
options into its `Settings` and prints the record each stage hands back.
"""

from __future__ import annotations

import argparse
import sys
from contextlib import closing
from functools import partial
from pathlib import Path

from . import output, pipeline
from .check.command import main as check_main
from .diagnostics import Diagnostics
from .engine.options import add_engine_option
from .export_command import add_export_command
from .options import add_source_options
from .precache import PRECACHE_BUDGET
from .warm import Warm
from .sequence import (
    Built,
    Bundled,
    Checked,
    Published,
    Read,
    Rendered,
    Resolved,
    Sequence,
    Settings,
    SettingsError,
    Stopped,
    Written,
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="rulesite", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    build = commands.add_parser(
        "build", help="build the site from the sources, check it, publish it", description=build_command.__doc__
    )
    add_build_options(build)
    build.set_defaults(run=build_command)
    serve = commands.add_parser(
        "serve", help="build the site, serve it on 127.0.0.1, build it again on each save", description=serve_command.__doc__
    )
    add_build_options(serve, publish=False)
    serve.add_argument("--port", type=int, default=8000, help="the port on 127.0.0.1 (default: 8000; 0: any free one)")
    serve.add_argument("--open", action="store_true", help="open the site in the default browser once it is built")
    serve.set_defaults(run=serve_command)
    check = commands.add_parser("check", help="check a built site: links, anchors, offline loading", add_help=False)
    check.set_defaults(run=None)
    bench = commands.add_parser("bench", help="time every stage of the build over the real corpora", add_help=False)
    bench.set_defaults(run=None)
    add_export_command(commands)
    argv = sys.argv[1:] if argv is None else argv
    # `check` and `bench` own their options (and their --help).
    if argv and argv[0] == "check":
        return check_main(argv[1:])
    if argv and argv[0] == "bench":
        from .bench import main as bench_main

        return bench_main(argv[1:])
    args = parser.parse_args(argv)
    return args.run(args)


def add_build_options(parser: argparse.ArgumentParser, publish: bool = True) -> None:
    """The options of `build`; `publish`: with those of the site's last steps (`serve` has neither)."""
    add_source_options(parser)
    parser.add_argument(
        "--config", type=Path, default=pipeline.CONFIG, help="the MkDocs config the site inherits (default: mkdocs.yml)"
    )
    parser.add_argument(
        "--pages-dir", type=Path, default=Path("docs"), help="the pages people write, shown on every site (default: docs)"
    )
    parser.add_argument(
        "--docs-dir",
        type=Path,
        default=Path("build") / "docs",
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


def build_command(args: argparse.Namespace) -> int:
    """Builds the site: the sources -> docs/ (Markdown) -> site/ (HTML), then checks
    it and only then replaces the previous site, in one step. Each stage prints
    what it counted; problems in the sources are printed as
    `path:line: error[code]: message`, all of them, and nothing is written.
    One build at a time writes a folder: a second one says so and exits with 75.
    Ctrl-C stops it with 130 and leaves site/ as it was."""
    try:
        settings = settings_of(args)
    except SettingsError as error:
        print(f"rulesite build: {error}", file=sys.stderr)
        return 2
    return build(settings, Diagnostics(), shown_site=str(args.site_dir).rstrip("/"))


def build(
    settings: Settings, diag: Diagnostics, shown_site: str = "", memory=None, warm: Warm | None = None, published=None
) -> int:
    """Runs the build sequence, printing each stage's record as it ends; its exit
    status. `diag`: where the problems go (`rulesite serve` shows them in the
    browser too); `shown_site`: the site folder as the user named it;
    `memory`, `warm`: what `rulesite serve` keeps between builds (`warm.py`);
    `published`: called as soon as the new site is published (`Sequence`)."""
    sequence = Sequence(settings, diag, memory=memory, warm=warm, on_published=published)
    shown_site = shown_site or str(settings.site_dir)
    try:
        return _print_build(sequence)
    except output.Busy as busy:
        print(f"rulesite build: {busy}", file=sys.stderr)
        return EXIT_BUSY
    except KeyboardInterrupt:
        if sequence.published:
            print(f"interrupted; {shown_site}/ already holds the new site", file=sys.stderr)
        else:
            print(f"interrupted; {shown_site}/ unchanged", file=sys.stderr)
        return EXIT_INTERRUPTED


def serve_command(args: argparse.Namespace) -> int:
    """Builds the site as `rulesite build` does (the same options, folders and
    checks), serves it on http://127.0.0.1:PORT, and builds it again each time
    a source, a page of --pages-dir or the MkDocs config is saved: open pages
    whose file changed reload. A failed build leaves the last good site served
    and shows its problems over every open page until a build succeeds.
    Ctrl-C stops it."""
    from .serve.command import serve

    try:
        settings = settings_of(args, publish=False)
    except SettingsError as error:
        print(f"rulesite serve: {error}", file=sys.stderr)
        return 2
    # MkDocs kept loaded and the check's findings in memory between builds.
    with closing(Warm(start=True)) as warm:
        return serve(settings, args.port, args.open, partial(build, warm=warm), EXIT_INTERRUPTED)


def left_for_later(precaches) -> list[str]:
    """What each worker's first visit leaves for later to stay within the
    budget (stored when their pages are visited): one line a worker that leaves any."""
    lines = []
    for p in precaches:
        if p.later:
            left = "; ".join(
                f"{item.get('kind')} of {item.get('folder')}/ ({item.get('files')} files, {item.get('bytes', 0) / 2**20:.1f} MB)"
                for item in p.later
            )
            lines.append(f"{p.worker} leaves for later, stored when visited: {left}")
    return lines


def _stage(name: str, summary: str, seconds: float) -> None:
    print(f"{name:<8} {summary} ({seconds:.2f} s)")


def _print_build(sequence: Sequence) -> int:
    """Prints each record of the sequence as its stage ends: what it counted, and
    its seconds; the exit status."""
    diag, records = sequence.diag, {}
    for record in sequence.run():
        records[type(record)] = record
        match record:
            case Read():
                corpus = record.corpus
                _stage(
                    "read",
                    f"{len(corpus.sources)} sources: {len(corpus.sections)} sections, {record.rules} rules, "
                    f"{record.examples} examples, {len(corpus.faqs)} FAQ answers, "
                    f"{len(corpus.rulings)} rulings, {len(corpus.walkthroughs)} walkthroughs",
                    record.seconds,
                )
                for name, counts in record.counts.items():
                    print(f"{'edition':<8} {name}: {counts.line()}")
            case Resolved():
                missing, found = sum(record.unresolved.values()), record.references - sum(record.unresolved.values())
                _stage(
                    "resolve",
                    f"{record.references} rule references, {found} to rules in the sources, {missing} to rules not in the sources"
                    + (": " + ", ".join(f"{n} ×{c}" for n, c in sorted(record.unresolved.items())) if record.unresolved else ""),
                    record.seconds,
                )
                for (game, document, language), step in record.history:
                    print(f"{'history':<8} {game}/{document} ({language}) {step.line()}")
                if record.reviews:
                    # Found while resolving: its time is resolve's.
                    _stage("review", f"{record.reviews} citations need review (listed on needs-review.html)", 0.0)
            case Written():
                _stage(
                    "render",
                    f"{record.pages} pages and {record.statics} short rule links in {len(record.files)} languages "
                    f"({', '.join(record.files)}) written to {record.docs_dir}",
                    records[Rendered].seconds + record.seconds,
                )
            case Built():
                shown = [
                    f"{lang}: {record.rebuilt[lang]} changed files only"
                    if lang in record.rebuilt
                    else f"{lang} in {record.split[lang]} parts"
                    if record.split.get(lang, 1) > 1
                    else lang
                    for lang in record.built
                ]
                reused = f"; unchanged, reused: {', '.join(sorted(record.reused))}" if record.reused else ""
                _stage(
                    "build",
                    f"{sequence.settings.engine} build --strict, {len(record.built)} of {len(record.languages)} languages "
                    f"({', '.join(shown) or 'none'}): {records[Written].pages} pages built into "
                    f"{sequence.settings.site_dir}{reused}",
                    record.seconds,
                )
            case Checked():
                for name, counts in record.counts.items():
                    print(f"{'built':<8} {name}: {counts.line()}")
                reused = record.findings_reused
                _stage(
                    "check",
                    f"{record.pages} pages: links, link words, anchors, ids once per page, offline loading, "
                    f"every entry once, counts per edition: {record.problems} problems"
                    + (f" ({reused} files unchanged since the last check: their own findings reused)" if reused else ""),
                    record.seconds,
                )
                print(
                    "offline  "
                    + ", ".join(
                        f"{p.worker} stores {p.files} files, {p.size / 2**20:.1f} MB (in {p.requests} requests)"
                        for p in record.precaches
                    )
                    + f" on the first visit (budget {PRECACHE_BUDGET / 2**20:.0f} MB each)"
                )
                for line in left_for_later(record.precaches):
                    print(f"{'offline':<8} {line}")
                diag.report()
            case Bundled():
                from .export.bundle import FOLDER

                _stage(
                    "bundle",
                    f"{record.files} files in {record.path} (opens from disk: {FOLDER}/index.html)",
                    records[Published].seconds + record.seconds,
                )
            case Stopped(why="output"):
                diag.report()
                print("nothing was written: an output folder is not the build's (see above)", file=sys.stderr)
                return record.status
            case Stopped(why="sources"):
                diag.report()
                print("nothing was written: fix the errors above and build again", file=sys.stderr)
                return record.status
            case Stopped(why="mkdocs"):
                diag.report()
                print(record.output, file=sys.stderr)
                print(f"{sequence.settings.engine} build --strict failed: the previous site was left as it was", file=sys.stderr)
                return record.status
            case Stopped():
                print("the built site failed its checks: the previous site was left as it was", file=sys.stderr)
                return record.status
    if Published not in records:  # --no-site
        diag.report()
        return 0
    if not records[Resolved].ctx.site_url:
        print("sitemap  none: the site's address is not known (--site-url URL, or site_url in the MkDocs config, makes one)")
    print(f"open {sequence.settings.site_dir / 'index.html'} in a browser")
    return 0


if __name__ == "__main__":
    sys.exit(main())
