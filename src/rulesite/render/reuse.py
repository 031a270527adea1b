"""Which of a render's jobs would make exactly the pages the last render's
job of the same name made, so that `rulesite serve` (which keeps them:
`warm.Memory`) need not run it again.

A job is reused only when a fingerprint of everything it reads equals the
last one's. Fingerprints are digests of the pickled model as resolve left
it: content, never times. Every one starts from the render's `frame`: the
corpus with its rules' texts left out (each section's number, title,
sources, rule numbers; the cards, errata, walkthroughs, guides, glossaries,
keywords, aliases, concordance and written pages whole), the site's
languages and address; no ruling or FAQ answer (the reusable jobs show them
only where they cite or sit with a section: see below). To it each job adds what it reads besides:

- a run of section pages (and their history files): each section whole, the
  links resolve found in each text it shows (rules, examples, answers), each
  of its rules' history in every edition and its history rows, what its
  number meant before and where an older one lives now, its equivalents, its
  FAQ answers, what cites it and its rules (as the page links them); and of
  its document, which rule each older one became and which diff page holds
  each diff entry;
- the pinned links and the pre-rendered diffs: every edition's rules, texts
  included;
- the current edition's aliases: nothing more.

Every other job (indexes, the word index, previews, short links, rulings,
cards, the published data...) reads rulings' and rules' texts across the
site, and runs each time. Equal fingerprints mean equal inputs, so a
reused job's pages are the ones it would make: a build with reuse writes
what a clean build writes (tests/build/test_warm_builds.py)."""

from __future__ import annotations

import hashlib
import pickle
from functools import partial

from ..model import FaqAnswer
from .context import Context


def job_name(lang: str | None, job) -> tuple | None:
    """A name for `job` that the same job of the next render has, when it is
    one that can be reused (else None)."""
    from .edition_pages import render_diff_pages
    from .pinned import pinned_pages
    from .site import _section_run, current_aliases

    if lang is None or not isinstance(job, partial):
        return None
    if job.func is _section_run:
        return (lang, "sections", tuple(section.key for section in job.args[2]))
    if job.func is pinned_pages:
        return (lang, "pinned")
    if job.func is current_aliases:
        current = job.args[0]
        return (lang, "aliases", None if current is None else (current.game, current.document, current.language, current.label))
    if job.func is render_diff_pages:
        diff = job.args[1]
        return (lang, "diff", job.args[2], job.args[3], diff.old.language, diff.old.label, diff.new.label)
    return None


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
    )
    return _digest(whole)


def _skeleton(section) -> tuple:
    """A section without its rules' texts: what pages other than its own show
    of it. (Where a rule's text defines a term, the texts that link it are
    linked otherwise: each section's part holds its texts' links.)"""
    rules = [(r.number, r.source_ids, r.number_restored, [e.label for e in r.examples]) for r in section.rules]
    return (section.key, section.number, section.title, section.source_ids, section.notes, section.edition, section.loc, rules)


def fingerprint(ctx: Context, framed: bytes, name: tuple, job) -> str:
    """The fingerprint of a job named `name` (`job_name`), given the render's `frame`."""
    parts: list = [framed, name]
    if name[1] == "sections":
        documents = dict.fromkeys((s.game, s.document, s.language) for s in job.args[2])
        parts += [_document_part(ctx, document) for document in documents]
        parts += [_section_part(ctx, s) for s in job.args[2]]
    elif name[1] in ("pinned", "diff"):
        # Rule texts as every edition prints them, and what resolve matched of them (the chains).
        parts.append(_editions_part(ctx))
    return _digest(parts).hex()


def _digest(value) -> bytes:
    return hashlib.sha256(pickle.dumps(value, pickle.HIGHEST_PROTOCOL)).digest()


def _editions_part(ctx: Context) -> bytes:
    found = ctx.cache.get("reuse-editions")
    if found is None:
        found = ctx.cache["reuse-editions"] = _digest((ctx.corpus.editions, ctx.corpus.sections))
    return found


def _document_part(ctx: Context, document: tuple[str, str, str]) -> bytes:
    """What every section page of a document reads of the document's comparison:
    which rule each older one became, and on which diff page each entry is."""
    key = ("reuse-document", document)
    found = ctx.cache.get(key)
    if found is None:
        holders = {k: v for k, v in ctx.where.diffs.items() if k[:3] == document}
        found = ctx.cache[key] = _digest((ctx.editions.successors.get(document), holders))
    return found


def _section_part(ctx: Context, section) -> bytes:
    """What a section's page and its history files read of the section and of what
    concerns it: its rules (texts included), each rule's history in every edition
    and its rows, what the section's number meant and where it lives now, its
    equivalent in other languages, its FAQ answers, and what cites it."""
    document = (section.game, section.document, section.language)
    citations, changes = ctx.citations, ctx.changes
    histories = (ctx.history or {}).get(document, {})
    numbers = [rule.number for rule in section.rules]
    cited = [citations.by_rule.get((section.key, number), []) for number in numbers]
    # An older edition's own page shows no FAQ answers (they sit with the current text).
    links, game, faqs = ctx.links, section.game, [] if section.version_path else ctx.section_faqs(section)
    linked = [
        (links.segments(rule.text, game, section, False), [links.segments(e.text, game, section, False) for e in rule.examples])
        for rule in section.rules
    ]
    return _digest(
        (
            section,
            linked,
            [links.quoted(faq.answer, faq.game, section) for faq in faqs],
            [histories.get((section.edition, number)) for number in numbers],
            [changes.history(document, section.edition, number) for number in numbers],
            [changes.printed_again(ctx.corpus, document, section.edition, number) for number in numbers]
            if section.version_path
            else None,
            changes.was.get(section.key),
            changes.now.get(section.key),
            ctx.concordance.for_section(section),
            faqs,
            [_shown(ctx, item) for item in citations.by_section.get(section.key, [])],
            [[_shown(ctx, item) for item in items] for items in cited],
        )
    )


def _shown(ctx: Context, item) -> tuple:
    """What a page citing `item` shows of it: its kind, id, title and where it is."""
    if isinstance(item, FaqAnswer):
        return ("faq", item.id, item.question, item.section, ctx.faq_home(item))
    return (type(item).__name__, item.game, item.id, item.title)
