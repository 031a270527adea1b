"""One site per language, with the same page paths in each.

A page whose content exists only in another language is, in this language's
site, a short stub that says so and links there: every rule stays in exactly
one place per site, and the language switcher always finds the same path.
Links between language sites are plain HTML links, since each MkDocs build
only knows its own pages.
"""
from __future__ import annotations

from ..model import Section
from .context import Context
from .escape import Md
from .escape import page as whole_page
from .markup import link as html_link
from .markup import missing
from .paths import cross_href, section_page
from .strings import LANGUAGE_NAMES, language_in, t


def site_languages(ctx: Context) -> tuple[str, ...]:
    found = {s.language for s in ctx.corpus.sections.values()} | {g.language for g in ctx.corpus.guides} | {"en"}
    return ("en", *sorted(found - {"en"}))


def cross_language_href(page: str, from_language: str, to_language: str, anchor: str = "") -> str:
    """From a page of one language's site to the same path in another's."""
    return cross_href(page, from_language, page, to_language, anchor)


def stub(page: str, title: str, content_language: str, ctx: Context, extra: list[Md] = ()) -> str:
    """The page `page` of this site, whose content exists only in `content_language`."""
    lang = ctx.language
    href = cross_language_href(page, lang, content_language)
    where = language_in(lang, content_language)
    there = html_link(f"{title} ({where})", href, css="other-language", hreflang=content_language)
    lines = [
        Md("# {}").format(title),
        "",
        Md("{} {}").format(t(lang, "only-in", language=where), there),
        Md("{: .only-in }"),
        "",
        *extra,
        "",
    ]
    return whole_page(title, lines)


def other_rule_at_same_path(section: Section, page: str, ctx: Context) -> list[str]:
    """Where another language prints a different rule under this number (Spanish
    701.20 is Reveal, English 701.20 is Shuffle), say so, and send the language
    switcher to that language's contents page instead of the wrong rule."""
    out = []
    for other in ctx.languages:
        there = ctx.corpus.sections.get(section.key[:3] + (other,))
        if other == section.language or there is None:
            continue
        equivalent = ctx.concordance.for_section(there)
        if equivalent is None or equivalent.side(section.language) is None:
            continue
        if equivalent.side(section.language).number == section.number:
            continue
        contents = f"{section.game}/{section.document}/index.md"
        href = cross_href(page, ctx.language, contents, other)
        data = {"equivalent-from": section.number, "equivalent-to": ""}
        out += [html_link("", href, css="other-language", hreflang=other, data=data, hidden=True), ""]
    return out


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
            href = cross_href(page, lang, target_page, side.language, side.section.number)
            # The language switcher follows this link, renumbering the anchor.
            data = {"equivalent-from": section.number, "equivalent-to": side.number}
            text = f"{side.number} {side.section.title}"
            link = html_link(text, href, css="other-language", hreflang=side.language, data=data)
        edition = t(lang, "undated") if side.edition == "undated" else side.edition
        # The interface sentence around the link: its text escaped, the link put in its place.
        before, _, after = t(lang, "equivalent", language=language_in(lang, side.language), link="\0", edition=edition).partition("\0")
        out += [Md("{}{}{}").format(before, link, after), Md("{: .equivalent }"), ""]
        if here is not None and side.language == "en" and here.edition != side.edition:
            own = t(lang, "undated") if here.edition == "undated" else here.edition
            out += [
                Md('!!! warning ""'),
                Md("    {}").format(t(lang, "translation-behind", edition=own, language=language_in(lang, "en"), other=edition)),
                "",
            ]
    return out


__all__ = ["LANGUAGE_NAMES", "cross_language_href", "equivalents_note", "other_rule_at_same_path", "site_languages", "stub"]
