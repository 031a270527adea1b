"""One page per section: its rules, anchored by number, with examples, FAQ and
the rulings and walkthroughs that concern it."""
from __future__ import annotations

from ..model import FaqAnswer, Rule, Ruling, Section, Walkthrough
from .context import Context
from .escape import attr_value, front_matter, md_text
from .edition_pages import edition_banner, rule_history_lines
from .languages import equivalents_note, other_rule_at_same_path
from .paths import faq_anchor, html_path, section_page, short_link
from .strings import t


def render_section(section: Section, ctx: Context) -> str:
    page = section_page(section.key)
    lang = section.language
    out = [
        *front_matter(f"{section.number} {section.title}", _description(section)),
        # The section number anchors its heading, unless a rule has the same
        # number (Magic's untitled sections: 100.1 is the section and its rule).
        f"# {md_text(section.number)} {md_text(section.title)}"
        + ("" if any(r.number == section.number for r in section.rules) else f" {{: #{section.number} }}"),
        "",
    ]
    sources = [ctx.corpus.sources[s] for s in section.source_ids]
    out.append(f"{t(lang, 'sources')}: " + "; ".join(ctx.source_line(s, lang) for s in sources))
    out.append("{: .source-note }")
    out.append("")
    out += edition_banner(section, ctx, page)
    out += equivalents_note(section, page, ctx)
    out += other_rule_at_same_path(section, page, ctx)
    for note in section.notes:
        out += ['!!! info ""', f"    {md_text(t(lang, note))}", ""]
    out += [f"## {t(lang, 'rules')} {{: #rules }}", ""]
    for rule in section.rules:
        out += _rule(rule, section, page, ctx, sources)
    if section.version_path:
        return "\n".join(out) + "\n"  # FAQ answers and rulings sit with the current text
    faqs = [f for f in ctx.corpus.faqs if f.game == section.game and f.section == section.number]
    if faqs:
        out += [f"## {t(lang, 'related-faq')} ({len(faqs)}) {{: #related-faq }}", ""]
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
        out += [f"## {t(lang, key)} ({len(items)}) {{: #{anchor} }}", ""]
        out += [f"- {ctx.item_link(item, page)}" for item in items]
        out.append("")
    return "\n".join(out) + "\n"


def _rule(rule: Rule, section: Section, page: str, ctx: Context, sources) -> list[str]:
    lang = section.language
    number = rule.number
    text = ctx.inline(rule.text, section.game, page, section, terms=False)
    # Shareable link: the short page of a current rule; an older edition's rule
    # is shared by its versioned address.
    short = short_link(section.game, section.document, number) if not section.version_path else f"{html_path(page)}#{number}"
    # The rule's text is a heading so that search lists every rule as its own
    # result (Material indexes a page by headings); CSS shows it as body text.
    out = [
        f'<div class="rule depth-{rule.depth}" data-rule="{number}" '
        f'data-short="{short}" markdown>',
        f'<h4 class="rule-head" id="{number}" markdown="span">'
        f'<a class="rule-number" href="#{number}" title="{attr_value(t(lang, "link-to", what=number))}">{number}</a> {text}</h4>',
        "",
    ]
    for i, example in enumerate(rule.examples, 1):
        out += [
            f'<div class="admonition example" id="{number}-example-{i}" markdown>',
            f'<p class="admonition-title">{attr_value(example.label)}</p>',
            "",
            ctx.inline(example.text, section.game, page, section, terms=False),
            "",
            "</div>",
            "",
        ]
    meta = []
    if len(rule.source_ids) < len(sources):  # say so only where sources differ
        meta.append(f"{t(lang, 'source')}: " + ", ".join(f"`{s}`" for s in rule.source_ids))
    cited_by = ctx.citations.by_rule.get((section.key, number), [])
    if cited_by:
        meta.append(f"{t(lang, 'cited-by')}: " + " · ".join(ctx.item_link(i, page) for i in cited_by))
    if meta:
        out += [" — ".join(meta), '{: .rule-meta }', ""]
    out += rule_history_lines(rule, section, ctx, page)
    out += ["</div>", ""]
    return out


def _faq(faq: FaqAnswer, section: Section, page: str, ctx: Context) -> list[str]:
    lang = section.language
    return [
        f"### {md_text(faq.question)} {{: #{faq_anchor(faq)} .faq-question }}",
        "",
        ctx.inline(faq.answer, faq.game, page, section),
        "{: .faq-answer }",
        "",
        f"{t(lang, 'source')}: {ctx.source_line(ctx.corpus.sources[faq.source_id], lang)}",
        "{: .source-note }",
        "",
    ]


def _description(section: Section) -> str:
    first = section.rules[0].text if section.rules else ""
    return first[:200]
