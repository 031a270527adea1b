"""Every piece of HTML the pages hold, written out by small functions, each
value put in through the one escaping rule of the kind of output it lands in:

- Markdown pages (`md(name, ...)`, the `MARKDOWN` table): HTML that sits inside
  a Markdown page (links, rule blocks, headings with an id). Python-Markdown
  reads the text between inline tags as Markdown, so such text goes through
  `_text` (`md_text` of escape.py, unless it is already `Md`). Attribute values,
  and text inside elements Markdown does not read, go through `_attr`, which
  writes every character that is markup in HTML or Markdown as a character
  reference (and refuses markup).
- Finished HTML (`finished(name, ...)`, the `FINISHED` table): blocks of a
  Markdown page that Python-Markdown passes through without reading them (the
  rules, see `Html` in escape.py), written as it would have written them from
  the Markdown writers: text goes through `_out` (`html_out`, unless it is
  already `Html`); attributes through `_attr` as above.
- Whole HTML files (`html_file(name, ...)`, the `HTML_FILES` table) that no
  Markdown reads (short rule pages, alias pages): every value through `escape`
  (markupsafe's HTML escaping); a value read as JavaScript through
  `script_json`.

No value is escaped by whoever passes it, and nothing else writes a value into
markup. Ids and classes are validated names (read/), and go through the same
escaping. Each writer yields its pieces in order; the pages use them tens of
thousands of times a build, which is why they are Python rather than templates.
"""

from __future__ import annotations

import posixpath
from urllib.parse import quote

from markupsafe import Markup, escape

from ..common.content_policy import REFERRER_POLICY, policy
from .escape import Html, Md, attr_value, html_str, md_str, quoted_attr, script_json
from .og_image import HEIGHT as OG_HEIGHT
from .og_image import WIDTH as OG_WIDTH

# --- the escaping rules ---------------------------------------------------------------

_attr = attr_value  # attribute values, and text no Markdown reads: `html_text` as a str
_text = md_str  # text a Markdown page holds: `Md.escape` as a str
_out = html_str  # text in finished HTML: `Html.escape` as a str
# whole HTML files: markupsafe's `escape`


# --- Markdown pages -------------------------------------------------------------------


def _data(data):
    for name, value in data:
        yield from (" data-", _attr(name), '="', _attr(value), '"')


# A link within this language's site. Written as HTML (not [text](page.md)
# with an attribute list) so that its class and data-rule are escaped; the
# site checker checks every href and #fragment.
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


# A heading with an id of its own (cards, FAQ answers, glossary terms...): an
# HTML heading whose text is Markdown, so Python-Markdown still gives it a
# permalink and a place in the table of contents.
def _heading(level, content, id, classes, data):
    yield from ("<h", _text(level), ' id="', _attr(id), '"')
    if classes:
        yield from (' class="', _attr(classes), '"')
    yield from _data(data)
    yield from (' markdown="span">', _text(content), "</h", _text(level), ">")


# A rule: a paragraph anchored by its number. Headings are for sections and
# their parts (a real outline for screen readers); the search box finds a rule
# by number from assets/numbers.js (render/numbers.py). No title on the number:
# Material makes a tooltip of every [title] as a page loads. Its share link is
# the page's pattern (`share` in the front matter, the rulesite:share meta)
# with the number put in: one per page, not per rule.
def _rule(depth, number, text, unsearched):
    ident = _attr(number)
    yield from _rule_div(depth, ident, unsearched)
    yield from (' markdown>\n<p class="rule-head" id="', ident, '" markdown="span"><a class="rule-number" href="#', ident)
    yield from ('">', _text(number), "</a> ", _text(text), "</p>")


def _rule_div(depth, ident, unsearched):
    """The opening tag of a rule's block, without its end (Markdown and finished HTML end it apart)."""
    yield from ('<div class="rule depth-', _attr(depth), '" data-rule="', ident, '"')
    if unsearched:
        yield ' data-search-exclude="1"'


def _code(text):
    yield from ("<code>", _text(text), "</code>")


# A heading with no id: no permalink, no entry of its own in the table of
# contents or the search index (what follows joins the heading above's entry;
# the heading's own word is not searched).
def _plain_heading(level, text):
    yield from ("<h", _text(level), ' data-search-exclude="1">', _attr(text), "</h", _text(level), ">")


def _missing(text, tip, _text=_text):
    yield from ('<span class="ref-missing" title="', _attr(tip), '">', _text(text), "</span>")


# A card symbol ([2], [A], [M]) as a sign and its name in words, visible to
# every reader; one image to screen readers, named by `label` (the sign and the
# name are not read apart).
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


# A block inside a <div markdown> without a markdown attribute of its own:
# Markdown leaves its text alone, so it is written with _attr. Not searched:
# "Example" before every example says nothing.
def _example_title(label):
    yield from ('<p class="admonition-title" data-search-exclude="1">', _attr(label), "</p>")


# One line of raw HTML with no block elements inside, so Markdown leaves it
# whole: its text is written with _attr, as Markdown does not read it. A rule's
# history, collapsed: its rows are in the page's history file
# (render/history.py), laid out by assets/history.js when it is opened;
# without JavaScript it holds one link along the rule's editions.
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


# One entry of a diff page, anchored so a rule's history can link it. Its
# numbers (`numbers`: text, href, title) link to the rule in each edition:
# "411.2 → 424.2", "+ 424.5"; a changed rule's number also links its older text
# (`was`: text, href). A pure renumbering is marked for the toggle. `cites`:
# "now cites 458 Modes of Play instead of 454 Reveal", each cited number that
# now names another rule. The edition of each number is in its name
# (aria-label), not a title: Material makes a tooltip of every [title], and a
# diff has thousands.
def _diff_item(kind, id, renumbered, sign, numbers, was, text, how, diff, cites=()):
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
    for cited in cites:
        yield from (' <small class="diff-cites">', _attr(cited), "</small>")
    yield from (_text(diff), "</li>")


# A section of a diff page, named as the new edition names it ("424 Reveal",
# linked), with its number in the old edition when that differs.
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


# Diff pages: pure renumberings are hidden by renumbered-toggle.js until this
# is pressed. Without JavaScript they all show, and the button stays hidden.
def _renumbered_toggle(show, hide):
    yield '<p class="diff-renumbered"><button type="button" class="md-button diff-renumbered-toggle" data-renumbered-toggle'
    yield from (' aria-pressed="false" hidden data-show="', _attr(show), '" data-hide="', _attr(hide), '">')
    yield from (_attr(show), "</button></p>")


MARKDOWN = {
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
    "renumbered_toggle": _renumbered_toggle,
}


def md(name: str, **values) -> Md:
    """Writer `name` of a Markdown page (`MARKDOWN`), filled with `values`."""
    return Md("".join(MARKDOWN[name](**values)))


# --- finished HTML: blocks Python-Markdown passes through ----------------------------


def _finished_link(text, href, css, hreflang, data, hidden):
    return _link(text, href, css, hreflang, data, hidden, _out)


def _finished_missing(text, tip):
    return _missing(text, tip, _out)


# A whole rule as Python-Markdown writes the `rule` writer's block with its
# examples (`div`, `example_title`, the text) and its `history`: md_in_html
# drops the markdown attributes, puts each block on a line of its own, and
# breaks the line after <details> (and before </details> when it ends with its
# summary). Its ids are validated names, which md_in_html's own escaping of
# attributes writes the same.
def _finished_rule(depth, number, text, unsearched, examples, history):
    ident = _attr(number)
    yield from _rule_div(depth, ident, unsearched)
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


FINISHED = {
    # The same links as in Markdown pages, their text finished (rule text's references and keywords).
    "link": _finished_link,
    "missing": _finished_missing,
    "rule": _finished_rule,
}


def finished(name: str, **values) -> Html:
    """Writer `name` of finished HTML (`FINISHED`), filled with `values`."""
    return Html("".join(FINISHED[name](**values)))


# --- whole HTML files -----------------------------------------------------------------


# A rule's short page: OpenGraph title and description carry the rule's text,
# so a link pasted into a chat app previews the rule; it forwards to the rule
# at once, keeping nothing of this page; the meta refresh is for readers
# without JavaScript (even a 0 s refresh waits for the whole page). Its image
# (render/og_image.py) shows the item's words, drawn; og_title names the game
# and document, as the <title> does.
def _short_page(
    language,
    target,
    title,
    og_title,
    site_name,
    description,
    image,
    image_alt,
    url,
    edition,
    canonical,
    icon,
    label,
    text,
    link_text,
) -> str:
    e = escape  # each value put into the f-string as a str
    script = f"location.replace({script_json(target)});"
    language, target, title, site_name, description = e(language), e(target), e(title), e(site_name), e(description)
    og_title, image, image_alt = e(og_title), e(image), e(image_alt)
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
        f'<meta property="og:title" content="{og_title}">\n'
        f'<meta property="og:description" content="{description}">{url}{edition}\n'
        f'<meta property="og:locale" content="{language}">\n'
        f'<meta property="og:image" content="{image}">\n'
        '<meta property="og:image:type" content="image/png">\n'
        f'<meta property="og:image:width" content="{OG_WIDTH}">\n'
        f'<meta property="og:image:height" content="{OG_HEIGHT}">\n'
        f'<meta property="og:image:alt" content="{image_alt}">\n'
        # X reads og:title, og:description and og:image where its own tags are missing.
        '<meta name="twitter:card" content="summary_large_image">\n'
        f'<link rel="canonical" href="{e(canonical)}">\n'
        f'<link rel="icon" href="{e(icon)}">\n'
        f'<noscript><meta http-equiv="refresh" content="0; url={target}"></noscript>\n'
        "</head>\n<body>\n"
        f'<p><a href="{target}">{e(label)}</a> {e(text)}</p>\n'
        f'<p><a href="{target}">{e(link_text)}</a></p>\n'
        "</body>\n</html>\n"
    )


# The current edition's page at its versioned path: forwards, keeping the #rule.
# The target goes into the script as a JSON string, never as text.
def _alias_page(title, target, text) -> str:
    script = f"location.replace({script_json(target)} + location.hash)"
    target = escape(target)
    return (
        f'<!doctype html><html><head><meta charset="utf-8">{policy_tags([script])}'
        f'<title>{escape(title)}</title><link rel="canonical" href="{target}"><script>{script}</script>'
        f'<meta http-equiv="refresh" content="0; url={target}"></head>'
        f'<body><a href="{target}">{escape(text)}</a></body></html>\n'
    )


HTML_FILES = {"short_page": _short_page, "alias_page": _alias_page}


def html_file(name: str, **values) -> str:
    """A whole HTML file (`HTML_FILES`). A str, not markup: it never goes into a Markdown page."""
    return HTML_FILES[name](**values)


def policy_tags(inline_scripts=()) -> str:
    """A page's first tags, after <meta charset>: its Content Security Policy,
    allowing the inline scripts whose texts are given, and its referrer policy."""
    return (
        f'<meta http-equiv="Content-Security-Policy" content="{quoted_attr(policy(inline_scripts))}">'
        f'<meta name="referrer" content="{quoted_attr(REFERRER_POLICY)}">'
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
