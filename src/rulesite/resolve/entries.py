"""What the diff pages, a rule's history and an older edition's notices show,
decided once after matching the editions: typed, read-only answers render
only formats (links made relative to its page, words in its language).

Render used to work these out page by page: the word diffs, which section of
the new edition a removed rule belongs to, on which page each number of a
diff is shown, and where an older section lives today (by its title).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..common.model import Corpus, Section, SectionKey
from .history import Cited, EditionDiff, HistoryEntry, Matched, Traced, rule_text, word_diff
from .view import DocumentKey, EditionsView, Frozen, Shown, same_objects, sections_by_document

WordDiff = tuple[tuple[str, str], ...]  # ("=", same), ("-", only in the old text), ("+", only in the new)


# --- a rule's history ------------------------------------------------------------


@dataclass(frozen=True)
class HistoryRow:
    """One edition's entry under a rule: where that edition's rule is shown, and
    its word diff from the previous edition that printed it (when reworded)."""

    entry: HistoryEntry
    shown: Shown | None  # None: not printed there, or on no page
    changes: WordDiff


def history_rows(view: EditionsView, key: DocumentKey, entries: list[HistoryEntry]) -> tuple[HistoryRow, ...]:
    previous = None  # the last printed rule met, oldest first
    rows = []
    for entry in entries:
        shown = view.rule(key, entry.edition_label, entry.number) if entry.number is not None else None
        changes: WordDiff = ()
        if shown and previous is not None and entry.text_changed:
            changes = tuple(word_diff(rule_text(previous), rule_text(shown.rule)))
        rows.append(HistoryRow(entry, shown, changes))
        previous = shown.rule if shown else previous
    return tuple(rows)


def changed_since(entries: list[HistoryEntry], label: str, references: bool = True) -> bool:
    """Whether the text changed in any edition after `label` (`references=False`:
    other than by the renumbering of the rules it cites)."""
    labels = [e.edition_label for e in entries]
    later = entries[labels.index(label) + 1 :] if label in labels else []
    return any(e.text_changed and (references or not e.references_only) for e in later)


# --- diff pages ------------------------------------------------------------------


@dataclass(frozen=True)
class NumberAt:
    """A rule number of one edition, and the page showing that rule (None: none)."""

    number: str
    edition: str
    page: SectionKey | None


@dataclass(frozen=True)
class DiffEntry:
    # "added", "removed", "moved" (renumbered), "changed" (reworded, same number),
    # "references" (same number, only the numbers it cites renumbered: history.py's "Cited numbers")
    kind: str
    anchor: str  # its id on the diff page (`entry_anchor`)
    numbers: tuple[NumberAt, ...]  # moved: the old number, then the new one
    was: NumberAt | None = None  # changed: the old edition's number
    text: str = ""  # added, removed: the rule's text
    how: Matched | Traced | None = None  # moved, changed: how the pair was made
    changes: WordDiff = ()  # the word diff, when the text changed
    # A pure renumbering (moved, the same text, or a text differing only in
    # renumbered references; kind "references" too): hidden until asked.
    renumbered: bool = False
    cited: tuple[Cited, ...] = ()  # changed: the cited numbers that now name other rules (all that changed)


@dataclass(frozen=True)
class SectionAt:
    """A section as a diff page names it, and the page showing its number there."""

    number: str
    title: str
    page: SectionKey | None


@dataclass(frozen=True)
class DiffGroup:
    """One section of a diff: its entries, and the section in each edition."""

    number: str  # the section's number in the new edition (the old one's, when only the old has it)
    entries: tuple[DiffEntry, ...]
    new: SectionAt | None
    old: SectionAt | None  # the old edition's section most of its entries come from

    @property
    def renumbered(self) -> int:
        return sum(e.renumbered for e in self.entries)


def entry_anchor(kind: str, number: str) -> str:
    """The id of a rule's entry on a diff page: its number in the new edition,
    or, for a removed rule, in the old one."""
    return f"was-{number}" if kind == "removed" else f"d-{number}"


class _SectionEntries:
    """One section's entries of a diff, gathered (`DiffGroup` once whole)."""

    def __init__(self) -> None:
        self.entries: list[DiffEntry] = []
        self.new: Section | None = None
        self._olds: dict[int, list] = {}  # id -> [section of the old edition its entries come from, how many]

    def came_from(self, section: Section) -> None:
        self._olds.setdefault(id(section), [section, 0])[1] += 1

    @property
    def old(self) -> Section | None:
        return max(self._olds.values(), key=lambda pair: pair[1])[0] if self._olds else None


def diff_groups(corpus: Corpus, view: EditionsView, diff: EditionDiff) -> tuple[DiffGroup, ...]:
    """The diff's entries by section, in the order they were found (render sorts
    the sections). A removed rule is grouped under its section's number in the new
    edition (Reveal's removed rules under 424, not 411), when the section lives on."""
    old, new = diff.old, diff.new
    key = (old.game, old.document, old.language)
    groups: dict[str, _SectionEntries] = {}

    def at(label: str, number: str) -> NumberAt:
        shown = view.rule(key, label, number)
        return NumberAt(number, label, shown.page if shown else None)

    def add(group_number: str, entry: DiffEntry) -> _SectionEntries:
        group = groups.setdefault(group_number, _SectionEntries())
        group.entries.append(entry)
        return group

    for section, rule in diff.added:
        entry = DiffEntry("added", entry_anchor("added", rule.number), (at(new.label, rule.number),), text=rule.text)
        add(section.number, entry).new = section
    now = {id(m.old_section): m.new_section for m in diff.matches}
    for section, rule in diff.removed:
        lives_on = now.get(id(section))
        entry = DiffEntry("removed", entry_anchor("removed", rule.number), (at(old.label, rule.number),), text=rule.text)
        group = add(lives_on.number if lives_on else section.number, entry)
        group.came_from(section)
        group.new = group.new or lives_on
    for match in diff.moved:
        entry = DiffEntry(
            "moved",
            entry_anchor("moved", match.new.number),
            (at(old.label, match.old.number), at(new.label, match.new.number)),
            how=match.how,
            changes=tuple(match.diff()) if match.text_changed else (),
            renumbered=not match.reworded,
            cited=_other_rules(match),
        )
        group = add(match.new_section.number, entry)
        group.new = match.new_section
        group.came_from(match.old_section)
    moved = {id(m) for m in diff.moved}
    for match in diff.matches:
        if id(match) in moved or not match.text_changed:
            continue
        recited = match.references_renumbered
        entry = DiffEntry(
            "references" if recited else "changed",
            entry_anchor("changed", match.new.number),
            (at(new.label, match.new.number),),
            was=at(old.label, match.old.number),
            how=match.how,
            changes=tuple(match.diff()),
            renumbered=recited,
            cited=_other_rules(match),
        )
        group = add(match.new_section.number, entry)
        group.new = match.new_section
        group.came_from(match.old_section)

    def section_at(section: Section | None, label: str) -> SectionAt | None:
        if section is None:
            return None
        return SectionAt(section.number, section.title, _section_page(corpus, view, key, label, section.number))

    return tuple(
        DiffGroup(number, tuple(g.entries), section_at(g.new, new.label), section_at(g.old, old.label))
        for number, g in groups.items()
    )


def _other_rules(match) -> tuple[Cited, ...]:
    """The numbers a changed rule cites that now name other rules, when they are
    all that changed: "now cites 458 Modes of Play instead of 454 Reveal"."""
    return () if match.references_renumbered else tuple(c for c in match.cited if not c.same)


def _section_page(corpus: Corpus, view: EditionsView, key: DocumentKey, label: str, number: str) -> SectionKey | None:
    """The page showing section `number` of edition `label`: its own, else the plain page."""
    edition = next((e for e in corpus.editions[key] if e.label == label), None)
    candidate = edition.sections.get(number) if edition else None
    shown = view.shown(candidate) if candidate is not None else None
    return shown.key if shown else None


# --- an older section, and a number that meant another section ----------------------


@dataclass(frozen=True)
class SectionNow:
    """Where an older edition's section lives in the current edition: the current
    section of the same title (Reveal: 411 in v1.2, 424 in v1.4), else the section
    its number holds now (`same_title` False)."""

    edition: str  # the current edition's label
    section: Section
    same_title: bool


@dataclass(frozen=True)
class NumberWas:
    """On a current page: in edition `edition`, this number was section `title`,
    which is `now` today (v1.2's 411 was Reveal: now 424 Reveal)."""

    edition: str
    title: str
    now: Section


@dataclass(frozen=True)
class ChangesView:
    # (game, document, language, old label, new label) -> the pre-rendered diff's sections.
    diffs: Mapping[tuple[str, str, str, str, str], tuple[DiffGroup, ...]]
    # Document -> (edition label, rule number) -> its history's rows (one tuple per chain).
    histories: Mapping[DocumentKey, Mapping[tuple[str, str], tuple[HistoryRow, ...]]]
    # An older edition's own section page -> where the section lives now.
    now: Mapping[SectionKey, SectionNow]
    # A current section page -> the older editions in which its number was another section.
    was: Mapping[SectionKey, tuple[NumberWas, ...]]
    # (game, document, language, old label, new label) -> the pre-rendered diff itself.
    pairs: Mapping[tuple[str, str, str, str, str], EditionDiff] = field(default_factory=Frozen)

    def diff(self, diff: EditionDiff, corpus: Corpus, view: EditionsView) -> tuple[DiffGroup, ...]:
        """The sections of a pre-rendered diff; of any other (a pair composed along
        the chains, `traced_diff`), the same answer made on asking."""
        o, n = diff.old, diff.new
        found = self.diffs.get((o.game, o.document, o.language, o.label, n.label))
        return found if found is not None else diff_groups(corpus, view, diff)

    def diff_between(self, key: DocumentKey, old: str, new: str) -> EditionDiff | None:
        """The pre-rendered diff from edition `old` to edition `new` (labels), if the site has it."""
        return self.pairs.get((*key, old, new))

    def history(self, key: DocumentKey, label: str, number: str) -> tuple[HistoryRow, ...]:
        return self.histories.get(key, {}).get((label, number), ())

    def printed_again(self, corpus: Corpus, key: DocumentKey, label: str, number: str) -> bool:
        """Whether the next whole edition after whole edition `label` prints its
        rule `number` with the same text (under any number): that edition's page
        is where the text is searched, so each text is in the search index once,
        at the newest edition printing it."""
        whole = {e.label for e in corpus.editions.get(key, []) if not e.partial}
        entries = [row.entry for row in self.history(key, label, number)]
        labels = [e.edition_label for e in entries]
        if label not in whole or label not in labels:
            return False
        later = [e for e in entries[labels.index(label) + 1 :] if e.edition_label in whole]
        return bool(later) and later[0].number is not None and not later[0].text_changed


def changes_view(
    corpus: Corpus, view: EditionsView, diffs: list[EditionDiff], history: dict, kept: dict | None = None
) -> ChangesView:
    """`diffs`: the pre-rendered EditionDiffs; `history`: document -> rule_history.
    `kept`: each document's part as the last build in this process made it
    (`rulesite serve`), taken again for a document whose editions, history,
    diffs, plain sections and part of `view` are the very same objects;
    replaced by this build's."""
    plain_of = sections_by_document(corpus)
    diffs_of: dict[DocumentKey, list[EditionDiff]] = {}
    for d in diffs:
        diffs_of.setdefault((d.old.game, d.old.document, d.old.language), []).append(d)
    made = {
        key: _document_changes(corpus, view, key, editions, history.get(key), diffs_of.get(key, []), plain_of.get(key, ()), kept)
        for key, editions in corpus.editions.items()
    }
    if kept is not None:
        kept.clear()
        kept.update(made)
    parts = {key: part for key, (_, part) in made.items()}
    groups = {id(d): found for part in parts.values() for d, found in part[0]}
    now = {at: found for part in parts.values() for at, found in part[2].items()}
    were = {at: found for part in parts.values() for at, found in part[3].items()}
    return ChangesView(
        Frozen({(d.old.game, d.old.document, d.old.language, d.old.label, d.new.label): groups[id(d)] for d in diffs}),
        Frozen({key: parts[key][1] for key in history}),
        Frozen(now),
        # In the corpus's order of sections, as each was found.
        Frozen({s.key: were[s.key] for s in corpus.sections.values() if s.key in were}),
        Frozen({(d.old.game, d.old.document, d.old.language, d.old.label, d.new.label): d for d in diffs}),
    )


def _document_changes(
    corpus: Corpus,
    view: EditionsView,
    key: DocumentKey,
    editions: list,
    found: dict | None,
    diffs: list[EditionDiff],
    plain: tuple,
    kept: dict | None,
) -> tuple[tuple, tuple]:
    """(what it was made from, (its diffs' sections, its histories' rows, its
    older sections now, its numbers that were other sections)) of one
    document: all of it reads only that document's editions, history, diffs,
    plain sections and part of `view`."""
    made_from = (editions, found, view.current_of(key), *[view.rules.get((*key, e.label)) for e in editions], *diffs, *plain)
    then = kept.get(key) if kept is not None else None
    if then is not None and same_objects(then[0], made_from):
        return then
    groups = tuple((d, diff_groups(corpus, view, d)) for d in diffs)
    histories = None
    if found is not None:
        rows: dict[int, tuple[HistoryRow, ...]] = {}  # one chain's keys share its list of entries
        for entries in found.values():
            if id(entries) not in rows:
                rows[id(entries)] = history_rows(view, key, entries)
        histories = Frozen({k: rows[id(entries)] for k, entries in found.items()})
    now = _sections_now(corpus, view, {key: editions})
    were = _numbers_were(corpus, plain)
    return made_from, (groups, histories, now, were)


def _sections_now(corpus: Corpus, view: EditionsView, documents: dict) -> dict[SectionKey, SectionNow]:
    out = {}
    for key, editions in documents.items():
        current = view.current_of(key)
        if current is None:
            continue
        titled: dict[str, Section] = {}  # the current edition's first section of each title
        for s in current.sections.values():
            titled.setdefault(s.title.casefold(), s)
        for edition in editions:
            for section in edition.sections.values():
                if not section.version_path:
                    continue
                same_title = titled.get(section.title.casefold()) if section.title else None
                plain = corpus.sections.get(section.key.plain)
                if same_title is not None:
                    out[section.key] = SectionNow(current.label, same_title, True)
                elif plain is not None:
                    out[section.key] = SectionNow(current.label, plain, False)
    return out


def _numbers_were(corpus: Corpus, sections: tuple[Section, ...]) -> dict[SectionKey, tuple[NumberWas, ...]]:
    """`sections`: the corpus's sections of one document."""
    titles: dict[DocumentKey, dict[str, Section]] = {}
    for s in sections:
        titles.setdefault((s.game, s.document, s.language), {})[s.title.casefold()] = s
    out = {}
    for section in sections:
        if section.version_path:
            continue
        document = (section.game, section.document, section.language)
        found = []
        for edition in corpus.editions.get(document, []):
            old = edition.sections.get(section.number)
            if old is None or not old.version_path or not old.title or old.title.casefold() == section.title.casefold():
                continue
            now = titles.get(document, {}).get(old.title.casefold())
            if now is None or now.number == section.number:
                continue
            found.append(NumberWas(edition.label, old.title, now))
        if found:
            out[section.key] = tuple(found)
    return out
