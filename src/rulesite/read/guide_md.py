"""Explainer articles in Markdown (one file per topic and language).

Headings (`#`..`######`), bullets (`-`/`*`, nesting by indentation) and
paragraphs become blocks of plain text: emphasis and links are taken out as
`read/markup.py` documents, since rendering escapes every character. The
article's id is its file name, so translations of one article share it, and
their pages share one path in every language's site.
"""
from __future__ import annotations

import re
from pathlib import Path

from ..diagnostics import Diagnostics
from ..model import Guide, GuideBlock, Imported, Loc, Source
from ..names import name_problem
from .markup import plain

_HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
_ITEM = re.compile(r"^(\s*)[-*]\s+(.*)$")


def read(source: Source, lines: list[str], diag: Diagnostics) -> Imported:
    blocks: list[GuideBlock] = []
    paragraph: list[str] = []
    start = 0

    def flush() -> None:
        if paragraph:
            blocks.append(GuideBlock("paragraph", plain(" ".join(paragraph)), 0, Loc(source.path, start)))
            paragraph.clear()

    for index, raw in enumerate(lines):
        loc = Loc(source.path, index + 1)
        if not raw.strip():
            flush()
            continue
        if heading := _HEADING.match(raw):
            flush()
            blocks.append(GuideBlock("heading", plain(heading[2]), len(heading[1]), loc))
        elif item := _ITEM.match(raw):
            flush()
            blocks.append(GuideBlock("item", plain(item[2]), len(item[1].expandtabs(4)) // 2, loc))
        elif blocks and blocks[-1].kind == "item" and raw.startswith(" ") and not paragraph:
            blocks[-1].text += " " + plain(raw)  # a wrapped bullet
        else:
            if not paragraph:
                start = index + 1
            paragraph.append(raw.strip())
    flush()
    headings = [b for b in blocks if b.kind == "heading"]
    if not headings:
        diag.error(Loc(source.path, 1), "guide", "an article needs a heading for its title")
        return Imported()
    stem = Path(source.path).stem
    if problem := name_problem(stem, "article name"):  # its page is named by it
        diag.error(Loc(source.path, 1), "name", f"{problem} (from the file name)")
        return Imported()
    guide = Guide(
        id=stem,
        title=headings[0].text,
        game=source.game,
        language=source.language,
        blocks=blocks,
        source_id=source.id,
        loc=headings[0].loc,
    )
    return Imported(guides=[guide])
