"""The keyword index: which words link to which section."""
from __future__ import annotations

from pathlib import Path

from ..diagnostics import Diagnostics
from ..model import Corpus, Loc
from ..read.manifest import shown_path
from ..read.yamlfile import line_of, load_yaml
from .links import MAIN_DOCUMENT


def keyword_forms(corpus: Corpus, extra: Path, diag: Diagnostics) -> dict[str, dict[str, tuple[str, str]]]:
    """game -> printed form -> (number, language) of the section it names."""
    forms: dict[str, dict[str, tuple[str, str]]] = {}
    # Titles of the main rules documents only: a Tournament Rules heading such as
    # "Display" is no game term, and its number means another rule.
    for section in corpus.sections.values():
        if section.title and section.document == MAIN_DOCUMENT.get(section.game):
            game = forms.setdefault(section.game, {})
            for form in (section.title, section.title.lower(), f"[{section.title}]"):
                game.setdefault(form, (section.number, section.language))
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
            for word in words:
                forms.setdefault(game, {})[str(word)] = (number, language)
    return forms
