"""The links between an official FAQ answer and its translations, shown under
each: an English answer lists the languages it is translated into, each
translation links the English answer (resolve/faq_translations.py pairs them)."""

from __future__ import annotations

from ..common.model import FaqAnswer
from ..resolve.faq_translations import translations_of
from ..site_map.paths import faq_anchor
from ..common.strings import LANGUAGE_NAMES, t
from .context import Context
from .escape import Md


def _pairs(ctx: Context) -> dict[str, list[FaqAnswer]]:
    """`translations_of`, worked out once per corpus a context renders."""
    found = ctx.cache.get("faq-translations")
    if found is None or found[0] is not ctx.corpus:
        found = ctx.cache["faq-translations"] = (ctx.corpus, translations_of(ctx.corpus))
    return found[1]


def shown_translations(faq: FaqAnswer, ctx: Context) -> list[tuple[FaqAnswer, str, str]]:
    """The same answer in the other languages, each with where it is shown
    (page, language): all a page showing `faq` reads of them (render/reuse.py
    keeps a section's page while it is as it was)."""
    return [(other, *ctx.faq_home(other)) for other in _pairs(ctx).get(faq.id, [])]


def translation_lines(faq: FaqAnswer, ctx: Context, page: str) -> list:
    """Under `faq` on `page`: the same answer in the other languages, each
    linked on the site that shows it ("This answer in other languages:
    Español: ¿Y Dazzling Aurora?…"); nothing when it has none."""
    others = shown_translations(faq, ctx)
    if not others:
        return []
    lang = ctx.language
    links = []
    for other, home, language in others:
        name = LANGUAGE_NAMES.get(language, language)
        links.append(Md("{}: {}").format(name, ctx.link(page, home, faq_anchor(other), language, other.question)))
    key = "faq-original" if faq.translates else "faq-translated"
    return [Md("{} {}").format(t(lang, key), Md(" · ").join(links)), Md('{: .faq-languages data-search-exclude="1" }'), ""]
