"""A built page as an element tree (`xml.etree.ElementTree` API: `iter()`,
`get()`, `text`), parsed with the standard library's forgiving HTML parser.

The checks that take "a parsed page" use only that API, which `lxml.html`
trees share, so they do not depend on which parser made the tree.
"""
from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from xml.etree.ElementTree import Element, TreeBuilder

_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Element(Element):
    """An element that knows its line, as lxml's do (`sourceline`)."""

    sourceline = 0


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tree = TreeBuilder(element_factory=_Element)
        self.tree.start("document", {})
        self.open: list[str] = ["document"]

    def handle_starttag(self, tag, attrs):
        element = self.tree.start(tag, {k: v or "" for k, v in attrs})
        element.sourceline = self.getpos()[0]  # as lxml names it
        if tag in _VOID:
            self.tree.end(tag)
        else:
            self.open.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in _VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag):
        if tag not in self.open[1:]:
            return  # a stray end tag closes nothing
        while self.open[-1] != tag:
            self.tree.end(self.open.pop())
        self.tree.end(self.open.pop())

    def handle_data(self, data):
        self.tree.data(data)

    def close_tree(self) -> Element:
        self.close()
        while len(self.open) > 1:
            self.tree.end(self.open.pop())
        self.tree.end("document")
        return self.tree.close()


def parse_html(text: str) -> Element:
    builder = _Builder()
    builder.feed(text)
    return builder.close_tree()


def parse_page(path: Path) -> Element:
    return parse_html(path.read_text(encoding="utf-8"))


def text_of(element: Element) -> str:
    return "".join(element.itertext())
