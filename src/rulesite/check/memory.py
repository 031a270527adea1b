"""What the output check keeps between the builds of one process (`rulesite
serve`; `memory.BuildMemory.check`)."""

from __future__ import annotations

from .run import HeldFindings


class CheckMemory:
    """Keeps:

    - `findings`: what the output check found of each file, in memory
      (`check.run.HeldFindings`), written to its file once, by `close`; the
      findings that need other pages, page by page (`check.run.CrossPages`);
      the site's list of files with the links resolved against it; each
      section's expected entries and each edition's counts, by the identity
      of the section or edition (and its pages' entries) they were made of;
    - `precache`: the size and hash of each file the service workers list, by
      the file's identity (`check.offline_app.check_precache`).

    Invalidated by: a file whose identity (inode, size, time) is another, a
    section or edition that is another object. `forget` drops them (their
    file, left as it was, names an older generation than the published one:
    nothing reuses it wrongly)."""

    def __init__(self) -> None:
        self.findings = HeldFindings()
        self.precache: dict = {}

    def forget(self) -> None:
        self.findings = HeldFindings()
        self.precache = {}

    def close(self) -> None:
        self.findings.save()
