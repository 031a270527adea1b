"""Running `rulesite build` on a copy of the seeds as a process the test can
interrupt, kill or race, and reading what it left behind."""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def project(root: Path) -> Path:
    """A folder holding a copy of the seeds (rules_src/) and the written pages (docs/)."""
    root.mkdir(parents=True, exist_ok=True)
    shutil.copytree(REPO / "rules_src", root / "rules_src")
    shutil.copytree(REPO / "docs", root / "docs")
    return root


def change_a_ruling(root: Path) -> None:
    """An edit a maintainer makes: one ruling's answer reworded."""
    path = root / "rules_src/riftbound/community-rulings.txt"
    text = path.read_text(encoding="utf-8")
    changed = text.replace("You cannot choose to deal less damage", "You can never choose to deal less damage", 1)
    assert changed != text
    path.write_text(changed, encoding="utf-8")


def command(out: str = "", *extra: str) -> list[str]:
    """`rulesite build` run from the project folder, output folders relative to it
    (so that messages name them as a user typed them)."""
    return [
        sys.executable,
        "-m",
        "rulesite",
        "build",
        "--config",
        str(REPO / "mkdocs.yml"),
        "--sources-dir",
        "rules_src",
        "--pages-dir",
        "docs",
        "--docs-dir",
        f"{out}build/docs",
        "--site-dir",
        f"{out}site",
        *extra,
    ]


def start(root: Path, out: str = "", *extra: str) -> subprocess.Popen:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    return subprocess.Popen(
        command(out, *extra),
        cwd=root,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=_ctrl_c_as_at_a_terminal,
    )


def _ctrl_c_as_at_a_terminal() -> None:
    """The build takes Ctrl-C as it does when typed at a terminal, even where
    the tests run with SIGINT ignored (a shell's background job)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def run(root: Path, out: str = "", *extra: str) -> subprocess.CompletedProcess:
    process = start(root, out, *extra)
    stdout, stderr = process.communicate(timeout=1200)
    return subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)


def wait_for(condition, timeout: float = 600, what: str = "the build to get there") -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


def building_site(folder: Path) -> bool:
    """True once a build is writing a new generation of `folder` (MkDocs has started)."""
    return any(not p.name.endswith(".lock") for p in folder.parent.glob(f".{folder.name}.*"))


def tree(folder: Path) -> dict[str, str]:
    """relative path -> sha256 of every file under `folder`."""
    folder = folder.resolve()
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def linked_copy(folder: Path, into: Path) -> Path:
    """The files of `folder` kept alive under `into` (the same files: hard links,
    whatever a build later moves or unlinks), so what happens to them after the
    site moves on can be seen."""
    folder = folder.resolve()
    for path in folder.rglob("*"):
        if path.is_file():
            target = into / path.relative_to(folder)
            target.parent.mkdir(parents=True, exist_ok=True)
            os.link(path, target)
    return into


def leftovers(folder: Path) -> list[str]:
    """What lies beside `folder` besides its lock (and, for the docs folder, the generation it links to)."""
    current = os.readlink(folder) if folder.is_symlink() else None
    return sorted(p.name for p in folder.parent.glob(f".{folder.name}.*") if p.name not in (current, f".{folder.name}.lock"))
