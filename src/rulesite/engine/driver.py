"""The MkDocs step: the real, strict MkDocs build of every language into a new
generation beside the site, each language in a process of its own, reused,
rebuilt or shared between processes as `built_from.py` and `split_parts`
decide; the checked site published in one step."""

from __future__ import annotations

import datetime as dt
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from ..common import output
from ..common.model import Corpus
from ..site_map.paths import language_root
from .split_build import available as split_build_available
from ..common import workers
from ..write.stage import CONFIG
from .rebuild import RebuildProcess


def mkdocs_env(corpus: Corpus) -> dict[str, str]:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    env.setdefault("SOURCE_DATE_EPOCH", source_date(corpus))
    return env


def source_date(corpus: Corpus) -> str:
    """SOURCE_DATE_EPOCH for MkDocs (the sitemap's dates and the gzip header):
    the date of the newest dated source, so the same sources give the same site."""
    dates = sorted(s.edition for s in corpus.sources.values() if re.fullmatch(r"\d{4}-\d{2}-\d{2}", s.edition or ""))
    day = dt.date.fromisoformat(dates[-1]) if dates else dt.date(2000, 1, 1)
    return str(int(dt.datetime(day.year, day.month, day.day, tzinfo=dt.UTC).timestamp()))


def build(
    config_dir: Path,
    languages: list[str],
    site_dir: Path,
    config: Path = CONFIG,
    build_id: str = "",
    env: dict[str, str] | None = None,
    reuse: set[str] = frozenset(),
    rebuild: dict[str, set[str]] | None = None,
    split: dict[str, int] | None = None,
    warm: RebuildProcess | None = None,
    spare: output.Spare | None = None,
    keys: dict[str, dict] | None = None,
) -> tuple[subprocess.CompletedProcess, Path]:
    """Stage 5: the real, strict MkDocs build of every language (English at the
    root, the others in a folder each) into a new generation beside `site_dir`
    (`output.generation`). `publish` makes it the site once it has passed the checks.

    The languages are built side by side, one MkDocs process each, each into a
    folder of its own (a --clean build of English into the folder the others
    share would empty it under them); the others are moved under English's once
    all have succeeded. A language in `reuse` is not built again: its files are
    hard-linked from the published site (nobody ever writes into a published
    generation, so they stay as they are). A language in `rebuild` (language ->
    the files under its docs folder that changed, `rebuildable`) starts as
    such a copy and only those files are built again (`rebuild.py`). A language
    in `split` (language -> how many parts, `split_parts`) is built clean by
    that many processes, each a share of its pages (`split_build.py`), into
    its one folder. `warm`: a rebuild process kept between builds
    (`rebuild.RebuildProcess`, `rulesite serve`'s), which rebuilds the first language
    in `rebuild` instead of a new process. `spare`: a copy of the published
    site kept between builds (`output.Spare`, serve's `FilesMemory.site`): when
    every language is reused or rebuilt, it is taken as the new generation
    instead of linking every file of the published one again. `keys`: each
    language's `language_keys`, told to `warm` (what it gathered ahead must fit them)."""
    build_id = build_id or output.new_build_id()
    fresh = output.generation(site_dir, build_id)
    parts = output.generation(site_dir, build_id, "parts")
    env = env or dict(os.environ, NO_MKDOCS_2_WARNING="1")
    ordered = sorted(languages, key=lambda code: code != "en")  # English, the largest, starts first
    out = {lang: fresh if not language_root(lang) else parts / lang for lang in ordered}
    current = output.published(site_dir)
    rebuild = {lang: paths for lang, paths in (rebuild or {}).items() if current is not None and lang not in reuse}
    split = {lang: n for lang, n in (split or {}).items() if n > 1 and lang not in reuse and lang not in rebuild}
    others = {language_root(o).rstrip("/") for o in ordered if language_root(o)}
    processes, logs = {}, {}  # name -> its process, its log (a temporary file)
    asked = next(iter(sorted(rebuild, key=ordered.index)), None) if warm is not None else None
    whole = current is None or any(lang not in reuse and lang not in rebuild for lang in ordered)
    try:
        # A language built whole needs a folder of its own, empty: a copy holds none.
        copied = _take_spare(spare, site_dir, fresh, usable=not whole)
        for lang in ordered:
            if lang in reuse and current is not None:
                continue
            lang_config = config_dir / f"mkdocs.{lang}.yml"
            logs[lang] = tempfile.TemporaryFile(mode="w+", encoding="utf-8")
            if lang == asked:
                warm.start(lang_config, out[lang], rebuild[lang], env, (keys or {}).get(lang))
            elif lang in split:
                processes.update(_start_parts(lang, lang_config, out[lang], split[lang], logs, env))
            else:
                changed = _changed_list(site_dir, build_id, lang, rebuild[lang]) if lang in rebuild else None
                command = _command(lang_config, out[lang], changed)
                processes[lang] = _start(command, logs[lang], env, lang_config, waits=changed is not None)
        # The copies of the published output: a rebuilt language's first, made while its
        # process starts, which goes on once told (rebuild.py --wait); then the reused ones'.
        for lang in [*rebuild, *(lang for lang in ordered if lang not in processes and lang != asked)]:
            _copy_published(lang, current, fresh, out[lang], copied, lang in rebuild, others)
            if lang == asked:
                warm.go()
            elif lang in rebuild:
                _go(processes[lang])
        results = {asked: warm.result()} if asked else {}
        results.update(_ended(processes, logs))
    except BaseException:
        _abandon(warm if asked else None, processes, fresh, parts)
        raise
    finally:
        _clean_up(logs, site_dir, build_id, rebuild)
    return _finish(results, fresh, parts, {lang: out[lang] for lang in ordered if not copied or lang in rebuild})


def _take_spare(spare: output.Spare | None, site_dir: Path, fresh: Path, usable: bool) -> bool:
    """Whether the copy of the published site kept between builds became the new
    generation `fresh` (when `usable`); a copy not taken is dropped."""
    copied = spare is not None and usable and spare.take(site_dir, fresh)
    if spare is not None and not copied:
        spare.drop()
    return copied


def _clean_up(logs: dict, site_dir: Path, build_id: str, rebuild: dict[str, set[str]]) -> None:
    """What a build leaves of its own, ended or not: its logs, the lists of changed files."""
    for log in logs.values():
        log.close()
    for lang in rebuild:
        output.discard(output.generation(site_dir, build_id, f"changed-{lang}"))


def _copy_published(lang: str, current: Path, fresh: Path, out_dir: Path, copied: bool, rebuilt: bool, others: set[str]) -> None:
    """A language's output of the published site, where its build goes on from it:
    hard links to its files (English's without the other languages' folders);
    or, when the new generation is a copy of the published one (`copied`), a
    rebuilt language other than English moved out of it, to be rebuilt apart."""
    if not copied:
        _link_tree(current / language_root(lang), out_dir, skip=others if not language_root(lang) else set())
    elif language_root(lang) and rebuilt:  # rebuilt apart, as without a copy
        out_dir.parent.mkdir(parents=True, exist_ok=True)
        (fresh / language_root(lang).rstrip("/")).rename(out_dir)


def _abandon(warm: RebuildProcess | None, processes: dict[str, subprocess.Popen], fresh: Path, parts: Path) -> None:
    """A build stopped on its way (an error, Ctrl-C): every process it started
    stopped, before the folders they write into are removed."""
    if warm is not None:
        warm.close(kill=True)  # it may be writing into the new generation: stopped before it goes
    for process in processes.values():
        process.kill()
        process.wait()
    output.discard(fresh)
    output.discard(parts)


def _command(lang_config: Path, out_dir: Path, changed: Path | None) -> list[str]:
    """The clean MkDocs build of a language into `out_dir`; or, given `changed`
    (the file that lists the changed files), a rebuild of those files into the
    copy of the published output (`rebuild.py`), which waits until told the
    copy is there."""
    where = ["-f", str(lang_config), "-d", str(out_dir)]
    if changed is None:
        return [sys.executable, "-m", "mkdocs", "build", "--strict", "--clean", *where]
    return [sys.executable, "-m", "rulesite.engine.rebuild", *where, "--changed", str(changed), "--wait"]


def _changed_list(site_dir: Path, build_id: str, lang: str, paths: set[str]) -> Path:
    """The file that tells a rebuild which files changed (removed by `build` once it ends)."""
    changed = output.generation(site_dir, build_id, f"changed-{lang}")
    changed.write_text("".join(f"{path}\n" for path in sorted(paths)), encoding="utf-8")
    return changed


def _start_parts(lang: str, lang_config: Path, out_dir: Path, parts: int, logs: dict, env: dict[str, str]) -> dict:
    """The processes that build a language's pages a share each (`split_build.py`),
    by name: the first one by the language's, its log the language's."""
    processes = {}
    for k in range(parts):
        name = lang if k == 0 else f"{lang} part {k + 1}"
        logs[name] = logs[lang] if k == 0 else tempfile.TemporaryFile(mode="w+", encoding="utf-8")
        command = [sys.executable, "-m", "rulesite.engine.split_build", "-f", str(lang_config), "-d", str(out_dir)]
        command += ["--part", str(k), "--parts", str(parts)]
        processes[name] = _start(command, logs[name], env, lang_config)
    return processes


def _ended(processes: dict[str, subprocess.Popen], logs: dict) -> dict[str, subprocess.CompletedProcess]:
    """Each process once ended, with what it printed."""
    results = {}
    for name, process in processes.items():
        process.wait()
        logs[name].seek(0)
        results[name] = subprocess.CompletedProcess(process.args, process.returncode, logs[name].read(), "")
    return results


def _finish(
    results: dict[str, subprocess.CompletedProcess], fresh: Path, parts: Path, apart: dict[str, Path]
) -> tuple[subprocess.CompletedProcess, Path]:
    """After every language's build: the first failure, with nothing kept; else
    the languages built `apart` moved under English's, and the generation stamped."""
    failed = [r for r in results.values() if r.returncode != 0]
    if failed:
        output.discard(fresh)
        output.discard(parts)
        return failed[0], fresh
    for lang, built in apart.items():
        if language_root(lang):
            built.rename(fresh / language_root(lang).rstrip("/"))
    output.discard(parts)
    output.stamp(fresh)  # the build's, and known by it from now on (copies hold the published one's)
    done = next(iter(results.values()), subprocess.CompletedProcess([], 0, "", ""))
    return done, fresh


# A language with more pages than this is built by one process a core
# (`split_build.py`): below it, starting the processes costs what they save.
SPLIT_PAGES = 400


def split_parts(files: dict[str, dict[str, str]], cores: int | None = None) -> dict[str, int]:
    """language -> how many processes build it: one a core for the languages with
    many pages (English holds nearly all of them), else one (and one for all
    when the installed MkDocs lacks the build steps `split_build.py` runs)."""
    cores = (cores or workers.cores()) if split_build_available() else 1
    pages = {lang: sum(1 for path in f if path.endswith(".md")) for lang, f in files.items()}
    return {lang: cores if count > SPLIT_PAGES else 1 for lang, count in pages.items()}


def _start(command: list[str], log, env: dict[str, str], config: Path, waits: bool = False) -> subprocess.Popen:
    stdin = subprocess.PIPE if waits else subprocess.DEVNULL
    return subprocess.Popen(command, stdin=stdin, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=config.resolve().parent)


def _go(process: subprocess.Popen) -> None:
    """Tells a process started with `waits` that what it waits for is there."""
    try:
        process.stdin.write(b"\n")
        process.stdin.close()
    except BrokenPipeError:
        pass  # it ended already: its exit status says why


def _link_tree(source: Path, target: Path, skip: set[str]) -> None:
    """A copy of the folder `source` made of hard links (the same files, their
    times included), without the top-level entries in `skip`."""
    target.mkdir(parents=True, exist_ok=True)
    for entry in sorted(os.listdir(source)):
        if entry in skip:
            continue
        path = source / entry
        if path.is_dir() and not path.is_symlink():
            shutil.copytree(path, target / entry, copy_function=os.link)
        else:
            os.link(path, target / entry)


def publish(fresh: Path, site_dir: Path, spare: output.Spare | None = None) -> None:
    """The checked site becomes `site_dir`, in one step (see output.py).
    `spare`: made of the generation replaced, for the next build (`build`)."""
    replaced = output.publish(fresh, site_dir, clean_up=spare is None)
    if spare is not None:
        spare.keep(site_dir, replaced)


def prepare(
    warm: RebuildProcess, config_dir: Path, docs_dir: Path, site_dir: Path, keys: dict[str, dict], env: dict[str, str]
) -> None:
    """After publishing the site built from `docs_dir`: `warm` gathers the
    language it would rebuild next (English first, as `build` asks) ahead,
    while nobody waits for it."""
    ordered = sorted(keys, key=lambda code: code != "en")
    if ordered:
        lang = ordered[0]
        warm.prepare(config_dir / f"mkdocs.{lang}.yml", site_dir, env, keys[lang], docs_dir / lang)


def discard(fresh: Path) -> None:
    output.discard(fresh)
