"""`rulesite build`: runs the build sequence (`sequence.py`) and prints the
record each stage hands back, as it ends: what the stage counted, and its
seconds; problems through the one diagnostics sink."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..common import output
from ..common.diagnostics import Diagnostics
from ..common.precache import PRECACHE_BUDGET
from ..sequence import (
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
from ..memory import BuildMemory
from .options import ENVIRONMENT, EXIT_BUSY, EXIT_INTERRUPTED, add_build_options, settings_of


def add_build_command(commands) -> None:
    build = commands.add_parser(
        "build",
        help="build the site from the sources, check it, publish it",
        description=build_command.__doc__,
        epilog=ENVIRONMENT,
    )
    add_build_options(build)
    build.set_defaults(run=build_command)


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


def build(settings: Settings, diag: Diagnostics, shown_site: str = "", memory: BuildMemory | None = None, published=None) -> int:
    """Runs the build sequence, printing each stage's record as it ends; its exit
    status. `diag`: where the problems go (`rulesite serve` shows them in the
    browser too); `shown_site`: the site folder as the user named it;
    `memory`: what `rulesite serve` keeps between builds (`memory.py`);
    `published`: called as soon as the new site is published (`Sequence`)."""
    sequence = Sequence(settings, diag, memory=memory, on_published=published)
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
                _print_read(record)
            case Resolved():
                _print_resolved(record)
            case Written():
                _print_written(record, records[Rendered])
            case Built():
                _print_built(record, records[Written].pages, sequence.settings.site_dir, sequence.settings.engine)
            case Checked():
                _print_checked(record)
                diag.report()
            case Bundled():
                _print_bundled(record, records[Published].seconds)
            case Stopped():
                return _stopped(record, diag, sequence.settings.engine)
    if Published not in records:  # --no-site
        diag.report()
        return 0
    if not records[Resolved].ctx.site_url:
        print("sitemap  none: the site's address is not known (--site-url URL, or site_url in the MkDocs config, makes one)")
    print(f"open {sequence.settings.site_dir / 'index.html'} in a browser")
    return 0


def _print_read(record: Read) -> None:
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


def _print_resolved(record: Resolved) -> None:
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


def _print_written(record: Written, rendered: Rendered) -> None:
    _stage(
        "render",
        f"{record.pages} pages and {record.statics} short rule links in {len(record.files)} languages "
        f"({', '.join(record.files)}) written to {record.docs_dir}; {images_line(rendered)}",
        rendered.seconds + record.seconds,
    )


def images_line(rendered: Rendered) -> str:
    """What the render did of the preview images: drawn, or taken from the store."""
    if rendered.images_drawn is None:
        return "preview images not counted"
    return f"preview images: {rendered.images_drawn} drawn, {rendered.images_taken} from the store"


def _print_built(record: Built, pages: int, site_dir: Path, engine: str) -> None:
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
        f"{engine} build --strict, {len(record.built)} of {len(record.languages)} languages "
        f"({', '.join(shown) or 'none'}): {pages} pages built into "
        f"{site_dir}{reused}",
        record.seconds,
    )


def _print_checked(record: Checked) -> None:
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
            f"{p.worker} stores {p.files} files, {p.size / 2**20:.1f} MB (in {p.requests} requests)" for p in record.precaches
        )
        + f" on the first visit (budget {PRECACHE_BUDGET / 2**20:.0f} MB each)"
    )
    for line in left_for_later(record.precaches):
        print(f"{'offline':<8} {line}")


def _print_bundled(record: Bundled, publish_seconds: float) -> None:
    from ..export.bundle import FOLDER

    _stage(
        "bundle",
        f"{record.files} files in {record.path} (opens from disk: {FOLDER}/index.html)",
        publish_seconds + record.seconds,
    )


def _stopped(record: Stopped, diag: Diagnostics, engine: str) -> int:
    """Says why the build stopped and that the site was left as it was; its exit status."""
    if record.why in ("output", "sources", "mkdocs"):  # a failed check reported its problems already
        diag.report()
    if record.why == "output":
        print("nothing was written: an output folder is not the build's (see above)", file=sys.stderr)
    elif record.why == "sources":
        print("nothing was written: fix the errors above and build again", file=sys.stderr)
    elif record.why == "mkdocs":
        print(record.output, file=sys.stderr)
        print(f"{engine} build --strict failed: the previous site was left as it was", file=sys.stderr)
    elif record.kept is not None:
        print(
            f"the built site failed its checks: the previous site was left as it was; "
            f"the failed build is kept in {output.shown(record.kept)}/ to open (never published)",
            file=sys.stderr,
        )
    else:
        print("the built site failed its checks: the previous site was left as it was", file=sys.stderr)
    return record.status
