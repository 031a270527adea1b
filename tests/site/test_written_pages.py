"""The committed pages people write (docs/) appear on every language's site,
and the generated pages never go into docs/."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path


def test_every_written_page_is_on_every_site(built_site, repo_root: Path):
    written = sorted(p.stem for p in (repo_root / "docs").glob("*.md") if "." not in p.stem and p.stem != "index")
    assert {"about", "linking", "maintainers"} <= set(written)
    roots = [built_site.site] + [d for d in built_site.site.iterdir() if d.is_dir() and re.fullmatch(r"[a-z]{2}", d.name)]
    assert len(roots) >= 2  # English and Spanish at least
    for root in roots:
        home = (root / "index.html").read_text(encoding="utf-8")
        for name in written:
            page = root / f"{name}.html"
            assert page.is_file(), f"{page} is missing"
            assert f'href="{name}.html"' in home, f"{root}/index.html does not link {name}.html in its navigation"


def test_the_home_page_opens_with_the_written_introduction(built_site, repo_root: Path):
    first_words = (repo_root / "docs" / "index.md").read_text(encoding="utf-8").split("-->", 1)[1].split()[:6]
    home = (built_site.site / "index.html").read_text(encoding="utf-8")
    assert " ".join(first_words) in home
    assert "<!--" not in home.split("<article", 1)[1].split("</article>", 1)[0]  # the editors' note stays out
    spanish = (built_site.site / "es" / "index.html").read_text(encoding="utf-8")
    assert "Todas las reglas de Riftbound" in spanish


def test_generated_pages_stay_out_of_the_written_folder(repo_root: Path):
    tracked = subprocess.run(
        ["git", "ls-files", "docs"], cwd=repo_root, capture_output=True, text=True, check=True
    ).stdout.split()
    on_disk = sorted(str(p.relative_to(repo_root)) for p in (repo_root / "docs").rglob("*") if p.is_file())
    assert on_disk == sorted(tracked), "docs/ holds files that are not committed pages (a build wrote into it?)"


def test_a_translated_written_page_makes_its_language_site_without_sources_in_it(built_site, repo_root: Path):
    """The seeds hold no French source, yet docs/index.fr.md is French's home
    page introduction: the French site is built, with it (issue 41)."""
    manifest = (repo_root / "rules_src" / "manifest.yml").read_text(encoding="utf-8")
    assert "language: fr" not in manifest
    first_words = (repo_root / "docs" / "index.fr.md").read_text(encoding="utf-8").split("-->", 1)[1].split()[:6]
    french = (built_site.site / "fr" / "index.html").read_text(encoding="utf-8")
    assert " ".join(first_words) in french
    assert '<html lang="fr"' in french
