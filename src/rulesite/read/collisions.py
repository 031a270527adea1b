"""Names that would give two things one page, checked once everything is read.

Each name is valid on its own (`names.py`), but the site builds pages from
several of them side by side, so some names are taken by pages the site makes
itself, and some must be unique across sources. Found here, at read time, as
`path:line: error[name]`, rather than as a MkDocs warning after `docs/` was
written:

- a ruling, walkthrough or guide named `index` would replace the index page of
  its folder (`riftbound/rulings/index.md`);
- a document that holds rules is a folder of the game
  (`riftbound/<document>/424.md`), so it may not be named like the folders
  the site makes for rulings, walkthroughs, FAQ, cards, guides and errata;
- two guides of one language with one id, two cards with one id (their
  anchor on the cards page) and two topics with one id would share a page or
  an anchor.
"""

from __future__ import annotations

from ..common.diagnostics import Diagnostics
from ..common.model import Corpus, Loc

# Pages the site makes inside the folders that ids name pages in.
RESERVED_IDS = {"index"}
# Folders the site makes inside a game's folder.
RESERVED_DOCUMENTS = {"rulings", "walkthroughs", "faq", "cards", "guides", "errata", "topics", "r"}


def check_page_names(corpus: Corpus, diag: Diagnostics) -> None:
    for kind, items in (("ruling", corpus.rulings), ("walkthrough", corpus.walkthroughs), ("guide", corpus.guides)):
        for item in items:
            if item.id in RESERVED_IDS:
                diag.error(item.loc, "name", f"{kind} id {item.id!r} is the name of the site's own index page")
    # An edition lists exactly the sources that gave it sections.
    with_rules = dict.fromkeys(i for eds in corpus.editions.values() for edition in eds for i in edition.source_ids)
    for source_id in with_rules:
        source = corpus.sources.get(source_id)
        if source is not None and source.document in RESERVED_DOCUMENTS:
            diag.error(
                source.loc,
                "name",
                f"document {source.document!r} holds rules, so it would be a folder "
                f"the site already makes for its {source.document} pages",
            )
    _unique(diag, "guide", [((g.id, g.language), g.id, g.loc) for g in corpus.guides])
    _unique(diag, "card", [((c.game, c.id), c.id, c.loc) for c in corpus.cards])
    _unique(diag, "topic", [(t.id, t.id, t.loc) for t in corpus.topics])


def _unique(diag: Diagnostics, kind: str, items: list[tuple[object, str, Loc]]) -> None:
    seen: dict[object, Loc] = {}
    for key, name, loc in items:
        if key in seen:
            diag.error(loc, "name", f"{kind} id {name!r} is already used at {seen[key]}")
        else:
            seen[key] = loc
