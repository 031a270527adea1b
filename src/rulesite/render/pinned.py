"""Links that keep their meaning: a rule's link pinned to its edition.

`r/1.2/411.1.html` names rule 411.1 of v1.2 for good. It is a share page (its
preview shows that edition's text) that forwards to wherever the same rule
lives in the current edition, found on its match chain (resolve/view.py's
successors; the pages' addresses as the published data gives them, site_map/places.py), with
`?was=v1.2:411.1` so the page says "411.1 in v1.2, now 424.1"
(assets/pinned-notice.js). A rule the current edition no longer prints
forwards to its last edition's text, saying when it was removed and which
rule of today is nearest (its closest ancestor that lives on).

The copy button of a rule hands out this pinned link.
"""

from __future__ import annotations

from urllib.parse import urlencode

from .context import Context
from .job_inputs import declare
from ..common.documents import document_name
from ..site_map.paths import SHORT_PREFIX
from ..site_map.places import rule_places
from .share import cited_name, share_page, short_link_drawings, site_name, source_line


def pinned_link(game: str, document: str, edition: str, number: str) -> str:
    """`r/1.4/424.1.html`: the short-link folder, the edition without its "v", the number."""
    prefix = SHORT_PREFIX.get((game, document), f"{game}/{document}/r")
    return f"{prefix}/{edition.removeprefix('v')}/{number}.html"


def pinned_editions(ctx: Context, language: str) -> set[tuple[str, str, str]]:
    """(game, document, edition label) whose rules have pinned links in this language's site."""
    key = ("pinned-editions", language)
    if key not in ctx.cache:
        ctx.cache[key] = _pinned_editions(ctx, language)
    return ctx.cache[key]


def _pinned_editions(ctx: Context, language: str) -> set[tuple[str, str, str]]:
    return {
        (game, document, label)
        for (game, document, lang), found in ctx.chains.items()
        if lang == language
        for label in (e.label for e in found.editions)
    }


def pinned_parts(ctx: Context, language: str) -> list[tuple[tuple[str, str, str], str]]:
    """(document, edition label) of each edition whose rules have pinned links
    in this language's site: a job each (`pinned_pages`), so that a warm build
    makes again only the editions whose pages may differ (render/reuse.py)."""
    return [(key, e.label) for key, found in ctx.chains.items() if key[2] == language for e in found.editions]


def _pinned_reads(prints, ctx: Context, language: str, part: tuple | None = None) -> list:
    """One edition's pinned links: its rules' texts; where every rule of its
    document is shown (the frame: sections' keys, rule numbers); where each
    is today (the document's successors); its chain's labels and the current
    edition's. Every edition's pinned links: every edition's texts."""
    if part is None:
        return [prints.texts]
    document, label = part
    return [
        prints.edition(ctx, document, label),
        prints.successors(ctx, document),
        [e.label for e in ctx.chains[document].editions],
        getattr(ctx.editions.current_of(document), "label", None),
    ]


@declare("pinned", _pinned_reads, named=lambda language, *part: part)
def pinned_pages(ctx: Context, language: str, part: tuple | None = None) -> dict[str, str]:
    """The pinned links of this language's site; of one edition alone when
    `part` is given ((document, edition label): `pinned_parts`)."""
    pages: dict[str, str] = {}
    for key, found in ctx.chains.items():
        game, document, lang = key
        if lang != language or (part is not None and part[0] != key):
            continue
        editions = ctx.corpus.editions[key]
        # Each rule's url and text, as its edition's published file has them.
        rules = _Places(ctx.editions, {e.label: e for e in editions})
        by_label = rules.by_label
        labels = [e.label for e in found.editions]
        now = ctx.editions.current_of(key)
        current = next((label for label in labels if by_label[label] is now), labels[-1])
        # Where each rule is today, along its match chain: resolve's answer (resolve/view.py).
        for (label, number), successor in ctx.editions.successors.get(key, {}).items():
            if part is not None and label != part[1]:
                continue
            rule = rules[label].get(number)
            if rule is None:
                continue
            now = successor.now
            query = {"was": f"{label}:{number}"}
            if now and rules[current].get(now, {}).get("url"):
                target = rules[current][now]["url"]
            else:
                target = rules[successor.last][successor.last_number]["url"]
                query["removed"] = successor.removed_in
                nearest = successor.nearest
                if nearest and rules[current].get(nearest, {}).get("url"):
                    query["next"] = rules[current][nearest]["url"]  # from the site root, with #number
            if not target:
                continue
            # The current edition's rule draws what its short link draws (another job): one drawing.
            drawn = label == current and (number, label, rule["text"]) in short_link_drawings(ctx, game, document, language)
            page, _, anchor = target.partition("#")
            # `target` is from the site root and may name another language's folder: this site's own pages only.
            page = page.removeprefix(f"{language}/") if language != "en" else page
            path = pinned_link(game, document, label, number)
            pages[path] = share_page(
                ctx,
                language,
                path,
                f"{page}?{urlencode(query)}#{anchor}",
                title=f"{number} — {document_name(document)} {label}",
                text=rule["text"],
                # The link names the rule it opens: today's number when it moved.
                label=anchor or number,
                site=site_name(game, document_name(document), label),
                og_title=f"{number} — {cited_name(game, document_name(document), label)}",
                source=source_line(game, document_name(document), label),
                images=pages,
                edition=label,
                drawn_title=number,
                drawn_elsewhere=drawn,
            )
    return pages


class _Places(dict):
    """Edition label -> `rule_places` of that edition, worked out when first asked for."""

    def __init__(self, editions, by_label: dict) -> None:
        super().__init__()
        self.editions, self.by_label = editions, by_label

    def __missing__(self, label: str) -> dict:
        found = self[label] = rule_places(self.editions, self.by_label[label])
        return found
