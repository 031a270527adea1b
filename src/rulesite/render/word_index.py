"""The word-search index of one language's site (assets/word-search.js reads it).

Material's search ranks by word frequency over a 2.4 MB index that a phone
must fetch and build before the first result: a search for "show off" listed
rulings before section 832 Show Off. This index ranks by what an entry is, so
it names each entry's kind, and its game, document and edition:

- `assets/search-words.js`, loaded when a search starts: every section (its
  number and title, and the keywords and defined terms that link to it), card,
  ruling, FAQ answer, walkthrough, topic, guide and written page, by title,
  and the rules short enough to be a title ("701.16 Reveal"). Small, so that
  the first results of a word search come at once.
- On another language's site, the words' file also holds English's sections,
  cards, rulings, walkthroughs and answers by title (`_english_titles`), after
  its own entries: those sites translate a few pages of the rules. A rule is
  one entry: an English section the site has its own of (the same number, or
  the concordance's) is left out, its title and keywords the own entry's
  keys; the words keywords.yml gives in the site's language for a section it
  lacks are keys of the entries `resolve/search_names.py` says they lead to.
  Every label row says its language (`language`), which the search shows.
- `assets/search-text-N.js`, loaded right after it, one after another: the
  texts of those entries, of every rule and of every rule's example (each
  text once, at the newest edition printing it), so that a word found only
  in a text is found too. The rulings' and answers' texts come first, then
  Riftbound's rules; the examples ("Example: …") last, each an entry of its
  own (kind "e", titled by its rule's number) leading to the example's
  anchor on its section page ("832.html#832.2.a-example-1").

- A rule that defines a term or names an infraction (resolve/terms.py:
  "703.2 Slow Play [Warning]: ...", "The First Player is ...") is an entry of
  the words' file, titled by its number and that name, its text after the
  rulings' and answers': "slow play" finds the infraction at once, before
  the rules that mention it.
- The same section or rule in several editions is one group (`_Groups`):
  each of its entries carries the group's number and the other editions'
  numbers, so that the search shows it once, today's, with the others linked.

Scripts, not JSON: a page opened from disk (file://) can load a script but
not fetch. Each entry is `[kind, document, url, title, keys, group, also]`
(a text file's rules and examples: `[kind, document, url, title, keys, text,
group, also]`; group and also only for a group of two or more), url relative
to the site root; `document` indexes `docs` (game, document, edition, whether
current, the short names a query may start with: "TR", "CR", "MTG"; for an
excerpt or undated edition its sources' titles, `source`; for a section
page's edition the folder of its pages, `folder`).
"""

from __future__ import annotations

from typing import NamedTuple

from ..common.model import Section
from ..resolve.links import MAIN_DOCUMENT
from ..resolve.search_names import own_translation, search_names
from ..resolve.terms import defined_terms
from ..site_map.paths import example_anchor, faq_anchor, guide_page, html_path, page_of, section_page, topic_page
from .context import CONTENT_LANGUAGE, Context
from .edition_pages import document_name
from .escape import script_json
from .numbers import DOCUMENT_ALIASES, GAME_ALIASES, excerpt_sources, to_content_root
from .share import GAME_NAMES
from ..common.card_symbols import shown_text
from ..common.strings import t

WORDS = "assets/search-words.js"
TEXT = "assets/search-text-{}.js"
# Each file adds itself to a queue word-search.js reads: either may come first.
QUEUE = "(window.RULESITE_SEARCH = window.RULESITE_SEARCH || []).push("
# Bytes of text a file: each arrives and is searched before the next is fetched.
TEXT_PART = 400_000
# The first file, smaller: a word found only in a ruling or answer is found
# about as soon as the titles are.
FIRST_PART = 200_000
# A rule this short is a heading ("Reveal", "Keyword Actions"): found by title.
TITLE_WORDS = 6

# Entry kinds (assets/word-search.js ranks and labels them).
SECTION, RULE, CARD, RULING, FAQ, WALKTHROUGH, TOPIC, GUIDE, PAGE = "s", "r", "c", "l", "f", "w", "t", "g", "p"
OFFICIAL = "o"  # an official document's clarification or introduction (an FaqAnswer not of kind "answer")
EXAMPLE = "e"  # a rule's example ("Example: …"), titled by its rule's number


class _Docs:
    """The label table: one row per (game, document, edition), and per source
    for an excerpt or undated edition (`source`: its sources' titles, which
    label it, where an older whole edition is labelled by its version)."""

    def __init__(self) -> None:
        self.rows: list[dict] = []
        self.index: dict[tuple, int] = {}

    def of(
        self,
        game: str,
        document: str,
        name: str,
        edition: str = "",
        current: bool = True,
        elsewhere: bool = False,
        source: str = "",
        folder: str = "",
    ) -> int:
        key = (game, document, edition, current, elsewhere, source)
        if key not in self.index:
            self.index[key] = len(self.rows)
            row = {
                "game": GAME_NAMES.get(game, game),
                "document": name,
                "edition": "" if edition == "undated" else edition,
                "current": current,
                "aliases": GAME_ALIASES.get(game, [game]) + DOCUMENT_ALIASES.get(document, []),
            }
            if source:
                row["source"] = source
            if folder:  # where its section pages are: a group's members are named by their section's number
                row["folder"] = folder
            self.rows.append(row)
        return self.index[key]


def _plain(text: str, language: str) -> str:
    return " ".join(shown_text(text, language).split())


class _Groups:
    """The same section or rule in several editions, as one search result.

    Each section page's section and each rule of it belongs to one group: a
    section with the current section of the same title (resolve's
    `SectionNow`), a rule with the rules of its match chain (resolve's
    history rows: "411.1" in v1.1 and v1.2 is "424.1" in v1.4). A rule of an
    undated edition, which no chain reaches, joins the rule of the same
    number in the current section of its section's title. Each entry of a
    group of two or more carries the group's number and the other members,
    `[document, number, its section's number]` (its page: the document's
    folder and that number), newest first; an older entry, today's alone.
    word-search.js shows one entry a group, today's, with the others linked
    ("also in v1.2 as 411.1")."""

    def __init__(self, ctx: Context, docs: _Docs) -> None:
        self.ctx, self.docs = ctx, docs
        # group -> (page, number) -> (document, number, section number, order, current)
        self.members: dict[tuple, dict[tuple[str, str], tuple]] = {}
        self.numbers: dict[tuple, int] = {}

    def doc_of(self, section: Section) -> int:
        """The label row of a section page's edition (by its sources, for an excerpt or undated one)."""
        current = not section.version_path
        source = excerpt_sources(self.ctx, section)
        folder = html_path(section_page(section.key)).rpartition("/")[0] + "/"
        name = document_name(section.document)
        return self.docs.of(section.game, section.document, name, section.edition, current, source=source, folder=folder)

    def now_of(self, section: Section) -> Section:
        """The current section `section` is (itself, when on a plain page)."""
        if not section.version_path or self.ctx.changes is None:
            return section
        now = self.ctx.changes.now.get(section.key)
        return now.section if now is not None and now.same_title else section

    def section(self, section: Section) -> tuple:
        group = ("s", self.now_of(section).key.plain)
        self._add(group, section.number, section)
        return group

    def rule(self, section: Section, rule_number: str) -> tuple:
        """The group of rule `rule_number` of a section page's section."""
        key = (section.game, section.document, section.language)
        rows = self.ctx.changes.history(key, section.edition, rule_number) if self.ctx.changes is not None else ()
        if rows:
            first = next(row.entry for row in rows if row.entry.number is not None)
            group = ("r", key, first.edition_label, first.number)
            for row in rows:
                at = self._section_at(row.shown.page) if row.shown is not None else None
                if at is not None:
                    self._add(group, row.shown.rule.number, at)
            return group
        now = self.now_of(section)
        if now is not section and any(r.number == rule_number for r in now.rules):
            group = self.rule(now, rule_number)  # an undated edition's rule: today's of its number
        else:
            group = ("r", key, section.edition, rule_number, section.version_path)
        self._add(group, rule_number, section)
        return group

    def _section_at(self, key) -> Section | None:
        if not key.edition:
            return self.ctx.corpus.sections.get(key)
        for edition in self.ctx.corpus.editions.get((key.game, key.document, key.language), []):
            if edition.label == key.edition:
                return edition.sections.get(key.number)
        return None

    def _add(self, group: tuple, number: str, at: Section) -> None:
        """Rule (or section) `number` of section page `at`'s section, a member of `group`."""
        page = html_path(section_page(at.key))
        members = self.members.setdefault(group, {})
        if (page, number) not in members:
            members[(page, number)] = (self.doc_of(at), number, at.number, self._order(at), not at.version_path)

    def _order(self, section: Section) -> tuple:
        """Newest first: the plain page, then the editions by date, newest first, the undated last."""
        editions = self.ctx.corpus.editions.get((section.game, section.document, section.language), [])
        date = next((e.date for e in editions if e.label == section.edition), "undated")
        return (bool(section.version_path), date == "undated", tuple(-ord(c) for c in date))

    def fields(self, group: tuple, page: str, number: str, current: bool) -> list:
        """[group number, other members] of an entry of `page`, or [] when it stands
        alone: for today's entry, every other edition's; for an older one's, today's
        alone (where it is now)."""
        members = self.members.get(group, {})
        if len(members) < 2:
            return []
        if group not in self.numbers:
            self.numbers[group] = len(self.numbers)
        others = sorted((m for at, m in members.items() if at != (page, number)), key=lambda m: m[3])
        if not current:
            others = [m for m in others if m[4]][:1]
        return [self.numbers[group], [[m[0], m[1], m[2]] for m in others]]


def section_words(ctx: Context, language: str) -> tuple[list[dict], dict, list[list], list[list], list[list], list]:
    """The part of `language`'s index made of the section pages of its site
    (every edition's): the label rows it uses (and their index), its entries,
    the rules found by their text alone, the rules' examples, and the texts
    of its entries that have one ((entry, text): the rules that define a term
    or name an infraction, found by it as by a title). It reads the
    sections, texts included, the keyword forms, and what resolve matched of
    the editions (the same sections and rules in each): a warm build keeps it
    while the rules' texts stay as they were (render/site.py)."""
    docs = _Docs()
    groups = _Groups(ctx, docs)
    head: list[list] = []  # [kind, doc, url, title, keys, group, also]
    rules: list[list] = []  # [kind, doc, url, title, keys, text, group, also]: rules found by their text alone
    examples: list[list] = []  # the same for the rules' examples
    titled: list[tuple[int, str]] = []  # (entry of head, its text)
    keys_of = _keyword_forms(ctx, language)

    sections: list[Section] = list(ctx.editions.pages_of(language))
    # Riftbound before Magic, today's editions before older ones, newer before older.
    games = list(dict.fromkeys(s.game for s in sections))
    sections.sort(key=lambda s: s.edition, reverse=True)
    sections.sort(key=lambda s: (games.index(s.game), bool(s.version_path)))
    printed: set[tuple[str, str, str]] = set()  # each rule text once, at the newest edition printing it
    shown: set[tuple[str, str, str]] = set()  # each example's text once, the same way
    # The terms today's rules define, by document: a term two rules define names neither.
    today: dict[tuple[str, str], list] = {}
    for section in sections:
        if not section.version_path:
            today.setdefault((section.game, section.document), []).extend(section.rules)
    terms_of = {document: defined_terms(found) for document, found in today.items()}
    # First, every section and rule of a group, so that each entry can name the others.
    made: list[tuple] = []  # (kind, doc, url, title, keys, text, group, page, number[, "rules": in a text file])
    for section in sections:
        current = not section.version_path
        doc = groups.doc_of(section)
        page = html_path(section_page(section.key))
        keys = keys_of.get((section.game, section.document, section.number), []) if current else []
        if section.title.strip() or keys:  # a bare number ("100.1") is the number search's
            group = groups.section(section)
            made.append((SECTION, doc, page, f"{section.number} {section.title}".strip(), keys, "", group, page, section.number))
        terms = terms_of.get((section.game, section.document), {}) if current else {}
        for rule in section.rules:
            # Its examples, each at the anchor the section page gives it.
            for i, example in enumerate(rule.examples, 1):
                said = _plain(example.text, language)
                if said and (section.game, section.document, said) not in shown:
                    shown.add((section.game, section.document, said))
                    examples.append([EXAMPLE, doc, f"{page}#{example_anchor(rule.number, i)}", rule.number, [], said])
            if rule.number == section.number:
                continue
            text = _plain(rule.text, language)
            group = groups.rule(section, rule.number)
            if (section.game, section.document, text) in printed:
                continue
            printed.add((section.game, section.document, text))
            url = f"{page}#{rule.number}"
            term = terms.get(rule.number)
            if term is not None:  # found by its term as by a title, its text searched too
                made.append((RULE, doc, url, f"{rule.number} {term}", [], text, group, page, rule.number))
            elif len(text.split()) <= TITLE_WORDS:
                made.append((RULE, doc, url, f"{rule.number} {text}", [], "", group, page, rule.number))
            else:
                made.append((RULE, doc, url, rule.number, [], text, group, page, rule.number, "rules"))
    for kind, doc, url, title, keys, text, group, page, number, *where in made:
        extra = groups.fields(group, page, number, docs.rows[doc]["current"])
        if where:
            rules.append([kind, doc, url, title, list(keys), text, *extra])
            continue
        row = [kind, doc, url, title, list(keys)] if keys or extra else [kind, doc, url, title]
        head.append(row + extra)
        if text:
            titled.append((len(head) - 1, text))
    return docs.rows, docs.index, head, rules, examples, titled


def word_index(
    ctx: Context, language: str, written: dict[str, tuple[str, str]] | None = None, sections: tuple | None = None
) -> dict[str, str]:
    """assets/search-words.js and the assets/search-text-N.js files of `language`'s
    site. `written`: the written pages (docs path -> (title, Markdown));
    `sections`: `section_words` of the site, when the caller has it."""
    rows, index, head, rules, examples, titled = sections if sections is not None else section_words(ctx, language)
    # Copies: what the caller gave is kept for the next build.
    docs = _Docs()
    docs.rows, docs.index = [dict(row) for row in rows], dict(index)
    entries = _Entries(list(head))
    if language == CONTENT_LANGUAGE:
        _answer_entries(ctx, language, docs, entries)
    _other_entries(ctx, language, docs, entries, written)
    head = entries.head
    if language != CONTENT_LANGUAGE:
        for row in docs.rows:  # each result says its language: this site's own, then English's
            row["language"] = language
        names = search_names(ctx.corpus, ctx.concordance, language)
        english = _english_titles(ctx, language, docs, names)
        _add_keys(head, {html_path(section_page(key)): words for key, words in names.items() if key.language == language})
        _add_keys(head, english.own_keys)
        head += english.rows
    files = {WORDS: QUEUE + script_json({"docs": docs.rows, "entries": head}) + ");\n"}
    parts = _text_parts(docs, head, list(rules), examples, titled, entries.texts)
    for k, part in enumerate(parts, 1):
        part["part"] = k
        part["of"] = len(parts)
        files[TEXT.format(k)] = QUEUE + script_json(part) + ");\n"
    return files


class _Entries:
    """The index's entries (`head`: [kind, doc, url, title(, keys)]) and
    (entry, its text) of those whose text the text files hold."""

    def __init__(self, head: list) -> None:
        self.head = head
        self.texts: list[tuple[int, str]] = []

    def add(self, kind: str, doc: int, url: str, title: str, keys: list[str] = (), text: str = "") -> None:
        self.head.append([kind, doc, url, title, list(keys)] if keys else [kind, doc, url, title])
        if text:
            self.texts.append((len(self.head) - 1, text))


def _answer_entries(ctx: Context, language: str, docs: _Docs, entries: _Entries) -> None:
    """The content language's cards (one entry a name, with its nicknames),
    rulings and walkthroughs."""
    named: set[str] = set()
    nicknames: dict[str, list[str]] = {}  # card name -> its nicknames (card-aliases.yml)
    for alias in ctx.corpus.card_aliases:
        nicknames.setdefault(alias.card, []).extend(alias.names)
    for card in ctx.corpus.cards:
        if card.name in named:  # one entry a name, not one a printing
            continue
        named.add(card.name)
        game = card.game or "riftbound"
        doc = docs.of(game, "cards", t(language, "nav-cards"))
        facts = " · ".join(x for x in [card.code, ", ".join(card.types)] if x)
        text = " ".join([facts, _plain(card.text, language)]).strip()
        entries.add(CARD, doc, f"{html_path(ctx.card_page(card))}#{card.id}", card.name, nicknames.get(card.name, []), text)
    for ruling in ctx.corpus.rulings:
        doc = docs.of(ruling.game, "community-rulings", t(language, "community-rulings"))
        body = " ".join([ruling.question, ruling.answer, *ruling.steps, *ruling.nuances, *ruling.cards])
        entries.add(RULING, doc, html_path(page_of(ruling)), ruling.title, [], _plain(body, language))
    for walkthrough in ctx.corpus.walkthroughs:
        doc = docs.of(walkthrough.game, walkthrough.document, document_name(walkthrough.document), walkthrough.edition)
        body = " ".join([walkthrough.summary, *(step.text for step in walkthrough.steps)])
        entries.add(WALKTHROUGH, doc, html_path(page_of(walkthrough)), walkthrough.title, [], _plain(body, language))


def _other_entries(ctx: Context, language: str, docs: _Docs, entries: _Entries, written: dict | None) -> None:
    """The FAQ answers shown in this language's site, the topics, the
    language's guides and the written pages."""
    add = entries.add
    for faq in ctx.corpus.faqs:
        home, home_language = ctx.faq_home(faq)
        if home_language != language:
            continue
        source = ctx.corpus.sources[faq.source_id]
        doc = docs.of(faq.game, "faq", t(language, "official-faq"), source.edition)
        kind = FAQ if faq.kind == "answer" else OFFICIAL
        add(kind, doc, f"{html_path(home)}#{faq_anchor(faq)}", faq.question, [], _plain(faq.answer, language))
    for topic in ctx.concordance.topics:
        add(TOPIC, -1, html_path(topic_page(topic.id)), topic.title)
    for guide in ctx.corpus.guides:
        if guide.language == language:
            doc = docs.of(guide.game, "guides", t(language, "guides"))
            body = " ".join(block.text for block in guide.blocks)
            add(GUIDE, doc, html_path(guide_page(guide.game, guide.id)), guide.title, [], _plain(body, language))
    for path, (title, text) in sorted((written or {}).items()):
        add(PAGE, -1, html_path(path), title, [], " ".join(text.split()))


def _text_parts(docs: _Docs, head: list, rules: list, examples, titled, texts: list) -> list[dict]:
    """The text files' parts. The answers readers type words from (rulings,
    FAQ answers, walkthroughs, guides, pages) come first, in a part of
    FIRST_PART bytes that a phone has within a second of the titles; then
    Riftbound's rules, the cards' texts, Magic's rules, then the rules'
    examples (Riftbound's, then Magic's), in parts of TEXT_PART bytes. The
    order of the files is not the order of the ranking: each entry ranks by
    what it is."""
    parts: list[dict] = []
    size = limit = FIRST_PART
    first_magic = next((k for k, r in enumerate(rules) if docs.rows[r[1]]["game"] != GAME_NAMES["riftbound"]), len(rules))
    # With the answers, the texts of the rules found by the term they define.
    answers = [x for x in texts if head[x[0]][0] != CARD] + list(titled)
    ordered = (
        [("text", x) for x in answers]
        + [("rule", r) for r in rules[:first_magic]]
        + [("text", x) for x in texts if head[x[0]][0] == CARD]
        + [("rule", r) for r in rules[first_magic:]]
        + [("rule", r) for r in examples]
    )
    for what, item in ordered:
        if size >= limit:
            parts.append({"texts": [], "entries": []})
            size, limit = 0, (FIRST_PART if len(parts) == 1 else TEXT_PART)
        if what == "rule":
            parts[-1]["entries"].append(item)
            size += len(item[2]) + len(item[5]) + 16 + (len(str(item[7])) if len(item) > 7 else 0)
        else:
            parts[-1]["texts"].append(list(item))
            size += len(item[1]) + 8
    return parts


class _English(NamedTuple):
    rows: list[list]  # English's entries, after the site's own
    own_keys: dict[str, list[str]]  # a page of the site's own -> the English title and keywords of the same rule


def _add_keys(head: list[list], keys_of: dict[str, list[str]]) -> None:
    """The site's own sections and answers found by more words (`keys_of`: their url -> words)."""
    for k, row in enumerate(head):
        words = keys_of.get(row[2]) if row[0] in (SECTION, FAQ, OFFICIAL) else None
        if words:
            keys = list(row[4]) if len(row) > 4 else []
            seen = {key.casefold() for key in keys}
            for word in words:  # one of each form as searched, as `_keyword_forms` gives them
                if word.casefold() not in seen:
                    seen.add(word.casefold())
                    keys.append(word)
            head[k] = [*row[:4], keys, *row[5:]]


def _english_titles(ctx: Context, language: str, docs: _Docs, names: dict | None = None) -> _English:
    """What English's site holds, by title, for a search on `language`'s site,
    after its own entries: today's sections (with their keywords, and the
    words `language`'s readers search them by, `names`: `search_names`),
    cards, rulings, walkthroughs and answers, their document named "(in
    English)" and their pages reached from this site's root. A card's name or
    "show off" typed on the French site then finds the English page that has
    it. A section this site has by the concordance (Spanish 701.20 Mostrar is
    English 701.16 Reveal) is one result, the site's own: English's title and
    keywords are its keys (`own_keys`)."""
    up = to_content_root(language)
    rows: list[list] = []
    names = names or {}
    own_keys: dict[str, list[str]] = {}

    def doc(game: str, document: str, name: str, edition: str = "") -> int:
        return docs.of(game, document, t(language, "in-english", document=name), edition, True, elsewhere=True)

    keys_of = _keyword_forms(ctx, CONTENT_LANGUAGE)
    for section in ctx.editions.pages_of(CONTENT_LANGUAGE):
        keys = keys_of.get((section.game, section.document, section.number), [])
        if section.version_path or not (section.title.strip() or keys):
            continue
        own = own_translation(ctx.corpus, ctx.concordance, section, language)
        if own is not None:  # one result a rule: this site's own
            words = [section.title.strip(), *keys] if section.title.strip() else list(keys)
            own_keys.setdefault(html_path(section_page(own)), []).extend(words)
            continue
        keys = keys + [w for w in names.get(section.key, []) if w not in keys]
        at = doc(section.game, section.document, document_name(section.document), section.edition)
        row = [SECTION, at, up + html_path(section_page(section.key)), f"{section.number} {section.title}".strip()]
        rows.append(row + [list(keys)] if keys else row)
    named: set[str] = set()
    for card in ctx.corpus.cards:
        if card.name not in named:
            named.add(card.name)
            at = doc(card.game or "riftbound", "cards", t(language, "nav-cards"))
            rows.append([CARD, at, f"{up}{html_path(ctx.card_page(card))}#{card.id}", card.name])
    for ruling in ctx.corpus.rulings:
        at = doc(ruling.game, "community-rulings", t(language, "community-rulings"))
        rows.append([RULING, at, up + html_path(page_of(ruling)), ruling.title])
    for walkthrough in ctx.corpus.walkthroughs:
        name = document_name(walkthrough.document)
        at = doc(walkthrough.game, walkthrough.document, name, walkthrough.edition)
        rows.append([WALKTHROUGH, at, up + html_path(page_of(walkthrough)), walkthrough.title])
    # An answer the site has translated is one result, the translation, found by the English question too.
    translations = {faq.translates: faq for faq in ctx.corpus.faqs if faq.translates and ctx.faq_home(faq)[1] == language}
    for faq in ctx.corpus.faqs:
        home, home_language = ctx.faq_home(faq)
        if faq.id in translations:
            own = translations[faq.id]
            own_keys.setdefault(f"{html_path(ctx.faq_home(own)[0])}#{faq_anchor(own)}", []).append(faq.question)
        elif home_language == CONTENT_LANGUAGE:
            at = doc(faq.game, "faq", t(language, "official-faq"), ctx.corpus.sources[faq.source_id].edition)
            rows.append([FAQ if faq.kind == "answer" else OFFICIAL, at, f"{up}{html_path(home)}#{faq_anchor(faq)}", faq.question])
    for row in docs.rows:
        row.setdefault("language", CONTENT_LANGUAGE)  # English's rows, made here
    return _English(rows, own_keys)


def _keyword_forms(ctx: Context, language: str) -> dict[tuple[str, str, str], list[str]]:
    """(game, document, section number) -> the keywords and defined terms that
    link to that section of the game's main rules, in this language."""
    out: dict[tuple[str, str, str], list[str]] = {}
    for game, forms in ctx.links.keywords.items():
        main = MAIN_DOCUMENT.get(game, "")
        for form, (number, form_language, _keyword) in forms.items():
            if form_language == language:
                out.setdefault((game, main, number), []).append(form)
    # One of each form as searched ("[Reveal]", "Reveal" and "reveal" are one).
    for key, forms in out.items():
        seen: dict[str, str] = {}
        for form in forms:
            seen.setdefault(form.strip("[]").casefold(), form.strip("[]"))
        out[key] = list(seen.values())
    return out


def is_word_index(path: str) -> bool:
    """Whether `path` (from a language's root) is a file of its word index."""
    return path == WORDS or (path.startswith("assets/search-text-") and path.endswith(".js"))
