"""What makes a rule easy to share and preview.

- A share page per rule and section (`r/832.1.c.2.html`, `r/424.html`), FAQ
  answer (`r/faq/<id>.html`) and card (`r/card/<id>.html`): static HTML whose
  OpenGraph tags carry the item's own text, game, document and edition, so a
  link pasted into Discord or Reddit previews it, and which forwards a reader to
  the item on its page at once. Plain files MkDocs copies as they are:
  thousands of them cost the MkDocs build nothing.
- `assets/previews/<page>.js`: a section's and its rules' texts, for the
  previews shown when a reader hovers or focuses a link to that page; loaded
  on the first hover, so a page downloads only what its reader points at.
- What every page tells a link preview (`section_preview`, `site_name`), for
  its front matter (theme/main.html writes the tags).
- The image a preview shows (`og:image`, og_image.py): one for each share page
  and section page, drawn from the item's own words.
"""

from __future__ import annotations

import posixpath
import re

from ..common.model import Card, FaqAnswer, Section
from ..common.precache import bundle_folder, bundle_path
from .context import CONTENT_LANGUAGE, Context
from ..common.documents import document_name
from .labels import section_label
from .escape import script_json
from .job_inputs import declare, every_text
from .markup import html_file, safe_href
from ..site_map.paths import faq_anchor, html_path, language_root, relpath, section_page, short_link, short_prefix
from ..common.strings import t
from ..common.card_symbols import shown_text
from . import og_image

SITE_NAME = "Rules reference"
GAME_NAMES = {"riftbound": "Riftbound", "magic": "Magic: The Gathering"}
DESCRIPTION_LENGTH = 300
# Ids that can name a share page's file as they are.
SHAREABLE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


def summary(text: str, limit: int = DESCRIPTION_LENGTH) -> str:
    """The start of a text for a preview, cut at a word."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    return text[: limit - 1].rsplit(" ", 1)[0] + "…"


def cited_name(game: str, what: str, edition: str = "") -> str:
    """How a citation names where a text is from: the game, the document and its
    edition ("Riftbound Core Rules v1.4")."""
    shown = edition if edition != "undated" else ""
    return " ".join(x for x in (GAME_NAMES.get(game, game), what, shown) if x)


def site_name(game: str, what: str, edition: str = "") -> str:
    """og:site_name: the game, the document and its edition, then the site."""
    return f"{cited_name(game, what, edition)} · {SITE_NAME}"


def source_line(game: str, what: str, edition: str = "") -> str:
    """What an image names as where its text is from: "Riftbound · Core Rules · v1.4"."""
    shown = edition if edition != "undated" else ""
    return " · ".join(x for x in (GAME_NAMES.get(game, game), what, shown) if x)


def preview_image(ctx: Context, title: str, source: str, text: str) -> og_image.Drawn:
    """The image of an item (og_image.py), drawn or taken from the build's cache."""
    return og_image.image(og_image.Preview(title, source, text, SITE_NAME), ctx.og_cache, names=ctx.og_names)


def _section_drawing(section: Section) -> og_image.Preview:
    """A section's image: its heading and first rule, as its share page (`r/424.html`) shows it."""
    first = section.rules[0].text if section.rules else ""
    source = source_line(section.game, document_name(section.document), section.edition)
    return og_image.Preview(f"{section.number} {section.title}", source, first, SITE_NAME)


def section_image(section: Section) -> dict[str, str]:
    """Front matter of a section's page: its image (theme/main.html writes the tags)."""
    first = section.rules[0].text if section.rules else section.title
    return {"og_image": og_image.image_path(_section_drawing(section)), "og_image_alt": summary(first)}


def section_images(ctx: Context, sections: list[Section]) -> dict[str, bytes]:
    """The images of these sections' pages (path -> PNG), but those their share
    pages draw (`short_pages`, another job): one drawing, not two."""
    drawn = (
        og_image.image(_section_drawing(section), ctx.og_cache, names=ctx.og_names)
        for section in sections
        if not _has_share_page(section) and not _drawn_as_its_rule(section)
    )
    return {image.path: image.data for image in drawn}


def _has_share_page(section: Section) -> bool:
    """Whether `short_pages` makes the section's own share page (`r/424.html`):
    a current edition's section, unless a rule has its number (Magic's 100.1)."""
    return not section.version_path and all(rule.number != section.number for rule in section.rules)


def _drawn_as_its_rule(section: Section) -> bool:
    """Whether a current section's image is the one its share pages draw for
    the rule that has its number (Magic's 100.1 of a section titled by its
    number alone: the same words drawn)."""
    if section.version_path:
        return False
    rule = next((rule for rule in section.rules if rule.number == section.number), None)
    if rule is None:
        return False
    source = source_line(section.game, document_name(section.document), section.edition)
    drawn = og_image.Preview(rule.number, source, rule.text, SITE_NAME)
    return og_image.image_path(drawn) == og_image.image_path(_section_drawing(section))


def short_link_drawings(ctx: Context, game: str, document: str, language: str) -> set[tuple[str, str, str]]:
    """(rule number, edition, text) of each rule whose share page (`short_pages`)
    this language's site makes for the document: those pages draw its image."""
    key = ("short-link-drawings", game, document, language)
    if key not in ctx.cache:
        ctx.cache[key] = {
            (rule.number, section.edition, rule.text)
            for section in native_sections(ctx, language)
            if (section.game, section.document) == (game, document)
            for rule in section.rules
        }
    return ctx.cache[key]


def site_drawing(language: str, games: list[str]) -> og_image.Preview:
    """The image of every other page of a language's site: the site's name and its games."""
    names = [GAME_NAMES.get(g, g) for g in games]
    text = t(language, "app-description", games=" & ".join(names))  # as the app's manifest says
    return og_image.Preview(t(language, "home-title"), " · ".join(names), text, SITE_NAME)


def _image_reads(prints, ctx: Context, language: str, games: list[str]) -> tuple:
    """What the site's image reads: its language and games (the job's arguments)."""
    return (language, games)


@declare("site image", _image_reads, light=True)
def site_image(ctx: Context, language: str, games: list[str]) -> dict[str, bytes]:
    drawn = og_image.image(site_drawing(language, games), ctx.og_cache, names=ctx.og_names)
    return {drawn.path: drawn.data}


def section_preview(section: Section) -> dict[str, str]:
    """Front matter of a section's page: what a link preview shows."""
    first = section.rules[0].text if section.rules else section.title
    document = cited_name(section.game, document_name(section.document))
    return {
        "description": summary(first),
        # Never a bare "100.1 "; the game and document named, as in the page's <title>.
        "og_title": f"{section_label(section)} · {document}",
        "site_name": site_name(section.game, document_name(section.document), section.edition),
        "edition": section.edition,
        # The page's <title> names the game and document (theme/main.html).
        "document": document,
        # What "copy with citation" names as the rules' source (copy-link.js).
        "cite": cited_name(section.game, document_name(section.document), section.edition),
    }


def absolute(ctx: Context, language: str, path: str) -> str:
    """The address of a site-root-relative path when the site's address is known, else ''."""
    if not ctx.site_url:
        return ""
    return ctx.site_url + language_root(language) + path


def native_sections(ctx: Context, language: str) -> list[Section]:
    return [s for s in ctx.corpus.sections.values() if s.language == language]


def share_page(
    ctx: Context,
    language: str,
    path: str,
    target: str,
    *,
    title: str,
    text: str,
    label: str,
    site: str,
    og_title: str,
    source: str,
    images: dict,
    edition: str = "",
    link_text: str = "",
    drawn_title: str = "",
    drawn_elsewhere: bool = False,
) -> str:
    """A share page at `path` forwarding to `target` (both site-root-relative;
    target with #anchor). Its image (`drawn_title`, else `title`; `source`; the
    text) goes into `images` (path -> PNG), the job's files, unless
    `drawn_elsewhere` (another job draws the same: the page names it). Inside
    `remembering`, a page made from the same arguments by the last build is
    taken as it was."""
    # Everything the page and its image are made of (the templates and strings are the program's).
    key = (ctx.site_url, language, path, target, title, text, label, site, og_title, source, edition, link_text, drawn_title)
    key += (drawn_elsewhere,)
    if _made is not None and (found := _given.get(key)) is not None:
        _made[key] = found
        if found[2] is not None:
            images[found[1]] = found[2]
        return found[0]
    here = posixpath.dirname(path) or "."
    page, _, anchor = target.partition("#")
    relative = relpath(page, here) + (f"#{anchor}" if anchor else "")
    if drawn_elsewhere:
        image_at, data = og_image.image_path(og_image.Preview(drawn_title or title, source, text, SITE_NAME)), None
    else:
        drawn = preview_image(ctx, drawn_title or title, source, text)
        image_at, data = drawn.path, drawn.data
        images[image_at] = data
    description = summary(text)
    made = html_file(
        "short_page",
        language=language,
        title=title,
        og_title=og_title,
        description=description,
        image=absolute(ctx, language, image_at) or relpath(image_at, here),
        image_alt=description or title,
        text=text,
        label=label,
        site_name=site,
        edition=edition,
        url=absolute(ctx, language, path),
        canonical=absolute(ctx, language, page.partition("?")[0]) or safe_href(relpath(page.partition("?")[0], here)),
        target=safe_href(relative),
        icon=relpath("assets/images/favicon.png", here),
        link_text=link_text or t(language, "link-to", what=title),
    )
    if _made is not None:
        _made[key] = (made, image_at, data)
    return made


# Not a file: where a job run by `remembering` hands back its share pages.
SHARED = ".shared"
# While a job runs in `remembering`: the last build's share pages, and this job's.
_given: dict = {}
_made: dict | None = None


def remembering(given: dict, job) -> dict:
    """`job`'s pages, its share pages taken from `given` where they are made of
    the same arguments (`share_page`: each draws an image and fills a
    template, thousands a job), and under `SHARED` (not a file) those it made,
    for the next build: share page's arguments -> (page, image path, image)."""
    global _given, _made
    _given, _made = given, {}
    try:
        pages = job()
        pages[SHARED] = _made
    finally:
        _given, _made = {}, None
    return pages


def short_pages(ctx: Context, language: str, part: int = 0, parts: int = 1) -> dict[str, str]:
    """The share pages (and their images) of part `part` of `parts` of the
    language's sections, and of its FAQ answers (part 0) and cards (the last
    part). A section's pages and images are all in its part: no two parts
    make the same file. (A render makes them in smaller jobs:
    `section_shares`, `faq_share_pages`, `card_share_pages`.)"""
    pages = section_shares(ctx, language, native_sections(ctx, language)[part::parts])
    if part == 0:
        pages.update(faq_share_pages(ctx, language))
    if part == parts - 1:
        pages.update(card_share_pages(ctx, language))
    return pages


def _shares_reads(prints, ctx: Context, language: str, sections: list[Section]) -> tuple:
    """What a run of sections' share pages read: the sections whole and the site's address."""
    return (ctx.site_url, sections)


def _shares_made_from(prints, ctx: Context, language: str, sections: list[Section]) -> bytes:
    """They read only their sections (and the site's address, in the frame):
    while their documents are the same, so is what they read."""
    return prints.made_from(sections)


@declare(
    "shares",
    _shares_reads,
    named=lambda language, sections: (tuple(section.key for section in sections),),
    light=True,
    kept_by=_shares_made_from,
)
def section_shares(ctx: Context, language: str, sections: list[Section]) -> dict[str, str]:
    """The share pages (and their images) of these sections and their rules.
    They read nothing but the sections, the language and the site's address
    (render/reuse.py fingerprints them so)."""
    pages = {}
    for section in sections:
        pages.update(_section_shares(ctx, language, section))
    return pages


def _section_shares(ctx: Context, language: str, section: Section) -> dict[str, str]:
    pages: dict[str, str] = {}
    page = html_path(section_page(section.key))
    heading = f"{section.number} {section.title}"
    site = site_name(section.game, document_name(section.document), section.edition)
    cited = cited_name(section.game, document_name(section.document), section.edition)
    source = source_line(section.game, document_name(section.document), section.edition)
    for rule in section.rules:
        path = short_link(section.game, section.document, rule.number)
        pages[path] = share_page(
            ctx,
            language,
            path,
            f"{page}#{rule.number}",
            title=f"{rule.number} — {heading}",
            text=rule.text,
            label=rule.number,
            site=site,
            og_title=f"{rule.number} — {cited}",
            source=source,
            images=pages,
            edition=section.edition,
            link_text=t(language, "link-to", what=heading),
            drawn_title=rule.number,
        )
    # A section's own short link, unless a rule has its number (Magic's 100.1).
    path = short_link(section.game, section.document, section.number)
    if path not in pages:
        first = section.rules[0].text if section.rules else ""
        pages[path] = share_page(
            ctx,
            language,
            path,
            f"{page}#{section.number}",
            title=heading,
            text=first,
            label=section.number,
            site=site,
            og_title=f"{heading} · {cited}",
            source=source,
            images=pages,
            edition=section.edition,
        )
    return pages


def faq_short_link(game: str, faq_id: str) -> str:
    return f"{short_prefix(game)}/faq/{faq_id}.html"


def card_short_link(game: str, card_id: str) -> str:
    return f"{short_prefix(game)}/card/{card_id}.html"


def faq_share(faq: FaqAnswer) -> dict[str, str]:
    """The data-short of a FAQ answer's heading: its share page, for the copy button."""
    return {"short": faq_short_link(faq.game, faq.id)} if SHAREABLE_ID.fullmatch(faq.id) else {}


def faq_cite(faq: FaqAnswer, ctx: Context) -> dict[str, str]:
    """The data-cite of a FAQ answer's heading: where "copy with citation" says it is from."""
    source = ctx.corpus.sources[faq.source_id]
    return {"cite": cited_name(faq.game, t(ctx.language, "official-faq"), source.edition)}


def card_share(card: Card) -> dict[str, str]:
    return {"short": card_short_link(card.game or "riftbound", card.id)} if SHAREABLE_ID.fullmatch(card.id) else {}


def _faq_shares_reads(prints, ctx: Context, language: str) -> tuple:
    """What the FAQ answers' share pages read: the answers, where each is shown, their sources."""
    faqs = ctx.corpus.faqs
    return (ctx.site_url, faqs, [ctx.faq_home(faq) for faq in faqs], ctx.corpus.sources)


@declare("faq shares", _faq_shares_reads, light=True)
def faq_share_pages(ctx: Context, language: str) -> dict[str, str]:
    pages = {}
    for faq in ctx.corpus.faqs:
        home, home_language = ctx.faq_home(faq)
        if home_language != language or not faq_share(faq):
            continue
        path = faq_short_link(faq.game, faq.id)
        source = ctx.corpus.sources[faq.source_id]
        edition = "" if source.edition == "undated" else source.edition
        pages[path] = share_page(
            ctx,
            language,
            path,
            f"{html_path(home)}#{faq_anchor(faq)}",
            title=faq.question,
            text=shown_text(faq.answer, language),  # symbols in words: plain text
            label=t(language, "faq-answer"),
            site=site_name(faq.game, t(language, "official-faq"), edition),
            og_title=f"{faq.question} · {cited_name(faq.game, t(language, 'official-faq'), edition)}",
            source=source_line(faq.game, t(language, "official-faq"), edition),
            images=pages,
            edition=edition,
        )
    return pages


def _card_shares_reads(prints, ctx: Context, language: str) -> tuple:
    """What the cards' share pages read: the cards and the page showing each."""
    cards = ctx.corpus.cards
    return (ctx.site_url, cards, [ctx.card_page(card) if card.id in ctx.where.card_pages else None for card in cards])


@declare("card shares", _card_shares_reads, light=True)
def card_share_pages(ctx: Context, language: str) -> dict[str, str]:
    if language != CONTENT_LANGUAGE:
        return {}
    pages = {}
    for card in ctx.corpus.cards:
        if not card_share(card):
            continue
        game = card.game or "riftbound"
        path = card_short_link(game, card.id)
        facts = " · ".join(x for x in [card.code, ", ".join(card.types)] if x)
        pages[path] = share_page(
            ctx,
            language,
            path,
            f"{html_path(ctx.card_page(card))}#{card.id}",
            title=card.name,
            text=shown_text(card.text, language) or facts,
            label=facts or card.name,
            site=site_name(game, "cards"),
            og_title=f"{card.name} · {cited_name(game, 'cards')}",
            source=" · ".join(x for x in [source_line(game, "cards"), facts] if x),
            images=pages,
        )
    return pages


PREVIEWS = "assets/previews"
# The current editions' preview files in one file per document (its folder:
# precache.bundle_path), for a first visit's service worker: one request
# instead of one a section page (1,500 on the full corpora, each paying a
# phone's latency). Never loaded by a page.
PREVIEW_BUNDLES = "assets/previews-current"


def preview_file(page: str) -> str:
    """The preview data of a page (`riftbound/core-rules/424.html`), site-root-relative:
    `assets/previews/riftbound/core-rules/424.js`."""
    return f"{PREVIEWS}/{page.removesuffix('.html')}.js"


@declare("previews", every_text)
def preview_files(ctx: Context, language: str, known: dict | None = None) -> dict[str, str]:
    """One small script per section page of this language's site, with the text
    of the section and of each of its rules, for the previews of links to that
    page (assets/previews.js loads it on the first hover or focus). Scripts, not
    JSON: a page opened from disk (file://) can load a script but not fetch.
    Links to another language's page read that site's own files. Also the
    current editions' files in one per document (`PREVIEW_BUNDLES`), for the
    service worker.

    `known`: what a warm build's last run of this job made of each file (not
    None: under `PREVIEWS_MADE`, not a file, what this run made, for the next
    one): a file made of the same data is not encoded again."""
    files = {}
    made: dict[str, tuple] = {}  # file -> (its data, its text, its part of the bundle once made)
    for section in ctx.editions.pages_of(language):
        page = html_path(section_page(section.key))
        heading = f"{section.number} {section.title}"
        first = section.rules[0].text if section.rules else ""
        entries = {"": {"number": section.number, "section": heading, "text": first}}
        for rule in section.rules:
            entries[rule.number] = {"number": rule.number, "section": heading, "text": rule.text}
        entries.setdefault(section.number, entries[""])
        data = {"page": page, "lang": language, "entries": entries}
        path = preview_file(page)
        then = known.get(path) if known else None
        made[path] = then if then is not None and then[0] == data else (data, _preview_script(data), None)
        files[path] = made[path][1]
    folders: dict[str, list[str]] = {}
    for page in sorted(current_pages(ctx, language)):
        if (path := preview_file(page)) in files:
            folders.setdefault(bundle_folder(page), []).append(path)
    for folder, bundled in sorted(folders.items()):
        # The files' texts as they are: the service worker stores each under its
        # own URL, checked against the hash the precache lists for it. Each
        # file's part as `script_json` of the whole would give it (no character
        # it escapes is one of JSON's own), so a kept file's part is kept too.
        for path in sorted(bundled):
            data, text, part = made[path]
            if part is None:
                made[path] = (data, text, script_json(path) + ":" + script_json(text))
        parts = ",".join(made[path][2] for path in sorted(bundled))
        files[bundle_path(PREVIEW_BUNDLES, folder)] = '{"files":{' + parts + "}}"
    if known is not None:
        files[PREVIEWS_MADE] = made
    return files


# Not a file: where a warm build's preview job hands back what it made of each file (`preview_files`).
PREVIEWS_MADE = ".previews-made"


def _preview_script(data: dict) -> str:
    return "RulesitePreviews.add(" + script_json(data) + ");\n"


def current_pages(ctx: Context, language: str) -> set[str]:
    """The section pages of the current editions of this language's site (as
    `riftbound/core-rules/424.html`): their preview files are stored on a first visit."""
    return {html_path(section_page(s.key)) for s in ctx.corpus.sections.values() if s.language == language}
