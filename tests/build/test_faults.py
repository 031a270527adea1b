"""Faults: one build at a time per output folder, the site replaced in one step,
Ctrl-C and kill leave the previous site whole and no traceback.

Each test runs the real `rulesite build` on a copy of the seeds as a process
and interrupts, kills or races it while MkDocs is writing the new site."""

from __future__ import annotations

import fcntl
import re
import os
import signal
import threading

from buildproc import building_site, change_a_ruling, leftovers, project, run, start, tree, wait_for


def _whole(site) -> bool:
    """A complete built site: its home page whole, and MkDocs' last file written."""
    try:
        home = (site / "index.html").read_text(encoding="utf-8")
    except OSError:
        return False
    return (
        home.rstrip().endswith("</html>") and (site / "404.html").is_file() and (site / "riftbound/core-rules/832.html").is_file()
    )


def test_site_is_always_whole_while_a_build_replaces_it(tmp_path):
    root = project(tmp_path / "p")
    first = run(root)
    assert first.returncode == 0, first.stderr[-3000:]
    site = root / "site"
    assert site.is_dir() and not site.is_symlink() and _whole(site)  # a real folder, as people ship it
    before = tree(site)
    change_a_ruling(root)

    seen, broken, stop = [], [], threading.Event()

    def watch() -> None:
        while not stop.is_set():
            ok = _whole(site)
            seen.append(ok)
            if not ok:
                broken.append(len(seen))

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        second = run(root)
    finally:
        stop.set()
        watcher.join()
    assert second.returncode == 0, second.stderr[-3000:]
    assert len(seen) > 100, "the watcher hardly looked"
    assert broken == [], f"site/ was not a whole site at {len(broken)} of {len(seen)} looks"
    assert tree(site) != before, "the new site was not published"
    assert leftovers(site) == [] and leftovers(root / "build/docs") == []


def test_a_second_build_of_the_same_folder_says_so_and_stops(tmp_path):
    root = project(tmp_path / "p")
    first = start(root)
    lock = root / ".site.lock"

    def held() -> bool:
        if not lock.exists():
            return False
        with open(lock, "a+b") as handle:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                return True
            fcntl.flock(handle, fcntl.LOCK_UN)
            return False

    wait_for(held, what="the first build to take its lock")
    second = run(root)
    assert second.returncode == 75
    assert "another build is writing" in second.stderr and "Traceback" not in second.stderr
    stdout, stderr = first.communicate(timeout=1200)
    assert first.returncode == 0, stderr[-3000:]
    assert _whole(root / "site")


def test_builds_of_different_folders_run_at_once(tmp_path):
    """Two builds side by side, each with its own output folders in one parent:
    no shared temporary folder, both sites whole."""
    root = project(tmp_path / "p")
    one, two = start(root, "a-"), start(root, "b-")
    results = [(p, *p.communicate(timeout=1200)) for p in (one, two)]
    for process, _, stderr in results:
        assert process.returncode == 0, stderr[-3000:]
        assert "Traceback" not in stderr
    assert _whole(root / "a-site") and _whole(root / "b-site")
    assert tree(root / "a-site") == tree(root / "b-site")


def test_ctrl_c_leaves_site_unchanged_and_cleans_up(tmp_path):
    root = project(tmp_path / "p")
    assert run(root).returncode == 0
    site = root / "site"
    folder, before = os.stat(site).st_ino, tree(site)
    change_a_ruling(root)
    build = start(root)
    wait_for(lambda: building_site(site), what="MkDocs to start writing")
    build.send_signal(signal.SIGINT)
    stdout, stderr = build.communicate(timeout=600)
    assert build.returncode == 130, stderr[-3000:]
    assert "interrupted; site/ unchanged" in stderr
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr
    assert os.stat(site).st_ino == folder and tree(site) == before  # the very folder, as it was
    assert leftovers(site) == []  # its new generation and scratch folders are gone
    assert leftovers(root / "build/docs") == []


def test_a_killed_build_leaves_the_site_whole_and_the_next_build_cleans_up(tmp_path):
    root = project(tmp_path / "p")
    assert run(root).returncode == 0
    site = root / "site"
    folder, before = os.stat(site).st_ino, tree(site)
    change_a_ruling(root)
    build = start(root)
    wait_for(lambda: building_site(site), what="MkDocs to start writing")
    os.killpg(build.pid, signal.SIGKILL)  # the build and its MkDocs processes, mid-write
    build.communicate(timeout=600)
    assert os.stat(site).st_ino == folder and tree(site) == before and _whole(site)
    assert leftovers(site), "nothing was left behind: the kill came too late to mean anything"
    again = run(root)
    assert again.returncode == 0, again.stderr[-3000:]
    assert _whole(site) and tree(site) != before
    assert leftovers(site) == [] and leftovers(root / "build/docs") == []


def test_a_build_failing_the_output_check_is_kept_where_its_errors_point(tmp_path):
    """The output check's errors name pages of the failed build, kept beside the
    site (`site.failed/`, never published): each printed path opens, at a line
    showing the fault; the next failed build replaces it, a published one removes it."""
    root = project(tmp_path / "p")
    assert run(root).returncode == 0
    site, failed = root / "site", root / "site.failed"
    before = tree(site)
    about = root / "docs/about.md"
    written = about.read_text(encoding="utf-8")

    def fail_with(target: str) -> list[tuple[str, int]]:
        # Raw HTML MkDocs does not read: only the output check finds the link lands nowhere.
        about.write_text(written + f'\n<a href="riftbound/rulings/{target}.html">gone</a>\n', encoding="utf-8")
        result = run(root)
        out = result.stdout + result.stderr
        assert result.returncode == 1 and "Traceback" not in out, out[-3000:]
        assert "the failed build is kept in site.failed/" in out, out[-3000:]
        found = [(m[1], int(m[2])) for m in re.finditer(r"^(\S+):(\d+): error\[broken-link\]: .*" + target, out, re.M)]
        assert found, out[-3000:]
        for path, line in found:
            assert path.startswith("site.failed/"), path  # relative to where the build ran, as typed
            page = (root / path).read_text(encoding="utf-8").split("\n")
            assert target in page[line - 1], (path, line)  # the printed line shows the fault
        assert tree(site) == before  # never published
        assert leftovers(site) == [] and not (root / ".site.failed").exists()
        return found

    first = fail_with("no-such-ruling")
    assert {path for path, _ in first} >= {"site.failed/about.html"}
    second = fail_with("another-missing-ruling")
    assert "no-such-ruling" not in (failed / "about.html").read_text(encoding="utf-8")  # replaced whole
    assert second

    about.write_text(written, encoding="utf-8")
    again = run(root)
    assert again.returncode == 0, again.stderr[-3000:]
    assert not failed.exists()  # mended: nothing stale to open
