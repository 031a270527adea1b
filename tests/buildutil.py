"""Running the real build from a test, on a copy of the sources."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def run_build(repo_root: Path, root: Path, *extra: str, site_dir: Path | None = None) -> subprocess.CompletedProcess:
    """`rulesite build` on root/rules_src, into root/docs and root/site (or
    site_dir), run from root so that messages name the sources as rules_src/...
    With `--no-site` in extra, nothing is given as the site folder."""
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "rulesite",
            "build",
            "--config",
            str(repo_root / "mkdocs.yml"),
            "--pages-dir",
            str(repo_root / "docs"),
            "--sources-dir",
            str(root / "rules_src"),
            "--docs-dir",
            str(root / "docs"),
            *([] if "--no-site" in extra else ["--site-dir", str(site_dir or root / "site")]),
            *extra,
        ],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=1200,
    )


def project_settings(repo_root: Path, root: Path, **rest):
    """The Settings `rulesite build` takes in the project folder `root` (its
    rules_src/, build/docs/ and site/), with the repository's config and pages."""
    from rulesite.sequence import Settings

    return Settings.of(
        root / "rules_src",
        root / "build" / "docs",
        root / "site",
        config=repo_root / "mkdocs.yml",
        pages_dir=repo_root / "docs",
        **rest,
    )
