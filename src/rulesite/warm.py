"""What `rulesite serve` keeps between its builds for the build's last steps
(`Sequence(settings, warm=Warm())`), so that a rebuild after one saved change
costs about what the change does:

- `mkdocs`: the MkDocs rebuild process (`rebuild.Worker`): MkDocs, Material and
  the Markdown extensions imported once, the theme's templates compiled once;
- `findings`: what the output check found of each file, in memory
  (`check.run.HeldFindings`), written to its file once, by `close`;
- `precache`: the size and hash of each file the service workers list, by the
  file's identity (`check.offline_app.check_precache`).

Each is only a faster way to the same result: the site and the problems found
are those `rulesite build` gives (`tests/build/test_incremental.py`)."""

from __future__ import annotations

from .check.run import HeldFindings
from .rebuild import Worker


class Warm:
    def __init__(self, start: bool = False) -> None:
        """`start`: the MkDocs process starts now (it imports MkDocs meanwhile), else at the first rebuild."""
        self.mkdocs = Worker(now=start)
        self.findings = HeldFindings()
        self.precache: dict = {}

    def close(self) -> None:
        self.mkdocs.close()
        self.findings.save()
