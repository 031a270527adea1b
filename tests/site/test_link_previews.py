"""A pasted link previews what it names: read as a chat app's unfurler reads a
page (the HTML alone, no JavaScript), on the seed site built with a site_url.

Also: canonical links, the sitemap and robots.txt use that address; short
pages forward at once; unknown addresses get a helpful not-found page.
"""

from __future__ import annotations

import html
import re
import subprocess
import sys
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import pytest

from rulesite.common.model import SectionKey

SITE_URL = "https://rules.example.org/"


class _Head(HTMLParser):
    """The <meta>, <link> and <script> tags of a page, as an unfurler sees them."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.meta: dict[str, str] = {}
        self.links: dict[str, str] = {}
        self.scripts: list[str] = []
        self.refresh_outside_noscript = False
        self._noscript = 0
        self._script = False

    def handle_starttag(self, tag, attrs):
        a = {k: v or "" for k, v in attrs}
        if tag == "noscript":
            self._noscript += 1
        elif tag == "meta":
            key = a.get("property") or a.get("name") or a.get("http-equiv", "").lower()
            if key:
                self.meta.setdefault(key, a.get("content", ""))
            if a.get("http-equiv", "").lower() == "refresh" and not self._noscript:
                self.refresh_outside_noscript = True
        elif tag == "link":
            for rel in a.get("rel", "").split():
                self.links.setdefault(rel, a.get("href", ""))
        elif tag == "script":
            self._script = True
            self.scripts.append(a.get("src", ""))

    def handle_endtag(self, tag):
        if tag == "noscript":
            self._noscript -= 1
        if tag == "script":
            self._script = False

    def handle_data(self, data):
        if self._script and data.strip():
            self.scripts[-1] += data


def head(path: Path) -> _Head:
    parser = _Head()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


@pytest.fixture(scope="module")
def site(tmp_path_factory, repo_root) -> Path:
    base = tmp_path_factory.mktemp("site-url")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "rulesite",
            "build",
            "--site-url",
            SITE_URL,
            "--docs-dir",
            str(base / "docs"),
            "--site-dir",
            str(base / "site"),
        ],
        cwd=repo_root,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return base / "site"


def rule(ctx, number: str):
    return next(r for s in ctx.corpus.sections.values() if s.language == "en" for r in s.rules if r.number == number)


def assert_previews(page: _Head, title: str, description: str, url: str, *site_words: str) -> None:
    assert page.meta.get("og:title") == title
    assert page.meta.get("og:description") == description
    assert page.meta.get("og:url") == url
    for word in site_words:
        assert word in page.meta.get("og:site_name", ""), (word, page.meta.get("og:site_name"))


def test_a_section_page_previews_its_first_rule(site, ctx):
    section = ctx.corpus.sections[SectionKey("riftbound", "core-rules", "832", "en")]
    page = head(site / "riftbound/core-rules/832.html")
    assert_previews(
        page,
        "832 Show Off · Riftbound Core Rules",  # its game and document named, as its <title> names them
        section.rules[0].text,
        SITE_URL + "riftbound/core-rules/832.html",
        "Riftbound",
        "Core Rules",
    )
    assert page.links["canonical"] == SITE_URL + "riftbound/core-rules/832.html"
    assert page.meta.get("rulesite:edition") == section.edition


def cited(section) -> str:
    """ "Riftbound Core Rules v1.4": the game, document and edition, as a citation names them."""
    from rulesite.common.documents import document_name
    from rulesite.render.share import cited_name

    return cited_name(section.game, document_name(section.document), section.edition)


def test_a_short_rule_page_previews_the_rule_and_forwards_at_once(site, ctx):
    text = rule(ctx, "832.1.c").text
    page = head(site / "r/832.1.c.html")
    section = ctx.corpus.sections[SectionKey("riftbound", "core-rules", "832", "en")]
    assert cited(section).startswith("Riftbound Core Rules")
    assert_previews(
        page,
        f"832.1.c — {cited(section)}",  # the game and document named, as the <title> names them
        text if len(text) <= 300 else page.meta["og:description"],
        SITE_URL + "r/832.1.c.html",
        "Riftbound",
        "Core Rules",
    )
    assert page.meta["og:description"].rstrip("…") in " ".join(text.split())
    assert page.links["canonical"] == SITE_URL + "riftbound/core-rules/832.html"
    # Forwarded by script before anything else loads; the meta refresh only without JavaScript.
    assert 'location.replace("../riftbound/core-rules/832.html#832.1.c")' in page.scripts[0]
    assert not page.refresh_outside_noscript
    assert (site / page.links["icon"].replace("../", "", 1)).is_file(), "no favicon: the browser asks for /favicon.ico"


def test_a_section_has_a_short_link_too(site, ctx):
    page = head(site / "r/424.html")
    section = ctx.corpus.sections[SectionKey("riftbound", "core-rules", "424", "en")]
    assert page.meta["og:title"] == f"424 Reveal · {cited(section)}"
    assert page.meta["og:description"] == section.rules[0].text
    assert 'location.replace("../riftbound/core-rules/424.html#424")' in page.scripts[0]


def test_a_ruling_previews_its_answer(site, ctx):
    ruling = ctx.corpus.rulings[0]
    page = head(site / f"riftbound/rulings/{ruling.id}.html")
    assert page.meta["og:title"] == html.unescape(html.escape(ruling.title))
    assert " ".join(ruling.answer.split()).startswith(page.meta["og:description"].rstrip("…"))
    assert page.meta["og:url"] == SITE_URL + f"riftbound/rulings/{ruling.id}.html"
    assert "Riftbound" in page.meta["og:site_name"] and "rulings" in page.meta["og:site_name"]


def test_a_faq_answer_has_a_share_page_with_its_answer(site, ctx):
    faq = next(f for f in ctx.corpus.faqs if f.game == "riftbound" and f.section == "832")
    page = head(site / f"r/faq/{faq.id}.html")
    assert page.meta["og:title"].startswith(f"{faq.question} · Riftbound ")
    assert " ".join(faq.answer.split()).startswith(page.meta["og:description"].rstrip("…"))
    assert "FAQ" in page.meta["og:site_name"] and "Riftbound" in page.meta["og:site_name"]
    assert f"#faq-{faq.id}" in page.scripts[0]
    # The answer's heading names its share page, for the copy button.
    section = (site / "riftbound/core-rules/832.html").read_text(encoding="utf-8")
    assert f'data-short="r/faq/{faq.id}.html"' in section


def test_a_card_has_a_share_page_with_its_text(ctx):
    from rulesite.common.model import Card, Loc
    from rulesite.render.share import card_share_pages

    card = Card("abc-012-300", "ABC-012/300", "Test Card", ["Spell"], ["Fury"], "Deal 3 to a unit.", "cards", Loc("x", 1))
    context = replace(ctx, corpus=replace(ctx.corpus, cards=[card]), site_url=SITE_URL, language="en")
    pages = card_share_pages(context, "en")
    parser = _Head()
    parser.feed(pages["r/card/abc-012-300.html"])
    assert parser.meta["og:title"] == "Test Card · Riftbound cards"
    assert parser.meta["og:description"] == "Deal 3 to a unit."
    assert parser.meta["og:url"] == SITE_URL + "r/card/abc-012-300.html"
    assert 'location.replace("../../riftbound/cards/t.html#abc-012-300")' in parser.scripts[0]


def test_preview_images_have_absolute_addresses_on_a_site_with_an_address(site):
    for rel in ("r/832.1.c.html", "riftbound/core-rules/832.html", "index.html", "es/magic/comprehensive-rules/701.20.html"):
        page = head(site / rel)
        image = page.meta["og:image"]
        root = SITE_URL + ("es/" if rel.startswith("es/") else "")
        assert image.startswith(root + "assets/og/") and image.endswith(".png"), (rel, image)
        assert (site / image.removeprefix(SITE_URL)).is_file(), image
        assert "twitter:image" not in page.meta  # X reads og:image
        assert page.meta["twitter:card"] == "summary_large_image"


def test_sitemap_and_robots_use_the_site_address(site):
    sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
    locs = re.findall(r"<loc>([^<]+)</loc>", sitemap)
    assert locs and all(loc.startswith(SITE_URL) for loc in locs)
    assert SITE_URL + "riftbound/core-rules/832.html" in locs
    robots = (site / "robots.txt").read_text(encoding="utf-8")
    assert "User-agent: *" in robots
    assert f"Sitemap: {SITE_URL}sitemap.xml" in robots
    assert f"Sitemap: {SITE_URL}es/sitemap.xml" in robots
    # A page of the Spanish site's own (it has no pages for English-only sections).
    spanish = head(site / "es/magic/comprehensive-rules/701.20.html")
    assert spanish.links["canonical"] == SITE_URL + "es/magic/comprehensive-rules/701.20.html"


def test_without_an_address_there_is_no_sitemap_and_robots_names_none(built_site):
    """A sitemap lists absolute addresses: without the site's there is none to
    give (not an empty list), and robots.txt names none."""
    site = built_site.site
    for folder in (site, site / "es"):
        assert not (folder / "sitemap.xml").exists() and not (folder / "sitemap.xml.gz").exists()
    robots = (site / "robots.txt").read_text(encoding="utf-8")
    assert "User-agent: *" in robots and "Sitemap" not in robots


def test_unknown_addresses_get_a_helpful_not_found_page(site):
    text = (site / "404.html").read_text(encoding="utf-8")
    assert "Page not found" in text
    assert 'class="not-found-search"' in text and "not-found.js" in text
    assert (site / "es/404.html").read_text(encoding="utf-8").count("Página no encontrada") >= 1


def test_without_a_site_url_links_stay_relative(built_site):
    page = head(built_site.site / "r/832.1.c.html")
    assert "og:url" not in page.meta
    assert page.links["canonical"] == "../riftbound/core-rules/832.html"
    assert "Sitemap:" not in (built_site.site / "robots.txt").read_text(encoding="utf-8")
    assert page.meta["og:image"].startswith("../assets/og/")
