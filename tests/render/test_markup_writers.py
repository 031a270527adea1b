"""render/markup.py writes every piece of HTML the pages hold, each value
through the one escaping rule of its kind of output. Each writer is filled here
with the same hostile text in every field, its output read as a browser reads
it (a Markdown page's piece made into HTML as MkDocs does first): nothing runs,
and the text is there, as text or as an attribute's value, once for each place
it was put."""

from __future__ import annotations

import json
import re

import pytest
from rendered import Elements, page_html

from rulesite.render import markup
from rulesite.render.escape import Html, Md

P = "<svg onload=alert(1)>\"'</title>[x](javascript:alert(2)){: onclick=alert(3) } `<b onmouseover=alert(4)>` *e* _u_ \\ & |"


def shown(html: str) -> int:
    """How many times P is in `html`'s text and attribute values, as a browser reads them."""
    found = Elements(html)
    assert found.handlers() == [], html
    assert not found.tags() & {"svg", "script", "img", "iframe", "object", "em", "strong"}, html
    values = [value for _, attrs in found.elements for value in attrs.values()]
    return found.plain().count(P) + sum(value.count(P) for value in values)


DIFF_ITEM = dict(
    kind=P,
    id=P,
    renumbered=True,
    sign=P,
    numbers=[(P, P, P), (P, "", P)],  # with a link: text, href, name; without: the text alone
    was=(P, P),
    text=P,
    how=P,
    diff=markup.md("word_diff", ops=[("=", P), ("-", P), ("+", P)]),
)

# name: (values, what follows the writer's piece on the page, how many times P shows)
MARKDOWN = {
    "link": (dict(text=P, href=P, css=P, hreflang=P, data=[("rule", P)], hidden=True), "", 5),
    "heading": (dict(level=2, content=P, id=P, classes=P, data=[("card", P)]), "", 4 + 1),  # and its permalink
    "rule": (dict(depth=P, number=P, text=P, unsearched=True), "\n</div>", 6),  # number: data-rule, id, #href, text
    "code": (dict(text=P), "", 1),
    "plain_heading": (dict(level=3, text=P), "", 1),
    "missing": (dict(text=P, tip=P), "", 2),
    "symbol": (dict(kind=P, label=P, sign=P, words=P), "", 4),
    "div": (dict(classes=P, id=P, data=[("section", P)]), "\n\ntext\n\n</div>", 3),
    "example_title": (dict(label=P), "", 1),
    "history": (dict(summary=P, link=(P, P)), "", 3),
    "word_diff": (dict(ops=[("=", P), ("-", P), ("+", P)]), "", 3),
    # Its entry: kind, id, sign, 3 + 1 in its numbers, 2 in was, text, how, 3 in its word diff: 14.
    "diff_section": (
        dict(number=P, items=[markup.md("diff_item", **DIFF_ITEM)], renumbered_only=True, title=P, href=P, was=(P, P)),
        "",
        6 + 14,
    ),
    "renumbered_toggle": (dict(show=P, hide=P), "", 3),
}


def test_every_markdown_writer_is_tested():
    assert set(MARKDOWN) | {"diff_item"} == set(markup.MARKDOWN)


@pytest.mark.parametrize("name", sorted(MARKDOWN))
def test_a_markdown_writer_shows_every_value_as_text(name):
    values, after, count = MARKDOWN[name]
    made = markup.md(name, **values)
    assert isinstance(made, Md)
    assert shown(page_html(str(made) + after)) == count


FINISHED = {
    "link": (MARKDOWN["link"][0], 5),
    "missing": (MARKDOWN["missing"][0], 2),
    # depth, number (4), text, each example's id, label and text, the history's summary, link and its words
    "rule": (dict(depth=P, number=P, text=P, unsearched=False, examples=[(P, P, P)], history=(P, (P, P))), 12),
}


@pytest.mark.parametrize("name", sorted(FINISHED))
def test_a_finished_writer_shows_every_value_as_text(name):
    assert set(FINISHED) == set(markup.FINISHED)
    values, count = FINISHED[name]
    made = markup.finished(name, **values)
    assert isinstance(made, Html)
    assert shown(str(made)) == count


def test_markup_where_text_belongs_is_refused():
    with pytest.raises(TypeError):
        markup.md("link", text="x", href="a.html", css=Md("<b>"), hreflang="", data=[], hidden=False)
    with pytest.raises(TypeError):
        markup.md("code", text=Html("<b>x</b>"))  # finished HTML inside Markdown
    with pytest.raises(TypeError):
        markup.finished("missing", text=Md("*x*"), tip="")  # Markdown inside finished HTML


SHORT_PAGE = dict.fromkeys(
    (
        "language",
        "target",
        "title",
        "og_title",
        "site_name",
        "description",
        "image",
        "image_alt",
        "url",
        "edition",
        "canonical",
        "icon",
        "label",
        "text",
        "link_text",
    ),
    P,
)


@pytest.mark.parametrize(
    "name, values, count, ending",
    [
        # target: refresh, two links; title; og title; site name twice; description twice (the
        # page's, og); image, its alt; language and locale; url, edition, canonical, icon, label,
        # text, link text.
        ("short_page", SHORT_PAGE, 3 + 1 + 1 + 2 + 2 + 2 + 2 + 7, ");"),
        (
            "alias_page",
            dict(title=P, target=P, text=P),
            1 + 3 + 1,
            " + location.hash)",
        ),  # title; canonical, refresh, link; its text
    ],
)
def test_a_whole_html_file_shows_every_value_as_text(name, values, count, ending):
    made = markup.html_file(name, **values)
    assert type(made) is str
    scripts = re.findall(r"<script>(.*?)</script>", made, re.DOTALL)
    assert len(scripts) == 1
    assert json.loads(scripts[0].removeprefix("location.replace(").removesuffix(ending)) == P
    assert shown(made.replace(f"<script>{scripts[0]}</script>", "")) == count
