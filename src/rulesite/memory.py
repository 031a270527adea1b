"""What a process that builds again and again (`rulesite serve`) keeps from
one build to the next, so that a build after one change redoes only what the
change touches: one object per stage, each in its stage's folder, saying
what it keeps and what invalidates it, all reached from one `BuildMemory`
(`Sequence(..., memory=)`). `rulesite build` keeps none of it in memory.

Each is only a faster way to the same result: the site and the problems
found are those a clean build gives (`tests/build/test_warm_builds.py`,
`tests/build/test_incremental.py`), and a clean build is one call,
`forget` (`Settings.clean` makes the sequence call it before anything else,
with what earlier builds left on disk: `sequence.forget_earlier_builds`).

Caches of files checked against their identity on every use (the docs
digests tables, the package's assets, the preview images' names) are
stage memories' too: a build without serve's memory has a memory of its
own for them (`Sequence.seen`), so the code is the same either way.

Caches that stay at module level, on purpose (`tests/test_memory.py` lists
them, each with its reason, and fails on a new one): pure functions' caches
(the same answer for the same arguments, whatever was built), names set only
while one call runs to a stage memory's table, and what a forked render
worker holds for its parent (`common.workers._held`, per worker process).
Each stage memory's docstring names those of its stage."""

from __future__ import annotations

from .check.memory import CheckMemory
from .common.files_memory import FilesMemory
from .engine.memory import EngineMemory
from .read.memory import ReadMemory
from .render.memory import RenderMemory
from .resolve.memory import ResolveMemory
from .write.memory import WriteMemory


class BuildMemory:
    """Every stage's memory. `mkdocs`: MkDocs' and the check's memory are kept
    too (`engine`, `check`, the site's copy); without it they are None and
    those stages keep nothing in memory. `start`: the MkDocs process starts
    now (it imports MkDocs meanwhile), else at the first rebuild."""

    def __init__(self, mkdocs: bool = True, start: bool = False) -> None:
        self.read = ReadMemory()
        self.resolve = ResolveMemory()
        self.render = RenderMemory()
        self.write = WriteMemory()
        self.engine = EngineMemory(start=start) if mkdocs else None
        self.check = CheckMemory() if mkdocs else None
        self.files = FilesMemory(site=mkdocs)

    def stages(self) -> list:
        return [m for m in (self.read, self.resolve, self.render, self.write, self.engine, self.check, self.files) if m]

    def forget(self) -> None:
        """The next build uses nothing earlier builds left in memory (a clean
        build); what it makes is kept for the one after."""
        for memory in self.stages():
            memory.forget()

    def close(self) -> None:
        """Writes what is kept for other processes to its files (the check's
        findings, what the published languages were built from) and removes
        the kept copies of the output folders."""
        self.files.close()
        for memory in (self.engine, self.check):
            if memory is not None:
                memory.close()
