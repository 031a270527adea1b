"""In Chromium, on the full site built with the real corpora (fixture
`corpora_site`), over http://127.0.0.1 and file://, with every request checked
(the `browse` fixture fails a test whose pages load anything from off the
machine or throw):

- switching an English explainer to French keeps the reader's heading;
- the current edition's versioned address (core-rules/v1.4/424.html) forwards
  to the plain page, keeping the rule's anchor;
- a diff page narrows to one section (?section=424);
- a Core Rules page with a reworded rule keeps all its rules in the content
  column;
- an outdated ruling or walkthrough shows its "Outdated" notice with the word diff.
"""

from __future__ import annotations

import posixpath
import json
import re

import pytest
from playwright.sync_api import expect

from browser_site import await_every_word_file
from rulesite.common.card_symbols import split_symbols
from word_index_files import index_texts

pytestmark = [pytest.mark.browser, pytest.mark.corpora]


def switch_language(page, lang: str) -> None:
    """Opens Material's language menu and picks `lang`."""
    page.locator(".md-header__option .md-select").hover()
    link = page.locator(f'a.md-select__link[hreflang="{lang}"]')
    expect(link).to_be_visible()
    with page.expect_navigation():
        link.click()


def test_switching_a_guide_to_french_keeps_the_heading(corpora_site, corpora_root, browse):
    site = corpora_site.site
    guide = "riftbound/guides/move.html"
    for rel in (guide, f"fr/{guide}"):
        assert 'id="h-2"' in (site / rel).read_text(encoding="utf-8"), f"{rel} has no #h-2"
    page = browse(corpora_root).new_page()
    page.goto(f"{corpora_root}{guide}#h-2")
    expect(page.locator('[id="h-2"]')).to_be_in_viewport()
    english = page.locator('[id="h-2"]').inner_text()

    switch_language(page, "fr")
    assert page.url == f"{corpora_root}fr/{guide}#h-2"
    assert page.evaluate("document.documentElement.lang").startswith("fr")
    heading = page.locator('[id="h-2"]')
    expect(heading).to_be_visible()
    expect(heading).to_be_in_viewport()
    assert heading.inner_text() != english, "the French page shows the English heading"


def test_current_edition_versioned_address_forwards_with_the_anchor(corpora_root, browse):
    page = browse(corpora_root).new_page()
    page.goto(f"{corpora_root}riftbound/core-rules/v1.4/424.html#424.1")
    page.wait_for_url(re.compile(r".*/riftbound/core-rules/424\.html#424\.1$"))
    assert page.url == f"{corpora_root}riftbound/core-rules/424.html#424.1"
    expect(page.locator('[id="424.1"]')).to_be_in_viewport()


def _diff_page(site) -> str:
    for path in sorted((site / "riftbound/core-rules/changes").glob("*.html")):
        h1 = re.search(r"<h1[^>]*>(.*?)</h1>", path.read_text(encoding="utf-8"), re.S)
        if h1 and re.search(r"\bv1\.2 → v1\.4\b", h1.group(1)):
            return path.relative_to(site).as_posix()
    pytest.fail("no diff page v1.2 → v1.4 under riftbound/core-rules/changes/")


def test_diff_page_narrows_to_one_section(corpora_site, corpora_root, browse):
    rel = _diff_page(corpora_site.site)
    page = browse(corpora_root).new_page()
    page.goto(f"{corpora_root}{rel}?section=424")
    if (corpora_site.site / rel.removesuffix(".html")).is_dir():
        # A large diff is split into parts of consecutive sections: 424 is on the one holding it.
        holding = [
            p.relative_to(corpora_site.site).as_posix()
            for p in (corpora_site.site / rel.removesuffix(".html")).glob("*.html")
            if 'data-section="424"' in p.read_text(encoding="utf-8")
        ]
        assert len(holding) == 1, holding
        page.wait_for_url(f"{corpora_root}{holding[0]}?section=424")
    groups = page.locator(".diff-section[data-section]")
    total = groups.count()
    assert total > 1  # a part holds a few sections; the filter hides all but 424
    shown = page.eval_on_selector_all(
        ".diff-section[data-section]", "els => els.filter(e => !e.hidden && e.offsetParent !== null).map(e => e.dataset.section)"
    )
    assert shown and all(n == "424" or n.startswith("424.") for n in shown), shown
    expect(page.locator("input[data-diff-filter]")).to_have_value("424")

    page.locator("input[data-diff-filter]").fill("")
    expect(page.locator(".diff-section[data-section]:not([hidden])")).to_have_count(total)


def test_rules_of_a_page_with_a_reworded_rule_stay_in_the_content_column(corpora_site, corpora_root, browse):
    """What a reader sees: every rule sits in the article (styled as text, beside
    the navigation), and no history entry is left lying outside its rule."""
    site = corpora_site.site
    pages = [
        p.relative_to(site).as_posix()
        for p in sorted((site / "riftbound/core-rules").glob("*.html"))
        if '"diff":[' in _history_file(site, p.relative_to(site).as_posix())
    ]
    assert pages, "no current Core Rules page shows a word diff in a rule's history"
    page = browse(corpora_root).new_page()
    page.goto(f"{corpora_root}{pages[0]}")
    # Every History opened, its rows (word diffs included) laid out by assets/history.js.
    page.evaluate("() => document.querySelectorAll('details.history').forEach(d => { d.open = true; })")
    expect(page.locator("details.history:not([data-history='shown'])")).to_have_count(0)
    expect(page.locator("details.history .word-diff").first).to_be_attached()
    counts = page.evaluate("""() => ({
        all: document.querySelectorAll('.rule').length,
        inArticle: document.querySelectorAll('article.md-content__inner .rule').length,
        stray: [...document.querySelectorAll('li')].filter(li => !li.parentElement.closest('ul, ol')
                 || li.parentElement.tagName === 'P').length,
    })""")
    assert counts["all"] > 0
    assert counts == {"all": counts["all"], "inArticle": counts["all"], "stray": 0}, f"{pages[0]}: {counts}"


def test_switching_spanish_mostrar_to_english_lands_on_reveal(corpora_site, corpora_root, browse):
    """Spanish 701.20 (Mostrar) is English 701.16 (Reveal) by the concordance, while
    English 701.20 is another rule: the switch follows the concordance and
    renumbers the anchor, and from English 701.20 it never claims Mostrar: it
    stays on English 701.20, which Spanish lacks, and says so."""
    spanish = "es/magic/comprehensive-rules/701.20.html"
    assert 'id="701.20c"' in (corpora_site.site / spanish).read_text(encoding="utf-8")
    page = browse(corpora_root).new_page()
    page.goto(f"{corpora_root}{spanish}#701.20c")
    switch_language(page, "en")
    assert page.url == f"{corpora_root}magic/comprehensive-rules/701.16.html#701.16c"
    expect(page.locator('[id="701.16c"]')).to_be_in_viewport()

    page.goto(f"{corpora_root}magic/comprehensive-rules/701.20.html#701.20a")
    english_title = page.locator("h1").inner_text()
    switch_language(page, "es")
    assert not page.url.startswith(f"{corpora_root}es/"), f"English {english_title!r} switched to Spanish 701.20: {page.url}"
    assert page.url.split("?")[0].split("#")[0] == f"{corpora_root}magic/comprehensive-rules/701.20.html"
    expect(page.locator("h1")).to_have_text(english_title)


def test_an_outdated_page_says_so_with_the_word_diff(corpora_site, corpora_root, browse):
    """A ruling or walkthrough citing a rule changed since it was checked (in the
    corpora: walkthroughs checked against the undated Reveal page's 424.3)."""
    site = corpora_site.site
    outdated = [
        p.relative_to(site).as_posix()
        for folder in ("rulings", "walkthroughs")
        for p in sorted((site / "riftbound" / folder).glob("*.html"))
        if 'admonition-title">Outdated<' in p.read_text(encoding="utf-8")
    ]
    assert outdated, "no ruling or walkthrough is flagged Outdated"
    page = browse(corpora_root).new_page()
    page.goto(f"{corpora_root}{outdated[0]}")
    notice = page.locator(".admonition.danger")
    expect(notice).to_be_visible()
    expect(notice.locator(".admonition-title")).to_have_text("Outdated")
    expect(notice).to_contain_text("changed since it was checked")
    assert notice.locator(".word-diff ins, .word-diff del").count() > 0
    expect(notice.locator(".word-diff ins").first).to_be_visible()


def _history_file(site, rel: str) -> str:
    """The text of a page's history file (render/history.py), "" when it has none."""
    path = site / "assets/history" / (rel.removesuffix(".html") + ".js")
    return path.read_text(encoding="utf-8") if path.is_file() else ""


def labelled_results(page, query: str) -> list[tuple[str, str | None]]:
    """Types a word query; once every file of the word index has arrived,
    returns each result's page (relative to the site) and the label naming its
    kind, game, document and edition."""
    box = page.locator("input.md-search__input")
    box.click()
    box.press_sequentially(query, delay=20)
    await_every_word_file(page, query)
    return page.evaluate(
        """() => [...document.querySelectorAll('.md-search-result__item > a.md-search-result__link')].map(a => [
            a.href.slice(String(Rulesite.siteRoot()).length).split(/[?#]/)[0],
            (a.querySelector('.rulesite-result-label') || {}).textContent || null])"""
    )


_OLDER_FOLDER = re.compile(r"^riftbound/[^/]+/(v\d[^/]*|undated|\d{4}-\d\d-\d\d)/")
_VERSIONED = re.compile(r"^riftbound/[^/]+/(v\d[^/]*|\d{4}-\d\d-\d\d)/")  # an edition with a name


def _index_words(site) -> dict[str, set[str]]:
    """Each long word of the English word index (what the search box searches) -> the pages whose entries hold it."""
    pages: dict[str, set[str]] = {}
    for page, text in index_texts(site).items():
        for word in set(re.findall(r"[a-z]{9,}", text.lower())):
            pages.setdefault(word, set()).add(page)
    return pages


def test_word_results_name_their_document_and_edition_with_todays_text_first(corpora_site, corpora_root, browse):
    site = corpora_site.site
    documents = json.loads((site / "data/editions.json").read_text(encoding="utf-8"))["documents"]
    core = next(d for d in documents if d["document"] == "core-rules" and d["language"] == "en")
    page = browse(corpora_root).new_page()
    page.goto(corpora_root + "index.html")
    results = labelled_results(page, "reveal")
    core_hits = [(path, label) for path, label in results if path.startswith("riftbound/core-rules/")]
    assert core_hits, results
    path, label = core_hits[0]
    # Today's Reveal first, however many older editions print a Reveal too.
    assert not _OLDER_FOLDER.match(path), core_hits
    assert label == f"Section · Riftbound · Core Rules · {core['current']}", core_hits
    magic = [label for path, label in results if path.startswith("magic/comprehensive-rules/")]
    assert magic and all(label and " · Magic: The Gathering · " in label for label in magic), results

    # A word only older editions print is still found, on their pages, labelled as older.
    words = _index_words(site)
    word = min(
        (w for w, pages in words.items() if pages and all(_VERSIONED.match(p) for p in pages) and len(pages) <= 3),
        key=lambda w: (len(words[w]), w),
        default=None,
    )
    if word is None:
        pytest.fail("no word of the index is printed by older editions alone")
    page.goto(corpora_root + "index.html")
    results = labelled_results(page, word)
    old = [(path, label) for path, label in results if path in words[word]]
    assert old, (word, words[word], results)
    for path, label in old:
        edition = _OLDER_FOLDER.match(path).group(1)
        assert label and label.endswith(f"{edition} — older edition"), (word, old)


def test_a_rules_cited_by_opens_with_its_history(corpora_site, corpora_root, browse):
    """A rule's "Cited by" is folded into its History: the summary counts what
    cites it, and opening it lists each item, linked, above the edition rows."""
    site = corpora_site.site
    rel, number, cited = next(
        (
            (rel, number, items)
            for path in sorted((site / "riftbound/core-rules").glob("*.html"))
            if (text := _history_file(site, rel := path.relative_to(site).as_posix()))
            for number, items in json.loads(text[len("RulesiteHistory.add(") : -len(");\n")]).get("cited", {}).items()
            if len(items) >= 2
        ),
        (None, None, None),
    )
    if rel is None:
        pytest.fail("no current Core Rules rule is cited twice with its Cited by in its History")
    page = browse(corpora_root).new_page()
    page.goto(f"{corpora_root}{rel}")
    history = page.locator(f'.rule[data-rule="{number}"] > details.history')
    expect(history.locator("summary")).to_contain_text(f"cited by {len(cited)}")
    assert page.locator(f'.rule[data-rule="{number}"] > p.rule-meta').count() == 0  # not printed twice
    history.locator("summary").click()
    links = history.locator("p.rule-meta a")
    expect(links).to_have_count(len(cited))
    assert links.evaluate_all("links => links.map(a => [a.textContent, a.getAttribute('href')])") == cited
    expect(history.locator("li").first).to_be_visible()  # the edition rows as before
    for _, href in cited:  # each leads to a page of the site
        assert (site / posixpath.normpath(posixpath.join(posixpath.dirname(rel), href.split("#")[0].split("?")[0]))).is_file(), (
            href
        )


def test_an_old_link_into_a_list_now_in_parts_lands_on_the_item(corpora_site, corpora_root, browse):
    """`cards/s.html#<card>` made before the letter was cut into parts: the card
    is on s-2.html now, and the reader is taken there, to the card."""
    site = corpora_site.site
    cards = site / "riftbound" / "cards"
    first, second = (cards / "s.html").read_text(encoding="utf-8"), (cards / "s-2.html").read_text(encoding="utf-8")
    moved = next(
        a for a in re.findall(r'<h2 class="card"[^>]* id="([^"]+)"', second) if f'id="{a}"' not in first and "&" not in a
    )
    page = browse(corpora_root).new_page()
    page.goto(f"{corpora_root}riftbound/cards/s.html#{moved}")
    page.wait_for_url(re.compile(r".*/riftbound/cards/s-2\.html#.*"))
    assert page.url == f"{corpora_root}riftbound/cards/s-2.html#{moved}"
    expect(page.locator(f'[id="{moved}"]')).to_be_in_viewport()
    # An anchor the first part has stays there; one no part has stays too.
    kept = re.findall(r'<h2 class="card"[^>]* id="([^"]+)"', first)[0]
    page.goto(f"{corpora_root}riftbound/cards/s.html#{kept}")
    expect(page.locator(f'[id="{kept}"]')).to_be_in_viewport()
    page.goto(f"{corpora_root}riftbound/cards/s.html#no-such-card")
    page.wait_for_timeout(300)
    assert page.url == f"{corpora_root}riftbound/cards/s.html#no-such-card"


def _symbol_names(text: str) -> list[str]:
    return [part[2] for part in split_symbols(text) if isinstance(part, tuple)]


def _shows_symbols_in_words(box, text: str) -> None:
    """Every symbol of `text` inside `box`: one image named for screen readers,
    whose name is also on screen; no shorthand left."""
    names = _symbol_names(text)
    assert names, f"no symbol in {text[:60]!r}"
    for name in set(names):
        images = box.get_by_role("img", name=name, exact=True)
        expect(images).to_have_count(names.count(name))
        for k in range(images.count()):
            expect(images.nth(k)).to_be_visible()
            # Visible words, not only an attribute touch readers never see.
            assert name.split()[-1] in images.nth(k).inner_text()
    shown = box.inner_text()
    assert not re.search(r"\[(?:\d{1,2}|[ACMSETRGBOPY>])\]", shown), shown[:200]


def test_a_faq_answer_and_an_errata_box_show_card_symbols_in_words(corpora_site, corpora_root, browse):
    site = corpora_site.site
    answers = json.loads((site / "data/riftbound/faq.json").read_text(encoding="utf-8"))["answers"]
    faq = next(f for f in answers if "[A]" in f["answer"] and "[0]" in f["answer"])
    errata = json.loads((site / "data/riftbound/errata.json").read_text(encoding="utf-8"))["errata"]
    erratum = next(e for e in errata if "[A]" in e["new_text"] and e["card_url"])
    # The published data are plain text: they keep the Core Rules shorthand.
    assert "<" not in faq["answer"] and "[A]" in faq["answer"]

    page = browse(corpora_root).new_page()
    page.goto(corpora_root + faq["url"])
    anchor = faq["url"].split("#", 1)[1]
    answer = page.locator(f'[id="{anchor}"]').locator("xpath=following-sibling::p[contains(@class, 'faq-answer')][1]")
    expect(answer).to_be_visible()
    _shows_symbols_in_words(answer, faq["answer"])

    page.goto(corpora_root + erratum["card_url"])
    card_id = erratum["card_url"].split("#", 1)[1]
    # The card's own errata boxes follow its heading; this erratum's is the one of its date.
    boxes = page.locator(f'[id="{card_id}"]').locator("xpath=following-sibling::div[contains(@class, 'admonition')]")
    box = boxes.filter(has_text=erratum["date"]).first
    expect(box).to_be_visible()
    _shows_symbols_in_words(box, erratum["old_text"] + "\n" + erratum["new_text"])
