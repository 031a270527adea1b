"""Editions: the index of a document's editions, diff pages (pre-rendered for
neighbours and against the current edition, computed in the browser for the
rest), each rule's history, and the notices on an older edition's pages."""

from __future__ import annotations

import posixpath

from ..model import Edition, Rule, Section
from .changes import how_words
from .context import Context
from .escape import Md, html_text
from .escape import page as whole_page
from .markup import link as html_link
from .markup import md, md_link
from .paths import html_path, relative, relpath, section_page
from .strings import t

DOCUMENT_NAMES = {
    "core-rules": "Core Rules",
    "tournament-rules": "Tournament Rules",
    "comprehensive-rules": "Comprehensive Rules",
}


def document_name(document: str) -> str:
    return DOCUMENT_NAMES.get(document, document.replace("-", " ").title())


def editions_page(game: str, document: str) -> str:
    return f"{game}/{document}/editions.md"


def diff_page(game: str, document: str, old: Edition, new: Edition) -> str:
    return f"{game}/{document}/changes/{old.label}-to-{new.label}.md"


def describe(edition: Edition, lang: str) -> str:
    date = t(lang, "undated") if edition.date == "undated" else edition.date
    kind = f", {t(lang, 'excerpt')}" if edition.partial else ""
    return f"{edition.label} ({date}{kind})" if edition.label != edition.date else f"{date}{kind}"


def documents_with_editions(ctx: Context) -> list[tuple[str, str]]:
    """Documents with more than one edition, or one whole edition: those get an editions page."""
    return [key for key, editions in ctx.corpus.editions.items() if len(editions) > 1 or ctx.editions.current_of(key)]


def compare_page(game: str, document: str) -> str:
    """Where the browser computes the diff between any two editions (assets/compare.js)."""
    return f"{game}/{document}/changes/compare.md"


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
    return whole_page(
        f"{document_name(document)}: compare editions",
        [
            Md("# {}: compare editions {{: #diff }}").format(document_name(document)),
            "",
            "Choose two editions: the changes between them are computed from the site's published data, "
            "laid out as on the pages of neighbouring editions.",
            "",
            chooser
            + select("old", "From", whole[0])
            + Md(" ")
            + select("new", "To", whole[-1])
            + Md(' <button type="button" data-compare-go>Compare</button></div>'),
            "",
            Md('<div class="diff-computed" data-diff-output aria-live="polite"></div>'),
            "",
        ],
    )


def render_editions_index(ctx: Context, game: str, document: str, language: str) -> str:
    lang = ctx.language
    page = editions_page(game, document)
    editions = ctx.corpus.editions[(game, document, language)]
    current = ctx.editions.current_of((game, document, language))
    out = [Md("# {}: editions {{: #editions }}").format(document_name(document)), ""]
    out += [Md("| Edition | Sections | Rules | Pages |"), Md("|---|---|---|---|")]
    for edition in editions:
        rules = sum(len(s.rules) for s in edition.sections.values())
        first = next(iter(edition.sections.values()), None)
        where = "current" if edition is current else ("plain pages" if first and not first.version_path else edition.label)
        link = md_link(where, relative(page, section_page(first.key))) if first else ""
        out.append(Md("| {} | {} | {} | {} |").format(describe(edition, lang), len(edition.sections), rules, link))
    out.append("")
    ready = {
        (d.old.label, d.new.label)
        for d in ctx.diffs
        if (d.old.game, d.old.document, d.old.language) == (game, document, language)
    }
    whole = whole_editions(ctx, game, document, language)
    if len(whole) > 1:
        # Every pair: a page of its own for neighbours and against the current
        # edition, the browser's comparison (from the published data) for the rest.
        out += [Md("## Changes between editions {: #changes }"), ""]
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
    return whole_page(f"{document_name(document)}: editions", out)


def edition_banner(section: Section, ctx: Context, page: str) -> list[Md]:
    """Above an older edition's own page: what it is, and where the current text is."""
    if not section.version_path:
        return []
    document = (section.game, section.document, section.language)
    edition = next(e for e in ctx.corpus.editions[document] if e.label == section.edition)
    current = ctx.editions.current_of(document)
    lines = [Md('!!! warning "{}"').format(describe(edition, ctx.language)), ""]
    text = f"This page shows {document_name(section.document)} {describe(edition, ctx.language)}, not the current text."
    lines.append(Md("    {}").format(text))
    if current is not None:
        # Where this section lives now: the current section of the same title
        # (Reveal: 411 in v1.2, 424 in v1.4); else what its number holds now.
        same_title = next(
            (s for s in current.sections.values() if section.title and s.title.casefold() == section.title.casefold()),
            None,
        )
        plain = ctx.corpus.sections.get(section.key.plain)
        if same_title is not None:
            lines.append(
                Md("    In the current edition ({}) this section is {}.").format(
                    current.label,
                    md_link(f"{same_title.number} {same_title.title}", relative(page, section_page(same_title.key))),
                )
            )
        elif plain is not None:
            lines.append(
                Md("    The current edition ({}) uses number {} for {}.").format(
                    current.label,
                    section.number,
                    md_link(f"{plain.number} {plain.title}", relative(page, section_page(plain.key))),
                )
            )
    lines.append("")
    return lines


def number_meant_another(section: Section, ctx: Context, page: str) -> list:
    """On a current page: where its number meant another section in an older
    edition, say so at the top, so an old link's reader is not misled:
    "In v1.2, 411 was Reveal: now 424 Reveal"."""
    if section.version_path:
        return []
    editions = ctx.corpus.editions.get((section.game, section.document, section.language), [])
    document = (section.game, section.document, section.language)
    if ("titles", document) not in ctx.cache:  # once per document, not once per page
        ctx.cache[("titles", document)] = {
            s.title.casefold(): s for s in ctx.corpus.sections.values() if (s.game, s.document, s.language) == document
        }
    current = ctx.cache[("titles", document)]
    lines = []
    for edition in editions:
        old = edition.sections.get(section.number)
        if old is None or not old.version_path or not old.title or old.title.casefold() == section.title.casefold():
            continue
        now = current.get(old.title.casefold())
        if now is None or now.number == section.number:
            continue
        link = md_link(f"{now.number} {now.title}", relative(page, section_page(now.key)))
        lines.append(
            Md("    ") + ctx.sentence("number-was", edition=edition.label, number=section.number, title=old.title, link=link)
        )
        lines.append("")
    return [Md('!!! info ""'), "", *lines] if lines else []


def rule_history_lines(rule: Rule, section: Section, ctx: Context, page: str) -> list[Md]:
    """Under a rule: the editions it appears in, its number in each, and what
    changed, as a word-level diff from the previous edition that printed it.
    Its summary says where the rule lives in the current edition."""
    from ..resolve.history import rule_text, word_diff

    history = (ctx.history or {}).get((section.game, section.document, section.language), {})
    entries = history.get((section.edition, rule.number))
    if not entries or len(entries) < 2:
        return []
    editions = {e.label: e for e in ctx.corpus.editions[(section.game, section.document, section.language)]}
    lang = section.language
    rows, previous = [], None
    for entry in entries:
        edition = editions.get(entry.edition_label)
        if entry.number is None:
            if edition is None or not edition.partial:  # an excerpt lacking a rule is no news
                rows.append({"label": f"{entry.edition_label}: {how_words(entry.how, lang)}", "href": "", "how": "", "diff": ""})
            continue
        found = _find_rule(ctx, section, entry.edition_label, entry.number)
        href = relpath(html_path(found[0]), posixpath.dirname(page)) + f"#{entry.number}" if found else ""
        diff = ""
        if found and previous is not None and entry.text_changed:
            diff = _diff_html(word_diff(rule_text(previous), rule_text(found[1])))
        rows.append(
            {"label": f"{entry.edition_label}: {entry.number}", "href": href, "how": how_words(entry.how, lang), "diff": diff}
        )
        previous = found[1] if found else previous
    current = ctx.editions.current_of((section.game, section.document, section.language))
    summary = t(lang, "history")
    now = next((e for e in entries if current and e.edition_label == current.label), None)
    if now is not None and section.edition != current.label:
        if now.number is None:
            state = how_words(now.how, lang)
        elif now.number != rule.number:
            state = t(lang, "history-now", number=now.number, edition=now.edition_label)
        else:
            reworded = _changed_since(entries, section.edition)
            state = t(lang, "history-reworded" if reworded else "history-unchanged", edition=now.edition_label)
        summary = t(lang, "how-detailed", head=summary, details=state)
    return [md("history", summary=summary, rows=rows), ""]


def _changed_since(entries, label: str) -> bool:
    """Whether the text changed in any edition after `label`."""
    labels = [e.edition_label for e in entries]
    return any(e.text_changed for e in entries[labels.index(label) + 1 :]) if label in labels else False


def _find_rule(ctx: Context, section: Section, label: str, number: str):
    """(page showing it, the rule) for rule `number` of edition `label`."""
    found = ctx.editions.rule((section.game, section.document, section.language), label, number)
    return (section_page(found.page), found.rule) if found else None


def _diff_html(ops: list[tuple[str, str]]) -> Md:
    return md("word_diff", ops=ops)


# A diff page whose Markdown is larger than this is split into one page per
# hundred of section numbers (4xx holds 400-499): the HTML of a whole diff
# between distant editions reached 490 KB, and no page may pass 300 KB.
SPLIT_DIFF_AT = 200_000

FILTER = Md('<label class="diff-filter">Section: <input type="search" data-diff-filter placeholder="e.g. 424"></label>')


def _diff_groups(diff) -> dict[str, list[Md]]:
    """Section number -> the diff's entries (HTML list items) there."""
    groups: dict[str, list[Md]] = {}

    def add(section_number: str, kind: str, head: str, text: str = "", how: str = "", diff_html: str = "") -> None:
        item = md("diff_item", kind=kind, head=head, text=text, how=how, diff=diff_html)
        groups.setdefault(section_number, []).append(item)

    for section, rule in diff.added:
        add(section.number, "added", f"+ {rule.number}", rule.text)
    # A removed rule is grouped under its section's number in the new edition
    # (Reveal's removed rules under 424, not 411), when the section lives on.
    now = {id(m.old_section): m.new_section.number for m in diff.matches}
    for section, rule in diff.removed:
        group = now.get(id(section), section.number)
        add(group, "removed", f"− {rule.number}", rule.text)
    for match in diff.moved:
        changed = _diff_html(match.diff()) if match.text_changed else Md("")
        head = f"{match.old.number} → {match.new.number}"
        add(match.new_section.number, "moved", head, how=how_words(match.how, "en"), diff_html=changed)
    moved = {id(m) for m in diff.moved}
    for match in diff.changed:
        if id(match) in moved:
            continue
        add(
            match.new_section.number,
            "changed",
            match.new.number,
            how=how_words(match.how, "en"),
            diff_html=_diff_html(match.diff()),
        )
    return groups


def _diff_head(document: str, diff, title: str) -> list:
    counts = diff.counts()
    return [
        Md("# {} {{: #diff }}").format(title),
        "",
        Md(" • ").join(Md("{} {}").format(counts[kind], kind) for kind in ("added", "removed", "changed", "moved", "unchanged")),
        Md("{: .diff-counts }"),
        "",
    ]


def _sections(groups: dict[str, list[Md]], numbers: list[str]) -> list:
    out = []
    for number in numbers:
        out += [md("diff_section", number=number, items=groups[number]), ""]
    return out


# Every change is also on its rule's page (history): the search index need not hold it twice.
NOT_SEARCHED = {"exclude": True}


def render_diff(ctx: Context, diff, game: str, document: str) -> str:
    """Added, removed, changed and moved rules between two editions, with counts,
    grouped by section so the page can be narrowed to one: the whole diff as one page."""
    title = f"{document_name(document)}: {diff.old.label} → {diff.new.label}"
    groups = _diff_groups(diff)
    return whole_page(
        title,
        [*_diff_head(document, diff, title), FILTER, "", *_sections(groups, sorted(groups, key=_number_key))],
        search=NOT_SEARCHED,
    )


def chapter_of(section_number: str) -> str:
    """The hundred a section belongs to: "4xx" for 424 (Magic's 701.16 is "7xx")."""
    return section_number[:1] + "xx" if section_number[:1].isdigit() else "other"


def render_diff_pages(ctx: Context, diff, game: str, document: str) -> dict[str, str]:
    """docs-relative path -> Markdown: the diff as one page, or, when that would be
    too heavy, a summary page linking to one page per hundred of sections
    (changes/v1.2-to-v1.4/4xx.md), each with the same counts and filter."""
    page = diff_page(game, document, diff.old, diff.new)
    whole = render_diff(ctx, diff, game, document)
    if len(whole.encode("utf-8")) <= SPLIT_DIFF_AT:
        return {page: whole}
    title = f"{document_name(document)}: {diff.old.label} → {diff.new.label}"
    groups = _diff_groups(diff)
    chapters: dict[str, list[str]] = {}
    for number in sorted(groups, key=_number_key):
        chapters.setdefault(chapter_of(number), []).append(number)
    folder = page.removesuffix(".md")
    pages = {}
    summary = [*_diff_head(document, diff, title), FILTER, "", Md('<ul class="diff-parts">')]
    for chapter, numbers in chapters.items():
        part = f"{folder}/{chapter}.md"
        entries = sum(len(groups[n]) for n in numbers)
        href = posixpath.relpath(html_path(part), posixpath.dirname(page))
        summary.append(
            Md("<li>{}: {} changes in {} sections</li>").format(
                html_link(f"Sections {chapter}", href, data={"diff-part": chapter[:1]}), entries, len(numbers)
            )
        )
        others = Md(" · ").join(html_text(c) if c == chapter else html_link(c, f"{c}.html") for c in chapters)
        back = posixpath.relpath(html_path(page), posixpath.dirname(part))
        part_title = f"{title}, sections {chapter}"
        pages[part] = whole_page(
            part_title,
            [
                *_diff_head(document, diff, part_title),
                Md('<p class="diff-parts-nav">{} · {}</p>').format(html_link("All sections", back), others),
                "",
                FILTER,
                "",
                *_sections(groups, numbers),
            ],
            search=NOT_SEARCHED,
        )
    summary += [Md("</ul>"), ""]
    pages[page] = whole_page(title, summary, search=NOT_SEARCHED)
    return pages


def _number_key(number: str) -> tuple:
    from ..model import sort_key

    return sort_key(number)
