"""Translated Riftbound sources build (issue 41): the seeds with a French
translation of section 424 added by following the maintainer's guide's steps
literally (`translated_site`, tests/translations.py). Each language's site lists each
page once, in the page's language; sections not translated fall back to
English; every rule read in a language is on its site."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import yaml
from translations import FIXTURES, REPO_ROOT, guide_entry

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


def test_the_guides_entry_is_the_originals_with_only_its_own_fields_changed(repo_root):
    """The guide says to copy the original's entry and change only id, path,
    title, origin and language: its example does just that."""
    entry = yaml.safe_load(guide_entry("Add a translated section"))[0]
    manifest = yaml.safe_load((repo_root / "rules_src" / "manifest.yml").read_text(encoding="utf-8"))
    original = next(s for s in manifest["sources"] if s["id"] == "rb-424-web")
    own = {"id", "path", "title", "origin", "language"}
    assert entry.keys() == original.keys()
    assert {k: v for k, v in entry.items() if k not in own} == {k: v for k, v in original.items() if k not in own}
    assert entry["language"] == "fr" and Path(entry["path"]).name in {p.name for p in FIXTURES.iterdir()}


# A translated edition following an older English edition (`translated_editions_site`):
# English 1.0 and 1.1 (1.1 rewords 424.1.a), and a Spanish 1.0 lacking 424.3.


def test_a_translated_rule_whose_english_text_changed_since_says_so_on_its_page(translated_editions_site):
    site = translated_editions_site.site
    spanish = (site / "es/riftbound/core-rules/424.html").read_text(encoding="utf-8")
    flags = re.findall(r'<p class="rule-meta translation-changed"[^>]*>(.*?)</p>', spanish, re.S)
    assert len(flags) == 1, flags
    assert flags[0].startswith("El texto en inglés ha cambiado desde esta traducción (v1.0): ")
    assert 'href="../../../riftbound/core-rules/424.html#424.1.a"' in flags[0]
    assert "424.1.a en inglés, con su historial" in flags[0]
    # Under 424.1.a, the rule English reworded, and under no other.
    rule = spanish.split('id="424.1.a"', 1)[1].split('data-rule="', 1)[0]
    assert "translation-changed" in rule
    # The English rule it links has the History with both texts.
    english = (site / "riftbound/core-rules/424.html").read_text(encoding="utf-8")
    assert 'id="424.1.a"' in english
    history = (site / "riftbound/core-rules/v1.0/424.html").read_text(encoding="utf-8")
    assert "A revealed card stays in the zone it is revealed from." in history


def test_needs_review_lists_the_translations_behind(translated_editions_site):
    page = (translated_editions_site.site / "needs-review.html").read_text(encoding="utf-8")
    section = page.split('id="translations-behind"', 1)[1]
    assert "1 translated rule whose English text changed after the English edition its translation follows." in section
    assert 'href="es/riftbound/core-rules/424.html?from=en#424.1.a"' in section
    assert 'href="riftbound/core-rules/424.html#424.1.a"' in section
    assert "424.1 (es)" not in section and "424.2 (es)" not in section


def test_a_translation_lacking_rules_says_how_many_and_builds(translated_editions_site):
    out = translated_editions_site.stdout + translated_editions_site.stderr
    assert re.search(
        r"rules_src/manifest\.yml:\d+: warning\[translation-incomplete\]: rb-core-v1\.0-es \(es\) lacks 1 of the 4 rules "
        r"of the English core-rules v1\.0 it follows",
        out,
    ), out[-3000:]
    assert "error[" not in out
    lines = translated_editions_site.stdout.splitlines()
    read = next(line for line in lines if line.startswith("edition  riftbound/core-rules (es) v1.0"))
    built = next(line for line in lines if line.startswith("built    riftbound/core-rules (es) v1.0"))
    assert read.split(":", 1)[1] == built.split(":", 1)[1] and "3 numbered rules" in read


def test_a_warm_build_after_the_english_text_changed_writes_the_clean_builds_markdown(tmp_path):
    """The flag reads the English document from a translation's pages and data:
    after English 1.1's 424.1.a is worded as 1.0's again, the flag is gone, and
    a warm build (serve's memory) writes what a clean build writes."""
    from test_warm_builds import _docs, run_reporting, same_trees, settings
    from translations import translated_editions

    from rulesite.memory import BuildMemory

    root = tmp_path / "project"
    translated_editions(root)
    shutil.copytree(REPO_ROOT / "docs", root / "docs")
    memory = BuildMemory(mkdocs=False)

    def text(records, path: str) -> str:
        docs = next(r for r in records if type(r).__name__ == "Written").docs_dir
        return (docs / path).read_text(encoding="utf-8")

    first, _ = run_reporting(settings(root, "warm"), memory)
    assert "translation-changed" in text(first, "es/riftbound/core-rules/424.md")
    assert "english_changed" in text(first, "en/data/riftbound/core-rules/es/v1.0.json")
    v11 = root / "rules_src/riftbound/core-rules-v1.1.txt"
    v11.write_text(v11.read_text(encoding="utf-8").replace(", and is still counted there.", "."), encoding="utf-8")
    warm, warm_problems = run_reporting(settings(root, "warm"), memory)
    clean, clean_problems = run_reporting(settings(root, "clean", clean=True))
    same_trees(_docs(warm), _docs(clean))
    assert warm_problems == clean_problems
    assert "translation-changed" not in text(warm, "es/riftbound/core-rules/424.md")
    assert "english_changed" not in text(warm, "en/data/riftbound/core-rules/es/v1.0.json")


def cited_by(page: Path) -> dict[str, list[tuple[str, str]]]:
    """rule number -> (page the link opens, words) of each item its "Cited by" lists."""
    text = page.read_text(encoding="utf-8")
    out = {}
    for block in text.split('data-rule="')[1:]:
        number = block.split('"', 1)[0]
        meta = re.search(r'<p class="rule-meta"[^>]*>(?:[^<:]*): (.*?)</p>', block, re.S)
        if meta:
            out[number] = [
                ((page.parent / href.split("?")[0]).resolve().as_posix(), words) for href, words in LINK.findall(meta[1])
            ]
    return out


def test_a_translated_rule_lists_what_cites_its_english_rule(translated_site):
    """The walkthroughs cite 424.1, 424.2, 424.2.a and 424.3 (English numbers):
    the French rules of those numbers list them too, linking the same pages."""
    site = translated_site.site
    english = cited_by(site / "riftbound/core-rules/424.html")
    french = cited_by(site / "fr/riftbound/core-rules/424.html")
    assert {"424.1", "424.2", "424.3"} <= english.keys()
    assert french == english
    page = (site / "fr/riftbound/core-rules/424.html").read_text(encoding="utf-8")
    assert page.count('<p class="rule-meta" data-search-exclude="1">Cité par: <a ') == len(english)


HISTORY = re.compile(r'<details class="history"[^>]*>\s*<summary>([^<]*)</summary>(?:<a href="([^"]*)">([^<]*)</a>)?')


def histories(page: Path) -> dict[str, tuple[str, str, str]]:
    """rule number -> (summary, link, link's words) of its collapsed History."""
    out = {}
    for block in page.read_text(encoding="utf-8").split('data-rule="')[1:]:
        found = HISTORY.search(block.split('data-rule="', 1)[0])
        if found:
            out[block.split('"', 1)[0]] = found.groups()
    return out


def test_a_translated_rules_history_leads_to_the_english_rules_history(translated_editions_site):
    """Spanish 1.0 is one edition, English has two: each Spanish rule has the
    History of the English rule it is, a link to that rule on the English page
    (whose History holds both English texts)."""
    site = translated_editions_site.site
    english = histories(site / "riftbound/core-rules/424.html")
    spanish = histories(site / "es/riftbound/core-rules/424.html")
    assert {"424.1", "424.1.a", "424.2"} <= english.keys()
    numbers = re.findall(r'data-rule="(424\.[^"]+)"', (site / "es/riftbound/core-rules/424.html").read_text(encoding="utf-8"))
    assert numbers and set(numbers) <= english.keys()
    assert spanish == {
        number: (
            "Historial de la regla en inglés",
            f"../../../riftbound/core-rules/424.html#{number}",
            f"{number} en inglés, con su historial",
        )
        for number in numbers
    }
    # The link opens the English rule, whose History is there.
    assert english["424.1.a"][1] == "v1.0/424.html#424.1.a"
    # Opened, it shows the English rows (assets/history.js reads the page's
    # file): both editions, English's word diff, each link to an English page.
    script = (site / "es/assets/history/riftbound/core-rules/424.js").read_text(encoding="utf-8")
    data = json.loads(script.removeprefix("RulesiteHistory.add(").removesuffix(");\n"))
    rows = data["rules"]["424.1.a"]
    assert [row["label"] for row in rows] == ["v1.0: 424.1.a", "v1.1: 424.1.a"]
    assert ["+", "from, and is still counted there."] in rows[1]["diff"]
    folder = site / "es/riftbound/core-rules"
    for row in (row for rows in data["rules"].values() for row in rows):
        for key in ("href", "diff_href"):
            if key in row:
                path, anchor = row[key].split("#")
                target = (folder / path).resolve()
                assert target.is_relative_to(site.resolve()) and not target.is_relative_to((site / "es").resolve())
                assert f'id="{anchor}"' in target.read_text(encoding="utf-8"), row[key]


REF = re.compile(r'<a class="ref( other-language)?"(?: hreflang="[^"]*")? data-rule="([^"]+)" href="([^"]*)">')


def test_a_reference_on_a_translated_site_leads_to_the_translated_rule(translated_site):
    """The walkthroughs (English) cite 424.3 and 832.x: on the French site the
    reference to 424.3 opens French 424.3, the same rule, and 832 (not
    translated) stays English's; the English site links English's."""
    site = translated_site.site
    french = {
        number: (other, href)
        for other, number, href in REF.findall((site / "fr/riftbound/walkthroughs/index.html").read_text(encoding="utf-8"))
    }
    english = {n for _o, n, _h in REF.findall((site / "riftbound/walkthroughs/index.html").read_text(encoding="utf-8"))}
    assert french.keys() == english and "424.3" in french and any(n.startswith("832.") for n in french)
    for number, (other, href) in french.items():
        path, anchor = href.split("#")
        target = (site / "fr/riftbound/walkthroughs" / path.split("?")[0]).resolve()
        assert anchor == number and f'id="{number}"' in target.read_text(encoding="utf-8")
        if number.startswith("424"):
            assert (other, target) == ("", (site / "fr/riftbound/core-rules/424.html").resolve()), href
        else:
            assert other and path.endswith("riftbound/core-rules/832.html?from=fr"), href


def test_a_translated_rules_shared_link_opens_the_translated_rule(translated_editions_site):
    """What a Spanish rule's "copy link" gives (the page's share pattern) is a
    page of the Spanish site that opens the Spanish rule, previewed by its
    Spanish text; English's, pinned to its edition (English has two: 1.1's
    r/1.1/ page), opens the English rule."""
    site = translated_editions_site.site
    pattern = re.compile(r'<meta name="rulesite:share" content="([^"]*)">')
    for root, number, lang, words in (
        ("es/", "424.1.a", "es", "Una carta revelada permanece en la zona desde la que se revela."),
        ("", "424.1.a", "en", "A revealed card stays in the zone it is revealed from, and is still counted there."),
    ):
        page = (site / root / "riftbound/core-rules/424.html").read_text(encoding="utf-8")
        shared = site / root / pattern.search(page)[1].format(number)
        text = shared.read_text(encoding="utf-8")
        target = re.search(r'<noscript><meta http-equiv="refresh" content="0; url=([^"]*)">', text)[1]
        path, anchor = target.split("#")
        opened = (shared.parent / path.split("?")[0]).resolve()
        assert opened == (site / root / "riftbound/core-rules/424.html").resolve() and anchor == number
        assert f'<html lang="{lang}"' in text and f'content="{words}"' in text
        assert words in opened.read_text(encoding="utf-8").replace("&#39;", "'")
