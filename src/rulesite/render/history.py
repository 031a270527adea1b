"""Each rule's history: the editions it appears in, its number in each, how
each match was made, what changed (a word diff from the previous edition that
printed it) and its entry on the diff page of each edition it changed in.

The rows are not in the section page: a page holds, per rule, a collapsed
`<details class="history">` whose summary says where the rule lives in the
current edition, and the rows of all its rules are in a small script of its
own, `assets/history/<page>.js` (a script, not JSON: a page opened from disk
can load a script but not fetch), which `assets/history.js` loads when a
History is first opened and lays out with DOM calls. The histories were a third
to two thirds of the heaviest section pages.

Without JavaScript an opened History still leads somewhere: one link per rule
to the same rule in another edition (on a current page, the last earlier
edition printing it; on an older page, where it lives in the current edition),
or, for a rule no other edition prints, to its entry on the diff page that
shows it added or removed. One link keeps the page small; the rest of the
history is one click further along the chain.

Resolve answers (`ChangesView.history`: the rows, their word diffs, the diff
pages); this module only words the rows (strings.py, history_words.py)
and writes them down.
"""

from __future__ import annotations

import posixpath

from ..common.model import FaqAnswer, Rule, Section
from ..common.precache import bundle_folder, bundle_path
from ..resolve.entries import changed_since, entry_anchor
from ..resolve.history import Absent
from ..resolve.history_words import how_words, how_words_once
from ..resolve.translations import english_with_history
from .context import CONTENT_LANGUAGE, Context
from .escape import Md, script_json
from .job_inputs import declare, shown
from .markup import md
from ..site_map.paths import cross_href, faq_anchor, html_path, page_of, relpath, section_page
from ..common.strings import t

HISTORIES = "assets/history"
# The current editions' history files in one file per document (its folder:
# precache.bundle_path), for a first visit's service worker (as
# share.PREVIEW_BUNDLES for the previews): one request instead of one a page
# (216 on the full corpora), so that a History opened offline is not empty.
# Never loaded by a page.
HISTORY_BUNDLES = "assets/history-current"


def history_file(page: str) -> str:
    """The history data of a page (`riftbound/core-rules/424.html`), site-root-relative:
    `assets/history/riftbound/core-rules/424.js`."""
    return f"{HISTORIES}/{page.removesuffix('.html')}.js"


def history_rows(rule: Rule, section: Section, ctx: Context, page: str) -> list[dict] | None:
    """The rows of a rule's history as `page` shows them, oldest edition first
    (None: the rule has no history, it is in one edition only). Each row:
    `label` ("v1.2: 411.2", or "v1.1: not yet in v1.1"), `href` (the rule in
    that edition, "" when none), `how` (how it was matched), `diff` (word-diff
    operations, [op, text], op one of "=", "-", "+"), and, where the rule has an
    entry on the diff page into that edition, `diff_href` and `diff_label`."""
    key = ("history-rows", section.key, rule.number, page)
    if key in ctx.cache:
        return ctx.cache[key]
    ctx.cache[key] = rows = _rows(rule, section, ctx, page)
    return rows


def english_rows(rule: Rule, section: Section, ctx: Context, page: str) -> list[dict] | None:
    """A translated rule with no history of its own (`history_rows` None) is the
    English rule it translates (`english_with_history`): that rule's rows, their
    links leading from `page` (in `section`'s language) to the English pages,
    how each match was made in the page's language (None: no English history)."""
    english = english_with_history(ctx.concordance, ctx.history, section, rule.number)
    if english is None:
        return None
    key = ("english-rows", section.key, rule.number, page)
    if key in ctx.cache:
        return ctx.cache[key]
    en_section, number = english
    en_rule = next(r for r in en_section.rules if r.number == number)
    en_page = html_path(section_page(en_section.key))
    rows = _rows(en_rule, en_section, ctx, en_page, section.language) or []
    lang, folder = section.language, posixpath.dirname(en_page)

    def relinked(href: str) -> str:
        path, _, anchor = href.partition("#")
        target = posixpath.normpath(posixpath.join(folder, path)) if path else en_page
        return cross_href(page, lang, target.removesuffix(".html") + ".md", "en", anchor, notice=False)

    out = [{k: relinked(v) if k in ("href", "diff_href") else v for k, v in row.items()} for row in rows]
    ctx.cache[key] = out
    return out


def _rows(rule: Rule, section: Section, ctx: Context, page: str, lang: str = "") -> list[dict] | None:
    document = (section.game, section.document, section.language)
    history = (ctx.history or {}).get(document, {})
    entries = history.get((section.edition, rule.number))
    if not entries or len(entries) < 2:
        return None
    editions = ctx.cache.get(("edition-labels", document))
    if editions is None:  # a document's editions by label, once per site
        editions = ctx.cache[("edition-labels", document)] = {e.label: e for e in ctx.corpus.editions[document]}
    lang = lang or section.language
    here = posixpath.dirname(page)
    rows = []
    last_whole = None  # the entry of the last whole edition before this one
    for row in ctx.changes.history(document, section.edition, rule.number):
        entry = row.entry
        edition = editions.get(entry.edition_label)
        link = _diff_entry_link(ctx, document, last_whole, entry, here) if edition and not edition.partial else {}
        if edition is not None and not edition.partial:
            last_whole = entry
        if entry.number is None:
            if edition is None or not edition.partial:  # an excerpt lacking a rule is no news
                rows.append(
                    {
                        "edition": entry.edition_label,
                        "label": f"{entry.edition_label}: {how_words_once(ctx.cache, entry.how, lang)}",
                        **link,
                    }
                )
            continue
        # A rule of this very page: its #number alone.
        target = section_page(row.shown.page) if row.shown else ""
        href = (relpath(html_path(target), here) if target != page else "") + f"#{entry.number}" if row.shown else ""
        out = {
            "edition": entry.edition_label,
            "label": f"{entry.edition_label}: {entry.number}",
            "how": how_words_once(ctx.cache, entry.how, lang),
        }
        if href:
            out["href"] = href
        if row.changes:
            out["diff"] = [[op, text] for op, text in row.changes]
        rows.append({**out, **link})
    return rows


def _diff_entry_link(ctx: Context, document: tuple[str, str, str], before, entry, here: str) -> dict:
    """The link from a history row (on a page in folder `here`) to the rule's
    entry on the diff page between the previous whole edition and this one, when
    the build made that page and the rule has an entry there (it was added,
    removed, changed or renumbered)."""
    if before is None:
        return {}
    diff = ctx.changes.diff_between(document, before.edition_label, entry.edition_label)
    if diff is None:
        return {}
    if entry.number is not None:
        anchor = entry_anchor("added" if before.number is None else "changed", entry.number)
    elif before.number is not None:
        anchor = entry_anchor("removed", before.number)
    else:
        return {}
    holder = ctx.where.diff(diff).entries.get(anchor)
    if holder is None:
        return {}  # unchanged: no entry
    href = relpath(html_path(holder), here) + f"#{anchor}"
    return {"diff_href": href, "diff_label": f"changes {diff.old.label} → {diff.new.label}"}


def history_summary(rule: Rule, section: Section, ctx: Context) -> str:
    """What a collapsed history says: "History", and on an older edition's page
    where the rule lives now ("History: now 424.2 in v1.4")."""
    document = (section.game, section.document, section.language)
    entries = (ctx.history or {}).get(document, {}).get((section.edition, rule.number))
    lang = section.language
    summary = t(lang, "history")
    current = ctx.editions.current_of(document)
    now = next((e for e in entries or () if current and e.edition_label == current.label), None)
    if now is not None and section.edition != current.label:
        if now.number is None and isinstance(now.how, Absent) and now.how.why == "not-yet":
            # Printed after the current edition (an excerpt dated later): new since it.
            state = t(lang, "history-newer", edition=now.edition_label)
        elif now.number is None:
            state = how_words(now.how, lang)
        elif now.number != rule.number:
            state = t(lang, "history-now", number=now.number, edition=now.edition_label)
        else:
            reworded = changed_since(entries, section.edition)
            key = "history-reworded" if reworded else "history-unchanged"
            if reworded and not changed_since(entries, section.edition, references=False):
                key = "history-references"  # only the numbers it cites were renumbered
            state = t(lang, key, edition=now.edition_label)
        summary = t(lang, "how-detailed", head=summary, details=state)
    return summary


def fallback_link(rows: list[dict], section: Section, ctx: Context) -> tuple[str, str] | None:
    """(text, href) of the one link an opened History shows without JavaScript:
    on an older page, the rule in the current edition; on a current page, the
    rule in the last earlier edition printing it; else the diff-page entry that
    shows it added or removed (module docstring)."""
    current = ctx.editions.current_of((section.game, section.document, section.language))
    labels = [r["edition"] for r in rows]
    here = labels.index(section.edition) if section.edition in labels else len(rows)
    if current is not None and section.edition != current.label:
        candidates = [r for r in rows if r["edition"] == current.label] + rows[here + 1 :] + rows[:here][::-1]
    else:
        candidates = rows[:here][::-1] + rows[here + 1 :]
    for row in candidates:
        if row.get("href"):
            return row["label"], row["href"]
    for row in rows[here:] + rows[:here]:
        if row.get("diff_href"):
            return row["diff_label"], row["diff_href"]
    return None


def cited_by(rule: Rule, section: Section, ctx: Context, page: str) -> list[list[str]]:
    """[title, href] of each FAQ answer, ruling and walkthrough citing the rule,
    as `ctx.item_link` links them from `page` (its HTML)."""
    out = []
    for item in ctx.citations.by_rule.get((section.key, rule.number), []):
        if isinstance(item, FaqAnswer):
            (to_page, language), anchor, title = ctx.faq_home(item), faq_anchor(item), item.question
        else:
            to_page, language, anchor, title = page_of(item), CONTENT_LANGUAGE, "", item.title
        out.append([title, cross_href(page, ctx.language, to_page, language, anchor)])
    return out


def folds_cited_by(rule: Rule, section: Section, ctx: Context, page: str) -> bool:
    """Whether the rule's "Cited by" is folded into its History (which then loads
    it with the rows) rather than printed under it: where the rule has a History.
    The section's own lists of rulings, answers and walkthroughs stay on the page."""
    return history_rows(rule, section, ctx, page) is not None


def rule_history(rule: Rule, section: Section, ctx: Context, page: str) -> tuple[str, tuple[str, str] | None] | None:
    """What a rule's collapsed history shows: its summary and the one link it
    holds without JavaScript (None: the rule has no history)."""
    rows = history_rows(rule, section, ctx, page)
    if rows is None:
        return english_history(rule, section, ctx, page)
    link = fallback_link(rows, section, ctx)
    summary = history_summary(rule, section, ctx)
    if cited := ctx.citations.by_rule.get((section.key, rule.number)):
        summary = t(section.language, "history-cited", summary=summary, count=len(cited))
    return summary, link


def english_history(rule: Rule, section: Section, ctx: Context, page: str) -> tuple[str, tuple[str, str]] | None:
    """A translated rule with no history of its own is the English rule it
    translates: its History leads to that rule, where the English History
    (the editions, their word diffs) is (None: the English rule has none)."""
    english = english_with_history(ctx.concordance, ctx.history, section, rule.number)
    if english is None:
        return None
    lang = section.language
    href = cross_href(page, lang, section_page(english[0].key), "en", english[1], notice=False)
    return t(lang, "history-english"), (t(lang, "translation-changed-link", number=english[1]), href)


def rule_history_lines(rule: Rule, section: Section, ctx: Context, page: str) -> list[Md]:
    """Under a rule: its collapsed history, its rows (and what cites it) left to
    the page's history file."""
    history = rule_history(rule, section, ctx, page)
    if history is None:
        return []
    return [md("history", summary=history[0], link=history[1]), ""]


def history_files(ctx: Context, language: str, sections: list[Section]) -> dict[str, str]:
    """One small script per section page (of `sections`, shown in this
    language's site) that has histories: page, language, and rule number -> its
    rows (`history_rows`). Older editions' pages have theirs too."""
    files = {}
    for section in sections:
        page = section_page(section.key)
        rules, cited = {}, {}
        for rule in section.rules:
            rows = history_rows(rule, section, ctx, page)
            if rows is not None:
                rules[rule.number] = [{k: v for k, v in row.items() if k != "edition"} for row in rows]
                if items := cited_by(rule, section, ctx, html_path(page)):
                    cited[rule.number] = items
            elif rows := english_rows(rule, section, ctx, html_path(page)):
                # The English rule's History, its "Cited by" printed on the page.
                rules[rule.number] = [{k: v for k, v in row.items() if k != "edition"} for row in rows]
        if rules:
            data = {"page": html_path(page), "lang": language, "rules": rules, "cited": cited}
            files[history_file(html_path(page))] = "RulesiteHistory.add(" + script_json(data) + ");\n"
    return files


def _bundle_reads(prints, ctx: Context, language: str) -> list:
    """Every section of every edition, texts included, and (its rows list
    them) what cites each rule of the language's current sections."""
    by_rule = ctx.citations.by_rule
    cited = [
        [[shown(ctx, item) for item in by_rule.get((key, rule.number), [])] for rule in section.rules]
        for key, section in ((section.key, section) for section in ctx.corpus.sections.values())
        if section.language == ctx.language
    ]
    return [prints.texts, cited]


@declare("history bundle", _bundle_reads)
def history_bundle(ctx: Context, language: str) -> dict[str, str]:
    """`HISTORY_BUNDLES`: the history files of this language's current editions'
    pages, path -> text, exactly as `history_files` makes them for those pages
    (made again here, a tenth of a second on the full corpora, as the pages
    are rendered in runs by separate jobs; a warm build joins theirs instead:
    render/site.py); none when no page has a history."""
    return bundle_of(history_files(ctx, language, current_sections(ctx, language)))


def current_sections(ctx: Context, language: str) -> list[Section]:
    """The sections whose history files the bundle holds: the current editions' in this language."""
    return [section for section in ctx.corpus.sections.values() if section.language == language]


def bundle_of(files: dict[str, str]) -> dict[str, str]:
    """`HISTORY_BUNDLES` of these history files (path -> text), one a document's
    folder; none when there are none."""
    folders: dict[str, dict[str, str]] = {}
    for path, text in files.items():
        page = path.removeprefix(HISTORIES + "/").removesuffix(".js") + ".html"
        folders.setdefault(bundle_folder(page), {})[path] = text
    # The files' texts as they are: the service worker stores each under its
    # own URL, checked against the hash the precache lists for it.
    return {
        bundle_path(HISTORY_BUNDLES, folder): script_json({"files": dict(sorted(held.items()))})
        for folder, held in sorted(folders.items())
    }
