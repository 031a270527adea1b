"""Which of a render's jobs would make exactly the pages the last render's
job of the same name made, so that `rulesite serve` (which keeps them:
`RenderMemory`) need not run it again.

A job is reused only when a fingerprint of everything it reads equals the
last one's. Fingerprints are digests of the pickled model as resolve left
it: content, never times. What a job reads is declared beside it, once
(`job_inputs.declare`: the pages' modules, render/jobs.py), and its
fingerprint is made of that declaration alone (`Fingerprints.of`): this
module knows no job. Every one starts from the render's `frame`: the corpus
with its rules' texts left out (each section's number, title, sources, rule
numbers; the cards, errata, walkthroughs, guides, glossaries, keywords,
aliases, concordance and written pages whole), the site's languages and
address; no ruling or FAQ answer. To it each job adds what it declares it
reads besides, from the pieces kept here: every edition's texts (`texts`),
a document's (`documents`, `edition`), a section's part (`section`), where
each older rule is today (`successors`), the keyword forms (`forms`), a
pre-rendered diff's entries (`diff_groups`). Some read less than the frame
(`Declared.light`) and start from what they read alone: the share pages,
the site's image.

The offline files of the pages never visited (render/offline_data.py) are
made by the jobs making the pages they show (a run of section pages, of
rulings' pages, the card pages), of what those pages read, and are reused
with them.

Every job not declared (the rulings' and walkthroughs' indexes, the FAQ
pages, the word index, each game's published data of rulings and
answers...) reads rulings' texts, and runs each time. Equal fingerprints mean
equal inputs, so a reused job's pages are the ones it would make: a build
with reuse writes what a clean build writes (tests/build/test_warm_builds.py,
tests/corpora/test_warm_corpora.py).

Working the fingerprints out costs in proportion to what changed where the
rules are concerned: every edition's texts are digested by document, from
the digest resolve keeps of each edition by the reads it was merged from;
a section's part (`_heavy`, its history rows by far the most of it) is
kept by the frame and its documents' digests and, in a changed document,
by what it reads compared with what it read then (`Fingerprints.section`):
only the sections a change touched are digested again, each rule history
chain once (`_chain`). The rest (the frame, each job's answers, citations
and cards) is digested again each render."""

from __future__ import annotations

import bisect
import hashlib

from ..common.content_digest import content_digest
from ..resolve.entries import entry_anchor
from ..resolve.translations import english_with_history
from .context import Context
from .job_inputs import Declared


def frame(ctx: Context) -> bytes:
    """A digest of everything the reusable jobs read but what `fingerprint`
    adds for each: the corpus with its rules' texts left out (module doc)."""
    corpus = ctx.corpus
    editions = {
        key: [(e.label, e.date, e.partial, e.source_ids, [_skeleton(s) for s in e.sections.values()]) for e in found]
        for key, found in corpus.editions.items()
    }
    whole = (
        corpus.sources,
        [_skeleton(s) for s in corpus.sections.values()],
        editions,
        corpus.walkthroughs,
        corpus.guides,
        corpus.glossary,
        corpus.cards,
        corpus.errata,
        corpus.keywords,
        corpus.card_aliases,
        corpus.equivalents,
        corpus.topics,
        corpus.written,
        ctx.languages,
        ctx.site_url,
        ctx.engine,  # the theme files the hosts' _headers and the service worker name
    )
    return content_digest(whole)


def _skeleton(section) -> tuple:
    """A section without its rules' texts: what pages other than its own show
    of it. (Where a rule's text defines a term, the texts that link it are
    linked otherwise: each section's part holds its texts' links.)"""
    rules = [(r.number, r.source_ids, r.number_restored, [e.label for e in r.examples]) for r in section.rules]
    return (section.key, section.number, section.title, section.source_ids, section.notes, section.edition, section.loc, rules)


class Fingerprints:
    """The fingerprints of one render's reusable jobs (`of`). Every edition's
    texts are digested by document (`documents`), from the digests resolve
    kept of each edition (`ResolveMemory.edition_digests`, by the reads it was
    merged from), so that only a changed document is pickled again. What a
    section's page reads of the rules, of every edition and of their
    comparison (its `_heavy` part) depends on nothing but the frame, its
    document's editions and those of its equivalents in other languages (the
    concordance shows them whole): while those are as at the last render, its
    digest is the last render's and is not worked out again; else while what
    it reads is (`section`). `memory`: the last render's `texts` (the frame
    and every document) and `heavy` (section key -> its documents' digest,
    the frame, what it read and its digest; a share job's name -> what it was
    made from and its digest; each document's diffs' entries), replaced by
    this one's."""

    def __init__(self, ctx: Context, memory) -> None:
        self.ctx = ctx
        self.frame = frame(ctx)
        self.documents = documents(ctx.corpus, getattr(memory, "edition_digests", None) or {})
        self.texts = content_digest((self.frame, sorted(self.documents.items())))
        self.known = memory.heavy
        # Where the diff pages held each entry, for the documents no section's part was worked out for.
        self.heavy: dict = {key: found for key, found in self.known.items() if key[0] is _PLACED}
        self.once: dict = {}  # what is worked out once a render: history rows digested (`_chain`), reviews by item
        self.editions = getattr(memory, "edition_digests", None) or {}  # for one edition's pinned links
        memory.texts, memory.heavy = self.texts, self.heavy

    def kept(self, key, made_from, make) -> bytes | str:
        """The digest under `key` that this render or the last made from the
        same (the very object, or an equal one); else `make()`."""
        found = self.heavy.get(key) or self.known.get(key)
        if found is None or not (found[0] is made_from or found[0] == made_from):
            found = (made_from, make())
        self.heavy[key] = found
        return found[1]

    def made_from(self, sections) -> bytes:
        """The frame and the documents `sections` are of, or show whole beside
        them (their equivalents in other languages)."""
        shown = set()
        for section in sections:
            shown.add((section.game, section.document, section.language))
            equivalent = _equivalent(self.ctx, section, self.once)
            for side in equivalent.sides if equivalent is not None else ():
                if side.section is not None:
                    shown.add((side.section.game, side.section.document, side.section.language))
        digest = hashlib.sha256(self.frame)
        for document in sorted(shown):
            digest.update(repr(document).encode() + (self.documents.get(document) or b"-"))
        return digest.digest()

    def section(self, ctx: Context, section) -> bytes:
        """A section's part (`_heavy`): the last render's while its documents
        are as they were (`made_from`), or else while the frame is, what the
        section reads (`_reads`: its rules, their history rows and links, its
        equivalents...) equals what it read then, and no entry of its rows'
        moved to another diff page (`_moved`); else worked out again. So a
        rule reworded digests again only the sections that show it (its own,
        its chain's other editions', its equivalents'), not every section of
        its document."""
        key = section.key
        found = self.known.get(key)
        documents = self.made_from([section])
        if found is not None and len(found) == 4 and found[0] == documents:
            self.heavy[key] = found
            return found[3]
        moved = self._moved(ctx, (section.game, section.document, section.language))
        reads = _reads(ctx, section, self.once)
        if (
            found is not None
            and len(found) == 4
            and moved is not None
            and found[1] == self.frame
            and found[2] == reads
            and not (moved and any(row[1] in moved for rows in reads[3] for row in rows))
            and not _english_moved(self._moved, ctx, section, reads[8])
        ):
            digest = found[3]
        else:
            digest = _heavy(ctx, section, self.once)
        self.heavy[key] = (documents, self.frame, reads, digest)
        return digest

    def _moved(self, ctx: Context, document: tuple[str, str, str]) -> set | None:
        """The rule numbers whose entry a diff page of the document holds
        (`_holders`) elsewhere than at the last render (an entry added or
        removed too); None: the document's diffs are not those of the last
        render, or it kept none. Once a render."""
        key = ("moved", document, id(ctx.where))
        found = self.once.get(key)
        if found is None:
            where = ctx.where
            placed = {pair: where.diff(diff).entries for pair, diff in ctx.changes.pairs.items() if pair[:3] == document}
            then = self.known.get((_PLACED, document))
            self.heavy[(_PLACED, document)] = placed
            moved = None
            if then is not None and then.keys() == placed.keys():
                moved = set()
                for pair, entries in placed.items():
                    if then[pair] is not entries:  # anchors: "d-<number>", "was-<number>" (`entry_anchor`)
                        moved.update(anchor.split("-", 1)[1] for anchor, _ in set(then[pair].items()) ^ set(entries.items()))
            found = self.once[key] = (where, moved)
        return found[1]

    def of(self, ctx: Context, name: tuple, job, declared: Declared) -> str:
        """The fingerprint of a job named `name` (`job_inputs.job_name`),
        made of what its declaration says it reads; `ctx`: its language's."""
        rest = job.args[1:]  # a job's first argument is its context
        if declared.light:

            def make() -> str:
                return content_digest([name, declared.reads(self, ctx, *rest)]).hex()

            return make() if declared.kept_by is None else self.kept(name, declared.kept_by(self, ctx, *rest), make)
        return content_digest([self.frame, name, *declared.reads(self, ctx, *rest)]).hex()

    def edition(self, ctx: Context, document: tuple, label: str) -> bytes | str:
        """A digest of one edition, texts included: resolve's (`documents`), else pickled."""
        known = self.editions.get((*document, label))
        if known is not None:
            return known[1]
        return content_digest(next(e for e in ctx.corpus.editions[document] if e.label == label))

    def successors(self, ctx: Context, document: tuple) -> bytes:
        """A digest of where each rule of a document's editions is today
        (`EditionsView.successors`): the last render's while they are equal."""
        successors = ctx.editions.successors.get(document)
        return self.kept((_SUCCESSORS, document), successors, lambda: content_digest(list((successors or {}).items())))

    def forms(self, ctx: Context) -> bytes:
        """A digest of the keyword forms texts are linked by (`Linker.keywords`:
        keywords.yml's, the sections' titles, the terms rules' texts define):
        the last render's while they are equal."""
        forms = ctx.links.keywords
        return self.kept((_FORMS,), forms, lambda: content_digest(forms))

    def diff_groups(self, diff, run: tuple) -> bytes | None:
        """A digest of a pre-rendered diff's entries (`ChangesView.diff`): of
        the sections of a run of its parts (`run`: (first, end), or None: all)
        with the numbers and entry counts its summary shows (the first run);
        the last render's while they are equal. None: not pre-rendered."""
        o, n = diff.old, diff.new
        pair = (o.game, o.document, o.language, o.label, n.label)
        groups = self.ctx.changes.diffs.get(pair)
        if groups is None:
            return None
        if run and run[0] is not None:
            first, end = run[0]
            shown = self.ctx.where.diff(diff).parts
            numbers = {number for part in shown[first:end] for number in part.items}
            summary = ([p.items for p in shown], [(g.number, len(g.entries)) for g in groups]) if not first else ()
            groups = (*(g for g in groups if g.number in numbers), shown[first:end], summary)
        return self.kept((_GROUPS, pair, *run), groups, lambda: content_digest(groups))


_PLACED = object()  # `Fingerprints.heavy`'s keys of a document's diffs' entries (`_moved`)
_SUCCESSORS = object()  # `Fingerprints.heavy`'s keys of a document's successors (`successors`)
_GROUPS = object()  # `Fingerprints.heavy`'s keys of a diff's entries (`diff_groups`)
_FORMS = object()  # `Fingerprints.heavy`'s key of the keyword forms (`forms`)


def documents(corpus, kept: dict) -> dict[tuple, bytes]:
    """(game, document, language) -> a digest of its editions, texts included
    (and so of its sections of the current view, made of them). `kept`: the
    digest of each edition resolve worked out (`ResolveMemory.edition_digests`:
    key -> (the reads it was merged from, its digest)); an edition not there
    is pickled."""
    found = {}
    for document, editions in corpus.editions.items():
        digests = []
        for e in editions:
            known = kept.get((e.game, e.document, e.language, e.label))
            digests.append((e.label, known[1] if known is not None else content_digest(e).hex()))
        found[document] = content_digest(digests)
    return found


def _heavy(ctx: Context, section, chains: dict | None = None) -> bytes:
    """What a section's page and its history files read of the rules and their
    comparison: the section (its rules' texts included) and the links found in
    them, each rule's history rows in every edition (`_chain`: the rows are
    made of its history entries, one each), what the section's number meant
    (with what each of those rules became) and where an older one lives now,
    and its equivalent in other languages. `chains`: what this render worked
    out so far of the rows (`_chain`) and the successors (`_successors_by_label`)."""
    document = (section.game, section.document, section.language)
    changes, links, game = ctx.changes, ctx.links, section.game
    numbers = [rule.number for rule in section.rules]
    linked = [
        (links.segments(rule.text, game, section, False), [links.segments(e.text, game, section, False) for e in rule.examples])
        for rule in section.rules
    ]
    chains = {} if chains is None else chains
    rows = [_chain(ctx, document, changes.history(document, section.edition, number), chains) for number in numbers]
    was = changes.was.get(section.key)
    became = _became(ctx, document, section, was, chains) if was else None
    return content_digest(
        (
            section,
            linked,
            rows,
            [changes.printed_again(ctx.corpus, document, section.edition, number) for number in numbers]
            if section.version_path
            else None,
            was,
            became,
            changes.now.get(section.key),
            _equivalent(ctx, section, chains),
            _english_histories(ctx, section, lambda document, rows: _chain(ctx, document, rows, chains)),
        )
    )


def _reads(ctx: Context, section, once: dict) -> tuple:
    """What `_heavy` digests of a section, as the values themselves (compared
    with the last render's, not digested): the section, the links found in its
    texts, each rule's history rows (`_rows`), what its number meant and
    became, where an older one lives now, its equivalent; and the references
    of every section among them as they are now (resolve assigns them anew
    to a section it hands out again: the section alone would compare equal
    to itself). What else `_heavy` reads is made of these and of the frame
    (`printed_again`: the editions' labels and the rows' entries) or is in
    `Fingerprints._moved` (where the diff pages hold its rows' entries)."""
    document = (section.game, section.document, section.language)
    changes, links, game = ctx.changes, ctx.links, section.game
    linked = [
        (links.segments(rule.text, game, section, False), [links.segments(e.text, game, section, False) for e in rule.examples])
        for rule in section.rules
    ]
    rows = [_rows(changes.history(document, section.edition, rule.number), once) for rule in section.rules]
    key = section.key
    was = changes.was.get(key)
    now = changes.now.get(key)
    equivalent = _equivalent(ctx, section, once)
    became = _became(ctx, document, section, was, once) if was else None
    shown = [section, *(w.now for w in was or ()), *([now.section] if now is not None else [])]
    shown += [side.section for side in equivalent.sides if side.section is not None] if equivalent is not None else []
    references = [[rule.references for rule in s.rules] for s in shown]
    return (
        section,
        references,
        linked,
        rows,
        was,
        became,
        now,
        equivalent,
        _english_histories(ctx, section, lambda _, rows: _rows(rows, once)),
    )


def _english_histories(ctx: Context, section, rows_of) -> tuple | None:
    """The English rules' histories a translated section's rules show as theirs
    (render/history.py `english_rows`, `english_history`): for each rule, None
    or the English rule (section key, number) and `rows_of(document, rows)`
    (`_heavy`: `_chain`'s digest; `_reads`: `_rows`)."""
    if section.language == "en":
        return None
    out = []
    for rule in section.rules:
        english = english_with_history(ctx.concordance, ctx.history, section, rule.number)
        if english is None:
            out.append(None)
            continue
        en_section, number = english
        document = (en_section.game, en_section.document, "en")
        out.append((en_section.key, number, rows_of(document, ctx.changes.history(document, en_section.edition, number))))
    return tuple(out)


def _english_moved(self_moved, ctx: Context, section, histories: tuple | None) -> bool:
    """Whether an entry of the English rows a translated section shows
    (`_english_histories`) moved to another diff page, or that is not known."""
    for found in histories or ():
        if found is None:
            continue
        moved = self_moved(ctx, (section.game, section.document, "en"))
        if moved is None or any(row[1] in moved for row in found[2]):
            return True
    return False


def _rows(rows, once: dict) -> tuple:
    """What `_chain` digests of a rule's history rows but the diff pages'
    entries: each row's entry (its fields: `HistoryEntry` is not frozen), the
    page showing it, its word diff. Once a render for each chain."""
    key = ("rows", id(rows))
    found = once.get(key)
    if found is None:
        shown = tuple(
            (
                r.entry.edition_label,
                r.entry.number,
                r.entry.text_changed,
                r.entry.how,
                r.shown.page if r.shown else None,
                r.changes,
            )
            for r in rows
        )
        found = once[key] = (rows, shown)
    return found[1]


def _equivalent(ctx: Context, section, once: dict):
    """`ctx.concordance.for_section(section)`, from an index made once a render."""
    key = ("equivalents", id(ctx.concordance))
    found = once.get(key)
    if found is None:
        index: dict = {}
        for equivalent in ctx.concordance.equivalents:
            for side in equivalent.sides:
                if side.section is not None:
                    index.setdefault(id(side.section), (side.section, equivalent))
        found = once[key] = (ctx.concordance, index)
    hit = found[1].get(id(section))
    return hit[1] if hit is not None and hit[0] is section else None


def _became(ctx: Context, document: tuple[str, str, str], section, was, chains: dict) -> list:
    """What the rules the section's number meant before became: those of the
    editions of `was` whose number starts with the section's, in the
    successors' own order."""
    by_label = _successors_by_label(ctx, document, chains)
    number = section.number
    found = []
    for label in {w.edition for w in was}:
        numbers, items = by_label.get(label, ((), ()))
        # The numbers starting with `number` are a run of the sorted numbers.
        for k in range(bisect.bisect_left(numbers, number), len(numbers)):
            if not numbers[k].startswith(number):
                break
            found.append(items[k])
    return [item[1:] for item in sorted(found, key=lambda item: item[0])]


def _successors_by_label(ctx: Context, document: tuple[str, str, str], chains: dict) -> dict:
    """The document's successors (`editions.successors`: (label, number) ->
    what that rule became) by label, each with its place among them, sorted
    by number (the numbers alone beside them, for `bisect`): worked out once
    a render (kept in `chains` too)."""
    successors = ctx.editions.successors.get(document, {})
    key = ("successors", id(successors), document)
    found = chains.get(key)
    if found is None:
        by_label: dict = {}
        for k, (number, successor) in enumerate(successors.items()):
            by_label.setdefault(number[0], []).append((k, number, successor))
        for label, items in by_label.items():
            items.sort(key=lambda item: item[1][1])
            by_label[label] = ([item[1][1] for item in items], items)
        found = chains[key] = (successors, by_label)
    return found[1]


def _chain(ctx: Context, document: tuple[str, str, str], rows, chains: dict) -> bytes:
    """A digest of what a page reads of a rule's history rows: each row's entry,
    the page showing that edition's rule and the word diff, and the diff pages
    its entries may link (`_holders`). Every edition's rule of one chain has
    the same rows (`resolve.entries.changes_view`): they are digested once a
    render, kept in `chains` by their identity and the site map's (and the
    two with it, so that neither is another's while the render lasts)."""
    where = ctx.where
    key = (id(rows), id(where), document)
    found = chains.get(key)
    if found is None:
        shown = [(row.entry, row.shown.page if row.shown else None, row.changes) for row in rows]
        found = chains[key] = (rows, where, content_digest((shown, _holders(ctx, document, rows))))
    return found[2]


def _holders(ctx: Context, document: tuple[str, str, str], rows) -> list:
    """The diff page of every entry a rule's history rows may link
    (render/history.py: the entry of each edition's number, added or changed,
    or of an earlier one's, removed, on the diff between the two): a few more
    than it links, never fewer."""
    found = []
    entries = [row.entry for row in rows]
    for k, entry in enumerate(entries):
        for before in entries[:k]:
            diff = ctx.changes.diff_between(document, before.edition_label, entry.edition_label)
            if diff is None:
                continue
            held = ctx.where.diff(diff).entries
            anchors = [entry_anchor(kind, entry.number) for kind in ("added", "changed")] if entry.number is not None else []
            anchors += [entry_anchor("removed", before.number)] if before.number is not None else []
            found.append([(anchor, held.get(anchor)) for anchor in anchors])
    return found
