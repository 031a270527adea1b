"""Editions: the index of a document's editions, diff pages (pre-rendered for
neighbours and against the current edition, shown from the published data for the
rest), and the notices on an older edition's pages. Each rule's history is
render/history.py's."""

from __future__ import annotations

import posixpath

from ..common.model import Edition, Section
from ..resolve.entries import DiffEntry, DiffGroup, NumberAt, SectionAt
from ..resolve.history_words import how_words_once, now_cites
from .context import Context
from .escape import Md, html_text
from .job_inputs import declare
from .escape import page as whole_page
from .markup import link as html_link
from .markup import md, md_link
from ..site_map.paths import (
    changes_index,
    compare_page,
    diff_page,
    diff_part_page,
    editions_page,
    html_path,
    relative,
    relpath,
    section_page,
)
from ..common.strings import counted, t
from ..common.documents import document_name
from .whole_folders import whole_document_link


def describe(edition: Edition, lang: str) -> str:
    date = t(lang, "undated") if edition.date == "undated" else edition.date
    kind = f", {t(lang, 'excerpt')}" if edition.partial else ""
    return f"{edition.label} ({date}{kind})" if edition.label != edition.date else f"{date}{kind}"


def documents_with_editions(ctx: Context) -> list[tuple[str, str]]:
    """Documents with more than one edition, or one whole edition: those get an editions page."""
    return [key for key, editions in ctx.corpus.editions.items() if len(editions) > 1 or ctx.editions.current_of(key)]


def whole_editions(ctx: Context, game: str, document: str, language: str) -> list[Edition]:
    """The whole dated editions of a document, oldest first: those diffs compare."""
    editions = ctx.corpus.editions.get((game, document, language), [])
    return [e for e in editions if not e.partial and e.date != "undated"]


def render_compare(ctx: Context, game: str, document: str, language: str) -> str:
    """A form choosing two editions, and the place assets/compare.js fills with
    their diff from the published data: the pairs the build does not pre-render."""
    whole = whole_editions(ctx, game, document, language)

    def select(name: str, label: str, chosen: Edition) -> Md:
        options = Md("").join(
            Md('<option value="{}"{}>{}</option>').format(
                html_text(e.label), Md(" selected") if e is chosen else Md(""), html_text(describe(e, ctx.language))
            )
            for e in whole
        )
        return Md('<label>{} <select name="{}">{}</select></label>').format(html_text(label), html_text(name), options)

    # No <form> or <script> in a page's content (check/script.py): assets/data.js,
    # on every page, loads assets/compare.js where a [data-compare] block is.
    chooser = Md('<div class="diff-compare" data-compare data-game="{}" data-document="{}" data-language="{}">').format(
        html_text(game), html_text(document), html_text(language)
    )
    lang = ctx.language
    title = t(lang, "compare-title", document=document_name(document))
    return whole_page(
        title,
        [
            Md("# {} {{: #diff }}").format(title),
            "",
            t(lang, "compare-intro"),
            "",
            chooser
            + select("old", t(lang, "compare-from"), whole[0])
            + Md(" ")
            + select("new", t(lang, "compare-to"), whole[-1])
            + Md(' <button type="button" data-compare-go>{}</button></div>').format(html_text(t(lang, "compare-go"))),
            "",
            Md('<div class="diff-computed" data-diff-output aria-live="polite"></div>'),
            "",
        ],
    )


def render_changes_index(ctx: Context, game: str, document: str, language: str) -> str:
    """The index of a document's changes/ folder: each diff page the site map
    holds (from -> to, oldest first, with its counts), then the comparison of
    any other pair."""
    lang = ctx.language
    page = changes_index(game, document)
    title = t(lang, "changes-title", document=document_name(document))
    out = [Md("# {} {{: #changes }}").format(title), "", t(lang, "changes-intro"), ""]
    diffs = [d for d in ctx.diffs if (d.old.game, d.old.document, d.old.language) == (game, document, language)]
    order = {e.label: k for k, e in enumerate(ctx.corpus.editions.get((game, document, language), []))}
    for diff in sorted(diffs, key=lambda d: (order.get(d.old.label, 0), order.get(d.new.label, 0))):
        link = md_link(f"{diff.old.label} → {diff.new.label}", relative(page, ctx.where.diff(diff).page))
        out += [Md("- {}: {}").format(link, _counts_line(diff, lang))]
    # A paragraph of its own: one more item would make the list's items paragraphs.
    out += ["", md_link(t(lang, "changes-compare"), relative(page, compare_page(game, document))), ""]
    return whole_page(title, out)


def render_editions_index(ctx: Context, game: str, document: str, language: str) -> str:
    lang = ctx.language
    page = editions_page(game, document)
    editions = ctx.corpus.editions[(game, document, language)]
    current = ctx.editions.current_of((game, document, language))
    title = t(lang, "nav-editions", document=document_name(document))
    out = [Md("# {} {{: #editions }}").format(title), ""]
    head = [t(lang, key) for key in ("editions-edition", "editions-sections", "rules", "editions-pages")]
    out += [Md("| {} | {} | {} | {} |").format(*head), Md("|---|---|---|---|")]
    for edition in editions:
        rules = sum(len(s.rules) for s in edition.sections.values())
        first = next(iter(edition.sections.values()), None)
        if edition is current:
            where = t(lang, "editions-current")
        else:
            where = t(lang, "editions-plain-pages") if first and not first.version_path else edition.label
        link = md_link(where, relative(page, section_page(first.key))) if first else ""
        out.append(Md("| {} | {} | {} | {} |").format(describe(edition, lang), len(edition.sections), rules, link))
    out.append("")
    # Each edition shown in pages of its own, whole on one page (render/whole_document.py).
    wholes = []
    plain = whole_document_link(ctx, page, game, document)
    if plain is not None:
        wholes.append(Md("- {}: {}").format(t(lang, "editions-current" if current else "editions-plain-pages"), plain))
    for edition in editions:
        first = next(iter(edition.sections.values()), None)
        if first is None or not first.version_path:
            continue
        found = whole_document_link(ctx, page, game, document, first.key.edition)
        if found is not None:
            wholes.append(Md("- {}: {}").format(describe(edition, lang), found))
    if wholes:
        out += [*wholes, ""]
    ready = {
        (d.old.label, d.new.label)
        for d in ctx.diffs
        if (d.old.game, d.old.document, d.old.language) == (game, document, language)
    }
    whole = whole_editions(ctx, game, document, language)
    if len(whole) > 1:
        # Every pair: a page of its own for neighbours and against the current
        # edition, the browser's comparison (from the published data) for the rest.
        out += [Md("## {} {{: #changes }}").format(t(lang, "editions-changes")), ""]
        for i, old in enumerate(whole):
            for new in whole[i + 1 :]:
                text = f"{old.label} → {new.label}"
                if (old.label, new.label) in ready:
                    item = md_link(text, relative(page, diff_page(game, document, old, new)))
                else:
                    compare = html_path(relative(page, compare_page(game, document)))
                    item = html_link(text, f"{compare}?old={old.label}&new={new.label}")
                out.append(Md("- {}").format(item))
        out.append("")
    return whole_page(title, out)


def edition_banner(section: Section, ctx: Context, page: str) -> list[Md]:
    """Above an older edition's own page: what it is, and where the current text is."""
    if not section.version_path:
        return []
    document = (section.game, section.document, section.language)
    edition = next(e for e in ctx.corpus.editions[document] if e.label == section.edition)
    lines = [Md('!!! warning "{}"').format(describe(edition, ctx.language)), ""]
    text = t(
        ctx.language, "edition-banner-shows", document=document_name(section.document), edition=describe(edition, ctx.language)
    )
    lines.append(Md("    {}").format(text))
    now = ctx.changes.now.get(section.key)
    if now is not None and now.same_title:
        link = md_link(f"{now.section.number} {now.section.title}", relative(page, section_page(now.section.key)))
        lines.append(Md("    ") + ctx.sentence("edition-banner-now", edition=now.edition, link=link))
    elif now is not None:
        link = md_link(f"{now.section.number} {now.section.title}", relative(page, section_page(now.section.key)))
        lines.append(Md("    ") + ctx.sentence("edition-banner-number", edition=now.edition, number=section.number, link=link))
    # The notice's title names the edition in a search result; its sentences are not searched.
    lines += [Md('    {: data-search-exclude="1" }'), ""]
    return lines


def number_meant_another(section: Section, ctx: Context, page: str) -> list:
    """On a current page: where its number meant another section in an older
    edition, say so at the top, so an old link's reader is not misled:
    "In v1.2, 411 was Reveal: now 424 Reveal"."""
    if section.version_path:
        return []
    lines = []
    for was in ctx.changes.was.get(section.key, ()):
        link = md_link(f"{was.now.number} {was.now.title}", relative(page, section_page(was.now.key)))
        lines.append(
            Md("    ") + ctx.sentence("number-was", edition=was.edition, number=section.number, title=was.title, link=link)
        )
        lines.append("")
    return [Md('!!! info ""'), "", *lines] if lines else []


def _diff_html(ops: list[tuple[str, str]]) -> Md:
    return md("word_diff", ops=ops)


def _filter(lang: str) -> Md:
    """The box that narrows a diff page to one section (assets/diff-filter.js)."""
    return Md('<label class="diff-filter">{} <input type="search" data-diff-filter placeholder="{}"></label>').format(
        html_text(t(lang, "diff-filter")), html_text(t(lang, "diff-filter-example"))
    )


class _Group:
    """One section of a diff page: resolve's entries (`DiffGroup`) as HTML list items, their links made for a page."""

    def __init__(self, group: DiffGroup, items: list[Md]) -> None:
        self.group = group
        self.items = items
        self.renumbered = group.renumbered


def _diff_groups(ctx: Context, diff, page: str, made: set | None = None) -> dict[str, _Group]:
    """Section number -> the diff's entries there, their links made for `page`
    (of the sections in `made` alone when given: the others' items are empty)."""
    here = posixpath.dirname(page)
    pages: dict = {}  # section page -> its address from `page`: thousands of numbers, a few hundred pages

    def href(at: NumberAt | None) -> str:
        if at is None or at.page is None:
            return ""
        to = pages.get(at.page)
        if to is None:
            to = pages[at.page] = relpath(html_path(section_page(at.page)), here)
        return f"{to}#{at.number}"

    def item(entry: DiffEntry) -> Md:
        if entry.changes:
            changes = _diff_html(entry.changes)
        else:
            changes = Md("") if entry.kind == "moved" else ""
        return md(
            "diff_item",
            kind=entry.kind,
            id=entry.anchor,
            renumbered=entry.renumbered,
            sign={"added": "+ ", "removed": "− "}.get(entry.kind, ""),
            numbers=[
                (n.number, href(n), t(ctx.language, "diff-number-in", number=n.number, edition=n.edition)) for n in entry.numbers
            ],
            was=(f"{entry.was.edition}: {entry.was.number}", href(entry.was)) if entry.was else None,
            text=entry.text,
            how=how_words_once(ctx.cache, entry.how, "en") if entry.how is not None else "",
            cites=[now_cites(c, "en") for c in entry.cited],
            diff=changes,
        )

    return {
        g.number: _Group(g, [item(e) for e in g.entries] if made is None or g.number in made else [])
        for g in ctx.changes.diff(diff, ctx.corpus, ctx.editions)
    }


def _section_head(ctx: Context, diff, group: _Group, page: str) -> dict:
    """How a diff page names a section: "424 Reveal", linked to its page in the
    new edition, with "(v1.2: 411 Reveal)" when the old edition numbered or named
    it otherwise; a section only the old edition has is named from there."""

    def href(section: SectionAt) -> str:
        # To the number's anchor: the page's heading, or (Magic's untitled
        # sections) the rule of the same number.
        if section.page is None:
            return ""
        return relpath(html_path(section_page(section.page)), posixpath.dirname(page)) + f"#{section.number}"

    def name(section: SectionAt) -> str:
        return f"{section.number} {section.title}".strip()

    head = {"title": "", "href": "", "was": None}
    new, old = group.group.new, group.group.old
    if new is not None:
        head.update(title=name(new), href=href(new))
        if old is not None and name(old) != name(new):
            head["was"] = (f"{diff.old.label}: {name(old)}", href(old))
    elif old is not None:
        head.update(title=name(old), href=href(old))
        head["was"] = (t(ctx.language, "diff-only-in", edition=diff.old.label), "")
    return head


# The counts of a diff, in the order its pages and assets/compare.js show them.
COUNTED = ("added", "removed", "changed", "references", "moved", "unchanged")


def _counts_line(diff, lang: str) -> Md:
    """ "12 added • 3 removed • ...": the whole diff's, on its summary or only page."""
    counts = diff.counts()
    only = sum(1 for m in diff.moved if not m.reworded)  # the moves the toggle hides
    return _counted(counts, only, lang)


def _counted(counts: dict[str, int], only: int, lang: str) -> Md:
    def count(kind: str) -> Md:
        extra = Md(" ({})").format(counted(lang, "diff-only-renumbered", only)) if kind == "moved" and only else Md("")
        return Md("{}{}").format(counted(lang, f"diff-count-{kind}", counts[kind]), extra)

    # "with references renumbered" only where there are some: most diffs have none.
    return Md(" • ").join(count(kind) for kind in COUNTED if kind in counts and (kind != "references" or counts[kind]))


def _part_counts(ctx: Context, groups: dict[str, _Group], numbers: list[str]) -> Md:
    """ "In these sections: 3 added • ...": a part's own counts (the whole diff's are
    on its summary; a part has no count of the rules unchanged)."""
    entries = [e for n in numbers for e in groups[n].group.entries]
    moved = [e for e in entries if e.kind == "moved"]
    # As the whole diff counts them (`EditionDiff.counts`): a moved rule is also
    # changed when reworded, or has its references renumbered.
    counts = {
        "added": sum(e.kind == "added" for e in entries),
        "removed": sum(e.kind == "removed" for e in entries),
        "changed": sum(e.kind == "changed" for e in entries) + sum(not e.renumbered for e in moved),
        "references": sum(e.kind == "references" for e in entries) + sum(e.renumbered and bool(e.changes) for e in moved),
        "moved": len(moved),
    }
    only = sum(e.renumbered for e in moved)
    key = "diff-counts-part-one" if len(numbers) == 1 else "diff-counts-part"
    return ctx.sentence(key, counts=_counted(counts, only, ctx.language))


def _diff_head(title: str, counts: Md) -> list:
    return [Md("# {} {{: #diff }}").format(title), "", counts, Md("{: .diff-counts }"), ""]


def _toggle(groups: dict[str, _Group], numbers: list[str], lang: str) -> list:
    """The button that shows the pure renumberings of these sections, when there are any."""
    count = sum(groups[n].renumbered for n in numbers)
    if not count:
        return []
    one = "-one" if count == 1 else ""
    return [
        md(
            "renumbered_toggle",
            show=t(lang, f"diff-show-renumbered{one}", count=f"{count:,}"),
            hide=t(lang, f"diff-hide-renumbered{one}", count=f"{count:,}"),
        ),
        "",
    ]


def _sections(ctx: Context, diff, groups: dict[str, _Group], numbers: list[str], page: str) -> list:
    out = []
    for number in numbers:
        group = groups[number]
        out += [
            md(
                "diff_section",
                number=number,
                items=group.items,
                renumbered_only=group.renumbered == len(group.items),
                **_section_head(ctx, diff, group, page),
            ),
            "",
        ]
    return out


# Every change is also on its rule's page (history): the search index need not hold it twice.
NOT_SEARCHED = {"exclude": True}


def _whole_diff(ctx: Context, diff, document: str, groups: dict[str, _Group], page: str, counts: Md | None = None) -> str:
    title = f"{document_name(document)}: {diff.old.label} → {diff.new.label}"
    numbers = sorted(groups, key=_number_key)
    return whole_page(
        title,
        [
            *_diff_head(title, counts if counts is not None else _counts_line(diff, ctx.language)),
            _filter(ctx.language),
            "",
            *_toggle(groups, numbers, ctx.language),
            *_sections(ctx, diff, groups, numbers, page),
        ],
        search=NOT_SEARCHED,
    )


def diff_runs(ctx: Context, diff) -> list[tuple[int, int] | None]:
    """The runs of a diff's parts (`render_diff_pages`' `run`), a job each, so
    that a warm build makes again only the parts whose entries changed
    (render/reuse.py); [None]: the diff is one page."""
    count = len(ctx.where.diff(diff).parts)
    return [(k, min(k + DIFF_PARTS_A_JOB, count)) for k in range(0, count, DIFF_PARTS_A_JOB)] or [None]


# A diff in parts is made in runs of this many parts (a job each).
DIFF_PARTS_A_JOB = 5


def _diff_reads(prints, ctx: Context, diff, game: str, document: str, *run) -> list:
    """A diff's pages (a run of its parts) read its entries as resolve
    pre-rendered them (texts, word diffs, where each number is shown) in the
    sections they make, its counts, and where the site map puts it and its
    parts; a diff not pre-rendered, rule texts as every edition prints them
    and what resolve matched of them (the chains)."""
    groups = prints.diff_groups(diff, run)
    if groups is None:
        return [prints.texts]
    where = ctx.where.diff(diff)
    return [groups, diff.counts(), [m.reworded for m in diff.moved], where.page, [p.page for p in where.parts]]


def _diff_named(diff, game: str, document: str, *run) -> tuple:
    return (game, document, diff.old.language, diff.old.label, diff.new.label, *run)


@declare("diff", _diff_reads, named=_diff_named)
def render_diff_pages(ctx: Context, diff, game: str, document: str, run: tuple[int, int] | None = None) -> dict[str, str]:
    """docs-relative path -> Markdown: the diff as one page, or, where the site map
    cut it (site_map.site_map.diff_pages), a summary page linking to parts of
    consecutive sections (changes/v1.2-to-v1.4/420-426.md), each with the same
    counts and filter. `run`: (first, end) of the parts to make alone (the
    summary with the first run)."""
    where = ctx.where.diff(diff)
    page = where.page
    counts = _counts_line(diff, ctx.language)
    if not where.parts:
        return {page: _whole_diff(ctx, diff, document, _diff_groups(ctx, diff, page), page, counts)}
    title = f"{document_name(document)}: {diff.old.label} → {diff.new.label}"
    first, end = run if run is not None else (0, len(where.parts))
    made = {n for part in where.parts[first:end] for n in part.items}
    # Every part is in the same folder: links made for one part serve them all.
    groups = _diff_groups(ctx, diff, diff_part_page(page, "part"), made)
    names = [posixpath.basename(part.page).removesuffix(".md") for part in where.parts]
    pages = {}
    summary = [*_diff_head(title, counts), _filter(ctx.language), "", Md('<ul class="diff-parts">')]
    for k, (name, part) in enumerate(zip(names, where.parts)):
        numbers = list(part.items)
        entries = sum(len(groups[n].group.entries) for n in numbers)
        href = posixpath.relpath(html_path(part.page), posixpath.dirname(page))
        # diff-filter.js sends a section number to the part that holds it.
        summary.append(
            Md("<li>{}: {}</li>").format(
                html_link(html_text(_part_words(ctx.language, name)), href, data={"diff-sections": " ".join(numbers)}),
                t(
                    ctx.language,
                    "diff-part-changes",
                    changes=counted(ctx.language, "diff-changes", entries),
                    sections=counted(ctx.language, "diff-sections", len(numbers)),
                ),
            )
        )
        # The summary lists every part; a part links it and its neighbours.
        around = [html_link(html_text(t(ctx.language, "part-previous", part=names[k - 1])), f"{names[k - 1]}.html")] if k else []
        if k + 1 < len(names):
            around.append(html_link(html_text(t(ctx.language, "part-next", part=names[k + 1])), f"{names[k + 1]}.html"))
        if not first <= k < end:
            continue
        back = posixpath.relpath(html_path(page), posixpath.dirname(part.page))
        single = _one_section(name)
        part_title = t(ctx.language, "diff-part-title-one" if single else "diff-part-title", title=title, part=single or name)
        pages[part.page] = whole_page(
            part_title,
            [
                *_diff_head(part_title, _part_counts(ctx, groups, numbers)),
                Md('<p class="diff-parts-nav">{}</p>').format(
                    Md(" · ").join([html_link(t(ctx.language, "diff-all-sections"), back), *around])
                ),
                "",
                _filter(ctx.language),
                "",
                *_toggle(groups, numbers, ctx.language),
                *_sections(ctx, diff, groups, numbers, diff_part_page(page, "part")),
            ],
            search=NOT_SEARCHED,
        )
    summary += [Md("</ul>"), ""]
    if first == 0:
        pages[page] = whole_page(title, summary, search=NOT_SEARCHED)
    return pages


def _one_section(name: str) -> str:
    """The section a part's name ("140-140") names alone; "" for a range ("424-427")."""
    first, _, last = name.partition("-")
    return first if first == last else ""


def _part_words(lang: str, name: str) -> str:
    """ "Sections 424-427", "Section 140"."""
    single = _one_section(name)
    return t(lang, "part-sections-one", part=single) if single else t(lang, "part-sections", part=name)


def _number_key(number: str) -> tuple:
    from ..common.model import sort_key

    return sort_key(number)
