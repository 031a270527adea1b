"""A rule's history in words: what resolve/history.py found, in each language.

Resolve says what became of a rule (`Matched`, `Traced`, `Added`, ...); this
module only words it, from the `how-*` strings of strings.py.

Below render and export: the history and diff pages show these words, and
the published data carries them too, in English (`how` of a trace's rule and
of a diff's entry: "how it was decided, for people"), so that the compare
page words a pair with no page of its own as its pre-rendered pages do.
"""

from __future__ import annotations

from .history import Absent, Added, Cited, How, Matched, Printed, Removed, Traced
from ..common.strings import t


# How much a text changed, in words a player reads (the similarity itself, a
# number from 0 to 1, stays in the data: `Matched.score`): from the least.
AMOUNTS = ((0.9, "how-few-words"), (0.7, "how-partly-reworded"), (0.0, "how-rewritten"))


def amount_words(score: float, lang: str) -> str:
    """ "a few words changed" for 0.96, "largely rewritten" for 0.5."""
    return t(lang, next(key for least, key in AMOUNTS if score >= least))


def how_words(how: How, lang: str) -> str:
    """ "renumbered: section 'Reveal' 411 → 424, same position, same text"."""
    if isinstance(how, Matched):
        return _matched(how, lang)
    if isinstance(how, Traced):
        head = t(lang, "how-renumbered" if how.renumbered else "how-same-number")
        text = "how-references" if how.references else "how-text-changed" if how.reworded else "how-same-text"
        words = t(lang, "how-plain", head=head, details=t(lang, text))
        if how.through:
            words = t(lang, "how-plain", head=words, details=t(lang, "how-traced", editions=", ".join(how.through)))
        return words
    if isinstance(how, Absent):
        return t(lang, f"how-{how.why}", edition=how.edition)
    kind = {Printed: "how-printed", Added: "how-added", Removed: "how-removed"}[type(how)]
    return t(lang, kind, edition=how.edition)


def how_words_once(cache: dict, how: How, lang: str) -> str:
    """`how_words`, worked out once per distinct match and language for a site
    (`cache`: the render context's, or the published data's own): a chain's
    matches are worded on every page its rule is on, in its history and on the
    diff pages, and many are equal ("added in v1.2"; a document's data words
    some 12,500 steps, 2,900 of them distinct). The How types are frozen
    dataclasses of plain values: equal values, equal words."""
    memo = cache.setdefault("how-words", {})
    found = memo.get((how, lang))
    if found is None:
        found = memo[(how, lang)] = how_words(how, lang)
    return found


def _matched(how: Matched, lang: str) -> str:
    old, new = how.old_section, how.new_section
    parts = []
    if how.moved:
        parts.append(t(lang, "how-moved", old=old.number, old_title=old.title, new=new.number, new_title=new.title))
    elif how.section_renumbered and how.same_title:
        parts.append(t(lang, "how-section-renumbered", title=new.title, old=old.number, new=new.number))
    elif how.section_renumbered:
        parts.append(t(lang, "how-section-replaced", old=old.number, old_title=old.title, new=new.number, new_title=new.title))
    elif how.retitled:
        parts.append(t(lang, "how-retitled", number=new.number, old_title=old.title, new_title=new.title))
    elif how.renumbered:
        parts.append(t(lang, "how-within", number=new.number, title=new.title))
    if how.renumbered and how.paired:
        parts.append(t(lang, "how-same-position" if how.same_position else "how-other-position"))
    if not how.reworded:
        text = t(lang, "how-same-text")
    elif how.references:
        text = t(lang, "how-references")
    else:
        text = amount_words(how.score, lang)
    head = t(lang, "how-renumbered" if how.renumbered else "how-same-number")
    if not how.renumbered and not parts:
        return t(lang, "how-plain", head=head, details=text)
    return t(lang, "how-detailed", head=head, details=t(lang, "how-list-separator").join(parts + [text]))


def now_cites(cited: Cited, lang: str) -> str:
    """ "now cites 458 Modes of Play instead of 454 Reveal": a cited number that
    names another rule than before (resolve/history.py's `Cited`). The diff pages
    and the published data (for assets/compare.js) say it in English, as `how`."""

    def name(number: str, title: str) -> str:
        return f"{number} {title}".strip()

    return t(lang, "diff-now-cites", new=name(cited.new, cited.new_title), old=name(cited.old, cited.old_title))
