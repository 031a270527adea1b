"""`rulesite serve` tells its open tabs as soon as a build has published the
new site, not once the build has also saved what the next build reuses: the
tab reloads, and shows the new page, while that build is still running. Its
build here is one that writes the page as a build does (a new file put in its
place), publishes, and then keeps working for seconds."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from rulesite.bench.serve import ServeProcess

pytestmark = pytest.mark.browser

KEEPING_S = 20  # the build's work after it published: far longer than a tab's reload

SCRIPT = """
import os, sys, time
from pathlib import Path
from rulesite.sequence import Settings
from rulesite.serve.command import serve

root, keeping_s = Path(sys.argv[1]), float(sys.argv[2])
settings = Settings.of(root / "rules_src", root / "build" / "docs", root / "site", config=root / "mkdocs.yml")
builds = 0

def build(settings, diag, memory=None, published=None):
    global builds
    builds += 1
    settings.site_dir.mkdir(parents=True, exist_ok=True)
    words = (settings.sources_dir / "rulings.txt").read_text(encoding="utf-8")
    new = settings.site_dir / "new.html"
    new.write_text(f"<html><head></head><body><p>{words}</p></body></html>", encoding="utf-8")
    os.replace(new, settings.site_dir / "index.html")
    published()
    if builds > 1:
        time.sleep(keeping_s)
    return 0

sys.exit(serve(settings, 0, False, build, 130))
"""


def test_a_tab_reloads_with_the_new_page_before_its_build_has_ended(tmp_path: Path, open_context):
    (tmp_path / "rules_src").mkdir()
    ruling = tmp_path / "rules_src" / "rulings.txt"
    ruling.write_text("You cannot choose.", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text("site_name: t\n", encoding="utf-8")
    server = ServeProcess(tmp_path, tmp_path, command=[sys.executable, "-c", SCRIPT, str(tmp_path), str(KEEPING_S)])
    try:
        url = server.wait_for("serving  http", timeout=60).split()[1]
        page = open_context(url.rstrip("/")).new_page()
        page.goto(url)
        assert page.inner_text("p") == "You cannot choose."
        ruling.write_text("You can never choose.", encoding="utf-8")
        server.wait_for("changed ", timeout=30)
        page.wait_for_function("() => document.body?.innerText.includes('You can never choose.')", timeout=KEEPING_S * 1000 / 2)
        assert server.started == 2 and server.ended == 1, "the tab was told only once the build had ended"
        server.build_ended(timeout=KEEPING_S * 2)
    finally:
        assert server.stop() == 0, "".join(server.errors)[-3000:]
