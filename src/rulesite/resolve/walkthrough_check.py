"""Checks every walkthrough against the rules it cites.

A walkthrough is checked against one edition of one document. When a new
edition drops a rule or rewords the words a step relies on, the build names the
walkthrough, the rule and the phrase, so nobody publishes a stale explanation.
"""

from __future__ import annotations

from ..common.diagnostics import Diagnostics
from ..common.model import Corpus, Rule, Walkthrough
from ..common.normalize import normalize_text
from .view import EditionsView, editions_view


def check_walkthroughs(corpus: Corpus, diag: Diagnostics, view: EditionsView | None = None) -> None:
    """`view`: the resolved editions (made here when not given)."""
    view = view or editions_view(corpus)
    for walkthrough in corpus.walkthroughs:
        if _printed_rule(view, walkthrough, walkthrough.rule) is None:
            diag.error(walkthrough.loc, "walkthrough-rule", _missing(walkthrough, walkthrough.rule))
        for step in walkthrough.steps:
            for cite in step.cites:
                rule = _printed_rule(view, walkthrough, cite.rule)
                if rule is None:
                    diag.error(cite.loc, "walkthrough-rule", _missing(walkthrough, cite.rule))
                elif not _says(rule, cite.quote):
                    diag.error(
                        cite.loc,
                        "walkthrough-quote",
                        f'walkthrough {walkthrough.id} cites rule {cite.rule}, which no longer says "{cite.quote}"',
                    )


def _missing(walkthrough: Walkthrough, number: str) -> str:
    return f"walkthrough {walkthrough.id}: rule {number} does not exist in {walkthrough.document} edition {walkthrough.edition}"


def _printed_rule(view: EditionsView, walkthrough: Walkthrough, number: str) -> Rule | None:
    """The rule as the walkthrough's edition prints it (its edition is named by
    date, or by version label such as "v1.4").

    Not the current view: the same number may mean another rule in another
    edition or document.
    """
    return view.printed((walkthrough.game, walkthrough.document, "en"), walkthrough.edition, number)


def _says(rule: Rule, quote: str) -> bool:
    """Whether the quote is in the rule's own text or in one of its examples."""
    wanted = normalize_text(quote)
    return any(wanted in normalize_text(text) for text in [rule.text, *(e.text for e in rule.examples)])
