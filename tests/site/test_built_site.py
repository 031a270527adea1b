"""Acceptance: the real, strict build of rules_src/ (fixture `built_site`), read as HTML.

The counts going in come from the model (the seeds read and resolved again
here); the counts coming out are read from the HTML with a small parser of this
file's own, so nothing here trusts check/entries.py or the renderer to judge
themselves. Pages are found by what they hold (ids), not by the renderer's
paths, except where a path is a promise to readers (the rule and ruling URLs).
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from rulesite.check.site_links import check_offline, check_site
from rulesite.model import parent_number

# --- a small HTML tree of our own ------------------------------------------------------

_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


@dataclass(eq=False)
class Node:
    tag: str
    attrs: dict
    line: int
    parent: Node | None = None
    children: list = field(default_factory=list)  # Node or str

    @property
    def classes(self) -> set[str]:
        return set((self.attrs.get("class") or "").split())

    def text(self) -> str:
        parts = []
        for child in self.children:
            parts.append(child if isinstance(child, str) else child.text())
        return "".join(parts)

    def flat(self) -> str:
        return flat(self.text())

    def iter(self):
        for child in self.children:
            if isinstance(child, Node):
                yield child
                yield from child.iter()

    def find_all(self, tag: str | None = None, cls: str | None = None):
        return [n for n in self.iter() if (tag is None or n.tag == tag) and (cls is None or cls in n.classes)]

    def ancestors(self):
        node = self.parent
        while node is not None:
            yield node
            node = node.parent

    def element_siblings_after(self):
        assert self.parent is not None
        seen = False
        for child in self.parent.children:
            if child is self:
                seen = True
            elif seen and isinstance(child, Node):
                yield child


class _Tree(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {}, 0)
        self.stack = [self.root]

    def handle_starttag(self, tag, attrs):
        node = Node(tag, {k: (v if v is not None else "") for k, v in attrs}, self.getpos()[0], self.stack[-1])
        self.stack[-1].children.append(node)
        if tag not in _VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag, attrs):
        node = Node(tag, {k: (v if v is not None else "") for k, v in attrs}, self.getpos()[0], self.stack[-1])
        self.stack[-1].children.append(node)

    def handle_endtag(self, tag):
        if tag in _VOID or not any(n.tag == tag for n in self.stack[1:]):
            return
        while len(self.stack) > 1:
            if self.stack.pop().tag == tag:
                break

    def handle_data(self, data):
        self.stack[-1].children.append(data)


def parse(html: str) -> Node:
    tree = _Tree()
    tree.feed(html)
    tree.close()
    return tree.root


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


@dataclass
class Page:
    rel: str  # path inside the site, with "/"
    root: Node
    ids: dict  # id -> list of nodes

    @property
    def article(self) -> Node | None:
        """The page's content; None on pages that only redirect (short rule links)."""
        found = [n for n in self.root.iter() if n.tag == "article"]
        assert len(found) <= 1, f"{self.rel}: more than one <article>"
        return found[0] if found else None


@dataclass
class Site:
    path: Path
    pages: dict  # rel -> Page

    def content(self) -> list[Page]:
        return [p for p in self.pages.values() if p.article is not None]

    def with_id(self, ident: str) -> list[tuple[Page, Node]]:
        return [(p, n) for p in self.pages.values() for n in p.ids.get(ident, [])]

    def one(self, ident: str) -> tuple[Page, Node]:
        found = self.with_id(ident)
        where = [f"{p.rel}:{n.line}" for p, n in found]
        assert len(found) == 1, f"id {ident!r} should be on exactly one element of the site, found {len(found)}: {where}"
        return found[0]

    def rule(self, number: str) -> tuple[Page, Node, Node]:
        """The page, the element anchored by the rule's number, and the rule's block
        (that element, or the element of class "rule" holding it)."""
        page, anchor = self.one(number)
        block = anchor if "rule" in anchor.classes else next((a for a in anchor.ancestors() if "rule" in a.classes), None)
        assert block is not None, f"{page.rel}#{number}: the anchored element is not in an element of class 'rule'"
        return page, anchor, block


def text_outside(node: Node, skip) -> str:
    """The text of `node` without that of descendants for which skip(descendant)."""
    parts = []
    for child in node.children:
        if isinstance(child, str):
            parts.append(child)
        elif not skip(child):
            parts.append(text_outside(child, skip))
    return flat("".join(parts))


def is_example_box(node: Node) -> bool:
    return {"admonition", "example"} <= node.classes


# --- fixtures --------------------------------------------------------------------


def load_site(folder: Path) -> Site:
    pages = {}
    for file in sorted(folder.rglob("*.html")):
        rel = file.relative_to(folder).as_posix()
        root = parse(file.read_text(encoding="utf-8"))
        ids = defaultdict(list)
        for node in root.iter():
            if node.attrs.get("id"):
                ids[node.attrs["id"]].append(node)
        pages[rel] = Page(rel, root, ids)
    assert pages, "the build wrote no HTML"
    return Site(folder, pages)


@pytest.fixture(scope="module")
def site(built_site) -> Site:
    return load_site(built_site.site)




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


def _loads(node: Node) -> list[str]:
    """URLs the browser fetches by itself for this element."""
    urls = []
    for attr in ("src", "data", "poster"):
        if node.attrs.get(attr):
            urls.append(node.attrs[attr])
    if node.attrs.get("srcset"):
        urls += [part.split()[0] for part in node.attrs["srcset"].split(",") if part.strip()]
    if node.tag == "link" and node.attrs.get("href"):
        rels = set(node.attrs.get("rel", "").lower().split())
        if not rels <= {"canonical", "alternate", "prev", "next", "author", "license", "help", "bookmark"}:
            urls.append(node.attrs["href"])
    urls += re.findall(r"url\(\s*['\"]?([^'\")]+)", node.attrs.get("style", ""))
    return urls


def test_no_page_loads_http_resources(site, built_site):
    remote = re.compile(r"^\s*(https?:)?//", re.IGNORECASE)
    found = []
    for page in site.pages.values():
        for node in page.root.iter():
            found += [f"{page.rel}:{node.line}: <{node.tag}> {u}" for u in _loads(node) if remote.match(u)]
            if node.tag == "style":
                found += [f"{page.rel}:{node.line}: {u}" for u in re.findall(r"(?:url\(|@import)\s*['\"]?((?:https?:)?//[^'\")\s]+)", node.text())]
    for css in built_site.site.rglob("*.css"):
        text = css.read_text(encoding="utf-8", errors="replace")
        found += [f"{css.name}: {u}" for u in re.findall(r"(?:url\(|@import)\s*['\"]?((?:https?:)?//[^'\")\s]+)", text)]
    assert found == []


# --- every entry exactly once, text intact -------------------------------------------------


def _rule_blocks(site: Site) -> list[tuple[Page, Node]]:
    return [(p, n) for p in site.content() for n in p.article.iter() if "rule" in n.classes]


def test_every_rule_is_one_anchored_element_with_its_text(site, ctx):
    rules = [r for _, r in ctx.corpus.rules()]
    numbers = {r.number for r in rules}
    blocks = _rule_blocks(site)
    # Counts in = counts out: one rule block per rule, and no other.
    assert len(blocks) == len(rules) == 30
    anchored = Counter()
    for page, block in blocks:
        inside = [n.attrs["id"] for n in [block, *block.iter()] if n.attrs.get("id") in numbers]
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
    assert anchor.attrs["id"] == "832.1.c.2"
    # The number itself is a permalink to the rule.
    assert any(a.attrs.get("href") == "#832.1.c.2" and a.flat() == "832.1.c.2" for a in anchor.find_all("a"))


def test_every_example_is_shown_apart_from_its_rule(site, ctx):
    boxes_out = [
        (p, n) for p in site.content() for n in p.article.iter()
        if is_example_box(n) and any("rule" in a.classes for a in n.ancestors())
    ]
    examples_in = [(r, e) for _, r in ctx.corpus.rules() for e in r.examples]
    assert len(boxes_out) == len(examples_in) == 11
    for rule, example in examples_in:
        page, _, block = site.rule(rule.number)
        boxes = [b for b in block.iter() if is_example_box(b)]
        box = next((b for b in boxes if flat(example.text) in b.flat()), None)
        assert box is not None, f"{page.rel}#{rule.number}: example not shown in an example box"
        assert [t.flat() for t in box.find_all(cls="admonition-title")] == [example.label]
        # The rule's own text, outside the box, does not repeat the example.
        own = text_outside(block, is_example_box)
        assert flat(rule.text) in own and flat(example.text) not in own
        # Exactly once: no other box shows it.
        assert [b for _, b in boxes_out if b is not box and flat(example.text) in b.flat()] == []


def test_every_faq_answer_has_a_permalink_and_is_shown_once(site, ctx):
    assert len(ctx.corpus.faqs) == 5
    found = []
    for faq in ctx.corpus.faqs:
        anchored = [(p, n) for p in site.pages.values() for i, ns in p.ids.items() if i.startswith("faq-") for n in ns
                    if flat(faq.question) in n.flat()]
        assert len(anchored) == 1, f"FAQ {faq.question[:40]!r}: {len(anchored)} anchored elements"
        page, node = anchored[0]
        ident = node.attrs["id"]
        found.append(ident)
        # A permalink the reader can click.
        assert any(a.attrs.get("href") == f"#{ident}" for a in page.root.iter() if a.tag == "a")
        # Its answer follows it, before the next question.
        following = []
        for sibling in node.element_siblings_after():
            if re.fullmatch(r"h[1-6]", sibling.tag) or sibling.attrs.get("id", "").startswith("faq-"):
                break
            following.append(sibling.flat())
        assert flat(faq.answer) in " ".join(following), f"{page.rel}#{ident}: answer not after its question"
        # Exactly once in the site.
        holders = [p.rel for p in site.content() if flat(faq.answer) in p.article.flat()]
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
        shown = [(p, n) for p, n in site.with_id(ruling.id) if flat(ruling.answer) in n.flat()]
        assert len(shown) == 1, f"ruling {ruling.id}: {len(shown)} anchored elements show it"
        page, node = shown[0]
        assert page.rel == f"riftbound/rulings/{ruling.id}.html"
        text = node.flat()
        assert flat(ruling.answer) in text
        lists = node.find_all("ol")
        if ruling.steps:
            assert len(lists) == 1, f"{ruling.id}: Sequence should be one numbered list"
            items = [li.flat() for li in lists[0].children if isinstance(li, Node) and li.tag == "li"]
            assert items == [flat(s) for s in ruling.steps]
        else:
            assert lists == []
        notes = [n for n in node.find_all(cls="admonition") if "Nuances" in " ".join(t.flat() for t in n.find_all(cls="admonition-title"))]
        if ruling.nuances:
            assert len(notes) == 1, f"{ruling.id}: Nuances should be one note"
            items = [li.flat() for li in notes[0].find_all("li")]
            assert items == [flat(s) for s in ruling.nuances]
        else:
            assert notes == []
        # Shown once: no other page holds the answer.
        holders = [p.rel for p in site.content() if flat(ruling.answer) in p.article.flat()]
        assert holders == [page.rel]


def test_every_walkthrough_step_is_one_anchored_element(site, ctx):
    for walk in ctx.corpus.walkthroughs:
        pages = [p for p in site.pages.values() if p.rel.endswith(f"/walkthroughs/{walk.id}.html") and "step-1" in p.ids]
        assert len(pages) == 1, f"walkthrough {walk.id}: {len(pages)} pages with its steps"
        page = pages[0]
        steps = [n for n in page.article.iter() if re.fullmatch(r"step-\d+", n.attrs.get("id", ""))]
        assert len(steps) == len(walk.steps)
        for i, step in enumerate(walk.steps, 1):
            (node,) = page.ids[f"step-{i}"]
            assert flat(step.text) in node.flat()
            for cite in step.cites:
                assert any(a.flat() == cite.rule for a in node.find_all("a")), f"{walk.id} step {i}: no link to {cite.rule}"


# --- what a reader sees on a section page ------------------------------------------


def test_nesting_is_visible(site, ctx, built_site):
    depth_of = {}
    for _, rule in ctx.corpus.rules():
        _, _, block = site.rule(rule.number)
        depths = [int(c.split("-")[1]) for c in block.classes if re.fullmatch(r"depth-\d+", c)]
        assert len(depths) == 1, f"{rule.number}: one depth class"
        depth_of[rule.number] = depths[0]
    for _, rule in ctx.corpus.rules():
        parent = parent_number(rule.number)
        if parent in depth_of:
            assert depth_of[rule.number] == depth_of[parent] + 1, rule.number
    assert depth_of["832.1"] < depth_of["832.1.c"] < depth_of["832.1.c.2"]
    # ... and the site's stylesheet indents deeper rules further.
    page, _, _ = site.rule("832.1.c.2")
    sheets = [l.attrs["href"] for l in page.root.iter() if l.tag == "link" and "stylesheet" in l.attrs.get("rel", "")]
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
        text = page.article.flat()
        for source_id in section.source_ids:
            source = ctx.corpus.sources[source_id]
            assert source.title and flat(source.title) in text, f"{page.rel}: source {source_id} not named"
            edition = source.edition if source.edition != "undated" else undated[section.language]
            assert edition in text, f"{page.rel}: edition of {source_id} not given"


def test_magic_page_says_its_letters_were_restored(site):
    page, _, _ = site.rule("701.20c")
    assert re.search(r"restablecid|restored", page.article.flat())


def test_walkthroughs_are_linked_from_the_rules_they_cite(site, ctx):
    _, _, node = site.rule("832.1.d.1")
    assert any(urlsplit(a.attrs.get("href", "")).path.endswith("primordial-roar-frigid-touch.html") for a in node.find_all("a"))
    for walk in ctx.corpus.walkthroughs:
        for number in {c.rule for s in walk.steps for c in s.cites}:
            _, _, node = site.rule(number)
            hrefs = [urlsplit(a.attrs.get("href", "")).path for a in node.find_all("a")]
            assert any(h.endswith(f"/{walk.id}.html") for h in hrefs), f"rule {number} does not link to {walk.id}"


@pytest.mark.parametrize("number, holder", [("355", "832.1.c.2"), ("602.2a", "701.20a"), ("811.5.a", None), ("129.4", None)])
def test_references_to_rules_not_in_the_sources_are_marked_not_linked(site, ctx, number, holder):
    if holder is not None:
        _, _, node = site.rule(holder)
    else:  # the 832 FAQ answer
        faq = next(f for f in ctx.corpus.faqs if f.section == "832")
        page = next(p for p in site.content() if flat(faq.answer) in p.article.flat())
        node = next(n for n in page.article.iter() if n.tag == "p" and flat(faq.answer) in n.flat())
    spans = [s for s in node.find_all("span", "ref-missing") if s.flat() == number]
    assert len(spans) == 1
    assert not any(a.flat() == number for a in node.find_all("a"))
    # Nowhere in the site is the number a link.
    for page in site.content():
        for a in page.article.iter():
            if a.tag == "a" and a.flat() == number:
                pytest.fail(f"{page.rel}:{a.line}: {number} is a link, but rule {number} is not in the sources")


def test_references_to_rules_in_the_sources_are_links(site):
    """The walkthrough pages cite rules of 832: each is a link to the rule's anchor."""
    page = next(p for p in site.pages.values() if p.rel.endswith("/primordial-roar-frigid-touch.html") and "step-1" in p.ids)
    target = site.pages["riftbound/core-rules/832.html"]
    for a in page.ids["step-2"][0].find_all("a"):
        if a.flat() == "832.1.c.2":
            href = urlsplit(a.attrs["href"])
            assert href.fragment == "832.1.c.2" and href.path.endswith("core-rules/832.html")
            assert "832.1.c.2" in target.ids
            break
    else:
        pytest.fail("step 2 does not link rule 832.1.c.2")


def test_keywords_link_to_their_section_but_not_on_its_own_page(site):
    page, _, block = site.rule("832.1.c")  # "... you may reveal [Object] ..."
    links = [a for a in block.find_all("a") if a.flat() == "reveal"]
    assert len(links) == 1 and urlsplit(links[0].attrs["href"]).path.endswith("424.html")
    # The 832 page says "Show Off" everywhere, and links none of it to itself.
    article = page.article
    assert article.flat().count("Show Off") > 10
    self_links = [
        a for a in article.iter()
        if a.tag == "a" and (a.flat().lower().strip("[]") in {"show off", "showing off", "shown off", "showed off"}
                             or ("keyword" in a.classes and urlsplit(a.attrs.get("href", "")).path in ("", "832.html")))
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
            capture_output=True, text=True, env=env, cwd=Path(__file__).resolve().parents[2], timeout=600,
        )
        output = result.stdout + result.stderr
        assert result.returncode == 0, output[-3000:]
        assert [l for l in output.splitlines() if "WARNING" in l] == []


def test_home_page_explains_how_to_link_to_a_rule_and_a_ruling(site, ctx):
    home = site.pages["index.html"]
    text = home.article.flat()
    assert re.search(r"\blink", text, re.IGNORECASE)
    rule_numbers = {r.number for _, r in ctx.corpus.rules()}
    ruling_ids = {r.id for r in ctx.corpus.rulings}
    rule_links, ruling_links = [], []
    for a in home.article.find_all("a"):
        href = urlsplit(a.attrs.get("href", ""))
        if href.fragment in rule_numbers and href.path.endswith(".html"):
            rule_links.append(href)
        if re.search(r"rulings/([^/]+)\.html$", href.path) and href.path.rsplit("/", 1)[1][:-5] in ruling_ids:
            ruling_links.append(href)
    assert rule_links, "the home page shows no example link to a rule (page.html#number)"
    assert ruling_links, "the home page shows no example link to a ruling (rulings/<id>.html)"
    # The address to type is shown as text, not only as a link.
    codes = " ".join(c.flat() for c in home.article.find_all("code"))
    assert re.search(r"\.html#\d{3}", codes) and re.search(r"rulings/[a-z0-9-]+\.html", codes)


def test_navigation_lists_sections_and_indexes_but_not_each_ruling(site, ctx):
    home = site.pages["index.html"]
    primary = [n for n in home.root.iter() if n.tag == "nav" and "md-nav--primary" in n.classes]
    assert len(primary) == 1
    hrefs = set()
    for a in primary[0].find_all("a"):
        if any("md-nav--secondary" in x.classes for x in a.ancestors()):
            continue  # the table of contents of the page itself
        href = urlsplit(a.attrs.get("href", ""))
        if href.path and not href.scheme:
            hrefs.add(href.path)
    # The English site's own sections; another language's live on its own site
    # (no stub here), reached through the document's contents page.
    for section in ctx.corpus.sections.values():
        if section.language == "en":
            assert any(h.endswith(f"/{section.number}.html") for h in hrefs), f"section {section.number} not in the nav"
    for index in ("riftbound/index.html", "riftbound/rulings/index.html", "riftbound/faq.html", "riftbound/walkthroughs/index.html"):
        assert any(h.endswith(index) for h in hrefs), f"{index} not in the nav"
    rulings = {r.id for r in ctx.corpus.rulings}
    walks = {w.id for w in ctx.corpus.walkthroughs}
    listed = {h.rsplit("/", 1)[-1].removesuffix(".html") for h in hrefs}
    assert listed & rulings == set()
    assert listed & walks == set()
