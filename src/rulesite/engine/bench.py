"""`rulesite bench`'s clean builds of the very pages and configs its whole
build generated, by each engine (MkDocs, ProperDocs, Zensical), each with its
languages side by side, as `rulesite build` runs them, one engine after the
other in one run: the same machine's minute for all three."""

from __future__ import annotations

import shutil
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from .configs import config_file, discard
from ..common.engines import ENGINES


def engine_times(config_dir: Path, languages: list[str], work: Path, env: dict[str, str]) -> dict[str, float]:
    """engine -> seconds of its plain strict clean build of every language
    side by side (the configs each reads made beforehand, untimed). Raises
    SystemExit with the engine's output when one fails."""
    times = {}
    for name, engine in ENGINES.items():
        configs = {lang: config_file(engine, config_dir, lang) for lang in languages}
        outs = {lang: work / f"engine-{name}-{lang}" for lang in languages}

        def one(lang: str, engine=engine, configs=configs, outs=outs) -> subprocess.CompletedProcess:
            command = engine.command(configs[lang], outs[lang])
            return subprocess.run(command, env=env, cwd=configs[lang].parent, capture_output=True, text=True)

        start = time.perf_counter()
        with ThreadPoolExecutor(len(languages)) as pool:
            results = list(pool.map(one, languages))
        times[name] = round(time.perf_counter() - start, 2)
        for lang, result in zip(languages, results):
            if result.returncode != 0:
                raise SystemExit(f"{name} build of {lang} failed:\n{(result.stdout + result.stderr)[-3000:]}")
            shutil.rmtree(outs[lang], ignore_errors=True)
        discard(engine, config_dir)
    return times


def times_line(times: dict[str, float]) -> str:
    return "clean builds of the same pages by each engine, languages side by side: " + ", ".join(
        f"{name} {seconds} s" for name, seconds in times.items()
    )
