"""The words for what resolve decided of official documents (resolve/official.py):
each official item's authority and time, shown the way rulings show "Reviewed
against", and a revised rule's revision on that rule in each edition."""

from __future__ import annotations

from ..common.documents import document_name
from ..common.model import FaqAnswer, Rule, Section
from ..resolve.official import RevisionStanding, Standing, official_documents, revisions, standings
from ..site_map.paths import contents_page, editions_page, faq_anchor
from ..common.strings import t
from .context import Context
from .escape import Md, md_text
from .symbols import with_symbols


def standing_of(ctx: Context, document_id: str):
    if not document_id:
        return None  # an item of no official document: no document is read
    return ctx._memo("official-standings", lambda: standings(ctx.corpus)).get(document_id)


def authority(item: FaqAnswer, ctx: Context, page: str) -> list[Md]:
    """One line: when and where the item was published, what its document
    amends, its precedence, when it lapses and what superseded it."""
    standing = standing_of(ctx, item.document)
    if standing is None:
        return []
    lang = ctx.language
    document = standing.document
    where = document_link(ctx, standing, page)
    head = t(lang, "official-published", date=document.published) if document.published else t(lang, "official-undated")
    parts = [Md("{} {}").format(head, where)]
    if document.amends in ("core-rules", "cards"):
        parts.append(md_text(t(lang, f"official-amends-{document.amends}")))
    if document.precedence:
        parts.append(md_text(t(lang, "official-precedence")))
    if standing.superseded_by is not None:
        edition = standing.superseded_by
        name = f"{document_name(edition.document)} {edition.label}"
        to = contents_page(edition.game, edition.document)
        current = ctx.editions.current_of((edition.game, edition.document, edition.language)) if ctx.editions else None
        if current is not edition:
            to = editions_page(edition.game, edition.document)
        link = ctx.link(page, to, "", edition.language, name)
        parts.append(Md("{} {} ({})").format(t(lang, "official-superseded"), link, edition.date))
    elif document.lapses == "next-rules-update":
        parts.append(md_text(t(lang, "official-lapses")))
    return [Md(" · ").join(parts), Md('{: .freshness data-search-exclude="1" }'), ""]


def official_pages(ctx: Context) -> list[tuple[Standing, str, str, str]]:
    """Every official document, newest first (resolve's `official_documents`), with
    where its page opens: (standing, docs page, anchor, language of that page).
    Its title and date are `standing.document.title` and `.published`: what a
    change feed lists. A document with no item (an empty article) has no page: left out."""
    out = []
    for standing in official_documents(ctx.corpus):
        if standing.opening is not None:
            home, language = ctx.faq_home(standing.opening)
            out.append((standing, home, faq_anchor(standing.opening), language))
    return out


def document_link(ctx: Context, standing, page: str) -> Md:
    """The document's title, linked to where its page opens (its introduction or first item)."""
    opening = standing.opening
    if opening is None:
        return md_text(standing.document.title)
    home, language = ctx.faq_home(opening)
    return ctx.link(page, home, faq_anchor(opening), language, standing.document.title)


def question_heading(item: FaqAnswer, lang: str) -> str:
    """What an item's heading says: an introduction is named as one, with its
    document's title (its `question`)."""
    return t(lang, "official-introduction", title=item.question) if item.kind == "introduction" else item.question


def _by_rule(ctx: Context) -> dict:
    """(game, document, edition label, rule number) -> [(revision, the later edition's word or None)]."""

    def make():
        found: dict = {}
        for standing in revisions(ctx.corpus, ctx.history):
            r = standing.revision
            if standing.number:
                found.setdefault((r.game, r.document, standing.amended, standing.number), []).append((standing, None))
            for later in standing.later:
                if later.number:
                    found.setdefault((r.game, r.document, later.edition, later.number), []).append((standing, later))
        return found

    return ctx._memo("rule-revisions", make)


def revisions_of(rule: Rule, section: Section, ctx: Context) -> list:
    if section.language != "en" or not ctx.corpus.revisions:
        return []
    return _by_rule(ctx).get((section.game, section.document, section.edition, rule.number), [])


def revision_lines(rule: Rule, section: Section, ctx: Context, page: str) -> list[Md]:
    """Under a revised rule: the revised text, who revised it and when, and
    whether each later edition took it in; under a later edition's rule: that
    it is the revised rule, and whether this edition took the revision in."""
    out: list[Md] = []
    lang = ctx.language
    for standing, later in revisions_of(rule, section, ctx):
        revision = standing.revision
        by = _by(ctx, standing, page)
        when = f" ({revision.date})" if revision.date else ""
        # Its symbols as signs with their names; not linked (resolve links the texts the rules print).
        text = with_symbols(revision.text, md_text, lang)
        if later is None:
            status = [_status(lang, x) for x in standing.later]
            line = Md("{} {}{}: “{}”").format(t(lang, "revised-by"), by, when, text)
            if status:
                line = Md("{} — {}").format(line, Md("; ").join(status))
        else:
            label = t(lang, "revision-of", number=revision.number, edition=standing.amended)
            line = Md("{} {}{}: “{}” — {}").format(label, by, when, text, _status(lang, later))
        out += [line, Md('{: .rule-meta .rule-revision data-search-exclude="1" }'), ""]
    return out


def _status(lang: str, later) -> Md:
    key = "revision-incorporated" if later.incorporated else "revision-not-incorporated"
    return md_text(t(lang, key, edition=later.edition))


def _by(ctx: Context, standing: RevisionStanding, page: str) -> Md:
    found = standing_of(ctx, standing.revision.official)
    if found is None:
        return md_text(standing.revision.official)
    return document_link(ctx, found, page)
