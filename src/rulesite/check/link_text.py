"""No link whose words name one rule and whose target is another.

A link whose visible text starts with a rule number (`701.20 Mostrar`,
`424.1.a`, `See rule 355` links `355`) must land on that number: the
`#fragment` it opens is that number, or, for a link to a whole page, the page's
`<h1 id>` is. When the text also carries a title after the number, the element
it lands on (the page's `<h1>` or the rule's entry) must show that title. A
link whose target cannot be found is left to the link check.

`summarize(page)` takes a parsed page (`check/page.py`) and keeps what the check
needs, so that each page is parsed once (`check/run.py` does it while it holds
the tree); `link_text_problems(summary, name,
target)` checks one page, `target` giving the summary of a site-relative path.
"""

from __future__ import annotations

import functools
import posixpath
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import unquote, urlsplit

from ..names import RULE_NUMBER
from ..normalize import normalize_text
from .page import elements
from .site_links import shared
from .page import text as text_of

# A rule number at the start of a link's words: 701.20, 832.1.c.2, 701.20a; not a date or 1v1.
_NUMBERED = re.compile(rf"^\s*(?P<number>{RULE_NUMBER})(?![\w\-/:])(?P<rest>.*)$", re.DOTALL)


def _flat(text: str) -> str:
    return normalize_text(text)  # its runs of white space are one space already, none at either end


def _target_path(name: str, href: str) -> tuple[str | None, str]:
    target, fragment = _target_in(posixpath.dirname(name), href)
    return (name if target == "" else target), fragment


@functools.lru_cache(maxsize=65536)
def _target_in(folder: str, href: str) -> tuple[str | None, str]:
    """What `href` opens from a page in `folder` ("": the page itself); pages of
    one folder share most links (their navigation), so each is worked out once."""
    parts = urlsplit(href)
    if parts.scheme or parts.netloc or href.startswith(("mailto:", "javascript:")):
        return None, ""
    path = unquote(parts.path)
    fragment = unquote(parts.fragment)
    if not path:
        return "", fragment
    joined = posixpath.normpath(posixpath.join(folder, path))
    if path.endswith("/") or not posixpath.splitext(joined)[1]:
        joined = posixpath.join(joined, "index.html")
    return (joined if joined.endswith(".html") else None), fragment


_HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}


@dataclass
class PageSummary:
    """What the check needs of a page: the text of each id'd heading (other id'd
    elements: None, their number is still checked), its <h1>, and its links
    whose words start with a rule number (line, href, words)."""

    ids: dict[str, str | None] = field(default_factory=dict)
    h1: tuple[str | None, str] | None = None
    links: list[tuple[int, str, str]] = field(default_factory=list)


def summarize(page) -> PageSummary:
    summary = PageSummary()
    found = elements(page)
    for element in found.having("id"):
        if ident := element.get("id"):
            heading = element.tag in _HEADINGS
            summary.ids.setdefault(sys.intern(ident), _flat(text_of(element)) if heading else None)
    if h1s := found.tag("h1"):
        summary.h1 = (h1s[0].get("id"), _flat(text_of(h1s[0])))
    for element in found.tag("a"):
        # Most links' words start with a letter: they are not read in full.
        if element.get("href") and _first_character(element) not in _LETTERS:
            words = _flat(text_of(element))
            if _NUMBERED.match(words):
                summary.links.append(shared((element.sourceline, element.get("href"), words)))
    return summary


_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")


def _first_character(element) -> str:
    """The first character of the element's text that is not white space, or "".
    (The normalization before `_NUMBERED` removes white space and invisible
    characters only, so a letter here is the first character it sees.)"""
    if element.text and (rest := element.text.lstrip()):
        return rest[0]
    for child in element:
        if isinstance(child.tag, str) and (first := _first_character(child)):
            return first
        if child.tail and (rest := child.tail.lstrip()):
            return rest[0]
    return ""


def link_text_problems(page: PageSummary, name: str, target: Callable[[str], PageSummary | None]) -> list[str]:
    problems = []
    for line, href, words in page.links:
        match = _NUMBERED.match(words)
        path, fragment = _target_path(name, href)
        landing = target(path) if path else None
        if landing is None:
            continue
        number, title = match["number"], match["rest"].strip(" —–-:")
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
            problems.append(f"{name}: line {line}: link {words!r} names {number} but opens {path}#{fragment} ({ident or shown})")
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
                problems.append(f"{name}: line {line}: link {words!r} names {title!r} but {path}#{fragment} shows {text[:60]!r}")
    return problems


def _has(text: str, title: str) -> bool:
    return _flat(title) in text


def check_link_texts(summaries: dict[str, PageSummary]) -> list[str]:
    """Every page of a built site, from the summaries of all its pages (by path)."""
    problems: list[str] = []
    for rel in sorted(summaries):
        problems += link_text_problems(summaries[rel], rel, summaries.get)
    return problems
