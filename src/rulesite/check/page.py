"""One parsed page: a built HTML page as lxml's tree, with source lines.

The check stage and the tests read built pages through this module only, so
every reader of the HTML sees the same tree (the one a browser builds, as far
as libxml2's HTML parser goes) and every problem names a real line.

    page = load_page(site_dir, "riftbound/core-rules/832.html")
    page.ids["832.1.c.2"]       # the elements with that id
    page.elements.by_tag["a"]   # every <a>, in document order (also by_attribute["href"])
    page.article                # the content column, or None (redirect pages)
    flat(page.article)          # its text, whitespace squashed
    el.sourceline               # lxml: the element's line in the file

Elements are lxml's own (`lxml.etree`, without `lxml.html`'s Python-level
element classes, which cost more than the parsing): `el.tag`, `el.get("href")`,
`el.iter()`, `el.getparent()`, `el.iterancestors()`, `el.itersiblings()`,
`el.xpath(...)`, and `text(el)` below for the text.

The checks find what they look at in `page.elements`: one walk over the tree
(in Python, once a page) files every element under its tag and under each of its
attribute names, so no check walks the tree again, element by element. Each
check takes a `Page` or, for a snippet, any element (`elements(tree)`).
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from collections.abc import Callable

from lxml import etree

# UTF-8 whatever the page declares (MkDocs writes nothing else); huge_tree: the
# biggest generated pages hold more text than libxml2 accepts by default.
# Comments dropped: no reader sees them, and every walk over the tree can take
# each node for an element. No table of ids (collect_ids): nothing looks an id
# up through libxml2 (`Page.ids` is ours), and building it costs parsing time.
_PARSER = etree.HTMLParser(encoding="utf-8", huge_tree=True, remove_comments=True, remove_pis=True, collect_ids=False)
_TEXT = etree.XPath("string()")  # every text node inside, in order (no comments)


def parse(data: bytes | str) -> etree._Element:
    """The tree of one HTML document (bytes are read as UTF-8, as MkDocs writes them)."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    if not data.strip():
        data = b"<html></html>"
    return etree.fromstring(data, _PARSER)


@dataclass(frozen=True)
class Elements:
    """Every element of a tree by its tag and by each of its attribute names, in document order."""

    by_tag: dict[str, list]
    by_attribute: dict[str, list]

    def tag(self, name: str) -> list:
        return self.by_tag.get(name, [])

    def having(self, attribute: str) -> list:
        return self.by_attribute.get(attribute, [])


def _elements(root) -> Elements:
    by_tag: defaultdict[str, list] = defaultdict(list)
    by_attribute: defaultdict[str, list] = defaultdict(list)
    for el in root.iter(etree.Element):  # elements only (no comments, PIs, entities)
        by_tag[el.tag].append(el)
        for name in el.keys():
            by_attribute[name].append(el)
    return Elements(dict(by_tag), dict(by_attribute))


@dataclass(eq=False)
class Page:
    rel: str  # the page's path inside the site, with "/"
    data: bytes = field(repr=False)  # the file as written
    root: etree._Element = field(repr=False)

    @cached_property
    def ids(self) -> dict[str, list]:
        """id -> the elements that carry it, in document order."""
        found: dict[str, list] = defaultdict(list)
        for el in self.elements.having("id"):
            found[el.get("id")].append(el)
        return dict(found)

    @cached_property
    def elements(self) -> Elements:
        return _elements(self.root)

    @cached_property
    def article(self):
        """The page's content (Material's <article>); None on pages that only forward."""
        found = self.root.xpath("//article")
        return found[0] if found else None


def elements(tree: Page | etree._Element) -> Elements:
    """The elements of a page (filed once, then kept) or of any tree (filed now)."""
    return tree.elements if isinstance(tree, Page) else _elements(tree)


def root_of(tree: Page | etree._Element) -> etree._Element:
    return tree.root if isinstance(tree, Page) else tree


def load_page(site_dir: Path, rel: str) -> Page:
    data = (Path(site_dir) / rel).read_bytes()
    return Page(rel, data, parse(data))


def html_files(site_dir: Path) -> list[str]:
    """Every .html file of a built site, relative to it, sorted."""
    root = Path(site_dir)
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*.html"))


# --- reading elements -----------------------------------------------------------


def classes(el) -> set[str]:
    return set((el.get("class") or "").split())


def find_all(el, tag: str | None = None, cls: str | None = None, **attrs: str) -> list:
    """Descendants of `el` (not itself) with that tag, class and attribute values
    (`data_rule="424.1"` means data-rule), in document order."""
    out = []
    for node in el.iterdescendants(tag) if tag else el.iterdescendants():
        if not isinstance(node.tag, str):
            continue
        if cls is not None and cls not in classes(node):
            continue
        if any(node.get(k.replace("_", "-")) != v for k, v in attrs.items()):
            continue
        out.append(node)
    return out


def find(el, tag: str | None = None, cls: str | None = None, **attrs: str):
    """The first such descendant, or None."""
    found = find_all(el, tag, cls, **attrs)
    return found[0] if found else None


def text(el, skip: Callable | None = None) -> str:
    """All text inside `el`; without that of descendants for which skip(descendant)."""
    if skip is None:
        return _TEXT(el)
    parts = [el.text or ""]
    for child in el:
        if isinstance(child.tag, str) and not skip(child):
            parts.append(text(child, skip))
        parts.append(child.tail or "")
    return "".join(parts)


def flat(value) -> str:
    """Text (or an element's text) with every run of whitespace made one space."""
    if not isinstance(value, str):
        value = text(value)
    return re.sub(r"\s+", " ", value or "").strip()
