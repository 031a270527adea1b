"""A small document with four whole editions, written for the tests of diffs
between editions: rules reworded, added, removed and renumbered (a rule
inserted at the top of section 101 in v1.2 shifts the others), so that the
pair v1.0 -> v1.2 is neither neighbours nor against the current edition and
the site leaves it to the browser."""

from __future__ import annotations

from pathlib import Path

EDITIONS = {
    ("1.0", "2025-01-01"): [
        "101.1. A unit has might.",
        "101.2. A unit can move.",
        "102.1. Players draw a card at the start of each turn.",
        "102.2. Players may mulligan once at the start of the game.",
        "103.1. Spells cost energy.",
    ],
    ("1.1", "2025-02-01"): [
        "101.1. A unit has might.",
        "101.2. A unit can move to a battlefield.",
        "102.1. Players draw a card at the start of each turn.",
        "102.2. Players score points by holding battlefields.",
        "103.1. Spells cost energy.",
    ],
    ("1.2", "2025-03-01"): [
        "101.1. Units are game objects that fight.",
        "101.2. A unit has might.",
        "101.3. A unit can move to a battlefield, then to another one.",
        "102.1. Players draw a card at the start of each turn.",
        "102.2. Players score points by holding battlefields.",
        "103.1. Spells cost energy and sometimes power.",
    ],
    ("1.3", "2025-04-01"): [
        "101.1. Units are game objects that fight.",
        "101.2. A unit has might.",
        "101.3. A unit can move to a battlefield, then to another one.",
        "102.1. Players draw two cards at the start of each turn.",
        "102.2. Players score points by holding battlefields.",
        "103.1. Spells cost energy and sometimes power.",
        "104.1. Gear attaches to units.",
    ],
}


def write_four_editions(root: Path) -> Path:
    """root/rules_src with a manifest listing the four editions; returns that folder."""
    sources = root / "rules_src"
    (sources / "riftbound").mkdir(parents=True)
    entries = []
    for (version, date), lines in EDITIONS.items():
        name = f"riftbound/core-v{version}.txt"
        (sources / name).write_text(f"Last Updated: {date}\n" + "\n".join(lines) + "\n", encoding="utf-8")
        entries.append(
            f"  - id: core-v{version}\n    path: {name}\n    game: riftbound\n    document: core-rules\n"
            f'    language: en\n    edition: {date}\n    version: "{version}"\n    format: rules-text\n'
            f'    title: "Core Rules {version}"\n'
        )
    (sources / "manifest.yml").write_text("sources:\n" + "\n".join(entries), encoding="utf-8")
    return sources
