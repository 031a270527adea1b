"""Source text is never trusted as HTML or Markdown.

Every ASCII punctuation character of a source text is backslash-escaped, and the
site enables pymdownx.escapeall, which makes any escaped character literal: `<`
shows as `&lt;`, `[x](javascript:...)` as those characters, `**` as two stars.
Letters, digits and spaces need no escape, so what readers see (and search) is
the text as printed.
"""
from __future__ import annotations

import html
import json
import re

_PUNCTUATION = re.compile(r"([!-/:-@\[-`{-~])")


def md_text(text: str) -> str:
    return _PUNCTUATION.sub(r"\\\1", text)


def attr_value(text: str) -> str:
    """A value safe inside a double-quoted HTML attribute we write ourselves."""
    return (
        text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")
    )


def front_matter(title: str, description: str = "", **preview: str) -> list[str]:
    """A page's YAML front matter. MkDocs puts these values into the page's HTML
    without escaping (its templates do not autoescape), so they are HTML-escaped
    here, then written as JSON strings, which YAML reads as quoted scalars.
    `preview`: what a link preview shows (og_title, site_name, edition; see
    theme/main.html)."""
    lines = ["---", f"title: {json.dumps(html.escape(title))}"]
    if description:
        lines.append(f"description: {json.dumps(html.escape(description))}")
    for key, value in preview.items():
        if value:
            lines.append(f"{key}: {json.dumps(html.escape(value))}")
    return lines + ["---", ""]


def nav_title(title: str) -> str:
    """A navigation label: HTML-escaped for the same reason as front matter."""
    return html.escape(title)
