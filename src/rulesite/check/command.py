"""`rulesite check SITE_DIR`: the output check of a built site on its own (no
model, so no entry counts): internal links and anchors, link words, nothing
loaded from the network, no script that is not ours.

`check_site` and `check_offline` run the link or the offline half alone and
return the problems as `page.html:LINE: error[code]: message` lines."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..common.diagnostics import Diagnostics
from .run import CheckRequest, check_folder, check_built_site, sorted_problems

# The code that says the folder is no site at all (the command exits with 2).
_NOT_A_SITE = "not-a-site"


def check_site(site_dir: Path) -> list[str]:
    """Problems with internal links and anchors of the built site in `site_dir`."""
    return check_folder(Path(site_dir), offline=False)


def check_offline(site_dir: Path) -> list[str]:
    """Problems that would make the built site in `site_dir` use the network."""
    return check_folder(Path(site_dir), links=False)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="rulesite check",
        description="Check a built site: internal links and anchors, and that it loads nothing from the network.",
    )
    parser.add_argument("site_dir", type=Path, help="the folder MkDocs built (site/)")
    parser.add_argument("--links-only", action="store_true", help="skip the offline check")
    args = parser.parse_args(argv)

    everything = not args.links_only
    diag = Diagnostics()
    check_built_site(CheckRequest(args.site_dir, offline=everything, scripts=everything), diag)
    problems = sorted_problems(diag.items)
    if any(d.code == _NOT_A_SITE for d in problems):
        for d in problems:
            print(f"rulesite check: {d.message}", file=sys.stderr)
        return 2
    for problem in problems:
        print(problem)
    n = len(problems)
    print(f"rulesite check: {n} problem{'s' if n != 1 else ''}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
