"""Builds one of the suite's shared sites ahead of the tests that read it
(conftest.pytest_sessionstart): `python tests/build_shared_site.py ROOT NAME
ARG...` makes the folder of (NAME, ARG...) in the run's shared folder ROOT as
`shared_sites.once` does (`rulesite build ARG...`, conftest.site_maker),
printing "locked" once it holds that folder's lock, so that a test asking for
the site waits for this build instead of starting its own."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from conftest import site_maker  # noqa: E402
from shared_sites import once_in  # noqa: E402


def main(argv: list[str]) -> int:
    root, name, *extra = argv
    once_in(Path(root), name, extra, site_maker(*extra), locked=lambda: print("locked", flush=True))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
