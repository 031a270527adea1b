"""One language's pages as jobs (`language_jobs`), and the jobs that are not
a page module's own; each reusable one declares beside it what it reads
(`job_inputs.declare`): the name a warm build keeps its pages under and
what its fingerprint is made of (render/reuse.py)."""

from __future__ import annotations

import posixpath
from functools import partial

from ..common.model import Edition, Erratum, Section
from ..common.names import browser_grammar
from ..site_map import paths
from ..site_map.paths import (
    ERRATA,
    changes_index,
    compare_page,
    editions_page,
    guide_page,
    guides_index,
    html_path,
    language_root,
    page_of,
    relpath,
    section_page,
    version_alias,
    written_page,
)
from ..common.strings import browser_strings
from . import index_pages as idx
from . import offline_data
from .card_pages import render_cards_pages, render_errata
from .context import CONTENT_LANGUAGE, Context
from .edition_pages import (
    diff_runs,
    documents_with_editions,
    render_changes_index,
    render_compare,
    render_diff_pages,
    render_editions_index,
)
from .escape import script_json
from .job_inputs import Declared, declare, every_text, nothing_more, shown
from .faq_page import render_faq_pages
from .feed import change_feed
from .glossary_page import glossaries, render_glossary
from .guide_page import render_guide, render_guides_index
from .history import history_bundle, history_files
from .host_files import HEADERS_FILE, NOJEKYLL, NOJEKYLL_FILE, headers_file
from .markup import html_file, safe_href
from .numbers import numbers_js
from .pinned import pinned_pages, pinned_parts
from .faq_translations import shown_translations
from .official import revisions_of, standing_of
from .ruling_page import render_ruling
from .section_page import render_section
from .share import card_share_pages, faq_share_pages, native_sections, preview_files, section_images, section_shares, site_image
from .walkthrough_page import render_walkthrough
from .whole_document import whole_document_pages
from .whole_folders import whole_documents
from .word_index import section_words, word_index

# Rulings' pages are made in runs of this many (a job each).
RULINGS_A_JOB = 10
# Share pages are made in runs of this many sections (a job each).
SHARES_A_JOB = 25
# Section pages are handed out in runs of this many (a job each).
SECTIONS_A_JOB = 10


def language_jobs(ctx: Context) -> list:
    """One language's pages as jobs: functions of no arguments, each returning
    some pages (docs path -> text). Together, the language's site. A job reads
    the model and the site map, never another job's pages."""
    # The diff pages first: the longest jobs.
    jobs = _diff_jobs(ctx)
    # Apart, each reused by a warm build while what it reads is as it was (render/reuse.py).
    jobs += [partial(home_pages, ctx), partial(keyword_pages, ctx)]
    jobs += _section_jobs(ctx)
    jobs += _ruling_jobs(ctx)
    jobs += [partial(edition_indexes, ctx), partial(guide_pages, ctx)]
    jobs += _glossary_jobs(ctx)
    jobs += _index_jobs(ctx)
    jobs += _share_jobs(ctx)
    jobs += _site_wide_jobs(ctx)
    return jobs


def _diff_jobs(ctx: Context) -> list:
    """The language's diff pages, in runs of their parts (`diff_runs`)."""
    return [
        partial(render_diff_pages, ctx, diff, diff.old.game, diff.old.document, run)
        for diff in ctx.diffs
        if diff.old.language == ctx.language
        for run in diff_runs(ctx, diff)
    ]


def _section_jobs(ctx: Context) -> list:
    """The section pages in runs, each current edition's aliases, and each
    document (and older edition) whole on one page.

    Only this language's own content: a page that exists only in another
    language is not copied here as a stub; links and the language switch send
    the reader to it there, with a notice (languages.py). Older editions'
    pages too."""
    lang, jobs = ctx.language, []
    shown = [section for section in ctx.corpus.sections.values() if section.language == lang]
    for key, editions in ctx.corpus.editions.items():
        if key[2] == lang:
            shown += [s for edition in editions for s in edition.sections.values() if s.version_path]
            jobs.append(partial(current_aliases, ctx, ctx.editions.current_of(key)))
    for k in range(0, len(shown), SECTIONS_A_JOB):
        jobs.append(partial(_section_run, ctx, lang, shown[k : k + SECTIONS_A_JOB]))
    # Each document (and older edition) whole on one page, a job each.
    jobs += [partial(whole_document_pages, ctx, *folder) for folder in whole_documents(ctx)]
    return jobs


def _ruling_jobs(ctx: Context) -> list:
    """The rulings' pages in runs (a warm build makes again the run of the
    ruling that changed) and the walkthroughs': the content language's."""
    if ctx.language != CONTENT_LANGUAGE:
        return []
    rulings = ctx.corpus.rulings
    jobs: list = [partial(ruling_pages, ctx, rulings[k : k + RULINGS_A_JOB]) for k in range(0, len(rulings), RULINGS_A_JOB)]
    return [*jobs, partial(walkthrough_pages, ctx)]


def edition_indexes(ctx: Context) -> dict[str, str]:
    """Each document's editions page, and its compare page and changes index when it has diffs."""
    lang, pages = ctx.language, {}
    for game, document, language in documents_with_editions(ctx):
        if language == lang:
            pages[editions_page(game, document)] = render_editions_index(ctx, game, document, language)
    for game, document, language in dict.fromkeys((d.old.game, d.old.document, d.old.language) for d in ctx.diffs):
        if language == lang:
            pages[compare_page(game, document)] = render_compare(ctx, game, document, language)
            pages[changes_index(game, document)] = render_changes_index(ctx, game, document, language)
    return pages


def guide_pages(ctx: Context) -> dict[str, str]:
    """The language's guides, and each game's index of guides."""
    pages = {}
    for guide in ctx.corpus.guides:
        if guide.language == ctx.language:
            pages[guide_page(guide.game, guide.id)] = render_guide(guide, ctx)
    for game in dict.fromkeys(g.game for g in ctx.corpus.guides):
        pages[guides_index(game)] = render_guides_index(ctx, game)
    return pages


def _glossary_jobs(ctx: Context) -> list:
    """The language's glossaries, a job each."""
    return [
        partial(render_glossary, ctx, base, edition, entries)
        for base, (edition, entries) in glossaries(ctx).items()
        if entries[0].language == ctx.language
    ]


def _index_jobs(ctx: Context) -> list:
    """The indexes, in parts a warm build reuses apart (render/reuse.py): the
    contents and topics, the FAQ index, and the rulings' and walkthroughs';
    in the content language, the cards' pages and the FAQ and maintainers' pages."""
    jobs: list = [partial(contents_and_topics, ctx), partial(faq_indexes, ctx), partial(rulings_indexes, ctx)]
    if ctx.language == CONTENT_LANGUAGE:
        jobs += [partial(card_references, ctx), partial(reference_pages, ctx)]
    else:
        jobs.append(partial(faq_source_pages, ctx))  # translated FAQ answers, on their language's site
    return jobs


def reference_pages(ctx: Context) -> dict[str, str]:
    """The FAQ pages of each source in English, the review page and the source problems page."""
    pages = faq_source_pages(ctx)
    pages[paths.REVIEW] = idx.render_reviews(ctx)
    pages[paths.PROBLEMS] = idx.render_source_problems(ctx)
    return pages


def faq_source_pages(ctx: Context) -> dict[str, str]:
    """The pages of the FAQ sources in this site's language (their answers
    not shown with a section of theirs), translated answers included."""
    pages: dict[str, str] = {}
    for game, source_id in dict.fromkeys((f.game, f.source_id) for f in ctx.corpus.faqs):
        if ctx.corpus.sources[source_id].language == ctx.language:
            pages.update(render_faq_pages(ctx, game, source_id))
    return pages


def _share_jobs(ctx: Context) -> list:
    """The share pages (each drawing its preview image) in runs of sections,
    so that the images are drawn on every core and a warm build redraws a
    run; the answers' and the cards'; the pinned links by edition (a warm
    build makes again those of the editions that changed)."""
    lang = ctx.language
    native = native_sections(ctx, lang)
    jobs = [partial(section_shares, ctx, lang, native[k : k + SHARES_A_JOB]) for k in range(0, len(native), SHARES_A_JOB)]
    jobs += [partial(faq_share_pages, ctx, lang), partial(card_share_pages, ctx, lang)]
    jobs += [partial(pinned_pages, ctx, lang, part) for part in pinned_parts(ctx, lang)]
    return jobs


def _site_wide_jobs(ctx: Context) -> list:
    """What the whole language's site reads from: the previews, the history
    bundle, its image, the written pages, the tables, the word index, the feed."""
    lang = ctx.language
    jobs: list = [partial(preview_files, ctx, lang)]
    # The current editions' history files in one, for a first visit's service worker.
    jobs.append(partial(history_bundle, ctx, lang))
    jobs.append(partial(site_image, ctx, lang, idx.games(ctx)))
    jobs.append(partial(written_pages, ctx))
    # One table of interface strings (the browser code's come from strings.py too),
    # and one rule-number grammar (names.py): core.js reads both from this script.
    jobs.append(partial(numbers_and_tables, ctx, lang))
    jobs.append(partial(searched_words, ctx))
    jobs.append(partial(change_feed, ctx))  # feed.xml: small, made again each render
    return jobs


def _home_reads(prints, ctx: Context) -> list:
    """How many answers, rulings and walkthroughs there are, the ruling the
    home page shows how to link, and the rule numbers cited that no source holds."""
    corpus = ctx.corpus
    counts = [len(items) for items in (corpus.faqs, corpus.rulings, corpus.walkthroughs)]
    return [counts, corpus.rulings[:1], sorted(ctx.links.unresolved.items())]


@declare("home", _home_reads)
def home_pages(ctx: Context) -> dict[str, str]:
    """The home page and the page of the rules cited that the sources do not hold."""
    return {paths.HOME: idx.render_home(ctx), paths.UNRESOLVED: idx.render_unresolved(ctx)}


@declare("keywords", every_text)
def keyword_pages(ctx: Context) -> dict[str, str]:
    """The keyword index's pages."""
    return idx.render_keywords(ctx)


def _rulings_reads(prints, ctx: Context, rulings: list) -> list:
    """A run of rulings' pages reads no rule's text: the numbers and section
    titles its links name (the frame), the terms rules' texts define (the
    keyword forms the links are made of), what the rulings cite and the
    reviews of them (their word diffs), the cards they name and where each is."""
    reviews = prints.once.get("reviews")
    if reviews is None:  # by the item reviewed, once a render
        reviews = prints.once["reviews"] = {}
        for review in ctx.reviews:
            reviews.setdefault(id(review.item), []).append(review)
    return [prints.forms(ctx), [_ruling_reads(ctx, ruling, reviews.get(id(ruling), ())) for ruling in rulings]]


def _ruling_reads(ctx: Context, ruling, reviewed) -> tuple:
    """What a ruling's page reads besides the frame and the rules: the ruling,
    the reviews of it (`reviewed`: those of `ctx.reviews` whose item it is),
    the rules and terms it links, the cards it names and where each is."""
    reviews = [(r.rule, r.change, r.changes, r.checked) for r in reviewed]
    cards = ctx.citations.cards_of.get(ruling.id, [])
    return (ruling, reviews, ctx.citations.concerns.get(ruling.id), [(card, ctx.card_page(card)) for card in cards])


@declare("rulings", _rulings_reads, named=lambda rulings: (tuple(ruling.id for ruling in rulings),))
def ruling_pages(ctx: Context, rulings: list) -> dict[str, str]:
    """These rulings' pages, and what the offline page shows of each (render/offline_data.py)."""
    return {page_of(ruling): render_ruling(ruling, ctx) for ruling in rulings} | offline_data.ruling_files(ctx, rulings)


@declare("walkthroughs", every_text)
def walkthrough_pages(ctx: Context) -> dict[str, str]:
    """Every walkthrough's page."""
    return {page_of(walkthrough): render_walkthrough(walkthrough, ctx) for walkthrough in ctx.corpus.walkthroughs}


def _contents_reads(prints, ctx: Context) -> list:
    """The contents and game indexes show sections' numbers, titles and rule
    counts (the frame); the topic pages, the first rules of their sections as
    linked there (`_topic_rules`). Each game's index links its FAQ, rulings
    and walkthroughs when it has any."""
    corpus = ctx.corpus
    games = [sorted({item.game for item in items}) for items in (corpus.faqs, corpus.rulings, corpus.walkthroughs)]
    return [ctx.concordance.topics, _topic_rules(ctx), games]


def _topic_rules(ctx: Context) -> list:
    """What the topic pages (index_pages.py's `render_topic`) read of the
    rules: each topic section's first three, their links' targets and their
    texts as linked there."""
    by_key: dict = {}
    for k, section in ctx.corpus.sections.items():
        by_key.setdefault((k.game, k.document, k.number), section)  # the first, as the page finds it
    links, found = ctx.links, []
    for topic in ctx.concordance.topics:
        for key in topic.sections:
            section = by_key.get(key)
            rules = section.rules[:3] if section is not None else ()
            found.append(
                [
                    (
                        rule.number,
                        links.target(section.game, rule.number, section),
                        links.segments(rule.text, section.game, section),
                    )
                    for rule in rules
                ]
            )
    return found


@declare("contents", _contents_reads)
def contents_and_topics(ctx: Context) -> dict[str, str]:
    """The topic pages, each game's index and its documents' contents."""
    pages = {paths.topic_page(topic.id): idx.render_topic(ctx, topic) for topic in ctx.concordance.topics}
    for game in idx.games(ctx):
        pages[paths.game_index(game)] = idx.render_game_index(ctx, game)
        for document in idx.documents_of(ctx, game):
            pages.update(idx.render_contents(ctx, game, document))
    return pages


def _faq_index_reads(prints, ctx: Context) -> list:
    """The answers' questions, where each is shown, the sections they sit with."""
    return [ctx.corpus.faqs, [ctx.faq_home(faq) for faq in ctx.corpus.faqs]]


@declare("faq index", _faq_index_reads)
def faq_indexes(ctx: Context) -> dict[str, str]:
    """Each game's index of FAQ answers (of the games that have any)."""
    return {
        paths.faq_index(game): idx.render_faq_index(ctx, game)
        for game in idx.games(ctx)
        if any(f.game == game for f in ctx.corpus.faqs)
    }


def rulings_indexes(ctx: Context) -> dict[str, str]:
    """Each game's index of rulings and of walkthroughs (of the games that have any)."""
    pages = {}
    for game in idx.games(ctx):
        if any(r.game == game for r in ctx.corpus.rulings):
            pages.update(idx.render_rulings_index(ctx, game))
        if any(w.game == game for w in ctx.corpus.walkthroughs):
            pages[paths.walkthroughs_index(game)] = idx.render_walkthroughs_index(ctx, game)
    return pages


def _cards_reads(prints, ctx: Context, *args) -> list:
    """The card pages, and the cards' and errata's data: what cites each card
    (as a page links it), the cards' texts linked as their pages and offline
    files show them (the terms rules' texts define too), where the site map
    puts each card, and each erratum's document, linked where its page opens."""
    by_card = ctx.citations.by_card
    return [
        {card: [item if isinstance(item, Erratum) else shown(ctx, item) for item in items] for card, items in by_card.items()},
        prints.forms(ctx),
        {letter: [(p.page, p.items, p.anchors) for p in found] for letter, found in ctx.where.cards.items()},
        [(d, ctx.faq_home(s.opening) if (s := standing_of(ctx, d.id)) and s.opening else None) for d in ctx.corpus.official],
    ]


@declare("cards", _cards_reads)
def card_references(ctx: Context) -> dict[str, str]:
    """The cards' pages (with what cites each) and the errata, and what the
    offline page shows of the cards' pages (render/offline_data.py)."""
    pages = render_cards_pages(ctx, ctx.citations.by_card)
    if ctx.corpus.errata:
        pages[ERRATA] = render_errata(ctx)
    return pages | offline_data.card_files(ctx)


def _numbers_reads(prints, ctx: Context, lang: str) -> list:
    """numbers.js names where each older edition's rule is today (the documents' successors)."""
    return [prints.successors(ctx, document) for document in sorted(ctx.editions.successors)]


@declare("numbers", _numbers_reads)
def numbers_and_tables(ctx: Context, lang: str) -> dict[str, str]:
    """assets/numbers.js, assets/strings.js and (at the site's root) robots.txt
    and the hosts' files (`host_files.py`): made of the sections' and rules'
    numbers, the interface strings and the site's languages and address."""
    tables = {"assets/numbers.js": numbers_js(ctx, lang), "assets/strings.js": browser_tables(lang)}
    if not language_root(lang):  # the site's root: crawlers read /robots.txt, hosts their files
        tables["robots.txt"] = robots_txt(ctx)
        tables[HEADERS_FILE] = headers_file(ctx.languages, ctx.engine)
        tables[NOJEKYLL_FILE] = NOJEKYLL
    return tables


def _sections_reads(prints, ctx: Context, lang: str, run: list[Section]) -> list:
    """Each section's part (`reuse.Fingerprints.section`: the section whole,
    its history, its equivalents...), what it shows of FAQ answers, rulings
    and walkthroughs (`_light`), and of official documents (`_official`)."""
    parts: list = []
    for section in run:
        parts += [prints.section(ctx, section), _light(ctx, section), _official(ctx, section)]
    return parts


def _light(ctx: Context, section) -> tuple:
    """What a section's page reads of FAQ answers, rulings and walkthroughs: its
    FAQ answers (with their links) and what cites the section and its rules."""
    citations = ctx.citations
    # An older edition's own page shows no FAQ answers (they sit with the current text).
    faqs = [] if section.version_path else ctx.section_faqs(section)
    key = section.key
    cited = [citations.by_rule.get((key, rule.number), []) for rule in section.rules]
    return (
        faqs,
        [ctx.links.quoted(faq.answer, faq.game, section) for faq in faqs],
        [shown_translations(faq, ctx) for faq in faqs],  # the links to their other languages
        [shown(ctx, item) for item in citations.by_section.get(key, [])],
        [[shown(ctx, item) for item in items] for items in cited],
    )


def _official(ctx: Context, section) -> list:
    """What a section's page reads of official documents (render/official.py): the
    revisions shown on its rules, and the standing of each FAQ item it shows, each
    with the documents and editions it names and where their pages are."""

    def standing(document_id: str) -> tuple | None:
        found = standing_of(ctx, document_id)
        if found is None:
            return None
        edition = found.superseded_by
        opening = found.opening
        return (
            found.document,
            (edition.label, edition.date, edition.document) if edition else None,
            ctx.faq_home(opening) if opening else None,
            opening.id if opening else None,
        )

    revised = [
        [
            (shown.revision, shown.amended, shown.number, shown.later, later, standing(shown.revision.official))
            for shown, later in found
        ]
        for rule in section.rules
        if (found := revisions_of(rule, section, ctx))
    ]
    faqs = [] if section.version_path else ctx.section_faqs(section)
    return [revised, [standing(faq.document) for faq in faqs if faq.document]]


@declare("sections", _sections_reads, named=lambda lang, run: (tuple(section.key for section in run),))
def _section_run(ctx: Context, lang: str, run: list[Section]) -> dict[str, str]:
    """A run of section pages, and their histories' files: made from the rows
    the pages were made with; and what the offline page shows of the current
    editions' (render/offline_data.py)."""
    pages = {section_page(section.key): str(render_section(section, ctx)) for section in run}
    return pages | history_files(ctx, lang, run) | section_images(ctx, run) | offline_data.section_files(ctx, run)


# Not a file: where the word index's job hands back its sections' part (`searched_words`).
SECTION_WORDS = ".section-words"


def browser_tables(lang: str) -> str:
    """assets/strings.js: a script, not JSON, so pages opened from disk read it too."""
    return (
        "window.RULESITE_STRINGS = "
        + script_json(browser_strings(lang))
        + ";\nwindow.RULESITE_GRAMMAR = "
        + script_json(browser_grammar())
        + ";\n"
    )


def robots_txt(ctx: Context) -> str:
    """Every page may be crawled; the sitemaps say which exist (absolute URLs
    only: robots.txt has no relative form, so without a site_url none is named)."""
    lines = ["User-agent: *", "Allow: /"]
    if ctx.site_url:
        lines += [f"Sitemap: {ctx.site_url}{language_root(lang)}sitemap.xml" for lang in ctx.languages]
    return "\n".join(lines) + "\n"


def written_pages(ctx: Context) -> dict[str, str]:
    """The pages people wrote (docs/NAME.md), in this site's language where a
    translation exists. `index` is not a page: it opens the home page."""
    names = sorted({p.name for p in ctx.corpus.written} - {"index"})
    return {written_page(name): ctx.corpus.written_page(name, ctx.language).text for name in names}


def searched_words(ctx: Context, known: tuple | None = None, keep: bool = False) -> dict[str, str]:
    """The word-search index (word_index.py), written pages included. `known`:
    its sections' part (`section_words`) as the last build made it, while the
    rules are as they were; `keep`: that part is handed back (`SECTION_WORDS`,
    not a file) when made here, for the next build."""
    written = {path: (written_heading(text, path.removesuffix(".md")), text) for path, text in written_pages(ctx).items()}
    sections = known if known is not None else section_words(ctx, ctx.language)
    files = word_index(ctx, ctx.language, written, sections)
    if keep and known is None:
        files[SECTION_WORDS] = sections
    return files


def written_heading(text: str, name: str) -> str:
    """A written page's first heading, as written."""
    return next((line[2:].strip() for line in text.splitlines() if line.startswith("# ")), name)


def _aliases_named(current: Edition | None) -> tuple:
    return (None if current is None else (current.game, current.document, current.language, current.label),)


@declare("aliases", nothing_more, named=_aliases_named)
def current_aliases(ctx: Context, current: Edition | None) -> dict[str, str]:
    """The current edition's pages also answer at its versioned path
    (core-rules/v1.4/424.html), so a link made today keeps naming this text once a
    newer edition owns the plain URLs. Small static pages that forward."""
    pages = {}
    for section in current.sections.values() if current else []:
        alias = version_alias(section.key, current.label)
        target = relpath(html_path(section_page(section.key)), posixpath.dirname(alias))
        pages[alias] = html_file(
            "alias_page",
            title=f"{section.number} {section.title} ({current.label})",
            target=safe_href(target),
            text=f"{section.number} {section.title}",
        )
    return pages


def _editions_data_reads(prints, ctx: Context, *document) -> list:
    """editions.json (export/files.py's `editions_data_files`): of each
    document, its editions (in the frame: labels, dates, sections and rule
    numbers, so their counts), the current one and the dated ones its chains
    run through (whose pairs it lists): no rule's text. One document's
    published data (`document_data_files`): its editions, texts included,
    and what resolve matched and compared of them (made of them alone)."""
    if document:
        # A translation's rules flagged behind their English originals (read of the English document).
        behind = ctx.concordance.translations.behind.values()
        return [
            prints.documents.get(document[0]),
            sorted(
                (b.number, b.english_number, b.follows, b.now)
                for b in behind
                if b.section.key[:2] + (b.section.language,) == tuple(document[0])
            ),
        ]
    chains = ctx.chains
    return [
        [
            (
                key,
                getattr(ctx.editions.current_of(key), "label", None),
                [e.label for e in chains[key].editions] if key in chains else None,
            )
            for key in ctx.corpus.editions
        ]
    ]


# The published data's parts (export/files.py's `data_parts`) come named by
# their stage, which render must not be imported by; what each reads, by its
# name's kind: the editions' data, and the cards' (what their pages read).
PUBLISHED = {"rules": Declared("rules", _editions_data_reads), "cards": Declared("cards", _cards_reads)}
