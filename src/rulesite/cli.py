"""The `rulesite` command: build the site, check a built one, benchmark.

    rulesite build                 # rules_src/ -> docs/ (Markdown) -> site/ (HTML), checked
    rulesite build --no-site       # stop after writing docs/
    rulesite serve                 # build, serve on 127.0.0.1, build again on each save
    rulesite check site/           # check an already built site
    rulesite bench                 # time every stage over the real corpora
    rulesite export --out data/    # the published data (JSON) alone, no site

Each stage prints what it counted. Problems in the sources are printed as
`path:line: error[code]: message`, all of them, and nothing is written.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import replace
from pathlib import Path

from . import output, pipeline, workers
from .check.edition_counts import counts_in
from .render.offline_app import PRECACHE_BUDGET
from .check.command import main as check_main
from .diagnostics import Diagnostics
from .export.command import add_export_command
from .render.site import render_site
from .resolve.history import chain_steps


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
    parser.add_argument(
        "--sources-dir", type=Path, default=pipeline.SOURCES, help="folder with manifest.yml (default: rules_src)"
    )
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
        "makes canonical links, og:url and the sitemap absolute",
    )


# Exit statuses besides 0 (built), 1 (problems found) and 2 (wrong arguments).
EXIT_BUSY = 75  # another build is writing the same folder (EX_TEMPFAIL: try again later)
EXIT_INTERRUPTED = 130  # Ctrl-C, as shells report it


def build_command(args: argparse.Namespace, diag: Diagnostics | None = None) -> int:
    """Builds the site: the sources -> docs/ (Markdown) -> site/ (HTML), then checks
    it and only then replaces the previous site, in one step. Each stage prints
    what it counted; problems in the sources are printed as
    `path:line: error[code]: message`, all of them, and nothing is written.
    One build at a time writes a folder: a second one says so and exits with 75.
    Ctrl-C stops it with 130 and leaves site/ as it was. `diag`: where the
    problems go (`rulesite serve` shows them in the browser too)."""
    shown_site = str(args.site_dir).rstrip("/")
    build_id = output.new_build_id()
    outputs = [_absolute(args.docs_dir)] + ([] if args.no_site else [_absolute(args.site_dir)])
    state = {"site published": False}
    try:
        with output.locked(*outputs):
            for folder in outputs:
                output.clean(folder)  # what killed builds left behind
            try:
                return _build(args, build_id, state, Diagnostics() if diag is None else diag)
            finally:
                for folder in outputs:
                    output.discard_build(folder, build_id)
    except output.Busy as busy:
        print(f"rulesite build: {busy}", file=sys.stderr)
        return EXIT_BUSY
    except KeyboardInterrupt:
        if state["site published"]:
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

    return serve(args, build_command, EXIT_INTERRUPTED)


def _absolute(path: Path) -> Path:
    return Path(os.path.abspath(path))


def _build(args: argparse.Namespace, build_id: str, state: dict, diag: Diagnostics) -> int:
    # MkDocs runs from the config's folder: every path must not depend on ours.
    for name in ("sources_dir", "config", "pages_dir", "corpora", "bundle"):
        if getattr(args, name) is not None:
            setattr(args, name, getattr(args, name).resolve())
    # The output folders are links to their current generation: never resolved.
    args.docs_dir, args.site_dir = _absolute(args.docs_dir), _absolute(args.site_dir)
    args.also = [(str(Path(m).resolve()), str(Path(f).resolve())) for m, f in args.also]

    if args.docs_dir == args.pages_dir or args.pages_dir in args.docs_dir.parents:
        # Generated pages are never mixed with the written ones.
        print(f"rulesite build: --docs-dir {args.docs_dir} must lie outside --pages-dir {args.pages_dir}", file=sys.stderr)
        return 2
    clock = time.perf_counter()

    def stage(name: str, summary: str) -> None:
        nonlocal clock
        now = time.perf_counter()
        print(f"{name:<8} {summary} ({now - clock:.2f} s)")
        clock = now

    also = [(Path(m), Path(f)) for m, f in args.also]
    if args.corpora:
        also.append((pipeline.corpora_manifest(args.sources_dir), args.corpora))
    config_dir = args.docs_dir.parent / ".build" / args.docs_dir.name
    # What earlier builds read: only the sources changed since are read again.
    kept = pipeline.kept_reads(config_dir)
    corpus = pipeline.read_corpus(args.sources_dir / "manifest.yml", diag, also, args.pages_dir, kept)
    rules = [r for _, r in corpus.rules()]
    stage(
        "read",
        f"{len(corpus.sources)} sources: {len(corpus.sections)} sections, {len(rules)} rules, "
        f"{sum(len(r.examples) for r in rules)} examples, {len(corpus.faqs)} FAQ answers, "
        f"{len(corpus.rulings)} rulings, {len(corpus.walkthroughs)} walkthroughs",
    )
    read_counts = counts_in(corpus)
    for name, counts in read_counts.items():
        print(f"{'edition':<8} {name}: {counts.line()}")
    ctx = pipeline.resolve(corpus, diag)
    missing = ctx.links.unresolved
    stage(
        "resolve",
        f"{ctx.links.cited} rule references, {ctx.links.cited - sum(missing.values())} to rules in the sources, "
        f"{sum(missing.values())} to rules not in the sources"
        + (": " + ", ".join(f"{n} ×{c}" for n, c in sorted(missing.items())) if missing else ""),
    )
    for (game, document, language), found in ctx.chains.items():
        for step in chain_steps(found):
            print(f"{'history':<8} {game}/{document} ({language}) {step.line()}")
    if ctx.reviews:
        stage("review", f"{len(ctx.reviews)} citations need review (listed on needs-review.html)")
    if diag.errors:
        diag.report()
        print("nothing was written: fix the errors above and build again", file=sys.stderr)
        return 1

    ctx = replace(ctx, site_url=pipeline.site_url(args.config, args.site_url))
    # Render's workers stay until the pages are written: the files they hold are theirs to write.
    with workers.Crew() as crew:
        files = render_site(ctx, crew=crew)
        pipeline.write(ctx, files, args.docs_dir, config_dir, args.config, build_id, crew)
    pages = sum(1 for f in files.values() for path in f if path.endswith(".md"))
    statics = sum(1 for f in files.values() for path in f if path.endswith(".html"))
    stage(
        "render",
        f"{pages} pages and {statics} short rule links in {len(files)} languages ({', '.join(files)}) written to {args.docs_dir}",
    )
    if args.no_site:
        kept.save()
        diag.report()
        return 0

    env = pipeline.mkdocs_env(corpus)
    keys = pipeline.language_keys(files, config_dir, args.config, env, args.docs_dir)
    # A language whose pages, config and tools are all as when the published site
    # was built would come out byte for byte the same: its files are reused.
    reuse = pipeline.reusable(config_dir, args.site_dir, keys)
    # One whose files, navigation, titles, config and tools are, only some files
    # changed: those alone are built again, into a copy of its published output.
    rebuild = pipeline.rebuildable(config_dir, args.site_dir, keys)
    # The languages with many pages (English) are built by one MkDocs process a core.
    split = pipeline.split_parts(files)
    result, fresh = pipeline.build(config_dir, list(files), args.site_dir, args.config, build_id, env, reuse, rebuild, split)
    if result.returncode != 0:
        diag.report()
        print(result.stdout + result.stderr, file=sys.stderr)
        print("mkdocs build --strict failed: the previous site was left as it was", file=sys.stderr)
        return 1
    built = [lang for lang in files if lang not in reuse]
    shown = [
        f"{lang}: {len(rebuild[lang])} changed files only"
        if lang in rebuild
        else f"{lang} in {split[lang]} parts"
        if split.get(lang, 1) > 1
        else lang
        for lang in built
    ]
    stage(
        "build",
        f"mkdocs build --strict, {len(built)} of {len(files)} languages ({', '.join(shown) or 'none'}): "
        f"{pages} pages built into {args.site_dir}" + (f"; unchanged, reused: {', '.join(sorted(reuse))}" if reuse else ""),
    )

    before = len(diag.errors)
    built_counts: dict = {}
    # Files the new site shares with the published one were checked then: their own findings are reused.
    current = output.published(args.site_dir)
    reused: set = set()
    checked = pipeline.check(
        ctx,
        fresh,
        list(files),
        diag,
        label=str(args.site_dir),
        counts=built_counts,
        findings=pipeline.findings_file(config_dir, args.site_dir),
        published=current.name if current else None,
        reused=reused,
    )
    problems = len(diag.errors) - before
    for name, counts in built_counts.items():
        print(f"{'built':<8} {name}: {counts.line()}")
    stage(
        "check",
        f"{checked} pages: links, link words, anchors, ids once per page, offline loading, every entry once, "
        f"counts per edition: {problems} problems"
        + (f" ({len(reused)} files unchanged since the last check: their own findings reused)" if reused else ""),
    )
    precaches = pipeline.check_offline_app(fresh, diag, label=str(args.site_dir))
    problems = len(diag.errors) - before
    print(
        "offline  "
        + ", ".join(f"{p.worker} stores {p.files} files, {p.size / 2**20:.1f} MB (in {p.requests} requests)" for p in precaches)
        + f" on the first visit (budget {PRECACHE_BUDGET / 2**20:.0f} MB each)"
    )
    diag.report()
    if problems:
        pipeline.discard(fresh)
        print("the built site failed its checks: the previous site was left as it was", file=sys.stderr)
        return 1
    with output.interrupts_held():  # all or nothing: an interrupt waits until the link is flipped
        pipeline.publish(fresh, args.site_dir)
        state["site published"] = True
    pipeline.remember(config_dir, args.site_dir, keys)
    kept.save()
    if args.bundle:
        from .export.bundle import FOLDER, write_bundle

        stage(
            "bundle", f"{write_bundle(args.site_dir, args.bundle)} files in {args.bundle} (opens from disk: {FOLDER}/index.html)"
        )
    print(f"open {args.site_dir / 'index.html'} in a browser")
    return 0


if __name__ == "__main__":
    sys.exit(main())
