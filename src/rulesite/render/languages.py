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
from .escape import attr_value, front_matter, md_text
from .paths import cross_href, section_page
from .strings import LANGUAGE_NAMES, language_in, t


def site_languages(ctx: Context) -> tuple[str, ...]:
    found = {s.language for s in ctx.corpus.sections.values()} | {g.language for g in ctx.corpus.guides} | {"en"}
    return ("en", *sorted(found - {"en"}))


def cross_language_href(page: str, from_language: str, to_language: str, anchor: str = "") -> str:
    """From a page of one language's site to the same path in another's."""
    return cross_href(page, from_language, page, to_language, anchor)


def stub(page: str, title: str, content_language: str, ctx: Context, extra: list[str] = ()) -> str:
    """The page `page` of this site, whose content exists only in `content_language`."""
    lang = ctx.language
    href = cross_language_href(page, lang, content_language)
    where = md_text(language_in(lang, content_language))
    return "\n".join(
        [
            *front_matter(title),
            f"# {md_text(title)}",
            "",
            f'{md_text(t(lang, "only-in", language=language_in(lang, content_language)))} '
            f'<a class="other-language" hreflang="{content_language}" href="{attr_value(href)}">'
            f"{md_text(title)} ({where})</a>",
            "{: .only-in }",
            "",
            *extra,
            "",
        ]
    )


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
        out += [
            f'<a class="other-language" hidden hreflang="{other}" href="{attr_value(href)}" '
            f'data-equivalent-from="{attr_value(section.number)}" data-equivalent-to=""></a>',
            "",
        ]
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
            link = f'<span class="ref-missing" title="{attr_value(t(lang, "not-in-sources", number=side.number))}">{md_text(side.number)}</span>'
        else:
            target_page = section_page(side.section.key)
            href = cross_href(page, lang, target_page, side.language, side.section.number)
            # The language switcher follows this link, renumbering the anchor.
            link = (
                f'<a class="other-language" hreflang="{side.language}" href="{attr_value(href)}" '
                f'data-equivalent-from="{attr_value(section.number)}" data-equivalent-to="{attr_value(side.number)}">'
                f"{md_text(side.number)} {md_text(side.section.title)}</a>"
            )
        edition = t(lang, "undated") if side.edition == "undated" else side.edition
        out += [
            md_text(t(lang, "equivalent", language=language_in(lang, side.language), link="\0", edition=edition)).replace("\0", link),
            "{: .equivalent }",
            "",
        ]
        if here is not None and side.language == "en" and here.edition != side.edition:
            own = t(lang, "undated") if here.edition == "undated" else here.edition
            out += [
                '!!! warning ""',
                "    " + md_text(t(lang, "translation-behind", edition=own, language=language_in(lang, "en"), other=edition)),
                "",
            ]
    return out


__all__ = ["LANGUAGE_NAMES", "site_languages", "stub", "equivalents_note", "cross_language_href", "other_rule_at_same_path"]
