"""Search in every language, and translated FAQ answers.

Search: on the Spanish site, a Spanish word for a keyword its sources do not
translate finds the keyword's section in English and, by the concordance, the
same idea in the other game in Spanish; each result says its language; a word
only English has falls back to English.

FAQ: a Spanish answer to one of the 424 page's official answers has its page
on the Spanish site, and the two link each other.

On a copy of the seeds whose keywords.yml gives Spanish words for Riftbound's
424 Reveal ("revelar": words written for this test, as a maintainer would
give them; no Spanish text of 424 exists), with the Spanish answer of
tests/read/fixtures/faq_translation/ (--also), built once for this module and
opened from disk (file://) on a phone. The expected pages are found in the
built HTML, never written here.
"""

from __future__ import annotations

import shutil
from pathlib import Path
import yaml

import pytest
from buildutil import run_build
from playwright.sync_api import expect
from test_browser_word_search import current_section, open_search, word_results

from rulesite.common.strings import t

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def named_site(repo_root, tmp_path_factory):
    root = tmp_path_factory.mktemp("spanish-names")
    shutil.copytree(repo_root / "rules_src", root / "rules_src")
    assert 'riftbound/es:\n  "424": [revelar' in (root / "rules_src/keywords.yml").read_text(encoding="utf-8")
    answers = repo_root / "tests/read/fixtures/faq_translation"
    result = run_build(repo_root, root, "--also", str(answers / "manifest.yml"), str(answers))
    assert result.returncode == 0, (result.stdout + result.stderr)[-3000:]
    return root / "site"


@pytest.fixture
def phone(browse, named_site):
    from browser_site import PHONE

    return browse(named_site.resolve().as_uri() + "/", viewport=PHONE, touch=True).new_page()


def _hrefs(page) -> list[str]:
    return page.evaluate(
        "() => [...document.querySelectorAll('.md-search-result__list > .md-search-result__item > a.md-search-result__link')]"
        ".map(a => a.href.split('#')[0])"
    )


def test_spanish_revelar_finds_reveal_in_english_and_mostrar_in_spanish(named_site, phone):
    root = named_site.resolve().as_uri() + "/"
    reveal = root + current_section(named_site, "riftbound/core-rules", "Reveal")
    mostrar = root + "es/" + current_section(named_site / "es", "magic/comprehensive-rules", "Mostrar")
    box = open_search(phone, root, "es/index.html")
    results = word_results(phone, box, "revelar")
    found = dict(zip(_hrefs(phone), results))
    assert reveal in found and mostrar in found, results[:5]
    # Each marked with its language: English's by its document, Spanish's own by its name.
    assert t("es", "in-english", document="Core Rules") in found[reveal]["label"], found[reveal]
    assert found[reveal]["label"].startswith(t("es", "kind-section")), found[reveal]
    assert t("es", "search-own-language") in found[mostrar]["label"], found[mostrar]
    assert "(en inglés)" not in found[mostrar]["label"], found[mostrar]
    # Named by the word, they come first, the site's own before English's; 832 Show Off is no answer.
    assert set(list(found)[:2]) == {reveal, mostrar}, results[:4]
    assert list(found).index(mostrar) < list(found).index(reveal), results[:4]
    show_off = root + current_section(named_site, "riftbound/core-rules", "Show Off")
    assert show_off not in found, results


def test_a_word_only_english_has_falls_back_to_english(named_site, phone):
    root = named_site.resolve().as_uri() + "/"
    show_off = root + current_section(named_site, "riftbound/core-rules", "Show Off")
    results = word_results(phone, open_search(phone, root, "es/index.html"), "show off")
    assert results and _hrefs(phone)[0] == show_off, results[:3]
    assert t("es", "in-english", document="Core Rules") in results[0]["label"], results[0]
    assert t("es", "search-own-language") not in results[0]["label"], results[0]


def test_a_translated_faq_answer_has_its_page_and_links_its_english_answer_both_ways(repo_root, named_site, phone):
    [given] = yaml.safe_load((repo_root / "tests/read/fixtures/faq_translation/answers.es.yml").read_text(encoding="utf-8"))
    english_anchor, spanish_anchor = f"faq-{given['translates']}", f"faq-{given['translates']}-es"
    root = named_site.resolve().as_uri() + "/"
    reveal = current_section(named_site, "riftbound/core-rules", "Reveal")
    phone.goto(f"{root}{reveal}#{english_anchor}")
    english = phone.locator(f'[id="{english_anchor}"]')
    expect(english).to_be_visible()
    line = phone.locator(".faq-languages").filter(has_text=t("en", "faq-translated")).first
    expect(line).to_contain_text("Español")
    to_spanish = line.get_by_role("link", name=given["question"])
    with phone.expect_navigation():
        to_spanish.click()
    # Its own page on the Spanish site, its words whole, in Spanish.
    assert phone.url.startswith(root + "es/") and phone.url.endswith("#" + spanish_anchor), phone.url
    spanish = phone.locator(f'[id="{spanish_anchor}"]')
    expect(spanish).to_be_in_viewport()
    expect(spanish).to_contain_text(given["question"])
    words = " ".join(phone.locator("article").inner_text().split())
    assert given["answer"] in words, words[:500]
    assert phone.evaluate("document.documentElement.lang") == "es"
    back = phone.locator(".faq-languages").filter(has_text=t("es", "faq-original")).first
    with phone.expect_navigation():
        back.get_by_role("link").first.click()
    assert phone.url.split("?")[0] == f"{root}{reveal}", phone.url
    assert phone.url.endswith("#" + english_anchor), phone.url
    expect(english).to_be_in_viewport()


def test_a_number_typed_on_the_spanish_site_marks_the_language_of_the_rule(named_site, phone):
    root = named_site.resolve().as_uri() + "/"
    box = open_search(phone, root, "es/index.html")
    box.fill("701.20")
    first = phone.locator(".rulesite-jump a.rulesite-jump__link").first
    expect(first).to_be_visible(timeout=30_000)
    assert first.get_attribute("href").startswith(root + "es/magic/"), first.get_attribute("href")
    expect(first).to_contain_text(t("es", "search-own-language"))
    box.fill("424.2")
    first = phone.locator(".rulesite-jump a.rulesite-jump__link").first
    expect(first).to_contain_text(t("es", "in-english", document="Core Rules"))
    expect(first).not_to_contain_text(t("es", "search-own-language"))


def test_the_published_data_pairs_the_translated_answer_with_its_english_one(named_site):
    """data/riftbound/faq.json (valid against its schema) lists both answers,
    each with its language, the translation naming the English answer."""
    import sys

    sys.path.insert(0, str(Path(__file__).parents[1] / "export"))
    from datafiles import validate_site_data

    data = validate_site_data(named_site)["riftbound/faq.json"]
    by_id = {a["id"]: a for a in data["answers"]}
    [translation] = [a for a in data["answers"] if a["translates"]]
    original = by_id[translation["translates"]]
    assert (translation["language"], original["language"], original["translates"]) == ("es", "en", None)
    assert translation["url"].startswith("es/riftbound/faq/") and (named_site / translation["url"].split("#")[0]).is_file()
