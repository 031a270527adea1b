"""Search in every language: on the Spanish site, a Spanish word for a keyword
its sources do not translate finds the keyword's section in English and, by
the concordance, the same idea in the other game in Spanish; each result says
its language; a word only English has falls back to English.

On a copy of the seeds whose keywords.yml gives Spanish words for Riftbound's
424 Reveal ("revelar": words written for this test, as a maintainer would
give them; no Spanish text of 424 exists), built once for this module and
opened from disk (file://) on a phone. The expected pages are found in the
built HTML, never written here.
"""

from __future__ import annotations

import shutil

import pytest
from buildutil import run_build
from test_browser_word_search import current_section, open_search, word_results

from rulesite.strings import t

pytestmark = pytest.mark.browser

SPANISH_NAMES = '\nriftbound/es:\n  "424": [revelar, revela, revelada]\n'


@pytest.fixture(scope="module")
def named_site(repo_root, tmp_path_factory):
    root = tmp_path_factory.mktemp("spanish-names")
    shutil.copytree(repo_root / "rules_src", root / "rules_src")
    keywords = root / "rules_src/keywords.yml"
    keywords.write_text(keywords.read_text(encoding="utf-8") + SPANISH_NAMES, encoding="utf-8")
    result = run_build(repo_root, root)
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
