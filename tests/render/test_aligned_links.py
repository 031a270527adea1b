"""A translated rule is the English rule it translates (issue 41): on the
French site a reference to an English rule French translates under the same
number leads to the French rule; where French numbers it otherwise
(concordance.yml), the reference keeps the English rule, whose number its
words name, while "cited by" still follows the identity. The seeds with the
guide's French 424 (tests/translations.py), read and resolved, no site built."""

from __future__ import annotations

import re

from translations import translated_seeds

from rulesite.common.diagnostics import Diagnostics
from rulesite.common.model import SectionKey
from rulesite.render.context import Context
from rulesite.resolve.links import Link
from rulesite.stages.read import read_corpus
from rulesite.stages.resolve import resolve

ENGLISH = SectionKey("riftbound", "core-rules", "424", "en")


def french_context(repo_root, root, renumber: bool = False) -> Context:
    rules_src = translated_seeds(repo_root, root)
    if renumber:  # French prints Reveal as 425; concordance.yml says it is English 424
        french = rules_src / "riftbound" / "424-reveler.fr.web-page.txt"
        french.write_text(re.sub(r"^424\.", "425.", french.read_text(encoding="utf-8"), flags=re.M), encoding="utf-8")
        concordance = rules_src / "concordance.yml"
        text = concordance.read_text(encoding="utf-8").replace(
            "equivalents:\n",
            "equivalents:\n  - game: riftbound\n    document: core-rules\n    rules:\n"
            '      fr: {number: "425", edition: undated}\n      en: {number: "424", edition: undated}\n',
            1,
        )
        concordance.write_text(text, encoding="utf-8")
    diag = Diagnostics()
    ctx = resolve(read_corpus(rules_src / "manifest.yml", diag), diag)
    assert diag.errors == []
    return Context(ctx.corpus, ctx.links, ctx.citations, ctx.concordance, language="fr", languages=("en", "es", "fr"))


def reference(number: str) -> Link:
    return Link(number, "rule", number, (ENGLISH, number))


def test_a_reference_leads_to_the_french_rule_of_the_same_number(repo_root, tmp_path):
    ctx = french_context(repo_root, tmp_path)
    french = ENGLISH.in_language("fr")
    assert ctx.corpus.sections[french].language == "fr"
    assert ctx.aligned([reference("424.3")])[0].target == (french, "424.3")
    assert ctx.aligned([reference("424")])[0].target == (french, "424")
    # A keyword's words are English: it keeps English's section.
    keyword = Link("Reveal", "keyword", "424", (ENGLISH, "424"))
    assert ctx.aligned([keyword])[0].target == (ENGLISH, "424")
    # English's site is English's.
    english = Context(ctx.corpus, ctx.links, ctx.citations, ctx.concordance, language="en", languages=("en", "fr"))
    assert english.aligned([reference("424.3")])[0].target == (ENGLISH, "424.3")


def test_a_rule_french_numbers_otherwise_is_still_cited_but_referenced_in_english(repo_root, tmp_path):
    ctx = french_context(repo_root, tmp_path, renumber=True)
    french = next(s for s in ctx.corpus.sections.values() if s.language == "fr" and s.game == "riftbound")
    assert french.number == "425"
    assert ctx.concordance.english_of(french, "425.2.a")[1] == "424.2.a"
    # The reference's words say 424.3: it opens English 424.3, not French 425.3.
    assert ctx.aligned([reference("424.3")])[0].target == (ENGLISH, "424.3")
    # What cites English 424.3 cites French 425.3, its translation.
    cited = ctx.citations.by_rule[(ENGLISH, "424.3")]
    assert cited and ctx.citations.by_rule[(french.key, "425.3")] == cited


def test_a_sub_rule_concordance_names_is_the_english_rule_with_its_own_sub_rules(repo_root, tmp_path):
    """French prints English 424.4 (and 424.4.a) as 424.5 and 424.5.a; one
    concordance.yml entry naming the two rules says so: the French rule and
    the one under it are the English ones, cited as they are, and the rest of
    the section keeps the same numbers."""
    rules_src = translated_seeds(repo_root, tmp_path)
    french_file = rules_src / "riftbound" / "424-reveler.fr.web-page.txt"
    text = french_file.read_text(encoding="utf-8").replace("\n424.4.\n", "\n424.5.\n").replace("\n424.4.a.\n", "\n424.5.a.\n")
    french_file.write_text(text, encoding="utf-8")
    concordance = rules_src / "concordance.yml"
    concordance.write_text(
        concordance.read_text(encoding="utf-8").replace(
            "equivalents:\n",
            "equivalents:\n  - game: riftbound\n    document: core-rules\n    rules:\n"
            '      fr: {number: "424.5", edition: undated}\n      en: {number: "424.4", edition: undated}\n',
            1,
        ),
        encoding="utf-8",
    )
    diag = Diagnostics()
    ctx = resolve(read_corpus(rules_src / "manifest.yml", diag), diag)
    assert diag.errors == [] and not [w for w in diag.warnings if w.code == "concordance"], diag.warnings
    french = ctx.corpus.sections[ENGLISH.in_language("fr")]
    assert [r.number for r in french.rules][-2:] == ["424.5", "424.5.a"]
    english_of = ctx.concordance.english_of
    assert [english_of(french, n)[1] for n in ("424.5", "424.5.a", "424.3", "424.2.b")] == [
        "424.4",
        "424.4.a",
        "424.3",
        "424.2.b",
    ]
    cited = ctx.citations.by_rule[(ENGLISH, "424.4.a")]
    assert cited and ctx.citations.by_rule[(french.key, "424.5.a")] == cited
    assert (french.key, "424.4.a") not in ctx.citations.by_rule
