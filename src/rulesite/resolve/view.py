"""Answers render asks of the resolved corpus about editions, made once and read-only.

Render used to work these out itself, page by page: which edition of a document
is the current one, and on which page an older edition's rule is shown. Here
they are decided once, after merging, and handed over as read-only mappings.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Mapping

from ..model import Corpus, Edition, Rule, SectionKey
from .merge import current_edition

class Frozen(dict):
    """A dict nobody downstream can change. Not a MappingProxyType, which cannot
    be copied or pickled: tests deep-copy a whole context to edit one thing."""

    def _read_only(self, *args, **kwargs):
        raise TypeError("resolved answers are read-only")

    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _read_only

    def __reduce__(self):
        return (Frozen, (dict(self),))


DocumentKey = tuple[str, str, str]  # (game, document, language): the key of Corpus.editions


@dataclass(frozen=True)
class Shown:
    """A rule of some edition, and the section page that shows its text."""

    page: SectionKey
    rule: Rule


@dataclass(frozen=True)
class EditionsView:
    # Documents that have a current edition (the newest whole dated one) -> it.
    current: Mapping[DocumentKey, Edition]
    # (game, document, language, edition label) -> rule number -> where it is shown.
    rules: Mapping[tuple[str, str, str, str], Mapping[str, Shown]]

    def current_of(self, key: DocumentKey) -> Edition | None:
        return self.current.get(key)

    def rule(self, key: DocumentKey, label: str, number: str) -> Shown | None:
        """Rule `number` of edition `label` of a document, where a page shows it."""
        return self.rules.get((*key, label), {}).get(number)


def editions_view(corpus: Corpus) -> EditionsView:
    current = {key: e for key, editions in corpus.editions.items() if (e := current_edition(editions)) is not None}
    rules: dict[tuple[str, str, str, str], Mapping[str, Shown]] = {}
    for key, editions in corpus.editions.items():
        for edition in editions:
            rules[(*key, edition.label)] = Frozen(_shown_rules(corpus, edition))
    return EditionsView(Frozen(current), Frozen(rules))


def _shown_rules(corpus: Corpus, edition: Edition) -> dict[str, Shown]:
    """Each rule of `edition` on the page that shows it: the section's own page
    in that edition, else the plain page when that shows this text."""
    out: dict[str, Shown] = {}
    for section in edition.sections.values():
        shown = section if section.version_path else corpus.sections.get(section.key.plain)
        for rule in section.rules if shown else []:
            out[rule.number] = Shown(shown.key, rule)
    return out
