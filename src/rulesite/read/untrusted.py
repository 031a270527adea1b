"""Source text is never trusted as HTML or Markdown.

Rendering escapes every text (render/escape.py), so markup in a source shows as
the characters it is. This module only tells the maintainer where a source holds
something that looks like markup, since that is usually a copy-paste accident
or an attempt to inject script into the site.
"""
from __future__ import annotations

import re

from ..diagnostics import Diagnostics
from ..model import Imported

_SUSPICIOUS = re.compile(
    r"<\s*/?\s*(script|img|iframe|object|embed|style|link|meta|svg|a|form|input|button|video|audio|base|div|span|p)\b"
    r"|\bon[a-z]+\s*=|javascript\s*:|\]\(|!\["  # a Markdown link has no space in "]("; "[A] (a Power...)" is rules text
    r"|\*\*[^\s*][^*]*\*\*|__[^\s_][^_]*__",  # Markdown emphasis: **bold**, __bold__
    re.IGNORECASE,
)


def warn_untrusted(imported: Imported, diag: Diagnostics) -> None:
    for loc, text in _texts(imported):
        if match := _SUSPICIOUS.search(text):
            diag.warning(
                loc,
                "raw-html",
                f"text holds markup {match.group(0)!r}: it is shown as plain text, never run",
            )


def _texts(imported: Imported):
    for section in imported.sections:
        yield section.loc, section.title
        for rule in section.rules:
            yield rule.loc, rule.text
            for example in rule.examples:
                yield example.loc, example.text
    for faq in imported.faqs:
        yield faq.loc, faq.question
        yield faq.loc, faq.answer
    for ruling in imported.rulings:
        for text in [ruling.title, ruling.answer, *ruling.steps, *ruling.nuances]:
            yield ruling.loc, text
