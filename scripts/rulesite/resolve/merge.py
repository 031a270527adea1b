"""Stage 2: merge what every importer read into one corpus.

Several sources may print the same section (a web page and the official text
both print 832). Their union is kept; where two sources print the same rule,
the texts must agree after typographic normalization, and a disagreement is an
error naming both places.
"""
from __future__ import annotations

from ..diagnostics import Diagnostics
from ..model import Corpus, Imported, Rule, Section, Source, sort_key


def merge(sources: list[Source], imported: list[Imported], diag: Diagnostics) -> Corpus:
    corpus = Corpus(sources={s.id: s for s in sources})
    for result in imported:
        for section in result.sections:
            known = corpus.sections.get(section.key)
            if known is None:
                corpus.sections[section.key] = section
            else:
                _merge_section(known, section, diag)
        corpus.faqs.extend(result.faqs)
        corpus.rulings.extend(result.rulings)
    for section in corpus.sections.values():
        section.rules.sort(key=lambda r: sort_key(r.number))
    _unique_ids(corpus, diag)
    return corpus


def _merge_section(known: Section, other: Section, diag: Diagnostics) -> None:
    known.title = known.title or other.title
    if other.title and known.title != other.title:
        diag.error(
            other.loc,
            "section-conflict",
            f"section {known.number} is titled {other.title!r} here, {known.title!r} at {known.loc}",
        )
    known.source_ids += [s for s in other.source_ids if s not in known.source_ids]
    known.notes += [n for n in other.notes if n not in known.notes]
    by_number = {rule.number: rule for rule in known.rules}
    for rule in other.rules:
        same = by_number.get(rule.number)
        if same is None:
            known.rules.append(rule)
        elif _printed(same) != _printed(rule):
            diag.error(
                rule.loc,
                "rule-conflict",
                f"rule {rule.number} differs from the same rule at {same.loc}: "
                f"{_first_difference(_printed(same), _printed(rule))}",
            )
        else:
            same.source_ids += [s for s in rule.source_ids if s not in same.source_ids]


def _printed(rule: Rule) -> str:
    """The rule as printed (normalized), examples included."""
    return " ".join([rule.text] + [f"{e.label}: {e.text}" for e in rule.examples])


def _first_difference(a: str, b: str) -> str:
    i = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"{a[max(0, i - 20):i + 25]!r} vs {b[max(0, i - 20):i + 25]!r}"


def _unique_ids(corpus: Corpus, diag: Diagnostics) -> None:
    """FAQ answers and rulings are permalinks: their ids must be unique site-wide."""
    seen = {}
    for item in [*corpus.faqs, *corpus.rulings]:
        if item.id in seen:
            diag.error(item.loc, "duplicate-id", f"id {item.id!r} is already used at {seen[item.id]}")
        else:
            seen[item.id] = item.loc
