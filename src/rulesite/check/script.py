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
  theme and our alias pages write (`_OUR_INLINE_SCRIPTS`).

`script_problems(root, page)` takes a page already parsed (`check/page.py`,
lxml) and returns ``"page.html: line N: message"`` problems; the check stage
(`check/run.py`) runs it on every page while it holds its tree.
"""

from __future__ import annotations

import re
from pathlib import Path

from .page import html_files, load_page, parse  # noqa: F401 - parse: for callers that check a snippet

_URL_ATTRIBUTES = {"href", "src", "action", "formaction", "data", "poster", "background", "xlink:href", "cite", "srcset", "ping"}
_BAD_URL = re.compile(r"^\s*(javascript|vbscript|data\s*:\s*(text/html|[a-z]+/[a-z+.-]*(xml|script)))\s*:?", re.IGNORECASE)
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
# The inline scripts the theme (Material for MkDocs) and our alias pages write,
# with the one part that differs between pages (a relative path) as a pattern.
_PATH = r'"[A-Za-z0-9._~/%#-]*"'
_OUR_INLINE_SCRIPTS = [
    re.compile(
        r"__md_scope=new URL\("
        + _PATH
        + r",location\),__md_hash=e=>\[\.\.\.e\]\.reduce\(\(\(e,_\)=>\(e<<5\)-e\+_\.charCodeAt\(0\)\),0\),"
        r"__md_get=\(e,_=localStorage,t=__md_scope\)=>JSON\.parse\(_\.getItem\(t\.pathname\+\"\.\"\+e\)\),"
        r"__md_set=\(e,_,t=localStorage,a=__md_scope\)=>\{try\{t\.setItem\(a\.pathname\+\"\.\"\+e,JSON\.stringify\(_\)\)\}catch\(e\)\{\}\}"
    ),
    re.compile(
        re.escape(
            'var palette=__md_get("__palette");if(palette&&palette.color){if("(prefers-color-scheme)"===palette.color.media)'
            '{var media=matchMedia("(prefers-color-scheme: light)"),input=document.querySelector(media.matches?'
            "\"[data-md-color-media='(prefers-color-scheme: light)']\":\"[data-md-color-media='(prefers-color-scheme: dark)']\");"
            'palette.color.media=input.getAttribute("data-md-color-media"),palette.color.scheme=input.getAttribute("data-md-color-scheme"),'
            'palette.color.primary=input.getAttribute("data-md-color-primary"),palette.color.accent=input.getAttribute("data-md-color-accent")}'
            'for(var[key,value]of Object.entries(palette.color))document.body.setAttribute("data-md-color-"+key,value)}'
        )
    ),
    re.compile(
        re.escape(
            'var target=document.getElementById(location.hash.slice(1));target&&target.name&&(target.checked=target.name.startsWith("__tabbed_"))'
        )
    ),
    # render/site.py current_aliases: forwards to the current edition's page, keeping the #rule
    re.compile(r"location\.replace\(" + _PATH + r" \+ location\.hash\)"),
    # render/share.py share pages: forward to the rule, section, answer or card at once
    # (pinned links add a ?query: "=", "&" written as \u0026 inside the script)
    re.compile(r"location\.replace\(" + _PATH.replace("#", "#?=&\\\\") + r"\);"),
]
_DATA_TYPES = {"application/json", "application/ld+json"}


def _is_content(tag: str, attrib) -> bool:
    return tag == "article" or (tag == "div" and "md-content" in (attrib.get("class") or "").split())


def _ours(script) -> bool:
    """A <script> outside the content that the theme or we wrote."""
    attrib = script.attrib
    if attrib.get("src") is not None:
        src = attrib["src"]
        return not _BAD_URL.match(src) and not re.match(r"^\s*[a-z][a-z0-9+.-]*:|^\s*//", src, re.IGNORECASE)
    if (attrib.get("type") or "").strip().lower() in _DATA_TYPES:
        return True
    text = (script.text or "").strip()
    return any(pattern.fullmatch(text) for pattern in _OUR_INLINE_SCRIPTS)


def script_problems(root, page: str) -> list[str]:
    """Problems of one parsed page (`page`: its path in the site, for messages)."""
    problems = []
    has_content = any(isinstance(el.tag, str) and _is_content(el.tag.lower(), el.attrib) for el in root.iter())
    stack = [(root, False)]
    while stack:
        el, inside = stack.pop()
        if not isinstance(el.tag, str):  # comments, processing instructions
            continue
        tag = el.tag.lower()
        inside = inside or _is_content(tag, el.attrib) or (not has_content and tag == "body")
        line = getattr(el, "sourceline", None) or 0
        where = f"{page}: line {line}"
        for name, value in el.attrib.items():
            name = str(name).lower()
            if name.startswith("on"):
                problems.append(f"{where}: <{tag}> has an event handler {name}={str(value)[:60]!r}: script from the sources?")
            elif name == "srcdoc":
                problems.append(f"{where}: <{tag}> has a srcdoc document")
            elif name in _URL_ATTRIBUTES and _BAD_URL.match(str(value)):
                problems.append(f"{where}: <{tag} {name}={str(value)[:60]!r}> runs script")
        if tag in _NOT_IN_CONTENT and inside:
            problems.append(f"{where}: <{tag}> in the page's content: markup from the sources?")
        elif tag == "script" and not _ours(el):
            problems.append(f"{where}: a <script> that is not the theme's or ours: {(el.text or '').strip()[:60]!r}")
        stack.extend((child, inside) for child in reversed(list(el)))
    return problems


def check_scripts(site_dir: Path) -> list[str]:
    """`script_problems` of every HTML page of the site."""
    problems = []
    for rel in html_files(site_dir):
        problems += script_problems(load_page(site_dir, rel).root, rel)
    return problems
