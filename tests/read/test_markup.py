"""Markup is taken out of source text in time linear in its length."""

from __future__ import annotations

import random
import re

from rulesite.read.markup import SPAN, images_as_text, plain, strip_emphasis

# The specification: what the emphasis rules mean, as plain regular expressions.
_BOLD = re.compile(rf"\*\*(?=\S)(.{{1,{SPAN}}}?)(?<=\S)\*\*|__(?=\S)(.{{1,{SPAN}}}?)(?<=\S)__")
_ITALIC = re.compile(rf"(?<![\w*])\*(?=\S)(.{{1,{SPAN}}}?)(?<=\S)\*(?![\w*])|(?<![\w/])_(?=\S)(.{{1,{SPAN}}}?)(?<=\S)_(?![\w/])")


def _reference(text: str) -> str:
    text = _BOLD.sub(lambda m: m.group(1) or m.group(2), text)
    return _ITALIC.sub(lambda m: m.group(1) or m.group(2), text)


def test_emphasis_is_taken_out_as_the_regular_expressions_say():
    rng = random.Random(7)
    for _ in range(30000):
        text = "".join(rng.choice("*_ a/\nb") for _ in range(rng.randint(0, 14)))
        assert strip_emphasis(text) == _reference(text), repr(text)
    assert strip_emphasis("**Bold** and *it* and __b__ and _i_, not snake_case") == "Bold and it and b and i, not snake_case"


def test_hostile_lines_are_read_whole():
    """Lines of markers that never close: a lazy regular expression between the
    markers would take minutes for each (quadratic); these are read at once and kept."""
    n = 60_000
    for payload in ("_a " * n, "*a " * n, "**a " * n, "[x](" * n, "[" * n + "]" * n, "![a](" * n):
        assert plain(payload) == payload.strip(), payload[:10]


def test_images_keep_their_alt_text_and_are_never_fetched():
    text = 'Before <img src="https://example.org/a.png" alt="A &quot;card&quot;"> mid ![Second](https://example.org/b.png) <img src="c.png"> end'
    shown = images_as_text(text)
    assert shown == 'Before (image: A "card") mid (image: Second)  end'
    assert "example.org" not in shown
