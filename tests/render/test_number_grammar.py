"""One rule-number grammar: Python's patterns and the one the browser code reads
(assets/strings.js, core.js's Rulesite.numbers) are the same sources."""

from __future__ import annotations

import json
import re

from rulesite.common import names
from rulesite.check import edition_counts, link_text
from rulesite.render.jobs import browser_tables


def shipped_grammar(script: str) -> dict:
    found = re.search(r"^window\.RULESITE_GRAMMAR = (.*);$", script, re.M)
    assert found, "assets/strings.js ships no grammar"
    return json.loads(found.group(1))


def test_the_browser_reads_the_grammar_python_matches_with():
    for language in ("en", "es", "fr"):
        assert shipped_grammar(browser_tables(language)) == names.browser_grammar()
    grammar = names.browser_grammar()
    # The compiled patterns Python uses are built from exactly those sources.
    assert grammar["number"] == names.RULE_NUMBER == names._RULE_NUMBER.pattern
    assert grammar["part"] == names._PART.pattern
    assert grammar["subrule"] == names._MAGIC_SUBRULE.pattern
    assert names.RULE_NUMBER in link_text._NUMBERED.pattern
    assert names.RULE_NUMBER in edition_counts._LEADING_NUMBER.pattern


def test_the_grammar_reads_the_same_in_javascript():
    """No Python-only syntax (named groups, lookbehind, inline flags, \\d that
    means more than ASCII), so `new RegExp(source)` means what re means."""
    for source in names.browser_grammar().values():
        assert "(?P" not in source and "(?<" not in source and "(?i" not in source
        assert "\\d" not in source and "\\w" not in source


def test_typed_numbers_are_looser_than_rule_numbers():
    typed = re.compile(names.TYPED_NUMBER, re.IGNORECASE)
    for number in ("832.1.c.2", "701.16a", "424", "450.3.f.0.a"):
        assert names.rule_number_problem(number) is None and typed.fullmatch(number)
    # What a reader may type or an old address may hold, though no rule has it.
    for typed_only in ("42", "1234.5", "832.1.ZZ"):
        assert typed.fullmatch(typed_only) and names.rule_number_problem(typed_only) is not None
    for neither in ("v1.2", "2025-06-01", "abc", "832..1"):
        assert not typed.fullmatch(neither)


def test_an_address_is_read_without_what_follows_its_number():
    for segment, number in (
        ("999.html", "999"),
        ("999.1.a.html", "999.1.a"),
        ("701.16a.htm", "701.16a"),
        ("411.1html", "411.1"),
        ("411.1.HTML)", "411.1"),
        ("424", "424"),
    ):
        assert names.number_in_address(segment) == number, segment
    for segment in ("index.html", "v1.2", "compare.html", "a" * 60 + "1"):
        assert names.number_in_address(segment) is None, segment
