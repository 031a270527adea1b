"""Checks every importer's rules against the one rule-number grammar.

The importers find numbers with patterns built from `names.py`; this is the
check after them, the same for every format, so that no number reaches the
model that a page path, an anchor or a short link could not carry:

- every section and rule number follows the grammar (`error[rule-number]`);
- a number has at most `names.MAX_RULE_PARTS` parts (`error[rule-depth]`);
- at most `MAX_MISSING_LEVELS` levels may be missing between a rule and the
  nearest rule or section printed above it in its source: `832.1.c.2` may
  come without `832.1.c` (excerpts and extraction accidents do that, and the
  importers warn; Core Rules v1.1 prints `450.3.f.0.a` right after `450.3.e.2`),
  but a rule further below anything printed is no rule of the document
  (`error[rule-depth]`);
- two spellings of one number (`832.01.e` and `832.1.e`) are a duplicate
  (`error[duplicate-rule]`, found by `common.check_order` inside a source and
  by `resolve.merge` across sources).
"""

from __future__ import annotations

from ..common.diagnostics import Diagnostics
from ..common.model import Imported
from ..common.names import MAX_RULE_PARTS, canonical_number, number_parts, parent_number, rule_number_problem


MAX_MISSING_LEVELS = 2


def check_rules(imported: Imported, diag: Diagnostics) -> None:
    printed: set[str] = set()
    for section in imported.sections:
        if problem := rule_number_problem(section.number, "section number"):
            diag.error(section.loc, "rule-number", problem)
            continue
        printed.add(canonical_number(section.number))
        for rule in section.rules:
            if problem := rule_number_problem(rule.number):
                code = "rule-depth" if len(number_parts(rule.number)) > MAX_RULE_PARTS else "rule-number"
                diag.error(rule.loc, code, problem)
                continue
            missing = _missing_levels(rule.number, printed)
            if missing > MAX_MISSING_LEVELS:
                diag.error(
                    rule.loc,
                    "rule-depth",
                    f"rule {rule.number[:60]} nests {missing + 1} levels below the nearest rule printed "
                    f"above it: its parent {parent_number(rule.number)} is not printed",
                )
            printed.add(canonical_number(rule.number))


def _missing_levels(number: str, printed: set[str]) -> int:
    """How many ancestors of `number` are missing between it and the nearest
    printed one (the three-digit head counts as printed: a section may be
    untitled and never printed as a line of its own)."""
    missing = 0
    parent = parent_number(number)
    while parent is not None and "." in parent and canonical_number(parent) not in printed:
        missing += 1
        parent = parent_number(parent)
    return missing
