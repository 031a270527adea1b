"""A language's MkDocs build again after only some of its files changed, giving
the very files a clean `mkdocs build` gives (`pipeline.build` runs it, in a
process of its own, as `python -m rulesite.rebuild`, or asks a process that
stays between builds, `Worker`, which `rulesite serve` keeps).

It runs MkDocs' own build steps (its Python API, the steps of
`mkdocs.commands.build.build`, in their order, as `split_build.py` does) into a
new generation that starts as a copy of the published one made of hard links
(`pipeline._link_tree`), and reads, renders and writes only the changed files:
the pages and static files named, and the theme's templates it renders every
time (the sitemap, the not-found page). The caller makes that copy while this
gathers the files and the navigation, and says so with a line on stdin
(`--wait`). So that no write ever goes through a hard link into the published
generation, every output it writes is unlinked first.

Everything a partial build could get wrong (another page's title or place in
the navigation, a page added or removed, another config or theme) is a reason
for a clean build instead: `pipeline.rebuildable` only sends here the
languages whose navigation, titles, list of files, config and theme are all as
they were (`tests/build/test_incremental.py` compares the whole site with a
clean build's, byte for byte). A plugin that makes one file of every page (a
search index) is refused (`mkdocs_calls.refuse_whole_site_plugins`).

A process that stays (`serve`, `Worker`) has MkDocs, Material and the
Markdown extensions imported once, and keeps each template's compiled code
between builds (`_Compiled`: recompiled whenever its source differs, so what
it renders is what a new process renders).

No MkDocs plugin or hook: this is a caller of MkDocs, like its command line."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import logging
import os
import signal
import subprocess
import sys
import traceback
from functools import partial
from pathlib import Path

from .mkdocs_calls import log_like_mkdocs, refuse_whole_site_plugins, run
from .split_build import _place


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

    def attach(self, config) -> None:
        """The theme's environments of `config` use the cache."""
        theme, make = config.theme, config.theme.get_env

        def get_env():
            env = make()
            env.bytecode_cache = self.cache
            return env

        theme.get_env = get_env


def rebuild(config_file: Path, site_dir: Path, changed: set[str], ready=lambda: None, compiled: _Compiled | None = None) -> int:
    """Builds the site of `config_file` into `site_dir` (a hard-linked copy of
    the published output) again: `changed` (paths under docs_dir) and the
    theme's templates. `ready()` returns once `site_dir` holds that copy:
    nothing before it looks there. Returns how many files were built again."""
    from mkdocs import utils
    from mkdocs.commands import build as steps
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort, BuildError
    from mkdocs.structure.files import InclusionLevel, get_files, set_exclusions
    from mkdocs.structure.nav import get_navigation
    from mkdocs.structure.pages import Page

    config = load_config(str(config_file), site_dir=str(site_dir), strict=True)
    refuse_whole_site_plugins(config)
    if compiled is not None:
        compiled.attach(config)
    counter = utils.CountHandler()
    counter.setLevel(logging.WARNING)
    logging.getLogger("mkdocs").addHandler(counter)
    config.plugins.on_startup(command="build", dirty=True)
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
        again = [f for f in files if f.src_uri in changed and InclusionLevel.is_included(f.inclusion)]
        ready()
        for file in again:
            _unlink(file.abs_dest_path)
        for name in [*config.theme.static_templates, *config.extra_templates, "sitemap.xml.gz"]:
            _unlink(os.path.join(config.site_dir, name))
        for file in docs:
            if file.page is None and file.inclusion.is_not_in_nav():
                Page(None, file, config)
            if file.src_uri in changed:
                steps._populate_page(file.page, config, files)
        env = config.plugins.on_env(env, config=config, files=files)
        docs_dir = os.path.join(os.path.normpath(config.docs_dir), "")
        for file in again:
            if not file.is_documentation_page():
                _place(file, docs_dir)
        # A static file no longer in the docs (an image drawn from a text since changed): gone from the site too.
        present = {file.src_uri for file in files}
        for gone in sorted(changed - present):
            if not gone.endswith(".md"):
                _unlink(os.path.join(config.site_dir, *gone.split("/")))
        for template in config.theme.static_templates:
            steps._build_theme_template(template, env, files, config, nav)
        for template in config.extra_templates:
            steps._build_extra_template(template, files, config, nav)
        built = [file for file in docs if file.src_uri in changed]
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
        logging.getLogger("mkdocs").removeHandler(counter)
    return len(again)


def serve(requests, replies) -> None:
    """Rebuilds on request until `requests` ends: a JSON line each (`config`,
    `site_dir`, `changed`, `cwd`, `env`: variables to set), then a line once
    the site folder holds its copy; each answered with one JSON line
    (`status`, `output`: what MkDocs printed)."""
    # What every rebuild needs, imported before the first is asked for.
    import mkdocs.commands.build  # noqa: F401
    import mkdocs.config  # noqa: F401
    import mkdocs.structure.nav  # noqa: F401

    compiled = _Compiled()
    log = logging.getLogger("mkdocs")
    log.propagate = False
    log.setLevel(logging.INFO)
    for line in requests:
        if not line.strip():
            continue  # the go-ahead of a request that failed before it waited for it
        ask = json.loads(line)
        said = io.StringIO()
        handler = logging.StreamHandler(said)
        handler.setFormatter(logging.Formatter("%(levelname)-8s-  %(message)s"))
        log.addHandler(handler)
        os.chdir(ask["cwd"])
        os.environ.update(ask["env"])
        try:
            with contextlib.redirect_stdout(said), contextlib.redirect_stderr(said):
                work = partial(rebuild, Path(ask["config"]), Path(ask["site_dir"]), set(ask["changed"]))
                status = run(lambda: f"Rebuilt {work(requests.readline, compiled)} files")  # noqa: B023 (called at once)
        except Exception:
            said.write(traceback.format_exc())
            status = 1
        finally:
            log.removeHandler(handler)
        replies.write(json.dumps({"status": status, "output": said.getvalue()}) + "\n")
        replies.flush()


class Worker:
    """A rebuild process kept between builds (`rulesite serve`): MkDocs
    imported once, templates compiled once. `start` sends a rebuild, `go` says
    the site folder holds its copy, `result` waits for it. A worker that died
    or failed to answer is started again on the next build."""

    def __init__(self, now: bool = False) -> None:
        """`now`: the process starts at once (it imports MkDocs meanwhile), else at the first rebuild."""
        self.process: subprocess.Popen | None = None
        if now:
            self._running(dict(os.environ, NO_MKDOCS_2_WARNING="1"))

    def _running(self, env: dict[str, str]) -> None:
        if self.process is None or self.process.poll() is not None:
            command = [sys.executable, "-m", "rulesite.rebuild", "--serve"]
            self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)

    def start(self, config: Path, site_dir: Path, changed: set[str], env: dict[str, str]) -> None:
        self._running(env)
        ask = {
            "config": str(config),
            "site_dir": str(site_dir),
            "changed": sorted(changed),
            "cwd": str(config.resolve().parent),
            "env": env,
        }
        self._send(json.dumps(ask))

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
            return subprocess.CompletedProcess(["rulesite.rebuild --serve"], 1, "the MkDocs rebuild process ended\n", "")
        reply = json.loads(line)
        return subprocess.CompletedProcess(["rulesite.rebuild --serve"], reply["status"], reply["output"], "")

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
    parser = argparse.ArgumentParser(prog="python -m rulesite.rebuild", description=__doc__.split("\n\n")[0])
    parser.add_argument("--serve", action="store_true", help="rebuild on request, a JSON line each on stdin (`Worker`)")
    parser.add_argument("-f", "--config-file", type=Path)
    parser.add_argument("-d", "--site-dir", type=Path, help="a hard-linked copy of the published output")
    parser.add_argument("--changed", type=Path, help="a file listing the changed paths under docs_dir, one a line")
    parser.add_argument(
        "--wait", action="store_true", help="look into the site folder only after a line on stdin (it is being linked)"
    )
    args = parser.parse_args(argv)
    if args.serve:
        # Ctrl-C is for the command that keeps it (`Worker`): it ends when its input does.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        # Replies go to stdout alone: anything else printed goes to stderr.
        replies = os.fdopen(os.dup(sys.stdout.fileno()), "w", encoding="utf-8")
        os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
        serve(sys.stdin, replies)
        return 0
    if not (args.config_file and args.site_dir and args.changed):
        parser.error("-f, -d and --changed are needed (or --serve)")
    log_like_mkdocs()
    changed = set(args.changed.read_text(encoding="utf-8").splitlines())
    ready = sys.stdin.readline if args.wait else lambda: None
    return run(lambda: f"Rebuilt {rebuild(args.config_file, args.site_dir, changed, ready)} files")


if __name__ == "__main__":
    sys.exit(main())
