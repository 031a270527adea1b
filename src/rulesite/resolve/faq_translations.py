"""Official FAQ answers in another language, attached to the English answers
they translate by id (format `faq-translation`: `FaqAnswer.translates`)."""

from __future__ import annotations

from ..common.diagnostics import Diagnostics
from ..common.model import CONTENT_LANGUAGE, Corpus, FaqAnswer


def translations_of(corpus: Corpus) -> dict[str, list[FaqAnswer]]:
    """The id of each English answer that has translations -> them, in the
    sources' order; and each translation's id -> [the English answer]."""
    by_id = {faq.id: faq for faq in corpus.faqs if not faq.translates}
    out: dict[str, list[FaqAnswer]] = {}
    for faq in corpus.faqs:
        original = by_id.get(faq.translates) if faq.translates else None
        if original is not None:
            out.setdefault(original.id, []).append(faq)
            out[faq.id] = [original]
    return out


def check_translations(corpus: Corpus, diag: Diagnostics) -> None:
    """Each translation names an English answer the sources hold, in the same
    game, and is in another language than English."""
    by_id = {faq.id: faq for faq in corpus.faqs if not faq.translates}
    for faq in corpus.faqs:
        if not faq.translates:
            continue
        original = by_id.get(faq.translates)
        language = corpus.sources[faq.source_id].language
        if original is None or corpus.sources[original.source_id].language != CONTENT_LANGUAGE:
            diag.error(faq.loc, "faq-translation", f"translates {faq.translates}, which is no English FAQ answer of the sources")
        elif original.game != faq.game:
            diag.error(faq.loc, "faq-translation", f"translates {faq.translates}, an answer of {original.game}, not {faq.game}")
        elif language == CONTENT_LANGUAGE:
            diag.error(faq.loc, "faq-translation", "a translation in English: give its source another language")
