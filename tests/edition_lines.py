"""The per-edition count lines the build prints, and rule entries counted in
built HTML by a regular expression of the tests' own."""

from __future__ import annotations

import re
from pathlib import Path

# "edition  riftbound/core-rules (en) v1.4: 409 sections, 2381 numbered rules (366 headings, 2015 rules), 640 examples"
_LINE = re.compile(
    r"^(?P<kind>edition|built)\s+(?P<name>\S+ \(\w+\) \S+): (?P<sections>\d+) sections, (?P<numbered>\d+) numbered rules "
    r"\((?P<headings>\d+) headings, (?P<rules>\d+) rules\), (?P<examples>\d+) examples$",
    re.MULTILINE,
)
_RULE_ENTRY = re.compile(r'<div class="rule depth-\d+[^"]*" data-rule="([^"]+)"')


def printed_counts(stdout: str) -> dict[str, dict[str, dict[str, int]]]:
    out: dict[str, dict[str, dict[str, int]]] = {"edition": {}, "built": {}}
    for m in _LINE.finditer(stdout):
        out[m["kind"]][m["name"]] = {k: int(m[k]) for k in ("sections", "numbered", "headings", "rules", "examples")}
    return out


def rule_entries(pages: list[Path]) -> list[str]:
    return [n for page in pages for n in _RULE_ENTRY.findall(page.read_text(encoding="utf-8"))]
