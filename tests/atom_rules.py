"""RFC 4287 (Atom) checked with lxml: what a feed and its entries must hold.

No library on PyPI validates Atom (feedparser reads any feed leniently and
says little more than whether the XML is well formed), so the rules are
checked here, each as the RFC states it:

- 4.1.1 atom:feed: exactly one atom:id, atom:title, atom:updated; at most one
  atom:subtitle, atom:rights, atom:icon, atom:logo, atom:generator; an
  atom:author unless every entry has one; at most one alternate link per
  type and hreflang; no two entries with the same atom:id and atom:updated;
- 4.1.2 atom:entry: exactly one atom:id, atom:title, atom:updated; at most
  one atom:published, atom:summary, atom:content, atom:rights, atom:source;
  an alternate link when it has no atom:content; at most one alternate link
  per type and hreflang;
- 3.2 person constructs: exactly one atom:name;
- 3.3 date constructs: an RFC 3339 date-time, "T" and "Z" in upper case;
- 3.1 text constructs: a `type` of text, html or xhtml, if any;
- 4.2.6 atom:id: an absolute IRI;
- 4.2.7 atom:link: an href.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter

from lxml import etree

ATOM = "http://www.w3.org/2005/Atom"
_DATE_TIME = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})")
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:\S+")


def _q(name: str) -> str:
    return f"{{{ATOM}}}{name}"


def problems(data: bytes) -> list[str]:
    """Every way `data` breaks RFC 4287's rules above (none: a valid feed)."""
    try:
        root = etree.fromstring(data, etree.XMLParser(resolve_entities=False, no_network=True))
    except etree.XMLSyntaxError as error:
        return [f"not well-formed XML: {error}"]
    if root.tag != _q("feed"):
        return [f"the root element is {root.tag}, not atom:feed"]
    found: list[str] = []
    entries = root.findall(_q("entry"))
    _metadata(root, "feed", ("id", "title", "updated"), ("subtitle", "rights", "icon", "logo", "generator"), found)
    if not root.findall(_q("author")) and not all(e.findall(_q("author")) for e in entries):
        found.append("feed: no atom:author, and not every entry has one")
    for n, entry in enumerate(entries, 1):
        where = f"entry {n}"
        _metadata(entry, where, ("id", "title", "updated"), ("published", "summary", "content", "rights", "source"), found)
        if entry.find(_q("content")) is None and not any(link.get("rel", "alternate") == "alternate" for link in _links(entry)):
            found.append(f"{where}: neither atom:content nor an alternate link")
    keys = Counter((e.findtext(_q("id")), e.findtext(_q("updated"))) for e in entries)
    found += [f"two entries with id {key[0]} and updated {key[1]}" for key, count in keys.items() if count > 1]
    return found


def _links(element) -> list:
    return element.findall(_q("link"))


def _metadata(element, where: str, once: tuple[str, ...], at_most_once: tuple[str, ...], found: list[str]) -> None:
    for name in once:
        count = len(element.findall(_q(name)))
        if count != 1:
            found.append(f"{where}: {count} atom:{name}, not exactly one")
    for name in at_most_once:
        if len(element.findall(_q(name))) > 1:
            found.append(f"{where}: more than one atom:{name}")
    identifier = (element.findtext(_q("id")) or "").strip()
    if identifier and not _SCHEME.fullmatch(identifier):
        found.append(f"{where}: atom:id {identifier!r} is no absolute IRI")
    for name in ("updated", "published"):
        for date in element.findall(_q(name)):
            if not _is_date_time(date.text or ""):
                found.append(f"{where}: atom:{name} {date.text!r} is no RFC 3339 date-time")
    for name in ("title", "subtitle", "summary", "rights", "content"):
        for text in element.findall(_q(name)):
            if text.get("type", "text") not in ("text", "html", "xhtml") and name != "content":
                found.append(f"{where}: atom:{name} of type {text.get('type')!r}")
    for name in ("author", "contributor"):
        for person in element.findall(_q(name)):
            if len(person.findall(_q("name"))) != 1:
                found.append(f"{where}: an atom:{name} without exactly one atom:name")
    alternates = Counter(
        (link.get("type"), link.get("hreflang")) for link in _links(element) if link.get("rel", "alternate") == "alternate"
    )
    found += [f"{where}: {count} alternate links of type {key[0]}" for key, count in alternates.items() if count > 1]
    found += [f"{where}: an atom:link without href" for link in _links(element) if not link.get("href")]


def _is_date_time(text: str) -> bool:
    if not _DATE_TIME.fullmatch(text):
        return False
    try:
        dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return False
    return True
