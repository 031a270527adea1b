"""Helpers of the render tests: a page's Markdown made into HTML by
Python-Markdown with the extensions of the project's mkdocs.yml, as MkDocs does."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import markdown
import yaml

REPO = Path(__file__).resolve().parents[2]


def _extensions() -> tuple[list[str], dict]:
    config = yaml.safe_load((REPO / "mkdocs.yml").read_text(encoding="utf-8"))
    names, options = [], {}
    for entry in config["markdown_extensions"]:
        name, value = next(iter(entry.items())) if isinstance(entry, dict) else (entry, None)
        names.append(name)
        if value:
            options[name] = value
    return names, options


def split_page(text: str) -> tuple[dict, str]:
    """(front matter, Markdown body) of a generated page."""
    match = re.match(r"---\n(.*?)\n---\n", text, re.DOTALL)
    if not match:
        return {}, text
    return yaml.safe_load(match[1]), text[match.end() :]


def page_html(text: str) -> str:
    """The HTML of a generated page's body, as MkDocs would make it."""
    names, options = _extensions()
    return markdown.Markdown(extensions=names, extension_configs=options).convert(split_page(text)[1])


class Elements(HTMLParser):
    """Every element of an HTML fragment, as a browser would create it: (tag, attributes)."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict]] = []
        self.text: list[str] = []
        self.feed(html)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, {k: v or "" for k, v in attrs}))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)

    def handle_data(self, data):
        self.text.append(data)

    def with_attr(self, name: str, value: str) -> list[tuple[str, dict]]:
        return [(tag, attrs) for tag, attrs in self.elements if attrs.get(name) == value]

    def handlers(self) -> list[str]:
        return [f"<{tag} {k}>" for tag, attrs in self.elements for k in attrs if k.startswith("on")]

    def tags(self) -> set[str]:
        return {tag for tag, _ in self.elements}

    def plain(self) -> str:
        return re.sub(r"\s+", " ", "".join(self.text))
