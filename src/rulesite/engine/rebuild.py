"""A language's MkDocs build again after only some of its files changed, giving
the very files a clean `mkdocs build` gives (`engine.driver.build` runs it, in a
process of its own, as `python -m rulesite.engine.rebuild`, or asks a process that
stays between builds, `RebuildProcess`, which `rulesite serve` keeps).

It runs MkDocs' own build steps (its Python API, the steps of
`mkdocs.commands.build.build`, in their order, as `split_build.py` does: those
both run are in `mkdocs_calls.py`) into a
new generation that starts as a copy of the published one made of hard links
(`engine.driver._link_tree`), and reads, renders and writes only the changed files:
the pages and static files named, and the theme's templates it renders every
time (the not-found page). The caller makes that copy while this
gathers the files and the navigation, and says so with a line on stdin
(`--wait`). So that no write ever goes through a hard link into the published
generation, every output it writes is unlinked first.

Everything a partial build could get wrong (another page's title or place in
the navigation, a page added or removed, another config or theme) is a reason
for a clean build instead: `engine.built_from.rebuildable` only sends here the
languages whose navigation, titles, list of files, config and theme are all as
they were (`tests/build/test_incremental.py` compares the whole site with a
clean build's, byte for byte). A plugin that makes one file of every page (a
search index) is refused (`mkdocs_calls.refuse_whole_site_plugins`).

A process that stays (`answer_requests`, `RebuildProcess`) has MkDocs, Material and the
Markdown extensions imported once, and keeps each template's compiled code
between builds (`_Compiled`: recompiled whenever its source differs, so what
it renders is what a new process renders). It also gathers, between
requests, what a rebuild gathers before it reads any page (`_Gathered`: the
config, the list of files, the theme's environment, the navigation, a Page
for each page; most of a small rebuild's time): once the parent published a
site (`RebuildProcess.prepare`) and after each rebuild. The next rebuild uses it only
when it was gathered from the docs generation the published site was built
from (its real path, taken before and after gathering: one gathered while
the docs link moved is dropped), the config files byte for byte the same and
asked under the same folder, variables and frame; the static files that came
or went since are added or removed, and the site folder it writes to is
pointed at the new generation (`_Gathered.move`). A rebuild reads pages into
it: it is used once, then gathered again. A request that comes meanwhile
waits for the gathering to end (the process reads one line at a time).

Many pages to build again (a rule that became a change shows on every page
of its edition's diff: some 90) are shared with a forked copy of the process
(`_Share`), on the machine's other core (the build that asked for the
rebuild only waits for it meanwhile). The copy reads, renders and writes its share of the pages and
sends back what MkDocs said and each page's anchors and links to anchors;
the parent checks every built page's anchor links itself, as one process
does, so MkDocs warns of the very same links.

The sitemap (and its .gz) is not rendered again: it lists the pages, their
addresses and the source date, which `engine.built_from.rebuildable` holds as they
were, so the copy's is the clean build's.

No MkDocs plugin or hook: this is a caller of MkDocs, like its command line."""

from __future__ import annotations

import argparse
import contextlib
import gc
import io
import json
import logging
import os
import pickle
import re
import signal
import subprocess
import sys
import traceback
from functools import partial
from pathlib import Path

from .mkdocs_calls import Gathered, end_build, ending, log_like_mkdocs, place_static, run


# From this many pages to build again, a rebuild shares them with a forked copy
# of its process (`_Share`): a page is some 9 ms; fewer save less than the fork
# and the memory pages both processes then copy cost (some 30 ms).
SHARE_FROM = 16


def _unlink(path: str) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


class _Compiled:
    """Jinja's bytecode cache kept in memory: a template's compiled code, reused
    while its source is the same (Jinja checks the source's checksum)."""

    def __init__(self) -> None:
        import jinja2

        class Cache(jinja2.BytecodeCache):
            def __init__(self) -> None:
                self.kept: dict[str, bytes] = {}

            def load_bytecode(self, bucket) -> None:
                if bucket.key in self.kept:
                    bucket.bytecode_from_string(self.kept[bucket.key])

            def dump_bytecode(self, bucket) -> None:
                self.kept[bucket.key] = bucket.bytecode_to_string()

        self.cache = Cache()
        self.used: set[str] = set()  # the templates the last rebuild rendered

    def preload(self, env) -> None:
        """`env` loads the templates the last rebuild used now, ahead (a rebuild
        loads each once, from the cache: a tenth of a small rebuild); before the
        first rebuild, every page template of the theme (compiled once, now)."""
        used = self.used or env.list_templates(filter_func=lambda name: name.endswith(".html"))
        for name in sorted(used):
            try:
                env.get_template(name)
            except Exception:  # noqa: S112 (the rebuild loads it, and says what fails)
                continue

    def note(self, env) -> None:
        """Which templates `env` loaded (`preload`)."""
        self.used = {key[1] for key in env.cache.keys() if isinstance(key, tuple) and isinstance(key[1], str)}

    def attach(self, config) -> None:
        """The theme's environments of `config` use the cache."""
        theme, make = config.theme, config.theme.get_env

        def get_env():
            env = make()
            env.bytecode_cache = self.cache
            return env

        theme.get_env = get_env


class _Gathered(Gathered):
    """What a rebuild gathers before it reads any page (`mkdocs_calls.Gathered`:
    the steps that do not depend on what changed), with what it was gathered
    from: the config files' bytes, the real docs folder."""

    def __init__(self, config_file: Path, site_dir: Path, compiled: _Compiled | None) -> None:
        self.sources = _config_bytes(config_file)
        super().__init__(config_file, site_dir, dirty=True, templates=compiled)
        self.said = ""  # what MkDocs printed meanwhile, for the rebuild's output

    def drop(self) -> None:
        """Not used: the plugins are told the build ends."""
        with contextlib.suppress(Exception):
            self.config.plugins.on_shutdown()

    def fits(self, config_file: Path, changed: set[str], base: str | None) -> bool:
        """Whether this is what gathering now would give: gathered from the docs
        generation `base` (the published site's, which the rebuild starts from),
        the config files' bytes the same; the static files that came or went in
        `changed` (since `base`) added or removed, when it is."""
        from mkdocs.structure.files import File, set_exclusions

        if base != self.docs_real or self.sources != _config_bytes(config_file):
            return False
        config, files = self.config, self.files
        came, went = [], []
        for path in sorted(changed):
            there = os.path.isfile(os.path.join(config.docs_dir, *path.split("/")))
            if there and path not in self.names:
                came.append(path)
            elif not there and path in self.names:
                went.append(path)
        if came or went:
            # A theme file of that name (which a docs file hides), a file built to another's
            # address, a page: what `get_files` and the navigation decide, gathered anew.
            theme = {f.src_uri for f in files if f.src_uri not in self.names}
            if any(path.endswith(".md") or path in theme for path in came + went):
                return False
            made = [File(path, config.docs_dir, config.site_dir, config.use_directory_urls) for path in came]
            taken = {f.dest_uri for f in files}
            if any(f.dest_uri in taken for f in made):
                return False
            for path in went:
                files.remove(files.src_uris[path])
            set_exclusions(made, config)
            for file in made:
                files.append(file)
            self.names = (self.names | set(came)) - set(went)
        return True

    def move(self, site_dir: Path, files) -> None:
        """What it builds goes into `site_dir` instead: the config's site folder
        and `files`' (what a rebuild writes: the others' are never asked for,
        and re-pointing all 32,600 costs a tenth of a rebuild)."""
        self.config["site_dir"] = str(site_dir)
        for file in files:
            file.dest_dir = str(site_dir)
            file.__dict__.pop("abs_dest_path", None)  # MkDocs keeps it once asked


class _Share:
    """A share of a rebuild's pages read, rendered and written by a forked copy
    of this process (Linux: `fork`), while this one builds the others: the
    copy has everything gathered as it is, and writes only its own pages'
    files. It sends back (pickled, through a pipe) what MkDocs logged, each of
    its pages' anchors and links to anchors (`validate_anchor_links`, which the
    parent runs over every built page), and an error it ended with."""

    def __init__(self, pages: list, config, files, docs, nav, env) -> None:
        self.pid = 0
        prctl = _prctl()  # found before the fork: the copy's time is the rebuild's
        read, write = os.pipe()
        parent = os.getpid()
        pid = os.fork()
        if pid == 0:  # the copy: never returns
            os.close(read)
            _share_child(write, parent, prctl, pages, config, files, docs, nav, env)
        os.close(write)
        self.pid, self.read, self.pages = pid, read, pages

    @staticmethod
    def split(built: list) -> tuple[list, list]:
        """`built` in two shares of about the same size of Markdown (most of a
        page's time): (this process's, the copy's). This process also places
        the static files and renders the theme's templates: it starts a page ahead."""
        sizes = {}
        for file in built:
            try:
                sizes[file.src_uri] = os.path.getsize(file.abs_src_path)
            except OSError:
                sizes[file.src_uri] = 0
        ours, theirs, load = [], [], [max(sizes.values(), default=0), 0]
        for file in sorted(built, key=lambda f: -sizes[f.src_uri]):
            share = 0 if load[0] <= load[1] else 1
            (ours, theirs)[share].append(file)
            load[share] += sizes[file.src_uri]
        mine = {f.src_uri for f in ours}
        return [f for f in built if f.src_uri in mine], [f for f in built if f.src_uri not in mine]

    def finish(self, files) -> None:
        """Waits for the copy; logs what it logged (here: counted, and said);
        sets its pages' anchors on this process's pages; raises its error."""
        with os.fdopen(self.read, "rb") as pipe:
            data = pipe.read()
        self.read = None
        os.waitpid(self.pid, 0)
        self.pid = 0
        try:
            found = pickle.loads(data)
        except Exception:  # noqa: BLE001 (it died before it said anything)
            found = {"records": [], "anchors": {}, "error": RuntimeError("the rebuild's forked share ended without a word")}
        for name, level, message in found["records"]:
            logging.getLogger(name).log(level, "%s", message)
        uris = files.src_uris
        for file in self.pages:
            present, links = found["anchors"].get(file.src_uri, (None, None))
            file.page.present_anchor_ids = present
            if links is not None:
                file.page.links_to_anchors = {uris[target]: anchors for target, anchors in links.items() if target in uris}
        if found["error"] is not None:
            raise found["error"]

    def close(self) -> None:
        """Ends the copy if still running (this process failed first)."""
        if self.pid:
            with contextlib.suppress(OSError):
                os.kill(self.pid, signal.SIGKILL)
            with contextlib.suppress(OSError):
                os.waitpid(self.pid, 0)
            self.pid = 0
        if self.read is not None:
            with contextlib.suppress(OSError):
                os.close(self.read)
            self.read = None


def _share_child(write: int, parent: int, prctl, pages: list, config, files, docs, nav, env) -> None:
    """The forked copy's work (`_Share`): builds `pages`, sends what it found, exits."""
    from mkdocs.commands import build as steps

    status = 0
    try:
        gc.disable()  # a short life: collecting would only touch (and so copy) the parent's objects
        _die_with(parent, prctl)
        records: list[tuple[str, int, str]] = []

        class Keep(logging.Handler):
            def emit(self, record: logging.LogRecord) -> None:
                records.append((record.name, record.levelno, record.getMessage()))

        log = logging.getLogger("mkdocs")
        for handler in list(log.handlers):  # the parent's (its counter, its output): told through `records`
            log.removeHandler(handler)
        log.addHandler(Keep())
        log.propagate = False
        error = None
        try:
            for file in pages:
                steps._populate_page(file.page, config, files)
            env = config.plugins.on_env(env, config=config, files=files)
            for file in pages:
                steps._build_page(file.page, config, docs, nav, env, excluded=file.inclusion.is_excluded())
        except Exception as failed:  # noqa: BLE001 (sent to the parent, which raises it)
            error = failed
        anchors = {}
        for file in pages:
            page = file.page
            links = page.links_to_anchors
            shown = None if links is None else {target.src_uri: dict(found) for target, found in links.items()}
            anchors[file.src_uri] = (page.present_anchor_ids, shown)
        try:
            data = pickle.dumps({"records": records, "anchors": anchors, "error": error}, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:  # noqa: BLE001 (an error that does not pickle: its words)
            error = RuntimeError("".join(traceback.format_exception(error)))
            data = pickle.dumps({"records": records, "anchors": anchors, "error": error}, protocol=pickle.HIGHEST_PROTOCOL)
        with os.fdopen(write, "wb") as pipe:
            pipe.write(data)
    except BaseException:  # noqa: BLE001 (the parent says the share ended without a word)
        status = 1
    finally:
        os._exit(status)


def _prctl():
    """Linux's `prctl`, or None."""
    global _PRCTL
    if _PRCTL is False:
        try:
            import ctypes

            _PRCTL = ctypes.CDLL(None, use_errno=True).prctl
        except (ImportError, OSError, AttributeError):
            _PRCTL = None
    return _PRCTL


_PRCTL = False  # not looked for yet


def _die_with(parent: int, prctl) -> None:
    """The forked copy is killed when its parent dies (Linux), as the parent's
    output folder is removed then: it writes nothing after."""
    if prctl is not None:
        prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    if os.getppid() != parent:
        os._exit(1)


def _config_bytes(config_file: Path) -> list[bytes]:
    """The bytes of a config and of the one it inherits (what `load_config` reads)."""
    found, path = [], Path(config_file)
    for _ in range(8):
        data = path.read_bytes()
        found.append(data)
        match = re.search(rb"^INHERIT: *(.+?) *$", data, re.M)
        if match is None:
            break
        inherit = match.group(1).decode("utf-8", "replace").strip("'\"")
        path = path.parent / inherit
    return found


def rebuild(
    config_file: Path,
    site_dir: Path,
    changed: set[str],
    ready=lambda: None,
    compiled: _Compiled | None = None,
    gathered: _Gathered | None = None,
    share_from: int = SHARE_FROM,
) -> int:
    """Builds the site of `config_file` into `site_dir` (a hard-linked copy of
    the published output) again: `changed` (paths under docs_dir) and the
    theme's templates. `ready()` returns once `site_dir` holds that copy:
    nothing before it looks there. `gathered`: what was gathered ahead of it
    (`_Gathered`, checked to fit by the caller), used up. `share_from`: from
    that many pages to build, a forked copy of the process builds a share of
    them (`_Share`). Returns how many files were built again."""
    from mkdocs.commands import build as steps
    from mkdocs.structure.files import InclusionLevel

    fresh = gathered is None
    if fresh:
        gathered = _Gathered(config_file, site_dir, compiled)
    config, files, env, nav, docs = gathered.config, gathered.files, gathered.env, gathered.nav, gathered.docs
    share = None
    with ending(gathered), contextlib.ExitStack() as stack:
        again = [f for f in files if f.src_uri in changed and InclusionLevel.is_included(f.inclusion)]
        if not fresh:
            gathered.move(site_dir, again)
        ready()
        kept = _unlink_outputs(config, again)
        built = [file for file in docs if file.src_uri in changed]
        ours = built
        if len(built) >= share_from and hasattr(os, "fork") and sys.platform.startswith("linux"):
            ours, theirs = _Share.split(built)
            share = _Share(theirs, config, files, docs, nav, env)
            stack.callback(share.close)
        for file in ours:
            steps._populate_page(file.page, config, files)
        env = config.plugins.on_env(env, config=config, files=files)
        _static_files_again(config, files, again, changed)
        for template in config.theme.static_templates:
            if template not in kept:
                # The pages it lists are `docs` (what MkDocs works out again from `files`, 32,600 of them):
                # the sitemap alone asks `files` for more.
                steps._build_theme_template(template, env, files if template == "sitemap.xml" else docs, config, nav)
        for template in config.extra_templates:
            steps._build_extra_template(template, files, config, nav)
        for file in ours:
            steps._build_page(file.page, config, docs, nav, env, excluded=file.inclusion.is_excluded())
        if share is not None:
            share.finish(files)
        if compiled is not None:
            compiled.note(env)
        end_build(gathered, built)
    return len(again)


def _unlink_outputs(config, again: list) -> set[str]:
    """The outputs a rebuild writes again, unlinked from the copy first (they are
    hard links to the published site's files): the files `again`, and the
    templates but the kept sitemap; the templates kept, by name."""
    for file in again:
        _unlink(file.abs_dest_path)
    # The sitemap (and its .gz) lists the pages, their addresses and the source date, all as
    # when the published site was built (`engine.built_from.rebuildable`): the copy's is kept.
    kept = {"sitemap.xml"} if os.path.isfile(os.path.join(config.site_dir, "sitemap.xml.gz")) else set()
    for name in [*config.theme.static_templates, *config.extra_templates, "sitemap.xml.gz"]:
        if name not in kept and name.removesuffix(".gz") not in kept:
            _unlink(os.path.join(config.site_dir, name))
    return kept


def _static_files_again(config, files, again: list, changed: set[str]) -> None:
    """The changed static files copied into the site; those gone from the docs removed from it."""
    docs_dir = os.path.join(os.path.normpath(config.docs_dir), "")
    for file in again:
        if not file.is_documentation_page():
            place_static(file, docs_dir)
    # A static file no longer in the docs (an image drawn from a text since changed): gone from the site too.
    present = {file.src_uri for file in files}
    for gone in sorted(changed - present):
        if not gone.endswith(".md"):
            _unlink(os.path.join(config.site_dir, *gone.split("/")))


class _Logged:
    """MkDocs' messages and anything printed, into one text, while it lasts."""

    def __init__(self) -> None:
        self.said = io.StringIO()
        self.handler = logging.StreamHandler(self.said)
        self.handler.setFormatter(logging.Formatter("%(levelname)-8s-  %(message)s"))
        self.streams = contextlib.ExitStack()

    def __enter__(self) -> io.StringIO:
        logging.getLogger("mkdocs").addHandler(self.handler)
        self.streams.enter_context(contextlib.redirect_stdout(self.said))
        self.streams.enter_context(contextlib.redirect_stderr(self.said))
        return self.said

    def __exit__(self, *exc) -> None:
        self.streams.close()
        logging.getLogger("mkdocs").removeHandler(self.handler)


def _tag(ask: dict) -> str:
    """What a gathering was asked under besides its config's bytes and its docs
    folder's list: the folder it ran in, the variables it set (the source date
    every page carries), the language's frame as the parent computed it."""
    return json.dumps([ask["cwd"], ask["env"], ask.get("frame")], sort_keys=True)


def _prepare(ask: dict, ahead: dict, compiled: _Compiled) -> None:
    """Gathers `ask`'s language (`_Gathered`) for its next rebuild, into
    `ahead` (config -> (tag, gathered)), unless what is there still fits. One
    made while the docs link moved is not kept: its files are of neither
    generation."""
    config, tag = ask["config"], _tag(ask)
    before = ahead.pop(config, None)
    if before is not None:
        docs_real = os.path.realpath(before[1].config.docs_dir)
        if before[0] == tag and before[1].docs_real == docs_real and before[1].sources == _config_bytes(Path(config)):
            ahead[config] = before
            return
        before[1].drop()
    os.chdir(ask["cwd"])
    os.environ.update(ask["env"])
    logged = _Logged()
    try:
        with logged:
            gathered = _Gathered(Path(config), Path(ask["site_dir"]), compiled)
    except Exception:
        return  # the rebuild gathers again and says what fails
    if gathered.docs_real != os.path.realpath(gathered.config.docs_dir):
        gathered.drop()
        return
    gathered.said = logged.said.getvalue()
    ahead[config] = (tag, gathered)


def answer_requests(requests, replies) -> None:
    """Rebuilds on request until `requests` ends: a JSON line each (`config`,
    `site_dir`, `changed`, `cwd`, `env`: variables to set, `frame`: the
    language's frame as the parent computed it, `base`: the real path of the
    docs folder the published site was built from), then a line once the site folder holds its copy;
    each answered with one JSON line (`status`, `output`: what MkDocs printed).
    A line with `prepare` (and `config`, `site_dir`, `cwd`, `env`, `frame`)
    asks for no answer: the worker gathers that language ahead (`_Gathered`),
    as it does after each rebuild, before it reads the next request. A line
    with `ping` is answered once all before it are done."""
    # What every rebuild needs, imported before the first is asked for.
    import mkdocs.commands.build  # noqa: F401
    import mkdocs.config  # noqa: F401
    import mkdocs.structure.nav  # noqa: F401

    compiled = _Compiled()
    ahead: dict[str, tuple[str, _Gathered]] = {}
    log = logging.getLogger("mkdocs")
    log.propagate = False
    log.setLevel(logging.INFO)
    for line in requests:
        if not line.strip():
            continue  # the go-ahead of a request that failed before it waited for it
        ask = json.loads(line)
        if ask.get("prepare"):
            _prepare(ask, ahead, compiled)
            continue
        if ask.get("ping"):
            replies.write(json.dumps({"status": 0, "output": ""}) + "\n")
            replies.flush()
            continue
        os.chdir(ask["cwd"])
        os.environ.update(ask["env"])
        config, changed = Path(ask["config"]), set(ask["changed"])
        tag, gathered = ahead.pop(ask["config"], (None, None))
        logged = _Logged()
        with logged as said:
            if gathered is not None and (tag != _tag(ask) or not gathered.fits(config, changed, ask.get("base"))):
                gathered.drop()
                gathered = None
            if gathered is not None:
                said.write(gathered.said)
            how = " (its files and navigation gathered ahead)" if gathered is not None else ""
            try:
                work = partial(rebuild, config, Path(ask["site_dir"]), changed, requests.readline, compiled, gathered)
                status = run(lambda: f"Rebuilt {work()} files{how}")  # noqa: B023 (called at once)
            except Exception:
                said.write(traceback.format_exc())
                status = 1
        replies.write(json.dumps({"status": status, "output": said.getvalue()}) + "\n")
        replies.flush()
        # Pages were read into this one: the next rebuild's is gathered anew, now, while nobody waits.
        _prepare(dict(ask, prepare=True), ahead, compiled)


class RebuildProcess:
    """A rebuild process kept between builds (`rulesite serve`): MkDocs
    imported once, templates compiled once. `start` sends a rebuild, `go` says
    the site folder holds its copy, `result` waits for it. A worker that died
    or failed to answer is started again on the next build."""

    def __init__(self, now: bool = False) -> None:
        """`now`: the process starts at once (it imports MkDocs meanwhile), else at the first rebuild."""
        self.process: subprocess.Popen | None = None
        self.said = ""  # what the last rebuild printed
        # The docs generation the published site was built from (`prepare`): what
        # the process gathered ahead from another is not used.
        self.base: str | None = None
        if now:
            self._running(dict(os.environ, NO_MKDOCS_2_WARNING="1"))

    def _running(self, env: dict[str, str]) -> None:
        if self.process is None or self.process.poll() is not None:
            command = [sys.executable, "-m", "rulesite.engine.rebuild", "--serve"]
            self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)

    def start(self, config: Path, site_dir: Path, changed: set[str], env: dict[str, str], key: dict | None = None) -> None:
        """A rebuild of `config`'s language; `key`: its `engine.built_from.language_keys`
        entry (what was gathered ahead under another frame is not used)."""
        self._running(env)
        ask = self._ask(config, site_dir, env, key)
        ask["changed"], ask["base"] = sorted(changed), self.base
        self._send(json.dumps(ask))

    def prepare(self, config: Path, site_dir: Path, env: dict[str, str], key: dict, docs: Path) -> None:
        """The site was published, built from the docs generation `docs` (its
        language's folder) now links to: the running process gathers `config`'s
        language ahead of its next rebuild, which starts from that site (no
        answer; a rebuild asked meanwhile waits for it)."""
        self.base = os.path.realpath(docs)
        if self.process is not None and self.process.poll() is None:
            self._send(json.dumps(dict(self._ask(config, site_dir, env, key), prepare=True)))

    def settled(self) -> None:
        """Returns once the process has done all it was asked (a preparation included)."""
        if self.process is not None and self.process.poll() is None:
            self._send(json.dumps({"ping": True}))
            self.process.stdout.readline()

    @staticmethod
    def _ask(config: Path, site_dir: Path, env: dict[str, str], key: dict | None) -> dict:
        ask = {"config": str(config), "site_dir": str(site_dir), "cwd": str(config.resolve().parent), "env": env}
        ask["frame"] = key["frame"] if key is not None else None
        return ask

    def go(self) -> None:
        self._send("")

    def _send(self, line: str) -> None:
        try:
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError):
            pass  # it ended: `result` says so

    def result(self) -> subprocess.CompletedProcess:
        line = self.process.stdout.readline() if self.process else ""
        if not line:
            self.close()
            return subprocess.CompletedProcess(["rulesite.engine.rebuild --serve"], 1, "the MkDocs rebuild process ended\n", "")
        reply = json.loads(line)
        self.said = reply["output"]
        return subprocess.CompletedProcess(["rulesite.engine.rebuild --serve"], reply["status"], reply["output"], "")

    def close(self, kill: bool = False) -> None:
        """Ends the process (its input closed), or kills it when it does not end
        (at once when `kill`: a build interrupted while it wrote)."""
        process, self.process = self.process, None
        if process is None:
            return
        with contextlib.suppress(OSError):
            process.stdin.close()
        try:
            process.wait(timeout=0 if kill else 10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rulesite.engine.rebuild", description=__doc__.split("\n\n")[0])
    parser.add_argument("--serve", action="store_true", help="rebuild on request, a JSON line each on stdin (`RebuildProcess`)")
    parser.add_argument("-f", "--config-file", type=Path)
    parser.add_argument("-d", "--site-dir", type=Path, help="a hard-linked copy of the published output")
    parser.add_argument("--changed", type=Path, help="a file listing the changed paths under docs_dir, one a line")
    parser.add_argument(
        "--wait", action="store_true", help="look into the site folder only after a line on stdin (it is being linked)"
    )
    args = parser.parse_args(argv)
    if args.serve:
        # Ctrl-C is for the command that keeps it (`RebuildProcess`): it ends when its input does.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        # Replies go to stdout alone: anything else printed goes to stderr.
        replies = os.fdopen(os.dup(sys.stdout.fileno()), "w", encoding="utf-8")
        os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
        answer_requests(sys.stdin, replies)
        return 0
    if not (args.config_file and args.site_dir and args.changed):
        parser.error("-f, -d and --changed are needed (or --serve)")
    log_like_mkdocs()
    changed = set(args.changed.read_text(encoding="utf-8").splitlines())
    ready = sys.stdin.readline if args.wait else lambda: None
    return run(lambda: f"Rebuilt {rebuild(args.config_file, args.site_dir, changed, ready)} files")


if __name__ == "__main__":
    sys.exit(main())
