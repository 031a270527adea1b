"""Reads the Riftbound FAQ community rulings (format `rulings-mdx`).

The source is a folder of MDX pages (`cards/`, `general-rules/`, `mechanics/`),
read with `read_folder(source, diag)`; `read(source, lines, diag)` reads one page.
A page is YAML front matter between `---` lines, then one ruling per heading:

    ## Can a unit with Y be chosen twice? [#chosen-twice]

Only pages whose front matter has `reviewedCoreRulesVersion` hold rulings;
another page (the folder's `index.mdx`, "About this site") is reported with a
warning and not read. `meta.json` files are navigation only and are skipped.

Ids: the anchor is unique only within its page (12 anchors repeat across pages),
so a ruling's id is `<page file stem>-<anchor>`: `some-card-chosen-twice`.
Stems are unique across the folder and stable, so ids are too.

A ruling's body becomes plain text:

- `<Rule number="355.2" />` becomes "(rule 355.2)", consecutive tags one
  "(rules 350.1, 419.4.a)", placed before the punctuation the tag follows, so the
  reference finder links it; every number is kept, in order, in `rule_citations`;
- `<Card name="X" />` becomes "X", and the name is recorded in `cards` (on a page
  under `cards/`, the page's own card comes first);
- symbol components become Core Rules shorthand (`<Energy value={1} />` "[1]",
  `<Universal />` "[A]", `<Order />` "[Y]" ...); keyword components become the
  keyword ("Deathknell", `<QuickDraw />` "Quick-Draw", `<Assault value={2} />` "Assault 2");
- Markdown emphasis keeps its words; links keep their text (external ones their address).

Structure: paragraphs go to `answer`, in order, joined into one line; a
`### Heading` above prose starts its text with "Heading: ". The ruling's one
numbered list becomes `steps` when it stands alone or under a `### ... Sequence`
heading; its one bulleted list becomes `nuances`; every `<Callout>` becomes a
nuance "Title: text". Any other list is kept in the answer as "1. ... 2. ..." or
"- ... - ...". Nothing is dropped: what cannot be placed is reported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..common.diagnostics import Diagnostics
from ..common.model import Imported, Loc, Ruling, Source
from ..common.names import KEBAB, edition_problem, name_problem
from ..common.normalize import normalize_text
from .common import RB_NUMBER, slugify
from .files import folder_files, is_folder, read_text, split_lines
from .markup import plain_links, strip_emphasis
from .yamlfile import parse_yaml

FORMAT = "rulings-mdx"
ATTRIBUTION = "Riftbound FAQ, Christian Ivicevic"
LICENCE = "CC BY-SA 4.0"
NAVIGATION_FILES = {"meta.json"}  # folder navigation for the upstream site: nothing to read
CARD_FOLDER = "cards"
# Front matter read (`title`, `reviewedCoreRulesVersion`, `createdAt`) or known and not carried.
FRONT_MATTER_KEYS = {
    "title",
    "reviewedCoreRulesVersion",
    "createdAt",
    "galleryLink",
    "authors",
    "rulingRelations",
    "description",
    "icon",
}

# Core Rules shorthand (v1.4, rules 134.2 and 135.2.e) for symbol components.
SYMBOLS = {
    "Universal": "[A]",
    "Fury": "[R]",
    "Calm": "[G]",
    "Mind": "[B]",
    "Body": "[O]",
    "Chaos": "[P]",
    "Order": "[Y]",
    "Exhaust": "[E]",
    "Might": "[M]",
}
# Keyword components, printed as the Core Rules name them (section 800 and terms).
KEYWORDS = {
    name: name
    for name in (
        "Accelerate",
        "Action",
        "Assault",
        "Deathknell",
        "Deflect",
        "Ganking",
        "Hidden",
        "Legion",
        "Reaction",
        "Shield",
        "Tank",
        "Temporary",
        "Vision",
        "Equip",
        "Repeat",
        "Weaponmaster",
        "Ambush",
        "Hunt",
        "Level",
        "Unique",
        "Backline",
        "Empower",
        "Empowered",
        "Flow",
        "Mighty",
        "Stun",
        "Burn",
        "Predict",
        "Buff",
        "Add",
    )
} | {"QuickDraw": "Quick-Draw"}

_HEADING = re.compile(r"^(?P<marks>#{1,6})\s+(?P<title>.*?)\s*(?:\[#(?P<anchor>[^\]]*)\])?\s*$")
_OL = re.compile(r"^(?P<n>[0-9]{1,3})\.\s+(?P<text>.*)$")
_UL = re.compile(r"^[-*+]\s+(?P<text>.*)$")
_CALLOUT_OPEN = re.compile(r"^<Callout\b(?P<attrs>[^>]*)>\s*$")
_CALLOUT_CLOSE = re.compile(r"^</Callout>\s*$")
_COMPONENT = re.compile(r'<(?P<name>[A-Z][A-Za-z]*)(?P<attrs>(?:\s+[A-Za-z]+=(?:"[^"]*"|\{[^}]*\}))*)\s*/>')
_ATTR = re.compile(r'([A-Za-z]+)=(?:"([^"]*)"|\{([^}]*)\})')
_LEFTOVER_TAG = re.compile(r"</?[A-Za-z][^>]*>")
_RULE_NUMBER = re.compile(RB_NUMBER)
_KEBAB = KEBAB


@dataclass
class _Block:
    kind: str  # "para" | "ol" | "ul" | "callout" | "heading"
    line: int
    parts: list[str] = field(default_factory=list)  # para: converted lines
    items: list[tuple[int, int, list[str]]] = field(default_factory=list)  # lists: (line, number, lines)
    title: str = ""  # heading text, or callout title
    children: list[_Block] = field(default_factory=list)  # callout content


@dataclass
class _Collect:
    """What inline conversion found in one ruling."""

    path: str
    diag: Diagnostics
    rules: list[str] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)


# --- entry points ----------------------------------------------------------------


def read_folder(source: Source, diag: Diagnostics) -> Imported:
    """Every page of the folder `source.file` (or `source.path`), in path order."""
    folder = Path(source.file or source.path)
    if not is_folder(folder):
        diag.error(source.loc, "unreadable", f"{FORMAT} expects a folder of .mdx pages, not {source.path}")
        return Imported()
    rulings: list[Ruling] = []
    for file in folder_files(folder, source.path, diag, source.root or None) or []:
        rel = file.relative_to(folder).as_posix()
        shown = f"{source.path.rstrip('/')}/{rel}"
        if file.name in NAVIGATION_FILES:
            continue
        if file.suffix != ".mdx":
            diag.warning(Loc(shown, 1), "unplaced", "not an .mdx page: not read")
            continue
        # Inside the source's own folder: a symlink out of it is refused.
        text = read_text(file, shown, diag, folder)
        if text is None:
            continue
        rulings += read_page(source, rel, shown, split_lines(text), diag)
    _unique_ids(rulings, diag)
    return Imported(rulings=rulings)


def read(source: Source, lines: list[str], diag: Diagnostics) -> Imported:
    """One page given as a source of its own (its file stem prefixes the ids)."""
    rel = Path(source.file or source.path).name
    rulings = read_page(source, rel, source.path, lines, diag)
    _unique_ids(rulings, diag)
    return Imported(rulings=rulings)


def read_page(source: Source, rel: str, shown: str, lines: list[str], diag: Diagnostics) -> list[Ruling]:
    """The rulings of one page; `rel` is its path in the folder (`cards/flash.mdx`)."""
    front, body_start = _front_matter(lines, shown, diag)
    if front is None:
        return []
    headings = [i for i in range(body_start, len(lines)) if lines[i].startswith("## ")]
    version = front.get("reviewedCoreRulesVersion")
    if version is None:
        diag.warning(
            Loc(shown, 1),
            "not-rulings",
            f"no reviewedCoreRulesVersion in the front matter: not a rulings page, "
            f"its {len(headings)} '##' sections are not imported",
        )
        return []
    for key in sorted(set(map(str, front)) - FRONT_MATTER_KEYS):
        line = next((i + 1 for i in range(1, body_start) if lines[i].startswith(f"{key}:")), 1)
        diag.warning(Loc(shown, line), "unplaced", f"front matter field {key!r} is not known: not imported")
    created = front.get("createdAt", "")
    if created and (problem := edition_problem(created, "createdAt") if created != "undated" else "createdAt is no date"):
        line = next((i + 1 for i in range(1, body_start) if lines[i].startswith("createdAt:")), 1)
        diag.warning(Loc(shown, line), "ruling-date", f"{problem}: the page's rulings are left undated")
        created = ""
    stem = Path(rel).stem
    page_card = normalize_text(str(front.get("title", ""))) if Path(rel).parts[0] == CARD_FOLDER else ""
    first = headings[0] if headings else len(lines)
    _report_stray(lines[body_start:first], body_start, shown, "text before the first '##' question", diag)
    if not headings:
        diag.error(Loc(shown, body_start + 1), "ruling-syntax", "page holds no '## Question? [#anchor]' heading")
    rulings: list[Ruling] = []
    page = _RulingsPage(source, shown, stem, page_card, str(version), diag)
    for n, start in enumerate(headings):
        end = headings[n + 1] if n + 1 < len(headings) else len(lines)
        ruling = _ruling(page, start, lines[start:end])
        if ruling:
            ruling.date = created
            rulings.append(ruling)
    return rulings


# --- front matter ------------------------------------------------------------------


def _front_matter(lines: list[str], shown: str, diag: Diagnostics) -> tuple[dict | None, int]:
    if not lines or lines[0].strip() != "---":
        diag.error(Loc(shown, 1), "front-matter", "a page must start with '---' and YAML front matter")
        return None, 0
    end = next((i for i in range(1, len(lines)) if lines[i].strip() == "---"), None)
    if end is None:
        diag.error(Loc(shown, 1), "front-matter", "front matter has no closing '---'")
        return None, 0
    before = len(diag.errors)
    data = parse_yaml("\n".join(lines[1:end]), shown, diag, first_line=2, code="front-matter")
    if len(diag.errors) > before:
        return None, 0
    data = {} if data is None else data
    if not isinstance(data, dict):
        diag.error(Loc(shown, 2), "front-matter", "front matter must be a mapping of fields")
        return None, 0
    return data, end + 1


# --- one ruling -------------------------------------------------------------------


@dataclass
class _RulingsPage:
    """What every ruling of one page shares."""

    source: Source
    shown: str  # the page's path, as problems name it
    stem: str  # its file name, which makes its rulings' ids
    card: str  # the card a card's page is about ("": none)
    version: str  # the Core Rules version its rulings were reviewed against
    diag: Diagnostics
    anchors: dict[str, int] = field(default_factory=dict)  # each anchor given so far -> its line


def _ruling(page: _RulingsPage, start: int, rows: list[str]) -> Ruling | None:
    """The ruling under the '##' heading at line `start` (0-based) of its page, `rows` its lines."""
    diag, anchors = page.diag, page.anchors
    loc = Loc(page.shown, start + 1)
    head = _HEADING.match(rows[0].strip())
    collect = _Collect(page.shown, diag)
    question = _finish(_inline(head["title"], start + 1, collect)) if head else ""
    anchor = (head["anchor"] or "").strip() if head else ""
    if not question:
        diag.error(loc, "ruling-syntax", "'##' heading has no question")
        return None
    if not anchor:
        anchor = slugify(question)
        diag.error(loc, "ruling-anchor", f"heading has no '[#anchor]' for a stable id; using {anchor!r}")
    elif not _KEBAB.fullmatch(anchor) or name_problem(f"{page.stem}-{anchor}"):
        diag.error(
            loc, "ruling-anchor", f"anchor {anchor[:60]!r} is not kebab-case (a-z, 0-9, single hyphens) or makes too long an id"
        )
    if problem := name_problem(page.stem, "page name"):
        diag.error(loc, "name", f"{problem} (the page's file name makes its rulings' ids)")
    if anchor in anchors:
        diag.error(loc, "ruling-anchor", f"anchor {anchor!r} is used twice on this page (first at line {anchors[anchor]})")
        n = 2
        while f"{anchor}-{n}" in anchors:
            n += 1
        anchor = f"{anchor}-{n}"
    anchors[anchor] = start + 1
    numbered = [(start + 1 + i, line) for i, line in enumerate(rows)][1:]
    blocks = _blocks(numbered, collect)
    answer, steps, nuances = _place(blocks, collect)
    if not (answer or steps or nuances):
        diag.error(loc, "ruling-syntax", f"ruling {anchor!r} has no text under its question")
        return None
    if not answer:
        diag.warning(loc, "ruling-syntax", f"ruling {anchor!r} has no prose answer, only lists or callouts")
    cards = list(dict.fromkeys(([page.card] if page.card else []) + collect.cards))
    return Ruling(
        id=f"{page.stem}-{anchor}",
        title=question,
        answer=answer,
        steps=steps,
        nuances=nuances,
        game=page.source.game,
        source_id=page.source.id,
        loc=loc,
        question=question,
        cards=cards,
        reviewed_version=page.version,
        licence=LICENCE,
        attribution=ATTRIBUTION,
        rule_citations=collect.rules,
    )


def _blocks(rows: list[tuple[int, str]], collect: _Collect) -> list[_Block]:
    """Paragraphs, lists, callouts and headings, with the lines they start on."""
    blocks: list[_Block] = []
    i = 0
    while i < len(rows):
        number, raw = rows[i]
        text = raw.strip()
        if not text:
            i += 1
            continue
        if match := _CALLOUT_OPEN.match(text):
            close, depth = None, 0
            for j in range(i + 1, len(rows)):
                inner = rows[j][1].strip()
                if _CALLOUT_OPEN.match(inner):
                    depth += 1
                elif _CALLOUT_CLOSE.match(inner):
                    if depth == 0:
                        close = j
                        break
                    depth -= 1
            if close is None:
                collect.diag.error(
                    Loc(collect.path, number), "ruling-syntax", "<Callout> is not closed by </Callout> before the next question"
                )
                close = len(rows)
            attrs = {k: v or w for k, v, w in _ATTR.findall(match["attrs"])}
            title = _finish(_inline(attrs.get("title", ""), number, collect))
            blocks.append(_Block("callout", number, title=title, children=_blocks(rows[i + 1 : close], collect)))
            i = close + 1
            continue
        if _CALLOUT_CLOSE.match(text):
            collect.diag.error(Loc(collect.path, number), "ruling-syntax", "</Callout> without an opening <Callout>")
            i += 1
            continue
        if match := _HEADING.match(text):
            title = _finish(_inline(match["title"], number, collect))
            if len(match["marks"]) < 3:
                collect.diag.error(
                    Loc(collect.path, number), "ruling-syntax", f"unexpected heading level inside a ruling: {text[:60]!r}"
                )
            blocks.append(_Block("heading", number, title=title))
            i += 1
            continue
        if _OL.match(text) or _UL.match(text):
            i = _list(rows, i, blocks, collect)
            continue
        block = _Block("para", number)
        while i < len(rows) and (text := rows[i][1].strip()) and not _starts_block(text):
            block.parts.append(_inline(text, rows[i][0], collect))
            i += 1
        blocks.append(block)
    return blocks


def _starts_block(text: str) -> bool:
    return bool(
        _CALLOUT_OPEN.match(text) or _CALLOUT_CLOSE.match(text) or _HEADING.match(text) or _OL.match(text) or _UL.match(text)
    )


def _list(rows, i, blocks, collect) -> int:
    """Reads one list from rows[i]; lines that start no block continue the item above."""
    ordered = bool(_OL.match(rows[i][1].strip()))
    item_re = _OL if ordered else _UL
    block = _Block("ol" if ordered else "ul", rows[i][0])
    while i < len(rows):
        number, raw = rows[i]
        text = raw.strip()
        if not text:
            k = i + 1
            while k < len(rows) and not rows[k][1].strip():
                k += 1
            if k < len(rows) and item_re.match(rows[k][1].strip()):
                i = k  # a loose list: the next item follows a blank line
                continue
            break
        if match := item_re.match(text):
            value = int(match["n"]) if ordered else 0
            block.items.append((number, value, [_inline(match["text"], number, collect)]))
        elif _starts_block(text):
            break
        else:
            block.items[-1][2].append(_inline(text, number, collect))
        i += 1
    if ordered:
        values = [value for _, value, _ in block.items]
        if values != list(range(values[0], values[0] + len(values))):
            collect.diag.warning(
                Loc(collect.path, block.line), "list-numbering", f"numbered list counts {values}: steps are kept in printed order"
            )
    blocks.append(block)
    return i


def _place(blocks: list[_Block], collect: _Collect) -> tuple[str, list[str], list[str]]:
    """answer, steps, nuances from the blocks of one ruling (see the module docstring)."""
    ordered = [b for b in blocks if b.kind == "ol"]
    bulleted = [b for b in blocks if b.kind == "ul"]
    heading_of = {}  # block -> the heading right above it, which labels its text
    section_of = {}  # block -> the last heading above it
    section = None
    for prev, block in zip([None, *blocks], blocks):
        if prev is not None and prev.kind == "heading":
            heading_of[id(block)] = prev
        section_of[id(block)] = section
        if block.kind == "heading":
            section = block
    steps_list = None
    if len(ordered) == 1:
        head = section_of[id(ordered[0])]
        if head is None or "sequence" in head.title.lower():
            steps_list = ordered[0]
    nuance_list = bulleted[0] if len(bulleted) == 1 else None
    answer: list[str] = []
    steps: list[str] = []
    nuances: list[str] = []
    for n, block in enumerate(blocks):
        if block.kind == "heading":
            if n + 1 == len(blocks) or blocks[n + 1].kind == "heading":
                collect.diag.warning(
                    Loc(collect.path, block.line), "unplaced", f"heading {block.title!r} has nothing under it: not imported"
                )
            continue
        head = heading_of.get(id(block))
        label = head.title if head else ""
        if block is steps_list:
            steps = [_finish(" ".join(parts)) for _, _, parts in block.items]
        elif block is nuance_list:
            if label:
                answer.append(_labelled(label, ""))
            nuances += [_finish(" ".join(parts)) for _, _, parts in block.items]
        elif block.kind == "callout":
            nuances.append(_labelled(" — ".join(t for t in (label, block.title) if t), _flat(block.children)))
        else:
            answer.append(_labelled(label, _flat([block])))
    return normalize_text(" ".join(answer)), steps, nuances


def _flat(blocks: list[_Block]) -> str:
    """Blocks as one line: lists as "1. a 2. b" or "- a - b", headings as "Title:"."""
    out = []
    for block in blocks:
        if block.kind == "para":
            out.append(_finish(" ".join(block.parts)))
        elif block.kind in ("ol", "ul"):
            for _, value, parts in block.items:
                mark = f"{value}." if block.kind == "ol" else "-"
                out.append(f"{mark} {_finish(' '.join(parts))}")
        elif block.kind == "heading":
            out.append(_labelled(block.title, ""))
        else:  # a callout inside a callout
            out.append(_labelled(block.title, _flat(block.children)))
    return normalize_text(" ".join(out))


def _labelled(label: str, text: str) -> str:
    if not label:
        return text
    sep = " " if label[-1] in ".:?!" else ": "
    return normalize_text(f"{label}{sep}{text}") if text else (label if label[-1] in ".:?!" else f"{label}:")


def _report_stray(rows: list[str], offset: int, shown: str, what: str, diag: Diagnostics) -> None:
    for i, line in enumerate(rows):
        if line.strip():
            diag.warning(Loc(shown, offset + i + 1), "unplaced", f"{what} is not imported: {line.strip()[:60]!r}")
            return


# --- inline text --------------------------------------------------------------------


def _inline(raw: str, line: int, collect: _Collect) -> str:
    """One source line with links and components as plain text (emphasis stays for
    `_finish`, which may see it span lines)."""
    text = plain_links(raw)
    out: list[str] = []
    pending: list[str] = []  # numbers of consecutive <Rule> tags, only spaces between
    position = 0

    def put(piece: str) -> None:
        if pending:
            _cite(out, pending)
            pending.clear()
            if piece[:1].isalnum():
                piece = " " + piece
        out.append(piece)

    for match in _COMPONENT.finditer(text):
        between = text[position : match.start()]
        position = match.end()
        name = match["name"]
        attrs = {k: v or w for k, v, w in _ATTR.findall(match["attrs"])}
        if name != "Rule":
            put(between)
            put(_component(name, attrs, match.group(0), line, collect))
            continue
        number = attrs.get("number", "").strip()
        if not _RULE_NUMBER.fullmatch(number):
            collect.diag.error(
                Loc(collect.path, line), "rule-citation", f'<Rule> needs number="NNN.N...", found {match.group(0)!r}'
            )
            put(between)
            continue
        if not (pending and not between.strip()):
            put(between)
        pending.append(number)
        collect.rules.append(number)
    put(text[position:])
    result = "".join(out)
    if leftover := _LEFTOVER_TAG.search(result):
        collect.diag.warning(
            Loc(collect.path, line), "unknown-markup", f"markup {leftover.group(0)[:40]!r} is kept as plain text"
        )
    return result


def _cite(out: list[str], numbers: list[str]) -> None:
    """Appends "(rule N)" to the text so far, before the punctuation that ends it."""
    words = f"rule {numbers[0]}" if len(numbers) == 1 else "rules " + ", ".join(numbers)
    text = "".join(out)
    out.clear()
    stripped = text.rstrip()
    if stripped and stripped[-1] in ".,;:" and not stripped.endswith(".."):
        out.append(f"{stripped[:-1]} ({words}){stripped[-1]}{text[len(stripped) :]}")
    elif not stripped:
        out.append(f"{text}({words})")
    else:
        out.append(f"{stripped} ({words}){text[len(stripped) :]}")


def _component(name: str, attrs: dict, raw: str, line: int, collect: _Collect) -> str:
    value = attrs.get("value", "").strip()
    if name == "Card":
        card = normalize_text(attrs.get("name", ""))
        if not card:
            collect.diag.error(Loc(collect.path, line), "card-name", f'<Card> needs name="...", found {raw!r}')
            return ""
        collect.cards.append(card)
        return card
    if name == "Energy":
        if not value:
            collect.diag.error(Loc(collect.path, line), "unknown-component", f"<Energy> needs value={{N}}, found {raw!r}")
        return f"[{value or '?'}]"
    if name in SYMBOLS:
        return SYMBOLS[name]
    if name in KEYWORDS:
        return f"{KEYWORDS[name]} {value}" if value else KEYWORDS[name]
    words = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name)
    collect.diag.warning(Loc(collect.path, line), "unknown-component", f"component {raw[:50]!r} is not known: shown as {words!r}")
    return f"{words} {value}" if value else words


def _finish(text: str) -> str:
    return normalize_text(strip_emphasis(text))


def _unique_ids(rulings: list[Ruling], diag: Diagnostics) -> None:
    seen: dict[str, Loc] = {}
    for ruling in rulings:
        if ruling.id in seen:
            diag.error(ruling.loc, "ruling-id", f"id {ruling.id!r} is already used at {seen[ruling.id]}")
            n = 2
            while f"{ruling.id}-{n}" in seen:
                n += 1
            ruling.id = f"{ruling.id}-{n}"
        seen[ruling.id] = ruling.loc
