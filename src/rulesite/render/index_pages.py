"""The pages that lead to everything else: home, per-game indexes, keywords,
cross-game topics. Written in the language of the site being rendered."""

from __future__ import annotations

import os
import posixpath
from collections import defaultdict
from pathlib import Path

from ..model import Section
from .context import CONTENT_LANGUAGE, Context
from .ruling_page import word_diff_md
from .escape import Md, written
from .escape import page as whole_page
from .markup import UNSEARCHED, code, div, heading, md_link
from .paths import (
    REVIEW,
    contents_page,
    topic_page,
    HOME,
    KEYWORDS,
    UNRESOLVED,
    faq_index,
    faq_page,
    game_index,
    html_path,
    page_of,
    relative,
    rulings_index,
    section_page,
    short_link,
    walkthroughs_index,
)
from .strings import t

GAME_NAMES = {"riftbound": "Riftbound", "magic": "Magic: The Gathering"}


def sections_of(ctx: Context, game: str) -> list[Section]:
    return [s for s in ctx.corpus.sections.values() if s.game == game]


def games(ctx: Context) -> list[str]:
    return list(dict.fromkeys(s.game for s in ctx.corpus.sections.values()))


def render_home(ctx: Context) -> str:
    corpus, lang = ctx.corpus, ctx.language
    rules = sum(1 for _ in corpus.rules())
    if lang == "es":
        summary = (
            f"Este sitio reúne {rules} reglas en {len(corpus.sections)} secciones, {len(corpus.faqs)} respuestas "
            f"oficiales, {len(corpus.rulings)} resoluciones de la comunidad y {len(corpus.walkthroughs)} ejemplos paso a paso. "
            "Cada referencia a una regla es un enlace; cada regla, respuesta, resolución y ejemplo tiene su enlace permanente."
        )
    else:
        summary = (
            f"This site holds {rules} rules in {len(corpus.sections)} sections, {len(corpus.faqs)} official FAQ answers, "
            f"{len(corpus.rulings)} community rulings and {len(corpus.walkthroughs)} step-by-step walkthroughs of the "
            "rules' examples. Every rule reference is a link; every rule, FAQ answer, ruling and walkthrough has a permalink."
        )
    # The introduction people wrote (docs/index.md), then what the sources hold.
    intro = corpus.written_page("index", lang)
    head = [Md("# {} {{: #home }}").format(t(lang, "home-title")), ""]
    out = [*head, *([written(intro.text.strip()), ""] if intro else []), summary, ""]
    for game in games(ctx):
        out += [Md("## {}").format(GAME_NAMES.get(game, game)), ""]
        # This site's language first; a section in another language links to
        # that language's site (Magic's Spanish 701.20 is not English 701.20).
        sections = sorted(sections_of(ctx, game), key=lambda s: s.language != lang)
        for section in sections[:12]:
            out.append(
                Md("- ") + ctx.link(HOME, section_page(section.key), "", section.language, f"{section.number} {section.title}")
            )
        if len(sections) > 12:
            out.append(Md("- … {} more").format(len(sections) - 12))
        out.append(Md("- ") + md_link(t(lang, "all-pages", game=GAME_NAMES.get(game, game)), game_index(game)))
        out.append("")
    if ctx.concordance.topics:
        out += [Md("## {}").format(t(lang, "cross-game")), ""]
        out += [Md("- ") + md_link(tp.title, topic_page(tp.id)) for tp in ctx.concordance.topics]
        out.append("")
    out += _linking_help(ctx)
    return whole_page("", out)


def _linking_help(ctx: Context) -> list[Md]:
    corpus = ctx.corpus
    native = [s for s in corpus.sections.values() if s.language == ctx.language and s.rules]
    out = [Md("## {} {{: #linking }}").format(t(ctx.language, "linking-title")), ""]
    if native:
        section = native[-1]
        deep = section.rules[min(6, len(section.rules) - 1)]
        out += [
            ctx.sentence(
                "linking-rule",
                address=code(f"{html_path(section_page(section.key))}#{deep.number}"),
                link=md_link(deep.number, f"{section_page(section.key)}#{deep.number}"),
                short=code(short_link(section.game, section.document, deep.number)),
            ),
            "",
        ]
    if corpus.rulings and ctx.language == "en":
        ruling = corpus.rulings[0]
        out += [
            ctx.sentence(
                "linking-ruling",
                address=code(html_path(page_of(ruling))),
                link=md_link(ruling.title, page_of(ruling)),
            ),
            "",
        ]
    out += [ctx.sentence("linking-faq", link=md_link(t(ctx.language, "keyword-index"), KEYWORDS)), ""]
    return out


def documents_of(ctx: Context, game: str) -> list[str]:
    return list(dict.fromkeys(s.document for s in sections_of(ctx, game)))


def render_contents(ctx: Context, game: str, document: str) -> str:
    """Every section of a document's current view, with its rule count."""
    from .edition_pages import document_name

    page, lang = contents_page(game, document), ctx.language
    out = [
        Md("# {} {{: #contents }}").format(document_name(document)),
        "",
        # Section titles are searched on the sections' own pages.
        div(data=UNSEARCHED),
        "",
        Md("| {} | {} | {} |").format(t(lang, "section"), t(lang, "rules"), t(lang, "language")),
        Md("|---|---|---|"),
    ]
    for s in sections_of(ctx, game):
        if s.document == document:
            link = ctx.link(page, section_page(s.key), "", s.language, f"{s.number} {s.title}")
            out.append(Md("| {} | {} | {} |").format(link, len(s.rules), s.language))
    return whole_page(document_name(document), [*out, "", Md("</div>"), ""])


def render_game_index(ctx: Context, game: str) -> str:
    from .edition_pages import document_name

    page, lang = game_index(game), ctx.language
    out = [heading(1, Md.escape(GAME_NAMES.get(game, game)), id=game), ""]
    for document in documents_of(ctx, game):
        count = sum(1 for s in sections_of(ctx, game) if s.document == document)
        out.append(
            Md("- {} ({} {})").format(
                md_link(document_name(document), relative(page, contents_page(game, document))), count, t(lang, "section").lower()
            )
        )
    out.append("")
    for key, path, present in (
        ("official-faq", faq_index(game), any(f.game == game for f in ctx.corpus.faqs)),
        ("community-rulings", rulings_index(game), any(r.game == game for r in ctx.corpus.rulings)),
        ("walkthroughs", walkthroughs_index(game), any(w.game == game for w in ctx.corpus.walkthroughs)),
    ):
        if present:
            out.append(Md("- ") + md_link(t(lang, key), relative(page, path)))
    return whole_page(GAME_NAMES.get(game, game), [*out, ""])


def render_faq_index(ctx: Context, game: str) -> str:
    page = faq_index(game)
    out = [Md("# {} {{: #faq }}").format(t(ctx.language, "official-faq")), ""]
    by_section = defaultdict(list)
    for faq in ctx.corpus.faqs:
        if faq.game == game:
            by_section[faq.section].append(faq)
    for s in sections_of(ctx, game):
        if s.number not in by_section:
            continue
        out += [Md("## {} {}").format(s.number, s.title), ""]
        for faq in by_section[s.number]:
            out.append(Md("- ") + ctx.item_link(faq, page))
        out.append("")
    elsewhere = [f for f in ctx.corpus.faqs if f.game == game and ctx.faq_home(f)[0] != section_page_of(ctx, f)]
    for source_id in dict.fromkeys(f.source_id for f in elsewhere):
        source = ctx.corpus.sources[source_id]
        out.append(Md("- ") + ctx.link(page, faq_page(game, source_id), "", source.language, source.title or source.id))
    return whole_page(t(ctx.language, "official-faq"), [*out, ""])


def section_page_of(ctx: Context, faq) -> str | None:
    home, _ = ctx.faq_home(faq)
    return home if not home.startswith(f"{faq.game}/faq/") else None


def render_rulings_index(ctx: Context, game: str) -> str:
    page, lang = rulings_index(game), ctx.language
    rulings = [r for r in ctx.corpus.rulings if r.game == game]
    out = [Md("# {} {{: #rulings }}").format(t(lang, "community-rulings")), ""]
    for source_id in dict.fromkeys(r.source_id for r in rulings):
        source = ctx.corpus.sources[source_id]
        out += [Md("{}: {}").format(t(lang, "source"), ctx.source_line(source, lang)), Md("{: .source-note }"), ""]
        if source.licence:
            out += [Md.escape(source.licence), Md("{: .licence }"), ""]
    # The rulings' titles are searched on their own pages.
    out += [div(data=UNSEARCHED), ""]
    out += [Md("| {} | {} | {} |").format(t(lang, "ruling"), t(lang, "sequence"), t(lang, "nuances")), Md("|---|---|---|")]
    for r in rulings:
        out.append(
            Md("| {} | {} | {} |").format(ctx.link(page, page_of(r), "", CONTENT_LANGUAGE, r.title), len(r.steps), len(r.nuances))
        )
    return whole_page(t(lang, "community-rulings"), [*out, "", Md("</div>"), ""])


def render_walkthroughs_index(ctx: Context, game: str) -> str:
    page = walkthroughs_index(game)
    out = [Md("# {} {{: #walkthroughs }}").format(t(ctx.language, "walkthroughs")), ""]
    for w in ctx.corpus.walkthroughs:
        if w.game == game:
            out.append(
                Md("- {} — {}").format(
                    ctx.link(page, page_of(w), "", CONTENT_LANGUAGE, w.title), ctx.rule_link(game, w.rule, page)
                )
            )
    return whole_page(t(ctx.language, "walkthroughs"), [*out, ""])


def render_keywords(ctx: Context) -> str:
    lang = ctx.language
    out = [Md("# {} {{: #keywords }}").format(t(lang, "keyword-index")), ""]
    for game, forms in ctx.linker.keywords.items():
        out += [
            Md("## {}").format(GAME_NAMES.get(game, game)),
            "",
            # Keywords are sections: searched on their own pages.
            div(data=UNSEARCHED),
            "",
            Md("| {} | {} | {} |").format(t(lang, "keyword"), t(lang, "section"), t(lang, "also-linked")),
            Md("|---|---|---|"),
        ]
        by_number = defaultdict(list)
        for form, named in forms.items():
            by_number[named[:2]].append(form)
        for s in sections_of(ctx, game):
            if (s.number, s.language) in by_number:
                words = Md(", ").join(code(w) for w in by_number[(s.number, s.language)] if w != s.title)
                link = ctx.link(KEYWORDS, section_page(s.key), "", s.language, s.number)
                out.append(Md("| {} | {} | {} |").format(s.title, link, words))
        out += ["", Md("</div>"), ""]
    return whole_page(t(lang, "keyword-index"), out)


def render_unresolved(ctx: Context) -> str:
    lang = ctx.language
    out = [
        Md("# {} {{: #unresolved }}").format(t(lang, "not-in-sources-title")),
        "",
        Md("| {} | {} |").format(t(lang, "rule"), t(lang, "times-cited")),
        Md("|---|---|"),
    ]
    for number, count in sorted(ctx.linker.unresolved.items()):
        out.append(Md("| {} | {} |").format(number, count))
    return whole_page(t(lang, "not-in-sources-title"), [*out, ""])


def render_topic(ctx: Context, topic) -> str:
    """Related sections of several games side by side, each linking to its rules."""
    page = topic_page(topic.id)
    out = [heading(1, Md.escape(topic.title), id=topic.id), "", Md('<div class="grid cards" markdown>'), ""]
    for key in topic.sections:
        game = GAME_NAMES.get(key[0], key[0])
        section = next((s for k, s in ctx.corpus.sections.items() if (k.game, k.document, k.number) == key), None)
        if section is None:
            missing = t(ctx.language, "not-in-sources", number=key[2])
            out += [Md("-   **{}** — {}").format(game, key[2]), "", Md("    {}").format(missing), ""]
            continue
        title = section.number + " " + section.title
        out += [
            Md("-   **{}** — {} ({})").format(
                game, ctx.link(page, section_page(section.key), "", section.language, title), section.language
            ),
            "",
            Md("    ---"),
            "",
        ]
        for rule in section.rules[:3]:
            out.append(
                Md("    - {} {}").format(
                    ctx.rule_link(section.game, rule.number, page, section), ctx.inline(rule.text, section.game, page, section)
                )
            )
        out.append("")
    out += [Md("</div>"), ""]
    return whole_page(topic.title, out)


__all__ = ["HOME", "UNRESOLVED"]


def render_reviews(ctx: Context) -> str:
    """For the maintainer: every ruling and walkthrough whose cited rules changed."""
    out = [
        Md("# Needs review {: #needs-review }"),
        "",
        Md("{} citations in rulings and walkthroughs point at rules that changed since they were checked.").format(
            len(ctx.reviews)
        ),
        "",
        Md("| Item | Rule | Checked against | What changed |"),
        Md("|---|---|---|---|"),
    ]
    for r in ctx.reviews:
        diff = word_diff_md(r.changes)
        out.append(Md("| {} | {} | {} | {} {} |").format(ctx.item_link(r.item, REVIEW), r.rule, r.checked or "?", r.change, diff))
    return whole_page("Needs review", [*out, ""])


def render_source_problems(ctx: Context) -> str:
    """For the maintainer: what the importers found odd in the sources (each with
    file and line), and rule numbers cited that no source prints."""
    out = [
        Md("# Source problems {: #source-problems }"),
        "",
        Md(
            "{} findings about the sources, and {} references to rules no source prints ({}). "
            "None of them stopped the build; each is shown as printed in the source."
        ).format(len(ctx.findings), sum(ctx.linker.unresolved.values()), md_link("list", UNRESOLVED)),
        "",
        Md("| Where | Finding |"),
        Md("|---|---|"),
    ]
    roots = list(dict.fromkeys(s.root for s in ctx.corpus.sources.values() if s.root))
    for d in sorted(ctx.findings, key=lambda d: (d.loc.path, d.loc.line)):
        where = f"{maintainer_path(d.loc.path, roots)}:{d.loc.line}"
        out.append(Md("| {} | {}: {} |").format(code(where), d.code, d.message))
    return whole_page("Source problems", [*out, ""])


def maintainer_path(path: str, roots: list[str]) -> str:
    """A source's path as the maintainer named its folder: `corpora/rb-cr-...txt`,
    `rules_src/riftbound/...`, never relative to wherever the build ran (`../../..`)."""
    absolute = os.path.abspath(path)
    for root in sorted(roots, key=len, reverse=True):
        top = os.path.abspath(root)
        if absolute == top or absolute.startswith(top.rstrip(os.sep) + os.sep):
            return posixpath.join(os.path.basename(top), *Path(os.path.relpath(absolute, top)).parts)
    return path if not path.startswith("..") and not os.path.isabs(path) else os.path.basename(path)
