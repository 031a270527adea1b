"""What every page renderer needs: what resolve made of the corpus (the corpus,
its links, who cites what, its editions) and which site is being rendered."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..common.model import CONTENT_LANGUAGE, Card, FaqAnswer, Ruling, Section, Source, Walkthrough
from ..resolve.links import Link
from ..resolve.resolved import ResolvedCorpus
from .escape import Html, Md, md_text
from .inline import inline, inline_html, link_markdown, missing_markdown
from .markup import code, md_link
from .markup import link as html_link
from ..site_map.paths import cross_href, faq_anchor, page_of, relative, section_page
from ..site_map.site_map import SiteMap, make_site_map
from ..common.strings import STRINGS, t
from .symbols import with_symbols


@dataclass(frozen=True)
class Context(ResolvedCorpus):
    """What resolve made (`ResolvedCorpus`), and the site being rendered."""

    language: str = "en"  # the language of the site being rendered
    languages: tuple[str, ...] = ("en",)  # every language a site is built in
    cache: dict = field(default_factory=dict)  # lookups renderers build once per site
    site_url: str = ""  # the site's public address ("https://example.org/"), when known
    site_map: SiteMap | None = None  # where every page, part and anchor is (made after resolve)
    og_cache: str = ""  # the store's folder of drawn preview images (`og_image.store_folder`), if any
    # The names in `og_cache` once listed (`RenderMemory.og_names`): a forked worker's additions stay its own.
    og_names: dict = field(default_factory=dict, compare=False, repr=False)
    engine: str = "mkdocs"  # what builds the HTML (common/engines.py): whose theme files the pages load

    def inline(self, text: str, game: str, page: str, here: Section | None = None, terms: bool = True) -> Md:
        """`text` as Markdown for `page`, linked as resolve linked it where `here`
        shows it (`terms=False`: rule text, whose keywords are linked but not
        every defined term); links and notices are made for the site being rendered."""
        return inline(self.aligned(self.links.segments(text, game, here, terms)), page, self.language)

    def quoted(self, text: str, game: str, page: str, here: Section | None = None) -> Md:
        """`inline` for text that quotes cards (card texts, errata, FAQ answers,
        rulings): its card symbols shown as signs with their names."""
        return with_symbols(text, lambda part: self.inline(part, game, page, here), self.language)

    def inline_html(self, text: str, game: str, page: str, here: Section | None = None, terms: bool = True) -> Html:
        """`inline` as finished HTML (for the blocks written as HTML: escape.Html)."""
        return inline_html(self.aligned(self.links.segments(text, game, here, terms)), page, self.language)

    def aligned(self, segments):
        """On a translated site, a reference to an English rule this site's
        language translates under the same number leads to the translation,
        the same rule (`Concordance.english_of`): its page, its preview.
        Keywords keep their English section, their words being English, and a
        rule the translation numbers otherwise keeps the English rule: the
        reference's words name the English number."""
        table = self.translated_rules()
        if not table:
            return segments
        out = []
        for seg in segments:
            if isinstance(seg, Link) and seg.kind != "keyword" and seg.target is not None:
                found = table.get((seg.target[0], seg.target[1]))
                if found is not None:
                    seg = replace(seg, target=found)
            out.append(seg)
        return out

    def translated_rules(self) -> dict:
        """(English section key, rule number) -> (section key, number) of the
        rule of the same number this site's language translates it by (the
        section's own number for the section); empty for English. Once a site."""
        key = ("translated-rules", self.language)
        found = self.cache.get(key)
        if found is None:
            found = self.cache[key] = {}
            for section in self.corpus.sections.values():
                if section.language != self.language or self.language == CONTENT_LANGUAGE or section.version_path:
                    continue
                for number in (section.number, *(rule.number for rule in section.rules)):
                    english = self.concordance.english_of(section, number)
                    if english is not None and english[1] == number:
                        found.setdefault((english[0].key, number), (section.key, number))
        return found

    def source_line(self, source: Source, language: str) -> Md:
        edition = t(language, "undated") if source.edition == "undated" else f"{t(language, 'edition')} {source.edition}"
        excerpt = f", {t(language, 'excerpt')}" if source.partial else ""
        # The file's name only: where the build read it from is the builder's business.
        return Md("{} ({}{}; {})").format(source.title or source.id, edition, excerpt, code(Path(source.path).name))

    def sentence(self, key: str, **parts: Md) -> Md:
        """Interface text `key` as Markdown: its words escaped, its {placeholders}
        replaced by the given Markdown (links, code)."""
        template = STRINGS.get(self.language, STRINGS["en"]).get(key) or STRINGS["en"][key]
        pieces = re.split(r"\{(\w+)\}", template)
        return Md("").join(md_text(p) if i % 2 == 0 else Md.escape(parts[p]) for i, p in enumerate(pieces))

    def link(self, page: str, to_page: str, anchor: str, content_language: str, text: str) -> Md:
        """A link to `to_page#anchor`, whose content is in `content_language`: a
        Markdown link within this site, a plain one to the site that has it."""
        if content_language == self.language:
            return md_link(text, relative(page, to_page, anchor) or "#" + anchor)
        href = cross_href(page, self.language, to_page, content_language, anchor)
        return html_link(text, href, css="other-language", hreflang=content_language)

    @property
    def where(self) -> SiteMap:
        """The site map: the one made after resolve, or, for a context made
        without it or with another corpus (tests), one made for this context once."""
        found = self.site_map
        if found is not None and _made_from(found, self):
            return found
        found = self.cache.get("site-map")
        if found is None or not _made_from(found, self):
            found = self.cache["site-map"] = make_site_map(self.corpus, self.citations, self.editions, self.changes, self.diffs)
        return found

    def faq_home(self, faq: FaqAnswer) -> tuple[str, str]:
        """(page, language) where a FAQ answer is shown: with its section when the
        sources hold it, else on its source's FAQ page."""
        section = self.citations.faq_section(faq)  # resolve's answer
        if section is not None:
            return section_page(section.key), section.language
        return self.where.faq_pages[faq.id], self.corpus.sources[faq.source_id].language

    def section_faqs(self, section: Section) -> list[FaqAnswer]:
        """The FAQ answers that sit with a section (by game and number), in corpus order."""
        by_section = self._memo("section-faqs", lambda: _by_section(self.corpus.faqs))
        return by_section.get((section.game, section.number), [])

    def card_page(self, card: Card) -> str:
        """The page (the part of its letter) that shows a card, anchored by its id."""
        return self.where.card_pages[card.id]

    def _memo(self, key, make):
        """A lookup worked out once per site being rendered (and again for a
        context made with another corpus or citations)."""
        found = self.cache.get(key)
        if found is None or found[0] is not self.corpus or found[1] is not self.citations:
            found = self.cache[key] = (self.corpus, self.citations, make())
        return found[2]

    def item_link(self, item: FaqAnswer | Ruling | Walkthrough, page: str) -> Md:
        """A link to a FAQ answer, ruling or walkthrough, titled as readers know it."""
        if isinstance(item, FaqAnswer):
            home, language = self.faq_home(item)
            return self.link(page, home, faq_anchor(item), language, item.question)
        # A ruling or walkthrough is its page: no #fragment (it repeated the page's name).
        return self.link(page, page_of(item), "", CONTENT_LANGUAGE, item.title)

    def rule_link(self, game: str, number: str, page: str, here: Section | None = None) -> Md:
        """A link to rule `number`, as the text of `here` (a section) would mean it."""
        target = self.links.target(game, number, here)
        if target is None:
            return missing_markdown(number, number, self.language)
        return link_markdown(self.aligned([Link(number, "rule", number, target)])[0], page, self.language)


def _by_section(faqs: list[FaqAnswer]) -> dict[tuple[str, str], list[FaqAnswer]]:
    found: dict[tuple[str, str], list[FaqAnswer]] = {}
    for faq in faqs:
        found.setdefault((faq.game, faq.section), []).append(faq)
    return found


def _made_from(found: SiteMap, ctx: Context) -> bool:
    corpus, citations, changes = found.made_from
    return corpus is ctx.corpus and citations is ctx.citations and changes is ctx.changes
