"""The one escaping path: whatever a field holds, the page shows it as text.

Render functions are called directly with hostile values (the read stage
rejects many of them: this layer must be safe even when one gets through),
their Markdown made into HTML as MkDocs does, and the HTML searched for what a
browser would run.
"""

from __future__ import annotations

import dataclasses
from html import unescape
import json
import re
import itertools
import string

import pytest
from markupsafe import Markup
from relinked import relinked
from rendered import Elements, page_html, split_page

from rulesite.check.script import parse, script_problems
from rulesite.common.model import Card, Rule, Source
from rulesite.render import markup
from rulesite.render.card_pages import render_cards_page
from rulesite.render.escape import Md, html_text, md_text, page, quoted_attr, script_json
from rulesite.render.index_pages import render_topic
from rulesite.render.section_page import render_section
from rulesite.common.precache import bundle_folder, bundle_path
from rulesite.site_map.paths import section_page
from rulesite.render.share import PREVIEW_BUNDLES, PREVIEWS_MADE, preview_files
from rulesite.render.site import render_site
from rulesite.resolve.concordance import Topic

CARD_IDS = ["x onclick=alert(1) tabindex=0", "y}<svg/onload=alert(3)>{:z", 'q" onmouseover="alert(4)', "javascript:alert(5)"]
FILE_NAME = "core`<svg onload=alert(6)>`.txt"
SOURCE_ID = "src`<img src=x onerror=alert(7)>`"
TOPIC_TITLE = "Revealing </title><svg onload=alert(8)>"


def no_script(html: str) -> None:
    """Nothing in `html` runs: the output check finds nothing, and no element
    has a handler or is one that runs script."""
    found = Elements(html)
    assert found.handlers() == []
    assert not found.tags() & {"svg", "script", "img", "iframe", "object"}
    assert script_problems(parse(f"<body><article>{html}</article></body>"), "page.html") == []


# --- the escaping functions ------------------------------------------------------------


def test_md_text_escapes_every_ascii_punctuation_character():
    for char in string.punctuation:
        escaped = md_text(char)
        assert escaped in (f"\\{char}", {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}.get(char)), char
    assert md_text("Reveal 424 Ü") == "Reveal 424 Ü"  # letters, digits, spaces and non-ASCII as they are


def test_escaping_a_text_escapes_each_of_its_characters_and_nothing_else():
    """A whole text comes out as its characters escaped one by one (the escaping is
    one pass over the text: no character is missed or escaped twice)."""
    texts = [string.printable, "a\\b]c^d-e[f]g\u2028h—ü&amp;", string.punctuation[::-1] * 3, "424.1.a", ""]
    for text in texts:
        assert md_text(text) == "".join(str(md_text(c)) for c in text), text
        assert html_text(text) == "".join(str(html_text(c)) for c in text), text
    assert html_text("a&b") == "a&#38;b" and html_text("x_y") == "x&#95;y"


def test_md_format_escapes_as_markupsafe_s_format():
    """Md.format skips string.Formatter for plain "{}" fields: it must give what
    Markup.format gives, for text, markup, numbers and every kind of format string."""
    values = ["", "a<b>&\"'[x](y)*_ {: #i }", Md("<i>ok</i>"), Markup("<b>m</b>"), 7, 3.5, None]
    templates = {
        "{} {}": 2,
        "# {} {{: #x }}": 1,
        "{}": 1,
        "- {}: {}": 2,
        "{{{}}}": 1,
        "plain {{x}}": 0,
        "{0} {0}": 1,
        "{:>3} {!r}": 2,
    }
    for template, fields in templates.items():
        for args in itertools.product(values, repeat=fields):
            try:
                wanted = Markup.format(Md(template), *args)
            except (ValueError, TypeError) as refused:  # a format spec given to markup or None: refused by both
                with pytest.raises(type(refused)):
                    Md(template).format(*args)
                continue
            made = Md(template).format(*args)
            assert type(made) is Md and str(made) == str(wanted), (template, args)


def test_text_combined_with_markup_is_escaped_however_it_is_combined():
    hostile = "[x](javascript:alert(1)) <b>"
    expected = md_text(hostile)
    assert Md("a {} b").format(hostile) == Md("a ") + expected + Md(" b")
    assert Md("a ") + hostile == Md("a ") + expected
    assert Md(", ").join([hostile, Md("**ok**")]) == expected + Md(", **ok**")
    assert markup.md("code", text=hostile) == Md("<code>") + expected + Md("</code>")
    # A whole page: a line that is not markup made here is text.
    assert page("t", ["<script>alert(1)</script>"]).splitlines()[-1] == md_text("<script>alert(1)</script>")


def test_attribute_values_cannot_end_the_attribute_or_carry_markup():
    value = html_text("\"'<>&[x](y){: #z } `c` *e* _u_ \\")
    assert not set(str(value)) & set("\"'<>[](){}`*_\\")
    with pytest.raises(TypeError):
        html_text(Markup("<b>"))  # markup where an attribute's text belongs is a bug


def test_a_double_quoted_value_of_ours_cannot_end_its_attribute():
    """The forwarding pages' policy keeps its quotes (a byte each), never a `"` or a tag."""
    assert quoted_attr("default-src 'self'") == "default-src 'self'"
    value = quoted_attr('"><script>x</script>&amp;')
    assert not set(value) & set('"<>') and unescape(value) == '"><script>x</script>&amp;'
    with pytest.raises(TypeError):
        quoted_attr(Markup("<b>"))


def test_markdown_text_cannot_end_an_attribute_either():
    """Should escaped text ever land in an attribute, it still cannot end it."""
    assert not set(md_text("\"'<>&")) & set("\"'<>")


def test_a_link_named_like_a_url_scheme_stays_a_path():
    assert markup.safe_href("javascript:alert(1).html") == "./javascript:alert(1).html"
    for made in (markup.link("x", "javascript:alert(1).html"), markup.md_link("x", "javascript:alert(1).md")):
        hrefs = [attrs["href"] for tag, attrs in Elements(page_html(str(made))).elements if tag == "a"]
        assert len(hrefs) == 1 and hrefs[0].startswith("./javascript"), hrefs


def test_json_for_scripts_cannot_end_the_script_or_a_string():
    data = {"text": "</script><script>alert(1)</script> <!-- \u2028\u2029 & >"}
    text = script_json(data)
    assert "<" not in text and ">" not in text and "\u2028" not in text and "\u2029" not in text
    assert json.loads(text) == data


# --- the holes the hostile sources found -----------------------------------------------


@pytest.mark.parametrize("card_id", CARD_IDS)
def test_a_card_id_is_an_attribute_value_and_nothing_else(fresh_ctx, card_id):
    card = Card(card_id, "ABC-1/2", "Hostile", ["Unit"], ["Fury"], "Draw 1.", "cards", fresh_ctx.corpus.rulings[0].loc)
    ctx = relinked(fresh_ctx, dataclasses.replace(fresh_ctx.corpus, cards=[card]))
    md = render_cards_page(ctx, "riftbound/cards/h.md", [card], {})
    html = page_html(md)
    no_script(html)
    found = Elements(html)
    assert [tag for tag, _ in found.with_attr("id", card_id)] == ["h2"], "the card's heading keeps its id, exactly"


def test_a_source_file_name_and_id_are_shown_as_printed(fresh_ctx):
    section = next(s for s in fresh_ctx.corpus.sections.values() if s.language == "en" and s.rules)
    first = fresh_ctx.corpus.sources[section.source_ids[0]]
    fresh_ctx.corpus.sources[first.id].path = f"rules_src/{FILE_NAME}"
    other = Source(SOURCE_ID, "rules_src/other.txt", section.game, section.document, "en", "undated", "rules-text")
    fresh_ctx.corpus.sources[SOURCE_ID] = other
    section.source_ids.append(SOURCE_ID)
    rule = section.rules[0]
    rule.source_ids = [SOURCE_ID]  # printed by one of the two sources only: named under the rule
    html = page_html(render_section(section, fresh_ctx))
    no_script(html)
    text = Elements(html).plain()
    assert FILE_NAME in text
    assert SOURCE_ID in text


def test_a_topic_title_reaches_the_page_title_escaped(fresh_ctx):
    topic = Topic("revealing-x", TOPIC_TITLE, [])
    md = render_topic(fresh_ctx, topic)
    meta, _ = split_page(md)
    # MkDocs puts the title into <title> as it is: it must already be HTML text.
    assert meta["title"] == "Revealing &lt;/title&gt;&lt;svg onload=alert(8)&gt;"
    html = page_html(md)
    no_script(html)
    assert TOPIC_TITLE in Elements(html).plain()


def test_rule_text_and_number_in_previews_cannot_end_a_script(fresh_ctx):
    section = next(s for s in fresh_ctx.corpus.sections.values() if s.language == "en" and s.rules)
    section.rules.append(Rule("999.9", "</script><script>alert(9)</script>\u2028", section.rules[0].loc))
    files = preview_files(fresh_ctx, "en")
    js = next(text for path, text in files.items() if path.endswith(section.key.number + ".js"))
    assert "</script" not in js.lower() and "\u2028" not in js
    data = json.loads(js.removeprefix("RulesitePreviews.add(").removesuffix(");\n"))
    assert data["entries"]["999.9"]["text"].startswith("</script>")


def test_previews_made_again_from_the_last_ones_are_a_fresh_makes(fresh_ctx):
    """A warm build's preview job encodes only the files whose data changed,
    and builds the bundle of the files' parts: byte for byte what a fresh
    job makes, hostile text included."""
    section = next(s for s in fresh_ctx.corpus.sections.values() if s.language == "en" and s.rules)
    rule = section.rules[0]
    section.rules.append(Rule("999.9", 'a "quote" \\ </script>\u2028 & <!--', rule.loc))
    first = preview_files(fresh_ctx, "en", known={})
    made = first.pop(PREVIEWS_MADE)
    bundle = bundle_path(PREVIEW_BUNDLES, bundle_folder(section_page(section.key)))
    assert first == preview_files(fresh_ctx, "en") and bundle in first
    section.rules[-1] = Rule("999.9", 'now "other" \u2029 text', rule.loc)
    again = preview_files(fresh_ctx, "en", known=made)
    again.pop(PREVIEWS_MADE)
    fresh = preview_files(fresh_ctx, "en")
    assert again == fresh and again != first


# --- every page -------------------------------------------------------------------------


def test_every_page_but_the_home_page_has_its_title_in_front_matter(ctx):
    for language, pages in render_site(ctx).items():
        for path, text in pages.items():
            if not path.endswith(".md"):
                continue
            meta, _ = split_page(text)
            if path == "index.md":
                assert meta == {}, "the home page takes the site's name"
                continue
            assert meta.get("title"), f"{language}/{path} has no title in its front matter"


def test_the_alias_pages_script_gets_its_target_as_a_javascript_string():
    target = 'x.html"); alert(10); ("</script><script>alert(11)//'
    html = markup.html_file("alias_page", title="<t>", target=target, text="<b>")
    scripts = re.findall(r"<script>(.*?)</script>", html, re.DOTALL)
    assert len(scripts) == 1
    argument = scripts[0].removeprefix("location.replace(").removesuffix(" + location.hash)")
    assert json.loads(argument) == target
    assert Elements(html).tags() & {"b", "t"} == set()


PAYLOAD = "<svg onload=alert(12)>\"'</title>[x](javascript:alert(12)){: onclick=alert(12) } `<b onmouseover=alert(12)>`"


def test_history_and_diff_html_show_their_text_as_text():
    """The seeds hold one edition per document: the history and diff templates
    are filled here with hostile text instead."""
    diff = markup.md("word_diff", ops=[("=", PAYLOAD), ("-", PAYLOAD), ("+", PAYLOAD)])
    # A collapsed history and its one link (its rows are data: assets/history.js
    # lays them out with textContent).
    history = page_html(str(markup.md("history", summary=PAYLOAD, link=(PAYLOAD, "424.html#424.1"))))
    assert Elements(history).plain().count(PAYLOAD) == 2
    item = markup.md(
        "diff_item",
        kind="changed",
        id="d-1",
        renumbered=False,
        sign="",
        numbers=[(PAYLOAD, "424.html#424.1", PAYLOAD)],
        was=(PAYLOAD, "v1.2/411.html#411.1"),
        text=PAYLOAD,
        how=PAYLOAD,
        diff=diff,
    )
    section = page_html(
        str(
            markup.md(
                "diff_section",
                number=PAYLOAD,
                title=PAYLOAD,
                href="424.html",
                was=(PAYLOAD, ""),
                renumbered_only=False,
                items=[item],
            )
        )
    )
    for html in (history, section):
        no_script(html)
        assert PAYLOAD in Elements(html).plain()
    # Every part of an entry (number, older number, text, how, three diff parts)
    # and of its section's name (title, older name) is text: nine payloads.
    assert Elements(section).plain().count(PAYLOAD) == 9


def test_keyword_forms_are_shown_as_text(fresh_ctx):
    from rulesite.render.index_pages import render_keywords

    game, forms = next(iter(fresh_ctx.links.keywords.items()))
    keywords = {**fresh_ctx.links.keywords, game: {**forms, PAYLOAD: next(iter(forms.values()))}}
    ctx = dataclasses.replace(fresh_ctx, links=dataclasses.replace(fresh_ctx.links, keywords=keywords))
    shown = ""
    for text in render_keywords(ctx).values():  # one page, or an index and its parts
        html = page_html(text)
        no_script(html)
        shown += Elements(html).plain()
    assert PAYLOAD in shown
