"""Word search as a reader on a phone uses it (390×844, touch), over http://
and file://: each query typed into the site's search box, its first results
and their labels checked once every file of the word index has arrived.

On the seed site: the section whose title or keyword is the query comes
first ("reveal", "show off"), a misspelt word of five letters or more finds
it too ("revael"), every result names its kind, the Spanish site searches
its own rules, Enter opens the first result, ?q= in the address opens
the search with its results, and a word only a rule's example prints finds
that example, labelled so, and opens it. On the full corpora site (they fail
loudly under CI when the corpora are missing): 811 for "hidden", 832 for "show off", 424 for
"reveal" and "revael", the card for "Zhonya", a word only one example
prints finding that example, "TR 703.4" keeping its word
results to the Tournament Rules, and the Spanish and French sites.

The expected pages are found in the built HTML (the current section whose
heading is the keyword), never written here.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from browser_site import PHONE, await_every_word_file
from playwright.sync_api import expect

from rulesite.check.page import load_page
from rulesite.common.strings import SEARCH_STRINGS
from word_index_files import index_texts_by_entry, text_rows

pytestmark = pytest.mark.browser

KINDS = {lang: {k: v for k, v in table.items() if k.startswith("kind-")} for lang, table in SEARCH_STRINGS.items()}


def open_search(page, root: str, where: str = "index.html"):
    page.goto(root + where)
    toggle = page.locator('label.md-header__button[for="__search"]')
    if toggle.is_visible():  # phone width: the search icon opens the search
        toggle.tap()
    box = page.locator("input.md-search__input")
    box.tap()
    return box


def word_results(page, box, query: str) -> list[dict]:
    """Types `query`; once every file of the word index has arrived, returns
    each word result as {path (from the language site's root), title, label}."""
    box.fill("")
    box.press_sequentially(query, delay=20)
    await_every_word_file(page, query)
    return page.evaluate(
        """() => [...document.querySelectorAll('.md-search-result__list > .md-search-result__item > a.md-search-result__link')]
            .map(a => ({
                path: a.href.slice(String(Rulesite.siteRoot()).length).split('#')[0],
                title: (a.querySelector('h1, h2') || {}).textContent || '',
                label: (a.querySelector('.rulesite-result-label') || {}).textContent || null,
            }))"""
    )


def current_section(site, folder: str, title: str) -> str:
    """The page (from the site root) of the section of `folder` (a current
    edition's folder) whose heading is "<number> <title>"."""
    found = []
    for path in sorted((site / folder).glob("*.html")):
        h1 = load_page(site, path.relative_to(site).as_posix()).root.xpath("//article//h1")
        heading = " ".join("".join(h1[0].xpath("./text()")).split()) if h1 else ""  # not its "§" link
        if re.fullmatch(r"[\d.]+ " + re.escape(title), heading):
            found.append(path.relative_to(site).as_posix())
    if len(found) != 1:
        pytest.fail(f"expected one section titled {title!r} in {folder}, found {found}")
    return found[0]


def assert_labelled(results: list[dict], lang: str = "en") -> None:
    kinds = tuple(KINDS[lang].values())
    unlabelled = [r for r in results if not (r["label"] or "").startswith(kinds)]
    assert not unlabelled, unlabelled


def assert_other_editions_are_tappable(page) -> int:
    """Each link of the results' "also in ..." lines is a target of 24×24 CSS px at
    least (WCAG 2.2 target size), overlapping no other, and its text reads at 4.5:1
    or more on what is behind it, in the light and the dark palette. Returns how many."""
    boxes = [link.bounding_box() for link in page.locator(".rulesite-result-also a").all()]
    small = [b for b in boxes if b is None or b["width"] < 24 or b["height"] < 24]
    assert not small, small
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            overlap = min(a["x"] + a["width"], b["x"] + b["width"]) > max(a["x"], b["x"]) and min(
                a["y"] + a["height"], b["y"] + b["height"]
            ) > max(a["y"], b["y"])
            assert not overlap, (a, b)
    for scheme in ("default", "slate"):
        ratios = page.evaluate(CONTRAST, scheme)
        assert ratios and min(ratios) >= 4.5, (scheme, ratios)
    return len(boxes)


# Each also-link's contrast ratio (WCAG): its colour over the first opaque background
# behind it, alpha blended, in the palette `scheme` (the body's data-md-color-scheme).
CONTRAST = r"""scheme => {
    document.body.setAttribute('data-md-color-scheme', scheme);
    const rgba = c => (c.match(/[\d.]+/g) || []).map(Number).concat([1]).slice(0, 4);
    const lum = ([r, g, b]) => [r, g, b].map(v => v / 255).map(v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
        .reduce((s, v, k) => s + v * [0.2126, 0.7152, 0.0722][k], 0);
    const over = (top, under) => top.slice(0, 3).map((v, k) => v * top[3] + under[k] * (1 - top[3]));
    return [...document.querySelectorAll('.rulesite-result-also a')].map(a => {
        const layers = [];
        for (let el = a; el; el = el.parentElement) {
            const bg = rgba(getComputedStyle(el).backgroundColor);
            if (bg[3] > 0) layers.push(bg);
            if (bg[3] === 1) break;
        }
        let back = [255, 255, 255];
        for (const layer of layers.reverse()) back = over(layer, back);
        const fore = over(rgba(getComputedStyle(a).color), back);
        const [l1, l2] = [lum(fore), lum(back)].sort((x, y) => y - x);
        return (l1 + 0.05) / (l2 + 0.05);
    });
}"""


# -- The seed site --------------------------------------------------------------


@pytest.fixture
def phone(browse, root_url):
    return browse(root_url, viewport=PHONE, touch=True).new_page()


@pytest.mark.parametrize(("query", "title"), [("reveal", "Reveal"), ("show off", "Show Off"), ("revael", "Reveal")])
def test_the_section_a_keyword_names_comes_first(built_site, root_url, phone, query, title):
    expected = current_section(built_site.site, "riftbound/core-rules", title)
    results = word_results(phone, open_search(phone, root_url), query)
    assert results, query
    first = results[0]
    assert first["path"] == expected, (query, results[:5])
    assert first["label"].startswith("Section · Riftbound · Core Rules"), first
    assert "older edition" not in first["label"], first
    assert_labelled(results)


def test_the_spanish_site_searches_its_own_rules(built_site, root_url, phone):
    expected = current_section(built_site.site / "es", "magic/comprehensive-rules", "Mostrar")
    results = word_results(phone, open_search(phone, root_url, "es/index.html"), "mostrar")
    assert results and results[0]["path"] == expected, results[:5]
    assert results[0]["label"].startswith("Sección · Magic: The Gathering"), results[0]
    assert_labelled(results, "es")


def test_enter_opens_the_first_word_result(built_site, root_url, phone):
    expected = current_section(built_site.site, "riftbound/core-rules", "Show Off")
    box = open_search(phone, root_url)
    results = word_results(phone, box, "show off")
    assert results[0]["path"] == expected, results[:3]
    with phone.expect_navigation():
        box.press("Enter")
    assert phone.url.split("#")[0].endswith("/" + expected), phone.url
    expect(phone.locator("article h1").first).to_contain_text("Show Off")


def test_a_search_in_the_address_opens_with_its_results(built_site, root_url, phone):
    expected = current_section(built_site.site, "riftbound/core-rules", "Reveal")
    phone.goto(root_url + "index.html?q=reveal")
    first = phone.locator(".md-search-result__list a.md-search-result__link").first
    expect(first).to_be_visible(timeout=30_000)
    assert first.get_attribute("href").split("#")[0].endswith("/" + expected), first.get_attribute("href")
    expect(phone.locator("input.md-search__input")).to_have_value("reveal")


def test_words_of_a_rules_example_find_that_example(built_site, root_url, phone):
    # "sufficient" is printed, in the seed's 832 Show Off, by one example only.
    expected = current_section(built_site.site, "riftbound/core-rules", "Show Off")
    box = open_search(phone, root_url)
    results = word_results(phone, box, "sufficient")
    assert [r["path"] for r in results] == [expected], results[:5]
    assert results[0]["label"].startswith(KINDS["en"]["kind-example"] + " · Riftbound · Core Rules"), results[0]
    href = phone.locator(".md-search-result__list a.md-search-result__link").first.get_attribute("href")
    anchor = href.split("#")[1]
    assert re.fullmatch(re.escape(results[0]["title"]) + r"-example-\d+", anchor), (href, results[0])
    with phone.expect_navigation():
        box.press("Enter")
    expect(phone.locator(f'[id="{anchor}"]')).to_contain_text("sufficient")


# -- The full corpora site ------------------------------------------------------


# corpora_origin, corpora_root: tests/browser/conftest.py


@pytest.fixture
def corpora_phone(browse, corpora_root):
    return browse(corpora_root, viewport=PHONE, touch=True).new_page()


@pytest.mark.corpora
def test_keywords_then_cards_first_on_the_full_site(corpora_site, corpora_root, corpora_phone):
    site = corpora_site.site
    box = open_search(corpora_phone, corpora_root)
    for query, title in (("show off", "Show Off"), ("reveal", "Reveal"), ("hidden", "Hidden"), ("revael", "Reveal")):
        expected = current_section(site, "riftbound/core-rules", title)
        results = word_results(corpora_phone, box, query)
        assert results and results[0]["path"] == expected, (query, expected, results[:8])
        label = results[0]["label"]
        assert label.startswith("Section · Riftbound · Core Rules · ") and "older edition" not in label, (query, label)
        assert_labelled(results)
    # A card's name: the card first, before the rulings that name it.
    results = word_results(corpora_phone, box, "Zhonya")
    first = results[0]
    assert first["label"] == "Card · Riftbound · Cards" and "Zhonya" in first["title"], results[:5]
    assert first["path"].startswith("riftbound/cards/"), first
    assert any(r["label"].startswith("Ruling · ") for r in results), results
    assert_labelled(results)


@pytest.mark.corpora
def test_a_word_only_an_example_prints_finds_it_on_the_full_site(corpora_site, corpora_root, corpora_phone):
    # The word is chosen from the built index: one of nine letters or more that
    # one entry alone holds (nor begins a word of another), an example of
    # today's Core Rules.
    site = corpora_site.site
    docs, rows = text_rows(site)
    holders: dict[str, set[int]] = {}
    for k, text in enumerate(index_texts_by_entry(site)):
        for word in set(re.findall(r"[a-z]+", text.lower())):
            holders.setdefault(word, set()).add(k)

    def alone(word: str) -> bool:
        return len(set().union(*(ks for w, ks in holders.items() if w.startswith(word)))) == 1

    example, word = next(
        (row, w)
        for row in rows
        if row[0] == "e" and docs[row[1]]["current"] and docs[row[1]]["document"] == "Core Rules"
        for w in sorted(set(re.findall(r"[a-z]{9,}", row[5].lower())))
        if len(holders.get(w, ())) == 1 and alone(w)
    )
    box = open_search(corpora_phone, corpora_root)
    results = word_results(corpora_phone, box, word)
    assert len(results) == 1 and results[0]["path"] == example[2].split("#")[0], (word, example[2], results)
    assert results[0]["title"] == example[3], results
    assert results[0]["label"].startswith(KINDS["en"]["kind-example"] + " · Riftbound · Core Rules · "), results
    href = corpora_phone.locator(".md-search-result__list a.md-search-result__link").first.get_attribute("href")
    assert href.endswith("#" + example[2].split("#")[1]), (href, example[2])


@pytest.mark.corpora
def test_a_document_prefix_keeps_word_results_to_that_document(corpora_site, corpora_root, corpora_phone):
    documents = json.loads((corpora_site.site / "data/editions.json").read_text(encoding="utf-8"))["documents"]
    tournament = next(d for d in documents if d["document"] == "tournament-rules" and d["language"] == "en")
    box = open_search(corpora_phone, corpora_root)
    results = word_results(corpora_phone, box, "TR 703.4")
    # The rule itself heads the number results, and the word results hold nothing but Tournament Rules.
    number = corpora_phone.locator(".rulesite-jump a.rulesite-jump__link").first
    expect(number).to_contain_text("703.4")
    expect(number).to_contain_text("Tournament Rules")
    assert results, "no word result for TR 703.4"
    assert all(" · Tournament Rules · " in r["label"] for r in results), [r for r in results if "Tournament" not in r["label"]]
    assert results[0]["label"] == f"Rule · Riftbound · Tournament Rules · {tournament['current']}", results[:3]
    assert results[0]["title"].startswith("703.4"), results[:3]


@pytest.mark.corpora
def test_spanish_and_french_sites_search_their_own_pages(corpora_site, corpora_root, corpora_phone):
    site = corpora_site.site
    expected = current_section(site / "es", "magic/comprehensive-rules", "Mostrar")
    results = word_results(corpora_phone, open_search(corpora_phone, corpora_root, "es/index.html"), "mostrar")
    assert results and results[0]["path"] == expected, results[:5]
    assert_labelled(results, "es")
    # French: an explainer, found by its title without its accents.
    guides = sorted(p for p in (site / "fr/riftbound/guides").glob("*.html") if p.name != "index.html")
    titles = {
        p: " ".join(load_page(site, p.relative_to(site).as_posix()).root.xpath("string(//article//h1)").split()) for p in guides
    }
    accented = next(((p, t) for p, t in titles.items() if re.search(r"[éèà]", t)), None)
    if accented is None:
        pytest.fail(f"no French explainer with an accented title: {titles}")
    path, title = accented
    word = next(w for w in title.split() if re.search(r"[éèà]", w))
    plain = word.translate(str.maketrans("éèà", "eea")).lower()
    results = word_results(corpora_phone, open_search(corpora_phone, corpora_root, "fr/index.html"), plain)
    assert results and results[0]["path"] == path.relative_to(site / "fr").as_posix(), (plain, results[:5])
    assert results[0]["label"].startswith("Guide · Riftbound"), results[0]
    assert_labelled(results, "fr")


# -- One result per rule, today's first (issue 39) --------------------------------


# A phone's first screen of results: the first entries it shows without scrolling.
FIRST_SCREEN = 6


def _editions_data(site) -> dict[str, dict]:
    """(document name, edition label) -> that edition's published data, English only."""
    out = {}
    for doc in json.loads((site / "data/editions.json").read_text(encoding="utf-8"))["documents"]:
        if doc["language"] == "en":
            for edition in doc["editions"]:
                data = json.loads((site / "data" / edition["file"]).read_text(encoding="utf-8"))
                out[(doc["document"], edition["label"])] = data
    return out


def _identities(site) -> tuple[dict[str, str], dict[str, str]]:
    """(url -> the identity of the rule it shows, identity -> its url in the current
    edition), from the published data: a section's page stands for its first rule
    (the data lists no heading)."""
    documents = json.loads((site / "data/editions.json").read_text(encoding="utf-8"))["documents"]
    of_url: dict[str, str] = {}
    today: dict[str, str] = {}
    for doc in documents:
        if doc["language"] != "en":
            continue
        for edition in doc["editions"]:
            data = json.loads((site / "data" / edition["file"]).read_text(encoding="utf-8"))
            for rule in data["rules"]:
                ident = f"{doc['document']}:{rule['id']}"
                page = rule["url"].split("#")[0]
                of_url.setdefault(rule["url"], ident)
                if page not in of_url:  # the section's first rule
                    of_url[page] = "section " + ident
                    if edition["label"] == doc["current"]:
                        today.setdefault("section " + ident, page)
                if edition["label"] == doc["current"]:
                    today.setdefault(ident, rule["url"])
    return of_url, today


def results_with_editions(page, box, query: str) -> list[dict]:
    """`word_results`, each with its line of other editions: [{words, href}] of its links."""
    word_results(page, box, query)
    return page.evaluate(
        """() => [...document.querySelectorAll('.md-search-result__list > .md-search-result__item')].map(li => {
            const a = li.querySelector('a.md-search-result__link');
            const also = li.querySelector('.rulesite-result-also');
            const root = String(Rulesite.siteRoot());
            return {
                url: a.href.slice(root.length),
                title: (a.querySelector('h1, h2') || {}).textContent || '',
                label: (a.querySelector('.rulesite-result-label') || {}).textContent || '',
                also: also ? also.textContent : '',
                others: also ? [...also.querySelectorAll('a')].map(x => ({words: x.textContent, url: x.href.slice(root.length)})) : [],
            };
        })"""
    )


@pytest.mark.corpora
def test_a_keywords_first_screen_shows_each_rule_once_and_today_s(corpora_site, corpora_root, corpora_phone):
    site = corpora_site.site
    of_url, today = _identities(site)
    box = open_search(corpora_phone, corpora_root)
    # Keywords of the Core Rules that v1.1 and v1.2 print too, and one of the Tournament Rules.
    for query, title in (("tank", "Tank"), ("ganking", "Ganking"), ("tiebreakers", "Tiebreakers")):
        folder = "riftbound/tournament-rules" if query == "tiebreakers" else "riftbound/core-rules"
        expected = current_section(site, folder, title)
        results = results_with_editions(corpora_phone, box, query)
        screen = results[:FIRST_SCREEN]
        assert screen and screen[0]["url"] == expected, (query, expected, screen)
        # One entry per rule: no two results on the first screen are one rule in two editions.
        idents = [of_url.get(r["url"]) for r in screen if r["url"] in of_url]
        assert len(idents) == len(set(idents)), (query, [(r["title"], r["label"]) for r in screen])
        # Each is today's text where today's edition prints it, and no entry says "older edition".
        for r, ident in ((r, of_url.get(r["url"])) for r in screen):
            if ident in today:
                assert r["url"] == today[ident], (query, r, today[ident])
            assert "older edition" not in r["label"], (query, r)
        # The older editions are reachable from today's entry: each link opens that edition's page.
        first = screen[0]
        assert first["others"], (query, first)
        for other in first["others"]:
            page, _, anchor = other["url"].partition("#")
            assert (site / page).is_file() and not anchor, (query, other)
            assert of_url.get(page) == of_url[expected], (query, other, "is not the same section")
        assert first["also"].startswith("also in "), first
        for other in first["others"]:  # "v1.2 as 741": the edition and the number there
            edition, number = other["url"].split("/")[-2], other["url"].split("/")[-1].removesuffix(".html")
            assert other["words"] == f"{edition} as {number}", (query, other)
        # Each of those links is big enough to tap on the phone, and reads in both palettes.
        assert assert_other_editions_are_tappable(corpora_phone) >= len(first["others"])
        corpora_phone.evaluate("document.body.setAttribute('data-md-color-scheme', 'default')")
    # Following one opens the older edition's section.
    link = corpora_phone.locator(".rulesite-result-also a").first
    href = link.get_attribute("href")
    with corpora_phone.expect_navigation():
        link.tap()
    assert corpora_phone.url.split("#")[0] == href.split("#")[0], (corpora_phone.url, href)


@pytest.mark.corpora
def test_an_undated_edition_is_named_by_its_source_not_as_an_older_one(corpora_site, corpora_root, corpora_phone):
    # The undated web page prints section 424 Reveal beside v1.4's: one result, today's,
    # naming the web page among the other places that print it.
    site = corpora_site.site
    expected = current_section(site, "riftbound/core-rules", "Reveal")
    box = open_search(corpora_phone, corpora_root)
    results = results_with_editions(corpora_phone, box, "reveal")
    reveal = [r for r in results if r["title"].endswith(" Reveal") and r["url"].startswith("riftbound/")]
    assert [r["url"] for r in reveal] == [expected], reveal
    assert not [r for r in results if "older edition" in r["label"]], [r for r in results if "older edition" in r["label"]][:3]
    undated = [o for o in reveal[0]["others"] if "/undated/" in o["url"]]
    assert undated, reveal[0]
    # Named by its source's title (the manifest's), not as an anonymous edition.
    manifest = yaml.safe_load((Path(__file__).parents[2] / "rules_src/manifest.yml").read_text(encoding="utf-8"))
    title = next(s["title"] for s in manifest["sources"] if s["edition"] == "undated" and "424" in s["path"])
    assert undated[0]["words"] == f"{title} as 424", undated


@pytest.mark.corpora
def test_an_infraction_and_a_defined_term_come_first(corpora_site, corpora_root, corpora_phone):
    # The rule that names them (found in the published data) is the first result,
    # before the rules that only mention them.
    site = corpora_site.site
    data = _editions_data(site)
    documents = json.loads((site / "data/editions.json").read_text(encoding="utf-8"))["documents"]
    current = {d["document"]: d["current"] for d in documents if d["language"] == "en"}

    def opening(document: str, pattern: str) -> dict:
        found = [r for r in data[(document, current[document])]["rules"] if re.match(pattern, r["text"])]
        assert len(found) == 1, (document, pattern, found)
        return found[0]

    infraction = opening("tournament-rules", r"Slow Play \[[A-Za-z ]+\]: ")
    term = opening("core-rules", r"The First Player is ")
    box = open_search(corpora_phone, corpora_root)
    for query, rule, document in (("slow play", infraction, "Tournament Rules"), ("first player", term, "Core Rules")):
        results = results_with_editions(corpora_phone, box, query)
        assert results, query
        first = results[0]
        assert first["url"] == rule["url"], (query, rule["url"], [(r["title"], r["url"]) for r in results[:5]])
        assert first["title"].startswith(rule["number"] + " "), first
        assert first["label"] == f"Rule · Riftbound · {document} · {current[document.lower().replace(' ', '-')]}", first
    # The rules that cite the infraction come after it.
    citing = [r for r in results_with_editions(corpora_phone, box, "slow play") if r["url"] != infraction["url"]]
    assert citing, "no other rule mentions slow play"


@pytest.mark.corpora
def test_an_older_editions_number_says_where_the_rule_is_now(corpora_site, corpora_root, corpora_phone):
    # A v1.2 rule that v1.4 prints under another number (found in the published data).
    site = corpora_site.site
    data = _editions_data(site)
    now_of = {r["id"]: r["number"] for r in data[("core-rules", "v1.4")]["rules"]}
    old, now = next(
        (r, now_of[r["id"]])
        for r in data[("core-rules", "v1.2")]["rules"]
        if r["number"].startswith("411.1") and now_of.get(r["id"], r["number"]) != r["number"]
    )
    box = open_search(corpora_phone, corpora_root)
    box.fill("")
    box.press_sequentially(f"v1.2 {old['number']}", delay=20)
    first = corpora_phone.locator(".rulesite-jump a.rulesite-jump__link").first
    expect(first).to_be_visible(timeout=30_000)
    assert first.get_attribute("href").split("#")[1] == old["number"], first.get_attribute("href")
    expect(first.locator(".rulesite-jump__where")).to_contain_text("v1.2")
    expect(first.locator(".rulesite-jump__now")).to_have_text(f"now {now}")
