"""What one process that builds again and again keeps of the output folders
between its builds (`memory.BuildMemory.files`)."""

from __future__ import annotations

import threading
from pathlib import Path

from . import output


class FilesMemory:
    """Keeps, beside `build/docs` and `site`, the generation the last build
    replaced made a copy of the published one (`docs`, `site`:
    `output.Spare`, hard links made in a thread of its own): the next build
    takes it as its new generation and writes only the files that differ.
    Also removes, beside the next stages, the docs generation a build
    replaced when none is kept (`discard_later`). Invalidated by: another
    generation published meanwhile, a failed copy (`Spare` then discards
    it). `forget` drops both copies: the next build writes every file. The
    copies lie beside their folder (`.docs.<id>.spare`, `.site.<id>.spare`)
    until `close`; when the process is killed, the next build removes them.

    Not here, on purpose (`tests/test_memory.py`): `workers._held`, what a
    forked render worker holds for its parent until write writes it (per
    worker process), and `workers._jobs`, `_alone`, the jobs of one run a
    forked worker inherits."""

    def __init__(self, site: bool = True) -> None:
        """`site`: a copy of the site is kept too (the process keeps MkDocs' memory)."""
        self.docs = output.Spare()
        self.site = output.Spare() if site else None
        self._discarding: threading.Thread | None = None

    def spare(self, folder: Path, docs_dir: Path, site_dir: Path) -> output.Spare | None:
        """The copy kept of `folder` (the docs or the site folder), if any."""
        if folder == docs_dir:
            return self.docs
        return self.site if folder == site_dir else None

    def discard_later(self, generation: Path) -> None:
        """Removes `generation` (one no build writes or reads any more) in a
        thread of its own; the next build waits for it (`settle`)."""
        self.settle()
        self._discarding = threading.Thread(target=output.discard, args=(generation,), daemon=True)
        self._discarding.start()

    def settle(self) -> None:
        """Waits until what `discard_later` removes is gone."""
        if self._discarding is not None:
            self._discarding.join()
            self._discarding = None

    def forget(self) -> None:
        self.docs.drop()
        if self.site is not None:
            self.site.drop()

    def close(self) -> None:
        """Removes the kept copies: no build will take them."""
        self.forget()
        self.settle()
