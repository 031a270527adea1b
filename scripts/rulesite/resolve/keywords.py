"""The keyword index: which words link to which section."""
from __future__ import annotations

from pathlib import Path

from ..diagnostics import Diagnostics
from ..model import Corpus, Loc
from ..read.manifest import shown_path
from ..read.yamlfile import line_of, load_yaml


def keyword_forms(corpus: Corpus, extra: Path, diag: Diagnostics) -> dict[str, dict[str, str]]:
    """game -> printed form -> number of the section it names."""
    forms: dict[str, dict[str, str]] = {}
    for section in corpus.sections.values():
        if section.title:
            game = forms.setdefault(section.game, {})
            for form in (section.title, section.title.lower(), f"[{section.title}]"):
                game.setdefault(form, section.number)
    if not extra.is_file():
        return forms
    where = shown_path(extra)
    data = load_yaml(extra, where, diag) or {}
    for game, sections in data.items():
        for number, words in (sections or {}).items():
            number = str(number)
            if not any(s.game == game and s.number == number for s in corpus.sections.values()):
                diag.error(Loc(where, line_of(sections)), "keyword", f"no {game} section {number} for keywords {words}")
                continue
            for word in words:
                forms.setdefault(game, {})[str(word)] = number
    return forms
