"""The same rule across editions, even when it was renumbered, and what changed.

Pure functions over model objects: no I/O, no rendering.

`match_editions(old, new)` pairs each rule of `old` with at most one rule of
`new` (and each rule of `new` with at most one of `old`), in four stages:

1. **Sections.** Sections are paired first, by title: titles are compared
   normalized (typography, case, trailing `.`/`:` and spaces ignored), so
   "Reveal" 411 (v1.1, v1.2) pairs with "Reveal" 424 (v1.4). When several
   sections share a title (Riftbound prints two "Battlefields"), the pairs with
   the most similar contents are taken first, then the same number, then the
   nearest place. Sections left over are paired when they keep their number
   and their title or contents stay similar (a retitled section: "Action
   Phase" 316 → "Main Phase" 316, `SECTION_KEPT`), then when their titles
   are similar enough (`SECTION_TITLE_SIMILAR`: "Step 1: The Showdown Step" →
   "Step 1: The Combat Showdown Step"), then when all their rules' texts are
   (`SECTION_CONTENT_SIMILAR`: v1.2's 352 "2. Make necessary choices." is
   v1.4's 355 "2. Make relevant choices."). A number alone never pairs two
   sections: v1.4's 411 "Responsibility" is not v1.2's 411 "Reveal".

2. **Certain pairs.** A rule whose text as printed (`rule_text`) is printed
   exactly once in each edition is its twin, wherever the two stand
   (`Matched.certain`; an excerpt's, within paired sections only). Nothing
   found later can undo such a pair: v1.2's
   376.4.d.3 "... referred to as Attack Triggers." is v1.4's 383.4.e.3, even
   though v1.4's 383.4.d.3 sits at its old place with a text one word away.

3. **The rest of paired sections, assigned optimally.** Within each section
   pair, the rules left are candidates when their texts are similar
   (`rapidfuzz.fuzz.ratio` on the normalized, case-folded rule text, as 0..1):
   from `SAME_POSITION` (0.6) at the same place (the same relative position,
   the number's parts after the section's number: 411.1.a ↔ 424.1.a; a
   section whose rules carry the next numbers, as "Units" 139 holding 140.x,
   counts the offset; or the same last part under parents paired together) or
   among siblings (nested under parents paired together), from `SIMILAR`
   (0.8) elsewhere in the section. The candidates are then assigned at once
   so that the sum of their values is the largest (the Hungarian method, over
   each group of rules that compete), parents before their sub-rules. A
   pair's value is its text similarity, half `fuzz.ratio` and half the
   words in common weighed by how rare they are in the two editions (so
   "Attack" counts for more than "Triggered Abilities", which every sibling
   prints), plus `PARENT_BONUS` when it is nested under its parents' match;
   position, the same number and the nearest place only break ties.

4. **Rules moved between sections.** Rules still unpaired on both sides are
   looked up across the whole other edition (`rapidfuzz.process.extract` with
   `score_cutoff`, so the cost stays bounded), needing `SIMILAR` too, or the
   exact text for texts shorter than `SHORT` characters (one-word headings
   such as "Battlefields" recur in many places). Best first.

**Cited numbers.** A rule whose text differs only in the numbers of the
rules it cites, each old number and its new one naming the same rule (or
section) across the two editions, had its *references renumbered*: "See rule
454." → "See rule 458." when section 454 became 458. Its text did change
(`Match.text_changed`), but not its wording: `Match.cited` lists the numbers
that differ (`Cited`), `Match.references_renumbered` says they all name the
same rules, and `EditionDiff` counts those apart (`recited`) from the
rules reworded (`changed`). Where a cited number now names another rule, the
rule stays changed and its `Cited` says so (`same=False`), with what each
number names (a section's title, a rule's first words). Which numbers a text
cites is the linker's grammar (`cited.py`); which rule a number names in each
edition is the matching's answer (a rule's match, a section's pair). A text
whose cited number gained a period ("See rule 142 for" → "See rule 144. for")
changed more than the number: it stays changed.

What is not paired is added (only in `new`) or removed (only in `old`): the
same number with an unrelated text in a differently titled section is a
removed rule plus an added one, not a change.

A rule's *text*, for "changed", `Match.score` and `Match.diff()`, is the rule
as printed: its text and its examples (`merge.printed`), typographically
normalized. Matching itself compares the rule's own text, case-folded, without
its examples (so an example added to a rule does not hide the rule).

Each `Match.how` says how the pair was made, as data (`Matched`, `Traced`):
the numbers, the two sections, whether the sections were paired, the position
and the similarity. `history_words.py` puts it into words in each language:
"same number, same text", "renumbered: section 'Reveal' 411 → 424, same
position, same text", "renumbered: moved from section 105 'Spaces' to 108
'Non-Board Zones', a few words changed" (the similarity stays a number in
the data alone). A history entry's `how` is a
`Matched`, a `Traced`, or how the chain stands there (`Printed`, `Added`,
`Removed`, `Absent`).

Cost: stage 2 is one pass over both editions; stage 3 compares the rules
left of each section pair (sections hold tens of rules, and most rules are
paired by stage 2) and solves an assignment only where several rules compete;
stage 4 looks only at the leftovers, through rapidfuzz's bounded search. A
pair of whole Riftbound Core Rules editions takes a few tenths of a second
(tests/corpora/test_editions.py prints the timings).
"""

from __future__ import annotations

import math
import re
import itertools
from dataclasses import replace
from collections import Counter
from collections.abc import Callable, Iterable
from functools import lru_cache
from dataclasses import dataclass, field

from cydifflib import SequenceMatcher  # difflib's algorithm and results, in C
from rapidfuzz import fuzz, process

from ..common.model import Edition, Rule, Section, number_parts, parent_number
from ..common.normalize import normalize_text
from .cited import cited_numbers
from .merge import printed, same_editions

SIMILAR = 0.8  # text similarity (fuzz.ratio / 100) that makes two rules the same rule
SAME_POSITION = 0.6  # enough at the same relative position in paired sections
PARENT_BONUS = 0.1  # how much a rule nested under its parent's match is preferred
TIE = 1e-6  # position, then the same number, then the nearest place: only ever breaking ties
SHORT = 20  # texts shorter than this are matched outside their position only when identical
SECTION_TITLE_SIMILAR = 0.8  # fuzz.ratio of two titles that pairs two otherwise unpaired sections
SECTION_CONTENT_SIMILAR = 0.8  # similarity of all their rules' texts that pairs two such sections
SECTION_KEPT = 0.5  # a section keeping its number pairs when its title or contents stay this similar
GLOBAL_CANDIDATES = 5  # best candidates kept per rule in stage 4


# --- how: what became of a rule from one edition to the next, as data ------------


@dataclass(frozen=True)
class Place:
    """A section as a history names it: its number and title in that edition."""

    number: str
    title: str


@dataclass(frozen=True)
class Matched:
    """The rule found again in the next edition (stages 2 to 4 above)."""

    old_number: str
    new_number: str
    old_section: Place
    new_section: Place
    paired: bool  # its section was paired with the new one; False: the rule moved to another section
    same_title: bool  # the two sections' titles agree, typography and case aside
    same_position: bool  # at the same relative position in a paired section
    score: float  # text similarity of the rule as printed, 0..1; 1.0: the same text
    certain: bool = False  # its text is printed exactly once in each edition (stage 2)
    references: bool = False  # the text differs only in cited numbers that name the same rules

    @property
    def renumbered(self) -> bool:
        return self.old_number != self.new_number

    @property
    def reworded(self) -> bool:
        return self.score != 1.0

    @property
    def moved(self) -> bool:
        """Into another section (one not paired with its own)."""
        return not self.paired

    @property
    def section_renumbered(self) -> bool:
        return self.paired and self.old_section.number != self.new_section.number

    @property
    def retitled(self) -> bool:
        return self.paired and not self.same_title


@dataclass(frozen=True)
class Traced:
    """Two editions that are not neighbours, joined along the match chain."""

    renumbered: bool
    reworded: bool
    through: tuple[str, ...]  # labels of the whole editions in between
    references: bool = False  # the text differs only in cited numbers that name the same rules


@dataclass(frozen=True)
class Printed:
    """Where the chain starts when no whole edition came before: the first edition held."""

    edition: str


@dataclass(frozen=True)
class Added:
    edition: str


@dataclass(frozen=True)
class Removed:
    edition: str


@dataclass(frozen=True)
class Absent:
    """Not printed in `edition`: not yet, no longer (after it was removed), or
    left out of an excerpt."""

    edition: str
    why: str  # "not-yet", "still-absent", "not-in-excerpt", "not-yet-in-excerpt"


How = Matched | Traced | Printed | Added | Removed | Absent


@dataclass(frozen=True)
class Cited:
    """A number a rule cites that differs between two editions' texts of it,
    all else of the texts being the same (module doc, "Cited numbers")."""

    old: str  # as the old edition's text cites it
    new: str  # as the new edition's text cites it
    same: bool  # both name the same rule (or section): only its number changed
    old_title: str = ""  # what the old number names in the old edition: a section's title, a rule's first words
    new_title: str = ""  # what the new number names in the new edition


# --- the result types ----------------------------------------------------------


@dataclass
class Match:
    """Rule `old` (in `old_section`) is rule `new` (in `new_section`) of the next edition."""

    old: Rule
    new: Rule
    old_section: Section
    new_section: Section
    how: Matched | Traced  # how the match was made (history_words.py words it)
    score: float  # text similarity, 0..1 (1.0: the same text)
    # The cited numbers that differ, when they are all that differs (module doc):
    # set with the matches of an edition pair (`mark_cited`).
    cited: tuple[Cited, ...] = ()

    @property
    def references_renumbered(self) -> bool:
        """The text differs only in cited numbers, each naming the same rule as before."""
        return bool(self.cited) and all(c.same for c in self.cited)

    @property
    def reworded(self) -> bool:
        """The text changed, other than by its references being renumbered."""
        return self.text_changed and not self.references_renumbered

    @property
    def text_changed(self) -> bool:
        # Both ways of matching give 1.0 exactly when the texts as printed are
        # the same (_printed_similarity, traced_diff): no need to normalize them again.
        return self.score != 1.0

    @property
    def renumbered(self) -> bool:
        return self.old.number != self.new.number

    def diff(self) -> list[tuple[str, str]]:
        """Word diff of the rule as printed, from the old edition to the new one."""
        return word_diff(rule_text(self.old), rule_text(self.new))


@dataclass
class EditionDiff:
    """What changed from edition `old` to edition `new`."""

    old: Edition
    new: Edition
    added: list[tuple[Section, Rule]] = field(default_factory=list)  # only in `new`
    removed: list[tuple[Section, Rule]] = field(default_factory=list)  # only in `old`
    changed: list[Match] = field(default_factory=list)  # the text differs (`Match.reworded`)
    recited: list[Match] = field(default_factory=list)  # the text differs only in renumbered references
    moved: list[Match] = field(default_factory=list)  # the number differs (the text may too)
    unchanged: int = 0  # same number, same text
    matches: list[Match] = field(default_factory=list)  # every pair, in the new edition's order

    def counts(self) -> dict[str, int]:
        return {
            "old_rules": len(self.matches) + len(self.removed),
            "new_rules": len(self.matches) + len(self.added),
            "matched": len(self.matches),
            "added": len(self.added),
            "removed": len(self.removed),
            "changed": len(self.changed),
            "references": len(self.recited),
            "moved": len(self.moved),
            "unchanged": self.unchanged,
        }

    def for_section(self, number: str, side: str = "either") -> EditionDiff:
        """This diff narrowed to section `number`: of the old edition, the new one, or
        (`side="either"`) of either, so a section that was renumbered shows where its
        rules went, and a number reused by another section shows both."""
        if side not in ("old", "new", "either"):
            raise ValueError(f"side must be 'old', 'new' or 'either', not {side!r}")
        in_old = side in ("old", "either")
        in_new = side in ("new", "either")

        def keep(m: Match) -> bool:
            return (in_old and m.old_section.number == number) or (in_new and m.new_section.number == number)

        return _diff_from(
            self.old,
            self.new,
            [m for m in self.matches if keep(m)],
            [(s, r) for s, r in self.added if in_new and s.number == number],
            [(s, r) for s, r in self.removed if in_old and s.number == number],
        )


@dataclass
class HistoryEntry:
    """One edition's word on a rule: its number there (None: not printed there)."""

    edition_label: str
    number: str | None
    text_changed: bool  # changed since the edition it was matched from (the previous whole one)
    how: How  # Match.how, or where the chain stands in this edition

    @property
    def references_only(self) -> bool:
        """Its text changed only by the renumbering of the rules it cites."""
        return self.text_changed and getattr(self.how, "references", False)


# --- text ------------------------------------------------------------------------


def rule_text(rule: Rule) -> str:
    """The rule as printed (text and examples), normalized: what "changed" compares."""
    return _normalized(printed(rule))


def _match_text(rule: Rule) -> str:
    return _folded(rule.text or printed(rule))


# Pure functions of a string, cached: an edition is compared with two or three
# others, and a document re-read after one rule's reword brings back thousands
# of texts as they were (new objects, the same strings).
@lru_cache(maxsize=1 << 16)
def _normalized(text: str) -> str:
    return normalize_text(text)


@lru_cache(maxsize=1 << 16)
def _folded(text: str) -> str:
    return normalize_text(text).casefold()


def _similarity(a: str, b: str) -> float:
    return fuzz.ratio(a, b) / 100.0


def _printed_similarity(x: str, y: str) -> float:
    """How similar two rules are as printed (`rule_text`: examples and case included):
    1.0 only when they are the same text, and below 1.0 whenever they differ."""
    if x == y:
        return 1.0
    return min(_similarity(x, y), 0.999)


_TOKEN = re.compile(r"\s+|\S+")


@lru_cache(maxsize=8192)
def _word_diff(a: str, b: str) -> tuple:
    return tuple(_uncached_word_diff(a, b))


def word_diff(a: str, b: str) -> list[tuple[str, str]]:
    """Cached: a rule's history and the diff pages ask for the same pairs."""
    return list(_word_diff(a, b))


def _uncached_word_diff(a: str, b: str) -> list[tuple[str, str]]:
    """`a` → `b` word by word: ("=", same), ("-", only in a), ("+", only in b).

    Words keep their punctuation ("cards." is one word) and every character is
    kept, so joining the "=" and "-" parts gives `a` exactly, and the "=" and
    "+" parts give `b`. A change is reported as "-" then "+", and the spaces
    between two changed words stay inside the change ("-old words" "+new text")
    rather than splitting it.
    """
    ta, tb = _TOKEN.findall(a), _TOKEN.findall(b)
    raw: list[tuple[str, str, str]] = []  # (op, old part, new part)
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, ta, tb, autojunk=False).get_opcodes():
        old, new = "".join(ta[i1:i2]), "".join(tb[j1:j2])
        raw.append(("=" if tag == "equal" else "~", old, new))
    # Spaces alone kept between two changes join the change.
    merged: list[list[str]] = []
    for k, (op, old, new) in enumerate(raw):
        between = 0 < k < len(raw) - 1 and raw[k - 1][0] == "~" and raw[k + 1][0] == "~"
        if op == "=" and not (between and old.isspace()):
            merged.append(["=", old, new])
        elif merged and merged[-1][0] == "~":
            merged[-1][1] += old
            merged[-1][2] += new
        else:
            merged.append(["~", old, new])
    ops: list[tuple[str, str]] = []
    for op, old, new in merged:
        if op == "=":
            ops.append(("=", old))
            continue
        if old:
            ops.append(("-", old))
        if new:
            ops.append(("+", new))
    return ops


# --- sections --------------------------------------------------------------------


@lru_cache(maxsize=1 << 12)
def _title_key(title: str) -> str:
    return normalize_text(title).casefold().rstrip(" .:")


def _section_text(section: Section) -> str:
    return " ".join(_match_text(r) for r in section.rules)


def _section_similarity(a: Section, b: Section, texts: dict[int, str], cutoff: float = 0.0) -> float:
    """How similar all the rules of two sections are (0 below `cutoff`, which is cheaper)."""
    if not a.rules and not b.rules:
        return 1.0 if _title_key(a.title) == _title_key(b.title) else 0.0
    return fuzz.ratio(_cached_text(a, texts), _cached_text(b, texts), score_cutoff=cutoff * 100) / 100.0


def _cached_text(section: Section, texts: dict[int, str]) -> str:
    if id(section) not in texts:
        texts[id(section)] = _section_text(section)
    return texts[id(section)]


def match_sections(old: Edition, new: Edition) -> list[tuple[Section, Section]]:
    """Pairs of sections that are the same section in `old` and `new` (module doc, stage 1)."""
    olds, news = list(old.sections.values()), list(new.sections.values())
    old_at = {id(s): i for i, s in enumerate(olds)}
    new_at = {id(s): i for i, s in enumerate(news)}
    pairs: list[tuple[Section, Section]] = []
    texts: dict[int, str] = {}  # id(section) -> its rules' texts, for _section_similarity
    titles = {id(s): _title_key(s.title) for s in olds + news}
    taken_old: set[int] = set()
    taken_new: set[int] = set()

    def take(candidates: list[tuple[tuple, Section, Section]]) -> None:
        for _, a, b in sorted(candidates, key=lambda c: c[0], reverse=True):
            if id(a) not in taken_old and id(b) not in taken_new:
                taken_old.add(id(a))
                taken_new.add(id(b))
                pairs.append((a, b))

    # Same title: one each pairs at once; several are ranked by contents, number, place.
    by_title: dict[str, tuple[list[Section], list[Section]]] = {}
    for s in olds:
        by_title.setdefault(titles[id(s)], ([], []))[0].append(s)
    for s in news:
        by_title.setdefault(titles[id(s)], ([], []))[1].append(s)
    for title, (os_, ns_) in by_title.items():
        if not title or not os_ or not ns_:
            continue
        if len(os_) == 1 and len(ns_) == 1:
            take([((1.0,), os_[0], ns_[0])])
            continue
        take(
            [
                ((_section_similarity(a, b, texts), a.number == b.number, -abs(old_at[id(a)] - new_at[id(b)])), a, b)
                for a in os_
                for b in ns_
            ]
        )

    # Same number, retitled: the title or the contents stay similar.
    left_new = {s.number: s for s in news if id(s) not in taken_new}
    same_number = []
    for a in olds:
        b = left_new.get(a.number)
        if b is None or id(a) in taken_old:
            continue
        score = max(_similarity(titles[id(a)], titles[id(b)]), _section_similarity(a, b, texts))
        if score >= SECTION_KEPT:
            same_number.append(((score,), a, b))
    take(same_number)

    # Similar titles, then similar contents (a section retitled and renumbered at
    # once), anywhere: rapidfuzz's bounded search, as the cost grows with both sides.
    for key, cutoff, needs_rules in (
        (lambda s: titles[id(s)], SECTION_TITLE_SIMILAR, False),
        (lambda s: _cached_text(s, texts), SECTION_CONTENT_SIMILAR, True),
    ):
        left_new_keys = {k: key(s) for k, s in enumerate(news) if id(s) not in taken_new and (s.rules or not needs_rules)}
        similar = []
        for a in olds:
            if id(a) in taken_old or (needs_rules and not a.rules) or not left_new_keys:
                continue
            for _, score, k in process.extract(
                key(a), left_new_keys, scorer=fuzz.ratio, score_cutoff=cutoff * 100, limit=GLOBAL_CANDIDATES
            ):
                b = news[k]
                similar.append(((score, -abs(old_at[id(a)] - new_at[id(b)])), a, b))
        take(similar)
    pairs.sort(key=lambda p: new_at[id(p[1])])
    return pairs


# --- rules -----------------------------------------------------------------------


@lru_cache(maxsize=1 << 16)  # a pure function of two strings, asked for each rule of each pair
def relative_position(section_number: str, rule_number: str) -> tuple | None:
    """Where a rule sits in its section, whatever the section's number: 424.1.a in 424
    and 411.1.a in 411 are both (0, "1", "a"); 141.2 in 140 is (1, "2")."""
    s, r = number_parts(section_number), number_parts(rule_number)
    if r[: len(s)] == s:
        return (0, *r[len(s) :])
    if len(s) == 1 and r and s[0].isdigit() and r[0].isdigit():
        return (int(r[0]) - int(s[0]), *r[1:])
    return None


@dataclass
class _Side:
    """One edition's rules, flattened: rule i sits in section `sections[i]`."""

    rules: list[Rule]
    sections: list[Section]
    texts: list[str]  # what matching compares (`_match_text`)
    printed: list[str]  # what "changed" compares (`rule_text`)
    positions: list[tuple | None]
    parents: list[int | None]  # the index of the rule it nests under, in its section

    @classmethod
    def of(cls, edition: Edition) -> _Side:
        rules, sections = _flat(edition)
        at: dict[tuple[int, str], int] = {}
        for i, (s, r) in enumerate(zip(sections, rules)):
            at.setdefault((id(s), r.number), i)
        return cls(
            rules,
            sections,
            [_match_text(r) for r in rules],
            [rule_text(r) for r in rules],
            [relative_position(s.number, r.number) for s, r in zip(sections, rules)],
            [at.get((id(s), parent_number(r.number) or "")) for s, r in zip(sections, rules)],
        )


_WORD = re.compile(r"\w+")


@lru_cache(maxsize=1 << 16)
def _word_set(text: str) -> frozenset[str]:
    """Cached: an edition's texts are weighed again for each edition it is compared with."""
    return frozenset(_WORD.findall(text))


class _Weights:
    """Words weighted by how rare they are in the two editions (inverse document
    frequency), so that the words naming a thing ("Attack Triggers") count for
    more than the boilerplate every sibling shares."""

    def __init__(self, a: _Side, b: _Side):
        self.texts = a.texts, b.texts
        # Each text's words counted once: one pass in C over all of them.
        seen = Counter(itertools.chain.from_iterable(map(_word_set, a.texts + b.texts)))
        n = len(a.texts) + len(b.texts) + 1
        self.weight = {w: math.log(n / df) for w, df in seen.items()}
        self.counted: dict[tuple[int, int], tuple[Counter, float]] = {}  # only the rules compared

    def _words(self, side: int, k: int) -> tuple[Counter, float]:
        found = self.counted.get((side, k))
        if found is None:
            words = Counter(_WORD.findall(self.texts[side][k]))
            found = self.counted[(side, k)] = (words, sum(self.weight[w] * c for w, c in words.items()))
        return found

    def similarity(self, i: int, j: int) -> float:
        """Weighted Dice coefficient of the words of old rule i and new rule j, 0..1."""
        (x, wx), (y, wy) = self._words(0, i), self._words(1, j)
        if not wx + wy:
            return 1.0 if x == y else 0.0
        return 2 * sum(self.weight[w] * min(c, y[w]) for w, c in x.items() if w in y) / (wx + wy)


def _assign(value: list[list[float]]) -> list[tuple[int, int]]:
    """The rows and columns paired so that the sum of their `value`s is the largest
    (the Hungarian method, O(n²m)); pairs of value 0 (no candidate) are left out."""
    flipped = len(value) > len(value[0])
    if flipped:
        value = [list(column) for column in zip(*value)]
    n, m = len(value), len(value[0])
    inf = float("inf")
    u, v = [0.0] * (n + 1), [0.0] * (m + 1)
    row_of, way = [0] * (m + 1), [0] * (m + 1)  # row_of[j]: the row (from 1) holding column j
    for i in range(1, n + 1):
        row_of[0], j0 = i, 0
        least, used = [inf] * (m + 1), [False] * (m + 1)
        while True:
            used[j0] = True
            i0, delta, j1 = row_of[j0], inf, 0
            row = value[i0 - 1]
            for j in range(1, m + 1):
                if not used[j]:
                    cost = -row[j - 1] - u[i0] - v[j]
                    if cost < least[j]:
                        least[j], way[j] = cost, j0
                    if least[j] < delta:
                        delta, j1 = least[j], j
            for j in range(m + 1):
                if used[j]:
                    u[row_of[j]] += delta
                    v[j] -= delta
                else:
                    least[j] -= delta
            j0 = j1
            if row_of[j0] == 0:
                break
        while j0:
            j1 = way[j0]
            row_of[j0] = row_of[j1]
            j0 = j1
    pairs = [(row_of[j] - 1, j - 1) for j in range(1, m + 1) if row_of[j] and value[row_of[j] - 1][j - 1] > 0]
    return [(j, i) for i, j in pairs] if flipped else pairs


def _best_assignment(candidates: Iterable[tuple[int, int]], value: Callable[[int, int], float]) -> list[tuple[int, int]]:
    """`_assign` over each group of candidate pairs that compete for a rule (most are
    alone, and need no `value`)."""
    group: dict[tuple[str, int], tuple[str, int]] = {}

    def root(node: tuple[str, int]) -> tuple[str, int]:
        while group.get(node, node) != node:
            node = group[node]
        return node

    for i, j in candidates:
        group[root(("old", i))] = root(("new", j))
    members: dict[tuple[str, int], list[tuple[int, int]]] = {}
    for i, j in candidates:
        members.setdefault(root(("old", i)), []).append((i, j))
    chosen = []
    for edges in members.values():
        if len(edges) == 1:
            chosen += edges
            continue
        rows = sorted({i for i, _ in edges})
        cols = sorted({j for _, j in edges})
        given = set(edges)
        values = [[value(i, j) if (i, j) in given else 0.0 for j in cols] for i in rows]
        chosen += [(rows[r], cols[c]) for r, c in _assign(values)]
    return chosen


# How a rule pair was found, by the rules' places in their editions (`_flat`):
# (old index, new index, stage, whether their sections were paired).
RulePair = tuple[int, int, str, bool]
# (game, document, language, old label, new label, across sections) -> the pairs:
# what the scoring found, kept so that another pass over the same corpus (one
# made in a worker: `score_editions`) builds the matches without scoring again.
KnownPairs = dict[tuple[str, str, str, str, str, bool], list[RulePair]]


def match_editions(old: Edition, new: Edition, across_sections: bool = True, known: KnownPairs | None = None) -> list[Match]:
    """Each rule of `old` paired with the rule of `new` that is the same rule (module
    doc), in the new edition's order. `across_sections=False` skips the search for
    rules moved between sections: an excerpt prints a few sections, and its rules'
    only counterparts are in the sections it pairs with (Show Off is not Flow).
    `known`: pairs found before for the same editions, used when there, and
    where the pairs found now are kept."""
    key = _pair_key(old, new, across_sections)
    pairs = known.get(key) if known is not None else None
    if pairs is None:
        pairs = rule_pairs(old, new, across_sections)
        if known is not None:
            known[key] = pairs
    (a_rules, a_sections), (b_rules, b_sections) = _flat(old), _flat(new)
    matches = []
    for i, j, stage, paired in sorted(pairs, key=lambda pair: pair[1]):  # in the new edition's order
        old_rule, new_rule = a_rules[i], b_rules[j]
        x, y = a_sections[i], b_sections[j]
        score = _printed_similarity(rule_text(old_rule), rule_text(new_rule))
        matches.append(Match(old_rule, new_rule, x, y, _how(old_rule, new_rule, x, y, stage, score, paired), score))
    mark_cited(old, new, matches)
    return matches


def _pair_key(old: Edition, new: Edition, across_sections: bool) -> tuple[str, str, str, str, str, bool]:
    return (old.game, old.document, old.language, old.label, new.label, across_sections)


def _flat(edition: Edition) -> tuple[list[Rule], list[Section]]:
    """An edition's rules in order, and the section of each."""
    rules, sections = [], []
    for section in edition.sections.values():
        rules += section.rules
        sections += [section] * len(section.rules)
    return rules, sections


def rule_pairs(old: Edition, new: Edition, across_sections: bool = True) -> list[RulePair]:
    """The scoring of `match_editions`: which rules of `old` and `new` are the same rule."""
    a, b = _Side.of(old), _Side.of(new)
    section_pairs = match_sections(old, new)
    paired_sections = {(id(x), id(y)) for x, y in section_pairs}
    a_index: dict[int, list[int]] = {}
    for i, s in enumerate(a.sections):
        a_index.setdefault(id(s), []).append(i)
    b_index: dict[int, list[int]] = {}
    for j, s in enumerate(b.sections):
        b_index.setdefault(id(s), []).append(j)

    pairs: dict[int, tuple[int, str]] = {}  # old index -> (new index, stage)
    taken_new: set[int] = set()

    def pair(i: int, j: int, stage: str) -> None:
        pairs[i] = (j, stage)
        taken_new.add(j)

    # Stage 2, certain: a text printed exactly once in each edition is one rule.
    old_count, new_count = Counter(a.printed), Counter(b.printed)
    once_new = {text: j for j, text in enumerate(b.printed) if text and new_count[text] == 1}
    for i, text in enumerate(a.printed):
        j = once_new.get(text) if old_count[text] == 1 else None
        if j is not None and (across_sections or (id(a.sections[i]), id(b.sections[j])) in paired_sections):
            pair(i, j, "exact")

    # Stage 3: the rest of each section pair, assigned at once, parents before their
    # sub-rules, so that a rule nested under its parent's match can be preferred.
    weights = _Weights(a, b)
    for x, y in section_pairs:
        depth = {i: len(number_parts(a.rules[i].number)) for i in a_index.get(id(x), []) if i not in pairs}
        for level in sorted(set(depth.values())):
            news = [j for j in b_index.get(id(y), []) if j not in taken_new]
            found = _candidates(a, b, [i for i, d in depth.items() if d == level], news, pairs)
            for i, j in _best_assignment(found, lambda i, j, found=found: _value(a, b, weights, i, j, found[(i, j)])):
                pair(i, j, found[(i, j)][0])

    # Stage 4: across the whole edition, for rules moved between sections
    # (an empty rule is only ever matched by its position).
    if across_sections:
        olds = tuple((i, a.texts[i], a.rules[i].number) for i in range(len(a.rules)) if i not in pairs and a.texts[i])
        news = tuple((j, b.texts[j], b.rules[j].number) for j in range(len(b.rules)) if j not in taken_new and b.texts[j])
        for i, j in _moved(olds, news):
            pair(i, j, "global")
    return [(i, j, stage, (id(a.sections[i]), id(b.sections[j])) in paired_sections) for i, (j, stage) in pairs.items()]


# Cached: a pure function of the strings and numbers it is given. After one
# rule reworded, the rules its edition leaves unpaired on both sides are most
# often those left last time, whose search is most of scoring the edition.
@lru_cache(maxsize=32)
def _moved(olds: tuple[tuple[int, str, str], ...], news: tuple[tuple[int, str, str], ...]) -> tuple[tuple[int, int], ...]:
    """Stage 4 (module doc): the rules left unpaired in the old edition and in
    the new one, each as (index, matched text, number), paired across the
    whole edition, best first."""
    left_new = {j: text for j, text, _ in news}
    number_of = {j: number for j, _, number in news}
    ranked = []
    for i, text, number in olds if left_new else ():
        cutoff = 100.0 if len(text) < SHORT else SIMILAR * 100
        for _, score, j in process.extract(text, left_new, scorer=fuzz.ratio, score_cutoff=cutoff, limit=GLOBAL_CANDIDATES):
            if score < 100.0 and len(left_new[j]) < SHORT:
                continue
            ranked.append(((score, number == number_of[j], -abs(i - j)), i, j))
    chosen, taken_old, taken_new = [], set(), set()
    for _, i, j in sorted(ranked, key=lambda c: c[0], reverse=True):
        if i not in taken_old and j not in taken_new:
            chosen.append((i, j))
            taken_old.add(i)
            taken_new.add(j)
    return tuple(chosen)


# A candidate pair of stage 3: (stage, text similarity, nested under the parents'
# match, at the same place).
_Candidate = tuple[str, float, bool, bool]


def _candidates(
    a: _Side, b: _Side, olds: list[int], news: list[int], pairs: dict[int, tuple[int, str]]
) -> dict[tuple[int, int], _Candidate]:
    """The pairs of old rules `olds` and new rules `news` (of one section pair) that
    may be the same rule: at the same place or among siblings from `SAME_POSITION`,
    elsewhere in the section from `SIMILAR` (short texts only when identical)."""
    found: dict[tuple[int, int], _Candidate] = {}
    texts = [b.texts[j] for j in news]
    for i in olds if news else []:
        # Every rule left in the paired section scored in one call (in C); those
        # under SAME_POSITION can pass none of the tests below.
        for _, score, k in process.extract(a.texts[i], texts, scorer=fuzz.ratio, score_cutoff=SAME_POSITION * 100, limit=None):
            j, score = news[k], score / 100.0
            nested = _under_paired_parents(a, b, i, j, pairs)
            positional = _same_place(a, b, i, j, pairs)
            short = min(len(a.texts[i]), len(b.texts[j])) < SHORT
            if positional:
                stage = "position"
            elif nested:
                stage = "sibling"
            elif score >= SIMILAR and (score == 1.0 or not short) and a.texts[i]:
                stage = "section"
            else:
                continue
            found[(i, j)] = (stage, score, nested, positional)
    return found


def _value(a: _Side, b: _Side, weights: _Weights, i: int, j: int, candidate: _Candidate) -> float:
    """What pairing old rule i with new rule j is worth: the text first, its words
    weighed by rarity; then being nested under the parents' match; position, the
    same number and the nearest place only break ties."""
    _, score, nested, positional = candidate
    tie = 2 * positional + (a.rules[i].number == b.rules[j].number) - abs(i - j) / (len(a.rules) + len(b.rules))
    return (score + weights.similarity(i, j)) / 2 + PARENT_BONUS * nested + TIE * tie


def _same_place(a: _Side, b: _Side, i: int, j: int, pairs: dict[int, tuple[int, str]]) -> bool:
    """Whether old rule i and new rule j sit at the same place: the same relative
    position in their sections, or the same last part under parents paired together."""
    if a.positions[i] is not None and a.positions[i] == b.positions[j]:
        return True
    return (
        _under_paired_parents(a, b, i, j, pairs) and number_parts(a.rules[i].number)[-1:] == number_parts(b.rules[j].number)[-1:]
    )


def _under_paired_parents(a: _Side, b: _Side, i: int, j: int, pairs: dict[int, tuple[int, str]]) -> bool:
    parent = pairs.get(a.parents[i]) if a.parents[i] is not None else None
    return parent is not None and b.parents[j] is not None and parent[0] == b.parents[j]


def _how(old: Rule, new: Rule, x: Section, y: Section, stage: str, score: float, paired: bool) -> Matched:
    """How a match was made (`Matched`)."""
    return Matched(
        old.number,
        new.number,
        Place(x.number, x.title),
        Place(y.number, y.title),
        paired,
        _title_key(x.title) == _title_key(y.title),
        stage == "position" or (paired and _same_relative_position(x, old, y, new)),
        score,
        stage == "exact",
    )


def _same_relative_position(x: Section, old: Rule, y: Section, new: Rule) -> bool:
    here = relative_position(x.number, old.number)
    return here is not None and here == relative_position(y.number, new.number)


# --- edition diffs ------------------------------------------------------------------


def _diff_from(old: Edition, new: Edition, matches: list[Match], added, removed) -> EditionDiff:
    return EditionDiff(
        old,
        new,
        added=list(added),
        removed=list(removed),
        changed=[m for m in matches if m.reworded],
        recited=[m for m in matches if m.references_renumbered],
        moved=[m for m in matches if m.renumbered],
        unchanged=sum(1 for m in matches if not m.text_changed and not m.renumbered),
        matches=list(matches),
    )


def diff_editions(old: Edition, new: Edition, matches: list[Match] | None = None, known: KnownPairs | None = None) -> EditionDiff:
    """What changed from `old` to `new` (`matches`: from `match_editions`, when
    already made; `known`: as for `match_editions`)."""
    if matches is None:
        matches = match_editions(old, new, known=known)
    matched_old = {id(m.old) for m in matches}
    matched_new = {id(m.new) for m in matches}
    added = [(s, r) for s in new.sections.values() for r in s.rules if id(r) not in matched_new]
    removed = [(s, r) for s in old.sections.values() for r in s.rules if id(r) not in matched_old]
    return _diff_from(old, new, matches, added, removed)


def prerendered_pairs(whole: list[Edition]) -> list[tuple[Edition, Edition]]:
    """The pairs of whole editions (oldest first) whose diff the site pre-renders:
    neighbours, and each edition with the newest (the current one). 2n-3 pairs for
    n editions, so one more edition adds a constant number of pages; any other pair
    is `traced_diff`, published as data (export/data.diff_data)."""
    pairs = list(zip(whole, whole[1:]))
    pairs += [(e, whole[-1]) for e in whole[:-2]]
    return pairs


def traced_diff(found: RuleChains, old: Edition, new: Edition) -> EditionDiff:
    """The diff between two whole editions that are not neighbours, composed along
    the match chains instead of matched afresh: the pairs are the rules whose chain
    reaches both editions (a rule's stable identity in both editions). The
    compare page shows it from the published data (export/data.diff_data)."""
    ko, kn = found.editions.index(old), found.editions.index(new)
    through = tuple(e.label for e in found.editions[ko + 1 : kn] if not e.partial)
    matches = []
    for chain in found.chains:
        if ko in chain and kn in chain:
            (a, x, _), (b, y, _) = chain[ko], chain[kn]
            same = rule_text(a) == rule_text(b)
            matches.append(Match(a, b, x, y, Traced(a.number != b.number, not same, through), 1.0 if same else 0.0))
    order = {id(r): j for j, r in enumerate(new.rules())}
    matches.sort(key=lambda m: order[id(m.new)])
    mark_cited(old, new, matches)
    return diff_editions(old, new, matches)


# --- history -------------------------------------------------------------------------


def _edition_order(edition: Edition) -> tuple:
    return (edition.date == "undated", edition.date)


@dataclass
class RuleChains:
    """Every rule of a document's dated editions on its match chain: `chains[c]` maps
    an edition's index in `editions` (oldest first) to (rule, its section, the match
    from the previous edition of the chain, None where the chain starts). `matches`
    keeps the matches made between neighbouring whole editions, by (old label, new
    label), so their diffs need not match them again."""

    editions: list[Edition]
    chains: list[dict[int, tuple[Rule, Section, Match | None]]]
    matches: dict[tuple[str, str], list[Match]] = field(default_factory=dict)

    def stable_ids(self) -> dict[tuple[str, str, str], str]:
        """(edition label, section number, rule number) -> the rule's identity: where
        its chain starts, `<edition label>:<rule number>` ("v1.1:411.1"), the same in
        every edition the chain reaches, so it survives renumbering. Two chains
        starting at one number (an edition printing it twice) get "~2", "~3"."""
        ids: dict[tuple[str, str, str], str] = {}
        used: dict[str, int] = {}
        for chain in self.chains:
            k0 = min(chain)
            first = f"{self.editions[k0].label}:{chain[k0][0].number}"
            used[first] = used.get(first, 0) + 1
            ident = first if used[first] == 1 else f"{first}~{used[first]}"
            for k, (rule, section, _) in chain.items():
                ids.setdefault((self.editions[k].label, section.number, rule.number), ident)
        return ids


@dataclass(frozen=True)
class ChainStep:
    """What matching did from one whole edition of a chain to the next: the one
    summary a maintainer reads to see a wrong match at a glance."""

    old: str  # edition labels
    new: str
    exact: int  # rules matched with the same text
    similar: int  # matched by similarity: the text differs
    added: int
    removed: int
    renumbered: int  # of the matched rules, those whose number differs

    def line(self) -> str:
        return (
            f"{self.old} → {self.new}: {self.exact} rules matched exactly, {self.similar} by similarity, "
            f"{self.added} added, {self.removed} removed, {self.renumbered} renumbered"
        )


def chain_steps(found: RuleChains) -> list[ChainStep]:
    """Each step between neighbouring whole editions of `found`, oldest first."""
    whole = [e for e in found.editions if not e.partial]
    steps = []
    for old, new in zip(whole, whole[1:]):
        matches = found.matches.get((old.label, new.label), [])
        exact = sum(1 for m in matches if not m.text_changed)
        steps.append(
            ChainStep(
                old.label,
                new.label,
                exact,
                len(matches) - exact,
                sum(1 for _ in new.rules()) - len(matches),
                sum(1 for _ in old.rules()) - len(matches),
                sum(1 for m in matches if m.renumbered),
            )
        )
    return steps


def rule_chains(editions: list[Edition], known: KnownPairs | None = None) -> RuleChains:
    """Every rule of `editions` on its match chain (see `rule_history`); `known`:
    as for `match_editions`."""
    ordered = sorted(editions, key=_edition_order)
    whole = [e for e in ordered if not e.partial]
    chains: list[dict[int, tuple[Rule, Section, Match | None]]] = []
    chain_of: dict[tuple[int, int], int] = {}  # (edition index, id(rule)) -> chain
    at = {id(e): k for k, e in enumerate(ordered)}
    made: dict[tuple[str, str], list[Match]] = {}

    def start(k: int, rule: Rule, section: Section) -> int:
        chains.append({k: (rule, section, None)})
        chain_of[(k, id(rule))] = len(chains) - 1
        return len(chains) - 1

    def extend(k_old: int, k_new: int, m: Match) -> None:
        c = chain_of.get((k_old, id(m.old)))
        if c is None:
            c = start(k_old, m.old, m.old_section)
        chains[c][k_new] = (m.new, m.new_section, m)
        chain_of[(k_new, id(m.new))] = c

    def start_rest(k: int, edition: Edition) -> None:
        for section in edition.sections.values():
            for rule in section.rules:
                if (k, id(rule)) not in chain_of:
                    start(k, rule, section)

    previous: Edition | None = None
    for edition in whole:
        k = at[id(edition)]
        if previous is not None:
            matches = made[(previous.label, edition.label)] = match_editions(previous, edition, known=known)
            for m in matches:
                extend(at[id(previous)], k, m)
        start_rest(k, edition)
        previous = edition
    for edition in ordered:
        if not edition.partial:
            continue
        k = at[id(edition)]
        base = _excerpt_base(whole, edition)
        if base is not None:
            for m in match_editions(base, edition, across_sections=False, known=known):
                extend(at[id(base)], k, m)
        start_rest(k, edition)
    return RuleChains(ordered, chains, made)


def _excerpt_base(whole: list[Edition], excerpt: Edition) -> Edition | None:
    """The whole edition an excerpt is matched against: the newest one not newer, else the oldest."""
    older = [w for w in whole if _edition_order(w) <= _edition_order(excerpt)]
    return older[-1] if older else (whole[0] if whole else None)


def scored_pairs(editions: list[Edition]) -> list[tuple[Edition, Edition, bool]]:
    """The pairs of a document's dated editions whose rules its comparison scores
    (old, new, across sections): neighbouring whole editions (`rule_chains`),
    each excerpt with its base, and the other pre-rendered diffs' pairs."""
    ordered = sorted(editions, key=_edition_order)
    whole = [e for e in ordered if not e.partial]
    neighbours = list(zip(whole, whole[1:]))
    pairs = [(a, b, True) for a, b in neighbours]
    pairs += [(base, e, False) for e in ordered if e.partial and (base := _excerpt_base(whole, e)) is not None]
    return pairs + [(a, b, True) for a, b in prerendered_pairs(whole) if (a, b) not in neighbours]


def score_editions(editions: list[Edition]) -> KnownPairs:
    """The rule pairs of every pair `scored_pairs` names, as `match_editions` keeps them."""
    known: KnownPairs = {}
    for old, new, across in scored_pairs(editions):
        known[_pair_key(old, new, across)] = rule_pairs(old, new, across)
    return known


def rule_history(editions: list[Edition], chains: RuleChains | None = None) -> dict[tuple[str, str], list[HistoryEntry]]:
    """For every rule of every edition, keyed by (edition label, rule number): the rule
    in every edition, oldest first (one `HistoryEntry` per edition).

    Whole editions are chained pairwise in date order (v1.1 → v1.2 → v1.4) with
    `match_editions`. An excerpt (a partial edition) is matched against the
    newest whole edition before it (or, when none is older, the oldest one
    after it) and is no link in the chain: a rule it does not print is "not in
    excerpt <label>", not removed, and the chain goes on from the whole edition.
    All the keys of one rule's chain share one list. Should an edition print two
    rules with one number, the key names the first one's chain.

    Limitation: an excerpt is matched against one whole edition only, so a rule
    first printed in an excerpt and later in a whole edition shows as two
    histories (the excerpt's, and "added in" the whole edition).
    """
    found = chains if chains is not None else rule_chains(editions)
    history: dict[tuple[str, str], list[HistoryEntry]] = {}
    for chain, entries in zip(found.chains, chain_entries(found)):
        for k, (rule, _section, _) in chain.items():
            history.setdefault((found.editions[k].label, rule.number), entries)
    return history


def chain_entries(found: RuleChains) -> list[list[HistoryEntry]]:
    """Each chain's `HistoryEntry` per edition (oldest first), in `found.chains` order."""
    ordered = found.editions
    out = []
    for chain in found.chains:
        entries: list[HistoryEntry] = []
        seen = False
        last_whole_present = False
        for k, edition in enumerate(ordered):
            label = edition.label
            if k in chain:
                rule, _section, m = chain[k]
                if m is not None:
                    entries.append(HistoryEntry(label, rule.number, m.text_changed, m.how))
                elif _all_before_partial(ordered, k):
                    entries.append(HistoryEntry(label, rule.number, False, Printed(label)))
                else:
                    entries.append(HistoryEntry(label, rule.number, False, Added(label)))
                seen = True
                if not edition.partial:
                    last_whole_present = True
            elif edition.partial:
                why = "not-in-excerpt" if seen else "not-yet-in-excerpt"
                entries.append(HistoryEntry(label, None, False, Absent(label, why)))
            elif not seen:
                entries.append(HistoryEntry(label, None, False, Absent(label, "not-yet")))
            elif last_whole_present:
                entries.append(HistoryEntry(label, None, False, Removed(label)))
                last_whole_present = False
            else:
                entries.append(HistoryEntry(label, None, False, Absent(label, "still-absent")))
        out.append(entries)
    return out


def _all_before_partial(ordered: list[Edition], k: int) -> bool:
    """Whether every edition before index `k` is an excerpt (so a rule first seen at
    `k` was not "added" there: nothing whole came before)."""
    return all(e.partial for e in ordered[:k])


class KnownComparisons:
    """What comparing each document's editions made (`stages.resolve.compare_editions`),
    kept for the next build in the same process (`rulesite serve`): a document
    whose editions are the very same objects as then (merge hands out a document
    read from the same entries as it was: `read.kept.Shared`) is not compared
    again. `views`: the editions and changes views made from all of them, used
    again while every document's editions are the same objects; else each
    document's part of them whose inputs are the same objects
    (`edition_parts`, `change_parts`)."""

    def __init__(self) -> None:
        self.documents: dict[tuple[str, str, str], tuple] = {}  # document -> (its editions, history, chains, diffs)
        self.views: tuple | None = None  # (each document's editions, the editions view, the changes view)
        self.site_map: dict = {}  # the diffs' pages, while the changes view is the same (`site_map.make_site_map`)
        self.steps: dict[int, tuple[RuleChains, list[ChainStep]]] = {}  # id(chains) -> them, their `chain_steps`
        # Each document's part of the editions and changes views, by what it was
        # made from: after a rule reworded, the other documents' are taken again.
        self.edition_parts: dict = {}  # (`view.editions_view`)
        self.change_parts: dict = {}  # (`entries.changes_view`)

    def chain_steps(self, chains: dict) -> list[tuple[tuple[str, str, str], ChainStep]]:
        """(document, step) of every document's chains (`chain_steps`), those of
        chains that are the very objects of the last build taken as they were."""
        out, kept = [], {}
        for key, found in chains.items():
            then = self.steps.get(id(found))
            steps = then[1] if then is not None and then[0] is found else chain_steps(found)
            kept[id(found)] = (found, steps)
            out += [(key, step) for step in steps]
        self.steps = kept
        return out

    def views_of(self, editions: dict[tuple[str, str, str], list[Edition]]) -> tuple | None:
        """(the editions view, the changes view) kept for `editions`, when every
        document's editions are the same objects as they were made from."""
        if self.views is None:
            return None
        return self.views[1:] if same_editions(self.views[0], editions) else None


# --- cited numbers ---------------------------------------------------------------------


_CITED = "\x00"  # stands for a cited number in `_cited_numbers`' masked text: never in a normalized text


@lru_cache(maxsize=1 << 12)
def _cited_numbers(text: str) -> tuple[str, tuple[str, ...]]:
    """`text` with each number it cites replaced by one mark, and those numbers in order."""
    out, numbers, at = [], [], 0
    for number in cited_numbers(text):
        out += [text[at : number.start()], _CITED]
        numbers.append(number.group(0))
        at = number.end()
    return "".join(out) + text[at:], tuple(numbers)


def cited_changes(old_text: str, new_text: str) -> tuple[tuple[str, str], ...]:
    """(old number, new number) of each cited number that differs, when the two
    texts differ in nothing else; () when they differ otherwise (or not at all)."""
    (old_masked, old_numbers), (new_masked, new_numbers) = _cited_numbers(old_text), _cited_numbers(new_text)
    if old_masked != new_masked:
        return ()
    return tuple((a, b) for a, b in zip(old_numbers, new_numbers) if a != b)


def _names(edition: Edition) -> dict[str, str]:
    """Number -> what it names in `edition`, for "now cites ... instead of ...": a
    section its title, a rule the first words of its text."""
    found: dict[str, str] = {}
    for section in edition.sections.values():
        found.setdefault(section.number, section.title)
    for section in edition.sections.values():
        for rule in section.rules:
            words = rule.text.split()
            found.setdefault(rule.number, " ".join(words[:NAMING_WORDS]) + (" …" if len(words) > NAMING_WORDS else ""))
    return found


NAMING_WORDS = 6  # the words of a rule's text that name it in `Cited`


def mark_cited(old: Edition, new: Edition, matches: list[Match]) -> None:
    """Sets `Match.cited` of the matches (of `old` and `new`, just made) whose texts
    differ only in cited numbers, and `how.references` where those numbers all name
    the same rules: a rule's number its match's, a section's its pair's
    (`match_sections`; for editions that are not neighbours, paired directly)."""
    changing = [m for m in matches if m.text_changed]
    found = [(m, cited_changes(rule_text(m.old), rule_text(m.new))) for m in changing]
    found = [(m, pairs) for m, pairs in found if pairs]
    if not found:
        return
    rule_now: dict[str, str] = {}
    for m in matches:
        rule_now.setdefault(m.old.number, m.new.number)
    # Sections as stage 1 pairs them (a section may hold no rule of its own:
    # "437 The Steps of Combat" has only sub-sections).
    section_now = {a.number: b.number for a, b in match_sections(old, new)}
    old_names, new_names = _names(old), _names(new)
    for m, pairs in found:
        m.cited = tuple(
            Cited(a, b, rule_now.get(a) == b or section_now.get(a) == b, old_names.get(a, ""), new_names.get(b, ""))
            for a, b in pairs
        )
        if m.references_renumbered:
            m.how = replace(m.how, references=True)
