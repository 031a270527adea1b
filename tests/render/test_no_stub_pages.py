"""No stub pages (fixture `built_site`): each language's site holds only its own
pages. A Spanish page linking to a page that exists only in English links to
the English site's page with ?from=es, and that page carries the marker the
language switch reads (which languages lack it, where their readers go, the
notice in their language)."""

from __future__ import annotations

import re
from html import unescape

from rulesite.common.strings import t


def _pages(site, root=""):
    base = site / root if root else site
    nested = {p.parent.name for p in site.glob("*/index.html") if re.fullmatch(r"[a-z]{2}", p.parent.name)}
    return {
        p.relative_to(base).as_posix()
        for p in base.rglob("*.html")
        if not ({"assets", "search"} & set(p.relative_to(base).parts)) and (root or p.relative_to(site).parts[0] not in nested)
    }


def test_the_spanish_site_has_no_page_for_english_only_content(built_site, ctx):
    site = built_site.site
    english, spanish = _pages(site), _pages(site, "es")
    english_sections = {
        f"riftbound/core-rules/{s.number}.html"
        for s in ctx.corpus.sections.values()
        if s.language == "en" and s.game == "riftbound"
    }
    rulings = {f"riftbound/rulings/{r.id}.html" for r in ctx.corpus.rulings}
    assert english_sections and english_sections <= english and rulings <= english
    assert not (english_sections | rulings) & spanish, "the Spanish site still has pages for English-only content"
    for page in spanish:
        text = (site / "es" / page).read_text(encoding="utf-8")
        assert "solo existe en" not in text, f"es/{page} is a stub"


def test_links_from_spanish_pages_reach_english_only_pages_there_with_a_notice(built_site):
    site = built_site.site
    spanish = _pages(site, "es")
    found = 0
    for page in sorted(spanish):
        html = (site / "es" / page).read_text(encoding="utf-8")
        for href in re.findall(r'href="([^"]+\?from=es[^"]*)"', html):
            target = (site / "es" / page).parent.joinpath(unescape(href).split("?")[0]).resolve()
            assert target.is_file(), f"es/{page}: {href} does not land"
            marker = re.search(r'<div class="page-languages"[^>]*>', target.read_text(encoding="utf-8"))
            assert marker, f"{target.relative_to(site.resolve())} has no marker for the language switch"
            attrs = dict(re.findall(r'([\w-]+)="([^"]*)"', marker.group(0)))
            assert "es" in attrs["data-missing"].split() and attrs["data-switch-es"] == "en"
            assert unescape(attrs["data-notice-es"]) == t("es", "not-in-language", language="inglés")
            found += 1
    assert found, "no Spanish page links to an English-only page"
