"""Word links by the longest defined term, bare "See 108.6." references, and a
ruling's Concerns list made from the same resolution as its links.

The terms document is a fixture written for the test (tests/read/fixtures/).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from rulesite import pipeline
from rulesite.diagnostics import Diagnostics
from rulesite.render.ruling_page import render_ruling
from rulesite.resolve.links import Link, Linker

FIXTURES = Path(__file__).parent.parent / "read" / "fixtures"
SECTION = ("riftbound", "core-rules")


@pytest.fixture(scope="module")
def terms(tmp_path_factory):
    folder = tmp_path_factory.mktemp("terms")
    shutil.copy(FIXTURES / "terms.rules-document.txt", folder / "terms.txt")
    (folder / "manifest.yml").write_text(
        "sources:\n  - {id: terms, path: terms.txt, game: riftbound, document: core-rules, language: en,\n"
        "     edition: 2030-01-15, format: rules-document}\n",
        encoding="utf-8",
    )
    diag = Diagnostics()
    ctx = pipeline.resolve(pipeline.read_corpus(folder / "manifest.yml", diag), diag)
    assert diag.errors == []
    return ctx


def _links(ctx, text):
    return [
        (s.text, s.target[0].number, s.target[1])
        for s in Linker(ctx.corpus, dict(ctx.links.keywords)).segments(text, "riftbound")
        if isinstance(s, Link)
    ]


def test_the_longest_defined_term_wins(terms):
    # "Limited Action" is defined by rule 401.2 "Limited Actions": not a link of "Action" to 806.
    assert _links(terms, "Moving is a Limited Action.") == [("Limited Action", "400", "401.2")]
    assert _links(terms, "Play it as an Action.") == [("Action", "806", "806")]
    assert _links(terms, "Both limited actions and an Action card.") == [
        ("limited actions", "400", "401.2"),
        ("Action", "806", "806"),
    ]


def test_see_without_the_word_rule_is_a_reference(terms):
    assert _links(terms, "See 806.1.") == [("806.1", "806", "806.1")]
    assert _links(terms, "Draw, then see 100 cards.") == []


def test_a_rulings_concerns_are_what_its_text_links(ctx):
    """On every seed ruling page, the Concerns line lists exactly the targets
    the ruling's own text links to, each once."""
    checked = 0
    for ruling in ctx.corpus.rulings:
        page = render_ruling(ruling, ctx)
        body, _, rest = page.partition("</div>")
        concerns = next((line for line in rest.splitlines() if line.startswith("Concerns:")), "")

        def targets(markdown):
            found = re.findall(r"\]\(([^)#]*)(?:#([^)]*))?\)\{: \.(?:ref|keyword)", markdown)
            # "424.md#424" and "424.md" both open section 424.
            return list(dict.fromkeys((path, "" if anchor == Path(path).stem else anchor) for path, anchor in found))

        assert targets(concerns) == targets(body), ruling.id
        checked += bool(concerns)
    assert checked > 0
