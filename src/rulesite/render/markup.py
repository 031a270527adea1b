"""Every piece of HTML the pages hold, as autoescaping Jinja templates.

Two environments, one escaping rule each, so that no value needs to be escaped
by whoever passes it:

- `MARKDOWN`: HTML that sits inside a Markdown page (links, rule blocks,
  headings with an id). Python-Markdown reads the text between inline tags as
  Markdown, so `{{ value }}` is escaped by `md_text` (see escape.py) unless it
  is already `Md`; attribute values are written `{{ value|attr }}`, which
  writes every character that is markup in HTML or Markdown as a character
  reference. A value left without `|attr` in an attribute shows its escaping
  backslashes, but still cannot end the attribute.
- `FINISHED`: blocks of a Markdown page that Python-Markdown passes through
  without reading them (the rules, see `Html` in escape.py), written as it
  would have written them from the `MARKDOWN` templates: `{{ value }}` is
  escaped by `html_out` unless it is `Html`; `|attr` as above.
- `HTML`: whole HTML files that no Markdown reads (short rule pages, alias
  pages): plain HTML autoescaping.

Ids and classes are validated names (read/), and go through the same escaping.
"""

from __future__ import annotations

import posixpath
from urllib.parse import quote

import jinja2
from markupsafe import Markup, escape

from ..content_policy import REFERRER_POLICY, policy
from .escape import Html, Md, attr_value, html_str, html_text, md_str, script_json

# --- Markdown pages: name -> template ----------------------------------------------

MARKDOWN_TEMPLATES = {
    # A heading with an id of its own (cards, FAQ answers, glossary terms...):
    # an HTML heading whose text is Markdown, so Python-Markdown still gives it a
    # permalink and a place in the table of contents.
    "heading": (
        '<h{{ level }} id="{{ id|attr }}"{% if classes %} class="{{ classes|attr }}"{% endif %}'
        '{% for name, value in data %} data-{{ name|attr }}="{{ value|attr }}"{% endfor %} markdown="span">'
        "{{ content }}</h{{ level }}>"
    ),
    # A heading with no id: no permalink, no entry of its own in the table of
    # contents or the search index (what follows joins the heading above's
    # entry; the heading's own word is not searched).
    "plain_heading": '<h{{ level }} data-search-exclude="1">{{ text|attr }}</h{{ level }}>',
    "code": "<code>{{ text }}</code>",
    # A link within this language's site. Written as HTML (not [text](page.md)
    # with an attribute list) so that its class and data-rule are escaped; the
    # site checker checks every href and #fragment.
    "link": (
        '<a{% if css %} class="{{ css|attr }}"{% endif %}{% if hreflang %} hreflang="{{ hreflang|attr }}"{% endif %}'
        '{% for name, value in data %} data-{{ name|attr }}="{{ value|attr }}"{% endfor %}'
        '{% if hidden %} hidden{% endif %} href="{{ href|attr }}">{{ text }}</a>'
    ),
    "missing": '<span class="ref-missing" title="{{ tip|attr }}">{{ text }}</span>',
    # A card symbol ([2], [A], [M]) as a sign and its name in words, visible to
    # every reader; one image to screen readers, named by `label` (the sign and
    # the name are not read apart).
    "symbol": (
        '<span class="symbol symbol-{{ kind|attr }}" role="img" aria-label="{{ label|attr }}">'
        "<b>{{ sign|attr }}</b> <i>{{ words|attr }}</i></span>"
    ),
    "div": (
        '<div{% if classes %} class="{{ classes|attr }}"{% endif %}{% if id %} id="{{ id|attr }}"{% endif %}'
        '{% for name, value in data %} data-{{ name|attr }}="{{ value|attr }}"{% endfor %} markdown>'
    ),
    # A rule: a paragraph anchored by its number. Headings are for sections and
    # their parts (a real outline for screen readers); the search box finds a
    # rule by number from assets/numbers.js (render/numbers.py). No title on the
    # number: Material makes a tooltip of every [title] as a page loads. Its
    # share link is the page's pattern (`share` in the front matter, the
    # rulesite:share meta) with the number put in: one per page, not per rule.
    "rule": (
        '<div class="rule depth-{{ depth|attr }}" data-rule="{{ number|attr }}"'
        '{% if unsearched %} data-search-exclude="1"{% endif %} markdown>\n'
        '<p class="rule-head" id="{{ number|attr }}" markdown="span">'
        '<a class="rule-number" href="#{{ number|attr }}">{{ number }}</a> {{ text }}</p>'
    ),
    # A block inside a <div markdown> without a markdown attribute of its own:
    # Markdown leaves its text alone, so it is written with |attr.
    # Not searched: "Example" before every example says nothing.
    "example_title": '<p class="admonition-title" data-search-exclude="1">{{ label|attr }}</p>',
    # One line of raw HTML with no block elements inside, so Markdown leaves it
    # whole: its text is written with |attr, as Markdown does not read it.
    # A rule's history, collapsed: its rows are in the page's history file
    # (render/history.py), laid out by assets/history.js when it is opened;
    # without JavaScript it holds one link along the rule's editions.
    "history": (
        '<details class="history" data-search-exclude="1"><summary>{{ summary|attr }}</summary>'
        '{% if link %}<a href="{{ link[1]|attr }}">{{ link[0]|attr }}</a>{% endif %}</details>'
    ),
    "word_diff": (
        '<span class="word-diff">{% for op, text in ops %}'
        "{% if op == '=' %}{{ text|attr }}{% elif op == '-' %}<del>{{ text|attr }}</del>{% else %}<ins>{{ text|attr }}</ins>{% endif %}"
        "{% endfor %}</span>"
    ),
    # One entry of a diff page, anchored so a rule's history can link it. Its
    # numbers (`numbers`: text, href, title) link to the rule in each edition:
    # "411.2 → 424.2", "+ 424.5"; a changed rule's number also links its older
    # text (`was`: text, href). A pure renumbering is marked for the toggle.
    # The edition of each number is in its name (aria-label), not a title:
    # Material makes a tooltip of every [title], and a diff has thousands.
    "diff_item": (
        '<li class="{{ kind|attr }}{% if renumbered %} renumbered{% endif %}" id="{{ id|attr }}"><b>{{ sign|attr }}'
        "{% for text, href, title in numbers %}{% if not loop.first %} → {% endif %}"
        '{% if href %}<a href="{{ href|attr }}" aria-label="{{ title|attr }}">{{ text|attr }}</a>{% else %}{{ text|attr }}{% endif %}'
        "{% endfor %}</b>"
        '{% if was %} <span class="diff-was">(<a href="{{ was[1]|attr }}">{{ was[0]|attr }}</a>)</span>{% endif %}'
        "{% if text %} {{ text|attr }}{% endif %}{% if how %} <small>{{ how|attr }}</small>{% endif %}{{ diff }}</li>"
    ),
    # A section of a diff page, named as the new edition names it ("424 Reveal",
    # linked), with its number in the old edition when that differs.
    "diff_section": (
        '<section class="diff-section{% if renumbered_only %} renumbered-only{% endif %}" data-section="{{ number|attr }}"'
        ' id="s-{{ number|attr }}">\n'
        '<h2>{% if href %}<a href="{{ href|attr }}">{{ title|attr }}</a>{% else %}{{ title|attr }}{% endif %}'
        '{% if was %} <span class="diff-was">({% if was[1] %}<a href="{{ was[1]|attr }}">{{ was[0]|attr }}</a>'
        "{% else %}{{ was[0]|attr }}{% endif %})</span>{% endif %}</h2>\n"
        "<ul>{% for item in items %}{{ item }}{% endfor %}</ul>\n"
        "</section>"
    ),
    # Diff pages: pure renumberings are hidden by renumbered-toggle.js until this
    # is pressed. Without JavaScript they all show, and the button stays hidden.
    "renumbered_toggle": (
        '<p class="diff-renumbered"><button type="button" class="md-button diff-renumbered-toggle" data-renumbered-toggle'
        ' aria-pressed="false" hidden data-show="{{ show|attr }}" data-hide="{{ hide|attr }}">{{ show|attr }}</button></p>'
    ),
}

# --- finished HTML: blocks Python-Markdown passes through ----------------------------

FINISHED_TEMPLATES = {
    # The same links as above, their text finished (rule text's references and keywords).
    "link": MARKDOWN_TEMPLATES["link"],
    "missing": MARKDOWN_TEMPLATES["missing"],
    # A whole rule as Python-Markdown writes the `rule` template's block with its
    # examples (`div`, `example_title`, the text) and its `history`: md_in_html
    # drops the markdown attributes, puts each block on a line of its own, and
    # breaks the line after <details> (and before </details> when it ends with
    # its summary). Its ids are validated names, which md_in_html's own
    # escaping of attributes writes the same.
    "rule": (
        '<div class="rule depth-{{ depth|attr }}" data-rule="{{ number|attr }}"'
        '{% if unsearched %} data-search-exclude="1"{% endif %}>\n'
        '<p class="rule-head" id="{{ number|attr }}">'
        '<a class="rule-number" href="#{{ number|attr }}">{{ number }}</a> {{ text }}</p>\n'
        '{% for id, label, example in examples %}<div class="admonition example" id="{{ id|attr }}">\n'
        '<p class="admonition-title" data-search-exclude="1">{{ label|attr }}</p>\n'
        "{% if example %}<p>{{ example }}</p>\n{% endif %}</div>\n{% endfor %}"
        '{% if history %}<details class="history" data-search-exclude="1">\n<summary>{{ history[0]|attr }}</summary>'
        '{% if history[1] %}<a href="{{ history[1][1]|attr }}">{{ history[1][0]|attr }}</a>{% else %}\n{% endif %}</details>\n'
        "{% endif %}</div>"
    ),
}

# --- whole HTML files --------------------------------------------------------------

HTML_TEMPLATES = {
    # A rule's short page: OpenGraph title and description carry the rule's text,
    # so a link pasted into a chat app previews the rule; it forwards to the rule.
    "short_page": """<!doctype html>
<html lang="{{ language }}">
<head>
<meta charset="utf-8">
{%- set script = "location.replace(" ~ target|js ~ ");" %}
{{ script|policy_tags }}
{#- Forward at once, keeping nothing of this page; the meta refresh is for
    readers without JavaScript (even a 0 s refresh waits for the whole page). #}
<script>{{ script }}</script>
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ title }} · {{ site_name }}</title>
<meta name="description" content="{{ description }}">
<meta property="og:type" content="article">
<meta property="og:site_name" content="{{ site_name }}">
<meta property="og:title" content="{{ title }}">
<meta property="og:description" content="{{ description }}">
{%- if url %}
<meta property="og:url" content="{{ url }}">
{%- endif %}
{%- if edition %}
<meta name="rulesite:edition" content="{{ edition }}">
{%- endif %}
<meta property="og:locale" content="{{ language }}">
<meta name="twitter:card" content="summary">
<meta name="twitter:title" content="{{ title }}">
<meta name="twitter:description" content="{{ description }}">
<link rel="canonical" href="{{ canonical }}">
<link rel="icon" href="{{ icon }}">
<noscript><meta http-equiv="refresh" content="0; url={{ target }}"></noscript>
</head>
<body>
<p><a href="{{ target }}">{{ label }}</a> {{ text }}</p>
<p><a href="{{ target }}">{{ link_text }}</a></p>
</body>
</html>
""",
    # The current edition's page at its versioned path: forwards, keeping the #rule.
    # The target goes into the script as a JSON string (|js), never as text.
    "alias_page": (
        '<!doctype html><html><head><meta charset="utf-8">'
        '{% set script = "location.replace(" ~ target|js ~ " + location.hash)" %}{{ script|policy_tags }}'
        "<title>{{ title }}</title>"
        '<link rel="canonical" href="{{ target }}">'
        "<script>{{ script }}</script>"
        '<meta http-equiv="refresh" content="0; url={{ target }}"></head>'
        '<body><a href="{{ target }}">{{ text }}</a></body></html>\n'
    ),
}


def _environment(templates: dict[str, str], attr=html_text, **options) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.DictLoader(templates),
        autoescape=True,
        undefined=jinja2.StrictUndefined,  # a misspelt value is an error, not ""
        keep_trailing_newline=True,
        **options,
    )
    env.filters["attr"] = attr
    env.filters["js"] = lambda value: Markup(script_json(value))  # a JavaScript value inside <script>
    # A page's first tags: its policy, allowing the inline script given (content_policy.py).
    env.filters["policy_tags"] = lambda script: Markup(policy_tags([str(script)]))
    return env


MARKDOWN = _environment(MARKDOWN_TEMPLATES, finalize=Md.escape)
# |attr's text, as finished HTML (the same characters).
FINISHED = _environment(FINISHED_TEMPLATES, attr=lambda value: Html(attr_value(value)), finalize=Html.escape)
HTML = _environment(HTML_TEMPLATES)
_CACHE: dict[tuple[int, str], jinja2.Template] = {}


def _template(env: jinja2.Environment, name: str) -> jinja2.Template:
    key = (id(env), name)
    if key not in _CACHE:
        _CACHE[key] = env.get_template(name)
    return _CACHE[key]


def _render(template: jinja2.Template, values: dict) -> str:
    # Template.render less the merging of globals we do not have: tens of
    # thousands of small templates per site make its cost show.
    return "".join(template.root_render_func(template.new_context(values, shared=True)))


def md(name: str, **values) -> Md:
    """Template `name` of a Markdown page, filled with `values`."""
    built = _BUILT.get(name)
    if built is not None:
        return Md("".join(built(**values)))
    return Md(_render(_template(MARKDOWN, name), values))


def finished(name: str, **values) -> Html:
    """Template `name` of finished HTML (`FINISHED_TEMPLATES`), filled with `values`."""
    built = _FINISHED_BUILT.get(name)
    if built is not None:
        return Html("".join(built(**values)))
    return Html(_render(_template(FINISHED, name), values))


# The templates every page uses thousands of times, written out: the very text
# their template gives (the same filters: `_attr` is `|attr`, `_text` is a bare
# `{{ value }}`, escaped by `md_text` unless it is Md; in finished HTML `_out`,
# escaped by `html_out` unless it is Html), at a fraction of the cost of
# rendering a template. Each yields its pieces in the template's order.


_attr = attr_value  # html_text, as a str
_text = md_str  # Md.escape, as a str
_out = html_str  # Html.escape, as a str


def _data(data):
    for name, value in data:
        yield from (" data-", _attr(name), '="', _attr(value), '"')


def _link(text, href, css, hreflang, data, hidden, _text=_text):
    yield "<a"
    if css:
        yield from (' class="', _attr(css), '"')
    if hreflang:
        yield from (' hreflang="', _attr(hreflang), '"')
    yield from _data(data)
    if hidden:
        yield " hidden"
    yield from (' href="', _attr(href), '">', _text(text), "</a>")


def _finished_link(text, href, css, hreflang, data, hidden):
    return _link(text, href, css, hreflang, data, hidden, _out)


def _heading(level, content, id, classes, data):
    yield from ("<h", _text(level), ' id="', _attr(id), '"')
    if classes:
        yield from (' class="', _attr(classes), '"')
    yield from _data(data)
    yield from (' markdown="span">', _text(content), "</h", _text(level), ">")


def _rule(depth, number, text, unsearched):
    ident = _attr(number)
    yield from ('<div class="rule depth-', _attr(depth), '" data-rule="', ident, '"')
    if unsearched:
        yield ' data-search-exclude="1"'
    yield from (' markdown>\n<p class="rule-head" id="', ident, '" markdown="span"><a class="rule-number" href="#', ident)
    yield from ('">', _text(number), "</a> ", _text(text), "</p>")


def _code(text):
    yield from ("<code>", _text(text), "</code>")


def _plain_heading(level, text):
    yield from ("<h", _text(level), ' data-search-exclude="1">', _attr(text), "</h", _text(level), ">")


def _missing(text, tip, _text=_text):
    yield from ('<span class="ref-missing" title="', _attr(tip), '">', _text(text), "</span>")


def _finished_missing(text, tip):
    return _missing(text, tip, _out)


def _finished_rule(depth, number, text, unsearched, examples, history):
    ident = _attr(number)
    yield from ('<div class="rule depth-', _attr(depth), '" data-rule="', ident, '"')
    if unsearched:
        yield ' data-search-exclude="1"'
    yield from ('>\n<p class="rule-head" id="', ident, '"><a class="rule-number" href="#', ident)
    yield from ('">', _out(number), "</a> ", _out(text), "</p>\n")
    for id, label, example in examples:
        yield from ('<div class="admonition example" id="', _attr(id), '">\n')
        yield from ('<p class="admonition-title" data-search-exclude="1">', _attr(label), "</p>\n")
        if example:
            yield from ("<p>", _out(example), "</p>\n")
        yield "</div>\n"
    if history:
        yield from ('<details class="history" data-search-exclude="1">\n<summary>', _attr(history[0]), "</summary>")
        if history[1]:
            yield from ('<a href="', _attr(history[1][1]), '">', _attr(history[1][0]), "</a>")
        else:
            yield "\n"
        yield "</details>\n"
    yield "</div>"


def _symbol(kind, label, sign, words):
    yield from ('<span class="symbol symbol-', _attr(kind), '" role="img" aria-label="', _attr(label), '">')
    yield from ("<b>", _attr(sign), "</b> <i>", _attr(words), "</i></span>")


def _div(classes, id, data):
    yield "<div"
    if classes:
        yield from (' class="', _attr(classes), '"')
    if id:
        yield from (' id="', _attr(id), '"')
    yield from _data(data)
    yield " markdown>"


def _example_title(label):
    yield from ('<p class="admonition-title" data-search-exclude="1">', _attr(label), "</p>")


def _history(summary, link):
    yield from ('<details class="history" data-search-exclude="1"><summary>', _attr(summary), "</summary>")
    if link:
        yield from ('<a href="', _attr(link[1]), '">', _attr(link[0]), "</a>")
    yield "</details>"


def _word_diff(ops):
    yield '<span class="word-diff">'
    for op, text in ops:
        if op == "=":
            yield _attr(text)
        elif op == "-":
            yield from ("<del>", _attr(text), "</del>")
        else:
            yield from ("<ins>", _attr(text), "</ins>")
    yield "</span>"


def _diff_item(kind, id, renumbered, sign, numbers, was, text, how, diff):
    yield from ('<li class="', _attr(kind))
    if renumbered:
        yield " renumbered"
    yield from ('" id="', _attr(id), '"><b>', _attr(sign))
    for i, (number, href, title) in enumerate(numbers):
        if i:
            yield " → "
        if href:
            yield from ('<a href="', _attr(href), '" aria-label="', _attr(title), '">', _attr(number), "</a>")
        else:
            yield _attr(number)
    yield "</b>"
    if was:
        yield from (' <span class="diff-was">(<a href="', _attr(was[1]), '">', _attr(was[0]), "</a>)</span>")
    if text:
        yield from (" ", _attr(text))
    if how:
        yield from (" <small>", _attr(how), "</small>")
    yield from (_text(diff), "</li>")


def _diff_section(number, items, renumbered_only, title, href, was):
    ident = _attr(number)
    yield '<section class="diff-section'
    if renumbered_only:
        yield " renumbered-only"
    yield from ('" data-section="', ident, '" id="s-', ident, '">\n<h2>')
    if href:
        yield from ('<a href="', _attr(href), '">', _attr(title), "</a>")
    else:
        yield _attr(title)
    if was:
        yield ' <span class="diff-was">('
        if was[1]:
            yield from ('<a href="', _attr(was[1]), '">', _attr(was[0]), "</a>")
        else:
            yield _attr(was[0])
        yield ")</span>"
    yield "</h2>\n<ul>"
    yield from (_text(item) for item in items)
    yield "</ul>\n</section>"


_BUILT = {
    "link": _link,
    "heading": _heading,
    "rule": _rule,
    "code": _code,
    "plain_heading": _plain_heading,
    "missing": _missing,
    "symbol": _symbol,
    "div": _div,
    "example_title": _example_title,
    "history": _history,
    "word_diff": _word_diff,
    "diff_item": _diff_item,
    "diff_section": _diff_section,
}


_FINISHED_BUILT = {
    "link": _finished_link,
    "missing": _finished_missing,
    "rule": _finished_rule,
}


def html_file(name: str, **values) -> str:
    """A whole HTML file. A str, not markup: it never goes into a Markdown page."""
    if name == "short_page":  # one a rule: written out, as the templates above
        return _short_page(**values)
    return _render(_template(HTML, name), values)


def _short_page(language, target, title, site_name, description, url, edition, canonical, icon, label, text, link_text) -> str:
    e = escape  # the HTML environment's autoescape: markupsafe's, in C; each put into the f-string as a str
    script = f"location.replace({script_json(target)});"
    language, target, title, site_name, description = e(language), e(target), e(title), e(site_name), e(description)
    url = f'\n<meta property="og:url" content="{e(url)}">' if url else ""
    edition = f'\n<meta name="rulesite:edition" content="{e(edition)}">' if edition else ""
    return (
        f'<!doctype html>\n<html lang="{language}">\n<head>\n<meta charset="utf-8">\n{policy_tags([script])}\n'
        f"<script>{script}</script>\n"
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{title} · {site_name}</title>\n"
        f'<meta name="description" content="{description}">\n'
        '<meta property="og:type" content="article">\n'
        f'<meta property="og:site_name" content="{site_name}">\n'
        f'<meta property="og:title" content="{title}">\n'
        f'<meta property="og:description" content="{description}">{url}{edition}\n'
        f'<meta property="og:locale" content="{language}">\n'
        '<meta name="twitter:card" content="summary">\n'
        f'<meta name="twitter:title" content="{title}">\n'
        f'<meta name="twitter:description" content="{description}">\n'
        f'<link rel="canonical" href="{e(canonical)}">\n'
        f'<link rel="icon" href="{e(icon)}">\n'
        f'<noscript><meta http-equiv="refresh" content="0; url={target}"></noscript>\n'
        "</head>\n<body>\n"
        f'<p><a href="{target}">{e(label)}</a> {e(text)}</p>\n'
        f'<p><a href="{target}">{e(link_text)}</a></p>\n'
        "</body>\n</html>\n"
    )


def policy_tags(inline_scripts=()) -> str:
    """A page's first tags, after <meta charset>: its Content Security Policy,
    allowing the inline scripts whose texts are given, and its referrer policy."""
    return (
        f'<meta http-equiv="Content-Security-Policy" content="{escape(policy(inline_scripts))}">'
        f'<meta name="referrer" content="{escape(REFERRER_POLICY)}">'
    )


# --- what the render modules call -----------------------------------------------------


def heading(level: int, content, id: str, classes: str = "", data: dict | None = None) -> Md:
    return md("heading", level=int(level), content=content, id=id, classes=classes, data=list((data or {}).items()))


# data= of a heading or div that Material's search leaves out (with what follows
# it). Everywhere it is written with a value ("1"): Material then removes the
# attribute from the built page (a bare data-search-exclude stays in the HTML).
UNSEARCHED = {"search-exclude": "1"}


def plain_heading(level: int, text: str) -> Md:
    return md("plain_heading", level=int(level), text=text)


def code(text: str) -> Md:
    return md("code", text=text)


def safe_href(href: str) -> str:
    """A relative link whose first part has a colon ("javascript:x.html", from a
    page named so) would read as a URL scheme: made to read as a path."""
    first = href.split("/", 1)[0].split("#", 1)[0]
    return f"./{href}" if ":" in first else href


def link(text, href: str, css: str = "", hreflang: str = "", data: dict | None = None, hidden: bool = False) -> Md:
    """<a href> to a .html address (or #anchor): `text` is text unless it is Md."""
    return md("link", text=text, href=safe_href(href), css=css, hreflang=hreflang, data=list((data or {}).items()), hidden=hidden)


def finished_link(text, href: str, css: str = "", hreflang: str = "", data: dict | None = None) -> Html:
    """`link` as finished HTML: `text` is text unless it is Html."""
    return finished(
        "link", text=text, href=safe_href(href), css=css, hreflang=hreflang, data=list((data or {}).items()), hidden=False
    )


def origin_link(text, url: str) -> Md:
    """A link to where a source was published (an http(s) address the manifest names)."""
    if not url.startswith(("https://", "http://")):
        raise ValueError(f"not a web address: {url[:60]!r}")
    return md("link", text=text, href=url, css="origin", hreflang="", data=[], hidden=False)


def md_link(text, to_md: str) -> Md:
    """A Markdown link to a page of this site by its .md path (MkDocs checks it).
    The address is percent-encoded (MkDocs decodes it to find the page): nothing
    in it can end the link or be read as Markdown or HTML."""
    return Md(f"[{Md.escape(text)}]({quote(safe_href(to_md), safe='/#.-_~')})")  # Md("[{}]({})").format(...), unrolled


def missing(text, tip: str) -> Md:
    return md("missing", text=text, tip=tip)


def finished_missing(text, tip: str) -> Html:
    return finished("missing", text=text, tip=tip)


def div(classes: str = "", id: str = "", data: dict | None = None) -> Md:
    """The opening tag of a <div markdown> block (its content is Markdown)."""
    return md("div", classes=classes, id=id, data=list((data or {}).items()))


def relpath(to: str, start: str) -> str:
    return posixpath.relpath(to, start)


__all__ = ["Html", "Markup", "Md", "code", "div", "finished", "heading", "html_file", "link", "md", "md_link", "missing"]
