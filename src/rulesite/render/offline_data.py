"""What the offline page needs to show a page never visited as the page shows
it: one small script per current section page, ruling page and card page,
`assets/offline/<page>.js`, calling `RulesiteOffline.add({...})`
(assets/offline-page.js lays it out with DOM calls and textContent only).

Each holds the page's title, where it is from (game, document, edition) and
its parts, in the words the page prints them (render's: strings.py):

- `["rule", number, depth, text, examples, history]`: a rule, its text cut
  into its links as resolve linked it for the page, its examples
  (`[anchor, label, text]`) and its History's summary (the rows are the page's
  history file, which the service worker stores too);
- `["h", level, words, id, class]`: a heading (a FAQ question, a card's name, ...);
- `["p", text, class]`: a paragraph; `["ol", [text, ...]]`: numbered steps;
- `["links", words, [[title, href], ...]]`: what concerns the item.

A text is a list of strings (plain), `[words, href]` (a link, its href from
the site root: `riftbound/core-rules/424.html#424.1`, which the browser turns
into an address only through core.js's checked helper) and `[words]` (a rule
not in the sources). Links to another language's site are left as plain text.

The service worker stores these files for the current editions, each
document's (each folder's) fetched as one bundle (`OFFLINE_BUNDLES`), within
the first visit's budget (render/offline_app.py: choose). The jobs making the
pages make their files too (render/site.py: a run of section pages, of
rulings' pages, the card pages), so a warm build makes again those whose page
it makes again (render/reuse.py: what each reads is in its job's
fingerprint); the bundles are joined of them after the jobs (`bundles_of`).
"""

from __future__ import annotations

from ..common.card_symbols import shown_name, shown_text, spaced, split_symbols
from ..common.documents import document_name
from ..common.model import Card, Erratum, FaqAnswer, Ruling, Section, Walkthrough
from ..common.precache import bundle_folder, bundle_path
from ..resolve.links import Link
from ..site_map.paths import ERRATA, example_anchor, faq_anchor, html_path, page_of, section_page
from ..common.strings import t
from .card_pages import erratum_anchor
from .context import CONTENT_LANGUAGE, Context
from .escape import script_json
from .history import rule_history
from .labels import section_label
from .share import cited_name

OFFLINE_DATA = "assets/offline"
# The files in one file per folder (a document's, the rulings', the cards'),
# for a first visit's service worker (as share.PREVIEW_BUNDLES). Never loaded by a page.
OFFLINE_BUNDLES = "assets/offline-current"


def offline_file(page: str) -> str:
    """`assets/offline/riftbound/core-rules/424.js` for `riftbound/core-rules/424.html`."""
    return f"{OFFLINE_DATA}/{page.removesuffix('.html')}.js"


def section_files(ctx: Context, run: list[Section]) -> dict[str, str]:
    """The offline files of the current sections among `run` (a run of section
    pages' job, render/site.py: reused with them while what they read is the same)."""
    found = {}
    for section in run:
        if ctx.corpus.sections.get(section.key) is section:  # a current edition's
            page = html_path(section_page(section.key))
            found[page] = section_data(ctx, section, page)
    return _files(found)


def ruling_files(ctx: Context, rulings: list[Ruling]) -> dict[str, str]:
    """The offline files of these rulings' pages (a run of rulings' pages' job)."""
    found = {}
    for ruling in rulings:
        page = html_path(page_of(ruling))
        found[page] = ruling_data(ctx, ruling, page)
    return _files(found)


def card_files(ctx: Context) -> dict[str, str]:
    """The offline files of the cards' pages (the card pages' job)."""
    found = {}
    for parts in ctx.where.cards.values():
        for part in parts:
            page = html_path(part.page)
            found[page] = cards_data(ctx, [c for c in part.items if isinstance(c, Card)], page)
    return _files(found)


def _files(found: dict[str, dict]) -> dict[str, str]:
    return {offline_file(page): "RulesiteOffline.add(" + script_json(data) + ");\n" for page, data in sorted(found.items())}


def section_data(ctx: Context, section: Section, page: str) -> dict:
    lang = section.language
    md_page = section_page(section.key)
    parts: list = [["h", 3, t(lang, "rules"), ""]]
    for rule in section.rules:
        history = rule_history(rule, section, ctx, md_page)
        examples = [
            [example_anchor(rule.number, i), example.label, _segments(ctx, example.text, section.game, section)]
            for i, example in enumerate(rule.examples, 1)
        ]
        text = _segments(ctx, rule.text, section.game, section)
        parts.append(["rule", rule.number, rule.depth, text, examples, history[0] if history else ""])
    faqs = ctx.section_faqs(section)
    if faqs:
        parts.append(["h", 3, f"{t(lang, 'related-faq')} ({len(faqs)})", "related-faq"])
        for faq in faqs:
            parts.append(["h", 4, faq.question, faq_anchor(faq), "faq-question"])
            parts.append(["p", _segments(ctx, faq.answer, faq.game, section, quoted=True), "faq-answer"])
    concerned = ctx.citations.by_section.get(section.key, [])
    for key, items in (
        ("related-faq", [i for i in concerned if isinstance(i, FaqAnswer) and i.section != section.number]),
        ("rulings", [i for i in concerned if isinstance(i, Ruling)]),
        ("walkthroughs", [i for i in concerned if isinstance(i, Walkthrough)]),
    ):
        links = [link for item in items if (link := _item_link(ctx, item)) is not None]
        if links:
            parts.append(["links", f"{t(lang, key)} ({len(links)})", links])
    return {
        "page": page,
        "lang": lang,
        "title": section_label(section),
        "from": cited_name(section.game, document_name(section.document), section.edition),
        "parts": parts,
    }


def ruling_data(ctx: Context, ruling: Ruling, page: str) -> dict:
    lang = CONTENT_LANGUAGE
    game = ruling.game
    parts: list = []
    if ruling.question and ruling.question.strip() != ruling.title.strip():
        parts.append(["p", [t(lang, "question-label") + " ", *_segments(ctx, ruling.question, game)], "ruling-question"])
    parts.append(["p", [t(lang, "ruling-label") + " ", *_segments(ctx, ruling.answer, game, quoted=True)], "ruling-answer"])
    if ruling.steps:
        parts.append(["h", 3, t(lang, "sequence"), "sequence"])
        parts.append(["ol", [_segments(ctx, step, game, quoted=True) for step in ruling.steps]])
    if ruling.nuances:
        parts.append(["h", 3, t(lang, "nuances"), ""])
        parts.append(["ul", [_segments(ctx, note, game, quoted=True) for note in ruling.nuances]])
    concerns = []
    for link in ctx.citations.concerns.get(ruling.id, []):
        href = _href(link, lang)
        number = link.number if link.kind == "rule" else link.target[1]
        if href is not None:
            concerns.append([number, href])
    if concerns:
        parts.append(["links", t(lang, "concerns"), concerns])
    cards = ctx.citations.cards_of.get(ruling.id, [])
    if cards:
        parts.append(
            ["links", t(lang, "nav-cards"), [[card.name, f"{html_path(ctx.card_page(card))}#{card.id}"] for card in cards]]
        )
    # The Core Rules edition it was reviewed against, named as a citation names it.
    edition = f"{document_name('core-rules')} v{ruling.reviewed_version}" if ruling.reviewed_version else ""
    return {
        "page": page,
        "lang": lang,
        "title": ruling.title,
        "from": cited_name(game, t(lang, "community-rulings"), edition),
        "parts": parts,
    }


def cards_data(ctx: Context, cards: list[Card], page: str) -> dict:
    """A part of a card letter page: each card's name, facts, text, errata and
    what names it, as the page prints them."""
    lang = CONTENT_LANGUAGE
    parts: list = []
    for card in cards:
        game = card.game or "riftbound"
        parts.append(["h", 2, card.name, card.id, "card"])
        facts = " · ".join(x for x in [card.code, ", ".join(card.types), ", ".join(card.domains)] if x)
        if facts:
            parts.append(["p", [facts], "rule-meta"])
        for line in card.text.split("\n") if card.text else []:
            parts.append(["p", _segments(ctx, line, game, quoted=True), ""])
        for erratum in card.errata:
            parts.append(["h", 4, t(lang, "erratum-heading", date=erratum.date), ""])
            for key, text in (("erratum-old", erratum.old_text), ("erratum-new", erratum.new_text)):
                lines = [shown_text(line, lang) for line in text.split("\n") if line.strip()] or [""]
                parts += [["p", [t(lang, key, text=lines[0]) if k == 0 else line], ""] for k, line in enumerate(lines)]
        items = ctx.citations.by_card.get(card.id, [])
        links = []
        for item in items:
            if isinstance(item, Erratum):
                words = t(lang, "erratum-link", date=item.date, article=item.article)
                links.append([words, f"{html_path(ERRATA)}#{erratum_anchor(item)}"])
            elif (link := _item_link(ctx, item)) is not None:
                links.append(link)
        if links:
            parts.append(["links", t(lang, "card-cited-by"), links])
    game = next((c.game for c in cards if c.game), "riftbound")
    return {"page": page, "lang": lang, "title": "", "from": cited_name(game, t(lang, "card-pages")), "parts": parts}


def _item_link(ctx: Context, item) -> list[str] | None:
    """[title, href from the site root] of a FAQ answer, ruling or walkthrough of this site; None when it is another's."""
    if isinstance(item, FaqAnswer):
        home, language = ctx.faq_home(item)
        if language != ctx.language:
            return None
        return [item.question, f"{html_path(home)}#{faq_anchor(item)}"]
    if ctx.language != CONTENT_LANGUAGE:
        return None
    return [item.title, html_path(page_of(item))]


def _segments(ctx: Context, text: str, game: str, here: Section | None = None, quoted: bool = False) -> list:
    """`text` cut into its links as the page shows it: strings, [words, href],
    [words] (not in the sources). `quoted`: a text quoting cards (as
    `Context.quoted` shows it): its symbols as signs with their names, the
    rest linked piece by piece."""
    if not quoted:
        # Rule text (`here` a section) links keywords only; any other text every defined term too.
        return _joined(_linked(ctx, text, game, here, terms=here is None))
    out: list = []
    for part in spaced(split_symbols(text, ctx.language)):
        if isinstance(part, tuple):
            shorthand, sign, name = part
            out.append(f"{sign} {shown_name(shorthand, sign, name)}")
        elif part:
            out += _linked(ctx, part, game, here, terms=True)
    return _joined(out)


def _linked(ctx: Context, text: str, game: str, here: Section | None, terms: bool) -> list:
    out: list = []
    for seg in ctx.aligned(ctx.links.segments(text, game, here, terms=terms)):
        if isinstance(seg, str):
            out.append(seg)
        elif seg.target is None:
            out.append([seg.text])
        elif (href := _href(seg, ctx.language)) is None:
            out.append(seg.text)
        else:
            out.append([seg.text, href])
    return out


def _joined(segments: list) -> list:
    """Neighbouring strings as one."""
    joined: list = []
    for seg in segments:
        if isinstance(seg, str) and joined and isinstance(joined[-1], str):
            joined[-1] += seg
        else:
            joined.append(seg)
    return joined


def _href(link: Link, language: str) -> str | None:
    """Where a link leads, from the site root (as inline._link_values makes it); None for another language's site."""
    key, anchor = link.target
    if key.language != language:
        return None
    anchor = "" if link.kind == "keyword" and anchor == key.number else anchor
    page = html_path(section_page(key))
    return f"{page}#{anchor}" if anchor else page


def bundles_of(files: dict[str, str], known: dict | None = None) -> dict[str, str]:
    """`OFFLINE_BUNDLES` of these offline files (path -> text), one a folder.
    `known` (a warm build's): folder -> its files and their bundle as the last
    build made it, kept while its files are the same; replaced by this build's."""
    folders: dict[str, dict[str, str]] = {}
    prefix = OFFLINE_DATA + "/"
    for path, text in sorted(files.items()):
        page = path[len(prefix) :].removesuffix(".js") + ".html"
        folders.setdefault(bundle_folder(page), {})[path] = text
    made = {}
    for folder, held in sorted(folders.items()):
        then = known.get(folder) if known is not None else None
        made[folder] = then if then is not None and then[0] == held else (held, script_json({"files": held}))
    if known is not None:
        known.clear()
        known.update(made)
    return {bundle_path(OFFLINE_BUNDLES, folder): text for folder, (_, text) in made.items()}
