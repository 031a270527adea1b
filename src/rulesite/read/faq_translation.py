"""Reads official FAQ answers in another language (format `faq-translation`).

The file is YAML: a list of answers, each naming the English answer it
translates by that answer's id (as its page's anchor shows it, `#faq-<id>`):

    - translates: what-about-dazzling-aurora-if-i-reveal-nocturne-do-i-get-to
      question: "¿Y Dazzling Aurora? ..."
      answer: "No, Dazzling Aurora se detiene ..."

Its manifest entry gives the language (`language: es`) and the game. Each
becomes a `FaqAnswer` with the id `<translated id>-<language>` and
`translates` set, shown on that language's site on its source's page; whether
the English answer exists is resolve's question (`resolve/faq_translations.py`).
Every problem is an `error[faq-translation]` at its line.
"""

from __future__ import annotations

from ..common.diagnostics import Diagnostics
from ..common.model import FaqAnswer, Imported, Loc, Source
from ..common.names import describe, name_problem
from ..common.normalize import normalize_text
from .yamlfile import line_of, parse_yaml

FORMAT = "faq-translation"
FIELDS = ("translates", "question", "answer")


def read(source: Source, lines: list[str], diag: Diagnostics) -> Imported:
    out = Imported()
    data = parse_yaml("\n".join(lines), source.path, diag)
    if data is None:
        return out
    if not isinstance(data, list):
        diag.error(Loc(source.path, line_of(data)), FORMAT, f"expected a list of answers, not {describe(data)}")
        return out
    seen: dict[str, int] = {}
    for item in data:
        loc = Loc(source.path, line_of(item))
        if not isinstance(item, dict):
            diag.error(loc, FORMAT, f"expected an answer ({', '.join(FIELDS)}), not {describe(item)}")
            continue
        unknown = [str(key)[:60] for key in item if key not in FIELDS]
        if unknown:
            diag.error(loc, FORMAT, f"unknown field {unknown[0]!r} (known: {', '.join(FIELDS)})")
            continue
        problem = name_problem(item.get("translates"), "translates")
        if problem:
            diag.error(loc, FORMAT, problem)
            continue
        texts = {key: item.get(key) for key in ("question", "answer")}
        bad = next((key for key, value in texts.items() if not isinstance(value, str) or not value.strip()), None)
        if bad is not None:
            diag.error(loc, FORMAT, f"'{bad}:' must be a text, not {describe(texts[bad])}")
            continue
        english = str(item["translates"])
        if english in seen:
            diag.error(loc, FORMAT, f"a second translation of {english} (the first at line {seen[english]})")
            continue
        seen[english] = loc.line
        out.faqs.append(
            FaqAnswer(
                id=f"{english}-{source.language}",
                question=" ".join(normalize_text(texts["question"]).split()),
                answer=" ".join(normalize_text(texts["answer"]).split()),
                game=source.game,
                section="",  # shown on its source's page: that language has no text of the English answer's section
                source_id=source.id,
                loc=loc,
                translates=english,
            )
        )
    return out
