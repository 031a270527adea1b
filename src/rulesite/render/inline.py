"""Text with its rule references and keywords turned into links."""

from __future__ import annotations

from ..model import Section
from ..resolve.links import Link, Linker
from .escape import Html, Md, html_out, join, md_text
from .markup import finished_link, finished_missing, missing
from .markup import link as html_link
from ..site_map.paths import cross_href, html_path, relative, section_page
from ..strings import t


def inline(
    text: str, game: str, page: str, linker: Linker, here: Section | None = None, language: str = "en", terms: bool = True
) -> Md:
    """`text` as Markdown for `page` of the site in `language` (`terms`: see Linker.segments)."""
    parts = _parts(text, game, page, linker, here, language, terms, md_text, missing_markdown, link_markdown)
    return join(parts, Md(""))


def inline_html(
    text: str, game: str, page: str, linker: Linker, here: Section | None = None, language: str = "en", terms: bool = True
) -> Html:
    """`inline` as finished HTML: what Python-Markdown makes of `inline`'s Markdown."""
    parts = _parts(text, game, page, linker, here, language, terms, html_out, _missing_html, _link_html)
    return Html("").join(parts)


def _parts(text, game, page, linker, here, language, terms, plain, missing_one, link_one) -> list:
    """The pieces of `text`: its plain strings, references to rules not in the
    sources, and links, each made by the function given for it."""
    out = []
    for seg in linker.segments(text, game, here, terms):
        if isinstance(seg, str):
            out.append(plain(seg))
        elif seg.target is None:
            out.append(missing_one(seg.text, seg.number, language))
        else:
            out.append(link_one(seg, page, language))
    return out


def _missing_html(text: str, number: str, language: str) -> Html:
    return finished_missing(text, t(language, "not-in-sources", number=number))


def _link_html(link: Link, page: str, language: str) -> Html:
    return finished_link(**_link_values(link, page, language))


def missing_markdown(text: str, number: str, language: str) -> Md:
    return missing(text, t(language, "not-in-sources", number=number))


def link_markdown(link: Link, page: str, language: str) -> Md:
    values = _link_values(link, page, language)
    return html_link(values.pop("text"), values.pop("href"), **values)


def _link_values(link: Link, page: str, language: str) -> dict:
    """The text, href, class, hreflang and data of a reference's or keyword's link."""
    section_key, anchor = link.target
    to_page = section_page(section_key)
    # A keyword names a whole section: link to the page itself; a term a
    # titled rule defines ("Limited Actions", 410.2) links to that rule.
    anchor = "" if link.kind == "keyword" and anchor == section_key.number else anchor
    css = "keyword" if link.kind == "keyword" else "ref"
    data = {"rule": anchor or section_key.number}
    target_language = section_key.language
    if target_language != language:
        # The rule lives in another language's site: a link there (MkDocs only
        # checks links within its own site; the site checker checks these).
        href = cross_href(page, language, to_page, target_language, anchor)
        return dict(text=link.text, href=href, css=f"{css} other-language", hreflang=target_language, data=data)
    href = html_path(relative(page, to_page)) if to_page != page else ""
    return dict(text=link.text, href=f"{href}#{anchor}" if anchor else href or "#", css=css, data=data)
