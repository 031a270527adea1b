"""Answers about other languages that render asks resolve: where a number is
another rule in another language, and which section a FAQ answer sits with."""

from __future__ import annotations

from rulesite.common.diagnostics import Diagnostics
from rulesite.common.model import Corpus, EquivalentEntry, FaqAnswer, Loc, Rule, Section, Source
from rulesite.resolve.citations import faq_section
from rulesite.resolve.concordance import resolve_concordance

LOC = Loc("concordance.yml", 1)


def magic_section(number: str, title: str, language: str) -> Section:
    rule = Rule(f"{number}a", f"{title}.", LOC)
    return Section("magic", "comprehensive-rules", number, title, language, rules=[rule], source_ids=[language])


def test_a_number_that_is_another_rule_in_another_language_is_named_by_resolve():
    shuffle, reveal = magic_section("701.20", "Shuffle", "en"), magic_section("701.16", "Reveal", "en")
    mostrar = magic_section("701.20", "Mostrar", "es")  # Spanish 701.20 is English 701.16
    corpus = Corpus(
        sources={
            lang: Source(lang, f"{lang}.txt", "magic", "comprehensive-rules", lang, "2024-11-08", "mtg") for lang in ("en", "es")
        }
    )
    corpus.sections = {s.key: s for s in (shuffle, reveal, mostrar)}
    corpus.equivalents = [
        EquivalentEntry("magic", "comprehensive-rules", [("en", "701.16", "2024-11-08"), ("es", "701.20", "2024-11-08")], LOC)
    ]
    diag = Diagnostics()
    concordance = resolve_concordance(corpus, diag)
    assert diag.errors == []
    assert concordance.another_rule_in(shuffle) == ("es",)  # the Spanish 701.20 is no translation of Shuffle
    # English 701.20 (Shuffle) names no Spanish equivalent: nothing to say on Mostrar's page.
    assert concordance.another_rule_in(mostrar) == ()
    assert concordance.another_rule_in(reveal) == ()  # Spanish has no 701.16 page


def test_a_faq_answer_sits_with_its_section_when_the_sources_hold_it():
    section = Section("riftbound", "core-rules", "424", "Reveal", "en")
    corpus = Corpus()
    corpus.sections = {section.key: section}
    faq = FaqAnswer("q1", "A question?", "An answer.", "riftbound", "424", "faq", LOC)
    assert faq_section(corpus, faq) is section
    for elsewhere in ("999", ""):  # not in the sources; names no section
        faq.section = elsewhere
        assert faq_section(corpus, faq) is None
