"""The site map, made once after resolve and before render (`make_site_map`):
every page in parts, what each part holds and the anchors on it. Render reads
it: a card's link names the part of its letter that shows it, a rule's history
links the part of a diff page that holds its entry, the first part of a page
in parts lists the anchors of the others (render/part_anchors.py). Nothing is
cut by the size of what was rendered, so every page knows where everything is
before any is written.

Frozen: made once, read by every render worker as it was forked.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..common.model import Card, FaqAnswer, sort_key
from ..read.common import slugify
from ..resolve.view import Frozen
from .paths import card_parts, diff_page, diff_part_page, faq_anchor, faq_parts, packed


@dataclass(frozen=True)
class Part:
    """One page of a page in parts (or a page alone): what it holds, in order,
    and the ids on it, in the order the page prints them."""

    page: str
    items: tuple
    anchors: tuple[str, ...]


@dataclass(frozen=True)
class FaqPages:
    """The parts of a FAQ source's page, and the ids of its topics' headings:
    (page, index of the answer opening a topic) -> id, unique on its page (a
    source may print one heading twice)."""

    parts: tuple[Part, ...]
    topics: Frozen


@dataclass(frozen=True)
class DiffPages:
    """A diff between two editions: the whole diff on `page`, or (`parts` not
    empty) a summary there and its sections in parts of consecutive sections
    (each Part's items: section numbers); `entries`: entry anchor -> the page
    holding it."""

    page: str
    parts: tuple[Part, ...]
    entries: Frozen


@dataclass(frozen=True)
class SiteMap:
    cards: Frozen  # card letter page -> its parts (items: cards in order of name)
    card_pages: Frozen  # card id -> the part showing it
    faqs: Frozen  # (game, FAQ source id) -> FaqPages (the answers no section holds)
    faq_pages: Frozen  # FAQ answer id -> the part of its source's page showing it
    diffs: Frozen  # (game, document, language, old label, new label) -> DiffPages
    # What it was made from: a context with another corpus makes its own (render/context.py).
    made_from: tuple = field(default=(), compare=False, repr=False)

    def diff(self, diff) -> DiffPages:
        o, n = diff.old, diff.new
        return self.diffs[(o.game, o.document, o.language, o.label, n.label)]


def make_site_map(corpus, citations, editions, changes, diffs: list, kept: dict | None = None) -> SiteMap:
    """The site map of a resolved corpus. `citations`: resolve/citations.py's
    (which answers sit with a section, which cards each names); `changes`,
    `editions`: resolve's views (each diff's entries); `diffs`: the diffs the
    site shows on pages of their own (resolve.history.prerendered_pairs).
    `kept`: where the diffs' pages are kept for the next build in the same
    process, used again while the changes view and the diffs are the same
    objects (`resolve.history.KnownComparisons`)."""
    cards = {
        page: tuple(Part(p, tuple(listed), card_anchors(listed)) for p, listed in parts)
        for page, parts in card_parts(corpus.cards, citations.by_card).items()
    }
    faqs = {}
    for game, source_id in dict.fromkeys((f.game, f.source_id) for f in corpus.faqs):
        listed = [f for f in corpus.faqs if f.source_id == source_id and citations.faq_section(f) is None]
        faqs[(game, source_id)] = faq_pages(faq_parts(game, source_id, listed, citations.cards_of))
    then = (kept or {}).get("diffs")
    if then is not None and then[0] is changes and len(then[1]) == len(diffs) and all(a is b for a, b in zip(then[1], diffs)):
        shown = then[2]
    else:
        shown = {}
        for d in diffs:
            groups = changes.diff(d, corpus, editions)
            shown[(d.old.game, d.old.document, d.old.language, d.old.label, d.new.label)] = diff_pages(
                diff_page(d.old.game, d.old.document, d.old, d.new), groups
            )
        if kept is not None:
            kept["diffs"] = (changes, list(diffs), shown)
    return SiteMap(
        cards=Frozen(cards),
        card_pages=Frozen({c.id: part.page for parts in cards.values() for part in parts for c in part.items}),
        faqs=Frozen(faqs),
        faq_pages=Frozen({f.id: part.page for pages in faqs.values() for part in pages.parts for f in part.items}),
        diffs=Frozen(shown),
        made_from=(corpus, citations, changes),
    )


def card_anchors(cards: list[Card]) -> tuple[str, ...]:
    """The ids on a part of a card letter page: its heading's, then each card's."""
    return ("cards", *(card.id for card in cards))


def faq_pages(parts: list[tuple[str, list[FaqAnswer]]]) -> FaqPages:
    """The parts of a FAQ source's page (the empty ones left out: every answer
    sits with its section) with their topics' ids and every id on each."""
    parts = [(page, listed) for page, listed in parts if listed]
    topics = {}
    made = []
    for k, (page, listed) in enumerate(parts, 1):
        seen: set[str] = set()
        previous = None
        anchors = ["faq"]
        if k == 1 and len(parts) > 1 and any(f.topic for _, others in parts for f in others):
            anchors.append("topics")  # the first part lists every topic
        for i, faq in enumerate(listed):
            if faq.topic and faq.topic != previous:
                anchor = base = f"topic-{slugify(faq.topic)}"
                n = 1
                while anchor in seen:
                    n += 1
                    anchor = f"{base}-{n}"
                seen.add(anchor)
                topics[(page, i)] = anchor
                anchors.append(anchor)
            previous = faq.topic
            anchors.append(faq_anchor(faq))
        made.append(Part(page, tuple(listed), tuple(anchors)))
    return FaqPages(tuple(made), Frozen(topics))


# --- diffs in parts ----------------------------------------------------------------------
# A diff between distant editions is too heavy for one page (its HTML reached
# 490 KB; no page may pass 300 KB, and a cold view of a part, the theme's CSS
# and JavaScript included, should stay under 350 KB): above DIFF_WHOLE it is a
# summary and parts of consecutive sections of about DIFF_PART each (one
# section alone may pass it). The weights are characters of what a reader
# reads (a rule's text, its word diff, its numbers, how it was matched) plus
# the markup of its links: about the bytes of the Markdown the entry becomes.
DIFF_WHOLE = 190_000
DIFF_PART = 19_000


def diff_entry_weight(entry) -> int:
    """One entry of a diff page (resolve.entries.DiffEntry)."""
    words = len(entry.text) + sum(len(text) + 11 for _, text in entry.changes)
    numbers = sum(60 + 3 * len(n.number) for n in entry.numbers)
    was = 90 + len(entry.was.number) if entry.was is not None else 0
    how = 40 if entry.how is not None else 0
    return 60 + words + numbers + was + how + (30 if entry.changes else 0)


def diff_group_weight(group) -> int:
    """One section of a diff page (resolve.entries.DiffGroup): its heading and entries."""
    titles = sum(60 + len(s.number) + len(s.title) for s in (group.new, group.old) if s is not None)
    return 120 + titles + sum(diff_entry_weight(e) for e in group.entries)


def diff_pages(page: str, groups) -> DiffPages:
    """Where a diff's sections and entries are: `page` alone, or its parts
    (`paths.diff_part_page`, named by their first and last section)."""
    ordered = sorted(groups, key=lambda g: sort_key(g.number))
    weights = [diff_group_weight(g) for g in ordered]  # each weighed once: the whole, then the parts
    if sum(weights) <= DIFF_WHOLE:
        return DiffPages(page, (), Frozen({e.anchor: page for g in ordered for e in g.entries}))
    weight_of = {id(g): w for g, w in zip(ordered, weights)}
    parts = []
    for chunk in packed(ordered, None, DIFF_PART, weight=lambda g: weight_of[id(g)]):
        numbers = tuple(g.number for g in chunk)
        anchors = ("diff", *(a for g in chunk for a in (f"s-{g.number}", *(e.anchor for e in g.entries))))
        parts.append(Part(diff_part_page(page, part_name(numbers)), numbers, anchors))
    entries = {e.anchor: part.page for part, chunk in zip(parts, _chunks(ordered, parts)) for g in chunk for e in g.entries}
    return DiffPages(page, tuple(parts), Frozen(entries))


def _chunks(ordered: list, parts: list[Part]) -> list[list]:
    by_number = {g.number: g for g in ordered}
    return [[by_number[n] for n in part.items] for part in parts]


def part_name(numbers) -> str:
    """A diff part's name: the first and last section it holds ("401-412",
    "382-382", "313.7-405.4"): also the words of the links between parts."""
    return f"{numbers[0]}-{numbers[-1]}"
