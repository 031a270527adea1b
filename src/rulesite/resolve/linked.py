"""Every text the site shows with links, cut into links once, where it is shown.

A text's links depend on where it is read: a rule of an older edition cites that
edition's numbers on its own page, a keyword is not linked on the page of the
section it names, rule text links keywords but not every defined term. So each
text is cut into segments (`links.Linker.segments`) once for every context a
page shows it in: the section page it is printed on (`here`, by its page's
key), or none (rulings, FAQ pages, walkthroughs, guides, cards). Render only
formats these segments (render/inline.py); a segment's target is a page and an
anchor in the site map's terms, which render makes relative to the page it
writes.

The references stored on rules, FAQ answers and rulings (what the data files
publish as `cites`, what the build counts as not in the sources) are the rule
links of the same segments, read in the item's own context: a rule's on its
section's page, an answer's and a ruling's where the site shows them on their own.
"""

from __future__ import annotations

import hashlib
import pickle
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from ..common.card_symbols import SYMBOL
from ..common.model import Corpus, Edition, FaqAnswer, Loc, Reference, Ruling, Section, SectionKey
from .links import Link, Linker, Target
from .merge import edition_label, same_editions
from .view import Frozen

Segment = str | Link
# (game, the page's key it is read on or None, whether terms are linked, text)
TextKey = tuple[str, SectionKey | None, bool, str]


def quoted_parts(text: str) -> list[str]:
    """The plain strings of a quoted text, as its page links them: the text
    between card symbols, and a space between two symbols side by side."""
    out: list[str] = []
    position, symbol_last = 0, False
    for match in SYMBOL.finditer(text):
        before = text[position : match.start()]
        if before:
            out.append(before)
        elif symbol_last:
            out.append(" ")
        symbol_last, position = True, match.end()
    out.append(text[position:])
    return [part for part in out if part != ""]


def scope(here: Section | None) -> SectionKey | None:
    """What of the page a text is read on decides its links: the page's key
    (its section, document, language and edition), or None."""
    return None if here is None else here.key


def edition_here(edition: Edition) -> Section:
    """What text read in an older edition as a whole (its glossary) cites that
    edition's numbers in: a stand-in section of no number, so it hides no keyword."""
    label = edition.label
    return Section(edition.game, edition.document, "", "", edition.language, edition=label, version_path=label)


@dataclass(frozen=True)
class LinkedTexts:
    """Resolve's one answer for the links of every text the site shows."""

    texts: Mapping[TextKey, tuple[Segment, ...]]
    # (game, rule number, the page's key it is read on or None) -> where it is shown
    targets: Mapping[tuple[str, str, SectionKey | None], Target | None]
    sections: Mapping[SectionKey, Section]  # every section that has a page, by its page's key
    keywords: Mapping[str, Mapping[str, tuple[str, str, bool]]]  # game -> form -> (number, language, keyword)
    unresolved: Mapping[str, int]  # rule number not in the sources -> how many times it is cited
    cited: int = 0  # rule references in all (stored on rules, FAQ answers and rulings)

    def segments(self, text: str, game: str, here: Section | None = None, terms: bool = True) -> tuple[Segment, ...]:
        """`text` as read on the page of `here`: plain strings and links."""
        key = (game, scope(here), terms, text)
        found = self.texts.get(key)
        if found is None:
            raise KeyError(f"resolve linked no such text of {game} read on {key[1]} (terms={terms}): {text[:80]!r}")
        return found

    def quoted(self, text: str, game: str, here: Section | None = None) -> list[Segment]:
        """A text that quotes cards (`quoted_parts`): the segments of its parts, in order."""
        return [seg for part in quoted_parts(text) for seg in self.segments(part, game, here)]

    def of_item(self, item: FaqAnswer | Ruling) -> list[Segment]:
        """A FAQ answer's or ruling's segments where the site shows it on its own:
        its question, then its answer (and a ruling's steps and nuances)."""
        texts = [item.answer] if isinstance(item, FaqAnswer) else [item.answer, *item.steps, *item.nuances]
        return [*self.segments(item.question, item.game), *(s for t in texts for s in self.quoted(t, item.game))]

    def target(self, game: str, number: str, here: Section | None = None) -> Target | None:
        """Where rule `number` leads, as the text of `here` means it."""
        key = (game, number, scope(here))
        if key not in self.targets:
            raise KeyError(f"resolve did not resolve rule {number} of {game} read on {key[2]}")
        return self.targets[key]


class KnownLinks:
    """The segments and targets a build worked out, kept for the next build in
    the same process (`rulesite serve`): used again while the linker is made
    from the same things (`linker_digest`: every page's numbers and titles,
    each edition's, the keyword forms, the card names), since a text's segments are a function
    of those, the text and where it is read. `link_texts` replaces them with
    its own."""

    def __init__(self) -> None:
        self.digest = b""
        self.texts: dict = {}
        self.targets: dict = {}
        # id(section) -> (the section, the (text key, segments) of its rules, in
        # order, (how many references they hold, the numbers of those not in
        # the sources)): a section page that is the very same object
        # (`read.kept.Shared`) linked by the same linker has its rules'
        # references as they are.
        self.pages: dict[int, tuple[Section, list, tuple]] = {}
        self.shapes: tuple | None = None  # (the editions, the sections' shapes pickled: `linker_digest`)
        self.tables: dict = {}  # the linker's number tables and the titles' forms (`links.Linker.kept`, `keyword_forms`)


def linker_digest(linker: Linker, known: KnownLinks | None = None) -> bytes:
    """A digest of everything `linker` links by (see `KnownLinks`). `known`:
    the sections' part kept, used while every document's editions are the same
    objects (then so are the current view's sections: `resolve.merge`)."""
    corpus = linker.corpus
    kept = known.shapes if known is not None else None
    if kept is not None and same_editions(kept[0], corpus.editions):
        shapes = kept[1]
    else:
        shapes = pickle.dumps(_shapes(corpus), pickle.HIGHEST_PROTOCOL)
        if known is not None:
            known.shapes = (dict(corpus.editions), shapes)
    made = (linker.keywords, linker.card_names)  # a keyword inside a card's name is not linked
    return hashlib.sha256(shapes + pickle.dumps(made, pickle.HIGHEST_PROTOCOL)).digest()


def _shapes(corpus: Corpus) -> tuple:
    def shape(section: Section) -> tuple:
        return (section.key, section.number, section.title, section.edition, [rule.number for rule in section.rules])

    editions = {
        key: [(e.label, [shape(s) for s in e.sections.values()]) for e in found] for key, found in corpus.editions.items()
    }
    return ([shape(s) for s in corpus.sections.values()], editions)


class _Linking:
    """The segments and targets worked out so far: each (text, context) once.
    `known`: those of the last build, when its linker was made from the same."""

    def __init__(self, linker: Linker, known: KnownLinks | None = None) -> None:
        self.linker = linker
        self.texts: dict[TextKey, tuple[Segment, ...]] = {}
        self.targets: dict[tuple[str, str, SectionKey | None], Target | None] = {}
        self.known_texts = known.texts if known is not None else {}
        self.known_targets = known.targets if known is not None else {}

    def text(self, text: str, game: str, here: Section | None = None, terms: bool = True) -> tuple[Segment, ...]:
        key = (game, scope(here), terms, text)
        found = self.texts.get(key)
        if found is None:
            found = self.known_texts.get(key)
            if found is None:
                found = tuple(self.linker.segments(text, game, here, terms))
            self.texts[key] = found
        return found

    def quoted(self, text: str, game: str, here: Section | None = None) -> list[Segment]:
        return [seg for part in quoted_parts(text) for seg in self.text(part, game, here)]

    def target(self, game: str, number: str, here: Section | None = None) -> Target | None:
        key = (game, number, scope(here))
        if key not in self.targets:
            known = self.known_targets.get(key, self)
            self.targets[key] = self.linker.target(game, number, here) if known is self else known
        return self.targets[key]


def link_texts(corpus: Corpus, linker: Linker, known: KnownLinks | None = None) -> LinkedTexts:
    """Every text the site shows with links, linked in each context it is shown
    in; fills `references` on every rule shown on a section page and on every
    FAQ answer and ruling. `known`: what the last build linked (`KnownLinks`),
    used where the linker is made from the same, and replaced by this build's."""
    digest = linker_digest(linker, known) if known is not None else b""
    same = known is not None and known.digest == digest
    linking = _Linking(linker, known if same else None)
    pages = _section_pages(corpus)
    linked_pages = _link_section_pages(pages, linking, known.pages if same else {})
    _link_answers_and_rulings(corpus, pages, linking)
    _link_walkthroughs_and_guides(corpus, linking)
    _link_glossary(corpus, linking)
    _link_cards_and_topics(corpus, linking)
    cited, unresolved = 0, Counter()
    for section in pages:  # each page's count and numbers not in the sources, made once with its references
        count, missing = linked_pages[id(section)][2]
        cited += count
        unresolved.update(missing)
    stored = [ref for item in [*corpus.faqs, *corpus.rulings] for ref in item.references]
    unresolved.update(ref.number for ref in stored if ref.target is None)
    if known is not None:
        known.digest, known.texts, known.targets, known.pages = digest, linking.texts, linking.targets, linked_pages
    return LinkedTexts(
        texts=Frozen(linking.texts),
        targets=Frozen(linking.targets),
        sections=Frozen(linker.sections),
        keywords=Frozen({game: Frozen(forms) for game, forms in linker.keywords.items()}),
        unresolved=Frozen(unresolved),
        cited=cited + len(stored),
    )


def _link_section_pages(pages: list[Section], linking: _Linking, kept_pages: dict) -> dict[int, tuple[Section, list, tuple]]:
    """Each section page's rules linked, their `references` filled: id(section)
    -> (section, its texts' keys and segments in the order linked, (references,
    numbers not in the sources)). `kept_pages`: the same of the last build,
    taken for a section that is the very same object."""
    linked_pages: dict[int, tuple[Section, list, tuple]] = {}
    for section in pages:
        found = kept_pages.get(id(section))
        if found is not None and found[0] is section:
            linking.texts.update(found[1])  # in the order they were first linked
            linked_pages[id(section)] = found
            continue
        here, texts = scope(section), []
        for rule in section.rules:
            segments = []
            for t in _rule_texts(rule):
                segments.append(linking.text(t, section.game, section, terms=False))
                texts.append(((section.game, here, False, t), segments[-1]))
            rule.references = _references(segments, rule.loc)
        refs = [ref for rule in section.rules for ref in rule.references]
        linked_pages[id(section)] = (section, texts, (len(refs), [ref.number for ref in refs if ref.target is None]))
    return linked_pages


def _link_answers_and_rulings(corpus: Corpus, pages: list[Section], linking: _Linking) -> None:
    """FAQ answers on their section's current page, and every answer and ruling
    where it is shown on its own, their `references` filled."""
    faqs_of: dict[tuple[str, str], list] = {}
    for faq in corpus.faqs:
        faqs_of.setdefault((faq.game, faq.section), []).append(faq)
    for section in pages:
        if not section.version_path:  # answers sit with the current text only
            for faq in faqs_of.get((section.game, section.number), []):
                linking.quoted(faq.answer, faq.game, section)
    for item in [*corpus.faqs, *corpus.rulings]:
        # A FAQ answer's question is printed as it is, but the numbers it names are cited too.
        texts = [item.answer] if isinstance(item, FaqAnswer) else [item.answer, *item.steps, *item.nuances]
        segments = [linking.text(item.question, item.game), *(linking.quoted(t, item.game) for t in texts)]
        item.references = _references(segments, item.loc)
        for seg in (s for part in segments for s in part):
            if isinstance(seg, Link) and seg.target:  # its "Concerns" list links each
                linking.target(item.game, seg.number if seg.kind == "rule" else seg.target[1])


def _link_walkthroughs_and_guides(corpus: Corpus, linking: _Linking) -> None:
    for walk in corpus.walkthroughs:
        for text in [walk.summary, *(step.text for step in walk.steps)]:
            linking.text(text, walk.game)
        for number in [walk.rule, *(cite.rule for step in walk.steps for cite in step.cites)]:
            linking.target(walk.game, number)
    for guide in corpus.guides:
        for block in guide.blocks:
            linking.text(block.text, guide.game)


def _link_glossary(corpus: Corpus, linking: _Linking) -> None:
    """An older edition's glossary cites its numbers; the current one's, the plain pages'."""
    for entry in corpus.glossary:
        label = edition_label(corpus.sources[entry.source_id])
        editions = corpus.editions.get((entry.game, entry.document, entry.language), [])
        edition = next((e for e in editions if e.label == label), None)
        for here in [None, edition_here(edition)] if edition is not None else [None]:
            for definition in entry.definitions:
                linking.text(definition, entry.game, here)


def _link_cards_and_topics(corpus: Corpus, linking: _Linking) -> None:
    """Card texts; and the rules a cross-game topic page shows beside each other."""
    for card in corpus.cards:
        for line in card.text.split("\n") if card.text else []:
            linking.quoted(line, card.game or "riftbound")
    numbered: dict[tuple[str, str, str], Section] = {}  # the first section of each number, in any language
    for k, s in corpus.sections.items() if corpus.topics else ():
        numbered.setdefault((k.game, k.document, k.number), s)
    for topic in corpus.topics:
        for game, document, number in topic.sections:
            section = numbered.get((game, document, number))
            for rule in section.rules if section is not None else []:
                linking.text(rule.text, game, section)
                linking.target(game, rule.number, section)


def _section_pages(corpus: Corpus) -> list[Section]:
    """Every section that has a page: the current view's, then older editions' own."""
    pages = list(corpus.sections.values())
    for editions in corpus.editions.values():
        for edition in editions:
            pages += [s for s in edition.sections.values() if s.version_path]
    return pages


def _rule_texts(rule) -> list[str]:
    return [rule.text, *(example.text for example in rule.examples)]


def _references(segments, loc: Loc) -> list[Reference]:
    return [Reference(s.number, loc, s.target) for part in segments for s in part if isinstance(s, Link) and s.kind == "rule"]
