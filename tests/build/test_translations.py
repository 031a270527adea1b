"""Translated Riftbound sources build (issue 41): the seeds with a French
translation of section 424 added as the maintainer's guide says
(`translated_site`, tests/translations.py). Each language's site lists each
page once, in the page's language; sections not translated fall back to
English; every rule read in a language is on its site."""

from __future__ import annotations

import re

from translations import FIXTURES

NAV_ENTRY = re.compile(r'<span class="md-ellipsis">\s*([^<]*?)\s*</span>')
LINK = re.compile(r'<a [^>]*href="([^"]*)"[^>]*>([^<]*)</a>')


def nav_entries(site, page: str, number: str) -> list[str]:
    """The navigation's entries for section `number` on a page that is not that section's."""
    text = (site / page).read_text(encoding="utf-8")
    return [entry for entry in NAV_ENTRY.findall(text) if entry.startswith(f"{number} ")]


def content_links(site, page: str, number: str) -> list[tuple[str, str]]:
    """(href, words) of the links to section `number` in a page's article."""
    text = (site / page).read_text(encoding="utf-8")
    article = text[text.index('<article class="md-content__inner') :]
    return [(href, words) for href, words in LINK.findall(article) if words.startswith(f"{number} ")]


def test_the_build_and_its_output_check_pass_with_a_translated_section(translated_site):
    out = translated_site.stdout + translated_site.stderr
    assert "error[" not in out
    check = next(line for line in translated_site.stdout.splitlines() if line.startswith("check "))
    assert ": 0 problems" in check
    assert (translated_site.site / "fr/riftbound/core-rules/424.html").is_file()


def test_each_site_lists_the_translated_page_once_in_its_own_language(translated_site):
    site = translated_site.site
    # On the contents page of each site, the navigation's entry for 424.
    assert nav_entries(site, "riftbound/core-rules/index.html", "424") == ["424 Reveal"]
    assert nav_entries(site, "fr/riftbound/core-rules/index.html", "424") == ["424 Révéler"]
    assert nav_entries(site, "riftbound/core-rules/index.html", "832") == ["832 Show Off"]
    # The contents pages list it once too, in the site's language.
    assert content_links(site, "riftbound/core-rules/index.html", "424") == [("424.html", "424 Reveal")]
    assert content_links(site, "fr/riftbound/core-rules/index.html", "424") == [("424.html", "424 Révéler")]


def test_an_untranslated_section_falls_back_to_english_with_the_notice(translated_site):
    site = translated_site.site
    # French lacks 832: its contents link English's page, marked to say so.
    assert content_links(site, "fr/riftbound/core-rules/index.html", "832") == [
        ("../../../riftbound/core-rules/832.html?from=fr", "832 Show Off")
    ]
    assert not (site / "fr/riftbound/core-rules/832.html").exists()
    # Spanish lacks 424: English's is listed, not the French one beside it.
    assert content_links(site, "es/riftbound/core-rules/index.html", "424") == [
        ("../../../riftbound/core-rules/424.html?from=es", "424 Reveal")
    ]
    english = (site / "riftbound/core-rules/424.html").read_text(encoding="utf-8")
    assert 'data-notice-es="Esta página no existe en español: aquí está en inglés."' in english


def test_every_translated_rule_is_on_its_languages_page_once(translated_site):
    fixture = (FIXTURES / "424-reveler.fr.web-page.txt").read_text(encoding="utf-8")
    numbers = re.findall(r"^(424(?:\.[0-9a-z]+)*)\.$", fixture, re.M)
    page = (translated_site.site / "fr/riftbound/core-rules/424.html").read_text(encoding="utf-8")
    shown = re.findall(r'data-rule="([^"]+)"', page)
    # The section's heading is its own rule ("424"); every rule read is there once, in order.
    assert [n for n in shown if n != "424"] == numbers
    assert "Révéler, c&#39;est présenter une carte à tous les joueurs" in page
    # The build's own counts: as many read as built, for French.
    lines = translated_site.stdout.splitlines()
    read = next(line for line in lines if line.startswith("edition  riftbound/core-rules (fr)"))
    built = next(line for line in lines if line.startswith("built    riftbound/core-rules (fr)"))
    assert read.split(":", 1)[1] == built.split(":", 1)[1]
    assert f"{len(numbers) + 1} numbered rules" in read


def test_a_translation_of_the_same_number_is_the_same_rule_with_no_concordance_entry(translated_site):
    """The French source is declared like the English one with only its
    language changed, and concordance.yml does not name it: each page links
    the other as the same rule."""
    site = translated_site.site
    french = (site / "fr/riftbound/core-rules/424.html").read_text(encoding="utf-8")
    english = (site / "riftbound/core-rules/424.html").read_text(encoding="utf-8")
    assert re.search(r'La même règle en anglais.{0,40}<a class="other-language" hreflang="en"[^>]*>424 Reveal</a>', french)
    assert re.search(r'The same rule in French.{0,40}<a class="other-language" hreflang="fr"[^>]*>424 Révéler</a>', english)
