"""The change feed: `feed.xml` (Atom, RFC 4287) at each language site's root.

Its entries are resolve's one list of dated items (`resolve/dated.py`), newest
first: new editions (linking their diff page, or the document's editions page
for the first), FAQ documents, rulings and errata, each with its date and the
page that shows it. The home page names it (`<link rel="alternate feed"
type="application/atom+xml">`, theme/main.html).

Atom wants absolute ids: each is a `urn:uuid:` made from what the item is
(`Dated.key`), the same on every build and wherever the site is published.
Links are relative to the feed's own address, which a reader resolves against
where it fetched the feed from (RFC 4287 section 2, xml:base / RFC 3986); with
a site address (`--site-url`) the feed also says `xml:base` and its `self`
link resolves to that absolute address.

Written as XML through the one escaping path (`Html` escapes `& < > " '` as
character references, which XML reads as those characters).
"""

from __future__ import annotations

import uuid

from ..common.card_symbols import shown_text
from ..common.model import CONTENT_LANGUAGE, Edition, Erratum, Ruling
from ..common.documents import document_name
from ..common.feed_file import ATOM, FEED
from ..resolve.dated import Dated
from ..resolve.official import Standing
from ..site_map import paths
from ..site_map.paths import cross_href, editions_page, faq_anchor, language_root, page_of
from ..common.strings import t
from .card_pages import erratum_anchor
from .context import Context
from .escape import Html
from .index_pages import GAME_NAMES
from .offline_app import site_name
from .share import summary

# The ids' namespace: a UUID of its own, so that no other name's UUID is one of ours.
_IDS = uuid.uuid5(uuid.NAMESPACE_URL, "urn:rulesite:change-feed")


def entry_id(key: str) -> str:
    return f"urn:uuid:{uuid.uuid5(_IDS, key)}"


def change_feed(ctx: Context) -> dict[str, str]:
    """This language's feed.xml."""
    return {FEED: feed_xml(ctx)}


def feed_xml(ctx: Context) -> str:
    lang = ctx.language
    items = ctx.dated
    updated = items[0].date if items else ctx.feed_date
    base = Html(' xml:base="{}"').format(ctx.site_url + language_root(lang)) if ctx.site_url else Html("")
    head = Html(
        '<?xml version="1.0" encoding="utf-8"?>\n'
        '<feed xmlns="{}" xml:lang="{}"{}>\n'
        "  <id>{}</id>\n"
        "  <title>{}</title>\n"
        "  <updated>{}</updated>\n"
        "  <author><name>{}</name></author>\n"
        '  <link rel="self" type="application/atom+xml" href="{}"/>\n'
        '  <link rel="alternate" type="text/html" href="index.html"/>\n'
    ).format(
        ATOM,
        lang,
        base,
        entry_id(f"feed:{lang}"),
        t(lang, "feed-title", site=t(lang, "home-title")),
        _time(updated),
        site_name(ctx),
        FEED,
    )
    return str(head + Html("").join(_entry(ctx, item) for item in items) + Html("</feed>\n"))


def _entry(ctx: Context, item: Dated) -> Html:
    title, href, summary = _shown(ctx, item)
    return Html(
        "  <entry>\n"
        "    <id>{}</id>\n"
        "    <title>{}</title>\n"
        "    <updated>{}</updated>\n"
        "    <published>{}</published>\n"
        '    <link rel="alternate" type="text/html" href="{}"/>\n'
        "    <summary>{}</summary>\n"
        "  </entry>\n"
    ).format(entry_id(item.key), title, _time(item.date), _time(item.date), href, summary)


def _time(date: str) -> str:
    """An Atom date (RFC 3339) of a day: its first instant, in UTC."""
    return f"{date}T00:00:00Z"


def _shown(ctx: Context, item: Dated) -> tuple[str, str, str]:
    """(title, link from the feed, summary) of a dated item, in this site's language."""
    lang = ctx.language
    thing = item.item
    if isinstance(thing, Edition):
        document = f"{GAME_NAMES.get(thing.game, thing.game)} {document_name(thing.document)}"
        title = t(lang, "feed-edition", document=document, edition=thing.label)
        if item.previous is not None:
            page = paths.diff_page(thing.game, thing.document, item.previous, thing)
            summary = t(lang, "feed-edition-changes", edition=item.previous.label)
        else:
            page, summary = editions_page(thing.game, thing.document), t(lang, "feed-edition-first")
        return title, _href(ctx, page, thing.language), summary
    if isinstance(thing, Standing):  # an official document: its page opens with its first item
        page, language = ctx.faq_home(thing.opening)
        first = thing.opening
        title = t(lang, "feed-faq", title=thing.document.title)
        return (
            title,
            _href(ctx, page, language, faq_anchor(first)),
            _start(first.answer if first.kind == "introduction" else first.question),
        )
    if isinstance(thing, Ruling):
        return t(lang, "feed-ruling", title=thing.title), _href(ctx, page_of(thing), CONTENT_LANGUAGE), _start(thing.answer)
    if isinstance(thing, Erratum):
        title = t(lang, "feed-erratum", card=thing.card, article=thing.article)
        return title, _href(ctx, paths.ERRATA, CONTENT_LANGUAGE, erratum_anchor(thing)), _start(thing.new_text)
    raise TypeError(f"no feed entry for {type(thing).__name__}")


def _start(text: str) -> str:
    """The start of a source's text, as its page shows it (card symbols in words), cut at a word."""
    return summary(shown_text(text))


def _href(ctx: Context, page: str, language: str, anchor: str = "") -> str:
    """A link from feed.xml (at this language's root) to `page` of `language`'s site."""
    return cross_href(FEED, ctx.language, page, language, anchor)
