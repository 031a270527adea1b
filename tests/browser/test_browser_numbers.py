"""The browser code reads rule numbers by the build's grammar (assets/strings.js),
over http:// and file://: what it takes for a number, a number's parts and its
parent are what Python says (names.py)."""

from __future__ import annotations

import re

import pytest

from rulesite.common import names

pytestmark = pytest.mark.browser

NUMBERS = ["832.1.c.2", "701.16a", "701.16", "424", "450.3.f.0.a", "100.1", "832.1.zz", "42", "1234.5a"]
NOT_NUMBERS = ["v1.2", "2025-06-01", "abc", "832..1", "832.1."]


def test_the_browser_reads_numbers_as_python_does(root_url, browse):
    page = browse(root_url).new_page()
    page.goto(root_url + "riftbound/core-rules/424.html")
    read = page.evaluate(
        """(numbers) => numbers.map((n) => [
            Rulesite.numbers.typed(n),
            Rulesite.numbers.parts(n),
            Rulesite.numbers.parent(n),
            Rulesite.numbers.atEnd("/r/" + n + ".html"),
        ])""",
        NUMBERS + NOT_NUMBERS,
    )
    typed = re.compile(names.TYPED_NUMBER, re.IGNORECASE)
    for number, (is_typed, parts, parent, at_end) in zip(NUMBERS + NOT_NUMBERS, read):
        assert is_typed == bool(typed.fullmatch(number)), number
        if number in NUMBERS:
            assert parts == names.number_parts(number), number
            assert parent == names.parent_number(number), number
            # An address's number, as the not-found page reads it: the same as Python's, without ".html"
            # (and without letters glued on: "832.1.zz.html" names 832.1).
            assert at_end == names.number_in_address(number + ".html") and number.startswith(at_end), (number, at_end)
    within = page.evaluate(
        """() => [["832.1.c.2", "832.1"], ["701.16a", "701.16"], ["832.10", "832.1"], ["701.16", "701.16a"]]
            .map((p) => Rulesite.numbers.within(p[0], p[1]))"""
    )
    assert within == [True, True, False, False]
