"""Editions: the index of a document's editions, diff pages (pre-rendered for
neighbours and against the current edition, computed in the browser for the
rest), each rule's history, and the notices on an older edition's pages."""
from __future__ import annotations

import html
import posixpath

from ..model import Edition, Rule, Section
from ..resolve.merge import current_edition
from .context import Context
from .escape import md_text
from .paths import html_path, relative, section_page
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
    return [
        key for key, editions in ctx.corpus.editions.items() if len(editions) > 1 or current_edition(editions)
    ]


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
    page = compare_page(game, document)
    whole = whole_editions(ctx, game, document, language)

    def select(name: str, chosen: Edition) -> str:
        options = "".join(
            f'<option value="{html.escape(e.label)}"{" selected" if e is chosen else ""}>{html.escape(describe(e, ctx.language))}</option>'
            for e in whole
        )
        return f'<label>{"From" if name == "old" else "To"} <select name="{name}">{options}</select></label>'

    assets = posixpath.relpath("assets", posixpath.dirname(page))
    attrs = f'data-compare data-game="{html.escape(game)}" data-document="{html.escape(document)}" data-language="{html.escape(language)}"'
    return "\n".join([
        f"# {md_text(document_name(document))}: compare editions {{: #diff }}",
        "",
        md_text("Choose two editions: the changes between them are computed from the site's published data, "
                "laid out as on the pages of neighbouring editions."),
        "",
        f'<form class="diff-compare" method="get" {attrs}>{select("old", whole[0])} {select("new", whole[-1])} '
        '<button type="submit">Compare</button></form>',
        "",
        '<div class="diff-computed" data-diff-output aria-live="polite"></div>',
        "",
        f'<script src="{assets}/data.js"></script>',
        f'<script src="{assets}/compare.js"></script>',
        "",
    ])


def render_editions_index(ctx: Context, game: str, document: str, language: str) -> str:
    lang = ctx.language
    page = editions_page(game, document)
    editions = ctx.corpus.editions[(game, document, language)]
    current = current_edition(editions)
    out = [f"# {md_text(document_name(document))}: editions {{: #editions }}", ""]
    out += ["| Edition | Sections | Rules | Pages |", "|---|---|---|---|"]
    for edition in editions:
        rules = sum(len(s.rules) for s in edition.sections.values())
        first = next(iter(edition.sections.values()), None)
        where = "current" if edition is current else ("plain pages" if first and not first.version_path else edition.label)
        link = f"[{md_text(where)}]({relative(page, section_page(first.key))})" if first else ""
        out.append(f"| {md_text(describe(edition, lang))} | {len(edition.sections)} | {rules} | {link} |")
    out.append("")
    ready = {(d.old.label, d.new.label) for d in ctx.diffs if (d.old.game, d.old.document, d.old.language) == (game, document, language)}
    whole = whole_editions(ctx, game, document, language)
    if len(whole) > 1:
        # Every pair: a page of its own for neighbours and against the current
        # edition, the browser's comparison (from the published data) for the rest.
        out += ["## Changes between editions {: #changes }", ""]
        for i, old in enumerate(whole):
            for new in whole[i + 1:]:
                if (old.label, new.label) in ready:
                    href = relative(page, diff_page(game, document, old, new))
                else:
                    href = f"{relative(page, compare_page(game, document))}?old={old.label}&new={new.label}"
                out.append(f"- [{md_text(old.label)} → {md_text(new.label)}]({href})")
        out.append("")
    return "\n".join(out)


def edition_banner(section: Section, ctx: Context, page: str) -> list[str]:
    """Above an older edition's own page: what it is, and where the current text is."""
    if not section.version_path:
        return []
    editions = ctx.corpus.editions[(section.game, section.document, section.language)]
    edition = next(e for e in editions if e.label == section.edition)
    current = current_edition(editions)
    lines = [f'!!! warning "{md_text(describe(edition, ctx.language))}"', ""]
    text = f"This page shows {document_name(section.document)} {describe(edition, ctx.language)}, not the current text."
    lines.append(f"    {md_text(text)}")
    if current is not None:
        # Where this section lives now: the current section of the same title
        # (Reveal: 411 in v1.2, 424 in v1.4); else what its number holds now.
        same_title = next(
            (
                s
                for s in current.sections.values()
                if section.title and s.title.casefold() == section.title.casefold()
            ),
            None,
        )
        plain = ctx.corpus.sections.get(section.key[:4])
        if same_title is not None:
            lines.append(
                f"    In the current edition ({md_text(current.label)}) this section is "
                f"[{md_text(same_title.number)} {md_text(same_title.title)}]({relative(page, section_page(same_title.key))})."
            )
        elif plain is not None:
            lines.append(
                f"    The current edition ({md_text(current.label)}) uses number {md_text(section.number)} for "
                f"[{md_text(plain.number)} {md_text(plain.title)}]({relative(page, section_page(plain.key))})."
            )
    lines.append("")
    return lines


def rule_history_lines(rule: Rule, section: Section, ctx: Context, page: str) -> list[str]:
    """Under a rule: the editions it appears in, its number in each, and what
    changed, as a word-level diff from the previous edition that printed it.
    Its summary says where the rule lives in the current edition."""
    from ..resolve.history import rule_text, word_diff

    history = (ctx.history or {}).get((section.game, section.document, section.language), {})
    entries = history.get((section.edition, rule.number))
    if not entries or len(entries) < 2:
        return []
    editions = {e.label: e for e in ctx.corpus.editions[(section.game, section.document, section.language)]}
    rows, previous = [], None
    for entry in entries:
        edition = editions.get(entry.edition_label)
        if entry.number is None:
            if edition is None or not edition.partial:  # an excerpt lacking a rule is no news
                rows.append(f"<li>{html.escape(entry.edition_label)}: {html.escape(entry.how)}</li>")
            continue
        found = _find_rule(ctx, section, entry.edition_label, entry.number)
        label = html.escape(f"{entry.edition_label}: {entry.number}")
        if found:
            href = posixpath.relpath(html_path(found[0]), posixpath.dirname(page)) + f"#{entry.number}"
            label = f'<a href="{html.escape(href)}">{label}</a>'
        change = f" — {html.escape(entry.how)}" if entry.how else ""
        diff = ""
        if found and previous is not None and entry.text_changed:
            diff = _diff_html(word_diff(rule_text(previous), rule_text(found[1])))
        rows.append(f"<li>{label}{change}{diff}</li>")
        previous = found[1] if found else previous
    current = current_edition(list(editions.values()))
    summary = "History"
    now = next((e for e in entries if current and e.edition_label == current.label), None)
    if now is not None and section.edition != current.label:
        if now.number is None:
            summary += f": {now.how}"
        elif now.number != rule.number:
            summary += f": now {now.number} in {now.edition_label}"
        else:
            summary += f": {'reworded' if _changed_since(entries, section.edition) else 'unchanged'} in {now.edition_label}"
    # One line of raw HTML with no block elements inside, so Markdown leaves it whole.
    return [
        f'<details class="history"><summary>{html.escape(summary)}</summary><ul>{"".join(rows)}</ul></details>',
        "",
    ]


def _changed_since(entries, label: str) -> bool:
    """Whether the text changed in any edition after `label`."""
    labels = [e.edition_label for e in entries]
    return any(e.text_changed for e in entries[labels.index(label) + 1:]) if label in labels else False


def _find_rule(ctx: Context, section: Section, label: str, number: str):
    """(page showing it, the rule) for rule `number` of edition `label`."""
    key = (section.game, section.document, section.language, label)
    index = ctx.cache.get(key)
    if index is None:
        index = ctx.cache[key] = {}
        editions = ctx.corpus.editions[key[:3]]
        edition = next((e for e in editions if e.label == label), None)
        for candidate in edition.sections.values() if edition else []:
            shown = candidate if candidate.version_path else ctx.corpus.sections.get(candidate.key[:4])
            for rule in candidate.rules if shown else []:
                index[rule.number] = (section_page(shown.key), rule)
    return index.get(number)


def _diff_html(ops: list[tuple[str, str]]) -> str:
    parts = []
    for op, text in ops:
        text = html.escape(text)
        parts.append(text if op == "=" else f"<del>{text}</del>" if op == "-" else f"<ins>{text}</ins>")
    return f'<span class="word-diff">{"".join(parts)}</span>'


# A diff page whose Markdown is larger than this is split into one page per
# hundred of section numbers (4xx holds 400-499): the HTML of a whole diff
# between distant editions reached 490 KB, and no page may pass 300 KB.
SPLIT_DIFF_AT = 200_000


def _diff_groups(diff) -> dict[str, list[str]]:
    """Section number -> the diff's entries (HTML list items) there."""
    groups: dict[str, list[str]] = {}

    def add(section_number: str, line: str) -> None:
        groups.setdefault(section_number, []).append(line)

    def esc(text: str) -> str:
        return html.escape(text)

    for section, rule in diff.added:
        add(section.number, f'<li class="added"><b>+ {esc(rule.number)}</b> {esc(rule.text)}</li>')
    # A removed rule is grouped under its section's number in the new edition
    # (Reveal's removed rules under 424, not 411), when the section lives on.
    now = {id(m.old_section): m.new_section.number for m in diff.matches}
    for section, rule in diff.removed:
        group = now.get(id(section), section.number)
        add(group, f'<li class="removed"><b>− {esc(rule.number)}</b> {esc(rule.text)}</li>')
    for match in diff.moved:
        changed = _diff_html(match.diff()) if match.text_changed else ""
        add(
            match.new_section.number,
            f'<li class="moved"><b>{esc(match.old.number)} → {esc(match.new.number)}</b> '
            f"<small>{esc(match.how)}</small>{changed}</li>",
        )
    moved = {id(m) for m in diff.moved}
    for match in diff.changed:
        if id(match) in moved:
            continue
        add(
            match.new_section.number,
            f'<li class="changed"><b>{esc(match.new.number)}</b> <small>{esc(match.how)}</small>'
            f"{_diff_html(match.diff())}</li>",
        )
    return groups


def _diff_head(document: str, diff, title_suffix: str = "") -> list[str]:
    counts = diff.counts()
    return [
        f"# {md_text(document_name(document))}: {md_text(diff.old.label)} → {md_text(diff.new.label)}{md_text(title_suffix)} {{: #diff }}",
        "",
        " • ".join(f"{counts[kind]} {kind}" for kind in ("added", "removed", "changed", "moved", "unchanged")),
        "{: .diff-counts }",
        "",
    ]


def _sections_html(groups: dict[str, list[str]], numbers: list[str]) -> list[str]:
    out = []
    for number in numbers:
        esc = html.escape(number)
        out += [
            f'<section class="diff-section" data-section="{esc}" id="s-{esc}">',
            f"<h2>{esc}</h2>",
            f'<ul>{"".join(groups[number])}</ul>',
            "</section>",
            "",
        ]
    return out


FILTER = '<label class="diff-filter">Section: <input type="search" data-diff-filter placeholder="e.g. 424"></label>'


def render_diff(ctx: Context, diff, game: str, document: str) -> str:
    """Added, removed, changed and moved rules between two editions, with counts,
    grouped by section so the page can be narrowed to one: the whole diff as one page."""
    groups = _diff_groups(diff)
    return "\n".join([*_diff_head(document, diff), FILTER, "", *_sections_html(groups, sorted(groups, key=_number_key))])


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
    groups = _diff_groups(diff)
    chapters: dict[str, list[str]] = {}
    for number in sorted(groups, key=_number_key):
        chapters.setdefault(chapter_of(number), []).append(number)
    folder = page.removesuffix(".md")
    pages = {}
    summary = [*_diff_head(document, diff), FILTER, "", '<ul class="diff-parts">']
    for chapter, numbers in chapters.items():
        part = f"{folder}/{chapter}.md"
        entries = sum(len(groups[n]) for n in numbers)
        href = html.escape(posixpath.relpath(html_path(part), posixpath.dirname(page)))
        summary.append(
            f'<li><a data-diff-part="{html.escape(chapter[:1])}" href="{href}">Sections {html.escape(chapter)}</a>: '
            f"{entries} changes in {len(numbers)} sections</li>"
        )
        others = " · ".join(
            html.escape(c) if c == chapter else f'<a href="{html.escape(c)}.html">{html.escape(c)}</a>' for c in chapters
        )
        back = html.escape(posixpath.relpath(html_path(page), posixpath.dirname(part)))
        pages[part] = "\n".join([
            *_diff_head(document, diff, f", sections {chapter}"),
            f'<p class="diff-parts-nav"><a href="{back}">All sections</a> · {others}</p>',
            "",
            FILTER,
            "",
            *_sections_html(groups, numbers),
        ])
    summary += ["</ul>", ""]
    pages[page] = "\n".join(summary)
    return pages


def _number_key(number: str) -> tuple:
    from ..model import sort_key

    return sort_key(number)
