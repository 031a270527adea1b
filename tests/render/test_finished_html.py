"""Rules are written as finished HTML (escape.Html), which Python-Markdown
passes through: it must make of them exactly what it made of the same rules
written as Markdown (the MARKDOWN writers: rule, div, example_title,
history), hostile text included, and wherever the block sits on a page."""

from __future__ import annotations

import dataclasses
import itertools

import pytest
from relinked import relinked
from rendered import page_html

from rulesite.common.model import Example, Loc, Rule, SectionKey
from rulesite.render.escape import Html, Md, block, html_out, md_text, page
from rulesite.render.languages import mark_missing_translations, site_languages
from rulesite.render.markup import finished, heading, md, plain_heading

TEXTS = [
    "",
    "Reveal is a keyword. See rule 424.1, rules 424.2 and 999.9; [Show Off] and Hidden.",
    "a\"b'c<d>&e &amp; &#39; [x](javascript:alert(1)) **y** `z` {: #id } \\ _u_ * # | ~ ; : <!-- c --> ==m== ^i^",
    "1. - + > @ $ % = ü — «x»",
    "<div markdown>x</div> </p></div> <script>alert(1)</script>",
]
LABELS = ["Example", "Example 2 (a 'b' & <c>) [x](y) *z*"]
SUMMARIES = [None, ("History · cited by 2", ("v1.2: 411.1", "v1.2/411.html#411.1")), ("History: <now> 'x' & [y]", None)]


@pytest.fixture(scope="module")
def site(ctx):
    ctx = dataclasses.replace(ctx, language="en", languages=site_languages(ctx), cache={})
    section = ctx.corpus.sections[SectionKey("riftbound", "core-rules", "424", "en")]
    # Section 424 printing these texts, linked by resolve as its page shows them.
    rules = [Rule(f"424.{n}", text, Loc("t.txt", n), [Example("Example", text, Loc("t.txt", n))]) for n, text in enumerate(TEXTS)]
    section = dataclasses.replace(section, rules=rules)
    ctx = relinked(ctx, dataclasses.replace(ctx.corpus, sections={**ctx.corpus.sections, section.key: section}))
    return ctx, section


def _markdown(ctx, section, number, text, examples, history, unsearched) -> list:
    """The rule as section pages wrote it before: Markdown with HTML blocks md_in_html reads."""
    page_path = "riftbound/core-rules/424.md"
    inline = ctx.inline(text, "riftbound", page_path, section, terms=False)
    out = [md("rule", depth=2, number=number, text=inline, unsearched=unsearched), ""]
    for i, (label, example) in enumerate(examples, 1):
        out += [
            md("div", classes="admonition example", id=f"{number}-example-{i}", data=[]),
            md("example_title", label=label),
            "",
            ctx.inline(example, "riftbound", page_path, section, terms=False),
            "",
            Md("</div>"),
            "",
        ]
    if history:
        out += [md("history", summary=history[0], link=history[1]), ""]
    return [*out, Md("</div>"), ""]


def _finished(ctx, section, number, text, examples, history, unsearched) -> list:
    page_path = "riftbound/core-rules/424.md"
    html = finished(
        "rule",
        depth=2,
        number=number,
        text=ctx.inline_html(text, "riftbound", page_path, section, terms=False),
        unsearched=unsearched,
        examples=[
            (f"{number}-example-{i}", label, ctx.inline_html(example, "riftbound", page_path, section, terms=False))
            for i, (label, example) in enumerate(examples, 1)
        ],
        history=history,
    )
    return [block(html)]


def _rules(form, site, texts, history, unsearched):
    ctx, section = site
    out = []
    for n, text in enumerate(texts, 1):
        examples = [(LABELS[n % 2], texts[-n])] * (n % 3)
        out += form(ctx, section, f"424.{n}", text, examples, history, unsearched)
    return out


@pytest.mark.parametrize("history, unsearched", list(itertools.product(SUMMARIES, (False, True))))
def test_finished_rules_make_the_same_html_as_their_markdown(site, history, unsearched):
    for after in ([], [heading(2, "Related", id="related"), ""], [Md("## Related {: #related }"), ""], [Md("Text."), ""]):
        pages = {}
        for form in (_markdown, _finished):
            lines = [plain_heading(2, "Rules"), "", *_rules(form, site, TEXTS, history, unsearched), *after]
            pages[f"{form.__name__}.md"] = page("424 Reveal", lines)
        assert page_html(pages["_finished.md"]) == page_html(pages["_markdown.md"])
        # The marker of a page another language lacks, appended after the rules.
        files = {"en": dict(pages), "es": {}}
        mark_missing_translations(files)
        assert "page-languages" in files["en"]["_finished.md"]
        # Each marker names its own page (where the switch sends Spanish readers): the same but for that.
        own = page_html(files["en"]["_markdown.md"]).replace("&#95;markdown.html", "&#95;finished.html")
        assert page_html(files["en"]["_finished.md"]) == own


def test_finished_and_markdown_rules_mix(site):
    """A rule that keeps Markdown (a line under it) between finished ones, and the other way."""
    for forms in ((_markdown, _finished, _markdown), (_finished, _markdown, _finished)):
        lines = {"all markdown": [plain_heading(2, "Rules"), ""], "mixed": [plain_heading(2, "Rules"), ""]}
        for form, text in zip(forms, TEXTS[1:]):
            lines["all markdown"] += _rules(_markdown, site, [text], SUMMARIES[1], False)
            lines["mixed"] += _rules(form, site, [text], SUMMARIES[1], False)
        assert page_html(page("T", lines["mixed"])) == page_html(page("T", lines["all markdown"]))


def test_text_is_what_python_markdown_writes():
    for text in TEXTS + LABELS:
        assert page_html(f'<p markdown="span">{md_text(text)}</p>') == f"<p>{html_out(text)}</p>"


def test_finished_html_and_markdown_never_mix():
    with pytest.raises(TypeError):
        Md("{}").format(Html("<b>x</b>"))
    with pytest.raises(TypeError):
        Md("a") + Html("<b>x</b>")
    with pytest.raises(TypeError):
        Html("{}").format(Md("*x*"))
    with pytest.raises(TypeError):
        block(Md("<div>x</div>"))
    assert Html("<p>{}</p>").format("<b>&'\"") == "<p>&lt;b&gt;&amp;&#39;&quot;</p>"
