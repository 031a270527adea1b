"""Reads the card gallery saved as JSON (format `cards-json`).

The file is `{"count": N, "cards": [...], ...}`; each card is an object with
`id` ("abc-012-300"), `publicCode` ("ABC-012/300"), `name`, `cardTypes`,
`superTypes`, `domains`, `tags`, `set`, `energy`, `might`, `power` and
`abilityText`. Each becomes a `Card`, at the line of its `"id"` in the file.

`abilityText` writes symbols as `:rb_...:` icons; they become the Core Rules
shorthand (v1.4, rules 134.2 and 135.2.e) that rules, FAQ and errata print:
`:rb_energy_2:` "[2]", `:rb_rune_rainbow:` "[A]", `:rb_rune_fury:` "[R]",
`:rb_might:` "[M]", `:rb_exhaust:` "[E]". Paragraphs stay one per line ("\\n").

Errors (the card is not imported): a field of the wrong type, a missing name
or id, an id used twice. Warnings: an unknown icon (kept as printed), a field
this importer does not know (not imported), `count` differing from the cards read.
Image data, rarity and collector numbers are known and deliberately not read.
"""

from __future__ import annotations

import re

from ..common.diagnostics import Diagnostics
from ..common.model import Card, Imported, Loc, Source
from ..common.normalize import normalize_text
from ..common.names import name_problem
from .markup import item_lines, load_json

FORMAT = "cards-json"
ICONS = {
    "rb_rune_rainbow": "[A]",
    "rb_rune_fury": "[R]",
    "rb_rune_calm": "[G]",
    "rb_rune_mind": "[B]",
    "rb_rune_body": "[O]",
    "rb_rune_chaos": "[P]",
    "rb_rune_order": "[Y]",
    "rb_might": "[M]",
    "rb_exhaust": "[E]",
}
_ICON = re.compile(r":(rb_[a-z0-9_]+):")
_ENERGY = re.compile(r"rb_energy_([0-9]+)")
TEXT_FIELDS = ("id", "publicCode", "name", "set", "energy", "might", "power", "abilityText")
LIST_FIELDS = ("cardTypes", "superTypes", "domains", "tags")
# Known and deliberately not imported.
IGNORED_FIELDS = {"collectorNumber", "setId", "rarity", "orientation", "imageUrl", "imageAlt"}


def read(source: Source, lines: list[str], diag: Diagnostics) -> Imported:
    data = load_json(source, lines, diag)
    if data is None:
        return Imported()
    cards_data = data.get("cards") if isinstance(data, dict) else None
    if not isinstance(cards_data, list):
        diag.error(Loc(source.path, 1), "cards-json", "expected an object with a list under 'cards'")
        return Imported()
    card_lines = item_lines(lines, 2, "id", len(cards_data))
    cards: list[Card] = []
    seen: dict[str, Loc] = {}
    unknown: dict[str, tuple[Loc, str]] = {}
    icons: dict[str, tuple[Loc, str]] = {}
    for index, item in enumerate(cards_data):
        loc = Loc(source.path, card_lines[index])
        card = _card(source, item, f"/cards/{index}", loc, unknown, icons, diag)
        if card is None:
            continue
        if card.id in seen:
            diag.error(loc, "cards-json", f"/cards/{index}/id: card id {card.id!r} is already used at {seen[card.id]}")
            continue
        seen[card.id] = loc
        cards.append(card)
    for key, (loc, pointer) in sorted(unknown.items()):
        diag.warning(loc, "unplaced", f"{pointer}: card field {key!r} is not known: not imported (first of its kind)")
    for icon, (loc, pointer) in sorted(icons.items()):
        diag.warning(loc, "unknown-icon", f"{pointer}: icon ':{icon}:' has no Core Rules shorthand: kept as printed")
    declared = data.get("count")
    if isinstance(declared, int) and declared != len(cards_data):
        diag.warning(Loc(source.path, 1), "cards-json", f"/count says {declared} cards, the list holds {len(cards_data)}")
    return Imported(cards=cards)


def _card(source, item, pointer, loc, unknown, icons, diag) -> Card | None:
    if not isinstance(item, dict):
        diag.error(loc, "cards-json", f"{pointer}: a card must be an object")
        return None
    problems = []
    for key in TEXT_FIELDS:
        if key in item and not isinstance(item[key], str):
            problems.append(f"{pointer}/{key} must be text, not {type(item[key]).__name__}")
    for key in LIST_FIELDS:
        value = item.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            problems.append(f"{pointer}/{key} must be a list of texts")
    for key in ("id", "name"):
        if not isinstance(item.get(key), str) or not item[key].strip():
            problems.append(f"{pointer}/{key} is missing or empty")
    for problem in dict.fromkeys(problems):
        diag.error(loc, "cards-json", problem)
    if problems:
        return None
    # The id is the card's anchor on its page.
    if problem := name_problem(item["id"], f"{pointer}/id"):
        diag.error(loc, "name", problem)
        return None
    for key in item:
        if key not in TEXT_FIELDS and key not in LIST_FIELDS and key not in IGNORED_FIELDS:
            unknown.setdefault(key, (loc, f"{pointer}/{key}"))

    def icon(match: re.Match) -> str:
        name = match.group(1)
        if energy := _ENERGY.fullmatch(name):
            return f"[{energy.group(1)}]"
        if name in ICONS:
            return ICONS[name]
        icons.setdefault(name, (loc, f"{pointer}/abilityText"))
        return match.group(0)

    raw = item.get("abilityText", "")
    text = "\n".join(line for line in (normalize_text(_ICON.sub(icon, row)) for row in raw.split("\n")) if line)
    return Card(
        id=normalize_text(item["id"]),
        code=normalize_text(item.get("publicCode", "")),
        name=normalize_text(item["name"]),
        types=[normalize_text(t) for t in item.get("cardTypes", [])],
        domains=[normalize_text(d) for d in item.get("domains", [])],
        text=text,
        source_id=source.id,
        loc=loc,
        supertypes=[normalize_text(t) for t in item.get("superTypes", [])],
        tags=[normalize_text(t) for t in item.get("tags", [])],
        set_name=normalize_text(item.get("set", "")),
        energy=normalize_text(item.get("energy", "")),
        might=normalize_text(item.get("might", "")),
        power=normalize_text(item.get("power", "")),
        game=source.game,
    )
