"""No page of the built site runs script that is not ours.

Every text on a page comes from third parties, and the render stage escapes
all of it (render/escape.py); this check looks at the HTML MkDocs wrote, so
that whatever got past the escaping fails the build instead of being published:

- no element anywhere has an event handler (`onload`, `onclick`, any `on*`)
  or a `srcdoc`, and no URL attribute is `javascript:`, `vbscript:` or a
  `data:` URL of a document or script;
- the content of a page (Material's `<article>`; the whole body of the small
  pages we write ourselves) holds no element that runs or embeds script:
  `<script>`, `<svg>`, `<math>`, `<iframe>`, `<object>`, `<embed>`, `<base>`,
  `<form>`, `<meta>`, `<link>` ...;
- outside the content, a `<script>` is the theme's or ours: it loads a file of
  the site (`src`), holds JSON data, or is one of the few inline scripts the
  theme's templates, our alias pages and our not-found page write
  (`theme_inline_scripts`, `_OUR_OWN_INLINE_SCRIPTS`).

`script_problems(page, name)` takes a page already parsed (`check/page.py`,
lxml) and returns its problems as `Finding`s (code `script`); the check stage
(`check/run.py`) runs it on every page while it holds its tree.
"""

from __future__ import annotations

import functools
import operator
import re

from ..common.content_policy import not_found_root_script
from ..common.diagnostics import Finding
from ..common.engines import ENGINES
from .page import elements, html_files, load_page, parse, root_of  # noqa: F401 - parse: for callers that check a snippet

_URL_ATTRIBUTES = {"href", "src", "action", "formaction", "data", "poster", "background", "xlink:href", "cite", "srcset", "ping"}
BAD_URL = re.compile(r"^\s*(javascript|vbscript|data\s*:\s*(text/html|[a-z]+/[a-z+.-]*(xml|script)))\s*:?", re.IGNORECASE)
# Elements that run or embed script, or change where the page's links and scripts point.
_NOT_IN_CONTENT = {
    "script",
    "svg",
    "math",
    "iframe",
    "frame",
    "frameset",
    "object",
    "embed",
    "applet",
    "base",
    "form",
    "meta",
    "link",
    "noscript",
    "template",
    "portal",
}
# The inline scripts the theme writes: every <script> of Material's
# partials/javascripts templates, read from the installed theme (so that a new
# Material version brings its own), with each {{ expression }} in them (a
# relative path) as a pattern; and the ones our own small pages write.
_PATH_CHARS = r"[A-Za-z0-9._~/%#-]*"
_PATH = '"' + _PATH_CHARS + '"'
_OUR_OWN_INLINE_SCRIPTS = [
    # render/jobs.py current_aliases: forwards to the current edition's page, keeping the #rule
    re.compile(r"location\.replace\(" + _PATH + r" \+ location\.hash\)"),
    # render/share.py share pages: forward to the rule, section, answer or card at once
    # (pinned links add a ?query: "=", "&" written as \u0026 inside the script)
    re.compile(r"location\.replace\(" + _PATH.replace("#", "#?=&\\\\") + r"\);"),
    # theme/404.html without a site_url: finds the site's folder (render/not_found_root.js), exactly
    re.compile(re.escape(not_found_root_script().strip())),
]
_THEME_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)
_JINJA_EXPRESSION = re.compile(r"\{\{.*?\}\}", re.DOTALL)


@functools.cache
def theme_inline_scripts() -> tuple[re.Pattern, ...]:
    """The inline scripts of the installed Material theme's templates, and of
    the other engines' own (common/engines.py: Zensical's), as patterns."""
    folders = {engine.templates() / "partials" / "javascripts" for engine in ENGINES.values()}
    found = []
    for template in sorted(p for folder in folders for p in folder.glob("*.html")):
        for body in _THEME_SCRIPT.findall(template.read_text(encoding="utf-8")):
            parts = _JINJA_EXPRESSION.split(body.strip())
            found.append(re.compile(_PATH_CHARS.join(re.escape(part) for part in parts)))
    return tuple(found)


_DATA_TYPES = {"application/json", "application/ld+json"}
_SCHEME_OR_HOST = re.compile(r"^\s*[a-z][a-z0-9+.-]*:|^\s*//", re.IGNORECASE)


def _ours(script) -> bool:
    """A <script> outside the content that the theme or we wrote."""
    attrib = script.attrib
    if attrib.get("src") is not None:
        src = attrib["src"]
        return not BAD_URL.match(src) and not _SCHEME_OR_HOST.match(src)
    if (attrib.get("type") or "").strip().lower() in _DATA_TYPES:
        return True
    return inline_script_is_ours(script.text or "")


@functools.lru_cache(maxsize=4096)  # the theme's scripts are the same on every page
def inline_script_is_ours(text: str) -> bool:
    """An inline script's text (as the parser gives it) is one the theme or we write."""
    return _inline_scripts().fullmatch(text.strip()) is not None


@functools.cache
def _inline_scripts() -> re.Pattern:
    """Every inline script allowed outside the content, as one pattern (one
    match a <script> instead of one for each pattern)."""
    patterns = (*theme_inline_scripts(), *_OUR_OWN_INLINE_SCRIPTS)
    return re.compile("|".join(f"(?:{pattern.pattern})" for pattern in patterns))


def script_problems(page, name: str) -> list[Finding]:
    """Problems of one parsed page (a `Page` or its tree; `name`: its path in the
    site). Only the elements that can be a problem are looked at:
    the page's elements are filed by tag and attribute (`check/page.py`), and
    libxml2's HTML parser, like a browser's, writes every tag and attribute name
    in lower case."""
    found = elements(page)
    suspects = {
        el
        for attribute, having in found.by_attribute.items()
        if attribute.startswith("on") or attribute == "srcdoc"
        for el in having
    }
    bad = BAD_URL.match
    for attribute in _URL_ATTRIBUTES.intersection(found.by_attribute):
        having = found.by_attribute[attribute]
        # Every value tested without a Python loop (there are thousands of hrefs);
        # the elements are looked for only when one is bad.
        if any(map(bad, map(operator.methodcaller("get", attribute), having))):
            suspects.update(el for el in having if bad(el.get(attribute)))
    content = found.tag("article") + [el for el in found.tag("div") if "md-content" in (el.get("class") or "").split()]
    # Without Material's content column (our small pages), the whole body is content.
    inside = {el for top in content or found.tag("body") for el in top.iter(*_NOT_IN_CONTENT)}
    suspects |= inside
    suspects.update(el for el in found.tag("script") if el not in inside and not _ours(el))
    if len(suspects) > 1:  # in the order of the page
        order = {el: i for i, el in enumerate(root_of(page).iter())}
        suspects = sorted(suspects, key=order.__getitem__)
    problems = []
    for el in suspects:
        tag = el.tag
        found: list[str] = []
        for attribute, value in el.attrib.items():
            if attribute.startswith("on"):
                found.append(f"<{tag}> has an event handler {attribute}={value[:60]!r}: script from the sources?")
            elif attribute == "srcdoc":
                found.append(f"<{tag}> has a srcdoc document")
            elif _bad_url(attribute, value):
                found.append(f"<{tag} {attribute}={value[:60]!r}> runs script")
        if el in inside:
            found.append(f"<{tag}> in the page's content: markup from the sources?")
        elif tag == "script" and not _ours(el):
            found.append(f"a <script> that is not the theme's or ours: {(el.text or '').strip()[:60]!r}")
        problems += [Finding(name, el.sourceline or 0, "script", message) for message in found]
    return problems


def _bad_url(name: str, value: str) -> bool:
    return name in _URL_ATTRIBUTES and BAD_URL.match(value) is not None
