"""Every page a link preview reads shows a picture of what was shared
(render/og_image.py), on the seed site built for real (strict MkDocs), twice:
the second build draws nothing, taking every image from the store in the
build's own folder."""

from __future__ import annotations

import html
import os
import posixpath
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from rulesite.render.og_image import HEIGHT, WIDTH, code_digest
from rulesite.sequence import IMAGE_STORE_VARIABLE

from test_link_previews import head


def _build(repo_root: Path, base: Path) -> str:
    """What `rulesite build` printed; the images stored in its own folder, not the run's store."""
    env = {name: value for name, value in os.environ.items() if name != IMAGE_STORE_VARIABLE}
    result = subprocess.run(
        [sys.executable, "-m", "rulesite", "build", "--docs-dir", str(base / "docs"), "--site-dir", str(base / "site")],
        cwd=repo_root,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return result.stdout


def _kept(cache: Path) -> dict[str, int]:
    return {p.name: p.stat().st_mtime_ns for p in cache.iterdir()}


@pytest.fixture(scope="module")
def built(tmp_path_factory, repo_root) -> dict:
    base = tmp_path_factory.mktemp("previews")
    printed = _build(repo_root, base)
    cache = base / ".build" / "docs" / "og" / code_digest()
    first = _kept(cache)
    again = _build(repo_root, base)
    return {"site": base / "site", "first": first, "second": _kept(cache), "printed": (printed, again)}


# The not-found page of each language (section 404 of a document is "…/404.html" too).
NOT_FOUND = {"404.html", "es/404.html", "fr/404.html"}


def _pages(site: Path):
    """Every page with OpenGraph tags but the not-found pages (served at any
    address, they are nobody's link)."""
    for path in sorted(site.rglob("*.html")):
        if path.relative_to(site).as_posix() in NOT_FOUND:
            assert "og:image" not in head(path).meta
            continue
        page = head(path)
        if "og:title" in page.meta:
            yield path.relative_to(site).as_posix(), page


def _image(site: Path, rel: str, url: str) -> Path:
    return site / posixpath.normpath(posixpath.join(posixpath.dirname(rel), url))


def test_every_previewed_page_shows_an_image_of_the_declared_size(built):
    site = built["site"]
    seen = 0
    for rel, page in _pages(site):
        seen += 1
        url = page.meta.get("og:image", "")
        assert "/assets/og/" in f"/{posixpath.normpath(posixpath.join(posixpath.dirname(rel), url))}", (rel, url)
        path = _image(site, rel, url)
        assert path.is_file(), (rel, url)
        with Image.open(path) as shown:
            assert shown.format == "PNG" and shown.size == (WIDTH, HEIGHT), rel
        assert (page.meta["og:image:width"], page.meta["og:image:height"]) == (str(WIDTH), str(HEIGHT)), rel
        assert page.meta["og:image:type"] == "image/png"
        assert page.meta["twitter:card"] == "summary_large_image", rel
        assert "twitter:image" not in page.meta, rel  # X reads og:image: one address a page, not two
        assert page.meta["og:image:alt"].strip(), rel
    assert seen > 100


def test_a_shared_item_s_image_is_described_by_its_own_words(built, ctx):
    site = built["site"]
    for rel, page in _pages(site):
        if rel.startswith(("r/", "es/r/")) or re.search(r"/(core-rules|comprehensive-rules)/(v[^/]+/)?\d+\.html$", rel):
            # The item's text (its start, as the description gives it).
            assert page.meta["og:image:alt"] == page.meta["og:description"], rel
    faq = ctx.corpus.faqs[0]
    page = head(site / f"r/faq/{faq.id}.html")
    assert " ".join(faq.answer.split()).startswith(html.unescape(page.meta["og:image:alt"]).rstrip("…")[:40])


def test_different_items_have_different_images_and_equal_ones_one_file(built):
    site = built["site"]
    rules = {rel: page.meta["og:image"] for rel, page in _pages(site) if rel.startswith("r/") and rel.count("/") == 1}
    assert len(rules) > 20
    assert len(set(rules.values())) == len(rules)  # every rule and section of the seed differs
    # A section's page and its short link show the same: one file.
    section = head(site / "riftbound/core-rules/424.html").meta["og:image"]
    assert posixpath.basename(section) == posixpath.basename(rules["r/424.html"])
    files = [p for p in site.rglob("*.png") if p.parent.name == "og"]
    used = {_image(site, rel, page.meta["og:image"]) for rel, page in _pages(site)}
    assert set(files) == used  # no image that no page shows


def test_a_share_page_title_names_the_game_and_the_document(built):
    for rel, page in _pages(built["site"]):
        if rel.startswith("r/"):
            title = page.meta["og:title"]
            assert "Riftbound" in title and ("Core Rules" in title or "FAQ" in title), (rel, title)
            assert "twitter:title" not in page.meta and "twitter:description" not in page.meta  # X reads og's


def test_images_are_not_stored_for_offline_use(built):
    for worker in built["site"].rglob("sw.js"):
        assert "assets/og/" not in worker.read_text(encoding="utf-8"), worker


def _drawn(printed: str) -> tuple[int, int]:
    found = re.search(r"preview images: (\d+) drawn, (\d+) from the store", printed)
    assert found, printed
    return int(found[1]), int(found[2])


def test_a_second_build_draws_no_image(built):
    assert built["first"], "the first build kept no image"
    assert built["second"] == built["first"]  # none written again, none added
    first, again = map(_drawn, built["printed"])
    assert first[0] >= len(built["first"]) and again == (0, sum(first))  # workers may draw one twice
    assert len(built["first"]) == len({p.name for p in built["site"].rglob("*.png") if p.parent.name == "og"})


def test_the_site_check_finds_an_image_that_is_missing(built, tmp_path):
    from rulesite.check.command import check_site

    site = tmp_path / "site"
    shutil.copytree(built["site"].resolve(), site)  # the published generation, not its link
    page = head(site / "r/424.html")
    os.unlink(_image(site, "r/424.html", page.meta["og:image"]))
    problems = [str(p) for p in check_site(site)]
    assert any("r/424.html" in p and "og:image" in p for p in problems), problems[:5]
