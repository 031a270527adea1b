"""The one model every importer produces and every later stage reads.

Importers turn each source format into these objects; `resolve` merges and
checks them; `render` turns them into Markdown. Nothing here knows about any
source format or about HTML.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple


@dataclass(frozen=True)
class Loc:
    """Where something was read: a repository-relative path and a 1-based line."""

    path: str
    line: int = 1  # lines count "\n" only; 0: the path as a whole (a folder), no line

    def __str__(self) -> str:
        return f"{self.path}:{self.line}" if self.line else self.path


@dataclass
class Source:
    """One raw source file, as described by `rules_src/manifest.yml`."""

    id: str
    path: str  # as shown in messages: relative to the project root when inside it
    game: str  # "riftbound" | "magic"
    document: str  # "core-rules" | "comprehensive-rules" | "community-rulings" ...
    language: str  # BCP 47 code: "en", "es", "fr"
    edition: str  # the source's "Last Updated" date, or "undated"
    format: str  # the importer that reads it
    title: str = ""
    origin: str = ""  # where the text was taken from, for the reader
    licence: str = ""
    partial: bool = False  # an excerpt, not a whole edition
    version: str = ""  # the edition's version name, when it has one: "1.4"
    # A translation's English edition (its date, or "undated"), when not its own `edition`
    follows: str = ""
    loc: Loc = Loc("rules_src/manifest.yml", 1)
    file: str = ""  # where to read it from
    root: str = ""  # the folder it must lie inside (its manifest's, or --also's)

    def describe(self) -> str:
        edition = "undated" if self.edition == "undated" else f"Last Updated {self.edition}"
        return f"{self.title or self.id} ({edition})"


@dataclass
class Example:
    """An "Example:" passage: shown apart from the rule text it belongs to."""

    label: str  # the printed label without the colon: "Example", "Examples", "Ejemplo"
    text: str
    loc: Loc


@dataclass
class Reference:
    """A rule number cited in some text ("see rule 355"), and where it leads."""

    number: str
    loc: Loc
    target: tuple[SectionKey, str] | None = None  # (section page, anchor); None: not in the sources


@dataclass
class Rule:
    number: str  # as printed, without the trailing dot: "832.1.c.2", "701.20a"
    text: str  # the rule's own text, examples removed
    loc: Loc
    examples: list[Example] = field(default_factory=list)
    source_ids: list[str] = field(default_factory=list)  # every source that prints it
    number_restored: bool = False  # the source lost the number; the importer restored it
    references: list[Reference] = field(default_factory=list)  # filled by resolve

    @property
    def parent(self) -> str | None:
        return parent_number(self.number)

    @property
    def depth(self) -> int:
        return len(number_parts(self.number))


class SectionKey(NamedTuple):
    """Which section page: a section of a document in one language, and for an
    edition's own page (one the plain page does not show), that edition's label.
    Languages are separate sites with the same paths. Read it by its names: a
    tuple only so that it hashes and sorts as fast as one."""

    game: str
    document: str
    number: str
    language: str
    edition: str = ""  # "" for the plain page, which shows the current view

    @property
    def plain(self) -> SectionKey:
        """The plain page's key: the same section in the current view."""
        return self._replace(edition="") if self.edition else self

    def in_language(self, language: str) -> SectionKey:
        """The plain page of the same section number in another language's site."""
        return SectionKey(self.game, self.document, self.number, language)

    def of_edition(self, label: str) -> SectionKey:
        """The same section's own page in edition `label`."""
        return self._replace(edition=label)


@dataclass
class Section:
    """A numbered section with its title and rules (832 Show Off, 701.20 Mostrar)."""

    game: str
    document: str
    number: str
    title: str
    language: str
    rules: list[Rule] = field(default_factory=list)
    source_ids: list[str] = field(default_factory=list)
    loc: Loc = Loc("", 1)
    notes: list[str] = field(default_factory=list)  # codes of notices shown on the page
    edition: str = ""  # label of the edition it belongs to ("v1.2", "2026-10-09")
    # Set when this edition's section has a page of its own under the edition's
    # path, because the plain page shows another edition's text.
    version_path: str = ""

    @property
    def key(self) -> SectionKey:
        """Its page: the plain one, or its edition's own when `version_path` is set."""
        return SectionKey(self.game, self.document, self.number, self.language, self.version_path)


@dataclass
class Edition:
    """One dated edition of a document, whole or an excerpt, with its sections."""

    game: str
    document: str
    language: str
    label: str  # "v1.4" when the edition has a version name, else its date or "undated"
    date: str  # "2026-06-18" or "undated"
    partial: bool
    source_ids: list[str] = field(default_factory=list)
    sections: dict[str, Section] = field(default_factory=dict)  # number -> section

    def rules(self):
        for section in self.sections.values():
            yield from section.rules


@dataclass
class FaqAnswer:
    """An official question and answer, shown with the section it belongs to."""

    id: str  # readable and stable: slug of the question
    question: str
    answer: str
    game: str
    section: str  # number of the section it sits with
    source_id: str
    loc: Loc
    references: list[Reference] = field(default_factory=list)  # filled by resolve
    topic: str = ""  # the heading the source prints it under ("Scoring"), when not a section
    # "answer": a question and its answer; "clarification": a section of prose
    # under its own heading (`question` is the heading); "introduction": an
    # article's text before its first heading (`question` is the article's title)
    kind: str = "answer"
    document: str = ""  # the official document (OfficialDocument.id) it was published in
    date: str = ""  # that document's publication day (YYYY-MM-DD), "" when it gives none
    translates: str = ""  # a translation's: the id of the English answer it translates (faq-translation)


# The language rulings, walkthroughs and the card gallery are written in: their
# pages are on its site only, and every other language's site links there.
CONTENT_LANGUAGE = "en"


@dataclass
class Ruling:
    """A community ruling in Ruling / Sequence / Nuances form."""

    id: str
    title: str
    answer: str
    steps: list[str]
    nuances: list[str]
    game: str
    source_id: str
    loc: Loc
    references: list[Reference] = field(default_factory=list)  # filled by resolve
    question: str = ""  # the question as asked, when the source words one
    cards: list[str] = field(default_factory=list)  # card names the ruling concerns, as printed
    reviewed_version: str = ""  # Core Rules version the source reviewed it against: "1.4"
    licence: str = ""  # e.g. "CC BY-SA 4.0"
    attribution: str = ""  # e.g. "Riftbound FAQ, Christian Ivicevic"
    rule_citations: list[str] = field(default_factory=list)  # explicit citations, in order, repeats kept
    date: str = ""  # when its source first published it (YYYY-MM-DD), when it says


@dataclass
class Citation:
    """A walkthrough step's claim that `rule` decides it, relying on `quote`."""

    rule: str
    quote: str
    loc: Loc


@dataclass
class WalkthroughStep:
    text: str
    cites: list[Citation]
    loc: Loc


@dataclass
class Walkthrough:
    id: str
    title: str
    game: str
    document: str
    edition: str
    rule: str  # the rule whose example it works through
    summary: str
    steps: list[WalkthroughStep]
    loc: Loc


@dataclass
class GuideBlock:
    kind: str  # "heading", "paragraph" or "item" (a bullet; `level` is its depth)
    text: str
    level: int
    loc: Loc


@dataclass
class Guide:
    """An explainer article: prose, headings and bullets, in one language. The
    same id in several languages is the same article translated."""

    id: str
    title: str
    game: str
    language: str
    blocks: list[GuideBlock]
    source_id: str
    loc: Loc


@dataclass
class GlossaryEntry:
    """A glossary term and its definition, one paragraph per printed line."""

    id: str  # slug of the term: "active-player-nonactive-player-order"
    term: str
    definitions: list[str]
    game: str
    document: str
    language: str
    source_id: str
    loc: Loc


@dataclass
class KeywordEntry:
    """Extra forms that link to a section (keywords.yml): "revealed" -> 424."""

    game: str
    language: str
    number: str  # the section the words name
    words: list[str]
    loc: Loc


@dataclass
class CardAlias:
    """Nicknames players use for a card (card-aliases.yml): "Zhonya" -> "Zhonya's Hourglass"."""

    game: str
    card: str  # the card's name as the gallery prints it
    names: list[str]
    loc: Loc


@dataclass
class EquivalentEntry:
    """The same rule in several languages or editions (concordance.yml)."""

    game: str
    document: str
    rules: list[tuple[str, str, str]]  # (language, number, edition), in the file's order
    loc: Loc


@dataclass
class TopicEntry:
    """A cross-game page (concordance.yml) listing sections side by side."""

    id: str
    title: str
    sections: list[tuple[str, str, str]]  # (game, document, number)
    loc: Loc


@dataclass
class OfficialDocument:
    """One article the publisher released (an FAQ, a clarifications document, an
    errata list): what it says of its own authority, as printed."""

    id: str  # the article's id in its source
    title: str
    game: str
    kind: str  # "faq" (answers and clarifications) or "errata"
    source_id: str
    loc: Loc
    published: str  # YYYY-MM-DD, or "" when the article gives no date
    url: str = ""  # where it was published
    amends: str = ""  # what it changes: a document ("core-rules") or "cards"; "" when it says neither
    precedence: bool = False  # it says it takes precedence over `amends` where they differ
    lapses: str = ""  # "next-rules-update": it says it becomes obsolete when the next rules update is published


@dataclass
class RuleRevision:
    """A rule's text as an official document revised it ("Rule 735.1.c (revised text)")."""

    number: str  # as printed, without a trailing dot
    text: str
    game: str
    document: str  # the rules document it amends: "core-rules"
    official: str  # the OfficialDocument.id that printed it
    date: str  # that document's publication date, or ""
    source_id: str
    loc: Loc


@dataclass
class Misprint:
    """A citation a source prints of a rule its edition lacks, checked by hand
    (misprints.yml): reported as a warning with its reason, not an error."""

    source: str  # the id of the source that prints it (manifest)
    rule: str  # the number as printed
    reason: str
    loc: Loc


@dataclass
class Imported:
    """What one importer read from one source."""

    sections: list[Section] = field(default_factory=list)
    faqs: list[FaqAnswer] = field(default_factory=list)
    rulings: list[Ruling] = field(default_factory=list)
    cards: list[Card] = field(default_factory=list)
    errata: list[Erratum] = field(default_factory=list)
    guides: list[Guide] = field(default_factory=list)
    glossary: list[GlossaryEntry] = field(default_factory=list)
    official: list[OfficialDocument] = field(default_factory=list)
    revisions: list[RuleRevision] = field(default_factory=list)


@dataclass(frozen=True)
class WrittenPage:
    """A page people wrote for the site (docs/NAME.md or its translation
    docs/NAME.LANG.md): trusted Markdown, committed with the project."""

    name: str  # "about"; "index" is the home page's introduction
    language: str | None  # None: the original, used where no translation exists
    text: str
    loc: Loc


@dataclass
class Corpus:
    """Everything the site is built from, after merging all sources."""

    sources: dict[str, Source] = field(default_factory=dict)
    sections: dict[SectionKey, Section] = field(default_factory=dict)  # the current view, by Section.key
    faqs: list[FaqAnswer] = field(default_factory=list)
    rulings: list[Ruling] = field(default_factory=list)
    walkthroughs: list[Walkthrough] = field(default_factory=list)
    guides: list[Guide] = field(default_factory=list)
    glossary: list[GlossaryEntry] = field(default_factory=list)
    # (game, document, language) -> its editions, oldest first; `sections` is the current view
    editions: dict[tuple[str, str, str], list[Edition]] = field(default_factory=dict)
    cards: list[Card] = field(default_factory=list)
    errata: list[Erratum] = field(default_factory=list)
    # Read from keywords.yml, card-aliases.yml and concordance.yml; resolve matches them.
    keywords: list[KeywordEntry] = field(default_factory=list)
    card_aliases: list[CardAlias] = field(default_factory=list)  # card-aliases.yml, matched by resolve/card_mentions.py
    equivalents: list[EquivalentEntry] = field(default_factory=list)
    topics: list[TopicEntry] = field(default_factory=list)
    misprints: list[Misprint] = field(default_factory=list)  # misprints.yml, matched by resolve/cited_rules.py
    written: list[WrittenPage] = field(default_factory=list)  # docs/*.md
    official: list[OfficialDocument] = field(default_factory=list)  # FAQ, clarification and errata articles
    revisions: list[RuleRevision] = field(default_factory=list)  # rule texts official documents revised

    def written_page(self, name: str, language: str) -> WrittenPage | None:
        """Written page `name` as the `language` site shows it: its translation, else the original."""
        by_language = {p.language: p for p in self.written if p.name == name}
        return by_language.get(language) or by_language.get(None)

    def rules(self):
        for section in self.sections.values():
            for rule in section.rules:
                yield section, rule


# --- rule numbers -----------------------------------------------------------

# One grammar for rule numbers, in `names.py`; re-exported here because every
# stage reads them as part of the model.
from .names import canonical_number, number_parts, parent_number, sort_key  # noqa: E402,F401


# --- cards and errata ---------------------------------------------------------


@dataclass
class Erratum:
    """An official change to a card's printed text: the old and the new wording."""

    card: str  # the card's name as the article prints it
    old_text: str  # one line per printed paragraph, joined with "\n"
    new_text: str  # likewise
    date: str  # the article's publication date, YYYY-MM-DD
    article: str  # the article's title
    source_id: str
    loc: Loc
    note: str = ""  # a remark printed with the pair (after "Note:")
    article_id: str = ""  # the article's id in its source
    url: str = ""  # where the article was published
    game: str = ""


@dataclass
class Card:
    """A card as the card gallery prints it."""

    id: str  # URL-safe and stable: "abc-012-300"
    code: str  # public code as printed: "ABC-012/300"
    name: str
    types: list[str]  # "Unit", "Spell", "Gear", "Legend", "Battlefield", "Rune"
    domains: list[str]  # "Fury", "Calm", ... "Colorless"
    text: str  # ability text, symbols in Core Rules shorthand ([1], [A], [M], [E]), one line per paragraph
    source_id: str
    loc: Loc
    errata: list[Erratum] = field(default_factory=list)  # filled by resolve
    supertypes: list[str] = field(default_factory=list)  # "Champion", "Signature", "Token", "Basic"
    tags: list[str] = field(default_factory=list)  # "Dragon", "Noxus"
    set_name: str = ""  # "Origins"
    energy: str = ""  # printed costs and might, as text ("" when none)
    might: str = ""
    power: str = ""
    game: str = ""
