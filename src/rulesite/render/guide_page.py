"""Explainer articles: one page per article and language, at the same path in
every language's site. Headings are anchored by position (`#h-2` is the second
heading in every translation), so switching language keeps the reader's place."""

from __future__ import annotations

from ..common.model import Guide
from .context import Context
from .escape import Md
from .escape import page as whole_page
from .markup import heading
from ..site_map.paths import guide_page, guides_index
from ..common.strings import t


def render_guide(guide: Guide, ctx: Context) -> str:
    page = guide_page(guide.game, guide.id)
    out = []
    headings = 0
    base = None  # the level of the first bullet of the current list
    for block in guide.blocks:
        text = ctx.inline(block.text, guide.game, page)
        base = (block.level if base is None else min(base, block.level)) if block.kind == "item" else None
        if block.kind == "heading":
            headings += 1
            level = 1 if headings == 1 else max(2, min(block.level, 4))
            out += [heading(level, text, id=f"h-{headings}"), ""]
        elif block.kind == "item":
            # Indented from the list's own first bullet: a list that the source
            # indents by two spaces is still a list, not a code block.
            out.append(Md("    ") * (block.level - base) + Md("- ") + text)
        else:
            out += ["", text, ""]
    source = ctx.corpus.sources[guide.source_id]
    out += [
        "",
        Md("{}: {}").format(t(guide.language, "source"), ctx.source_line(source, guide.language)),
        Md("{: .source-note }"),
        "",
    ]
    return whole_page(guide.title, out)


def render_guides_index(ctx: Context, game: str) -> str:
    page = guides_index(game)
    out = [Md("# {} {{: #guides }}").format(t(ctx.language, "guides")), ""]
    seen = {}
    for guide in ctx.corpus.guides:
        if guide.game == game and (guide.id not in seen or guide.language == ctx.language):
            seen[guide.id] = guide
    for guide in seen.values():
        out.append(Md("- ") + ctx.link(page, guide_page(game, guide.id), "", guide.language, guide.title))
    return whole_page(t(ctx.language, "guides"), [*out, ""])
