"""The keyword index: which words link to which section."""

from __future__ import annotations

from ..common.diagnostics import Diagnostics
from ..common.model import Corpus
from ..read.rules_document import is_title
from .links import MAIN_DOCUMENT
from .merge import same_editions


def keyword_forms(corpus: Corpus, diag: Diagnostics, kept: dict | None = None) -> dict[str, dict[str, tuple[str, str, bool]]]:
    """game -> printed form -> (number, language, keyword) of the section it names.

    `keyword` is True for the keyword index proper: the forms keywords.yml lists,
    the titles of the sections it lists (as printed and in lower case), and
    bracketed titles ("[Show Off]");
    those link everywhere, rule text included. Every other section title of the
    main rules is a defined game term ("Hidden", "Showdown"), linked in rulings,
    FAQ answers and other prose, not in rule text, which cites its rules itself.
    Single-word terms link as capitalized; longer ones also in lower case.
    `kept`: where the forms the sections make are kept for the next build in
    the same process, used again while every document's editions are the same
    objects (`merge.same_editions`)."""
    then = kept.get("titles") if kept is not None else None
    if then is not None and same_editions(then[0], corpus.editions):
        forms = {game: dict(found) for game, found in then[1].items()}
    else:
        forms = _title_forms(corpus)
        if kept is not None:
            kept["titles"] = (dict(corpus.editions), {game: dict(found) for game, found in forms.items()})
    # The extra forms keywords.yml lists (read, and its shape checked, by read/extras.py).
    for entry in corpus.keywords:
        game, number, language = entry.game, entry.number, entry.language
        titles = [s.title for s in corpus.sections.values() if (s.game, s.number, s.language) == (game, number, language)]
        if not titles:
            if any((s.game, s.number, s.language) == (game, number, "en") for s in corpus.sections.values()):
                # Words that language's readers search English's section by (`search_names`): on its site, if any.
                if not any(source.language == language for source in corpus.sources.values()):
                    diag.warning(entry.loc, "keyword", f"no source is in {language}, so no site searches {entry.words}")
                continue
            diag.error(entry.loc, "keyword", f"no {game} section {number} in {language} for keywords {entry.words}")
            continue
        for word in [*titles, *(t.lower() for t in titles), *entry.words]:
            forms.setdefault(game, {})[word] = (number, language, True)
    return forms


def _title_forms(corpus: Corpus) -> dict[str, dict[str, tuple[str, str, bool]]]:
    """The forms the sections' titles and the rules that are titles make."""
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
    # A rule whose text is a title of two words or more defines a term too
    # ("410.2. Limited Actions"): the longest term wins where terms overlap, so
    # "Limited Action" links to 410.2, not its last word to 806 "Action".
    for section in corpus.sections.values():
        if section.document != MAIN_DOCUMENT.get(section.game):
            continue
        for rule in section.rules:
            title = rule.text.strip()
            if len(title.split()) < 2 or title.endswith(".") or not is_title(title):
                continue
            game = forms.setdefault(section.game, {})
            named = (rule.number, section.language, False)
            for form in dict.fromkeys([title, title.lower(), *_singular(title)]):
                game.setdefault(form, named)
    return forms


def _singular(title: str) -> list[str]:
    """ "Limited Actions" -> "Limited Action", "limited action": a title names the
    kind in the plural, prose often one of them."""
    if not title.endswith("s") or title.endswith("ss"):
        return []
    one = title[:-1]
    return [one, one.lower()]
