"""Stage 3: find rule references and keywords in any text, and resolve them.

A text is cut into plain strings and `Link`s. A link is either a rule reference
("See rule 355", "rules 811.5.a and 129.4", "véase la regla 602.2a", a range
"rules 103.1–103.3": each number is its own link) or a keyword ("[Show Off]",
"revealed") that leads to the section defining it. Card names come before
keywords: no keyword is linked inside a card's name as printed ("Thrill of the
Hunt" is a card, not the keyword Hunt). A reference whose rule is
not in the sources keeps `target=None`; the renderer shows it distinctly and the
build report counts it. Which texts are cut, and where each is read, is
`linked.py`'s: the one answer render formats and the stored references repeat.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..common.model import Corpus, Section, SectionKey
from .card_mentions import longest_of
from .cited import cited_numbers
from .merge import same_editions
from .view import page_showing

_WORD = re.compile(r"\w+(?:'\w+)*")

Target = tuple[SectionKey, str]  # (section page, anchor on its page)

# Text outside any rules document (rulings, FAQ answers, cards) cites this one.
MAIN_DOCUMENT = {"riftbound": "core-rules", "magic": "comprehensive-rules"}


@dataclass(frozen=True)
class Link:
    text: str
    kind: str  # "rule" or "keyword"
    number: str  # the rule or section number it names
    target: Target | None


@dataclass
class Linker:
    corpus: Corpus
    keywords: dict[str, dict[str, tuple[str, str, bool]]]  # game -> form -> (section number, language, keyword)
    # Where the number tables are kept for the next build in the same process
    # (`rulesite serve`): used again while every document's editions are the
    # same objects (`resolve.merge`); then so are the sections and numbers.
    kept: dict | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        editions = self.corpus.editions
        then = self.kept.get("tables") if self.kept is not None else None
        if then is not None and same_editions(then[0], editions):
            self.sections, self._rules, self._edition_rules = dict(then[1]), then[2], then[3]
        else:
            self._tables()
            if self.kept is not None:
                self.kept["tables"] = (dict(editions), dict(self.sections), self._rules, self._edition_rules)
        self._keywords()

    def _tables(self) -> None:
        # Every section that has a page: the current view, and editions' own pages.
        self.sections: dict[SectionKey, Section] = dict(self.corpus.sections)
        # (game, number) -> (document, language) -> target: each document numbers
        # its own rules, and each language's site has its own text.
        self._rules: dict[tuple[str, str], dict[tuple[str, str], Target]] = {}
        for section in self.corpus.sections.values():
            table: dict = {}
            self._index(table, section)
            for key, target in table.items():
                self._rules.setdefault(key, {})[(section.document, section.language)] = target
        # Text of an edition refers to that edition's numbers: edition label -> its targets.
        self._edition_rules: dict[tuple[str, str, str], dict[tuple[str, str], Target]] = {}
        for (game, document, language), editions in self.corpus.editions.items():
            for edition in editions:
                scope = self._edition_rules.setdefault((game, document, language, edition.label), {})
                for section in edition.sections.values():
                    shown = page_showing(self.corpus.sections, section) or section
                    self.sections[shown.key] = shown
                    self._index(scope, shown, section)

    def _keywords(self) -> None:
        # Keyword forms by their first word and number of words, for a quick scan of
        # each text (one alternation of thousands of titles makes a slow regular
        # expression): game -> first word of a form -> the most words of a form
        # beginning with it (no longer phrase from that word can be a form).
        self._reach: dict[str, dict[str, int]] = {}
        for game, forms in self.keywords.items():
            reach = self._reach[game] = {}
            for form in forms:
                first = _WORD.match(form.lstrip("["))
                if first:
                    reach[first.group(0)] = max(reach.get(first.group(0), 0), len(_WORD.findall(form)))
        # (game, text) -> its keyword matches: the same texts are linked on several pages.
        self._matches: dict[tuple[str, str], tuple[tuple[int, int, str], ...]] = {}
        # game -> the names of its cards of two words or more, as printed: a
        # keyword inside one of them is part of the name, not the keyword.
        names: dict[str, set[str]] = {}
        for card in self.corpus.cards:
            if card.name and " " in card.name.strip():
                names.setdefault(card.game or "riftbound", set()).add(card.name)
        self.card_names: dict[str, tuple[str, ...]] = {game: tuple(sorted(found)) for game, found in sorted(names.items())}
        self._card_pattern: dict[str, re.Pattern] = {}

    @staticmethod
    def _index(table: dict, shown: Section, section: Section | None = None) -> None:
        """Maps the numbers of `section` to their anchors on the page of `shown`."""
        section = section or shown
        key, game = shown.key, section.game  # made once: a Section's key is made anew each time it is asked
        table[(game, section.number)] = (key, section.number)
        for rule in section.rules:
            table[(game, rule.number)] = (key, rule.number)

    def target(self, game: str, number: str, here: Section | None = None, language: str = "") -> Target | None:
        """Where rule `number` of `game` is shown; text of an older edition's own
        page refers to that edition's numbers first."""
        if here is not None and here.version_path:
            scope = self._edition_rules.get((here.game, here.document, here.language, here.edition), {})
            if (game, number) in scope:
                return scope[(game, number)]
        found = self._rules.get((game, number), {})
        main = MAIN_DOCUMENT.get(game, "")
        document = here.document if here is not None else main
        language = language or (here.language if here is not None else "en")
        for preferred in ((document, language), (main, language), (document, "en"), (main, "en")):
            if preferred in found:
                return found[preferred]
        return next(iter(found.values()), None)

    def segments(self, text: str, game: str, here: Section | None = None, terms: bool = True) -> list[str | Link]:
        """`text` cut into plain strings and links. Keywords of `here` are not linked
        (a page need not link to itself), and each keyword is linked once per text;
        `terms=False` (rule text) links keywords only, not every defined term."""
        out: list[str | Link] = []
        position = 0
        for match in self._numbers(text):
            out += self._keyword_segments(text[position : match.start()], game, here, out, terms)
            number = match.group(0)
            out.append(Link(number, "rule", number, self.target(game, number, here)))
            position = match.end()
        out += self._keyword_segments(text[position:], game, here, out, terms)
        return [s for s in out if s != ""]

    def _numbers(self, text: str):
        return cited_numbers(text)  # cited.py: the one grammar of citations

    def _keyword_segments(self, text, game, here, done, terms=True) -> list[str | Link]:
        forms = self.keywords.get(game)
        if not forms:
            return [text]
        linked = {s.number for s in done if isinstance(s, Link) and s.kind == "keyword"}
        out: list[str | Link] = []
        position = 0
        matches = self._matches.get((game, text))
        if matches is None:
            matches = tuple(self._keyword_matches(text, forms, self._reach[game]))
            if matches and self.card_names.get(game):
                matches = self._outside_card_names(text, game, matches)
            self._matches[(game, text)] = matches
        for start, end, form in matches:
            number, language, keyword = forms[form]
            if start < position or (here is not None and here.number == number) or number in linked:
                continue
            if not (keyword or terms):
                continue
            out.append(text[position:start])
            out.append(Link(form, "keyword", number, self.target(game, number, language=language)))
            linked.add(number)
            position = end
        out.append(text[position:])
        return out

    def _outside_card_names(self, text: str, game: str, matches: tuple) -> tuple:
        """The keyword `matches` that are no part of a card name `text` prints
        (one that is the whole name, or more, is left: a card named as a
        keyword is the keyword here)."""
        pattern = self._card_pattern.get(game)
        if pattern is None:
            names = longest_of(set(self.card_names[game]))
            pattern = self._card_pattern[game] = re.compile(rf"(?<![\w'’-]){names}(?![\w-])")
        names = [m.span() for m in pattern.finditer(text)]
        if not names:
            return matches
        return tuple(
            (start, end, form)
            for start, end, form in matches
            if not any(a < end and start < b and not (start <= a and b <= end) for a, b in names)
        )

    @staticmethod
    def _keyword_matches(text: str, forms: dict[str, str], reach: dict[str, int]):
        """(start, end, form) of keyword forms in `text`, on whole words, longest first;
        "[Show Off]" as a bracketed form, "Show Off" only outside brackets."""
        words = [m.span() for m in _WORD.finditer(text)]
        for i, (start, first_end) in enumerate(words):
            most = reach.get(text[start:first_end])
            if most is None:
                continue
            before = text[start - 1] if start else ""
            for j in range(min(len(words), i + most) - 1, i - 1, -1):
                end = words[j][1]
                phrase = text[start:end]
                after = text[end] if end < len(text) else ""
                if before == "[" and after == "]" and f"[{phrase}]" in forms:
                    yield start - 1, end + 1, f"[{phrase}]"
                    break
                if phrase in forms and before != "[" and after != "]":
                    yield start, end, phrase
                    break
