"""Stage 5 with another engine than MkDocs: a plain, strict, clean build of
every language's config (`configs.py`), one process each, side by side, into
a new generation beside the site folder, English at its root and every other
language in its folder, as `pipeline.build` lays them out. Nothing of an
earlier build is reused: the incremental machinery is MkDocs'."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from ..common import output
from ..site_map.paths import language_root
from .configs import built_site, config_file, discard
from ..common.engines import Engine


def build(
    engine: Engine, config_dir: Path, languages: list[str], site_dir: Path, build_id: str, env: dict[str, str]
) -> tuple[subprocess.CompletedProcess, Path]:
    """(the first failed build's result, or the first language's; the new generation)."""
    fresh = output.generation(site_dir, build_id)
    parts = output.generation(site_dir, build_id, "parts")
    ordered = sorted(languages, key=lambda code: code != "en")  # English, the largest, starts first
    out = {lang: fresh if not language_root(lang) else parts / lang for lang in ordered}
    processes: dict[str, tuple[subprocess.Popen, object]] = {}
    try:
        for lang in ordered:
            config = config_file(engine, config_dir, lang)
            log = tempfile.TemporaryFile(mode="w+", encoding="utf-8")
            command = engine.command(config, out[lang])
            process = subprocess.Popen(
                command, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=config.parent
            )
            processes[lang] = (process, log)
        results = {}
        for lang, (process, log) in processes.items():
            process.wait()
            log.seek(0)
            results[lang] = subprocess.CompletedProcess(process.args, process.returncode, log.read(), "")
        failed = [r for r in results.values() if r.returncode != 0]
        if failed:
            output.discard(fresh)
            output.discard(parts)
            return failed[0], fresh
        for lang in ordered:
            made = built_site(engine, config_dir, lang)
            if made is not None:
                out[lang].parent.mkdir(parents=True, exist_ok=True)
                _move(made, out[lang])
        for lang in ordered:
            if language_root(lang):
                out[lang].rename(fresh / language_root(lang).rstrip("/"))
    except BaseException:
        for process, _ in processes.values():
            process.kill()
            process.wait()
        output.discard(fresh)
        output.discard(parts)
        raise
    finally:
        for _, log in processes.values():
            log.close()
        discard(engine, config_dir)
    output.discard(parts)
    output.stamp(fresh)
    return results[ordered[0]], fresh


def _move(source: Path, target: Path) -> None:
    """`source` renamed to `target` (copied, then removed, across file systems)."""
    try:
        os.rename(source, target)
    except OSError:
        shutil.move(source, target)
