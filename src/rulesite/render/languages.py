"""One site per language, with the same page paths in each.

Each language's site holds only its own pages: a page whose content exists
only in another language is not copied into this site as a stub. Links to it
go to the site that has it, with `?from=<language>` so that page can say it is
not in the reader's language; every page that some language lacks carries a
small hidden marker (`mark_missing_translations`) telling the language switch
(assets/language-switch.js) which languages lack it and where to send their readers
instead (the English page where there is one), with the notice to show them.
Links between language sites are plain HTML links, since each MkDocs build
only knows its own pages.
"""

from __future__ import annotations

from ..model import Section
from .context import Context
from .escape import Md, html_text
from .markup import link as html_link
from .markup import missing
from ..site_map.paths import contents_page, cross_href, section_page
from ..strings import LANGUAGE_NAMES, language_in, t

# Shown, in the reader's language, on a page reached from a site that lacks it.
NOT_IN = {
    "en": "This page does not exist in English: here it is in {language}.",
    "es": "Esta página no existe en español: aquí está en {language}.",
    "fr": "Cette page n'existe pas en français : la voici en {language}.",
}


def site_languages(ctx: Context) -> tuple[str, ...]:
    found = {s.language for s in ctx.corpus.sections.values()} | {g.language for g in ctx.corpus.guides} | {"en"}
    return ("en", *sorted(found - {"en"}))


def not_in_notice(reader_language: str, page_language: str) -> str:
    template = NOT_IN.get(reader_language, NOT_IN["en"])
    return template.format(language=language_in(reader_language, page_language))


def mark_missing_translations(files: dict[str, dict[str, str]]) -> None:
    """Appends to every Markdown page that some language's site lacks a hidden
    marker: the languages that lack it, the language whose page their readers get
    instead (English where it has the page, else this one) and, for each, the
    notice to show them there. `files`: language -> (path -> text), changed in place."""
    languages = list(files)
    markers: dict[tuple, str] = {}  # thousands of pages, a few different markers
    for lang, pages in files.items():
        for path in [p for p in pages if p.endswith(".md")]:
            lacking = tuple(other for other in languages if path not in files[other])
            if not lacking:
                continue
            fallback = "en" if path in files.get("en", {}) else lang
            marker = markers.get((lacking, fallback, lang))
            if marker is None:
                marker = markers[(lacking, fallback, lang)] = _marker(lacking, fallback, lang)
            # After a blank line; on the next line after finished HTML (escape.block).
            pages[path] += ("\n\n" if pages[path].endswith("\n") else "\n") + marker


def _marker(lacking: tuple[str, ...], fallback: str, lang: str) -> str:
    notices = Md("").join(Md(' data-notice-{}="{}"').format(html_text(m), html_text(not_in_notice(m, lang))) for m in lacking)
    marker = Md('<div class="page-languages" hidden data-missing="{}" data-fallback="{}"{}></div>').format(
        html_text(" ".join(lacking)), html_text(fallback), notices
    )
    return f"{marker}\n"


def other_rule_at_same_path(section: Section, page: str, ctx: Context) -> list[str]:
    """Where another language prints a different rule under this number (Spanish
    701.20 is Reveal, English 701.20 is Shuffle), say so, and send the language
    switcher to that language's contents page instead of the wrong rule."""
    out = []
    elsewhere = ctx.concordance.another_rule_in(section)  # resolve's answer
    for other in ctx.languages:
        if other not in elsewhere:
            continue
        contents = contents_page(section.game, section.document)
        href = cross_href(page, ctx.language, contents, other, notice=False)
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


__all__ = ["LANGUAGE_NAMES", "site_languages", "mark_missing_translations", "equivalents_note", "other_rule_at_same_path"]
