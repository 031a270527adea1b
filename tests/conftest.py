"""Shared fixtures.

Resources outside the repo (the corpora folder, Debian's Chromium) are reached
through fixtures with one policy: when one is missing, the test is skipped
loudly on a developer machine, and FAILS when $RULESITE_REQUIRE_ALL or $CI is
set (`.ci/run` sets both), so CI can never pass by skipping.

Built sites are shared (tests/shared_sites.py). `built_site` and `corpora_site`
are built once per run, whichever worker asks first, and read by every test
on every pytest-xdist worker: never change them; copy first
(`shared_sites.linked_copy`, hard links). A new test needing a site of its own
sources calls `shared_build(tmp_path_factory, repo_root, NAME, write_sources,
*build_args)` from a module fixture: the same sources and arguments anywhere
in the suite are built once. Tests run on several workers, a whole module on
one (`--dist loadfile`, scripts/run_tests.sh): a module fixture still runs once.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest
from shared_sites import once, shared_root

REPO_ROOT = Path(__file__).resolve().parent.parent
CORPORA_BUILD = "corpora-build"  # the shared name of the full-corpora site (`corpora_site`)

# Resources a test wanted but did not find; listed again at the end of the run.
_missing: dict[str, str] = {}


def _env_flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() not in ("", "0", "false", "no")


def require_all() -> bool:
    """True when missing resources must fail tests instead of skipping them."""
    return _env_flag("RULESITE_REQUIRE_ALL") or _env_flag("CI")


def missing_resource(what: str, hint: str) -> None:
    """Fail (CI, RULESITE_REQUIRE_ALL) or skip loudly: `what` is unavailable."""
    _missing[what] = hint
    if require_all():
        pytest.fail(f"{what} is missing and RULESITE_REQUIRE_ALL/CI is set: {hint}", pytrace=False)
    pytest.skip(f"!!! NOT TESTED: {what} is missing ({hint}); CI fails here")


# Test modules that take minutes, handed out first (pytest-xdist hands out
# modules in the order collected, `--dist loadfile`), so that no worker is left
# alone with one at the end of a run; those reading the full-corpora site
# (`corpora_site`) after the others, while it builds (`pytest_sessionstart`).
# (tests/corpora/test_offline_budget.py reads a build test_many_editions.py
# makes, tests/grown_corpora.py: it comes late, with the quick modules.)
FIRST = (
    "tests/corpora/test_many_editions.py",
    "tests/corpora/test_warm_corpora.py",
    "tests/build/test_incremental.py",
    "tests/build/test_warm_builds.py",
    "tests/browser/test_browser_offline.py",
    "tests/browser/test_browser_xss.py",
    "tests/browser/test_browser_a11y.py",
    "tests/build/test_reproducible.py",
    "tests/corpora/test_full_site.py",
)

# The full-corpora site's build started beside the tests (`pytest_sessionstart`).
_ahead: list[subprocess.Popen] = []


def pytest_collection_modifyitems(session, config, items):  # noqa: ARG001
    """The modules of FIRST first, in its order; the others by their number of
    tests, most first (what pytest-xdist's own reordering does, which
    scripts/run_tests.sh turns off so that this order holds)."""
    rank = {path: k for k, path in enumerate(FIRST)}
    tests_in = Counter(str(item.path) for item in items)

    def place(item) -> tuple[int, int]:
        try:
            where = rank.get(Path(str(item.path)).relative_to(REPO_ROOT).as_posix(), len(FIRST))
        except ValueError:
            where = len(FIRST)
        return where, -tests_in[str(item.path)] if where == len(FIRST) else 0

    items.sort(key=place)


def pytest_sessionstart(session):
    """Every build of the run shares one store of drawn preview images
    (`share_image_store`). A whole-suite run on pytest-xdist workers starts building the
    full-corpora site (`corpora_site`) at once, in a process of its own
    (tests/build_shared_site.py): the tests that read it find it built, or
    wait for that build, instead of one worker building it while the other
    waits with nothing to do."""
    config = session.config
    share_image_store(shared_root(config._tmp_path_factory))
    if os.environ.get("PYTEST_XDIST_WORKER") or not getattr(config.option, "numprocesses", None):
        return
    if config.args_source != pytest.Config.ArgsSource.TESTPATHS or config.option.keyword or config.option.markexpr:
        return  # a chosen part of the suite: it may not need the site
    corpora = corpora_path()
    if not corpora.is_dir():
        return  # the fixture says so, loudly, when a test asks for it
    root = shared_root(config._tmp_path_factory)  # the controller's basetemp: its workers' parent (pytest-xdist)
    script = Path(__file__).with_name("build_shared_site.py")
    extra = ["--corpora", str(corpora.resolve())]
    process = subprocess.Popen(
        [sys.executable, str(script), str(root), CORPORA_BUILD, *extra],
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    _ahead.append(process)
    # Holding the site's lock before any worker can ask for the site.
    said = process.stdout.readline().strip()
    if said != "locked":
        raise pytest.UsageError(f"tests/build_shared_site.py did not start: {said!r}")


def share_image_store(root: Path) -> None:
    """Every build this run makes (the tests' own and their `rulesite build`
    processes, on every worker) draws a preview image once and takes it from
    one store after (`$RULESITE_IMAGE_STORE`, in the run's shared folder):
    writes are renamed into place, so builds side by side share it. A test
    of the drawing or of the store gives its builds a store of their own."""
    os.environ["RULESITE_IMAGE_STORE"] = str(root / "image-store")


def pytest_sessionfinish(session, exitstatus):  # noqa: ARG001
    """An xdist worker hands its missing resources to the controlling process;
    a build started ahead and not needed to its end is stopped."""
    if hasattr(session.config, "workeroutput"):
        session.config.workeroutput["rulesite_missing"] = dict(_missing)
    for process in _ahead:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
        process.wait()


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):  # noqa: ARG001
    """The controlling process of an xdist run gathers its workers' missing resources."""
    _missing.update(getattr(node, "workeroutput", {}).get("rulesite_missing", {}))


def pytest_terminal_summary(terminalreporter, exitstatus, config):  # noqa: ARG001
    if _missing:
        terminalreporter.section("MISSING RESOURCES: tests that need them did not run", sep="!")
        for what, hint in sorted(_missing.items()):
            terminalreporter.write_line(f"{what}: {hint}")


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The repository's root folder (where pyproject.toml is)."""
    return REPO_ROOT


def corpora_path() -> Path:
    """Where the corpora are: $RULESITE_CORPORA, else ../shared/corpora beside the repo."""
    env = os.environ.get("RULESITE_CORPORA", "").strip()
    return Path(env) if env else REPO_ROOT.parent / "shared" / "corpora"


@pytest.fixture(scope="session")
def corpora_dir() -> Path:
    """The real corpora: $RULESITE_CORPORA, else ../shared/corpora beside the repo.

    Read only; never copy anything from it into the repo.
    """
    env = os.environ.get("RULESITE_CORPORA", "").strip()
    path = corpora_path()
    if not path.is_dir():
        source = "$RULESITE_CORPORA" if env else "../shared/corpora beside the repo"
        missing_resource("corpora folder", f"no folder {path} (from {source}; set RULESITE_CORPORA)")
    return path.resolve()


@pytest.fixture(scope="session")
def chromium_path() -> Path:
    """Debian's Chromium: $CHROMIUM_PATH, else /usr/bin/chromium.

    `bash scripts/setup.sh --browser` installs it (apt-get install chromium).
    """
    env = os.environ.get("CHROMIUM_PATH", "").strip()
    path = Path(env) if env else Path("/usr/bin/chromium")
    if not (path.is_file() and os.access(path, os.X_OK)):
        source = "$CHROMIUM_PATH" if env else "default path"
        missing_resource("Chromium", f"no executable {path} ({source}); run `bash scripts/setup.sh --browser`")
    return path


@pytest.fixture(scope="session")
def nginx_path() -> Path:
    """Debian's nginx: $NGINX_PATH, else /usr/sbin/nginx, with Debian's
    /etc/nginx/mime.types (the documented server blocks sit in its http block).

    `bash scripts/setup.sh --browser` installs it (apt-get install nginx); the
    tests run it as their own process, never as a service.
    """
    env = os.environ.get("NGINX_PATH", "").strip()
    path = Path(env) if env else Path("/usr/sbin/nginx")
    if not (path.is_file() and os.access(path, os.X_OK)) or not Path("/etc/nginx/mime.types").is_file():
        source = "$NGINX_PATH" if env else "default path"
        missing_resource(
            "nginx", f"no executable {path} ({source}) or no /etc/nginx/mime.types; run `bash scripts/setup.sh --browser`"
        )
    return path


@dataclass(frozen=True)
class BuiltSite:
    docs: Path  # the generated Markdown (MkDocs' docs_dir)
    site: Path  # the built HTML site (MkDocs' site_dir)
    stdout: str
    stderr: str
    engine: str = "mkdocs"  # what built the HTML (`--engine`)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> BuiltSite:
    """The real build, run once per test run (all workers) into temporary folders.

    Runs `rulesite build --docs-dir DOCS --site-dir SITE` from the repo root
    (Markdown generated into DOCS, then the strict MkDocs build into SITE) and
    fails every test that uses it when the build fails.
    """
    return _build(tmp_path_factory, "build")


@pytest.fixture(scope="session")
def corpora_site(tmp_path_factory: pytest.TempPathFactory, corpora_dir: Path) -> BuiltSite:
    """The real full build, with the real corpora: run once per test run.

    `rulesite build --corpora CORPORA --docs-dir DOCS --site-dir SITE` from the
    repo root (the seeds of rules_src/ plus every document
    rules_src/external/corpora.manifest.yml lists, read from `corpora_dir`), into
    temporary folders, shared by all workers. Fails every test that uses it
    when the build fails (the build exits 1 when its own site checks find a
    problem). Takes about a minute and a half.
    """
    return _build(tmp_path_factory, CORPORA_BUILD, "--corpora", str(corpora_dir))


@pytest.fixture(scope="session", params=["mkdocs", "properdocs", "zensical"])
def engine_site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> BuiltSite:
    """The seed site built by each engine (`rulesite build --engine NAME`), once
    per engine per test session; MkDocs' is `built_site`'s."""
    if request.param == "mkdocs":
        return request.getfixturevalue("built_site")
    return _build(tmp_path_factory, f"build-{request.param}", "--engine", request.param)


def site_maker(*extra: str):
    """What makes a shared site: `make(base)` runs `rulesite build *extra` from
    the repo root into base/docs and base/site, and keeps its result."""

    def make(base: Path) -> None:
        env = dict(os.environ)
        env.setdefault("NO_MKDOCS_2_WARNING", "1")  # Material's banner about MkDocs 2
        docs, site = base / "docs", base / "site"
        result = subprocess.run(
            [sys.executable, "-m", "rulesite", "build", *extra, "--docs-dir", str(docs), "--site-dir", str(site)],
            cwd=REPO_ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=30 * 60,
        )
        record = {"returncode": result.returncode, "stdout": result.stdout, "stderr": result.stderr}
        (base / "build-result.json").write_text(json.dumps(record), encoding="utf-8")

    return make


def _build(tmp_path_factory: pytest.TempPathFactory, name: str, *extra: str) -> BuiltSite:
    """rulesite build (with `extra` arguments) from the repo root into a
    temporary folder, once per test run for all workers (shared_sites.once);
    every test using the result fails when the build fails."""
    base = once(tmp_path_factory, name, extra, site_maker(*extra))
    result = json.loads((base / "build-result.json").read_text(encoding="utf-8"))
    docs, site = base / "docs", base / "site"
    command = " ".join(["rulesite build", *extra])
    if result["returncode"] != 0:
        pytest.fail(
            f"{command} exited with {result['returncode']}\n"
            f"--- stdout (end) ---\n{result['stdout'][-4000:]}\n"
            f"--- stderr (end) ---\n{result['stderr'][-8000:]}",
            pytrace=False,
        )
    assert site.is_dir(), f"{command} succeeded but wrote no {site}"
    engine = extra[extra.index("--engine") + 1] if "--engine" in extra else "mkdocs"
    return BuiltSite(docs=docs, site=site, stdout=result["stdout"], stderr=result["stderr"], engine=engine)


@pytest.fixture(scope="session")
def ctx(repo_root: Path):
    """The model the seed site is built from: rules_src/ read and resolved, as
    the build does it, with no errors."""
    from rulesite.stages import read as read_stage
    from rulesite.stages import resolve as resolve_stage
    from rulesite.common.diagnostics import Diagnostics

    diag = Diagnostics()
    corpus = read_stage.read_corpus(repo_root / "rules_src" / "manifest.yml", diag)
    context = resolve_stage.resolve(corpus, diag)
    assert diag.errors == []
    return context


@pytest.fixture(scope="session")
def translated_site(tmp_path_factory: pytest.TempPathFactory) -> BuiltSite:
    """The real build of a scratch copy of the seeds with translated Riftbound
    sources added as the maintainer's guide says (tests/translations.py), run
    once per test session; fails every test using it when the build fails."""
    from translations import translated_seeds

    return _scratch_build(tmp_path_factory, "translated-build", translated_seeds)


@pytest.fixture(scope="session")
def translated_editions_site(tmp_path_factory: pytest.TempPathFactory) -> BuiltSite:
    """The real build of two small English editions of our own (1.0, 1.1) and a
    Spanish translation of 1.0 added as the maintainer's guide says
    (tests/translations.py), run once per test session."""
    from translations import translated_editions

    return _scratch_build(tmp_path_factory, "translated-editions-build", lambda _repo, root: translated_editions(root))


def _scratch_build(tmp_path_factory: pytest.TempPathFactory, name: str, make) -> BuiltSite:
    """`rulesite build` of the sources `make(REPO_ROOT, root)` writes into
    root/rules_src, once per run for all workers (shared_sites.shared_build:
    read it, never change it); fails every test using it when the build fails."""
    from shared_sites import shared_build

    root, result = shared_build(tmp_path_factory, REPO_ROOT, name, lambda staging: make(REPO_ROOT, staging))
    if result.returncode != 0:
        pytest.fail(
            f"rulesite build of {name} exited with {result.returncode}\n"
            f"--- stdout (end) ---\n{result.stdout[-4000:]}\n--- stderr (end) ---\n{result.stderr[-8000:]}",
            pytrace=False,
        )
    return BuiltSite(docs=root / "docs", site=root / "site", stdout=result.stdout, stderr=result.stderr)
