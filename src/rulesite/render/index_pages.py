"""The pages that lead to everything else: home, per-game indexes, keywords,
cross-game topics. Written in the language of the site being rendered."""

from __future__ import annotations

import os
import posixpath
import re
from collections import defaultdict
from pathlib import Path

from ..common.model import Section, sort_key
from .context import CONTENT_LANGUAGE, Context
from .faq_page import parts_line
from .languages import behind_line, translated_here
from .ruling_page import word_diff_md
from .escape import Md, written
from .escape import page as whole_page
from .markup import UNSEARCHED, code, div, heading, md_link
from .part_anchors import with_part_anchors
from ..resolve.links import MAIN_DOCUMENT
from ..site_map.paths import (
    REVIEW,
    contents_page,
    contents_parts,
    keyword_parts,
    rulings_parts,
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
from ..common.strings import counted, review_change, t

GAME_NAMES = {"riftbound": "Riftbound", "magic": "Magic: The Gathering"}


def sections_of(ctx: Context, game: str) -> list[Section]:
    """A game's sections as this language's site lists them: each page once, in
    the site's language where it has the section (a translated section's
    English original is not listed beside it), else in the language that has it."""
    return [s for s in ctx.corpus.sections.values() if s.game == game and not translated_here(ctx, s)]


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


def render_contents(ctx: Context, game: str, document: str) -> dict[str, str]:
    """Every section of a document's current view, with its rule count: each
    titled section on a line with the untitled ones numbered under it (Magic's
    100.1, 100.2, ...). A long contents is an index of parts, each listing
    consecutive sections (the site map decides which: paths.contents_parts)."""
    from .edition_pages import document_name
    from .whole_folders import whole_document_link

    index, lang = contents_page(game, document), ctx.language
    sections = [s for s in sections_of(ctx, game) if s.document == document]
    # The language is named only where a section is in another one than the site's.
    mixed = any(s.language != lang for s in sections)
    parts = contents_parts(game, document, sections)
    title = document_name(document)
    # The whole document on one page, when this site shows its sections (render/whole_document.py).
    whole = whole_document_link(ctx, index, game, document)
    whole_line = [whole, Md('{: .whole-document-link data-search-exclude="1" }'), ""] if whole else []
    if len(parts) == 1:
        lines = contents_lines(ctx, index, title, parts[0][1], mixed)
        return {index: whole_page(title, [*lines[:2], *whole_line, *lines[2:]])}
    pages = {}
    listing = [Md("# {} {{: #contents }}").format(title), "", *whole_line]
    for page, groups in parts:
        first, last = groups[0][0].number, groups[-1][0].number
        name = t(lang, "contents-parts", first=first, last=last)
        pages[page] = whole_page(f"{title}: {name}", contents_lines(ctx, page, f"{title}: {name}", groups, mixed, index))
        # A section's title opens its line on the part (a link naming its number would open the section).
        titled = [
            Md("{} {}").format(g[0].number, md_link(g[0].title, relative(index, page, group_anchor(g[0], lang))))
            if g[0].title
            else ctx.link(index, section_page(g[0].key), "", g[0].language, g[0].number)
            for g in groups
        ]
        listing += [heading(2, md_link(name, relative(index, page)), id=f"part-{first}"), "", Md(" · ").join(titled), ""]
    # Section titles are searched on the sections' own pages.
    pages[index] = whole_page(title, listing, search={"exclude": True})
    return pages


def group_anchor(section: Section, language: str) -> str:
    """The id of a section's line in the contents of a site in `language` (a rule
    number: letters, digits and dots; another language's section says which:
    Spanish 701.20 is not English 701.20)."""
    if not re.fullmatch(r"[0-9A-Za-z.]+", section.number) or not re.fullmatch(r"[a-z]+", section.language):
        raise ValueError(f"not a rule number: {section.number[:40]!r}")
    return f"c-{section.number}" if section.language == language else f"c-{section.language}-{section.number}"


def contents_lines(ctx: Context, page: str, title: str, groups: list, mixed: bool, index: str = "") -> list:
    lang = ctx.language
    out = [Md("# {} {{: #contents }}").format(title), ""]
    if index:
        out += [md_link(t(lang, "contents"), relative(page, index)), Md('{: .glossary-letters data-search-exclude="1" }'), ""]
    # Section titles are searched on the sections' own pages.
    out += [div(data=UNSEARCHED), ""]
    for group in groups:
        head, rest = group[0], group[1:]
        line = ctx.link(page, section_page(head.key), "", head.language, f"{head.number} {head.title}".strip())
        count = sum(len(s.rules) for s in group)
        line = Md("{} ({} {})").format(line, count, t(lang, "rules").lower())
        if mixed and head.language != lang:
            line = Md("{} · {}").format(line, head.language)
        if rest:
            line = Md("{}: {}").format(
                line, Md(" · ").join(ctx.link(page, section_page(s.key), "", s.language, s.number) for s in rest)
            )
        out += [div("contents-group", id=group_anchor(head, lang)), "", line, "", Md("</div>"), ""]
    return [*out, Md("</div>"), ""]


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
    for s in sections_of(ctx, game):
        faqs = ctx.section_faqs(s)
        if not faqs:
            continue
        out += [Md("## {} {}").format(s.number, s.title), ""]
        for faq in faqs:
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


def render_rulings_index(ctx: Context, game: str) -> dict[str, str]:
    """Every ruling of a game, in parts when long (paths.rulings_parts), each part
    linking the others."""
    lang = ctx.language
    title = t(lang, "community-rulings")
    parts = rulings_parts(game, [r for r in ctx.corpus.rulings if r.game == game])
    pages = {}
    for k, (page, rulings) in enumerate(parts, 1):
        label = title if len(parts) == 1 else f"{title} ({k}/{len(parts)})"
        out = [Md("# {} {{: #rulings }}").format(label), ""]
        out += parts_line(lang, page, [other for other, _ in parts], k)
        for source_id in dict.fromkeys(r.source_id for r in rulings):
            source = ctx.corpus.sources[source_id]
            out += [Md("{}: {}").format(t(lang, "source"), ctx.source_line(source, lang)), Md("{: .source-note }"), ""]
            if source.licence:
                out += [Md.escape(source.licence), Md("{: .licence }"), ""]
        # The rulings' titles are searched on their own pages.
        out += [div(data=UNSEARCHED), ""]
        for r in rulings:
            # How many numbered steps (Sequence) and notes (Nuances) it has, where it has any.
            counts = [f"{t(lang, key)} {n}" for key, n in (("sequence", len(r.steps)), ("nuances", len(r.nuances))) if n]
            line = Md("- ") + ctx.link(page, page_of(r), "", CONTENT_LANGUAGE, r.title)
            out.append(Md("{} · {}").format(line, ", ".join(counts)) if counts else line)
        pages[page] = whole_page(label, [*out, "", Md("</div>"), ""])
    # A part holds no anchor but its heading's: the rulings are linked, not shown.
    return with_part_anchors(pages, [(page, ("rulings",)) for page, _ in parts])


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


def keyword_entries(ctx: Context) -> dict[str, list[tuple[Section, list[str]]]]:
    """game -> [(a keyword's section, the other forms that link to it)], in the
    order of the sections. Keywords name sections of a game's main rules (a
    Tournament Rules section with the same number is another thing); a form that
    is only the title, bracketed or in lower case, is not repeated."""
    out = {}
    for game, forms in ctx.links.keywords.items():
        by_number = defaultdict(list)
        for form, named in forms.items():
            by_number[named[:2]].append(form)
        main = MAIN_DOCUMENT.get(game)
        out[game] = [
            (s, [w for w in by_number[(s.number, s.language)] if w not in (s.title, f"[{s.title}]", s.title.lower())])
            for s in sections_of(ctx, game)
            if (s.number, s.language) in by_number and (main is None or s.document == main)
        ]
    return out


def render_keywords(ctx: Context) -> dict[str, str]:
    """The keyword index: one page, or, when long, an index of one page per game
    in parts (the site map decides which: paths.keyword_parts)."""
    lang = ctx.language
    title = t(lang, "keyword-index")
    parts = keyword_parts(keyword_entries(ctx))
    pages: dict[str, list] = {}
    titles = {KEYWORDS: title}
    for page, game, entries in parts:
        out = pages.setdefault(page, [])
        if page != KEYWORDS:
            if not out:
                first, last = entries[0][0].number, entries[-1][0].number
                titles[page] = f"{title}: {GAME_NAMES.get(game, game)}, {t(lang, 'contents-parts', first=first, last=last)}"
                out += [Md("# {} {{: #keywords }}").format(titles[page]), ""]
                out += [md_link(title, relative(page, KEYWORDS)), Md('{: .glossary-letters data-search-exclude="1" }'), ""]
        elif not out:
            out += [Md("# {} {{: #keywords }}").format(title), ""]
        if page == KEYWORDS:
            out += [Md("## {}").format(GAME_NAMES.get(game, game)), ""]
        # Keywords are sections: searched on their own pages.
        out += [div(data=UNSEARCHED), ""]
        for section, forms in entries:
            line = Md("- {} — {}").format(
                section.title, ctx.link(page, section_page(section.key), "", section.language, section.number)
            )
            if forms:
                line = Md("{} · {}: {}").format(line, t(lang, "also-linked").lower(), Md(", ").join(code(w) for w in forms))
            out.append(line)
        out += ["", Md("</div>"), ""]
    if KEYWORDS not in pages:
        index = [Md("# {} {{: #keywords }}").format(title), ""]
        for page, game, entries in parts:
            name = t(lang, "contents-parts", first=entries[0][0].number, last=entries[-1][0].number)
            index.append(
                Md("- {} ({})").format(md_link(f"{GAME_NAMES.get(game, game)}: {name}", relative(KEYWORDS, page)), len(entries))
            )
        pages[KEYWORDS] = [*index, ""]
    made = {page: whole_page(titles[page], out) for page, out in pages.items()}
    # A game's parts hold no anchor but their heading's: the keywords link their sections.
    for game in dict.fromkeys(game for page, game, _ in parts if page != KEYWORDS):
        with_part_anchors(made, [(page, ("keywords",)) for page, g, _ in parts if g == game])
    return made


def render_unresolved(ctx: Context) -> str:
    lang = ctx.language
    out = [
        Md("# {} {{: #unresolved }}").format(t(lang, "not-in-sources-title")),
        "",
        Md("| {} | {} |").format(t(lang, "rule"), t(lang, "times-cited")),
        Md("|---|---|"),
    ]
    for number, count in sorted(ctx.links.unresolved.items()):
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
        out.append(
            Md("| {} | {} | {} | {} {} |").format(
                ctx.item_link(r.item, REVIEW), r.rule, r.checked or "?", review_change(ctx.language, r.change), diff
            )
        )
    out += _translations_behind(ctx)
    return whole_page("Needs review", [*out, ""])


def _translations_behind(ctx: Context) -> list:
    """The translated rules whose English text changed since the edition their translation follows."""
    behind = sorted(ctx.concordance.translations.behind.values(), key=lambda b: (b.section.key, sort_key(b.number)))
    if not behind:
        return []
    lang = ctx.language
    out = ["", Md("## {} {{: #translations-behind }}").format(t(lang, "translations-behind-title")), ""]
    out += [Md.escape(counted(lang, "translations-behind-intro", len(behind))), ""]
    for b in behind:
        own = ctx.link(REVIEW, section_page(b.section.key), b.number, b.section.language, f"{b.number} ({b.section.language})")
        out.append(Md("- {} — {}").format(own, behind_line(b, REVIEW, lang, ctx)))
    return out


def render_source_problems(ctx: Context) -> str:
    """For the maintainer: what the importers found odd in the sources (each with
    file and line), and rule numbers cited that no source prints."""
    out = [
        Md("# Source problems {: #source-problems }"),
        "",
        Md(
            "{} findings about the sources, and {} references to rules no source prints ({}). "
            "None of them stopped the build; each is shown as printed in the source."
        ).format(len(ctx.findings), sum(ctx.links.unresolved.values()), md_link("list", UNRESOLVED)),
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
