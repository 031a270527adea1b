"""What is new: every dated item the site shows, newest first, one list.

The change feed (render/feed.py) is made of this list alone, so a new kind of
dated item joins it by adding its own function to `dated_items`. Each item
names its date, its kind, a stable key (the feed's entry id is made of it)
and the model object it stands for; where it is on the site is the site
map's answer, and its words are render's.

- `edition`: a whole dated edition of a rules document, with the whole
  edition before it when the site compares the two (its diff page);
- `faq`: an official FAQ or clarifications document (an article of a
  `faq-json` source), dated by its publication, with the item its page opens
  with (resolve/official.py);
- `ruling`: a community ruling its source dates;
- `erratum`: an erratum, dated by its article.

Items without a date are not listed: the feed says what is new, and when.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..common.model import Corpus, Edition, Erratum, Ruling
from ..common.names import edition_problem
from .official import Standing, official_documents


@dataclass(frozen=True)
class Dated:
    date: str  # YYYY-MM-DD
    kind: str  # "edition", "faq", "ruling", "erratum"
    key: str  # stable across builds: what the item is, never where it is shown
    item: Edition | Standing | Ruling | Erratum
    previous: Edition | None = None  # an edition's: the one its diff page compares it with


def dated_items(corpus: Corpus, diffs: list) -> tuple[Dated, ...]:
    """Every dated item, newest first (then by kind and key: the same order each build)."""
    items = [*_editions(corpus, diffs), *_faq_documents(corpus), *_rulings(corpus), *_errata(corpus)]
    items = [item for item in items if _is_day(item.date)]
    seen: dict[str, int] = {}
    for n, item in enumerate(items):  # two items the same in every way the key says: each its own entry
        seen[item.key] = seen.get(item.key, 0) + 1
        if seen[item.key] > 1:
            items[n] = replace(item, key=f"{item.key}#{seen[item.key]}")
    return tuple(sorted(items, key=lambda d: (d.date, d.kind, d.key), reverse=True))


def newest_source(corpus: Corpus) -> str:
    """The newest date a source is of (YYYY-MM-DD), or 2000-01-01 when none is dated."""
    return max((s.edition for s in corpus.sources.values() if _is_day(s.edition)), default="2000-01-01")


def _is_day(date: str) -> bool:
    return bool(date) and date != "undated" and edition_problem(date) is None


def _editions(corpus: Corpus, diffs: list) -> list[Dated]:
    compared = {(id(d.old), id(d.new)) for d in diffs}
    out = []
    for (game, document, language), editions in corpus.editions.items():
        whole = [e for e in editions if not e.partial and e.date != "undated"]
        for before, edition in zip([None, *whole], whole):
            previous = before if before is not None and (id(before), id(edition)) in compared else None
            key = f"edition:{game}/{document}/{language}/{edition.label}"
            out.append(Dated(edition.date, "edition", key, edition, previous))
    return out


def _faq_documents(corpus: Corpus) -> list[Dated]:
    return [
        Dated(s.document.published, "faq", f"faq:{s.document.source_id}/{s.document.id}", s)
        for s in official_documents(corpus)
        if s.document.kind == "faq" and s.opening is not None
    ]


def _rulings(corpus: Corpus) -> list[Dated]:
    return [Dated(r.date, "ruling", f"ruling:{r.game}/{r.id}", r) for r in corpus.rulings]


def _errata(corpus: Corpus) -> list[Dated]:
    return [Dated(e.date, "erratum", f"erratum:{e.source_id}/{e.article_id}/{e.card}/{e.date}", e) for e in corpus.errata]
