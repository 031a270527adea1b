"""The link previews' images (render/og_image.py) on the full corpora site
(fixture `corpora_site`): every page a preview reads names an image that is
there, equal drawings share one file, and the images stay within their byte
budget.

Counts come from the built site itself; the budget is a promise: the images
may add at most `BUDGET` bytes to the whole site (all languages), at most
`EACH` bytes an image. Measured when they were added: 11,800 images, some 40 MB.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

import pytest

from rulesite.render.og_image import FOLDER, HEIGHT, WIDTH

pytestmark = pytest.mark.corpora

BUDGET = 48 * 1024 * 1024  # bytes, every language's images together
EACH = 8 * 1024  # bytes, the largest image

_META = re.compile(r'<meta (?:property|name)="(og:title|og:image|og:image:width|og:image:height|twitter:card)" content="([^"]*)"')


# The not-found page of each language: served at any address, nobody's link.
# (Section 404 of a document is "…/404.html" too, and has its image.)
NOT_FOUND = {"404.html", "es/404.html", "fr/404.html"}


def _heads(site: Path):
    """(page, its tags) of every page with an og:title but the not-found pages."""
    for path in site.rglob("*.html"):
        if path.relative_to(site).as_posix() in NOT_FOUND:
            continue
        text = path.read_text(encoding="utf-8")
        found = dict(_META.findall(text[: text.find("</head>")]))
        if "og:title" in found:
            yield path.relative_to(site).as_posix(), found


@pytest.fixture(scope="module")
def previews(corpora_site) -> dict[str, dict[str, str]]:
    return dict(_heads(corpora_site.site))


@pytest.fixture(scope="module")
def images(corpora_site) -> dict[str, int]:
    site = corpora_site.site
    return {p.relative_to(site).as_posix(): p.stat().st_size for p in site.rglob("*.png") if p.parent.name == "og"}


def _target(rel: str, url: str) -> str:
    return posixpath.normpath(posixpath.join(posixpath.dirname(rel), url))


def test_every_page_a_preview_reads_names_an_image_that_is_there(previews, images):
    assert len(previews) > 15_000, len(previews)  # every page of the full site but a few
    for rel, tags in previews.items():
        target = _target(rel, tags.get("og:image", ""))
        assert target in images, (rel, tags.get("og:image"))
        assert (tags["og:image:width"], tags["og:image:height"]) == (str(WIDTH), str(HEIGHT)), rel
        assert tags["twitter:card"] == "summary_large_image", rel
    # Every image is some page's: none left from another drawing.
    assert {_target(rel, tags["og:image"]) for rel, tags in previews.items()} == set(images)


def test_equal_drawings_share_a_file(previews, images):
    # A rule's short link and its pinned link of the current edition show the same text.
    current = "1.4"
    pairs = [
        (rel, f"r/{posixpath.basename(rel)}")
        for rel in previews
        if rel.startswith(f"r/{current}/") and f"r/{posixpath.basename(rel)}" in previews
    ]
    assert len(pairs) > 1000, len(pairs)
    for pinned, plain in pairs:
        assert posixpath.basename(previews[pinned]["og:image"]) == posixpath.basename(previews[plain]["og:image"]), pinned
    assert len(images) < len(previews)


def test_images_stay_within_their_byte_budget(images):
    total = sum(images.values())
    print(f"{len(images)} images, {total:,} bytes, {max(images.values()):,} the largest")
    assert all(path.split("/assets/og/")[0] in ("es", "fr") or path.startswith(FOLDER) for path in images)
    assert total <= BUDGET, total
    assert max(images.values()) <= EACH, max(images.items(), key=lambda kv: kv[1])
