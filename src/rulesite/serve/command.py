"""`rulesite serve`: the site built once, served on 127.0.0.1, and built again
each time a source, a written page or the MkDocs config is saved. The build
is the very one `rulesite build` runs (the build sequence, `sequence.py`,
passed in as `build` with its printing), with the same settings and output folders, so it reuses what earlier builds read and built
and the served site is the one `rulesite build` would publish.

A failed build leaves the last good site served: its problems are printed,
as `rulesite build` prints them, and shown over every open page until a build
succeeds. Ctrl-C stops the server."""

from __future__ import annotations

import gc
import io
import signal
import sys
import time
import webbrowser
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import replace
from urllib.parse import urlsplit

from ..write import stage as write_stage
from ..common.diagnostics import Diagnostics
from ..read.manifest import shown_path
from ..sequence import Settings, foreign_outputs
from ..common.strings import t
from .built_files import BuiltFiles
from .server import Channel, PreviewServer
from .watch import Contents, Watched, Watcher

# `build(settings, diag, published=...)`: `rulesite build`'s, given by the
# command with what serve keeps between builds (`memory.BuildMemory`), calling
# `published()` once the new site is published.
Build = Callable[..., int]
# The longest a build waits, once published, for its news to be sent to the
# open pages, and then for a page to be asked for (a tab reloading).
TELL_WAIT_S = 0.2
PAGE_WAIT_S = 0.1
# Serve's threads (the pages' requests, their event streams) wait this long at
# most while the build's hold the interpreter (Python's default: 5 ms, each
# time a thread takes it back after a read or a write).
SWITCH_S = 0.0005
# Lines of a failed build's other output shown over the page when it reported no problem of its own.
SHOWN_LINES = 40


def watched(settings: Settings) -> Watched:
    """The folders and files a build reads, and the output folders it writes."""
    folders = [settings.sources_dir, *(folder for _, folder in settings.sources)]
    if settings.pages_dir is not None:
        folders.insert(1, settings.pages_dir)
    docs = settings.docs_dir
    return Watched(
        folders=folders,
        files=[settings.config, *(manifest for manifest, _ in settings.also)],
        outputs=[docs, settings.site_dir, docs.parent / ".build"],
    )


def serve(settings: Settings, port: int, open_browser: bool, build: Build, interrupted: int) -> int:
    """Runs until Ctrl-C, serving on 127.0.0.1:`port` (`open_browser`: opens it
    once built). `build(settings, diag, published=...)` is `rulesite build`'s
    with the memory the command made (`commands/serve.py`), which every build
    is given: each redoes only what its change touched. It returns
    `interrupted` when Ctrl-C stopped it."""
    settings = replace(settings, site=True, bundle=None)
    diag = Diagnostics()
    if foreign_outputs(settings, diag):  # refused before anything is served or written
        diag.report()
        return 1
    # Ctrl-C stops it even where it was started with SIGINT ignored (a shell's
    # background job, a tool that starts it so): Python then leaves it ignored.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    sys.setswitchinterval(SWITCH_S)
    watching = watched(settings)
    contents = Contents(watching)
    channel, built_files = Channel(), BuiltFiles()
    base = urlsplit(write_stage.site_url(settings.config, settings.site_url)).path or "/"
    site = settings.site_dir
    try:
        server = PreviewServer(port, site, base, channel)
    except OSError as error:
        print(f"rulesite serve: cannot listen on 127.0.0.1:{port}: {error.strerror}", file=sys.stderr)
        return 2
    watcher = Watcher(watching)
    watcher.start()  # before the first build: a save made during it builds again
    # The cyclic collector runs only while serve waits for a save: what the
    # builds keep is millions of objects, and a full collection of them
    # (0.4 s) falling inside a build or a tab's reload would add to the wait.
    gc.disable()
    try:
        _build_once(settings, build, interrupted, channel, built_files)
        server.start()
        url = f"http://127.0.0.1:{server.server_port}{base}"
        print(f"serving  {url} (Ctrl-C stops)", flush=True)
        if open_browser:
            webbrowser.open(url)
        while True:
            changed = contents.changed(watcher.next(idle=_collect))
            if not changed:
                continue  # saved as it was: nothing to build
            shown = ", ".join(shown_path(path) for path in changed[:3]) + (
                f" and {len(changed) - 3} more" if len(changed) > 3 else ""
            )
            print(f"changed  {shown}", flush=True)
            _build_once(settings, build, interrupted, channel, built_files)
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C does not interrupt the stop
        watcher.stop()
        server.stop()
        gc.enable()
    print("stopped", file=sys.stderr)
    return 0


def _collect() -> None:
    """A full collection, with Ctrl-C held until it ends: raised inside a
    finalizer or callback that the collection runs, KeyboardInterrupt would
    be printed as ignored and serve would go on."""
    pressed: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda number, _frame: pressed.append(number))
    try:
        gc.collect()
    finally:
        signal.signal(signal.SIGINT, previous)
    if pressed:
        raise KeyboardInterrupt


def _build_once(settings: Settings, build: Build, interrupted: int, channel: Channel, built_files: BuiltFiles) -> None:
    diag = Diagnostics()
    started = time.perf_counter()
    told: dict = {}

    def tell() -> None:
        """The open tabs told as soon as the new site is published: the build
        then saves what it keeps for the next one, which no tab waits for."""
        told["published"] = time.perf_counter()
        told["changed"] = built_files.update(settings.site_dir)
        channel.built(told["changed"])
        told["told"] = time.perf_counter()
        channel.told(TELL_WAIT_S, PAGE_WAIT_S)

    with _copied_stderr() as said:
        status = build(settings, diag, published=tell)
    if status == interrupted:
        raise KeyboardInterrupt
    if status != 0:
        channel.failed(problems(diag, said.getvalue()))
        print("serving  the last good site: the build failed (above); save a fix to build again", flush=True)
        return
    built = time.perf_counter()
    if not told:  # a build that did not say when it published: the tabs are told now
        tell()
    changed = told["changed"]
    pages = sum(1 for path in changed if path.endswith(".html"))
    # The open tabs' wait is the build until it published, and then this:
    # `rulesite bench --serve` reads both.
    print(
        f"built    in {built - started:.2f} s (published at {told['published'] - started:.2f} s): {len(changed)} files "
        f"changed, {pages} of them pages; tabs told {told['told'] - told['published']:.2f} s after publishing",
        flush=True,
    )


def problems(diag: Diagnostics, printed: str) -> dict:
    """What the overlay shows: every error with its place, else the end of what the build printed."""
    errors = sorted(diag.errors, key=lambda d: (d.loc.path, d.loc.line, d.code))
    items = [{"where": str(d.loc), "text": f"error[{d.code}]: {d.message}"} for d in errors]
    if not items:
        items = [{"where": "", "text": line} for line in printed.splitlines() if line.strip()][-SHOWN_LINES:]
    return {"title": t("en", "serve-failed"), "note": t("en", "serve-failed-note"), "items": items}


class _Both(io.TextIOBase):
    def __init__(self, first, second) -> None:
        self.first, self.second = first, second

    def write(self, text: str) -> int:
        self.first.write(text)
        self.second.write(text)
        return len(text)

    def flush(self) -> None:
        self.first.flush()


@contextmanager
def _copied_stderr():
    """What is printed to stderr meanwhile still goes there, and is kept too."""
    kept, real = io.StringIO(), sys.stderr
    sys.stderr = _Both(real, kept)
    try:
        yield kept
    finally:
        sys.stderr = real
