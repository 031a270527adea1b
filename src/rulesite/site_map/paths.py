"""The site map: where every page lives in docs/, and links between them.

Every page's path is derived here and nowhere else, so a page moves in one
place. Plain, readable paths that survive rebuilds: a rule is `<section
page>#<its number>`, a ruling or walkthrough has a page named by its id.
"""

from __future__ import annotations

import posixpath
from functools import lru_cache

from ..common.model import Card, Edition, FaqAnswer, Ruling, Section, SectionKey, Walkthrough, sort_key

HOME = "index.md"
KEYWORDS = "keywords.md"
UNRESOLVED = "references-not-in-sources.md"
REVIEW = "needs-review.md"
PROBLEMS = "source-problems.md"
ERRATA = "riftbound/errata.md"
OFFLINE_PAGE = "offline.md"  # what the offline app shows for a page not stored yet


def written_page(name: str) -> str:
    """A page people wrote (docs/NAME.md), at the same place in every language's site."""
    return f"{name}.md"


def section_page(key: SectionKey) -> str:
    """The plain page of a section, or the versioned page of an edition's own
    section (a key with an edition label)."""
    folder = f"{key.game}/{key.document}/{key.edition}" if key.edition else f"{key.game}/{key.document}"
    return f"{folder}/{key.number}.md"


def whole_document_page(game: str, document: str, edition: str = "") -> str:
    """A document's whole text on one page, beside its section pages: the plain
    pages' (`riftbound/core-rules/all.md`) or an older edition's
    (`riftbound/core-rules/v1.2/all.md`). Its anchors are the section pages'
    (`all.html#424.1`); no section is numbered "all"."""
    folder = f"{game}/{document}/{edition}" if edition else f"{game}/{document}"
    return f"{folder}/all.md"


def game_index(game: str) -> str:
    return f"{game}/index.md"


def rulings_index(game: str) -> str:
    return f"{game}/rulings/index.md"


def faq_index(game: str) -> str:
    return f"{game}/faq.md"


def walkthroughs_index(game: str) -> str:
    return f"{game}/walkthroughs/index.md"


def faq_anchor(faq: FaqAnswer) -> str:
    return f"faq-{faq.id}"


def example_anchor(number: str, index: int) -> str:
    """The anchor of rule `number`'s example `index` (from 1) on its section page."""
    return f"{number}-example-{index}"


def page_of(item: Section | Ruling | Walkthrough) -> str:
    if isinstance(item, Section):
        return section_page(item.key)
    if isinstance(item, Ruling):
        return f"{item.game}/rulings/{item.id}.md"
    return f"{item.game}/walkthroughs/{item.id}.md"


@lru_cache(maxsize=65536)
def relpath(to: str, start: str) -> str:
    """posixpath.relpath, once per pair: every page of a folder links the same
    pages. Between two folder-relative paths it is worked out from the paths
    alone (posixpath.relpath asks the operating system for the current folder)."""
    if not to or to.startswith("/") or start.startswith("/"):
        return posixpath.relpath(to, start)
    target = [part for part in posixpath.normpath(to).split("/") if part != "."]
    origin = [part for part in posixpath.normpath(start).split("/") if part != "."]
    if ".." in target or ".." in origin:  # above the current folder: only the system knows it
        return posixpath.relpath(to, start)
    common = 0
    for a, b in zip(target, origin):
        if a != b:
            break
        common += 1
    return "/".join([".."] * (len(origin) - common) + target[common:]) or "."


def relative(from_page: str, to_page: str, anchor: str = "") -> str:
    """A link from one docs/ page to another, as MkDocs expects it (to the .md file)."""
    path = "" if to_page == from_page else relpath(to_page, posixpath.dirname(from_page) or ".")
    return f"{path}#{anchor}" if anchor else path


# Short, shareable rule links: one small static page per rule that previews it
# in chat apps and forwards to the rule in its section.
SHORT_PREFIX = {("riftbound", "core-rules"): "r", ("magic", "comprehensive-rules"): "mtg"}


def short_link(game: str, document: str, number: str) -> str:
    """Site-root-relative address of a rule's short page: `r/832.1.c.2.html`.
    A file, not a folder, so it also opens from disk and thousands of rules
    cost one folder."""
    prefix = SHORT_PREFIX.get((game, document), f"{game}/{document}/r")
    return f"{prefix}/{number}.html"


def short_prefix(game: str) -> str:
    """The folder of a game's short links (its main rules' prefix): `r`, `mtg`."""
    return next((prefix for (g, _), prefix in SHORT_PREFIX.items() if g == game), f"{game}/r")


def html_path(md_path: str) -> str:
    return md_path.removesuffix(".md") + ".html"


# The preview images of shared pages (render/og_image.py), named by what they
# show: a reworded rule's image has a new name.
PREVIEW_IMAGES = "assets/og"


def language_root(language: str, default: str = "en") -> str:
    """Where a language's site lives under the site folder: English at the root."""
    return "" if language == default else f"{language}/"


def cross_href(from_page: str, from_language: str, to_page: str, to_language: str, anchor: str = "", notice: bool = True) -> str:
    """A plain link from a page of one language's site to a page of another's. It
    says where the reader came from (`?from=es`), so a page that does not exist in
    the reader's language can say so (render/languages.py); `notice=False` for a
    link to the same rule under another number (no notice is due there)."""
    here = posixpath.dirname(language_root(from_language) + from_page)
    href = relpath(language_root(to_language) + html_path(to_page), here or ".")
    if from_language != to_language and notice:
        href += f"?from={from_language}"
    return f"{href}#{anchor}" if anchor else href


def faq_page(game: str, source_id: str) -> str:
    """FAQ answers that belong to no section in the sources: one page per source."""
    return f"{game}/faq/{source_id}.md"


def cards_page(game: str, name: str) -> str:
    """Cards are listed on one page per initial letter, each anchored by its id."""
    initial = next((c for c in name.lower() if c.isalnum()), "0")
    return f"{game}/cards/{initial if initial.isascii() else '0'}.md"


def cards_index(game: str) -> str:
    """The card letters, each with its parts and how many cards it holds."""
    return f"{game}/cards/index.md"


def contents_page(game: str, document: str) -> str:
    return f"{game}/{document}/index.md"


def topic_page(topic_id: str) -> str:
    return f"topics/{topic_id}.md"


def guide_page(game: str, guide_id: str) -> str:
    return f"{game}/guides/{guide_id}.md"


def guides_index(game: str) -> str:
    return f"{game}/guides/index.md"


def glossary_page(game: str, document: str, label: str = "") -> str:
    """The glossary's index page: its letters. The letters' pages sit beside it in
    a folder of the same name (glossary/a.md). No `label`: the current edition's;
    else edition `label`'s own."""
    folder = f"{game}/{document}/{label}" if label else f"{game}/{document}"
    return f"{folder}/glossary.md"


def letter_page(base: str, letter: str) -> str:
    return f"{base.removesuffix('.md')}/{letter}.md"


def editions_page(game: str, document: str) -> str:
    return f"{game}/{document}/editions.md"


def diff_page(game: str, document: str, old: Edition, new: Edition) -> str:
    return f"{game}/{document}/changes/{old.label}-to-{new.label}.md"


def diff_part_page(diff_page: str, part: str) -> str:
    """A part of a split diff, named by its sections: changes/v1.2-to-v1.4/420-426.md."""
    return f"{diff_page.removesuffix('.md')}/{part}.md"


def compare_page(game: str, document: str) -> str:
    """Where the browser shows the diff between any two editions (assets/compare.js)."""
    return f"{game}/{document}/changes/compare.md"


def changes_index(game: str, document: str) -> str:
    """The index of a document's changes/ folder: each diff page, and the comparison of any pair."""
    return f"{game}/{document}/changes/index.md"


def version_alias(key: SectionKey, label: str) -> str:
    """The current edition's section also answers at its edition's path (an HTML file, not a page)."""
    return html_path(section_page(key.of_edition(label)))


# --- pages in parts --------------------------------------------------------------------
# A list page too heavy for a light cold view (the HTML beside the ~300 KB of CSS
# and JavaScript every page shares should stay under about 50 KB) is split into
# parts of consecutive items. Which part holds what is decided here, from the
# model, before anything is rendered, so every link to an item (a card, a FAQ
# answer, a section in the contents) names the part that holds it. The weights
# are characters of the text a reader reads, plus a little per link: the HTML of
# an item is about one to two times that.


def part_page(base: str, k: int) -> str:
    """Part `k` (from 1) of a page in parts: the first keeps the page's own path,
    the others add their number (`s.md`, `s-2.md`), as a glossary letter's do."""
    return base if k == 1 else f"{base.removesuffix('.md')}-{k}.md"


def in_parts(base: str, items: list, weight, limit: int) -> list[tuple[str, list]]:
    """(page, its items) for each part of `base`, in order (escape.packed)."""
    return [(part_page(base, k), chunk) for k, chunk in enumerate(packed(items, None, limit, weight=weight), 1)]


def _title(item) -> str:
    """What a link to a ruling, FAQ answer or erratum shows (its weight)."""
    for name in ("title", "question", "article"):
        if isinstance(getattr(item, name, None), str):
            return getattr(item, name)
    return ""


# A part of a card letter holds about this much text (about 20 KB of HTML).
CARDS_PART = 11_000


def card_weight(card: Card, named: list) -> int:
    """A card's name (its heading, id and table of contents entries), text, errata,
    and the titles of the rulings, answers and errata naming it."""
    errata = sum(len(e.old_text) + len(e.new_text) for e in card.errata)
    return 150 + 3 * len(card.name) + len(card.text) + errata + sum(60 + len(_title(item)) for item in named)


def card_parts(cards: list[Card], named: dict[str, list]) -> dict[str, list[tuple[str, list[Card]]]]:
    """Each card letter page (cards_page) -> its parts: (page, its cards in order
    of name). `named`: card id -> what names it (resolve/card_mentions.py)."""
    by_letter: dict[str, list[Card]] = {}
    for card in cards:
        by_letter.setdefault(cards_page(card.game or "riftbound", card.name), []).append(card)
    return {
        page: in_parts(
            page,
            sorted(listed, key=lambda c: (c.name.lower(), c.code)),
            lambda c: card_weight(c, named.get(c.id, [])),
            CARDS_PART,
        )
        for page, listed in sorted(by_letter.items())
    }


# A part of a FAQ source's page holds about this much text (about 20 KB of HTML,
# and its table of contents, which Material prints twice, lists every question).
FAQ_PART = 17_000


def faq_weight(faq: FaqAnswer, cards: list) -> int:
    return 300 + 3 * len(faq.question) + len(faq.answer) + sum(40 + len(card.name) for card in cards)


def faq_parts(game: str, source_id: str, faqs: list[FaqAnswer], cards_of: dict[str, list]) -> list[tuple[str, list[FaqAnswer]]]:
    """The parts of a FAQ source's page (faq_page), each holding whole topics (the
    answers printed under one heading), in the source's order."""
    topics: list[list[FaqAnswer]] = []
    for faq in faqs:
        if topics and faq.topic and faq.topic == topics[-1][0].topic:
            topics[-1].append(faq)
        else:
            topics.append([faq])

    def weight(topic: list[FaqAnswer]) -> int:
        return sum(faq_weight(f, cards_of.get(f.id, [])) for f in topic)

    return [
        (page, [f for topic in chunk for f in topic])
        for page, chunk in in_parts(faq_page(game, source_id), topics, weight, FAQ_PART)
    ]


# A document's contents fits one page up to about this much text; a longer one is
# an index of parts, each listing consecutive sections (about 30 KB of HTML in a
# language whose links all go to another language's site, 12 KB in its own).
CONTENTS_PART = 8_000


def contents_groups(sections: list[Section]) -> list[list[Section]]:
    """A document's sections in the order of their numbers, each titled one with
    the untitled ones numbered under it (Magic's "100 General" and 100.1, 100.2, ...)."""
    groups: list[list[Section]] = []
    for section in sorted(sections, key=lambda s: sort_key(s.number)):
        head = groups[-1][0] if groups else None
        if head is not None and not section.title and section.number.startswith(head.number + "."):
            groups[-1].append(section)
        else:
            groups.append([section])
    return groups


def contents_weight(group: list[Section]) -> int:
    return sum(40 + len(s.number) + len(s.title) for s in group)


def contents_parts(game: str, document: str, sections: list[Section]) -> list[tuple[str, list[list[Section]]]]:
    """The contents of a document: one page (the contents page) when it is light,
    else its parts, each named by its first and last section
    (`contents/100-123.md`), in order."""
    groups = contents_groups(sections)
    if sum(contents_weight(g) for g in groups) <= CONTENTS_PART:
        return [(contents_page(game, document), groups)]
    chunks = in_parts("", groups, contents_weight, CONTENTS_PART)
    return [(contents_part_page(game, document, chunk[0][0].number, chunk[-1][0].number), chunk) for _, chunk in chunks]


def contents_part_page(game: str, document: str, first: str, last: str) -> str:
    name = first if first == last else f"{first}-{last}"
    return f"{game}/{document}/contents/{name}.md"


# The keyword index fits one page up to about this much text; else it is an index
# of one page per game, in parts.
KEYWORDS_PART = 12_000


def keyword_weight(title: str, number: str, forms: list[str]) -> int:
    return 50 + len(title) + len(number) + sum(12 + len(form) for form in forms)


def keyword_parts(entries: dict[str, list[tuple[Section, list[str]]]]) -> list[tuple[str, str, list[tuple[Section, list[str]]]]]:
    """(page, game, its entries) for every part of the keyword index: all on
    KEYWORDS when it is light, else `keywords/<game>.md` (`-2`, ... for more
    parts). `entries`: game -> [(the keyword's section, its other forms)]."""

    def weight(entry: tuple[Section, list[str]]) -> int:
        return keyword_weight(entry[0].title, entry[0].number, entry[1])

    if sum(weight(e) for listed in entries.values() for e in listed) <= KEYWORDS_PART:
        return [(KEYWORDS, game, listed) for game, listed in entries.items()]
    return [
        (page, game, chunk)
        for game, listed in entries.items()
        for page, chunk in in_parts(f"keywords/{game}.md", listed, weight, KEYWORDS_PART)
    ]


# A part of a game's rulings index lists about this much text (its rulings'
# titles and ids): about 30 KB of HTML where the rulings are on another
# language's site, 18 KB on their own.
RULINGS_PART = 15_000


def rulings_parts(game: str, rulings: list[Ruling]) -> list[tuple[str, list[Ruling]]]:
    """The parts of a game's rulings index (rulings_index): `index.md`, `index-2.md`, ..."""
    return in_parts(rulings_index(game), rulings, lambda r: 80 + len(r.title) + len(r.id), RULINGS_PART)


def packed(items: list, lines_of, limit: int, weight=None) -> list[list]:
    """Consecutive items, in order, packed into parts whose Markdown lines
    (`lines_of(item)`) weigh at most `limit` characters; an item heavier than
    that is a part alone. Splits a long page (a diff, a glossary letter) into
    pages of a readable weight. `weight(item)`, when given, weighs an item
    instead of its lines (the site map splits pages before they are rendered)."""
    parts: list[list] = []
    size = limit
    for item in items:
        heavy = weight(item) if weight is not None else sum(len(str(line)) for line in lines_of(item))
        if parts and size + heavy <= limit:
            parts[-1].append(item)
            size += heavy
        else:
            parts.append([item])
            size = heavy
    return parts
