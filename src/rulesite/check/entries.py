"""Nothing lost, nothing doubled, in the built HTML.

Every rule, example, FAQ answer, card, ruling and walkthrough step of the corpus must
be one element with its own id, exactly once on its page, inside the page's
content, whose text holds the source text (after the documented
normalization). `expected_entries` says what each page must hold (from the
model); `entry_problems` checks one parsed page against it.
"""

from __future__ import annotations

from ..common.card_symbols import shown_text
from ..common.model import CONTENT_LANGUAGE, Corpus
from ..common.normalize import normalize_text
from ..site_map.paths import example_anchor, faq_anchor, html_path, language_root, page_of, section_page
from ..site_map.places import Places
from .page import Page, text

# site-relative page -> [(id, texts that must be inside, already flattened)]
Expected = dict[str, list[tuple[str, tuple[str, ...]]]]


def expected_entries(
    corpus: Corpus,
    places: Places,
    languages: list[str],
    known: dict[str, str] | None = None,
    sections: dict[int, tuple] | None = None,
) -> Expected:
    """What every language's site must hold, by page (paths relative to the whole
    site). `places`: where the site map puts FAQ answers and cards. `known`:
    text -> its normalized form, from the last call (a process that checks
    build after build keeps it): replaced by this call's texts. `sections`:
    each section's page and entries, from the last call, by the section's
    identity (resolve hands out an unchanged document's sections as the very
    objects it did): replaced by this call's."""
    expected: Expected = {}
    before = known if known is not None else {}
    seen: dict[str, str] = {}

    def flat(text: str) -> str:
        found = seen.get(text)
        if found is None:
            found = before.get(text)
            seen[text] = found = _flat(text) if found is None else found
        return found

    def want(language: str, page: str, ident: str, *texts: str) -> None:
        rel = language_root(language) + html_path(page)
        expected.setdefault(rel, []).append((ident, tuple(flat(t) for t in texts)))

    # The rules of every language in one pass (a page is of one language: each page's entries keep their order).
    shown = set(languages)
    before_sections = sections if sections is not None else {}
    now: dict[int, tuple] = {}
    for section in corpus.sections.values():
        if section.language not in shown or not section.rules:
            continue
        found = before_sections.get(id(section))
        if found is None or found[0] is not section:  # (the very section: its entries as they were)
            mine: list = []
            for rule in section.rules:
                mine.append((rule.number, (flat(rule.text),)))
                for i, example in enumerate(rule.examples, 1):
                    mine.append((example_anchor(rule.number, i), (flat(example.text),)))
            found = (section, language_root(section.language) + html_path(section_page(section.key)), mine)
        now[id(section)] = found
        expected.setdefault(found[1], []).extend(found[2])
    if sections is not None:
        sections.clear()
        sections.update(now)
    for language in languages:
        for faq in corpus.faqs:
            home, faq_language = places.faq_home(faq)
            if faq_language == language:
                want(language, home, faq_anchor(faq), faq.question)
        if language != CONTENT_LANGUAGE:
            continue
        for card in corpus.cards:  # on the part of its letter the site map puts it on
            want(language, places.card_page(card), card.id, card.name)
        for ruling in corpus.rulings:
            want(language, page_of(ruling), ruling.id, shown_text(ruling.answer))  # its symbols in words
        for walk in corpus.walkthroughs:
            for i, step in enumerate(walk.steps, 1):
                want(language, page_of(walk), f"step-{i}", step.text)
    if known is not None:
        known.clear()
        known.update(seen)
    return expected


def entry_problems(page: Page, entries: list[tuple[str, tuple[str, ...]]]) -> list[tuple[int, str, str]]:
    """(line, code, message) for every entry the page does not hold once, intact."""
    problems = []
    ids = page.ids
    for ident, texts in entries:
        found = ids.get(ident, [])
        if len(found) != 1:
            line = found[1].sourceline if len(found) > 1 else 1
            problems.append((line or 1, "entry-count", f"id {ident!r} appears {len(found)} times, expected once"))
            continue
        el = found[0]
        line = el.sourceline or 1
        if not any(a.tag == "article" for a in el.iterancestors()):
            # Broken markup earlier on the page closed the content column.
            problems.append((line, "entry-outside", f"id {ident!r} is outside the page's content (<article>)"))
            continue
        shown = _flat(text(el))
        for wanted in texts:
            if wanted not in shown:
                problems.append((line, "entry-text", f"#{ident}: text not shown intact: {wanted[:60]!r}"))
    return problems


def _flat(value: str) -> str:
    # normalize_text leaves no white space but single spaces (a further \s+ -> " " changed nothing).
    return normalize_text(value)
