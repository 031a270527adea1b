"""The site map: where every page lives in docs/, and links between them.

Every page's path is derived here and nowhere else, so a page moves in one
place. Plain, readable paths that survive rebuilds: a rule is `<section
page>#<its number>`, a ruling or walkthrough has a page named by its id.
"""

from __future__ import annotations

import posixpath
from functools import lru_cache

from ..model import Edition, FaqAnswer, Ruling, Section, SectionKey, Walkthrough

HOME = "index.md"
KEYWORDS = "keywords.md"
UNRESOLVED = "references-not-in-sources.md"
REVIEW = "needs-review.md"
PROBLEMS = "source-problems.md"
ERRATA = "riftbound/errata.md"
OFFLINE_PAGE = "offline.md"  # what the offline app shows for a page not stored yet


def written_page(name: str) -> str:
    """A page people wrote (docs/NAME.md), at the same place in every language's site."""
    return f"{name}.md"


def section_page(key: SectionKey) -> str:
    """The plain page of a section, or the versioned page of an edition's own
    section (a key with an edition label)."""
    folder = f"{key.game}/{key.document}/{key.edition}" if key.edition else f"{key.game}/{key.document}"
    return f"{folder}/{key.number}.md"


def game_index(game: str) -> str:
    return f"{game}/index.md"


def rulings_index(game: str) -> str:
    return f"{game}/rulings/index.md"


def faq_index(game: str) -> str:
    return f"{game}/faq.md"


def walkthroughs_index(game: str) -> str:
    return f"{game}/walkthroughs/index.md"


def faq_anchor(faq: FaqAnswer) -> str:
    return f"faq-{faq.id}"


def page_of(item: Section | Ruling | Walkthrough) -> str:
    if isinstance(item, Section):
        return section_page(item.key)
    if isinstance(item, Ruling):
        return f"{item.game}/rulings/{item.id}.md"
    return f"{item.game}/walkthroughs/{item.id}.md"


@lru_cache(maxsize=65536)
def relpath(to: str, start: str) -> str:
    """posixpath.relpath, once per pair: every page of a folder links the same
    pages. Between two folder-relative paths it is worked out from the paths
    alone (posixpath.relpath asks the operating system for the current folder)."""
    if not to or to.startswith("/") or start.startswith("/"):
        return posixpath.relpath(to, start)
    target = [part for part in posixpath.normpath(to).split("/") if part != "."]
    origin = [part for part in posixpath.normpath(start).split("/") if part != "."]
    if ".." in target or ".." in origin:  # above the current folder: only the system knows it
        return posixpath.relpath(to, start)
    common = 0
    for a, b in zip(target, origin):
        if a != b:
            break
        common += 1
    return "/".join([".."] * (len(origin) - common) + target[common:]) or "."


def relative(from_page: str, to_page: str, anchor: str = "") -> str:
    """A link from one docs/ page to another, as MkDocs expects it (to the .md file)."""
    path = "" if to_page == from_page else relpath(to_page, posixpath.dirname(from_page) or ".")
    return f"{path}#{anchor}" if anchor else path


# Short, shareable rule links: one small static page per rule that previews it
# in chat apps and forwards to the rule in its section.
SHORT_PREFIX = {("riftbound", "core-rules"): "r", ("magic", "comprehensive-rules"): "mtg"}


def short_link(game: str, document: str, number: str) -> str:
    """Site-root-relative address of a rule's short page: `r/832.1.c.2.html`.
    A file, not a folder, so it also opens from disk and thousands of rules
    cost one folder."""
    prefix = SHORT_PREFIX.get((game, document), f"{game}/{document}/r")
    return f"{prefix}/{number}.html"


def short_prefix(game: str) -> str:
    """The folder of a game's short links (its main rules' prefix): `r`, `mtg`."""
    return next((prefix for (g, _), prefix in SHORT_PREFIX.items() if g == game), f"{game}/r")


def html_path(md_path: str) -> str:
    return md_path.removesuffix(".md") + ".html"


def language_root(language: str, default: str = "en") -> str:
    """Where a language's site lives under the site folder: English at the root."""
    return "" if language == default else f"{language}/"


def cross_href(from_page: str, from_language: str, to_page: str, to_language: str, anchor: str = "", notice: bool = True) -> str:
    """A plain link from a page of one language's site to a page of another's. It
    says where the reader came from (`?from=es`), so a page that does not exist in
    the reader's language can say so (render/languages.py); `notice=False` for a
    link to the same rule under another number (no notice is due there)."""
    here = posixpath.dirname(language_root(from_language) + from_page)
    href = relpath(language_root(to_language) + html_path(to_page), here or ".")
    if from_language != to_language and notice:
        href += f"?from={from_language}"
    return f"{href}#{anchor}" if anchor else href


def faq_page(game: str, source_id: str) -> str:
    """FAQ answers that belong to no section in the sources: one page per source."""
    return f"{game}/faq/{source_id}.md"


def cards_page(game: str, name: str) -> str:
    """Cards are listed on one page per initial letter, each anchored by its id."""
    initial = next((c for c in name.lower() if c.isalnum()), "0")
    return f"{game}/cards/{initial if initial.isascii() else '0'}.md"


def contents_page(game: str, document: str) -> str:
    return f"{game}/{document}/index.md"


def topic_page(topic_id: str) -> str:
    return f"topics/{topic_id}.md"


def guide_page(game: str, guide_id: str) -> str:
    return f"{game}/guides/{guide_id}.md"


def guides_index(game: str) -> str:
    return f"{game}/guides/index.md"


def glossary_page(game: str, document: str, label: str = "") -> str:
    """The glossary's index page: its letters. The letters' pages sit beside it in
    a folder of the same name (glossary/a.md). No `label`: the current edition's;
    else edition `label`'s own."""
    folder = f"{game}/{document}/{label}" if label else f"{game}/{document}"
    return f"{folder}/glossary.md"


def letter_page(base: str, letter: str) -> str:
    return f"{base.removesuffix('.md')}/{letter}.md"


def editions_page(game: str, document: str) -> str:
    return f"{game}/{document}/editions.md"


def diff_page(game: str, document: str, old: Edition, new: Edition) -> str:
    return f"{game}/{document}/changes/{old.label}-to-{new.label}.md"


def diff_part_page(diff_page: str, part: str) -> str:
    """A part of a split diff, named by its sections: changes/v1.2-to-v1.4/420-426.md."""
    return f"{diff_page.removesuffix('.md')}/{part}.md"


def compare_page(game: str, document: str) -> str:
    """Where the browser computes the diff between any two editions (assets/compare.js)."""
    return f"{game}/{document}/changes/compare.md"


def version_alias(key: SectionKey, label: str) -> str:
    """The current edition's section also answers at its edition's path (an HTML file, not a page)."""
    return html_path(section_page(key.of_edition(label)))
