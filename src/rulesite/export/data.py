"""The published data: what every file under the site's `data/` holds.

The resolve stage gives the answers (editions, match chains, references); this
module only puts them into plain dictionaries, one per file, in the shape the
committed JSON Schemas (`export/schema/*.schema.json`) describe. `files.py`
serialises them. Every path and URL is relative to the site root (where
`data/` sits): English pages at the root, other languages under `es/`, `fr/`.

A rule's identity (`id`) survives renumbering: it names the rule's first
appearance on its match chain, `<document>:<edition>:<number>`
(`core-rules:v1.1:411.1` is Reveal's first rule in every edition that prints
it, as 411.1 or as 424.1), with the language in front for non-English
documents (`es/comprehensive-rules:2024-11-08:701.20a`).
"""

from __future__ import annotations

import hashlib
import itertools
from functools import cache

from ..common.documents import document_name
from ..common.model import Edition, FaqAnswer, Reference, Rule, Ruling, Section, SectionKey, parent_number, sort_key
from ..resolve.history_words import how_words_once, now_cites
from ..resolve.resolved import ResolvedCorpus
from ..site_map.paths import ERRATA, diff_page, faq_anchor, page_of, section_page
from ..site_map.places import Places, shown_page, url
from ..common.normalize import normalize_text
from ..resolve.entries import NumberAt, SectionAt
from ..resolve.history import EditionDiff, chain_entries, prerendered_pairs, traced_diff
from ..resolve.merge import printed
from ..resolve.official import standings

SCHEMA_VERSION = 4


def text_sha256(rule: Rule) -> str:
    """SHA-256 of the rule as printed (text and examples), typographically
    normalized (`resolve.history.rule_text`, what "changed" compares): two
    editions print the same text exactly when these agree."""
    return _sha256_of(printed(rule))


@cache
def _sha256_of(printed_text: str) -> str:  # most rules print the same text in every edition
    return hashlib.sha256(normalize_text(printed_text).encode("utf-8")).hexdigest()


def document_folder(game: str, document: str, language: str) -> str:
    return f"{game}/{document}/{language}"


def edition_file(edition: Edition) -> str:
    return f"{document_folder(edition.game, edition.document, edition.language)}/{edition.label}.json"


def trace_file(game: str, document: str, language: str) -> str:
    return f"{document_folder(game, document, language)}/trace.json"


def diff_file(game: str, document: str, language: str, old: str, new: str) -> str:
    return f"{document_folder(game, document, language)}/diffs/{old}-to-{new}.json"


class Identities:
    """Every rule's identity, by (game, document, language, edition label, section
    number, rule number): from its match chain where the document has several
    dated editions, else its own first (only) appearance. A document's are
    worked out when `of` is first asked for one of them: a game's rulings and
    answers cite the rules of one or two documents of all of them."""

    def __init__(self, resolved: ResolvedCorpus, keys=None):
        """`keys`: of these documents alone (each document's are its own: a chain never leaves it)."""
        self.resolved = resolved
        self.keys = keys
        self.ids: dict[tuple, str] = {}
        self.done: set[tuple[str, str, str]] = set()  # the documents worked out (or not to be)

    def _document(self, key: tuple[str, str, str]) -> None:
        self.done.add(key)
        editions = self.resolved.corpus.editions.get(key)
        if editions is None or (self.keys is not None and key not in self.keys):
            return
        game, document, language = key
        prefix = ("" if language == "en" else f"{language}/") + document
        found = self.resolved.chains.get(key)
        chained = found.stable_ids() if found else {}
        used: dict[str, int] = {}
        for edition in editions:
            for section in edition.sections.values():
                for rule in section.rules:
                    ident = chained.get((edition.label, section.number, rule.number))
                    if ident is None:  # no chain: an undated edition, or a document's only one
                        ident = f"{edition.label}:{rule.number}"
                        used[ident] = used.get(ident, 0) + 1
                        ident += f"~{used[ident]}" if used[ident] > 1 else ""
                    self.ids[key + (edition.label, section.number, rule.number)] = f"{prefix}:{ident}"

    def of(self, section: Section, rule_number: str) -> str | None:
        key = (section.game, section.document, section.language)
        if key not in self.done:
            self._document(key)
        return self.ids.get(key + (section.edition, section.number, rule_number))


def edition_data(resolved: ResolvedCorpus, edition: Edition, ids: Identities) -> dict:
    sections, rules = [], []
    document = (edition.game, edition.document, edition.language)
    current = resolved.editions.current_of(document) is edition
    behind = resolved.concordance.translations.behind if current and edition.language != "en" else {}
    for section in edition.sections.values():
        page = shown_page(resolved.editions, section)
        sections.append(
            {
                "number": section.number,
                "title": section.title,
                "url": url(edition.language, page) if page else None,
            }
        )
        for rule in section.rules:
            rules.append(
                {
                    "id": ids.of(section, rule.number),
                    "number": rule.number,
                    "parent": parent_number(rule.number),
                    "section": section.number,
                    "text": rule.text,
                    "examples": [{"label": e.label, "text": e.text} for e in rule.examples],
                    "sha256": text_sha256(rule),
                    "url": url(edition.language, page, rule.number) if page else None,
                }
            )
            flagged = behind.get((SectionKey(*document[:2], section.number, edition.language), rule.number))
            if flagged is not None:
                rules[-1]["english_changed"] = _english_changed(flagged)
    return {
        "schema_version": SCHEMA_VERSION,
        "kind": "edition",
        **_edition_head(edition, resolved.editions.current_of((edition.game, edition.document, edition.language))),
        "sections": sections,
        "rules": rules,
    }


def _english_changed(behind) -> dict:
    """A translated rule whose English original changed after the edition it follows."""
    return {
        "follows": behind.follows,
        "now": behind.now,
        "number": behind.english_number,
        "url": url("en", section_page(behind.english.key), behind.english_number),
    }


def _edition_head(edition: Edition, current: Edition | None) -> dict:
    return {
        "game": edition.game,
        "document": edition.document,
        "language": edition.language,
        "label": edition.label,
        "date": edition.date,
        "partial": edition.partial,
        "current": edition is current,
    }


def editions_data(resolved: ResolvedCorpus) -> dict:
    """Every document with its editions, the file of each, its trace and the diff
    pages the site pre-renders, and every pair's diff file (`diff_data`)."""
    documents = []
    for (game, document, language), editions in resolved.corpus.editions.items():
        current = resolved.editions.current_of((game, document, language))
        found = resolved.chains.get((game, document, language))
        whole = [e for e in found.editions if not e.partial] if found else []
        documents.append(
            {
                "game": game,
                "document": document,
                "language": language,
                "name": document_name(document),
                "current": current.label if current else None,
                "trace": trace_file(game, document, language) if found else None,
                "editions": [
                    {
                        **{k: v for k, v in _edition_head(e, current).items() if k not in ("game", "document", "language")},
                        "file": edition_file(e),
                        "sections": len(e.sections),
                        "rules": sum(len(s.rules) for s in e.sections.values()),
                    }
                    for e in editions
                ],
                "diffs": [
                    {"old": a.label, "new": b.label, "url": url("en", diff_page(game, document, a, b))}
                    for a, b in prerendered_pairs(whole)
                ],
                # The build's diff of every pair, for the pairs with no page (assets/compare.js) and for readers of the data.
                "pairs": [
                    {"old": a.label, "new": b.label, "file": diff_file(game, document, language, a.label, b.label)}
                    for a, b in itertools.combinations(whole, 2)
                ],
            }
        )
    return {"schema_version": SCHEMA_VERSION, "kind": "editions", "documents": documents}


def trace_data(resolved: ResolvedCorpus, key: tuple[str, str, str], ids: Identities, worded: dict | None = None) -> dict:
    """Every rule of the document through every dated edition: its number in each
    (null: not printed there), whether its text changed since the previous edition
    of its chain, and how each step was decided. `worded`: `how_words_once`'s memo."""
    found = resolved.chains[key]
    game, document, language = key
    rules = []
    worded = {} if worded is None else worded
    for chain, entries in zip(found.chains, chain_entries(found)):
        k0 = min(chain)
        rule, section, _ = chain[k0]
        rules.append(
            {
                "id": ids.of(section, rule.number),
                "numbers": [e.number for e in entries],
                # Reworded: a text whose cited numbers alone were renumbered is not (its `how` says so).
                "changed": [e.text_changed and not e.references_only for e in entries],
                "how": [how_words_once(worded, e.how, "en") for e in entries],
            }
        )
    return {
        "schema_version": SCHEMA_VERSION,
        "kind": "trace",
        "game": game,
        "document": document,
        "language": language,
        "editions": [e.label for e in found.editions],
        "rules": rules,
    }


def _cites(resolved: ResolvedCorpus, references: list[Reference], ids: Identities) -> list[dict]:
    """The rules a text cites, once each in order of first mention: the number as
    written, the cited rule's identity (null: a section, or not in the sources) and
    where it is shown (null: not in the sources)."""
    out, seen = [], set()
    for ref in references:
        if ref.number in seen:
            continue
        seen.add(ref.number)
        if ref.target is None:
            out.append({"number": ref.number, "rule": None, "url": None})
            continue
        key, anchor = ref.target
        section = resolved.links.sections.get(key)
        rule = ids.of(section, anchor) if section is not None else None
        out.append({"number": ref.number, "rule": rule, "url": url(key.language, section_page(key), anchor)})
    return out


def game_of(item) -> str:
    """A card's or erratum's game: the card list and the errata name none for Riftbound."""
    return item.game or "riftbound"


def _of_game(kind: str, key: str, game: str, items: list[dict], **head) -> dict:
    """One game's file of one kind: its head, then its items under `key`."""
    return {"schema_version": SCHEMA_VERSION, "kind": kind, "game": game, **head, key: items}


def _ruling(resolved: ResolvedCorpus, r: Ruling, ids: Identities) -> dict:
    return {
        "id": r.id,
        "title": r.title,
        "question": r.question,
        "answer": r.answer,
        "steps": r.steps,
        "nuances": r.nuances,
        "cards": r.cards,
        "reviewed_version": r.reviewed_version or None,
        "licence": r.licence or None,
        "attribution": r.attribution or None,
        "url": url("en", page_of(r)),
        "cites": _cites(resolved, r.references, ids),
    }


def rulings_data(resolved: ResolvedCorpus, game: str, ids: Identities) -> dict:
    rulings = [_ruling(resolved, r, ids) for r in resolved.corpus.rulings if r.game == game]
    return _of_game("rulings", "rulings", game, rulings)


def _faq(resolved: ResolvedCorpus, places: Places, f: FaqAnswer, ids: Identities, documents: dict) -> dict:
    home, language = places.faq_home(f)
    return {
        "id": f.id,
        "kind": f.kind,
        "question": f.question,
        "answer": f.answer,
        "section": f.section or None,
        "topic": f.topic or None,
        "source": resolved.corpus.sources[f.source_id].title or f.source_id,
        "url": url(language, home, faq_anchor(f)),
        "cites": _cites(resolved, f.references, ids),
        "document": documents.get(f.document),
        "language": resolved.corpus.sources[f.source_id].language,
        "translates": f.translates or None,
    }


def _document(standing) -> dict:
    """An official document's authority and time, as resolve decided them (resolve/official.py)."""
    d, edition = standing.document, standing.superseded_by
    superseded = None
    if edition is not None:
        superseded = {"document": edition.document, "edition": edition.label, "date": edition.date}
    return {
        "id": d.id,
        "title": d.title,
        "published": d.published or None,
        "source_url": d.url or None,
        "amends": d.amends or None,
        "precedence": d.precedence,
        "lapses": d.lapses or None,
        "superseded_by": superseded,
    }


def faq_data(resolved: ResolvedCorpus, places: Places, game: str, ids: Identities) -> dict:
    documents = {d: _document(s) for d, s in standings(resolved.corpus).items()}
    answers = [_faq(resolved, places, f, ids, documents) for f in resolved.corpus.faqs if f.game == game]
    return _of_game("faq", "answers", game, answers)


def _erratum(e, card_url: str | None) -> dict:
    return {
        "card": e.card,
        "document": e.article_id or None,
        "old_text": e.old_text,
        "new_text": e.new_text,
        "date": e.date,
        "article": e.article,
        "note": e.note or None,
        "source_url": e.url or None,
        "card_url": card_url,
    }


def cards_data(resolved: ResolvedCorpus, places: Places, game: str) -> dict:
    """The cards, each with its errata and the rulings and FAQ answers naming it."""
    named = resolved.citations.by_card  # resolve/card_mentions.py
    cards = []
    for c in (c for c in resolved.corpus.cards if game_of(c) == game):
        here = url("en", places.card_page(c), c.id)
        items = named.get(c.id, [])
        cards.append(
            {
                "id": c.id,
                "code": c.code,
                "name": c.name,
                "types": c.types,
                "supertypes": c.supertypes,
                "domains": c.domains,
                "tags": c.tags,
                "set": c.set_name or None,
                "energy": c.energy or None,
                "might": c.might or None,
                "power": c.power or None,
                "text": c.text,
                "url": here,
                "errata": [_erratum(e, here) for e in c.errata],
                "rulings": [i.id for i in items if isinstance(i, Ruling)],
                "faq": [i.id for i in items if isinstance(i, FaqAnswer)],
            }
        )
    return _of_game("cards", "cards", game, cards)


def errata_data(resolved: ResolvedCorpus, places: Places, game: str) -> dict:
    by_name = {c.name.lower(): c for c in resolved.corpus.cards}
    errata = []
    for e in (e for e in resolved.corpus.errata if game_of(e) == game):
        card = by_name.get(e.card.lower())
        errata.append(_erratum(e, url("en", places.card_page(card), card.id) if card else None))
    return _of_game("errata", "errata", game, errata, url=url("en", ERRATA))


def every_pair(resolved: ResolvedCorpus, key: tuple[str, str, str]) -> list[EditionDiff]:
    """The build's diff of every pair of the document's whole editions (oldest
    first): the pre-rendered one, else the one composed along the match chains."""
    found = resolved.chains[key]
    whole = [e for e in found.editions if not e.partial]
    return [
        resolved.changes.diff_between(key, a.label, b.label) or traced_diff(found, a, b)
        for a, b in itertools.combinations(whole, 2)
    ]


def diff_data(resolved: ResolvedCorpus, diff: EditionDiff, worded: dict | None = None) -> dict:
    """One pair's diff as its page shows it (render/edition_pages.py): the counts,
    and by section (in printed order) each entry with how it was matched, its
    word diff and where its rules are, so that a browser only lays it out.
    Compact: a rule is [number, index in `pages`], its edition the pair's old
    or new one by its place (moved: old, then new; removed and `was`: old).
    `worded`: how each match is worded (`how_words_once`), kept across the diffs of a
    document (a match is on many of its pairs)."""
    worded = {} if worded is None else worded
    old, new = diff.old, diff.new
    pages: dict = {}  # section page -> its index in "pages": thousands of rules, a few hundred pages

    def at(place: NumberAt | SectionAt | None) -> int | None:
        if place is None or place.page is None:
            return None
        return pages.setdefault(place.page, len(pages))

    def section(place: SectionAt | None) -> list | None:
        return None if place is None else [place.number, place.title, at(place)]

    sections = []
    for group in sorted(resolved.changes.diff(diff, resolved.corpus, resolved.editions), key=lambda g: sort_key(g.number)):
        entries = []
        for e in group.entries:
            entry: dict = {"kind": e.kind, "id": e.anchor, "numbers": [[n.number, at(n)] for n in e.numbers]}
            if e.was is not None:
                entry["was"] = [e.was.number, at(e.was)]
            if e.text:
                entry["text"] = e.text
            if e.how is not None:
                entry["how"] = how_words_once(worded, e.how, "en")
            if e.changes:
                entry["diff"] = list(map(list, e.changes))
            if e.renumbered:
                entry["renumbered"] = True
            if e.cited:
                entry["cites"] = [now_cites(c, "en") for c in e.cited]
            entries.append(entry)
        sections.append({"number": group.number, "new": section(group.new), "old": section(group.old), "entries": entries})
    counts = diff.counts()
    return {
        "schema_version": SCHEMA_VERSION,
        "kind": "diff",
        "game": old.game,
        "document": old.document,
        "language": old.language,
        "old": old.label,
        "new": new.label,
        "counts": {
            **{k: counts[k] for k in ("added", "removed", "changed", "references", "moved", "unchanged")},
            # The moves the "only renumbered" toggle hides (with every "references" entry).
            "renumbered": sum(1 for m in diff.moved if not m.reworded),
        },
        "pages": [url(old.language, section_page(page)) for page in pages],
        "sections": sections,
    }


def datasets(resolved: ResolvedCorpus, places: Places) -> dict[str, dict]:
    """data-relative path -> its content, for every file but the manifest.
    `places`: where the site map puts FAQ answers and cards (site_map/places.py)."""
    ids = Identities(resolved)
    return rules_datasets(resolved, ids) | game_datasets(resolved, places, ids)


def rules_datasets(resolved: ResolvedCorpus, ids: Identities | None = None) -> dict[str, dict]:
    """The files made of the editions alone (their rules, texts included, and
    what resolve matched and compared of them): editions.json, each
    edition's file, each document's trace and diffs."""
    ids = Identities(resolved) if ids is None else ids
    worded: dict = {}  # `how_words_once`'s memo
    out = {"editions.json": editions_data(resolved)}
    for key in resolved.corpus.editions:
        out.update(document_datasets(resolved, key, ids, worded))
    return out


def document_datasets(resolved: ResolvedCorpus, key: tuple[str, str, str], ids: Identities | None = None, worded=None) -> dict:
    """One document's part of `rules_datasets` (made of its editions alone, and
    what resolve matched and compared of them): each edition's file, its
    trace and diffs. `worded`: `how_words_once`'s memo."""
    ids = Identities(resolved, (key,)) if ids is None else ids
    worded = {} if worded is None else worded
    out = {edition_file(edition): edition_data(resolved, edition, ids) for edition in resolved.corpus.editions[key]}
    if key in resolved.chains:
        out[trace_file(*key)] = trace_data(resolved, key, ids, worded)
        for diff in every_pair(resolved, key):
            out[diff_file(*key, diff.old.label, diff.new.label)] = diff_data(resolved, diff, worded)
    return out


def game_datasets(
    resolved: ResolvedCorpus,
    places: Places,
    ids: Identities | None = None,
    kinds: tuple[str, ...] = ("rulings", "faq", "cards", "errata"),
) -> dict[str, dict]:
    """Each game's files of each kind (rulings, FAQ answers, cards, errata),
    for the games that have any of that kind; of `kinds` only."""
    found: list = []  # the rules' identities, worked out for the first file that cites rules

    def identities() -> Identities:
        if not found:
            found.append(Identities(resolved) if ids is None else ids)
        return found[0]

    out = {}
    per_game = (
        ("rulings", resolved.corpus.rulings, lambda game: rulings_data(resolved, game, identities())),
        ("faq", resolved.corpus.faqs, lambda game: faq_data(resolved, places, game, identities())),
        ("cards", resolved.corpus.cards, lambda game: cards_data(resolved, places, game)),
        ("errata", resolved.corpus.errata, lambda game: errata_data(resolved, places, game)),
    )
    games = dict.fromkeys(game_of(item) for _, items, _ in per_game for item in items)
    for game in games:
        for kind, items, data in per_game:
            if kind in kinds and any(game_of(item) == game for item in items):
                out[f"{game}/{kind}.json"] = data(game)
    return out
