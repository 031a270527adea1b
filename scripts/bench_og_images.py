"""The link previews' images (render/og_image.py) of real pages, drawn by this
tree's code and by another revision's, alternated in one process: the time an
image takes each, and whether every image's name and bytes are the same.

    .venv/bin/python scripts/bench_og_images.py --corpora ../shared/corpora --against main [--count 2000] [--profile]

The previews are those a render of the site draws or names (read, resolve and
render in this process, the drawing itself skipped), shuffled the same way
every run. Each preview is named (`image_path`) then drawn (`image`, no cache
folder), as the render's callers do; each revision keeps its own glyph and
layout caches, and both draw 500 previews first (a fifth of them, when fewer).
Times are processor time (the machine may be shared), in batches of 200,
alternating which revision goes first. `--profile` prints where this tree's
drawing spends its time. Exits 1 when an image differs.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import subprocess
import sys
import tempfile
import time
import types
from pathlib import Path

from rulesite import sequence
from rulesite.render import og_image
from rulesite.render.site import render_site

ROOT = Path(__file__).resolve().parent.parent
BATCH = 200
WARM = 500


def real_previews(corpora: Path | None) -> list[og_image.Preview]:
    """Every distinct preview a render of the site draws or names, in the order first met."""
    seen: dict[og_image.Preview, None] = {}
    drawn, named = og_image.image, og_image.image_path

    def image(preview, cache="", names=None):
        seen[preview] = None
        return og_image.Drawn(named(preview), b"")

    def image_path(preview):
        seen[preview] = None
        return named(preview)

    with tempfile.TemporaryDirectory() as folder:
        settings = sequence.Settings.of(ROOT / "rules_src", Path(folder) / "docs", Path(folder) / "site", corpora=corpora)
        build = sequence.Sequence(settings)
        ctx = build.resolve(build.read()).ctx
        og_image.image, og_image.image_path = image, image_path
        try:
            render_site(ctx, jobs=1, published=sequence.published_data(ctx))
        finally:
            og_image.image, og_image.image_path = drawn, named
    return list(seen)


def other_revision(revision: str) -> types.ModuleType:
    """render/og_image.py as it is at `revision`, imported beside this tree's."""
    source = subprocess.run(
        ["git", "-C", str(ROOT), "show", f"{revision}:src/rulesite/render/og_image.py"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    module = types.ModuleType("rulesite.render._og_image_then")
    module.__package__ = "rulesite.render"
    sys.modules[module.__name__] = module  # dataclasses look their module up
    exec(compile(source, f"{revision}:og_image.py", "exec"), module.__dict__)
    return module


def draw_all(module: types.ModuleType, previews: list) -> tuple[float, list]:
    """Processor time to name and draw each preview with `module`, and what it made."""
    made = []
    started = time.process_time()
    for preview in previews:
        preview = module.Preview(preview.title, preview.source, preview.text, preview.site)
        path = module.image_path(preview)
        drawn = module.image(preview)
        made.append((path, drawn.path, drawn.data))
    return time.process_time() - started, made


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpora", type=Path, help="the corpora folder (else the seed site's previews)")
    parser.add_argument("--against", default="HEAD", help="the revision to compare with (default HEAD)")
    parser.add_argument("--count", type=int, default=2000, help="previews timed (default 2000)")
    parser.add_argument("--profile", action="store_true", help="profile this tree's drawing of them")
    args = parser.parse_args()
    previews = real_previews(args.corpora)
    random.Random(1).shuffle(previews)
    first = min(WARM, len(previews) // 5)  # the seed site has a few dozen
    warm, timed = previews[:first], previews[first : first + args.count]
    then = other_revision(args.against)
    revisions = {"this tree": og_image, args.against: then}
    for module in revisions.values():
        draw_all(module, warm)
    spent = dict.fromkeys(revisions, 0.0)
    differ = 0
    for start in range(0, len(timed), BATCH):
        batch = timed[start : start + BATCH]
        order = list(revisions) if (start // BATCH) % 2 == 0 else list(reversed(revisions))
        made = {}
        for name in order:
            seconds, made[name] = draw_all(revisions[name], batch)
            spent[name] += seconds
        differ += sum(a != b for a, b in zip(*made.values()))
    print(f"{len(previews)} distinct previews; {len(timed)} timed")
    for name, seconds in spent.items():
        print(f"{name}: {1000 * seconds / max(1, len(timed)):.3f} ms an image (named, then drawn)")
    print(f"images whose name or bytes differ: {differ}")
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(draw_all, og_image, previews[: first + args.count])
        pstats.Stats(profile).sort_stats("tottime").print_stats(20)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
