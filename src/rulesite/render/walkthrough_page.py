"""One page per walkthrough: a rule's worked example, step by step, each step
citing the rules that decide it and quoting the words it relies on."""

from __future__ import annotations

from ..common.model import Walkthrough
from .context import Context
from .escape import Md
from .escape import page as whole_page
from .markup import div, heading
from ..site_map.paths import page_of
from .ruling_page import review_box
from ..common.strings import t


def render_walkthrough(walk: Walkthrough, ctx: Context) -> str:
    page = page_of(walk)
    lang = "en"
    out = [
        heading(1, Md.escape(walk.title), id=walk.id),
        "",
        *review_box(walk, ctx),
        Md("{} — {}").format(t(lang, "walkthrough"), ctx.rule_link(walk.game, walk.rule, page)),
        Md("{: .rule-meta }"),
        "",
        ctx.inline(walk.summary, walk.game, page),
        "",
        Md("## {} {{: #steps }}").format(t(lang, "steps")),
        "",
    ]
    for i, step in enumerate(walk.steps, 1):
        out += [div("walk-step", id=f"step-{i}"), ""]
        out += [Md("**{}.** {}").format(i, ctx.inline(step.text, walk.game, page)), ""]
        for cite in step.cites:
            out += [
                Md("{} {}: “{}”").format(ctx.rule_link(walk.game, cite.rule, page), t(lang, "quotes"), cite.quote),
                Md("{: .citation }"),
                "",
            ]
        out += [Md("</div>"), ""]
    document = walk.document.replace("-", " ")
    out += [Md.escape(t(lang, "checked-against", document=document, edition=walk.edition)), Md("{: .source-note }"), ""]
    return whole_page(walk.title, out, walk.summary[:200])
