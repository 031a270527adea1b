"""What every page renderer needs: the corpus, its links and who cites what."""
from __future__ import annotations

from dataclasses import dataclass

from ..model import Corpus, FaqAnswer, Ruling, Section, Source, Walkthrough
from ..resolve.citations import Citations
from ..resolve.links import Linker
from .escape import md_text
from .inline import inline
from .paths import faq_anchor, page_of, relative, section_page
from .strings import t


@dataclass
class Context:
    corpus: Corpus
    linker: Linker
    citations: Citations

    def inline(self, text: str, game: str, page: str, here: Section | None = None, language: str = "en") -> str:
        return inline(text, game, page, self.linker, here, language)

    def source_line(self, source: Source, language: str) -> str:
        edition = t(language, "undated") if source.edition == "undated" else f"{t(language, 'edition')} {source.edition}"
        excerpt = f", {t(language, 'excerpt')}" if source.partial else ""
        return f"{md_text(source.title or source.id)} ({md_text(edition)}{excerpt}; `{source.path}`)"

    def item_link(self, item: FaqAnswer | Ruling | Walkthrough, page: str) -> str:
        """A Markdown link to a FAQ answer, ruling or walkthrough, titled as readers know it."""
        if isinstance(item, FaqAnswer):
            key = next(s.key for s in self.corpus.sections.values() if s.game == item.game and s.number == item.section)
            return f"[{md_text(item.question)}]({relative(page, section_page(key), faq_anchor(item)) or '#' + faq_anchor(item)})"
        return f"[{md_text(item.title)}]({relative(page, page_of(item), item.id)})"

    def rule_link(self, game: str, number: str, page: str) -> str:
        target = self.linker.target(game, number)
        if target is None:
            return f'<span class="ref-missing">{md_text(number)}</span>'
        href = relative(page, section_page(target[0]), target[1]) or f"#{target[1]}"
        return f'[{md_text(number)}]({href}){{: .ref data-rule="{target[1]}" }}'
