"""rulesite.check.script: the output check finds script that is not ours."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesite.common.diagnostics import Finding
from rulesite.check.run import check_folder
from rulesite.check.script import parse, script_problems

THEME_HEAD = (
    '<script>__md_scope=new URL("../..",location),__md_hash=e=>[...e].reduce(((e,_)=>(e<<5)-e+_.charCodeAt(0)),0),'
    '__md_get=(e,_=localStorage,t=__md_scope)=>JSON.parse(_.getItem(t.pathname+"."+e)),'
    '__md_set=(e,_,t=localStorage,a=__md_scope)=>{try{t.setItem(a.pathname+"."+e,JSON.stringify(_))}catch(e){}}</script>'
)


def material(content: str, head: str = "") -> str:
    return (
        f"<!doctype html><html><head><title>T</title>{THEME_HEAD}{head}</head><body>"
        '<header><svg viewBox="0 0 24 24"><path d="M0"/></svg></header>'
        f'<div class="md-content"><article class="md-content__inner">{content}</article></div>'
        '<script id="__config" type="application/json">{"base": ".."}</script>'
        '<script src="../../assets/javascripts/bundle.min.js"></script></body></html>'
    )


def problems(html: str) -> list[Finding]:
    return script_problems(parse(html), "p.html")


def test_a_page_of_the_theme_with_plain_content_has_no_problem():
    assert problems(material('<h1 id="x">Title</h1><p><a href="a.html#b">link</a> <code>&lt;svg&gt;</code></p>')) == []


@pytest.mark.parametrize(
    "content",
    [
        '<h2 id="x" onclick="alert(1)" tabindex="0">card</h2>',
        "<svg/onload=alert(3)>",
        "<p><svg><circle/></svg></p>",
        "<script>alert(1)</script>",
        '<a href="javascript:alert(1)">x</a>',
        '<a href=" JavaScript:alert(1)">x</a>',
        '<iframe src="x.html"></iframe>',
        '<object data="x.swf"></object>',
        '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>',
        '<img src="x" onerror="alert(1)">',
        '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
    ],
)
def test_script_in_the_content_is_a_problem(content):
    found = problems(material(content))
    assert found, content
    assert all(p.path == "p.html" and p.line >= 1 and p.code == "script" for p in found)


def test_a_script_that_broke_out_of_the_title_is_a_problem():
    assert problems(material("", head="<script>alert(1)</script>"))
    assert problems(material("", head='<svg onload="alert(2)">'))
    # The theme's own script, changed, is not the theme's any more.
    assert problems(material("", head=THEME_HEAD.replace("catch(e){}", "catch(e){alert(1)}")))


def test_our_own_small_pages_are_checked_too():
    alias = (
        '<!doctype html><html><head><meta charset="utf-8"><title>424 Reveal (v1.4)</title>'
        '<script>location.replace("../424.html" + location.hash)</script></head>'
        '<body><a href="../424.html">424 Reveal</a></body></html>'
    )
    assert problems(alias) == []
    assert problems(alias.replace('../424.html"', '" + alert(1) + "'))
    assert problems(alias.replace("</body>", "<svg onload=alert(1)></svg></body>"))


def test_the_check_stage_reads_every_page_of_a_site(tmp_path: Path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "ok.html").write_text(material("<p>fine</p>"), encoding="utf-8")
    (tmp_path / "a" / "bad.html").write_text(material("<p>\n<b onmouseover=alert(1)>x</b></p>"), encoding="utf-8")
    found = [p for p in check_folder(tmp_path, links=False, offline=False, scripts=True) if "error[script]" in p]
    assert len(found) == 1
    assert found[0].startswith("a/bad.html:2: error[script]: <b> has an event handler onmouseover")


def test_names_in_capitals_are_the_same_names():
    # The HTML parser, like a browser's, reads tag and attribute names in lower case.
    found = problems(material('<P><B OnMouseOver="alert(1)">x</B><SVG><Circle/></SVG><A HREF="JavaScript:alert(1)">y</A></P>'))
    assert [p.message for p in found] == [
        "<b> has an event handler onmouseover='alert(1)': script from the sources?",
        "<svg> in the page's content: markup from the sources?",
        "<a href='JavaScript:alert(1)'> runs script",
    ]
    assert problems(material("", head="<SCRIPT>alert(1)</SCRIPT>"))


def test_the_theme_s_own_inline_scripts_come_from_its_templates():
    # Every inline <script> of the installed Material's partials/javascripts
    # templates, with a relative path where the template has an expression, is the
    # theme's; the same script changed is not.
    import re

    import material as theme

    folder = Path(theme.__file__).parent / "templates" / "partials" / "javascripts"
    bodies = [b for t in sorted(folder.glob("*.html")) for b in re.findall(r"<script>(.*?)</script>", t.read_text(), re.S)]
    assert len(bodies) >= 3  # the scope, palette and tabs scripts every page carries, at least
    for body in bodies:
        script = re.sub(r"\{\{.*?\}\}", "../..", body.strip())
        assert problems(material("", head=f"<script>{script}</script>")) == [], script
        assert problems(material("", head=f"<script>{script};alert(1)</script>")), script
