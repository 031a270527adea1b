"""The keyword index: which words link to which section."""
from __future__ import annotations

from pathlib import Path

from ..diagnostics import Diagnostics
from ..model import Corpus, Loc
from ..read.manifest import shown_path
from ..read.yamlfile import line_of, load_yaml
from .links import MAIN_DOCUMENT


def keyword_forms(corpus: Corpus, extra: Path, diag: Diagnostics) -> dict[str, dict[str, tuple[str, str, bool]]]:
    """game -> printed form -> (number, language, keyword) of the section it names.

    `keyword` is True for the keyword index proper: the forms keywords.yml lists,
    the titles of the sections it lists (as printed and in lower case), and
    bracketed titles ("[Show Off]");
    those link everywhere, rule text included. Every other section title of the
    main rules is a defined game term ("Hidden", "Showdown"), linked in rulings,
    FAQ answers and other prose, not in rule text, which cites its rules itself.
    Single-word terms link as capitalized; longer ones also in lower case."""
    forms: dict[str, dict[str, tuple[str, str, bool]]] = {}
    # Titles of the main rules documents only: a Tournament Rules heading such as
    # "Display" is no game term, and its number means another rule.
    for section in corpus.sections.values():
        if section.title and section.document == MAIN_DOCUMENT.get(section.game):
            game = forms.setdefault(section.game, {})
            named = (section.number, section.language)
            game.setdefault(f"[{section.title}]", (*named, True))
            game.setdefault(section.title, (*named, False))
            if " " in section.title:
                game.setdefault(section.title.lower(), (*named, False))
    if not extra.is_file():
        return forms
    where = shown_path(extra)
    data = load_yaml(extra, where, diag) or {}
    for key, sections in data.items():
        game, _, language = str(key).partition("/")
        language = language or "en"
        for number, words in (sections or {}).items():
            number = str(number)
            if not any((s.game, s.number, s.language) == (game, number, language) for s in corpus.sections.values()):
                diag.error(
                    Loc(where, line_of(sections)), "keyword", f"no {game} section {number} in {language} for keywords {words}"
                )
                continue
            titles = [s.title for s in corpus.sections.values() if (s.game, s.number, s.language) == (game, number, language)]
            for word in [*titles, *(t.lower() for t in titles), *map(str, words)]:
                forms.setdefault(game, {})[word] = (number, language, True)
    return forms
