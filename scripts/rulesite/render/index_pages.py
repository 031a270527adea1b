"""The pages that lead to everything else: home, per-game indexes, keywords."""
from __future__ import annotations

from collections import defaultdict

from ..model import Section
from .context import Context
from .escape import md_text
from .paths import (
    HOME,
    KEYWORDS,
    UNRESOLVED,
    faq_anchor,
    faq_index,
    game_index,
    page_of,
    relative,
    rulings_index,
    section_page,
    walkthroughs_index,
)

GAME_NAMES = {"riftbound": "Riftbound", "magic": "Magic: The Gathering"}


def sections_of(ctx: Context, game: str) -> list[Section]:
    return [s for s in ctx.corpus.sections.values() if s.game == game]


def games(ctx: Context) -> list[str]:
    return list(dict.fromkeys(s.game for s in ctx.corpus.sections.values()))


def render_home(ctx: Context) -> str:
    corpus = ctx.corpus
    rules = sum(1 for _ in corpus.rules())
    out = [
        "# Rules reference {: #home }",
        "",
        f"This site holds {rules} rules in {len(corpus.sections)} sections, "
        f"{len(corpus.faqs)} official FAQ answers, {len(corpus.rulings)} community rulings and "
        f"{len(corpus.walkthroughs)} step-by-step walkthroughs of the rules' examples. "
        "Every rule reference is a link; every rule, FAQ answer, ruling and walkthrough has a permalink.",
        "",
    ]
    for game in games(ctx):
        out += [f"## {GAME_NAMES.get(game, game)}", ""]
        for section in sections_of(ctx, game):
            out.append(f"- [{md_text(section.number)} {md_text(section.title)}]({section_page(section.key)})")
        out.append(f"- [All {GAME_NAMES.get(game, game)} pages]({game_index(game)})")
        out.append("")
    example = next(iter(corpus.sections.values()), None)
    deep = example.rules[min(6, len(example.rules) - 1)] if example and example.rules else None
    out += ["## Linking to a rule or a ruling {: #linking }", ""]
    if deep:
        html = section_page(example.key).replace(".md", ".html")
        out += [
            f"Every rule is anchored by its printed number: add `#` and the number to its section's address, "
            f"for example `{html}#{deep.number}` lands on [rule {deep.number}]({section_page(example.key)}#{deep.number}). "
            "Click a rule's number to get that link in the address bar.",
            "",
        ]
    if corpus.rulings:
        ruling = corpus.rulings[0]
        out += [
            f"Every ruling has a page named by its id, for example `{page_of(ruling).replace('.md', '.html')}` "
            f"for [{md_text(ruling.title)}]({page_of(ruling)}). Ids never change when rulings are added or reordered.",
            "",
        ]
    out += [
        "FAQ answers are anchored under their section as `#faq-` and a slug of the question. "
        f"Words that name a section link to it: see the [keyword index]({KEYWORDS}).",
        "",
    ]
    return "\n".join(out)


def render_game_index(ctx: Context, game: str) -> str:
    page = game_index(game)
    out = [f"# {GAME_NAMES.get(game, game)} {{: #{game} }}", "", "| Section | Rules | Document | Language |", "|---|---|---|---|"]
    for s in sections_of(ctx, game):
        link = f"[{md_text(s.number)} {md_text(s.title)}]({relative(page, section_page(s.key))})"
        out.append(f"| {link} | {len(s.rules)} | {md_text(s.document)} | {s.language} |")
    out.append("")
    extras = []
    if any(f.game == game for f in ctx.corpus.faqs):
        extras.append(f"- [Official FAQ answers]({relative(page, faq_index(game))})")
    if any(r.game == game for r in ctx.corpus.rulings):
        extras.append(f"- [Community rulings]({relative(page, rulings_index(game))})")
    if any(w.game == game for w in ctx.corpus.walkthroughs):
        extras.append(f"- [Walkthroughs]({relative(page, walkthroughs_index(game))})")
    return "\n".join(out + extras) + "\n"


def render_faq_index(ctx: Context, game: str) -> str:
    page = faq_index(game)
    out = ["# Official FAQ answers {: #faq }", ""]
    by_section = defaultdict(list)
    for faq in ctx.corpus.faqs:
        if faq.game == game:
            by_section[faq.section].append(faq)
    for s in sections_of(ctx, game):
        if s.number not in by_section:
            continue
        out += [f"## {md_text(s.number)} {md_text(s.title)}", ""]
        for faq in by_section[s.number]:
            out.append(f"- [{md_text(faq.question)}]({relative(page, section_page(s.key), faq_anchor(faq))})")
        out.append("")
    return "\n".join(out)


def render_rulings_index(ctx: Context, game: str) -> str:
    page = rulings_index(game)
    rulings = [r for r in ctx.corpus.rulings if r.game == game]
    out = ["# Community rulings {: #rulings }", "", f"{len(rulings)} rulings, each with its own permalink.", ""]
    sources = dict.fromkeys(r.source_id for r in rulings)
    for source_id in sources:
        source = ctx.corpus.sources[source_id]
        out += [f"From {ctx.source_line(source, 'en')}.", "{: .source-note }", ""]
        if source.licence:
            out += [md_text(source.licence), "{: .licence }", ""]
    out += ["| Ruling | Steps | Nuances |", "|---|---|---|"]
    for r in rulings:
        out.append(f"| [{md_text(r.title)}]({relative(page, page_of(r))}) | {len(r.steps)} | {len(r.nuances)} |")
    return "\n".join(out) + "\n"


def render_walkthroughs_index(ctx: Context, game: str) -> str:
    page = walkthroughs_index(game)
    out = ["# Walkthroughs {: #walkthroughs }", "", "The rules' worked examples, step by step.", ""]
    for w in ctx.corpus.walkthroughs:
        if w.game == game:
            out.append(f"- [{md_text(w.title)}]({relative(page, page_of(w))}) — {ctx.rule_link(game, w.rule, page)}")
    return "\n".join(out) + "\n"


def render_keywords(ctx: Context) -> str:
    out = ["# Keyword index {: #keywords }", "", "Words that link to the section defining them.", ""]
    for game, forms in ctx.linker.keywords.items():
        out += [f"## {GAME_NAMES.get(game, game)}", "", "| Keyword | Section | Also linked |", "|---|---|---|"]
        by_number = defaultdict(list)
        for form, number in forms.items():
            by_number[number].append(form)
        for s in sections_of(ctx, game):
            if s.number in by_number:
                words = ", ".join(f"`{w}`" for w in by_number[s.number] if w != s.title)
                link = f"[{md_text(s.number)}]({relative(KEYWORDS, section_page(s.key))})"
                out.append(f"| {md_text(s.title)} | {link} | {words} |")
        out.append("")
    return "\n".join(out)


def render_unresolved(ctx: Context) -> str:
    out = [
        "# References to rules not in the sources {: #unresolved }",
        "",
        "These rule numbers are cited but their rules are not among this site's sources; "
        "they are shown in a distinct style wherever they appear.",
        "",
        "| Rule | Times cited |",
        "|---|---|",
    ]
    for number, count in sorted(ctx.linker.unresolved.items()):
        out.append(f"| {md_text(number)} | {count} |")
    return "\n".join(out) + "\n"


__all__ = ["HOME", "UNRESOLVED"]
