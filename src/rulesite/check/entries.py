"""Stage 6 (with site_links): nothing lost, nothing doubled, in the built HTML.

Every rule, example, FAQ answer, ruling and walkthrough step of the corpus must
be one element with its own id, exactly once across the site, inside the
page's content, whose text holds the source text (after the documented
normalization).
"""
from __future__ import annotations

import re
from collections import defaultdict
from html.parser import HTMLParser
from pathlib import Path

from ..normalize import normalize_text
from ..render.context import Context
from ..render.paths import faq_anchor, page_of, section_page
from ..render.context import CONTENT_LANGUAGE

_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _IdTexts(HTMLParser):
    """The text inside every element that has an id."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, str | None]] = []
        self.texts: dict[str, list[str]] = defaultdict(list)
        self.counts: dict[str, int] = defaultdict(int)
        self.outside: set[str] = set()  # ids found outside the page's <article>

    def handle_starttag(self, tag, attrs):
        ident = dict(attrs).get("id")
        if ident:
            self.counts[ident] += 1
            if not any(open_tag == "article" for open_tag, _ in self.stack):
                self.outside.add(ident)
        if tag not in _VOID:
            self.stack.append((tag, ident))

    def handle_endtag(self, tag):
        while self.stack:
            open_tag, _ = self.stack.pop()
            if open_tag == tag:
                break

    def handle_data(self, data):
        for _, ident in self.stack:
            if ident:
                self.texts[ident].append(data)


def page_ids(html_file: Path) -> _IdTexts:
    parser = _IdTexts()
    parser.feed(html_file.read_text(encoding="utf-8"))
    return parser


def check_entries(ctx: Context, site_dir: Path, language: str = "en") -> list[str]:
    """Checks the site of one language: the content written in that language."""
    expected: list[tuple[str, str, list[str]]] = []  # (page, id, texts that must be inside)
    for section, rule in ctx.corpus.rules():
        if section.language != language:
            continue
        page = section_page(section.key)
        expected.append((page, rule.number, [rule.text]))
        for i, example in enumerate(rule.examples, 1):
            expected.append((page, f"{rule.number}-example-{i}", [example.text]))
    english = language == CONTENT_LANGUAGE
    for faq in ctx.corpus.faqs:
        home, faq_language = ctx.faq_home(faq)
        if faq_language == language:
            expected.append((home, faq_anchor(faq), [faq.question]))
    for ruling in ctx.corpus.rulings if english else []:
        expected.append((page_of(ruling), ruling.id, [ruling.answer]))
    for walk in ctx.corpus.walkthroughs if english else []:
        for i, step in enumerate(walk.steps, 1):
            expected.append((page_of(walk), f"step-{i}", [step.text]))

    problems = []
    parsed: dict[str, _IdTexts] = {}
    for page, ident, texts in expected:
        html = page.removesuffix(".md") + ".html"
        if html not in parsed:
            path = site_dir / html
            if not path.is_file():
                problems.append(f"{html}: page missing")
                parsed[html] = _IdTexts()
                continue
            parsed[html] = page_ids(path)
        ids = parsed[html]
        if ids.counts.get(ident, 0) != 1:
            problems.append(f"{html}: id {ident!r} appears {ids.counts.get(ident, 0)} times, expected once")
            continue
        if ident in ids.outside:
            # Broken markup earlier on the page closed the content column.
            problems.append(f"{html}: id {ident!r} is outside the page's content (<article>)")
            continue
        shown = _flat("".join(ids.texts[ident]))
        for text in texts:
            if _flat(text) not in shown:
                problems.append(f"{html}#{ident}: text not shown intact: {text[:60]!r}")
    return problems


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", normalize_text(text))
