"""One page per walkthrough: a rule's worked example, step by step, each step
citing the rules that decide it and quoting the words it relies on."""
from __future__ import annotations

from ..model import Walkthrough
from .context import Context
from .escape import front_matter, md_text
from .paths import page_of
from .ruling_page import review_box
from .strings import t


def render_walkthrough(walk: Walkthrough, ctx: Context) -> str:
    page = page_of(walk)
    lang = "en"
    out = [
        *front_matter(walk.title, walk.summary[:200]),
        f"# {md_text(walk.title)} {{: #{walk.id} }}",
        "",
        *review_box(walk, ctx),
        f"{t(lang, 'walkthrough')} — {ctx.rule_link(walk.game, walk.rule, page)}",
        "{: .rule-meta }",
        "",
        ctx.inline(walk.summary, walk.game, page),
        "",
        f"## {t(lang, 'steps')} {{: #steps }}",
        "",
    ]
    for i, step in enumerate(walk.steps, 1):
        out += [f'<div class="walk-step" id="step-{i}" markdown>', ""]
        out += [f"**{i}.** {ctx.inline(step.text, walk.game, page)}", ""]
        for cite in step.cites:
            out += [
                f"{ctx.rule_link(walk.game, cite.rule, page)} {t(lang, 'quotes')}: “{md_text(cite.quote)}”",
                "{: .citation }",
                "",
            ]
        out += ["</div>", ""]
    document = walk.document.replace("-", " ")
    out += [md_text(t(lang, "checked-against", document=document, edition=walk.edition)), "{: .source-note }", ""]
    return "\n".join(out)
