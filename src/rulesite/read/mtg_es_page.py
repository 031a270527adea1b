"""A Magic rule saved from a Spanish rules web page (`701.20. Mostrar`).

The page prints the rule's subrules as plain paragraphs: their letters
(701.20a, 701.20b, ...) were lost. They are restored here in order, skipping
"l" and "o" as the Comprehensive Rules do, and every restored rule is marked so
the page can say so. A paragraph that starts with "Ejemplo:" belongs to the
subrule before it. Page furniture is not rules text: the "Subreglas" heading
before the subrules, and everything from "Otras reglas de este apartado" on
(links to other rules and an advertisement).
"""

from __future__ import annotations

import re

from ..common.diagnostics import Diagnostics
from ..common.model import Imported, Loc, Rule, Section, Source
from ..common.normalize import normalize_text
from ..common.names import MAGIC_RULE
from .common import split_examples

_HEADING = re.compile(rf"^(?P<number>{MAGIC_RULE})\.\s+(?P<title>\S.*)$")
_EXAMPLE = re.compile(r"^(Ejemplos?|Examples?)\s?:")
_FURNITURE_BEFORE = {"Subreglas"}
_FURNITURE_FROM = "Otras reglas de este apartado"
# Magic subrule letters skip l and o (they look like 1 and 0).
LETTERS = "abcdefghijkmnpqrstuvwxyz"

# The page renders this notice in the reader's language.
RESTORED_NOTE = "letters-restored"


def read(source: Source, lines: list[str], diag: Diagnostics) -> Imported:
    numbered = [(i, normalize_text(raw)) for i, raw in enumerate(lines) if normalize_text(raw)]
    if not numbered or not (heading := _HEADING.match(numbered[0][1])):
        diag.error(Loc(source.path, 1), "unparsed-line", "expected a heading like '701.20. Mostrar' on the first line")
        return Imported()
    number, title = heading["number"], heading["title"]
    rules: list[Rule] = []
    for index, text in numbered[1:]:
        loc = Loc(source.path, index + 1)
        if text in _FURNITURE_BEFORE and not rules:
            continue
        if text == _FURNITURE_FROM:
            break
        if _EXAMPLE.match(text):
            if not rules:
                diag.error(loc, "unparsed-line", "an example comes before any subrule")
                continue
            _, examples = split_examples(text, loc)
            rules[-1].examples.extend(examples)
            continue
        if len(rules) >= len(LETTERS):
            diag.error(loc, "unparsed-line", "more subrules than letters to restore")
            break
        own, examples = split_examples(text, loc)
        rules.append(
            Rule(
                number=f"{number}{LETTERS[len(rules)]}",
                text=own,
                loc=loc,
                examples=examples,
                source_ids=[source.id],
                number_restored=True,
            )
        )
    section = Section(
        game=source.game,
        document=source.document,
        number=number,
        title=title,
        language=source.language,
        rules=rules,
        source_ids=[source.id],
        loc=Loc(source.path, numbered[0][0] + 1),
        notes=[RESTORED_NOTE] if rules else [],
    )
    return Imported(sections=[section])
