"""Counts in equal counts out, per edition: what the importers read of each
edition (sections, numbered rules, examples) is what its built pages anchor.

`counts_in(corpus)` counts the model; `counts_out(corpus, entries, language)`
counts the built HTML of that language, from the entries `page_entries` found on
each page while the check stage held its tree: on each page that shows an edition's
section, the section's `<h1 id>`, each rule entry (`<div data-rule>`) and each
example box (`id="<rule>-example-<n>"`) of that edition's numbers. A page may
show several excerpts at once (the current view unites them); an entry there
counts for every edition that prints it, and an entry no edition shown there
prints is reported as invented. The build prints both and fails when they differ.
"""

from __future__ import annotations

import operator
import re
from dataclasses import dataclass

from ..common.diagnostics import Finding
from ..common.model import Corpus, Edition
from ..common.names import RULE_NUMBER
from ..site_map.paths import html_path, language_root, section_page
from ..resolve.merge import shown_in_current_view
from .page import elements, text

# The number a heading starts with: "424 Reveal", "701.16a ...".
_LEADING_NUMBER = re.compile(rf"\s*({RULE_NUMBER})")
_EXAMPLE = re.compile(r"^(?P<rule>.+)-example-\d+$")
CODE = "edition-counts"


@dataclass(frozen=True)
class Counts:
    sections: int = 0
    headings: int = 0  # sections with a title: numbered like rules, counted with them
    rules: int = 0
    examples: int = 0

    @property
    def numbered(self) -> int:
        return self.headings + self.rules

    def line(self) -> str:
        return (
            f"{self.sections} sections, {self.numbered} numbered rules "
            f"({self.headings} headings, {self.rules} rules), {self.examples} examples"
        )


def edition_name(game: str, document: str, language: str, edition: Edition) -> str:
    return f"{game}/{document} ({language}) {edition.label}"


def _editions(corpus: Corpus, language: str | None = None):
    for (game, document, lang), editions in corpus.editions.items():
        if language is None or lang == language:
            for edition in editions:
                yield (game, document, lang), editions, edition


def counts_in(corpus: Corpus) -> dict[str, Counts]:
    out = {}
    for (game, document, lang), _, edition in _editions(corpus):
        sections = list(edition.sections.values())
        rules = [r for s in sections for r in s.rules]
        out[edition_name(game, document, lang, edition)] = Counts(
            len(sections), sum(1 for s in sections if s.title), len(rules), sum(len(r.examples) for r in rules)
        )
    return out


def _page_of(editions: list[Edition], edition: Edition, number: str, section) -> str:
    if shown_in_current_view(editions, edition, number):
        return section_page(section.key.plain)
    return section_page(section.key)


def counts_out(
    corpus: Corpus, entries: dict, language: str, known: dict | None = None
) -> tuple[dict[str, Counts], list[Finding]]:
    """The anchored entries of each edition of `language` in the built site
    (`entries`: site path -> `page_entries` of that page), and the problems found
    (pages missing, entries no shown edition prints). `known`: what the last
    call worked out of each edition (a process that checks build after build
    keeps it), by the identity of the edition, of its document's editions and
    of the entries of each of its pages: the same objects, the same counts
    (resolve hands out unchanged documents' editions as the very objects, and
    the check a page's entries reused from the last check as the very ones)."""
    root = language_root(language)
    parsed: dict[str, tuple[set[str], list[str], list[str]]] = {}  # page -> (h1 ids, rules, examples)
    printed_on: dict[str, set[str]] = {}  # page -> every number its editions print
    problems: list[Finding] = []
    out: dict[str, Counts] = {}
    before = known if known is not None else {}
    now: dict = {}
    for (game, document, lang), editions, edition in _editions(corpus, language):
        name = edition_name(game, document, lang, edition)
        kept = before.get(id(edition))
        if kept is None or kept[0] is not edition or not _same(kept[1], editions):
            plan = []  # (number, its page, whether titled, the numbers of its rules), by section
            for number, section in edition.sections.items():
                page = html_path(_page_of(editions, edition, number, section))
                plan.append((number, page, bool(section.title), frozenset(r.number for r in section.rules)))
            kept = (edition, tuple(editions), plan, None, None)
        plan = kept[2]
        found = [entries.get(root + page) for _, page, _, _ in plan]
        for (number, page, _, mine), of_page in zip(plan, found):
            if page not in parsed:
                if of_page is None:
                    problems.append(Finding(root + page, 1, CODE, "page missing"))
                parsed[page] = of_page or (set(), [], [])
            printed_on.setdefault(page, set()).update(mine | {number})
        if kept[3] is not None and _same(kept[3], found):
            counts = kept[4]
        else:
            sections = rules = examples = headings = 0
            for (number, _, titled, mine), of_page in zip(plan, found):
                h1s, shown_rules, shown_examples = of_page or (set(), [], [])
                if number in h1s:
                    sections += 1
                    headings += titled
                rules += sum(1 for n in shown_rules if n in mine)
                examples += sum(1 for n in shown_examples if n in mine)
            counts = Counts(sections, headings, rules, examples)
        now[id(edition)] = (edition, kept[1], plan, found, counts)
        out[name] = counts
    for page, numbers in printed_on.items():
        _, shown_rules, _ = parsed[page]
        invented = sorted(set(shown_rules) - numbers)
        if invented:
            message = f"rule entries no edition shown here prints: {', '.join(invented[:5])}"
            problems.append(Finding(root + page, 1, CODE, message))
    if known is not None:
        for ident in [i for i, (edition, *_) in known.items() if edition.language == language]:
            del known[ident]
        known.update(now)
    return out, problems


def _same(before, now) -> bool:
    """The same objects, in the same order."""
    return len(before) == len(now) and all(map(operator.is_, before, now))


def page_entries(page) -> tuple[set[str], list[str], list[str]]:
    """(ids of its <h1>s, the numbers of its rule entries, the rules of its example boxes)."""
    h1s, rules, examples = set(), [], []
    found = elements(page)
    for element in found.tag("h1"):
        # Its id, or the number it starts with (Magic's untitled 100.1: the rule has the id).
        if element.get("id"):
            h1s.add(element.get("id"))
        if number := _LEADING_NUMBER.match(text(element)):
            h1s.add(number.group(1))
    for element in found.having("data-rule"):
        if element.tag == "div" and element.get("data-rule") and "rule" in (element.get("class") or "").split():
            rules.append(element.get("data-rule"))
    for element in found.having("id"):
        if (match := _EXAMPLE.match(element.get("id"))) and "example" in (element.get("class") or "").split():
            examples.append(match["rule"])
    return h1s, rules, examples


def compare(counts_read: dict[str, Counts], counts_built: dict[str, Counts]) -> list[Finding]:
    """One problem per edition whose built pages anchor other counts than were
    read, found in the whole site (its path: "")."""
    return [
        Finding("", 1, CODE, f"{name}: read {counts_read[name].line()}, but its pages anchor {built.line()}")
        for name, built in counts_built.items()
        if built != counts_read.get(name)
    ]
