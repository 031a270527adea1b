"""The words a language's readers search a keyword by, where that language's
sources do not translate the keyword's section: which page each leads to.

keywords.yml may list words under `game/language` ("riftbound/es") for a
section that language has no text of, only English has: "revelar" for
Riftbound's 424 Reveal. Those words link nothing (no Spanish text of 424
exists to link to); they are the names a Spanish reader types, given by the
maintainer, never guessed. They lead, on that language's site, to:

- the section itself, in English (its fallback, as the site's other pages
  only English holds);
- through `concordance.yml`'s topics, the sections of other games listed
  beside it (Magic's 701.16 Reveal beside Riftbound's 424), each as that
  language's own section when it has one, by `equivalents` where the numbers
  differ (Spanish 701.20 Mostrar is English 701.16), else in English.

Sections of the same game in a topic (832 Show Off beside 424) are other
keywords, and are not reached: a topic says where to look across games, not
that two keywords are one.
"""

from __future__ import annotations

from ..common.model import Corpus, Section, SectionKey
from .concordance import Concordance
from .links import MAIN_DOCUMENT

ENGLISH = "en"


def search_names(corpus: Corpus, concordance: Concordance, language: str) -> dict[SectionKey, list[str]]:
    """For `language`'s site: the plain key of each section (in `language`, or
    English's where it lacks one) -> the words keywords.yml gives in
    `language` for a keyword that language does not translate."""
    out: dict[SectionKey, list[str]] = {}
    if language == ENGLISH:
        return out
    for entry in corpus.keywords:
        document = MAIN_DOCUMENT.get(entry.game, "")
        if entry.language != language or _section(corpus, entry.game, document, entry.number, language) is not None:
            continue  # its words link to that language's own section, which its title already names
        if _section(corpus, entry.game, document, entry.number, ENGLISH) is None:
            continue  # an unknown section: resolve/keywords.py reports it
        here = (entry.game, document, entry.number)
        targets = [here] + [
            place for topic in concordance.topics if here in topic.sections for place in topic.sections if place[0] != entry.game
        ]
        for game, doc, number in targets:
            found = _shown_in(corpus, concordance, game, doc, number, language)
            if found is not None:
                words = out.setdefault(found.key, [])
                words.extend(w for w in entry.words if w not in words)
    return out


def _shown_in(corpus: Corpus, concordance: Concordance, game: str, document: str, number: str, language: str) -> Section | None:
    """The section that shows (game, document, number) on `language`'s site:
    its own by the concordance, else its own of that number, else English's."""
    for equivalent in concordance.equivalents:
        if (equivalent.game, equivalent.document) != (game, document):
            continue
        english, own = equivalent.side(ENGLISH), equivalent.side(language)
        if english is not None and english.number == number and own is not None and own.section is not None:
            return own.section
    return _section(corpus, game, document, number, language) or _section(corpus, game, document, number, ENGLISH)


def _section(corpus: Corpus, game: str, document: str, number: str, language: str) -> Section | None:
    section = corpus.sections.get(SectionKey(game, document, number, language))
    return section if section is not None and section.language == language else None


def own_translation(corpus: Corpus, concordance: Concordance, section: Section, language: str) -> SectionKey | None:
    """The key of `language`'s own section that is English's `section` (one
    result a rule in its search): the concordance's equivalent (Spanish
    701.20 Mostrar is English 701.16 Reveal), else its section of the same
    number, unless the concordance says that number is another rule there
    (English 701.20 Shuffle is not Spanish 701.20); None: it has none."""
    for equivalent in concordance.equivalents:
        english, own = equivalent.side(ENGLISH), equivalent.side(language)
        if english is not None and english.section is section and own is not None and own.section is not None:
            return own.section.key
    own = _section(corpus, section.game, section.document, section.number, language)
    if own is None or language in concordance.another_rule_in(section):
        return None
    return own.key
