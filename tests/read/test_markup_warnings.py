"""A source text that looks like markup is reported where it is, however many
clean texts surround it: the quick look that rules most texts out first (their
join, then the strings each alternative of the expression needs) must never
hide one the expression would flag."""

from __future__ import annotations

import pytest

from rulesite.common.diagnostics import Diagnostics
from rulesite.common.model import Example, Imported, Loc, Rule, Section
from rulesite.read.untrusted import _SUSPICIOUS, _may_hold_markup, warn_untrusted

# One at least for each alternative of the expression, upper case and Unicode
# case variants too ("ſ" is "s" and "ı" is "i" to a case-blind expression).
MARKUP = [
    "<script>alert(1)</script>",
    "< / IFRAME src=x>",
    "<svg/onload=x>",
    "see onclick = run",
    "ONERROR=x",
    "JavaScript :void(0)",
    "javaſcript:x",
    "javascrıpt:x",
    "a [link](http://x)",
    "an ![image]",
    "some **bold** words",
    "some __bold__ words",
]
# Rules text that must stay quiet: brackets, colons, asterisks that are no emphasis.
CLEAN = [
    "[Show Off] (Reveal a card: then draw.)",
    "Example: a unit with [Accelerate] plays.",
    "Deal 3 * 2 damage; a 1:1 trade.",
    "The script of the game is the rules text.",
    "Units on the board, one after another.",
]


def _imported(texts: list[str]) -> Imported:
    rules = [Rule(f"100.{k}", text, Loc("src.txt", k + 1)) for k, text in enumerate(texts)]
    rules[0].examples.append(Example("Example", CLEAN[1], Loc("src.txt", 1)))
    return Imported(sections=[Section("riftbound", "core-rules", "100", "Clean", "en", rules, loc=Loc("src.txt", 1))])


@pytest.mark.parametrize("markup", MARKUP)
def test_the_quick_look_never_hides_markup(markup):
    assert _SUSPICIOUS.search(markup), "the sample must be what the expression flags"
    assert _may_hold_markup(markup)


@pytest.mark.parametrize("markup", MARKUP)
def test_markup_among_clean_texts_is_reported_at_its_line(markup):
    texts = CLEAN * 40
    texts.insert(117, markup)
    diag = Diagnostics()
    warn_untrusted(_imported(texts), diag)
    assert [(d.code, d.loc) for d in diag.items] == [("raw-html", Loc("src.txt", 118))]


def test_clean_texts_are_not_reported():
    diag = Diagnostics()
    warn_untrusted(_imported(CLEAN * 40), diag)
    assert diag.items == []
