"""Explainer articles in Markdown (one file per topic and language).

Headings (`#`..`######`), bullets (`-`/`*`, nesting by indentation) and
paragraphs become blocks of plain text: emphasis and links are taken out as
`read/markup.py` documents, since rendering escapes every character. A
bullet's depth counts from its list's own indentation (`  - item` right under
a paragraph is a top-level bullet, which Markdown would otherwise show as
code), and a `<br/>` ends a paragraph line instead of showing as markup. The
article's id is its file name, so translations of one article share it, and
their pages share one path in every language's site.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..common.diagnostics import Diagnostics
from ..common.model import Guide, GuideBlock, Imported, Loc, Source
from ..common.names import name_problem
from .markup import plain, strip_emphasis

_HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
_ITEM = re.compile(r"^(\s*)[-*]\s+(.*)$")
_BREAK = re.compile(r"\s*<br\s*/?>\s*", re.IGNORECASE)  # a line break the article asks for


def read(source: Source, lines: list[str], diag: Diagnostics) -> Imported:
    blocks: list[GuideBlock] = []
    paragraph: list[str] = []
    start = 0

    list_indent: list[int] = []  # indentations of the open bullet list, outermost first

    def flush() -> None:
        if paragraph:
            # Emphasis may span the lines a `<br/>` breaks ("*106.2.d Base<br/> ... 736. Ganking*"):
            # taken out over the whole paragraph, then each broken line is a paragraph.
            for part in _BREAK.split(strip_emphasis(" ".join(paragraph))):
                if part.strip():
                    blocks.append(GuideBlock("paragraph", plain(part), 0, Loc(source.path, start)))
            paragraph.clear()

    def item_level(indent: int) -> int:
        """A bullet's depth in its list, whatever the list's own indentation
        (`  - item` under a paragraph is a top-level bullet, not code)."""
        while list_indent and indent < list_indent[-1]:
            list_indent.pop()
        if not list_indent or indent > list_indent[-1]:
            list_indent.append(indent)
        return len(list_indent) - 1

    for index, raw in enumerate(lines):
        loc = Loc(source.path, index + 1)
        if not raw.strip():
            flush()
            continue
        if heading := _HEADING.match(raw):
            flush()
            list_indent.clear()
            blocks.append(GuideBlock("heading", plain(_BREAK.sub(" ", heading[2])), len(heading[1]), loc))
        elif item := _ITEM.match(raw):
            flush()
            level = item_level(len(item[1].expandtabs(4)))
            blocks.append(GuideBlock("item", plain(_BREAK.sub(" ", item[2])), level, loc))
        elif blocks and blocks[-1].kind == "item" and raw.startswith(" ") and not paragraph:
            blocks[-1].text += " " + plain(_BREAK.sub(" ", raw))  # a wrapped bullet
        else:
            list_indent.clear()
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
