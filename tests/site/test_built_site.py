"""Acceptance: the real, strict build of rules_src/ (fixture `built_site`), read as HTML.

The counts going in come from the model (the seeds read and resolved again
here); the counts coming out are read from the HTML as lxml's tree (the check
stage's parsed-page helper, `rulesite.check.page`), never from the check's or
the renderer's own verdicts. Pages are found by what they hold (ids), not by the renderer's
paths, except where a path is a promise to readers (the rule and ruling URLs).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from rulesite.check.page import Page, classes, find_all, flat, html_files, load_page, text
from rulesite.check.command import check_offline, check_site
from rulesite.common.model import parent_number

# --- the built pages, read with the check stage's parsed-page helper (lxml) ------------


def text_outside(node, skip) -> str:
    """The text of `node` without that of descendants for which skip(descendant)."""
    return flat(text(node, skip))


# A document's whole text on one page (site_map/paths.py's `whole_document_page`):
# its section pages' rules again, by design, so it is read apart from the pages
# that must show each rule once.
WHOLE_PAGE = "all.html"


@dataclass
class Site:
    path: Path
    pages: dict  # rel -> Page, every page but the whole-document ones
    whole: dict  # rel -> Page, the whole-document pages

    def content(self) -> list[Page]:
        return [p for p in self.pages.values() if p.article is not None]

    def with_id(self, ident: str) -> list:
        return [(p, n) for p in self.pages.values() for n in p.ids.get(ident, [])]

    def one(self, ident: str):
        found = self.with_id(ident)
        where = [f"{p.rel}:{n.sourceline}" for p, n in found]
        assert len(found) == 1, f"id {ident!r} should be on exactly one element of the site, found {len(found)}: {where}"
        return found[0]

    def rule(self, number: str):
        """The page, the element anchored by the rule's number, and the rule's block
        (that element, or the element of class "rule" holding it)."""
        page, anchor = self.one(number)
        block = anchor if "rule" in classes(anchor) else next((a for a in anchor.iterancestors() if "rule" in classes(a)), None)
        assert block is not None, f"{page.rel}#{number}: the anchored element is not in an element of class 'rule'"
        return page, anchor, block


def is_example_box(node) -> bool:
    return {"admonition", "example"} <= classes(node)


# --- fixtures --------------------------------------------------------------------


def siblings_after(el):
    """The elements after `el` with the same parent, in order."""
    return (s for s in el.itersiblings() if isinstance(s.tag, str))


def read_site(folder: Path) -> Site:
    pages = {rel: load_page(folder, rel) for rel in html_files(folder)}
    assert pages, "the build wrote no HTML"
    whole = {rel: page for rel, page in pages.items() if rel.rpartition("/")[2] == WHOLE_PAGE}
    return Site(folder, {rel: page for rel, page in pages.items() if rel not in whole}, whole)


@pytest.fixture(scope="module")
def site(built_site) -> Site:
    return read_site(built_site.site)


def test_the_model_holds_the_seeds(ctx):
    """What goes in: the counts the seeds print (see tests/read/test_seed_importers.py)."""
    corpus = ctx.corpus
    rules = [r for _, r in corpus.rules()]
    assert len(rules) == 14 + 11 + 5  # 832 (union of two sources), 424, 701.20
    assert sum(len(r.examples) for r in rules) == 7 + 3 + 1
    assert len(corpus.faqs) == 1 + 4
    assert len(corpus.rulings) == 50
    assert len(corpus.walkthroughs) == 5


# --- the crawler ----------------------------------------------------------------


def test_every_link_lands_and_nothing_loads_from_the_network(built_site):
    assert check_site(built_site.site) == []
    assert check_offline(built_site.site) == []


def _loads(node) -> list[str]:
    """URLs the browser fetches by itself for this element."""
    urls = []
    for attr in ("src", "data", "poster"):
        if node.get(attr):
            urls.append(node.get(attr))
    if node.get("srcset"):
        urls += [part.split()[0] for part in node.get("srcset").split(",") if part.strip()]
    if node.tag == "link" and node.get("href"):
        rels = set(node.get("rel", "").lower().split())
        if not rels <= {"canonical", "alternate", "prev", "next", "author", "license", "help", "bookmark"}:
            urls.append(node.get("href"))
    urls += re.findall(r"url\(\s*['\"]?([^'\")]+)", node.get("style", ""))
    return urls


def test_no_page_loads_http_resources(site, built_site):
    remote = re.compile(r"^\s*(https?:)?//", re.IGNORECASE)
    found = []
    for page in site.pages.values():
        for node in page.root.iterdescendants():
            found += [f"{page.rel}:{node.sourceline}: <{node.tag}> {u}" for u in _loads(node) if remote.match(u)]
            if node.tag == "style":
                found += [
                    f"{page.rel}:{node.sourceline}: {u}"
                    for u in re.findall(r"(?:url\(|@import)\s*['\"]?((?:https?:)?//[^'\")\s]+)", text(node))
                ]
    for css in built_site.site.rglob("*.css"):
        css_text = css.read_text(encoding="utf-8", errors="replace")
        found += [f"{css.name}: {u}" for u in re.findall(r"(?:url\(|@import)\s*['\"]?((?:https?:)?//[^'\")\s]+)", css_text)]
    assert found == []


# --- every entry exactly once, text intact -------------------------------------------------


def _rule_blocks(site: Site) -> list:
    return [(p, n) for p in site.content() for n in p.article.iterdescendants() if "rule" in classes(n)]


def test_a_whole_document_page_holds_each_rule_of_its_section_pages_once(site, ctx):
    """Counts in = counts out on the one-page view too: every rule its folder's
    section pages show, under the same anchor, once, and no rule of another."""
    numbers = {r.number for _, r in ctx.corpus.rules()}
    assert site.whole, "each document has its whole page"
    for rel, whole in site.whole.items():
        folder = rel.rpartition("/")[0]
        on_sections = Counter(
            n.get("id")
            for page, block in _rule_blocks(site)
            if page.rel.rpartition("/")[0] == folder
            for n in [block, *block.iterdescendants()]
            if n.get("id") in numbers
        )
        on_whole = Counter(
            n.get("id")
            for block in whole.article.iterdescendants()
            if "rule" in classes(block)
            for n in [block, *block.iterdescendants()]
            if n.get("id") in numbers
        )
        assert on_sections and on_whole == on_sections, rel


def test_every_rule_is_one_anchored_element_with_its_text(site, ctx):
    rules = [r for _, r in ctx.corpus.rules()]
    numbers = {r.number for r in rules}
    blocks = _rule_blocks(site)
    # Counts in = counts out: one rule block per rule, and no other.
    assert len(blocks) == len(rules) == 30
    anchored = Counter()
    for page, block in blocks:
        inside = [n.get("id") for n in [block, *block.iterdescendants()] if n.get("id") in numbers]
        assert len(inside) == 1, f"{page.rel}:{block.line}: a rule block should hold one rule anchor, holds {inside}"
        anchored[inside[0]] += 1
    assert anchored == Counter(numbers)
    for rule in rules:
        page, anchor, block = site.rule(rule.number)
        own = text_outside(block, is_example_box)
        assert flat(rule.text) in own, f"{page.rel}#{rule.number}: text not shown intact"
        assert own.startswith(rule.number), f"{page.rel}#{rule.number}: a rule starts with its printed number"
        # Not doubled: no other rule block shows the same text.
        same = [b for _, b in blocks if b is not block and flat(rule.text) in text_outside(b, is_example_box)]
        assert same == [] or all(len(flat(rule.text)) < 20 for _ in same)


def test_rule_urls_are_the_documented_ones(site):
    page, anchor, _ = site.rule("832.1.c.2")
    assert page.rel == "riftbound/core-rules/832.html"
    assert anchor.get("id") == "832.1.c.2"
    # The number itself is a permalink to the rule.
    assert any(a.get("href") == "#832.1.c.2" and flat(a) == "832.1.c.2" for a in find_all(anchor, "a"))


def test_every_example_is_shown_apart_from_its_rule(site, ctx):
    boxes_out = [
        (p, n)
        for p in site.content()
        for n in p.article.iterdescendants()
        if is_example_box(n) and any("rule" in classes(a) for a in n.iterancestors())
    ]
    examples_in = [(r, e) for _, r in ctx.corpus.rules() for e in r.examples]
    assert len(boxes_out) == len(examples_in) == 11
    for rule, example in examples_in:
        page, _, block = site.rule(rule.number)
        boxes = [b for b in block.iterdescendants() if is_example_box(b)]
        box = next((b for b in boxes if flat(example.text) in flat(b)), None)
        assert box is not None, f"{page.rel}#{rule.number}: example not shown in an example box"
        assert [flat(t) for t in find_all(box, cls="admonition-title")] == [example.label]
        # The rule's own text, outside the box, does not repeat the example.
        own = text_outside(block, is_example_box)
        assert flat(rule.text) in own and flat(example.text) not in own
        # Exactly once: no other box shows it.
        assert [b for _, b in boxes_out if b is not box and flat(example.text) in flat(b)] == []


def test_every_faq_answer_has_a_permalink_and_is_shown_once(site, ctx):
    assert len(ctx.corpus.faqs) == 5
    found = []
    for faq in ctx.corpus.faqs:
        anchored = [
            (p, n)
            for p in site.pages.values()
            for i, ns in p.ids.items()
            if i.startswith("faq-")
            for n in ns
            if flat(faq.question) in flat(n)
        ]
        assert len(anchored) == 1, f"FAQ {faq.question[:40]!r}: {len(anchored)} anchored elements"
        page, node = anchored[0]
        ident = node.get("id")
        found.append(ident)
        # A permalink the reader can click.
        assert any(a.get("href") == f"#{ident}" for a in page.root.iterdescendants() if a.tag == "a")
        # Its answer follows it, before the next question.
        following = []
        for sibling in siblings_after(node):
            if re.fullmatch(r"h[1-6]", sibling.tag) or sibling.get("id", "").startswith("faq-"):
                break
            following.append(flat(sibling))
        assert flat(faq.answer) in " ".join(following), f"{page.rel}#{ident}: answer not after its question"
        # Exactly once in the site.
        holders = [p.rel for p in site.content() if flat(faq.answer) in flat(p.article)]
        assert holders == [page.rel]
        # On the page of its section.
        section = next(s for s in ctx.corpus.sections.values() if s.game == faq.game and s.number == faq.section)
        assert site.rule(section.rules[0].number)[0] is page
    assert len(set(found)) == 5


def test_every_ruling_has_its_page_with_numbered_steps_and_nuances(site, ctx):
    rulings = ctx.corpus.rulings
    pages = [p for p in site.pages if re.fullmatch(r"riftbound/rulings/(?!index\.html)[^/]+\.html", p)]
    assert len(pages) == len(rulings) == 50
    for ruling in rulings:
        # The element anchored by the ruling's id that shows it (a page in another
        # language may reuse the id for a heading that only points here).
        shown = [(p, n) for p, n in site.with_id(ruling.id) if flat(ruling.answer) in flat(n)]
        assert len(shown) == 1, f"ruling {ruling.id}: {len(shown)} anchored elements show it"
        page, node = shown[0]
        assert page.rel == f"riftbound/rulings/{ruling.id}.html"
        text = flat(node)
        assert flat(ruling.answer) in text
        lists = find_all(node, "ol")
        if ruling.steps:
            assert len(lists) == 1, f"{ruling.id}: Sequence should be one numbered list"
            items = [flat(li) for li in lists[0] if li.tag == "li"]
            assert items == [flat(s) for s in ruling.steps]
        else:
            assert lists == []
        notes = [
            n
            for n in find_all(node, cls="admonition")
            if "Nuances" in " ".join(flat(t) for t in find_all(n, cls="admonition-title"))
        ]
        if ruling.nuances:
            assert len(notes) == 1, f"{ruling.id}: Nuances should be one note"
            items = [flat(li) for li in find_all(notes[0], "li")]
            assert items == [flat(s) for s in ruling.nuances]
        else:
            assert notes == []
        # Shown once: no other page holds the answer.
        holders = [p.rel for p in site.content() if flat(ruling.answer) in flat(p.article)]
        assert holders == [page.rel]


def test_every_walkthrough_step_is_one_anchored_element(site, ctx):
    for walk in ctx.corpus.walkthroughs:
        pages = [p for p in site.pages.values() if p.rel.endswith(f"/walkthroughs/{walk.id}.html") and "step-1" in p.ids]
        assert len(pages) == 1, f"walkthrough {walk.id}: {len(pages)} pages with its steps"
        page = pages[0]
        steps = [n for n in page.article.iterdescendants() if re.fullmatch(r"step-\d+", n.get("id", ""))]
        assert len(steps) == len(walk.steps)
        for i, step in enumerate(walk.steps, 1):
            (node,) = page.ids[f"step-{i}"]
            assert flat(step.text) in flat(node)
            for cite in step.cites:
                assert any(flat(a) == cite.rule for a in find_all(node, "a")), f"{walk.id} step {i}: no link to {cite.rule}"


# --- what a reader sees on a section page ------------------------------------------


def test_nesting_is_visible(site, ctx, built_site):
    depth_of = {}
    for _, rule in ctx.corpus.rules():
        _, _, block = site.rule(rule.number)
        depths = [int(c.split("-")[1]) for c in classes(block) if re.fullmatch(r"depth-\d+", c)]
        assert len(depths) == 1, f"{rule.number}: one depth class"
        depth_of[rule.number] = depths[0]
    for _, rule in ctx.corpus.rules():
        parent = parent_number(rule.number)
        if parent in depth_of:
            assert depth_of[rule.number] == depth_of[parent] + 1, rule.number
    assert depth_of["832.1"] < depth_of["832.1.c"] < depth_of["832.1.c.2"]
    # ... and the site's stylesheet indents deeper rules further.
    page, _, _ = site.rule("832.1.c.2")
    sheets = [l.get("href") for l in page.root.iterdescendants() if l.tag == "link" and "stylesheet" in l.get("rel", "")]
    css = ""
    for href in sheets:
        file = (built_site.site / page.rel).parent / unquote(urlsplit(href).path)
        if file.is_file():
            css += file.read_text(encoding="utf-8").split("@media")[0]
    indent = {}
    for depth in sorted(set(depth_of.values())):
        match = re.search(rf"\.rule\.depth-{depth}\s*\{{[^}}]*margin-left:\s*([\d.]+)", css)
        assert match, f"no indentation for depth-{depth} in the page's stylesheets"
        indent[depth] = float(match.group(1))
    values = [indent[d] for d in sorted(indent)]
    assert values == sorted(values) and len(set(values)) == len(values)


def test_each_section_page_names_its_sources_and_editions(site, ctx):
    undated = {"en": "undated", "es": "sin fecha"}
    for section in ctx.corpus.sections.values():
        page, _, _ = site.rule(section.rules[0].number)
        text = flat(page.article)
        for source_id in section.source_ids:
            source = ctx.corpus.sources[source_id]
            assert source.title and flat(source.title) in text, f"{page.rel}: source {source_id} not named"
            edition = source.edition if source.edition != "undated" else undated[section.language]
            assert edition in text, f"{page.rel}: edition of {source_id} not given"


def test_magic_page_says_its_letters_were_restored(site):
    page, _, _ = site.rule("701.20c")
    assert re.search(r"restablecid|restored", flat(page.article))


def test_walkthroughs_are_linked_from_the_rules_they_cite(site, ctx):
    _, _, node = site.rule("832.1.d.1")
    assert any(urlsplit(a.get("href", "")).path.endswith("primordial-roar-frigid-touch.html") for a in find_all(node, "a"))
    for walk in ctx.corpus.walkthroughs:
        for number in {c.rule for s in walk.steps for c in s.cites}:
            _, _, node = site.rule(number)
            hrefs = [urlsplit(a.get("href", "")).path for a in find_all(node, "a")]
            assert any(h.endswith(f"/{walk.id}.html") for h in hrefs), f"rule {number} does not link to {walk.id}"


@pytest.mark.parametrize("number, holder", [("355", "832.1.c.2"), ("602.2a", "701.20a"), ("811.5.a", None), ("129.4", None)])
def test_references_to_rules_not_in_the_sources_are_marked_not_linked(site, ctx, number, holder):
    if holder is not None:
        _, _, node = site.rule(holder)
    else:  # the 832 FAQ answer
        faq = next(f for f in ctx.corpus.faqs if f.section == "832")
        page = next(p for p in site.content() if flat(faq.answer) in flat(p.article))
        node = next(n for n in page.article.iterdescendants() if n.tag == "p" and flat(faq.answer) in flat(n))
    spans = [s for s in find_all(node, "span", "ref-missing") if flat(s) == number]
    assert len(spans) == 1
    assert not any(flat(a) == number for a in find_all(node, "a"))
    # Nowhere in the site is the number a link.
    for page in site.content():
        for a in page.article.iterdescendants():
            if a.tag == "a" and flat(a) == number:
                pytest.fail(f"{page.rel}:{a.sourceline}: {number} is a link, but rule {number} is not in the sources")


def test_references_to_rules_in_the_sources_are_links(site):
    """The walkthrough pages cite rules of 832: each is a link to the rule's anchor."""
    page = next(p for p in site.pages.values() if p.rel.endswith("/primordial-roar-frigid-touch.html") and "step-1" in p.ids)
    target = site.pages["riftbound/core-rules/832.html"]
    for a in find_all(page.ids["step-2"][0], "a"):
        if flat(a) == "832.1.c.2":
            href = urlsplit(a.get("href"))
            assert href.fragment == "832.1.c.2" and href.path.endswith("core-rules/832.html")
            assert "832.1.c.2" in target.ids
            break
    else:
        pytest.fail("step 2 does not link rule 832.1.c.2")


def test_keywords_link_to_their_section_but_not_on_its_own_page(site):
    page, _, block = site.rule("832.1.c")  # "... you may reveal [Object] ..."
    links = [a for a in find_all(block, "a") if flat(a) == "reveal"]
    assert len(links) == 1 and urlsplit(links[0].get("href")).path.endswith("424.html")
    # The 832 page says "Show Off" everywhere, and links none of it to itself.
    article = page.article
    assert flat(article).count("Show Off") > 10
    self_links = [
        a
        for a in article.iterdescendants()
        if a.tag == "a"
        and (
            flat(a).lower().strip("[]") in {"show off", "showing off", "shown off", "showed off"}
            or ("keyword" in classes(a) and urlsplit(a.get("href", "")).path in ("", "832.html"))
        )
    ]
    assert self_links == []


# --- build output, home page, navigation --------------------------------------------------


def test_mkdocs_printed_no_warning(built_site, tmp_path):
    assert not re.search(r"^\s*WARNING\b", built_site.stdout + built_site.stderr, re.MULTILINE)
    # build.py prints MkDocs' own output only when it fails, so also run MkDocs
    # again on the very configs and docs the build generated, and read its output.
    configs = sorted(built_site.docs.parent.joinpath(".build").rglob("mkdocs*.yml"))
    assert configs, "the build left no generated MkDocs config next to its docs folder"
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    for i, config in enumerate(configs):
        result = subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "-f", str(config), "-d", str(tmp_path / f"site{i}")],
            capture_output=True,
            text=True,
            env=env,
            cwd=Path(__file__).resolve().parents[2],
            timeout=600,
        )
        output = result.stdout + result.stderr
        assert result.returncode == 0, output[-3000:]
        assert [l for l in output.splitlines() if "WARNING" in l] == []


def test_home_page_explains_how_to_link_to_a_rule_and_a_ruling(site, ctx):
    home = site.pages["index.html"]
    text = flat(home.article)
    assert re.search(r"\blink", text, re.IGNORECASE)
    rule_numbers = {r.number for _, r in ctx.corpus.rules()}
    ruling_ids = {r.id for r in ctx.corpus.rulings}
    rule_links, ruling_links = [], []
    for a in find_all(home.article, "a"):
        href = urlsplit(a.get("href", ""))
        if href.fragment in rule_numbers and href.path.endswith(".html"):
            rule_links.append(href)
        if re.search(r"rulings/([^/]+)\.html$", href.path) and href.path.rsplit("/", 1)[1][:-5] in ruling_ids:
            ruling_links.append(href)
    assert rule_links, "the home page shows no example link to a rule (page.html#number)"
    assert ruling_links, "the home page shows no example link to a ruling (rulings/<id>.html)"
    # The address to type is shown as text, not only as a link.
    codes = " ".join(flat(c) for c in find_all(home.article, "code"))
    assert re.search(r"\.html#\d{3}", codes) and re.search(r"rulings/[a-z0-9-]+\.html", codes)


def nav_links(page) -> set[str]:
    """The paths the primary navigation of a built page links to (not its table of contents)."""
    primary = [n for n in page.root.iterdescendants() if n.tag == "nav" and "md-nav--primary" in classes(n)]
    assert len(primary) == 1
    hrefs = set()
    for a in find_all(primary[0], "a"):
        if any("md-nav--secondary" in classes(x) for x in a.iterancestors()):
            continue  # the table of contents of the page itself
        href = urlsplit(a.get("href", ""))
        if href.path and not href.scheme:
            hrefs.add(href.path)
    return hrefs


def test_navigation_lists_sections_and_indexes_but_not_each_ruling(site, ctx):
    hrefs = nav_links(site.pages["index.html"])
    # Each page holds only the part of the navigation it shows (navigation.prune):
    # a document's sections are listed on the pages of that document, from its
    # contents page on. The English site's own sections; another language's live
    # on its own site (no stub here), reached through the document's contents page.
    for section in ctx.corpus.sections.values():
        if section.language == "en":
            contents = f"{section.game}/{section.document}/index.html"
            assert contents in site.pages, f"no contents page {contents}"
            listed = nav_links(site.pages[contents])
            assert any(h.endswith(f"/{section.number}.html") or h == f"{section.number}.html" for h in listed), (
                f"section {section.number} not in the navigation of {contents}"
            )
    for index in (
        "riftbound/index.html",
        "riftbound/rulings/index.html",
        "riftbound/faq.html",
        "riftbound/walkthroughs/index.html",
    ):
        assert any(h.endswith(index) for h in hrefs), f"{index} not in the nav"
    rulings = {r.id for r in ctx.corpus.rulings}
    walks = {w.id for w in ctx.corpus.walkthroughs}
    listed = {h.rsplit("/", 1)[-1].removesuffix(".html") for h in hrefs}
    assert listed & rulings == set()
    assert listed & walks == set()


def test_each_language_home_page_names_its_change_feed_and_the_feed_is_atom(built_site):
    """feed.xml at each language's root, valid by RFC 4287's rules, named by the
    home page as an alternate; no other page names it."""
    from atom_rules import problems

    site = built_site.site
    homes = [site / "index.html", *sorted(site.glob("*/index.html"))]
    languages = [home for home in homes if (home.parent / "feed.xml").is_file()]
    assert len(languages) >= 2, "no feed.xml beside the English and Spanish home pages"
    for home in languages:
        feed = home.parent / "feed.xml"
        assert problems(feed.read_bytes()) == [], feed
        links = re.findall(
            r'<link rel="alternate feed" type="application/atom\+xml" href="([^"]*)"', home.read_text(encoding="utf-8")
        )
        assert links == ["feed.xml"], home
    section = next(site.glob("riftbound/core-rules/*.html"))
    assert "application/atom+xml" not in section.read_text(encoding="utf-8")
