"""Source text is never trusted as HTML or Markdown.

Rendering escapes every text (render/escape.py), so markup in a source shows as
the characters it is. This module tells the maintainer where a source holds
something that looks like markup, since that is usually a copy-paste accident
or an attempt to inject script into the site, and reports every character no
text may hold (`normalize.forbidden_characters`) in any text field of the
model: the fields are enumerated from the dataclasses, so a field added to the
model is checked without anyone listing it here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import fields, is_dataclass

from ..common.diagnostics import Diagnostics
from ..common.model import Imported, Loc, Source
from ..common.normalize import forbidden_characters

_SUSPICIOUS = re.compile(
    r"<\s*/?\s*(script|img|iframe|object|embed|style|link|meta|svg|a|form|input|button|video|audio|base|div|span|p)\b"
    r"|\bon[a-z]+\s*=|javascript\s*:|\]\(|!\["  # a Markdown link has no space in "]("; "[A] (a Power...)" is rules text
    r"|\*\*[^\s*][^*]*\*\*|__[^\s_][^_]*__",  # Markdown emphasis: **bold**, __bold__
    re.IGNORECASE,
)


# Each alternative of _SUSPICIOUS needs one of these strings, or a script
# scheme (its own alternative, with the same flags): looked for in C, they rule
# out nearly every text at a fifth of the expression's cost.
_NEEDED = ("<", "=", "](", "![", "**", "__")
_SCRIPT_SCHEME = re.compile(r"javascript\s*:", re.IGNORECASE)


def _may_hold_markup(text: str) -> bool:
    return any(needed in text for needed in _NEEDED) or _SCRIPT_SCHEME.search(text) is not None


def warn_untrusted(imported: Imported, diag: Diagnostics) -> None:
    texts = list(_texts(imported))
    # One look at them all first: a text that holds markup makes their join hold it.
    if not _may_hold_markup("\n".join(text for _, text in texts)):
        return
    for loc, text in texts:
        if _may_hold_markup(text) and (match := _SUSPICIOUS.search(text)):
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


# Fields that hold where a source was read from on this machine, not its text.
_NOT_TEXT = {(Source, "file"), (Source, "root"), (Source, "path"), (Source, "loc")}


def model_texts(value, loc: Loc, name: str = "") -> Iterator[tuple[Loc, str, str]]:
    """(place, field path, text) for every text in `value`, a model object, or a
    list or dict of them; each text is placed at the nearest object's `loc`."""
    stack = [(value, loc, name)]
    while stack:  # iterative: a deep model must not overflow the stack
        value, loc, name = stack.pop()
        if isinstance(value, str):
            yield loc, name, value
        elif isinstance(value, (list, tuple)):
            stack += [(item, loc, name) for item in reversed(value)]
        elif isinstance(value, dict):
            stack += [(item, loc, name) for item in reversed([*value.keys(), *value.values()])]
        elif (texts := _fields_of(type(value))) is not None:
            here = getattr(value, "loc", None)
            loc = here if isinstance(here, Loc) else loc
            stack += [(getattr(value, field), loc, path) for field, path in texts]


def _strings(value) -> list[str]:
    """Every string in `value`, as `model_texts` finds them and more (where a
    source was read from): a superset, gathered four times as fast, that
    rules out the rare forbidden character before the texts are placed."""
    out: list[str] = []
    stack = [value]
    while stack:
        value = stack.pop()
        kind = type(value)
        if kind is str:
            out.append(value)
        elif kind in _HOLDS_NO_TEXT:
            continue
        elif kind is list or kind is tuple:
            stack += value
        elif isinstance(value, str):
            out.append(value)
        elif isinstance(value, (list, tuple)):
            stack += value
        elif isinstance(value, dict):
            stack += value.keys()
            stack += value.values()
        elif _fields_of(kind) is not None:
            # A dataclass's fields are its __dict__'s values, unless it has slots.
            held = getattr(value, "__dict__", None)
            stack += held.values() if held is not None else [getattr(value, f.name) for f in fields(value)]
    return out


# Values `model_texts` never looks into: numbers, flags, and places (a Loc's
# path is where a source was read from, one a rule and example: most of the strings).
_HOLDS_NO_TEXT = {int, float, bool, type(None), Loc}


_FIELDS: dict[type, tuple[tuple[str, str], ...] | None] = {}


def _fields_of(kind: type) -> tuple[tuple[str, str], ...] | None:
    """The fields of a model class to look into, with their paths ("Rule.text"),
    last first; None for what holds no text (a Loc, a number). Once a class:
    the model has some hundred thousand objects of a dozen classes."""
    if kind not in _FIELDS:
        found = None
        if is_dataclass(kind) and kind is not Loc:
            found = tuple(
                (f.name, f"{kind.__name__}.{f.name}") for f in reversed(fields(kind)) if (kind, f.name) not in _NOT_TEXT
            )
        _FIELDS[kind] = found
    return _FIELDS[kind]


def check_characters(value, loc: Loc, diag: Diagnostics) -> None:
    """Reports every text in `value` that holds a character no source may hold."""
    # One look at every string first: almost always none holds any (no character
    # is found across two strings: each is one character, and a newline is allowed).
    if not forbidden_characters("\n".join(_strings(value))):
        return
    for place, name, text in model_texts(value, loc):
        if found := forbidden_characters(text):
            shown = ", ".join(f"U+{ord(c):04X}" for c in found[:5])
            diag.error(
                place,
                "control-character",
                f"{name} holds {shown}: control and bidirectional formatting characters are not allowed in source text",
            )
