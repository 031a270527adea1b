"""Editions: the index of a document's editions, diff pages between any two of
them, each rule's history, and the notices on an older edition's pages."""
from __future__ import annotations

import posixpath

from ..model import Edition, Rule, Section
from ..resolve.merge import current_edition
from .context import Context
from .escape import Md
from .escape import page as whole_page
from .markup import md, md_link
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


def diff_pairs(editions: list[Edition]) -> list[tuple[Edition, Edition]]:
    """Every pair of dated editions, older first: diffs between any two, not only neighbours."""
    dated = [e for e in editions if e.date != "undated"]
    return [(a, b) for i, a in enumerate(dated) for b in dated[i + 1:]]


def render_editions_index(ctx: Context, game: str, document: str, language: str) -> str:
    lang = ctx.language
    page = editions_page(game, document)
    editions = ctx.corpus.editions[(game, document, language)]
    current = current_edition(editions)
    out = [Md("# {}: editions {{: #editions }}").format(document_name(document)), ""]
    out += [Md("| Edition | Sections | Rules | Pages |"), Md("|---|---|---|---|")]
    for edition in editions:
        rules = sum(len(s.rules) for s in edition.sections.values())
        first = next(iter(edition.sections.values()), None)
        where = "current" if edition is current else ("plain pages" if first and not first.version_path else edition.label)
        link = md_link(where, relative(page, section_page(first.key))) if first else ""
        out.append(Md("| {} | {} | {} | {} |").format(describe(edition, lang), len(edition.sections), rules, link))
    out.append("")
    pairs = [(d.old, d.new) for d in ctx.diffs if (d.old.game, d.old.document, d.old.language) == (game, document, language)]
    if pairs:
        out += [Md("## Changes between editions {: #changes }"), ""]
        for old, new in pairs:
            out.append(Md("- {}").format(md_link(f"{old.label} → {new.label}", relative(page, diff_page(game, document, old, new)))))
        out.append("")
    return whole_page(f"{document_name(document)}: editions", out)


def edition_banner(section: Section, ctx: Context, page: str) -> list[Md]:
    """Above an older edition's own page: what it is, and where the current text is."""
    if not section.version_path:
        return []
    editions = ctx.corpus.editions[(section.game, section.document, section.language)]
    edition = next(e for e in editions if e.label == section.edition)
    current = current_edition(editions)
    lines = [Md('!!! warning "{}"').format(describe(edition, ctx.language)), ""]
    text = f"This page shows {document_name(section.document)} {describe(edition, ctx.language)}, not the current text."
    lines.append(Md("    {}").format(text))
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
                Md("    In the current edition ({}) this section is {}.").format(
                    current.label,
                    md_link(f"{same_title.number} {same_title.title}", relative(page, section_page(same_title.key))),
                )
            )
        elif plain is not None:
            lines.append(
                Md("    The current edition ({}) uses number {} for {}.").format(
                    current.label, section.number, md_link(f"{plain.number} {plain.title}", relative(page, section_page(plain.key)))
                )
            )
    lines.append("")
    return lines


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
    rows, previous, previous_entry = [], None, None
    diffs = {(d.old.label, d.new.label): d for d in ctx.diffs
             if (d.old.game, d.old.document, d.old.language) == (section.game, section.document, section.language)}
    for entry in entries:
        edition = editions.get(entry.edition_label)
        if entry.number is None:
            if edition is None or not edition.partial:  # an excerpt lacking a rule is no news
                rows.append({"label": f"{entry.edition_label}: {entry.how}", "href": "", "how": "", "diff": "",
                             "diff_href": "", "diff_label": ""})
            continue
        found = _find_rule(ctx, section, entry.edition_label, entry.number)
        href = posixpath.relpath(html_path(found[0]), posixpath.dirname(page)) + f"#{entry.number}" if found else ""
        diff = ""
        if found and previous is not None and entry.text_changed:
            diff = _diff_html(word_diff(rule_text(previous), rule_text(found[1])))
        row = {"label": f"{entry.edition_label}: {entry.number}", "href": href, "how": entry.how, "diff": diff,
               "diff_href": "", "diff_label": ""}
        # Its entry on the diff page between the edition before and this one.
        pair = diffs.get((previous_entry.edition_label, entry.edition_label)) if previous_entry else None
        if pair is not None and entry.number in _diff_entries(ctx, pair):
            to_diff = html_path(diff_page(section.game, section.document, pair.old, pair.new))
            row["diff_href"] = posixpath.relpath(to_diff, posixpath.dirname(page)) + f"#{diff_anchor(entry.number)}"
            row["diff_label"] = f"{pair.old.label} → {pair.new.label}"
        rows.append(row)
        previous = found[1] if found else previous
        previous_entry = entry
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
    return [md("history", summary=summary, rows=rows), ""]


def _diff_entries(ctx: Context, diff) -> set[str]:
    """The new numbers a diff page has an entry for (changed or moved)."""
    key = ("diff-entries", id(diff))
    if key not in ctx.cache:
        ctx.cache[key] = {m.new.number for m in [*diff.changed, *diff.moved]}
    return ctx.cache[key]


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


def _diff_html(ops: list[tuple[str, str]]) -> Md:
    return md("word_diff", ops=ops)


def diff_anchor(number: str, removed: bool = False) -> str:
    """The id of a rule's entry on a diff page: by its number in the newer
    edition, or, for a removed rule, in the older one."""
    return f"d-old-{number}" if removed else f"d-{number}"


def render_diff(ctx: Context, diff, game: str, document: str) -> str:
    """Added, removed, changed and moved rules between two editions, with counts,
    grouped by section (number and title) so the page can be narrowed to one.
    Every rule number links to that rule in its edition. Pure renumberings (the
    number changed, the text did not) are hidden until one click shows them."""
    page = diff_page(game, document, diff.old, diff.new)
    counts = diff.counts()
    renumbered = [m for m in diff.moved if not m.text_changed]
    title = f"{document_name(document)}: {diff.old.label} → {diff.new.label}"
    out = [
        Md("# {} {{: #diff }}").format(title),
        "",
        Md(" • ").join(Md("{} {}").format(counts[kind], kind) for kind in ("added", "removed", "changed", "moved", "unchanged"))
        + Md(" ({} of the moved only renumbered)").format(len(renumbered)),
        Md("{: .diff-counts }"),
        "",
        Md('<label class="diff-filter">Section: <input type="search" data-diff-filter placeholder="e.g. 424"></label>')
        + md("renumbered_toggle", show=f"Show the {len(renumbered)} pure renumberings",
             hide=f"Hide the {len(renumbered)} pure renumberings"),
        "",
    ]
    groups: dict[str, list[tuple[bool, Md]]] = {}  # section number -> (pure renumbering, entry)
    titles: dict[str, str] = {}
    for edition in (diff.old, diff.new):  # the newer edition's title wins
        titles.update({number: s.title for number, s in edition.sections.items() if s.title})

    def href(section: Section, number: str) -> str:
        """Rule `number` on the page of `section` (an edition's own page, or the plain one)."""
        shown = section if section.version_path else ctx.corpus.sections.get(section.key[:4], section)
        return posixpath.relpath(html_path(section_page(shown.key)), posixpath.dirname(page)) + f"#{number}"

    def add(section_number: str, kind: str, anchor: str, pure: bool = False, **values) -> None:
        values = {"sign": "", "old": "", "old_href": "", "new": "", "new_href": "", "text": "", "how": "",
                  "diff": Md(""), **values}
        groups.setdefault(section_number, []).append((pure, md("diff_item", kind=kind, id=anchor, **values)))

    for section, rule in diff.added:
        add(section.number, "added", diff_anchor(rule.number), sign="+", new=rule.number,
            new_href=href(section, rule.number), text=rule.text)
    # A removed rule is grouped under its section's number in the new edition
    # (Reveal's removed rules under 424, not 411), when the section lives on.
    now = {id(m.old_section): m.new_section.number for m in diff.matches}
    for section, rule in diff.removed:
        group = now.get(id(section), section.number)
        add(group, "removed", diff_anchor(rule.number, removed=True), sign="−", old=rule.number,
            old_href=href(section, rule.number), text=rule.text)
    for match in diff.moved:
        pure = not match.text_changed
        add(match.new_section.number, "moved renumbered" if pure else "moved", diff_anchor(match.new.number), pure,
            old=match.old.number, old_href=href(match.old_section, match.old.number),
            new=match.new.number, new_href=href(match.new_section, match.new.number), how=match.how,
            diff=Md("") if pure else _diff_html(match.diff()))
    moved = {id(m) for m in diff.moved}
    for match in diff.changed:
        if id(match) in moved:
            continue
        add(match.new_section.number, "changed", diff_anchor(match.new.number), new=match.new.number,
            new_href=href(match.new_section, match.new.number), how=match.how, diff=_diff_html(match.diff()))
    for number in sorted(groups, key=_number_key):
        out += [
            md("diff_section", number=number, title=f"{number} {titles[number]}" if titles.get(number) else number,
               only_renumbered=all(pure for pure, _ in groups[number]), items=[item for _, item in groups[number]]),
            "",
        ]
    return whole_page(title, out)


def _number_key(number: str) -> tuple:
    from ..model import sort_key

    return sort_key(number)
