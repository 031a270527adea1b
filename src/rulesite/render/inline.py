"""Text with its rule references and keywords as links: resolve cut it into
segments once (resolve/linked.py); here they are only written, for a page."""

from __future__ import annotations

from collections.abc import Iterable

from ..resolve.linked import Segment
from ..resolve.links import Link
from .escape import Html, Md, html_out, join, md_text
from .markup import finished_link, finished_missing, missing
from .markup import link as html_link
from ..site_map.paths import cross_href, html_path, relative, section_page
from ..common.strings import t


def inline(segments: Iterable[Segment], page: str, language: str = "en") -> Md:
    """A text's segments as Markdown for `page` of the site in `language`."""
    return join(_parts(segments, page, language, md_text, missing_markdown, link_markdown), Md(""))


def inline_html(segments: Iterable[Segment], page: str, language: str = "en") -> Html:
    """`inline` as finished HTML: what Python-Markdown makes of `inline`'s Markdown."""
    return Html("").join(_parts(segments, page, language, html_out, _missing_html, _link_html))


def _parts(segments, page, language, plain, missing_one, link_one) -> list:
    """The pieces of a text: its plain strings, references to rules not in the
    sources, and links, each made by the function given for it."""
    out = []
    for seg in segments:
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
    """The text, href, class, hreflang and data of a reference's or keyword's link:
    its target (a page and an anchor) made relative to `page`."""
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
