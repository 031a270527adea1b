"""What the MkDocs step keeps between the builds of one process (`rulesite
serve`; `memory.BuildMemory.engine`)."""

from __future__ import annotations

from .built_from import write_states
from .rebuild import RebuildProcess


class EngineMemory:
    """Keeps:

    - `rebuilder`: the MkDocs rebuild process (`rebuild.RebuildProcess`):
      MkDocs, Material and the Markdown extensions imported once, the theme's
      templates compiled once, English's config, files and navigation
      gathered ahead between builds (used only when gathered from the very
      docs and config files the next build has);
    - `states`: what the published site's languages were built from
      (`engine.built_from.remember`), read from memory by the next build
      (`published_keys`) and written to its file once, by `close`.

    Invalidated by: another fingerprint of a language's inputs
    (`built_from.language_keys`), another published generation. `forget`
    drops the states (their files, left as they were, name an older
    generation than the published one: nothing reuses them wrongly) and
    keeps the process: a loaded MkDocs, whose gathered files are used only
    for the very docs they were gathered from.

    Not here: the package's own asset files by their listing
    (`WriteMemory.package_files`, with what else `built_from.language_keys`
    keeps); `built_from._version`, the installed packages' versions, once a
    process."""

    def __init__(self, start: bool = False) -> None:
        """`start`: the MkDocs process starts now (it imports MkDocs meanwhile), else at the first rebuild."""
        self.rebuilder = RebuildProcess(now=start)
        self.states: dict = {}  # state file -> what the published languages were built from

    def forget(self) -> None:
        self.states = {}

    def close(self) -> None:
        self.rebuilder.close()
        write_states(self.states)
