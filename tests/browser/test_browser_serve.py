"""`rulesite serve` as a maintainer uses it: on a copy of the seeds, with a
browser open on its pages. A saved ruling reloads the tab that shows it (and
only that one) with the new words; a broken reference shows the problem with
its file and line over the page while the last good site stays served, and
fixing it clears that; the served files are a clean build's, byte for byte
(but for the one script the server adds); Ctrl-C stops it cleanly, and nothing
is written outside the output folders."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from build.buildproc import REPO, change_a_ruling, project

from rulesite.bench.serve import ServeProcess

pytestmark = pytest.mark.browser

RULING_PAGE = "riftbound/rulings/all-combat-damage-must-be-assigned.html"
WALK = "rules_src/walkthroughs/primordial-roar-frigid-touch.yml"
ADDED = re.compile(rb'<script src="/__serve/reload\.js\?build=\d+" defer></script>')
OUTPUTS = ("build", "site", ".site.")  # what the build writes in the project folder: its folders, the site's generations and lock
WAIT_S = 240  # any one build of the seeds, on a busy machine


def start_serve(root: Path, *extra: str) -> ServeProcess:
    return ServeProcess(root, REPO / "mkdocs.yml", *extra)


def fetch(url: str) -> bytes:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.read()
    except urllib.error.HTTPError as error:
        raise AssertionError(f"{url}: {error.code}") from None


def files_of(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


def project_files(root: Path) -> dict[str, bytes]:
    """Every file of the project folder but the output folders."""
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in root.rglob("*")
        if p.is_file() and not p.relative_to(root).parts[0].startswith(OUTPUTS)
    }


def assert_served_is_clean_build(root: Path, origin: str, base: str = "/", *extra: str) -> None:
    """A clean build of the sources as they are now, into folders of its own,
    equals what the server serves, file by file (its pages without the added
    script; each service worker is answered by one that removes itself, by design)."""
    clean = root / "build" / "clean"
    command = [sys.executable, "-m", "rulesite", "build", "--config", str(REPO / "mkdocs.yml"), *extra]
    command += ["--docs-dir", str(clean / "docs"), "--site-dir", str(clean / "site")]
    result = subprocess.run(
        command, cwd=root, capture_output=True, text=True, timeout=WAIT_S, env=dict(os.environ, NO_MKDOCS_2_WARNING="1")
    )
    assert result.returncode == 0, result.stderr[-3000:]
    site = clean / "site"
    assert files_of(root / "site") == files_of(site)
    for rel in sorted(files_of(site)):
        if rel.endswith("sw.js"):
            continue
        served = fetch(f"{origin}{base}{rel}")
        if rel.endswith(".html"):
            assert len(ADDED.findall(served)) == 1, rel
            served = ADDED.sub(b"", served)
        assert served == (site / rel).read_bytes(), f"{rel} served differs from a clean build's"
    shutil.rmtree(clean)


def text_of(page) -> str:
    return re.sub(r"\s+", " ", page.inner_text("article"))


def test_serve_reloads_the_changed_page_and_shows_problems_over_it(tmp_path, open_context):
    root = project(tmp_path / "project")
    before = project_files(root)
    server = start_serve(root)
    try:
        origin = server.wait_for("serving ", WAIT_S).split()[1].rstrip("/")
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+", origin)
        context = open_context(origin)
        ruling = context.new_page()
        ruling.goto(f"{origin}/{RULING_PAGE}")
        assert "You cannot choose to deal less damage" in text_of(ruling)
        other = context.new_page()
        other.goto(f"{origin}/about.html")
        other.evaluate("window.notReloaded = true")
        # The site's service worker is answered by one that unregisters itself: no page comes from an earlier build.
        assert b"unregister()" in fetch(f"{origin}/sw.js")
        assert b"unregister()" not in (root / "site" / "sw.js").read_bytes()
        ruling.wait_for_function("() => navigator.serviceWorker.getRegistrations().then(r => r.length === 0)", timeout=20_000)

        change_a_ruling(root)
        ruling.wait_for_function(
            "() => document.body?.innerText.includes('You can never choose to deal less damage')", timeout=WAIT_S * 1000
        )
        server.wait_for("built ", WAIT_S)
        assert other.evaluate("window.notReloaded === true"), "a page the change did not touch was reloaded"
        assert_served_is_clean_build(root, origin)

        # A walkthrough that cites a rule the sources lack: the build fails, the last good site stays.
        walk = root / WALK
        good = walk.read_text(encoding="utf-8")
        line = good.split("\n").index('      - rule: "832.1.d"') + 1
        walk.write_text(good.replace('      - rule: "832.1.d"', '      - rule: "832.9.z"', 1), encoding="utf-8")
        server.wait_for("serving  the last good site", WAIT_S)
        for page in (ruling, other):
            overlay = page.locator(".rulesite-serve-overlay")
            overlay.wait_for(timeout=30_000)
            assert f"{WALK}:{line}" in overlay.locator(".rulesite-serve-where").all_inner_texts(), overlay.inner_text()
            assert f"{WALK}:{line} error[walkthrough-rule]: " in overlay.inner_text()
        assert any(re.match(rf"{re.escape(WALK)}:{line}: error\[[a-z-]+\]: ", e) for e in server.errors), server.errors
        assert "You can never choose to deal less damage" in text_of(ruling)
        assert other.evaluate("window.notReloaded === true")
        # A page opened while the build is broken shows the problems too.
        late = context.new_page()
        late.goto(f"{origin}/index.html")
        late.locator(".rulesite-serve-overlay").wait_for(timeout=30_000)

        walk.write_text(good, encoding="utf-8")
        server.wait_for("built ", WAIT_S)
        for page in (ruling, other, late):
            page.locator(".rulesite-serve-overlay").wait_for(state="detached", timeout=30_000)
        assert other.evaluate("window.notReloaded === true")
        assert_served_is_clean_build(root, origin)
        context.close()
    finally:
        status = server.stop()
    assert status == 0, "".join(server.errors)[-3000:]
    assert "Traceback" not in "".join(server.errors)
    after = project_files(root)
    assert after.keys() == before.keys(), "files written outside the output folders"
    changed = {path for path in after if after[path] != before[path]}
    assert changed == {"rules_src/riftbound/community-rulings.txt"}
    generations = [p.name for p in root.iterdir() if p.name.startswith(".site.") and p.name != ".site.lock"]
    assert generations == [], "a build's scratch folder was left behind"
    assert (root / "site").is_dir() and not (root / "site").is_symlink()


SPANISH = "rules_src/magic/701.20-mostrar.es.web-page.txt"
SPANISH_PAGE = "es/magic/comprehensive-rules/701.20.html"
SPANISH_WORDS = "Una carta que está mostrada actualmente puede mostrarse de nuevo."


def test_serve_from_a_sub_path_rebuilds_once_per_burst_and_never_for_a_save_without_change(tmp_path, open_context):
    root = project(tmp_path / "project")
    address = "https://rules.example.org/preview/"
    server = start_serve(root, "--site-url", address)
    try:
        url = server.wait_for("serving ", WAIT_S).split()[1]
        origin, base = re.fullmatch(r"(http://127\.0\.0\.1:\d+)(/preview/)", url).groups()
        with urllib.request.urlopen(origin + "/", timeout=30) as response:
            assert response.geturl() == url  # the server's root sends to the site's
        context = open_context(origin)
        spanish = context.new_page()
        spanish.goto(url + SPANISH_PAGE)
        assert SPANISH_WORDS in text_of(spanish)
        other = context.new_page()
        other.goto(url + RULING_PAGE)
        other.evaluate("window.notReloaded = true")

        # Saved as they were: no build.
        source = root / SPANISH
        text = source.read_text(encoding="utf-8")
        source.write_text(text, encoding="utf-8")
        (root / "docs" / "about.md").write_bytes((root / "docs" / "about.md").read_bytes())
        time.sleep(2)
        # Three saves: the first starts a build, the two made during it give one more.
        source.write_text(text.replace("puede mostrarse de nuevo", "puede mostrarse otra vez"), encoding="utf-8")
        assert server.wait_for("changed ", WAIT_S).split(None, 1)[1].strip() == SPANISH
        for words in ("puede volver a mostrarse", "puede volver a ser mostrada"):
            time.sleep(0.05)
            source.write_text(text.replace("puede mostrarse de nuevo", words), encoding="utf-8")
        server.wait_for("built ", WAIT_S)
        assert server.wait_for("changed ", WAIT_S).split(None, 1)[1].strip() == SPANISH
        server.wait_for("built ", WAIT_S)
        spanish.wait_for_function(
            "() => document.body?.innerText.includes('Una carta que está mostrada actualmente puede volver a ser mostrada.')",
            timeout=60_000,
        )
        assert other.evaluate("window.notReloaded === true"), "a page the change did not touch was reloaded"
        time.sleep(2)
        assert not [line for line in server.said if line.startswith("changed ")][2:], "a third build"
        assert_served_is_clean_build(root, origin, base, "--site-url", address)
        context.close()
    finally:
        status = server.stop()
    assert status == 0, "".join(server.errors)[-3000:]
