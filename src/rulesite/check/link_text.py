"""No link whose words name one rule and whose target is another.

A link whose visible text starts with a rule number (`701.20 Mostrar`,
`424.1.a`, `See rule 355` links `355`) must land on that number: the
`#fragment` it opens is that number, or, for a link to a whole page, the page's
`<h1 id>` is. When the text also carries a title after the number, the element
it lands on (the page's `<h1>` or the rule's entry) must show that title. A
link whose target cannot be found is left to the link check.

`summarize(page)` takes a parsed page (`check/page.py`) and keeps what the check
needs, with each numbered link's number, title and target already worked out,
so that each page is parsed once and the site-wide part only looks things up
(`check/run.py` summarizes a page in the worker that holds its tree);
`link_text_problems(summary, name, target)` checks one page, `target` giving the
summary of a site-relative path.

The site's own navigation words around a part's range of sections (a diff's
parts link their neighbours as `313.7-405.4 →`, strings.PART_NAVIGATION)
start like a rule number and are not a reference: such a link must open the
part of that name.
"""

from __future__ import annotations

import functools
import posixpath
import re
import sys
from collections.abc import Callable
from typing import NamedTuple
from urllib.parse import unquote, urlsplit

from ..common.diagnostics import Finding
from ..common.names import RULE_NUMBER
from ..common.normalize import normalize_text
from ..common.strings import PART_NAVIGATION, STRINGS
from .page import elements
from .site_links import shared, split_url
from .page import text as text_of

# A rule number at the start of a link's words: 701.20, 832.1.c.2, 701.20a; not a date or 1v1.
_NUMBERED = re.compile(rf"^\s*(?P<number>{RULE_NUMBER})(?![\w\-/:])(?P<rest>.*)$", re.DOTALL)


def _flat(text: str) -> str:
    return normalize_text(text)  # its runs of white space are one space already, none at either end


def _navigation_words() -> list[re.Pattern]:
    """Each language's words around a part's name (render/edition_pages.part_name)."""
    templates = {table[key] for table in STRINGS.values() for key in PART_NAVIGATION if key in table}
    part = rf"({RULE_NUMBER}-{RULE_NUMBER})"
    return [re.compile(re.escape(_flat(words)).replace(re.escape("{part}"), part)) for words in sorted(templates)]


_NAVIGATION = _navigation_words()


def _part_named(words: str) -> str | None:
    """The part whose name the flattened `words` are the navigation's words for."""
    if "-" not in words:  # every part's name is a range
        return None
    for pattern in _NAVIGATION:
        if match := pattern.fullmatch(words):
            return match[1]
    return None


def _target_path(name: str, href: str) -> tuple[str | None, str]:
    if href[:1] == "#" and href.isprintable():
        # The page itself (most rule links of a page: its table of contents);
        # what `_target_in` gives such an href, without a cache entry for each.
        return name, unquote(href[1:])
    target, fragment = _target_in(posixpath.dirname(name), href)
    return (name if target == "" else target), fragment


@functools.lru_cache(maxsize=65536)
def _target_in(folder: str, href: str) -> tuple[str | None, str]:
    """What `href` opens from a page in `folder` ("": the page itself); pages of
    one folder share most links (their navigation), so each is worked out once."""
    if ":" in href or href.lstrip(_C0_OR_SPACE).startswith("//") or not href.isprintable():
        parts = urlsplit(href)
        if parts.scheme or parts.netloc or href.startswith(("mailto:", "javascript:")):
            return None, ""
    path, fragment = split_url(href)
    path, fragment = unquote(path), unquote(fragment)
    if not path:
        return "", fragment
    joined = posixpath.normpath(posixpath.join(folder, path))
    if path.endswith("/") or not posixpath.splitext(joined)[1]:
        joined = posixpath.join(joined, "index.html")
    return (joined if joined.endswith(".html") else None), fragment


# What urlsplit strips from the start of a URL.
_C0_OR_SPACE = "".join(map(chr, range(33)))

_HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}


class PageSummary(NamedTuple):
    """What the check needs of a page: the text of each id'd heading (other id'd
    elements: None, their number is still checked), its <h1>, and its links
    whose words start with a rule number: (line, words, number, title, the page
    it opens or None, #fragment). A tuple: the check's workers send one a page."""

    ids: dict[str, str | None]
    h1: tuple[str | None, str] | None
    links: list[tuple[int, str, str, str, str | None, str]]


def summarize(page, name: str | None = None) -> PageSummary:
    """`page`: a `Page`, or a tree with `name`, its path in the site."""
    name = page.rel if name is None else name
    ids: dict[str, str | None] = {}
    h1 = None
    links = []
    found = elements(page)
    for element in found.having("id"):
        if ident := element.get("id"):
            heading = element.tag in _HEADINGS
            ids.setdefault(sys.intern(ident), _flat(text_of(element)) if heading else None)
    if h1s := found.tag("h1"):
        h1 = (h1s[0].get("id"), _flat(text_of(h1s[0])))
    for element in found.tag("a"):
        # Most links' words cannot start a number (a letter, "§"): they are not read in full.
        if not (href := element.get("href")):
            continue
        if (start := element.text) and (start := start.lstrip()):  # the first character, quicker
            if not _may_start_number(start[0]):
                continue
            if not len(element) and _names_its_fragment(element.text, href):  # not read again
                continue
        elif not _may_start_number(_first_character(element)):
            continue
        if found := numbered_link(name, element.sourceline, href, _flat(text_of(element))):
            links.append(found)
    return PageSummary(ids, h1, links)


def numbered_link(name: str, line: int, href: str, words: str) -> tuple | None:
    """A link's entry in `PageSummary.links` if its words (flattened) start with a
    rule number, and the link could be found wrong. A part's navigation link
    is kept with no number, the part's name as its title."""
    if (part := _part_named(words)) is not None:
        return shared((line, words, "", part, *_target_path(name, href)))
    if match := _NUMBERED.match(words):
        title = match["rest"].strip(" —–-:")
        if not title.removesuffix("…").strip() and _fragment_of(href) == match["number"]:
            # Its number is the #fragment it opens and it names no title: whatever
            # it lands on, `link_text_problems` finds nothing (most short pages'
            # links): not kept, not sent to the parent, its target not worked out.
            return None
        path, fragment = _target_path(name, href)
        return shared((line, words, match["number"], title, path, fragment))
    return None


def _names_its_fragment(words: str, href: str) -> bool:
    """Words that are one rule number alone, the #fragment `href` opens (a rule's
    own link, most references): as they stand they are the link's flattened words
    (ASCII digits, letters and dots), and `numbered_link` keeps nothing of them."""
    match = _NUMBERED.match(words)
    return match is not None and match["number"] == words and _fragment_of(href) == words


def _fragment_of(href: str) -> str:
    """The #fragment `_target_in` finds in `href`, without working out its path."""
    if ":" in href or href.lstrip(_C0_OR_SPACE).startswith("//") or not href.isprintable():
        return _target_in("", href)[1]  # a scheme, a host: as urlsplit reads it
    return unquote(href.partition("#")[2])


def text_link(name: str, line: int, href: str, text: str) -> tuple | None:
    """`numbered_link` of a link whose content is text alone (no elements), as
    `summarize` reads it: words that cannot start a number are not read further."""
    if not (start := text.lstrip()) or not _may_start_number(start[0]) or _names_its_fragment(text, href):
        return None
    return numbered_link(name, line, href, _flat(text))


def _may_start_number(first: str) -> bool:
    """Whether words whose first character that is not white space is `first` ("":
    none) may start with a rule number once flattened: an ASCII digit, or a
    character outside ASCII (the normalization removes some invisible ones).
    Any other ASCII character stays first, and no number starts with it."""
    return first in _DIGITS or first > "\x7f"


_DIGITS = frozenset("0123456789")


def _first_character(element) -> str:
    """The first character of the element's text that is not white space, or "".
    (The normalization before `_NUMBERED` removes white space and invisible
    characters only, so an ASCII character here is the first character it sees.)"""
    if element.text and (rest := element.text.lstrip()):
        return rest[0]
    for child in element:
        if isinstance(child.tag, str) and (first := _first_character(child)):
            return first
        if child.tail and (rest := child.tail.lstrip()):
            return rest[0]
    return ""


def link_text_problems(page: PageSummary, name: str, target: Callable[[str], PageSummary | None]) -> list[Finding]:
    problems = []
    for line, words, number, title, path, fragment in page.links:
        landing = target(path) if path else None
        if landing is None:
            continue
        if not number:  # a part's navigation: the page of that name
            if posixpath.basename(path) != f"{title}.html":
                problems.append(Finding(name, line, "link-text", f"link {words!r} names part {title} but opens {path}"))
            continue
        # The element it opens (a whole page: its <h1>) names a number by its id
        # or by its first word (a heading "424 Reveal" whose id is a slug).
        if fragment:
            if fragment not in landing.ids:
                continue  # a missing anchor is the link check's to report
            ident, text = fragment, landing.ids[fragment]
        elif landing.h1 is not None:
            ident, text = landing.h1
        else:
            continue
        # The number a heading shows first ("100.1§": its permalink sign follows).
        named = _NUMBERED.match(text.replace("§", " ").replace("¶", " ")) if text else None
        shown = named["number"] if named else None
        if number not in (ident, shown):
            message = f"link {words!r} names {number} but opens {path}#{fragment} ({ident or shown})"
            problems.append(Finding(name, line, "link-text", message))
            continue
        # What the target shows: its heading, and for an untitled section's page
        # (<h1> "100.1") its first rule, whose first words name it in lists.
        shown_texts = [t for t in (text, None if fragment else landing.ids.get(number)) if t]
        title = title.removesuffix("…").strip()
        if title and shown_texts and not any(_has(t, title) for t in shown_texts):
            # "424 Reveal (inglés)": a note in brackets says where the link goes, not what.
            bare = title
            while (shorter := re.sub(r"\s*\([^()]*\)$", "", bare)) != bare:  # "(2026-03-30) (anglais)"
                bare = shorter
                if bare and any(_has(t, bare) for t in shown_texts):
                    break
            if bare and not any(_has(t, bare) for t in shown_texts):
                message = f"link {words!r} names {title!r} but {path}#{fragment} shows {text[:60]!r}"
                problems.append(Finding(name, line, "link-text", message))
    return problems


def _has(text: str, title: str) -> bool:
    return _flat(title) in text


def check_link_texts(summaries: dict[str, PageSummary]) -> list[Finding]:
    """Every page of a built site, from the summaries of all its pages (by path)."""
    problems: list[Finding] = []
    for rel in sorted(summaries):
        problems += link_text_problems(summaries[rel], rel, summaries.get)
    return problems
