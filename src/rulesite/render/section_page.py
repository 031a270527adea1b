"""One page per section: its rules, anchored by number, with examples, FAQ and
the rulings and walkthroughs that concern it."""

from __future__ import annotations

import posixpath
from operator import attrgetter

from ..common.model import FaqAnswer, Rule, Ruling, Section, SectionKey, Walkthrough, sort_key
from .context import Context
from .edition_pages import edition_banner, number_meant_another
from .history import folds_cited_by, rule_history, rule_history_lines
from .escape import Html, Md, block, md_text, script_json
from .escape import page as whole_page
from .languages import behind_lines, equivalents_note
from .markup import UNSEARCHED, code, div, finished, heading, md, plain_heading, relpath
from ..site_map.paths import example_anchor, faq_anchor, html_path, section_page, short_link
from .labels import section_label
from .pinned import pinned_editions, pinned_link
from .faq_translations import translation_lines
from .official import authority, question_heading, revision_lines
from .ruling_page import freshness
from .share import faq_cite, faq_share, section_image, section_preview
from ..common.strings import t


_NUMBER = attrgetter("number")


def _was_rules(section: Section, ctx: Context, page: str) -> list:
    """Where this number meant another section in an older edition: a hidden list
    of what each of its rules then is now (old number -> today's, null when
    gone) and their pinned links, so that an old address's anchor
    (411.html#411.1) is told, above the rule it shows, what it meant
    (assets/pinned-notice.js)."""
    out = []
    document = (section.game, section.document, section.language)
    pinned = pinned_editions(ctx, section.language)
    for was in ctx.changes.was.get(section.key, ())[-1:]:  # the newest meaning before today's
        if (*document[:2], was.edition) not in pinned:
            continue
        successors = ctx.editions.successors.get(document, {})
        rules = {
            number: successor.now
            for (label, number), successor in successors.items()
            if label == was.edition
            and (number == section.number or (number.startswith(section.number) and not number[len(section.number)].isdigit()))
        }
        if not rules:
            continue
        href = relpath(pinned_link(section.game, section.document, was.edition, "{}"), posixpath.dirname(page) or ".")
        data = {
            "was-edition": was.edition,
            "was-title": was.title,
            "was-pinned": href,
            "was-rules": script_json(dict(sorted(rules.items()))),
        }
        out += [div("was-rules", data=data), "", Md("</div>"), ""]
    return out


def render_section(section: Section, ctx: Context) -> str:
    page = section_page(section.key)
    lang = section.language
    title = Md("{} {}").format(section.number, section.title)
    out = [
        # The section number anchors its heading, unless a rule has the same
        # number (Magic's untitled sections: 100.1 is the section and its rule).
        Md("# {}").format(title) if section.number in map(_NUMBER, section.rules) else heading(1, title, id=section.number),
        "",
    ]
    sources = [ctx.corpus.sources[s] for s in section.source_ids]
    out.append(Md("{}: {}").format(t(lang, "sources"), Md("; ").join(ctx.source_line(s, lang) for s in sources)))
    out.append(Md('{: .source-note data-search-exclude="1" }'))
    out.append("")
    out += edition_banner(section, ctx, page)
    out += number_meant_another(section, ctx, page)
    out += _was_rules(section, ctx, page)
    out += equivalents_note(section, page, ctx)
    for note in section.notes:
        out += [Md('!!! info ""'), Md("    {}").format(t(lang, note)), ""]
    # The rules' heading has no id, so the search index holds the rules under
    # the section's own title ("424 Reveal"), one entry per section, not two.
    out += [plain_heading(2, t(lang, "rules")), ""]
    for rule in section.rules:
        out += _rule(rule, section, page, ctx, sources)
    before, after = neighbours(section, ctx)
    out += [block(_section_nav(before, after, lang)), ""]
    # The page's <link rel="prev|next">: Material's keys p and n (also "," and ".") follow them.
    around = {
        "prev": html_path(section_page(before.key)) if before else "",
        "next": html_path(section_page(after.key)) if after else "",
    }
    if section.version_path:  # FAQ answers and rulings sit with the current text
        # An older edition stays searchable, below today's text.
        return whole_page(
            section_label(section),
            [*out, ""],
            **section_preview(section),
            **section_image(section),
            **around,
            share=share_pattern(section, page, ctx),
            search={"boost": 0.2},
        )
    faqs = ctx.section_faqs(section)
    if faqs:
        # Each answer is its own search entry (its h3); the heading alone is none.
        out += [Md('## {} ({}) {{: #related-faq data-search-exclude="1" }}').format(t(lang, "related-faq"), len(faqs)), ""]
        for faq in faqs:
            out += _faq(faq, section, page, ctx)
    concerned = ctx.citations.by_section.get(section.key, [])
    others = [i for i in concerned if isinstance(i, FaqAnswer) and i.section != section.number]
    rulings = [i for i in concerned if isinstance(i, Ruling)]
    walks = [i for i in concerned if isinstance(i, Walkthrough)]
    for key, items in (("related-faq", others), ("rulings", rulings), ("walkthroughs", walks)):
        if not items:
            continue
        anchor = "faq-elsewhere" if key == "related-faq" else key
        # Lists of titles that are searched on their own pages: not in the index twice.
        out += [heading(2, Md("{} ({})").format(t(lang, key), len(items)), id=anchor, data=UNSEARCHED), ""]
        out += [Md("- {}").format(ctx.item_link(item, page)) for item in items]
        out.append("")
    return whole_page(
        section_label(section),
        [*out, ""],
        **section_preview(section),
        **section_image(section),
        **around,
        share=share_pattern(section, page, ctx),
    )


def neighbours(section: Section, ctx: Context) -> tuple[Section | None, Section | None]:
    """The sections before and after `section` in number order, among the pages of
    its folder (its document's plain pages, or its edition's own pages)."""

    def order() -> dict[SectionKey, tuple[Section | None, Section | None]]:
        folders: dict[tuple[str, str, str], list[Section]] = {}
        for shown in ctx.editions.pages_of(ctx.language):
            folders.setdefault((shown.game, shown.document, shown.key.edition), []).append(shown)
        around = {}
        for found in folders.values():
            found.sort(key=lambda s: sort_key(s.number))
            for k, shown in enumerate(found):
                around[shown.key] = (found[k - 1] if k else None, found[k + 1] if k + 1 < len(found) else None)
        return around

    return ctx._memo(("section-neighbours", ctx.language), order).get(section.key, (None, None))


def _section_nav(before: Section | None, after: Section | None, lang: str) -> Html:
    """Links to the previous and next sections, at the foot of the page; each says
    its direction in words and names the section."""
    links = []
    for other, rel, key in ((before, "prev", "section-previous"), (after, "next", "section-next")):
        if other is None:
            continue
        links.append(
            # Short markup: a page's bytes count against its first view's budget.
            Html('<a rel="{}" href="{}"><span>{}</span> {}</a>').format(
                rel, posixpath.basename(html_path(section_page(other.key))), t(lang, key), section_label(other)
            )
        )
    return Html('<nav class="section-nav" aria-label="{}" data-search-exclude="1">{}</nav>').format(
        t(lang, "section-nav"), Html("").join(links)
    )


def share_pattern(section: Section, page: str, ctx: Context) -> str:
    """Where a rule of the page is shared from, "{}" standing for its number:
    pinned to the rule's edition where the document has several
    (r/1.4/{}.html keeps naming the rule after a renumbering); else the short
    page of a current rule, or an older edition's versioned address. The same
    for every rule of a page, so the page says it once (copy-link.js)."""
    if (section.game, section.document, section.edition) in pinned_editions(ctx, section.language):
        return pinned_link(section.game, section.document, section.edition, "{}")
    if not section.version_path:
        return short_link(section.game, section.document, "{}")
    return f"{html_path(page)}#{{}}"


def _rule(rule: Rule, section: Section, page: str, ctx: Context, sources) -> list[str]:
    lang = section.language
    number = rule.number
    # An older edition's rule that the next edition prints unchanged is searched
    # there: the index holds each text once, at the newest edition printing it.
    unsearched = bool(section.version_path) and ctx.changes.printed_again(
        ctx.corpus, (section.game, section.document, section.language), section.edition, rule.number
    )
    meta = []
    if len(rule.source_ids) < len(sources):  # say so only where sources differ
        meta.append(Md("{}: {}").format(t(lang, "source"), Md(", ").join(code(s) for s in rule.source_ids)))
    cited_by = ctx.citations.by_rule.get((section.key, number), [])
    if cited_by and not folds_cited_by(rule, section, ctx, page):  # else in its History
        meta.append(Md("{}: {}").format(t(lang, "cited-by"), Md(" · ").join(ctx.item_link(i, page) for i in cited_by)))
    revised = revision_lines(rule, section, ctx, page) + behind_lines(section, number, page, ctx)
    if not meta and not revised:
        # Nearly every rule: finished HTML, which MkDocs need not read (escape.Html).
        return [block(_finished_rule(rule, section, page, ctx, unsearched))]
    # Its links to other pages are Markdown, which MkDocs checks and rewrites.
    text = ctx.inline(rule.text, section.game, page, section, terms=False)
    out = [md("rule", depth=rule.depth, number=number, text=text, unsearched=unsearched), ""]
    for i, example in enumerate(rule.examples, 1):
        out += [
            md("div", classes="admonition example", id=example_anchor(number, i), data=[]),
            md("example_title", label=example.label),
            "",
            ctx.inline(example.text, section.game, page, section, terms=False),
            "",
            Md("</div>"),
            "",
        ]
    if meta:
        out += [Md(" — ").join(meta), Md('{: .rule-meta data-search-exclude="1" }'), ""]
    out += revised
    out += rule_history_lines(rule, section, ctx, page)
    out += [Md("</div>"), ""]
    return out


def _finished_rule(rule: Rule, section: Section, page: str, ctx: Context, unsearched: bool) -> Html:
    """A rule with no line under it but its History, as the built page shows it."""
    game, number = section.game, rule.number
    examples = [
        (example_anchor(number, i), example.label, ctx.inline_html(example.text, game, page, section, terms=False))
        for i, example in enumerate(rule.examples, 1)
    ]
    return finished(
        "rule",
        depth=rule.depth,
        number=number,
        text=ctx.inline_html(rule.text, game, page, section, terms=False),
        unsearched=unsearched,
        examples=examples,
        history=rule_history(rule, section, ctx, page),
    )


def _faq(faq: FaqAnswer, section: Section, page: str, ctx: Context) -> list[str]:
    lang = section.language
    return [
        heading(
            3,
            md_text(question_heading(faq, lang)),
            id=faq_anchor(faq),
            classes="faq-question",
            data=faq_share(faq) | faq_cite(faq, ctx),
        ),
        "",
        ctx.quoted(faq.answer, faq.game, page, section),
        Md("{: .faq-answer }"),
        "",
        *translation_lines(faq, ctx, page),
        *(authority(faq, ctx, page) or freshness(faq, ctx)),
        Md("{}: {}").format(t(lang, "source"), ctx.source_line(ctx.corpus.sources[faq.source_id], lang)),
        Md('{: .source-note data-search-exclude="1" }'),
        "",
    ]
