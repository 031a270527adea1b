"""Checks what the service workers of a built site store for offline use.

Each language site's `sw.js` starts with `const BUILD = {...}` (written by
render/offline_app.py before MkDocs ran). Here, on the HTML MkDocs wrote:
every precached URL is a file of the site, a file listed with the hash of its
bytes has exactly those bytes, and a language's precache stays within the
budget. Problems are returned as (worker path, message): ("es/sw.js", "...").
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from ..render.offline_app import PRECACHE_BUDGET, SERVICE_WORKER


@dataclass(frozen=True)
class Precache:
    worker: str  # the worker's path in the site ("sw.js", "es/sw.js")
    build: str
    files: int
    size: int  # bytes


def read_build(worker: Path) -> dict:
    first = worker.read_text(encoding="utf-8").split("\n", 2)
    line = next(line for line in first if line.startswith("const BUILD = "))
    return json.loads(line.removeprefix("const BUILD = ").rstrip().removesuffix(";"))


def check_precache(site_dir: Path, budget: int = PRECACHE_BUDGET) -> tuple[list[tuple[str, str]], list[Precache]]:
    """(problems, what each language's worker precaches)."""
    site_dir = site_dir.resolve()
    problems: list[tuple[str, str]] = []
    found: list[Precache] = []
    workers = sorted(p for p in [site_dir / SERVICE_WORKER, *site_dir.glob(f"*/{SERVICE_WORKER}")] if p.is_file())
    for worker in workers:
        name = worker.relative_to(site_dir).as_posix()
        try:
            build = read_build(worker)
        except (StopIteration, ValueError) as error:
            problems.append((name, f"no build line `const BUILD = {{...}};` ({error})"))
            continue
        size = 0
        for url, digest, exact in build["precache"]:
            path = (worker.parent / url).resolve()
            if site_dir not in path.parents or not path.is_file():
                problems.append((name, f"precaches {url}, which is not a file of the site"))
                continue
            data = path.read_bytes()
            size += len(data)
            if exact and hashlib.sha256(data).hexdigest()[: len(digest)] != digest:
                problems.append((name, f"{url} is listed with hash {digest}, the built file differs"))
        if size > budget:
            problems.append(
                (
                    name,
                    f"the precache is {size / 2**20:.1f} MB, over the budget of {budget / 2**20:.0f} MB: "
                    "store less on the first visit (render/offline_app.py: precache)",
                )
            )
        found.append(Precache(name, build["id"], len(build["precache"]), size))
    return problems, found
