"""Who cites what: the lists shown under every section and rule.

A FAQ answer or ruling *concerns* a section when it sits with it (official FAQ
on its page), cites one of its rules, or names its keyword; a walkthrough
cites the rules its steps cite.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from ..common.model import Corpus, FaqAnswer, Section, SectionKey
from ..common.diagnostics import Diagnostics
from .card_mentions import KnownMentions, by_card_id, cards_named, find_mentions
from .linked import LinkedTexts
from .links import Link


@dataclass
class Citations:
    # section key -> FAQ answers and rulings concerning it, in corpus order
    by_section: dict = field(default_factory=lambda: defaultdict(list))
    # (section key, rule number) -> rulings, FAQ answers and walkthroughs citing it
    by_rule: dict = field(default_factory=lambda: defaultdict(list))
    # FAQ answer or ruling id -> what its text links to, in order, each target once:
    # the same resolution its page shows as links (its "Concerns" list)
    concerns: dict = field(default_factory=dict)
    # card id -> rulings, FAQ answers and errata naming it (card_mentions.py)
    by_card: dict = field(default_factory=dict)
    # ruling or FAQ answer id -> the cards it names, by name then id
    cards_of: dict = field(default_factory=dict)
    # every card named by every item, with how the name was matched (card_mentions.Mention)
    mentions: list = field(default_factory=list)
    # FAQ answer id -> the section it is shown with (None: on its source's FAQ page)
    faq_sections: dict = field(default_factory=dict)

    def faq_section(self, faq: FaqAnswer) -> Section | None:
        return self.faq_sections.get(faq.id)


def collect(
    corpus: Corpus, linked: LinkedTexts, diag: Diagnostics | None = None, known: KnownMentions | None = None
) -> Citations:
    """Who cites what, from the links resolved once (`linked.link_texts`).
    `diag`: where names that could mean two cards are reported; `known`: the
    card mentions the last build found (`card_mentions.KnownMentions`)."""
    mentions = find_mentions(corpus, diag, known)
    by_card = by_card_id(mentions)
    citations = Citations(
        by_card=by_card,
        cards_of=cards_named(corpus, by_card),
        mentions=mentions,
        faq_sections={f.id: faq_section(corpus, f) for f in corpus.faqs},
    )
    for item in [*corpus.faqs, *corpus.rulings]:
        # An answer's own section shows it already (its Related FAQ), so only
        # the sections it cites count here.
        sections = []
        for ref in item.references:
            if ref.target:
                sections.append(ref.target[0])
                _add(citations.by_rule[ref.target], item)
        concerns: dict = {}
        for seg in linked.of_item(item):
            if isinstance(seg, Link) and seg.target:
                concerns.setdefault(seg.target, seg)
                if seg.kind == "keyword":
                    sections.append(seg.target[0])
        citations.concerns[item.id] = list(concerns.values())
        for key in dict.fromkeys(sections):
            if key in corpus.sections:
                _add(citations.by_section[key], item)
    for walk in corpus.walkthroughs:
        for step in walk.steps:
            for cite in step.cites:
                target = linked.target(walk.game, cite.rule)
                if target:
                    _add(citations.by_rule[target], walk)
                    _add(citations.by_section[target[0]], walk)
    return citations


def align_translations(citations: Citations, corpus: Corpus, concordance) -> None:
    """A translated rule is the English rule it translates (same number, or
    concordance.yml's, `Concordance.english_of`): what cites the English rule,
    or concerns its section, cites and concerns the translation too, so its
    page lists them. Items cite English numbers; a translated rule that is
    itself cited keeps its own list."""
    for section in corpus.sections.values():
        if section.language == "en" or section.version_path:
            continue
        for rule in section.rules:
            english = concordance.english_of(section, rule.number)
            if english is None:
                continue
            items = citations.by_rule.get((english[0].key, english[1]))
            if items and not citations.by_rule.get((section.key, rule.number)):
                citations.by_rule[(section.key, rule.number)] = list(items)
        english = concordance.english_of(section, section.number)
        if english is not None and english[1] == english[0].number:
            items = citations.by_section.get(english[0].key)
            if items and not citations.by_section.get(section.key):
                citations.by_section[section.key] = list(items)


def faq_section(corpus: Corpus, faq: FaqAnswer) -> Section | None:
    """The section a FAQ answer is shown with: its number in the game's Core Rules
    in English, else in any document of the game that has it; None when it names
    none or the sources lack it (it is shown on its source's FAQ page)."""
    if not faq.section:
        return None
    return corpus.sections.get(SectionKey(faq.game, "core-rules", faq.section, "en")) or next(
        (s for s in corpus.sections.values() if s.game == faq.game and s.number == faq.section), None
    )


def _add(items: list, item) -> None:
    if not any(existing is item for existing in items):
        items.append(item)
