"""One site per language, with the same page paths in each.

Each language's site holds only its own pages: a page whose content exists
only in another language is not copied into this site as a stub. Links to it
go to the site that has it, with `?from=<language>` so that page can say it is
not in the reader's language. Every page that some language lacks (or holds
another rule at the same number) carries a small hidden marker
(`mark_missing_translations`) for the language switch
(assets/language-switch.js): for each such language, the page its readers get
instead, worked out here from the concordance (`switch_routes`), never from the
address, and the notices a reader arriving here from another language is shown.
Links between language sites are plain HTML links, since each MkDocs build
only knows its own pages.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..common.model import Section
from .context import Context
from .escape import Md, html_text
from .markup import link as html_link
from .markup import missing
from ..site_map.paths import cross_href, html_path, section_page
from ..common.strings import LANGUAGE_NAMES, language_in, t


@dataclass(frozen=True)
class Route:
    """Where the language switch sends a reader who chooses a language whose site
    lacks the page: `language`'s page `path` (Markdown), with anchors starting
    with `renumber_from` renumbered to start with `renumber_to` (the same rule
    under another number, resolve/concordance.py)."""

    language: str
    path: str
    renumber_from: str = ""
    renumber_to: str = ""


# (page language, Markdown path) -> {the chosen language: its route}
Routes = dict[tuple[str, str], dict[str, Route]]
# (page language, Markdown path) -> {"es" or "fr-es" (from, via): the notice}
Arrivals = dict[tuple[str, str], dict[str, str]]


def _same_rule(ctx: Context, section: Section, language: str) -> tuple[Section, str] | None:
    """`section`'s rule in `language`'s site: through the concordance where it
    names one, else the section of the same number unless the concordance says
    that number is another rule there; with the number it has there."""
    if section.language == language:
        return section, section.number
    equivalent = ctx.concordance.for_section(section)
    side = equivalent.side(language) if equivalent is not None else None
    if side is not None:
        return (side.section, side.number) if side.section is not None else None
    if language in ctx.concordance.another_rule_in(section):
        return None
    there = ctx.corpus.sections.get(section.key.in_language(language))
    return (there, there.number) if there is not None and there.language == language else None


def translated_here(ctx: Context, section: Section) -> bool:
    """Whether the site being rendered lists `section`'s rule at its path in
    another language than `section`'s: in its own (French 424 on the French
    site, for English 424), else in English, where the site lacks it (English
    424 on the Spanish site, for French 424). Each page is listed once."""
    if section.language == ctx.language or section.version_path:
        return False
    preferred = (ctx.language,) if section.language == "en" else (ctx.language, "en")
    for language in preferred:
        same = _same_rule(ctx, section, language)
        if same is not None and same[0] is not section and section_page(same[0].key) == section_page(section.key):
            return True
    return False


def switch_routes(ctx: Context, languages: tuple[str, ...]) -> tuple[Routes, Arrivals]:
    """The routes of the current sections whose rule another language lacks or
    numbers differently, and the notices of the pages they lead to. A reader
    choosing language B on section S (language A) gets, when B has no such rule:
    the same rule in English (or another language that has it), through the
    concordance where its number differs, else S itself; the page reached says so.
    Pages the concordance does not concern keep the default (`_default_route`)."""
    routes: Routes = {}
    arrivals: Arrivals = {}
    concerned = [s for e in ctx.concordance.equivalents for s in (side.section for side in e.sides) if s is not None]
    concerned += [s for s in ctx.corpus.sections.values() if ctx.concordance.another_rule_in(s)]
    for section in {id(s): s for s in concerned}.values():
        if section.version_path or section.language not in languages:
            continue
        page = section_page(section.key)
        for chosen in languages:
            if chosen == section.language or _same_rule(ctx, section, chosen) is not None:
                continue
            # English where it has the rule (as for every page a language lacks), else this page.
            english = _same_rule(ctx, section, "en") if "en" in languages and "en" != chosen else None
            if english is not None and english[0] is not section:
                there, number = english
                route = Route("en", section_page(there.key), *((section.number, number) if number != section.number else ()))
            else:
                route = Route(section.language, page)
            routes.setdefault((section.language, page), {})[chosen] = route
            arrivals.setdefault((route.language, route.path), {}).update(_arrival_notices(ctx, section, chosen, route))
    return routes, arrivals


def _arrival_notices(ctx: Context, section: Section, chosen: str, route: Route) -> dict[str, str]:
    """The notice a reader of `chosen` sees on the route's page, having left `section`."""
    here = language_in(chosen, route.language)
    if route.renumber_from:
        # Reached from another language's page (?from=fr&via=es): its number there too.
        text = t(
            chosen,
            "switch-renumbered",
            language=language_in(chosen, chosen),
            was=language_in(chosen, section.language),
            number=route.renumber_from,
            here=here,
            now=route.renumber_to,
        )
        return {f"{chosen}-{section.language}": text}
    if route.path == section_page(section.key) and chosen in ctx.concordance.another_rule_in(section):
        other = ctx.corpus.sections.get(section.key.in_language(chosen))
        title = f"{other.number} {other.title}" if other is not None else section.number
        return {chosen: t(chosen, "switch-other-rule", language=language_in(chosen, chosen), other=title, here=here)}
    return {}


def site_languages(ctx: Context) -> tuple[str, ...]:
    found = {s.language for s in ctx.corpus.sections.values()} | {g.language for g in ctx.corpus.guides} | {"en"}
    # A written page's translation (docs/linking.fr.md) makes its language's site,
    # sources in that language or not; one the interface lacks is reported when read.
    found |= {p.language for p in ctx.corpus.written if p.language in LANGUAGE_NAMES}
    return ("en", *sorted(found - {"en"}))


def not_in_notice(reader_language: str, page_language: str) -> str:
    return t(reader_language, "not-in-language", language=language_in(reader_language, page_language))


def mark_missing_translations(
    files: dict[str, dict[str, str]], switch: tuple[Routes, Arrivals] | None = None, kept: dict | None = None
) -> None:
    """Appends to every Markdown page that some language's site lacks (or holds
    another rule at its number: `switch`'s routes) a hidden marker: the
    languages that lack it, for each the page its readers get instead (its
    language and path; English where it has the page, else this one, unless
    `switch` routes it elsewhere) and the notices a reader arriving here sees.
    `files`: language -> (path -> text), changed in place. `kept`: the last
    call's pages ((language, path) -> (text, marker's inputs, marked text)),
    replaced by this call's: a page whose text and marker's inputs are as
    they were is not marked again (`RenderMemory.marked`)."""
    routes, arrivals = switch or ({}, {})
    languages = list(files)
    before = dict(kept) if kept is not None else {}
    if kept is not None:
        kept.clear()
    for lang, pages in files.items():
        for path in [p for p in pages if p.endswith(".md")]:
            routed = routes.get((lang, path), {})
            lacking = tuple(other for other in languages if path not in files[other] or other in routed)
            arriving = arrivals.get((lang, path), {})
            if not lacking and not arriving:
                continue
            default = Route("en" if path in files.get("en", {}) else lang, path)
            chosen = {m: routed.get(m, default) for m in lacking}
            text = pages[path]
            said = (tuple(chosen.items()), tuple(arriving.items()))  # in order: the marker lists them so
            found = before.get((lang, path))
            if found is not None and (found[0] is text or found[0] == text) and found[1] == said:
                pages[path] = found[2]
            else:
                # After a blank line; on the next line after finished HTML (escape.block).
                pages[path] = text + ("\n\n" if text.endswith("\n") else "\n") + _marker(lang, chosen, arriving)
            if kept is not None:
                kept[(lang, path)] = (text, said, pages[path])


def _marker(lang: str, routes: dict[str, Route], arriving: dict[str, str]) -> str:
    """data-switch-fr="en" data-switch-fr-path="magic/comprehensive-rules/701.16.html"
    (data-switch-fr-renumber="701.20 701.16") for the switch leaving this page;
    data-notice-fr (data-notice-fr-es: reached from a Spanish page) for the
    reader arriving here: each notice names this page's own language."""
    attrs = []
    for m, route in routes.items():
        attrs.append(
            Md(' data-switch-{}="{}" data-switch-{}-path="{}"').format(
                html_text(m), html_text(route.language), html_text(m), html_text(html_path(route.path))
            )
        )
        if route.renumber_from:
            attrs.append(
                Md(' data-switch-{}-renumber="{} {}"').format(
                    html_text(m), html_text(route.renumber_from), html_text(route.renumber_to)
                )
            )
    notices = {m: not_in_notice(m, lang) for m in routes} | arriving
    attrs += [Md(' data-notice-{}="{}"').format(html_text(key), html_text(text)) for key, text in notices.items()]
    marker = Md('<div class="page-languages" hidden data-missing="{}"{}></div>').format(
        html_text(" ".join(routes)), Md("").join(attrs)
    )
    return f"{marker}\n"


def equivalents_note(section: Section, page: str, ctx: Context) -> list[str]:
    """Under a section's title: the same rule in the other languages, flagged when
    it comes from another edition."""
    equivalent = ctx.concordance.for_section(section)
    if equivalent is None:
        return []
    lang = ctx.language
    here = equivalent.side(section.language)
    out = []
    for side in equivalent.others(section):
        if side.section is None:
            link = missing(side.number, t(lang, "not-in-sources", number=side.number))
        else:
            target_page = section_page(side.section.key)
            # The same rule in the other language: no "not in your language" notice.
            href = cross_href(page, lang, target_page, side.language, side.section.number, notice=False)
            # The language switcher follows this link, renumbering the anchor.
            data = {"equivalent-from": section.number, "equivalent-to": side.number}
            text = f"{side.number} {side.section.title}"
            link = html_link(text, href, css="other-language", hreflang=side.language, data=data)
        edition = t(lang, "undated") if side.edition == "undated" else side.edition
        # The interface sentence around the link: its text escaped, the link put in its place.
        before, _, after = t(lang, "equivalent", language=language_in(lang, side.language), link="\0", edition=edition).partition(
            "\0"
        )
        out += [Md("{}{}{}").format(before, link, after), Md("{: .equivalent }"), ""]
        if here is not None and side.language == "en" and here.edition != side.edition:
            own = t(lang, "undated") if here.edition == "undated" else here.edition
            out += [
                Md('!!! warning ""'),
                Md("    {}").format(t(lang, "translation-behind", edition=own, language=language_in(lang, "en"), other=edition)),
                "",
            ]
    return out


def behind_lines(section: Section, number: str, page: str, ctx: Context) -> list[Md]:
    """Under a translated rule whose English original changed after the edition
    its translation follows (resolve/translations.py): that it did, with a link
    to the English rule, whose History shows the word diff."""
    behind = ctx.concordance.translations.of(section, number)
    if behind is None:
        return []
    return [behind_line(behind, page, ctx.language, ctx), Md('{: .rule-meta .translation-changed data-search-exclude="1" }'), ""]


def behind_line(behind, page: str, lang: str, ctx: Context) -> Md:
    """'The English text has changed since this translation (2026-06-01): 832.1.b in English, with its History.'"""
    english = behind.english
    href = cross_href(page, lang, section_page(english.key), "en", behind.english_number, notice=False)
    text = t(lang, "translation-changed-link", number=behind.english_number)
    link = html_link(text, href, css="other-language", hreflang="en")
    edition = t(lang, "undated") if behind.follows == "undated" else behind.follows
    before, _, after = t(lang, "translation-changed", edition=edition, link="\0").partition("\0")
    return Md("{}{}{}").format(before, link, after)


__all__ = ["LANGUAGE_NAMES", "Route", "site_languages", "switch_routes", "mark_missing_translations", "equivalents_note"]
