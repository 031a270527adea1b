"""The resolve stage's glue: the editions merged and the current view made,
every reference and keyword resolved, histories and diffs compared, the
citations checked and what needs review flagged: one read-only `Context`
that render, export and check read."""

from __future__ import annotations

from functools import partial

from ..common.diagnostics import Diagnostics
from ..common.model import Corpus
from ..render.context import Context
from ..site_map.site_map import make_site_map
from ..resolve.card_mentions import KnownMentions
from ..resolve.citations import align_translations, collect
from ..resolve.cited_rules import check_cited_rules
from ..resolve.dated import dated_items, newest_source
from ..resolve.linked import KnownLinks, link_texts
from ..resolve.faq_translations import check_translations
from ..resolve.concordance import resolve_concordance
from ..resolve.history import (
    KnownComparisons,
    KnownPairs,
    diff_editions,
    prerendered_pairs,
    rule_chains,
    rule_history,
    score_editions,
)
from ..resolve.review import attach_errata, needs_review
from ..resolve.keywords import keyword_forms
from ..resolve.links import Linker
from ..resolve.entries import changes_view
from ..resolve.view import editions_view
from ..resolve.walkthrough_check import check_walkthroughs
from ..common import workers


def resolve(
    corpus: Corpus,
    diag: Diagnostics,
    jobs: int | None = None,
    known: KnownPairs | None = None,
    links: KnownLinks | None = None,
    mentions: KnownMentions | None = None,
    compared: KnownComparisons | None = None,
) -> Context:
    """Stage 3: references and keywords resolved, walkthroughs checked against their rules.
    What read made is only read here: frozen, the collector does not walk it.
    `jobs`: 1 resolves in this process alone; by default, when the editions
    to compare are long, a forked worker scores their rules meanwhile.
    `known`: rule pairs scored before (`edition_pairs`), used where they fit,
    and where the pairs scored now are added; when it holds any, the few
    pairs left are scored in this process. `links`: the texts the last build
    linked (`linked.KnownLinks`), used where they still hold, replaced by these.
    `mentions`: the card mentions the last build found
    (`card_mentions.KnownMentions`), likewise. `compared`: what the last
    build compared (`history.KnownComparisons`), used for documents whose
    editions are the same objects, replaced by this build's."""
    if jobs is None:
        jobs = workers.cores() if _compared_rules(corpus) >= BESIDE_RULES else 1
    with workers.frozen():
        return _resolve(corpus, diag, jobs > 1 and not known, known, links, mentions, compared)


# Rules in the editions to compare from which scoring them runs beside linking
# (about 0.2 s for the full corpora's 7,000): below it, forking costs more.
BESIDE_RULES = 2000


def _resolve(
    corpus: Corpus,
    diag: Diagnostics,
    fork: bool,
    known: KnownPairs | None = None,
    links: KnownLinks | None = None,
    mentions: KnownMentions | None = None,
    compared: KnownComparisons | None = None,
) -> Context:
    # Scoring which rules of two editions are the same rule is most of comparing
    # them, and nothing of linking the texts needs it: a worker scores while
    # this process links, then the chains and diffs are made from its pairs
    # (without a worker, nothing is scored before: all of it is done below).
    with workers.beside(partial(edition_pairs, corpus) if fork else dict, fork) as scored:
        tables = links.tables if links is not None else None
        linker = Linker(corpus, keyword_forms(corpus, diag, tables), tables)
        linked = link_texts(corpus, linker, links)
        citations = collect(corpus, linked, diag, mentions)
        found = scored()
    if known is None:
        known = found
    else:
        known.update(found)
    history, diffs, chains = compare_editions(corpus, known, compared)
    views = compared.views_of(corpus.editions) if compared is not None else None
    parts = (compared.edition_parts, compared.change_parts) if compared is not None else (None, None)
    editions = views[0] if views is not None else editions_view(corpus, chains, parts[0])
    check_walkthroughs(corpus, diag, editions)
    check_cited_rules(corpus, diag)
    check_translations(corpus, diag)  # translated FAQ answers name English ones
    concordance = resolve_concordance(corpus, diag, history)
    align_translations(citations, corpus, concordance)  # a translated rule is cited as its English one
    attach_errata(corpus, diag)
    reviews = needs_review(corpus, history, editions)
    changes = views[1] if views is not None else changes_view(corpus, editions, diffs, history, parts[1])
    if compared is not None:
        compared.views = (dict(corpus.editions), editions, changes)
    return Context(
        corpus,
        linked,
        citations,
        concordance,
        history=history,
        diffs=diffs,
        chains=chains,
        reviews=reviews,
        findings=list(diag.warnings),
        editions=editions,
        changes=changes,
        dated=dated_items(corpus, diffs),
        feed_date=newest_source(corpus),
        site_map=make_site_map(corpus, citations, editions, changes, diffs, compared.site_map if compared is not None else None),
    )


def compare_editions(
    corpus: Corpus, known: KnownPairs | None = None, compared: KnownComparisons | None = None
) -> tuple[dict, list, dict]:
    """Every rule's history and match chain in its document, and the diffs the site
    pre-renders: between neighbouring whole dated editions and between each one and
    the current edition (`prerendered_pairs`: linear in editions). The diff of any
    other pair is composed along the chains (`traced_diff`) and published as data.
    `known`: the rule pairs scored before (`edition_pairs`), and where new ones are kept.
    `compared`: what the last build compared (`KnownComparisons`): a document
    whose editions are the same objects is not compared again; replaced by this
    build's."""
    history, diffs, chains, made = {}, [], {}, {}
    for key, dated in _compared(corpus):  # key: (game, document, language)
        editions = corpus.editions[key]
        kept = compared.documents.get(key) if compared is not None else None
        if kept is not None and kept[0] is editions:
            _, history[key], chains[key], ours = made[key] = kept
            diffs += ours
            continue
        found = chains[key] = rule_chains(dated, known)
        history[key] = rule_history(dated, found)
        whole = [e for e in found.editions if not e.partial]
        # Neighbours were matched for the chains already: their diffs reuse them.
        ours = [diff_editions(a, b, found.matches.get((a.label, b.label)), known) for a, b in prerendered_pairs(whole)]
        diffs += ours
        made[key] = (editions, history[key], found, ours)
    if compared is not None:
        compared.documents = made
    return history, diffs, chains


def edition_pairs(corpus: Corpus) -> KnownPairs:
    """The rule pairs `compare_editions` scores: what a worker hands back (a few
    hundred KB of numbers, where the matches themselves would be the corpus)."""
    return {key: pairs for _, dated in _compared(corpus) for key, pairs in score_editions(dated).items()}


def _compared(corpus: Corpus) -> list[tuple[tuple[str, str, str], list]]:
    """The documents with editions to compare, and their dated editions."""
    found = [(key, [e for e in editions if e.date != "undated"]) for key, editions in corpus.editions.items()]
    return [(key, dated) for key, dated in found if len(dated) >= 2]


def _compared_rules(corpus: Corpus) -> int:
    return sum(len(section.rules) for _, dated in _compared(corpus) for e in dated for section in e.sections.values())
