"""The one escaping path: source text is never trusted as HTML or Markdown.

Pages are Markdown with some HTML in it. Everything that goes into a page is
one of two kinds:

- `Md`: markup made by this package. Literal Markdown written in the render
  modules (`Md("## Rules {: #rules }")`), text escaped by `md_text`, and the
  HTML of the writers in `render/markup.py`. It is a `markupsafe.Markup`, so
  the writers and other `Md` take it as it is.
- anything else (a `str` from a source, a number): text. Whenever it is
  combined with `Md` (`Md(...).format(x)`, `Md + x`, `Md("\\n").join(...)`,
  a text field of a writer in markup.py) it goes through `md_text`, so no field of the model
  can carry markup into a page, whoever adds it, however it is combined.

`md_text` backslash-escapes every ASCII punctuation character (the site enables
pymdownx.escapeall, which makes any escaped character literal: `[x](javascript:...)`
and `**` show as those characters) and writes `& < > " '` as character
references, so that even inside an HTML attribute escaped text cannot end the
attribute or open a tag. Letters, digits and spaces need no escape, so what
readers see (and search) is the text as printed.

The blocks a page repeats most (the rules) are written as `Html`, finished
HTML that Python-Markdown passes through without reading it, which spares
MkDocs most of its work. Text combined with `Html` goes through `html_out`,
which writes what Python-Markdown would have written for `md_text` of it
(`& < > " '` as the same references, every other character as itself), so the
built page is the same byte for byte. `Html` and `Md` never mix: each refuses
the other (a page takes a whole `Html` block as a line, through `block`).
"""

from __future__ import annotations

import html
import json
import re
import string

from markupsafe import Markup

# Every ASCII punctuation character: backslash-escaped, except those that are
# markup in HTML, written as character references.
_ESCAPES = {
    c: (html.escape(chr(c), quote=True).replace("&#x27;", "&#39;") if chr(c) in "&<>\"'" else "\\" + chr(c))
    for c in range(0x21, 0x7F)
    if not chr(c).isalnum()
}


# One regular expression pass, not str.translate: translate looks up every
# character of a text in the table (a miss costs an exception inside), several
# times slower on rule texts. The same text comes out.
_LOOKUP = {chr(c): escaped for c, escaped in _ESCAPES.items()}
_SPECIAL = re.compile("[" + re.escape("".join(_LOOKUP)) + "]")


def _escaped(match: re.Match) -> str:
    return _LOOKUP[match[0]]


def _escape(text: str) -> str:
    return _SPECIAL.sub(_escaped, text)


class Md(Markup):
    """Markdown made by this package (see the module docstring). Plain strings
    combined with it are escaped by `md_text`, as Markup escapes them for HTML."""

    __slots__ = ()

    @classmethod
    def escape(cls, s) -> Md:
        if hasattr(s, "__html__"):
            if isinstance(s, Html):  # Markdown would read its text: only ever a block (`block`)
                raise TypeError(f"finished HTML inside Markdown: {str(s)[:60]!r}")
            return s if isinstance(s, cls) else cls(s.__html__())
        return cls(_escape(str(s)))

    def format(self, *args, **kwargs) -> Md:
        """Markup.format (each value escaped unless it is markup), without
        string.Formatter for the usual "{} ({})": the render modules call it
        tens of thousands of times a site. Any other format string goes to Markup's."""
        literals = _plain_fields(str(self))
        if literals is None or kwargs or len(args) != len(literals) - 1:
            return super().format(*args, **kwargs)
        out = [literals[0]]
        for value, literal in zip(args, literals[1:]):
            # As markupsafe's EscapeFormatter.format_field with no format spec.
            if hasattr(value, "__html_format__"):
                value = value.__html_format__("")
            elif hasattr(value, "__html__"):
                value = value.__html__()
            else:
                value = format(value, "")
            out += (value if type(value) is Md else Md.escape(value), literal)
        return Md("".join(out))


_FIELDS: dict[str, tuple[str, ...] | None] = {}


def _plain_fields(template: str) -> tuple[str, ...] | None:
    """The literal text around the fields of a format string whose fields are all
    a bare "{}" (None for any other): "a {} b {}" -> ("a ", " b ", "")."""
    if template not in _FIELDS:
        literals: list[str] | None = []
        text = ""  # the literal text since the last field ("{{" comes as a piece of its own)
        for literal, name, spec, conversion in string.Formatter().parse(template):
            text += literal
            if name is None:
                continue
            if name != "" or spec or conversion:
                literals = None
                break
            literals.append(text)
            text = ""
        _FIELDS[template] = (*literals, text) if literals is not None else None
    return _FIELDS[template]


def md_text(text: str) -> Md:
    """Text as Markdown that shows exactly these characters."""
    return Md(_escape(text))


# The characters `md_text` writes as character references, which Python-Markdown
# leaves as they are; every other one it writes back as itself.
_REFERENCED = re.compile("[&<>\"']")


def _html_escape(text: str) -> str:
    return _REFERENCED.sub(_escaped, text)


class Html(Markup):
    """Finished HTML: a block of a Markdown page that Python-Markdown passes
    through untouched (raw HTML, no `markdown` attribute), written as it would
    have written the same block from Markdown, so the built page is the same.
    Text combined with it is escaped by `html_out`. Markdown (`Md`) and other
    markup are refused: Markdown inside it would show as written, and finished
    HTML inside Markdown would be read as Markdown."""

    __slots__ = ()

    @classmethod
    def escape(cls, s) -> Html:
        if type(s) is cls:
            return s
        if hasattr(s, "__html__"):
            raise TypeError(f"markup that is not finished HTML: {str(s)[:60]!r}")
        return cls(_html_escape(str(s)))


def html_out(text: str) -> Html:
    """Text as finished HTML: the very characters Python-Markdown writes for
    `md_text(text)` (`& < > " '` as the same character references)."""
    return Html(_html_escape(text))


def html_str(value) -> str:
    """`Html.escape(value)` as a str, for the writers of markup.py."""
    if type(value) is Html:
        return str(value)
    if hasattr(value, "__html__"):
        raise TypeError(f"markup that is not finished HTML: {str(value)[:60]!r}")
    return _html_escape(str(value))


def written(text: str) -> Md:
    """The project's own Markdown (docs/*.md, reviewed like code), as written.
    Never for text from a source."""
    return Md(text)


_NEWLINE = Md("\n")


def join(lines, separator: Md = _NEWLINE) -> Md:
    """Lines of a page as one Markdown text: lines that are not `Md` are text.
    `separator.join(lines)`, with no call for the pieces that are Md already (most)."""
    if type(separator) is not Md:
        raise TypeError(f"a separator is markup of ours: {separator!r}")
    return Md(str(separator).join([line if type(line) is Md else Md.escape(line) for line in lines]))


class Block(Md):
    """A line of a page holding finished HTML (`block`)."""

    __slots__ = ()


def block(html: Html) -> Block:
    """A line of a page holding finished HTML: a block Python-Markdown passes
    through untouched (it begins a line with a block-level tag and ends with its
    closing tag). What follows it goes on the next line, with no blank line
    between: after raw HTML Python-Markdown keeps a blank line in the built
    page, where the same block written as Markdown has none. So the render
    modules put no "" after it, and a page ending with it ends with no newline
    (`page`), for what is appended to it (languages.py) to go on the next line."""
    if type(html) is not Html:
        raise TypeError(f"not finished HTML: {str(html)[:60]!r}")
    return Block(str(html))


# What may begin a raw HTML attribute value or text of ours without being
# markup anywhere: the HTML specials, and what Markdown would read as a link,
# an attribute list, code or emphasis, should the value ever land in Markdown.
_HTML_ESCAPES = {ord(c): f"&#{ord(c)};" for c in "&<>\"'[](){}\\`*_"}
_HTML_LOOKUP = {chr(c): escaped for c, escaped in _HTML_ESCAPES.items()}
_HTML_SPECIAL = re.compile("[" + re.escape("".join(_HTML_LOOKUP)) + "]")


def _html_escaped(match: re.Match) -> str:
    return _HTML_LOOKUP[match[0]]


def html_text(text) -> Markup:
    """Text for an HTML attribute value or an HTML element Markdown does not read
    (the history lines, diff pages): character references for every character
    that is markup in HTML or in Markdown. Markup given here is a mistake."""
    return Markup(attr_value(text))


def attr_value(text: str) -> str:
    """A value safe inside a double-quoted HTML attribute: `html_text` as a str."""
    if hasattr(text, "__html__"):
        raise TypeError(f"markup where text belongs: {str(text)[:60]!r}")
    return _HTML_SPECIAL.sub(_html_escaped, str(text))


_QUOTED_SPECIAL = re.compile('[&<>"]')


def quoted_attr(text: str) -> str:
    """A value of ours for a double-quoted attribute of a whole HTML file no
    Markdown reads (the forwarding pages' policy): `& < > "` as references and
    `'`, which cannot end such a value, as itself; the policy's twenty quotes
    are a byte each, not five, on each of 16,000 pages."""
    if hasattr(text, "__html__"):
        raise TypeError(f"markup where text belongs: {str(text)[:60]!r}")
    return _QUOTED_SPECIAL.sub(lambda m: html.escape(m[0], quote=True), str(text))


def attr_read(value: str) -> str:
    """What a browser reads from an attribute value written by `attr_value` (as
    markup.py's `_attr`): its characters, the references replaced."""
    return html.unescape(value)


def md_str(value) -> str:
    """`Md.escape(value)` as a str (markup as it is, anything else escaped by
    `md_text`), for the writers of markup.py, which join str pieces."""
    if hasattr(value, "__html__"):
        if isinstance(value, Html):
            raise TypeError(f"finished HTML inside Markdown: {str(value)[:60]!r}")
        return value.__html__()
    return _escape(str(value))


def front_matter(title: str, description: str = "", **preview) -> list[Md]:
    """A page's YAML front matter. MkDocs puts these values into the page's HTML
    without escaping (its templates do not autoescape), so they are HTML-escaped
    here, then written as JSON strings, which YAML reads as quoted scalars.
    Every page has one: without it MkDocs takes the first heading's HTML as the
    title and puts it into <title> as it is."""
    if not title:  # the home page alone: its title is the site's name
        return []
    lines = [Md("---"), Md("title: ") + Md(json.dumps(html.escape(title)))]
    if description:
        lines.append(Md("description: ") + Md(json.dumps(html.escape(description))))
    # What a link preview shows (og_title, site_name, edition: see theme/main.html).
    for key, value in preview.items():
        if isinstance(value, (dict, list)):  # search: {"exclude": true}, hide: ["toc"] (JSON is YAML)
            lines.append(Md(f"{key}: ") + Md(json.dumps(value)))
        elif value:
            lines.append(Md(f"{key}: ") + Md(json.dumps(html.escape(value))))
    return lines + [Md("---"), Md("")]


def page(title: str, lines, description: str = "", **preview) -> str:
    """A whole Markdown page: its escaped front matter, then its lines. One whose
    last line is finished HTML (`block`) ends there, with no newline."""
    lines = [*front_matter(title, description, **preview), *lines]
    last = len(lines)
    while last and lines[last - 1] == "":
        last -= 1
    if last and type(lines[last - 1]) is Block:
        return str(join(lines[:last]))
    return str(join(lines))


def nav_title(title: str) -> str:
    """A navigation label: HTML-escaped for the same reason as front matter."""
    return html.escape(title)


def script_json(data) -> str:
    """JSON to be read as JavaScript, inside or outside a <script> element: no
    `</script>` or `<!--` can end or change the element, and U+2028/U+2029
    (line breaks to older JavaScript) cannot end a string."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    for char, escaped in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"), ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(char, escaped)
    return text
