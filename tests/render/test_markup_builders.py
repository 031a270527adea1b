"""render/markup.py writes its most used templates out in Python (they are
rendered tens of thousands of times a build): each must give exactly the text
its template gives, escaping included, for hostile values and every branch."""

from __future__ import annotations

import itertools

import pytest

from rulesite.render import markup
from rulesite.render.escape import Html, Md

HOSTILE = [
    "",
    "424.1",
    "a\"b'c<d>&e [x](javascript:alert(1)) **y** `z` {: #id } \\ _u_ * # | ~ ; :",
    Md("<b>made *here*</b>"),
    Html("<b>made *here*</b>"),
    "ünïcødé — text\u2028line",
    7,
]


def _template(name: str, values: dict, env=markup.MARKDOWN) -> str:
    return markup._render(markup._template(env, name), values)


CASES = {
    "link": lambda v, w, flag: dict(
        text=v, href=w, css=v if flag else "", hreflang=w if flag else "", data=[(w, v)] if flag else [], hidden=flag
    ),
    "heading": lambda v, w, flag: dict(
        level=2, content=v, id=w, classes=v if flag else "", data=[(v, w), (w, v)] if flag else []
    ),
    "rule": lambda v, w, flag: dict(depth=3 if flag else 0, number=v, text=w, unsearched=flag),
    "code": lambda v, w, flag: dict(text=v),
    "plain_heading": lambda v, w, flag: dict(level=3, text=v),
    "missing": lambda v, w, flag: dict(text=v, tip=w),
    "symbol": lambda v, w, flag: dict(kind=v, label=w, sign=w, words=v),
    "div": lambda v, w, flag: dict(classes=v if flag else "", id=w if flag else "", data=[(v, w), (w, v)] if flag else []),
    "example_title": lambda v, w, flag: dict(label=v),
    "history": lambda v, w, flag: dict(summary=v, link=(w, v) if flag else None),
    "word_diff": lambda v, w, flag: dict(ops=[("=", v), ("-", w), ("+", v), ("=", w)] if flag else []),
    "diff_item": lambda v, w, flag: dict(
        kind=v,
        id=w,
        renumbered=flag,
        sign=w,
        numbers=[(v, w, v), (w, "", v), (v, v, w)] if flag else [(w, v, w)],
        was=(v, w) if flag else None,
        text=w,
        how=v,
        diff=Md("<span>diff</span>") if flag else "",
    ),
    "diff_section": lambda v, w, flag: dict(
        number=v,
        items=[Md("<li>a</li>"), w] if flag else [],
        renumbered_only=flag,
        title=w,
        href=v,
        was=(w, v if flag else "") if v else None,
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_written_out_template_gives_its_template_s_text(name):
    assert name in markup._BUILT
    for v, w, flag in itertools.product(HOSTILE, HOSTILE, (False, True)):
        values = CASES[name](v, w, flag)
        try:
            wanted = _template(name, values)
        except TypeError:  # markup where an attribute's text belongs: refused by both
            with pytest.raises(TypeError):
                markup.md(name, **values)
            continue
        made = markup.md(name, **values)
        assert isinstance(made, Md)
        assert str(made) == wanted, (name, values)


FINISHED_CASES = {
    "link": CASES["link"],
    "missing": CASES["missing"],
    "rule": lambda v, w, flag: dict(
        depth=3 if flag else 0,
        number=v,
        text=w,
        unsearched=flag,
        examples=[(v, w, w), (w, v, "")] if flag else [],
        history=(v, (w, v) if flag else None) if v else None,
    ),
}


@pytest.mark.parametrize("name", sorted(FINISHED_CASES))
def test_each_written_out_finished_template_gives_its_template_s_text(name):
    assert sorted(markup._FINISHED_BUILT) == sorted(FINISHED_CASES)
    for v, w, flag in itertools.product(HOSTILE, HOSTILE, (False, True)):
        values = FINISHED_CASES[name](v, w, flag)
        try:
            wanted = _template(name, values, markup.FINISHED)
        except TypeError:  # markup that is not finished HTML, or markup as an attribute: refused by both
            with pytest.raises(TypeError):
                markup.finished(name, **values)
            continue
        made = markup.finished(name, **values)
        assert isinstance(made, Html)
        assert str(made) == wanted, (name, values)


def test_the_short_page_gives_its_template_s_text():
    template = markup._template(markup.HTML, "short_page")
    for v, w, flag in itertools.product([h for h in HOSTILE if not isinstance(h, int)], HOSTILE[:3], (False, True)):
        values = dict(
            language=w or "en",
            target=f"../x/{v}.html#{w}",
            title=v,
            site_name=w,
            description=v,
            url=w if flag else "",
            edition=v if flag else "",
            canonical=w,
            icon="../assets/images/favicon.png",
            label=w,
            text=v,
            link_text=w,
        )
        made = markup.html_file("short_page", **values)
        assert type(made) is str
        assert made == markup._render(template, values), values
