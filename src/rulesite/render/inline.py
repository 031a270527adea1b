"""Text with its rule references and keywords turned into links."""

from __future__ import annotations

from ..model import Section
from ..resolve.links import Link, Linker
from .escape import Md, join, md_text
from .markup import link as html_link
from .markup import missing
from .paths import cross_href, html_path, relative, section_page
from .strings import t


def inline(
    text: str, game: str, page: str, linker: Linker, here: Section | None = None, language: str = "en", terms: bool = True
) -> Md:
    """`text` as Markdown for `page` of the site in `language` (`terms`: see Linker.segments)."""
    out = []
    for seg in linker.segments(text, game, here, terms):
        if isinstance(seg, str):
            out.append(md_text(seg))
        elif seg.target is None:
            out.append(missing_markdown(seg.text, seg.number, language))
        else:
            out.append(link_markdown(seg, page, language))
    return join(out, Md(""))


def missing_markdown(text: str, number: str, language: str) -> Md:
    return missing(text, t(language, "not-in-sources", number=number))


def link_markdown(link: Link, page: str, language: str) -> Md:
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
        return html_link(link.text, href, css=f"{css} other-language", hreflang=target_language, data=data)
    href = html_path(relative(page, to_page)) if to_page != page else ""
    return html_link(link.text, f"{href}#{anchor}" if anchor else href or "#", css=css, data=data)
