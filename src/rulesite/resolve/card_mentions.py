"""Which rulings, FAQ answers and errata name each card, and how.

An item names a card by a `<Card name>` tag (a ruling's `cards`), by its
public code ("OGN-012/298"), or in its text as players write it:

- `exact`: the name as printed, "Zhonya's Hourglass";
- `possessive`: "Hidden Blade's", "Zhonyas Hourglass" (the apostrophe left
  out), "Zhonyas" (of a short name whose word is a possessive in the name);
- `plural`: "Hourglasses";
- `short name`: the champion of a champion card ("Akshan" for "Akshan,
  Mischievous"), the owner of a possessive name ("Zhonya" for "Zhonya's
  Hourglass") or the last word of a longer name ("Hourglass"), when that word
  is no ordinary word (it is never written in lower case in the rules, card
  texts, rulings or answers), no game term, card type, domain or tag, and in
  at most two card names;
- `alias`: a nickname listed in rules_src/card-aliases.yml;
- `near spelling`: a capitalized word that no rule, card or name prints and no
  text writes in lower case, a letter off a name, short name or nickname of
  five letters, two off a longer one ("Zonyah's", "Stupify"), or off the first
  word of a longer name followed by the rest as printed ("Bryndhir Thundersong").

Names are matched as printed (a card "Charm" is not the word "charm"), on
whole words. A short name, alias or near spelling next to another capitalized
word is part of another name ("Sand Soldier", "Helm of Suppression") and names
nothing. A form that could name two cards names neither: when the item does not
name one of them otherwise ("Irelia" beside "Irelia, Fervent"), it is reported
(`card-ambiguous`, naming both), and a nickname settles it. An erratum names
its own card too. Resolved once here; card pages and Cards lines only list what
this finds, and `Citations.mentions` keeps how each was found.
"""

from __future__ import annotations

import copy
import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from ..common.diagnostics import Diagnostics
from ..common.model import Card, CardAlias, Corpus, Erratum, FaqAnswer, Ruling

Item = Ruling | FaqAnswer | Erratum

EXACT, POSSESSIVE, PLURAL, SHORT, ALIAS, NEAR = "exact", "possessive", "plural", "short name", "alias", "near spelling"
# Kinds that may be part of a longer proper name, so checked against their neighbours.
_GUESSED = {SHORT, ALIAS, NEAR}
# A word in more card names than this is a kind of card ("Blade", "Poro"), not a short name.
MAX_SHARED = 2
# The shortest word a near spelling is tried on, and how many letters it may be off.
NEAR_FROM, NEAR_UP_TO_5, NEAR_FROM_6 = 5, 1, 2
_APOSTROPHES = "'’"
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]|[A-Za-z]")
_CAPITALIZED = re.compile(r"(?<![\w'’-])([A-Z][a-z]+(?:-[A-Za-z]+)?)((?:['’]s)|s)?(?![\w'’-])")


@dataclass(frozen=True)
class Mention:
    """One card named by one item: how it was found, and the words as written."""

    item: Item
    card: Card
    how: str  # "tag", "code", or one or more kinds joined by ", ": "short name, possessive"
    text: str


@dataclass(frozen=True)
class _Form:
    """A way of writing a card name, before any ending ("'s", "s", "es")."""

    names: tuple[str, ...]  # the card names it may mean, as printed
    how: str
    owner: bool = False  # a possessive in the name ("Zhonya's"): a bare "s" is that possessive
    plural: bool = True  # no plural of an ordinary word: "Blocks" opening a sentence is no card "Block"


def _texts(item: Item) -> list[str]:
    if isinstance(item, Ruling):
        return [item.title, item.question, item.answer, *item.steps, *item.nuances]
    if isinstance(item, FaqAnswer):
        return [item.question, item.answer, item.topic]
    return [item.old_text, item.new_text, item.note]


def cards_named(corpus: Corpus, by_card: dict[str, list[Item]]) -> dict[str, list[Card]]:
    """Ruling or FAQ answer id -> the cards it names (`card_mentions` turned round).
    By name, then id: the same list in every build, whatever order they were met in."""
    by_id = {c.id: c for c in corpus.cards}
    found: dict[str, list[Card]] = {}
    for card_id, items in by_card.items():
        for item in items:
            if isinstance(item, (Ruling, FaqAnswer)):  # errata have their own list
                found.setdefault(item.id, []).append(by_id[card_id])
    return {key: sorted(cards, key=lambda c: (c.name.casefold(), c.id)) for key, cards in found.items()}


def longest_of(words: set[str] | dict[str, object]) -> str:
    """A regex matching any of `words`, the longest one where several match at
    the same place (followed by what the pattern requires after it), as an
    alternation of them longest first would, but as a tree of their letters:
    the engine follows one branch a character instead of trying each word in
    turn (950 card names: resolve matched them in 0.14 s, now in 0.05 s)."""
    tree: dict = {}
    for word in words:
        node = tree
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}  # a word ends here

    def branches(node: dict) -> str:
        # At most one branch follows the text's next character, so trying the
        # longer words first means: go on before ending here (a greedy "?").
        ways = [re.escape(char) + branches(child) for char, child in sorted(node.items()) if char]
        if not ways:
            return ""
        way = ways[0] if len(ways) == 1 else "(?:" + "|".join(ways) + ")"
        return f"(?:{way})?" if "" in node else way

    return "(?:" + branches(tree) + ")"


def card_mentions(corpus: Corpus, diag: Diagnostics | None = None) -> dict[str, list[Item]]:
    """card id -> the items naming it, in corpus order (rulings, FAQ answers, errata)."""
    return by_card_id(find_mentions(corpus, diag))


def by_card_id(mentions: list[Mention]) -> dict[str, list[Item]]:
    """card id -> the items of `mentions` naming it, in their order."""
    found: dict[str, list[Item]] = defaultdict(list)
    for mention in mentions:
        if not any(existing is mention.item for existing in found[mention.card.id]):
            found[mention.card.id].append(mention.item)
    return found


class KnownMentions:
    """What `find_mentions` worked out, kept for the next build in the same
    process (`rulesite serve`): the forms of every name and their pattern,
    while they are made from equal cards (ids, names, codes, games),
    nicknames and words (those printed, written in lower case, and terms);
    and, while those forms hold, each item's mentions by its texts and tags
    (an item names cards by nothing else). Every value is of strings and
    numbers (a card by its place in the card list, which the cards compared
    fix): the mentions handed back are made of this build's items and cards."""

    def __init__(self) -> None:
        self.words: dict[str, tuple[list[str], frozenset[str]]] = {}  # the texts' word sets, by which texts
        self.made_from: tuple | None = None
        self.forms: tuple | None = None  # (forms, pattern, near spellings, the nicknames' problems)
        self.items: dict[tuple, tuple] = {}  # (kind, texts, tags) -> (card place, how, text)s, unsure forms


def find_mentions(corpus: Corpus, diag: Diagnostics | None = None, known: KnownMentions | None = None) -> list[Mention]:
    """Every card every ruling, FAQ answer and erratum names, in corpus order,
    each card once per item (its first and surest mention). Forms that could
    name two cards are reported to `diag`. `known`: what the last build found
    (`KnownMentions`), used where it was made from the same, and replaced."""
    by_name: dict[str, list[Card]] = defaultdict(list)
    by_code: dict[str, Card] = {}
    for card in corpus.cards:
        if card.name:
            by_name[card.name].append(card)
        if card.code:
            by_code[card.code.casefold()] = card
    if not by_name:
        return []
    fresh = KnownMentions()
    words = _Words(corpus, known.words, fresh.words) if known is not None else _Words(corpus)
    cards = [(c.id, c.name, c.code, c.game) for c in corpus.cards]
    # Copied: what is kept is compared with the next build's, whatever this build does to its corpus.
    made_from = (cards, copy.deepcopy(corpus.card_aliases), words.spelled, words.lower, words.terms)
    if known is not None and known.made_from == made_from:
        fresh.forms, fresh.items = known.forms, known.items
    else:
        problems = Diagnostics()
        forms = _forms(by_name, words, corpus.card_aliases, problems)
        fresh.forms = (forms, _pattern(forms, by_code), _NearSpellings(forms, words), tuple(problems.items))
    forms, pattern, near, problems = fresh.forms
    if diag is not None:
        diag.items += problems
    by_folded = {name.casefold(): cards for name, cards in by_name.items()}
    place = {id(card): k for k, card in enumerate(corpus.cards)}
    card_names = _CardNames(by_name, by_folded, by_code, forms, pattern, near, words, place)
    out: list[Mention] = []
    items: dict[tuple, tuple] = {}
    for item in [*corpus.rulings, *corpus.faqs, *corpus.errata]:
        named = list(item.cards) if isinstance(item, Ruling) else []
        if isinstance(item, Erratum):
            named.append(item.card)
        key = (type(item).__name__, tuple(_texts(item)), tuple(named))
        found = items.get(key) or fresh.items.get(key)
        if found is None:
            found = _item_mentions(key[1], named, card_names)
        items[key] = found
        mentioned, unsure = found
        out += [Mention(item, corpus.cards[k], how, text) for k, how, text in mentioned]
        for written, names in unsure:
            _report(diag, item, written, names)
    if known is not None:
        known.words, known.made_from, known.forms, known.items = fresh.words, made_from, fresh.forms, items
    return out


class _CardNames(NamedTuple):
    """What an item's words are matched against to find the cards it names."""

    by_name: dict[str, list[Card]]
    by_folded: dict[str, list[Card]]  # by the name's casefold()
    by_code: dict[str, Card]  # by the code's casefold()
    forms: dict[str, _Form]  # each name's forms, by their base (`_forms`)
    pattern: re.Pattern  # every form and code (`_pattern`)
    near: _NearSpellings
    words: _Words
    places: dict[int, int]  # id(card) -> its place in the card list


def _item_mentions(texts, named, names: _CardNames) -> tuple[tuple, tuple]:
    """The cards one item names ((card place, how, text), first and surest
    first), and the forms it writes that could name two cards it names no
    other way ((written, card names), to report)."""
    by_name, by_folded, by_code, forms, pattern, near, words, places = names
    seen: set[str] = set()
    out: list[tuple[int, str, str]] = []
    unsure: dict[str, tuple[str, ...]] = {}  # written -> the card names it could mean

    def add(cards: list[Card], how: str, text: str) -> None:
        for card in cards:
            if card.id not in seen:
                seen.add(card.id)
                out.append((places[id(card)], how, text, card.name))

    for name in named:
        add(by_folded.get(name.casefold(), []), "tag", name)
    found = []  # ((text, start, end), written, form, whether it sits inside another name)
    for t, text in enumerate(texts):
        text = text or ""
        for match in pattern.finditer(text):
            written = match.group(0)
            code = by_code.get(written.casefold())
            if code is not None:
                add([code], "code", written)
                continue
            form = _ended(forms[match.group("base")], match.group("ending") or "")
            if form is not None:
                inside = _guessed(form) and _inside_a_name(text, match.start(), match.end(), words)
                found.append(((t, match.start(), match.end()), written, form, inside))
        for start, end, written, form in near.find(text, pattern):
            found.append(((t, start, end), written, form, _inside_a_name(text, start, end, words)))
    # "Helm of Suppression" is no card of the gallery: "Helm" elsewhere in
    # the item means that one too (but "Thundersong" inside a name found
    # whole, "Bryndhir Thundersong", is that name).
    wholes = [place for place, _, _, inside in found if not inside]
    others = {
        name
        for (t, start, end), _, form, inside in found
        if inside and not any(t == u and a <= start and end <= b for u, a, b in wholes)
        for name in form.names
    }
    for _, written, form, inside in found:
        if inside or (_guessed(form) and others.intersection(form.names)):
            continue
        if len(form.names) > 1:
            unsure.setdefault(written, form.names)
        else:
            add(by_name[form.names[0]], form.how, written)
    # "Irelia" beside "Irelia, Fervent" means that card: only a name the item
    # settles nowhere else is reported.
    listed = {name for _, _, _, name in out}
    reported = tuple((written, names) for written, names in unsure.items() if not listed.intersection(names))
    return tuple((k, how, text) for k, how, text, _ in out), reported


def _guessed(form: _Form) -> bool:
    return form.how.split(", ")[0] in _GUESSED


def _report(diag: Diagnostics | None, item: Item, written: str, names: tuple[str, ...]) -> None:
    if diag is None:
        return
    what = (
        f"ruling {item.id}" if isinstance(item, Ruling) else f"FAQ answer {item.id}" if isinstance(item, FaqAnswer) else "erratum"
    )
    diag.warning(
        item.loc,
        "card-ambiguous",
        f"{what}: {written!r} could name {' or '.join(names)}: listed on none of them "
        "(a nickname in rules_src/card-aliases.yml settles it)",
    )


class _Words:
    """What the corpus says about words: those written in lower case anywhere
    (ordinary words), those any rule, card or name prints (spelled right), and
    game terms, card types, domains and tags (never short names)."""

    def __init__(self, corpus: Corpus, known: dict | None = None, kept: dict | None = None) -> None:
        """`known`: the word sets of the last build, by name (`KnownMentions.words`),
        used for texts equal to those they were made from, and counted from for
        others; `kept`: where these are filed (with what counts them: None, the
        words are only found)."""
        printed = [rule.text for _, rule in corpus.rules()]
        printed += [example.text for _, rule in corpus.rules() for example in rule.examples]
        printed += [c.text for c in corpus.cards] + [c.name for c in corpus.cards]
        printed += [d for entry in corpus.glossary for d in (entry.term, *entry.definitions)]
        written = [text or "" for item in [*corpus.rulings, *corpus.faqs, *corpus.errata] for text in _texts(item)]
        known = known or {}
        counted, kept = kept is not None, {} if kept is None else kept
        for name, texts in (("printed", printed), ("written", written)):
            found = known.get(name)
            if found is not None and found[0] == texts:
                kept[name] = found
            elif counted:
                kept[name] = _words_of(texts, found)
            else:
                kept[name] = (texts, frozenset(_word_set(texts)), None)
        self.spelled = kept["printed"][1]
        # Made again only from other word sets (those equal to the last build's are its very objects).
        then = known.get("lower")
        if then is not None and then[0] is self.spelled and then[1] is kept["written"][1]:
            self.lower = then[2]
        else:
            self.lower = {w.lower() for w in self.spelled | kept["written"][1] if w[0].islower()}
        kept["lower"] = (self.spelled, kept["written"][1], self.lower)
        terms = [s.title for s in corpus.sections.values() if s.title]
        terms += [entry.term for entry in corpus.glossary]
        terms += [x for c in corpus.cards for x in (*c.types, *c.supertypes, *c.domains, *c.tags)]
        self.terms = {w for term in terms for w in _WORD.findall(term)}

    def ordinary(self, word: str) -> bool:
        return word.lower() in self.lower or word in self.terms


def _words_of(texts: list[str], then: tuple | None) -> tuple[list[str], frozenset[str], tuple[Counter, Counter]]:
    """(`texts`, the words they hold (`_word_set`), (how often each token is
    printed in them, how many of those tokens hold each word)). `then`: the
    same for the texts of the last build: only the tokens of the texts that
    came or went are counted again, and a word looked for only in a token
    that came or went (the texts are joined by spaces: no token spans two).
    Equal words give the very set of `then`."""
    if then is None or then[2] is None:
        tokens = Counter(" ".join(texts).split())
        words = Counter(word for token in tokens for word in _WORD.findall(token))
        return texts, frozenset(words), (tokens, words)
    came = Counter(texts)
    came.subtract(then[0])
    tokens, words = Counter(then[2][0]), Counter(then[2][1])
    for text, n in came.items():
        for token in text.split() if n else ():
            before = tokens[token]
            tokens[token] += n
            if before > 0 and tokens[token] <= 0:  # printed no more
                del tokens[token]
                for word in _WORD.findall(token):
                    words[word] -= 1
                    if words[word] <= 0:
                        del words[word]
            elif before <= 0 and tokens[token] > 0:  # printed now
                words.update(_WORD.findall(token))
    return texts, then[1] if words.keys() == then[1] else frozenset(words), (tokens, words)


def _word_set(texts: list[str]) -> set[str]:
    # The distinct tokens first (split is many times quicker than a regex over
    # the whole text), then the words of each.
    return {word for token in set(" ".join(texts).split()) for word in _WORD.findall(token)}


def _forms(by_name: dict[str, list[Card]], words: _Words, aliases: list[CardAlias], diag: Diagnostics | None) -> dict[str, _Form]:
    """Every way of writing a card name this module knows, before its ending -> what it means."""
    exact: dict[str, _Form] = {}
    guessed: dict[str, dict[str, str]] = defaultdict(dict)  # written -> card name -> how
    owners: set[str] = set()
    for name in by_name:
        exact[name] = _Form((name,), EXACT, plural=not words.ordinary(name.split()[-1]))
        for variant in _without_apostrophes(name):
            guessed[variant].setdefault(name, POSSESSIVE)
    names_with: dict[str, set[str]] = defaultdict(set)  # a word -> the card names holding it
    for name in by_name:
        for word in _WORD.findall(name):
            names_with[_bare(word)].add(name)
    for name in by_name:
        champion = ", " in name
        for short, owner in _short_names(name):
            holders = names_with.get(short, {name}) if " " not in short else {name}
            # A champion's name is one of the card tags; any other tag or game term is no short name.
            ordinary = short.lower() in words.lower if champion else words.ordinary(short)
            if ordinary or (len(holders) > MAX_SHARED and not champion):
                continue
            if owner:
                owners.add(short)
            # Every card name holding the word: one of them is meant, and which is a guess.
            for meant in sorted(holders | {name}):
                guessed[short].setdefault(meant, SHORT)
    for alias in aliases:
        if not any((card.game or "riftbound") == alias.game for card in by_name.get(alias.card, ())):
            # A build without the card gallery knows none of them: only a near miss is a mistake.
            near = [n for n in by_name if _distance(n.casefold(), alias.card.casefold(), 2) <= 2]
            if near and diag is not None:
                diag.warning(alias.loc, "card-alias", f"no card is named {alias.card!r}; did you mean {near[0]!r}?")
            continue
        for nickname in alias.names:
            if nickname in exact and nickname != alias.card and diag is not None:
                diag.warning(alias.loc, "card-alias", f"{nickname!r} is the name of another card: it names that card")
            guessed[nickname][alias.card] = ALIAS  # a maintainer's word over a guess
    forms = dict(exact)
    for written, meanings in guessed.items():
        if written in exact:
            continue  # a name as printed means that card
        listed = [n for n, how in meanings.items() if how == ALIAS] or list(meanings)
        how = meanings[listed[0]] if len(listed) == 1 else SHORT
        forms[written] = _Form(tuple(sorted(listed)), how, owner=written in owners or how == ALIAS)
    return forms


# What may follow a name: possessives, then plurals.
_ENDING = r"(?P<ending>['’]s|s['’]|['’](?<=s['’])|es|s)?"


def _ended(form: _Form, ending: str) -> _Form | None:
    """`form` followed by `ending`, with how it was written; None: no card."""
    if not ending:
        return form
    if ending[0] in _APOSTROPHES or ending[-1] in _APOSTROPHES or (ending == "s" and form.owner):
        kind = POSSESSIVE
    elif form.plural:
        kind = PLURAL
    else:
        return None
    how = kind if form.how == EXACT else f"{form.how}, {kind}" if kind not in form.how else form.how
    return _Form(form.names, how, form.owner, form.plural)


def _without_apostrophes(name: str) -> list[str]:
    """ "Zhonya's Hourglass" -> "Zhonyas Hourglass", "Zhonya Hourglass"."""
    if not re.search(r"\w['’]s\b", name):
        return []
    return [re.sub(r"(?<=\w)['’]s\b", "s", name), re.sub(r"(?<=\w)['’]s\b", "", name)]


def _bare(word: str) -> str:
    return re.sub(r"['’]s$", "", word)


def _short_names(name: str) -> list[tuple[str, bool]]:
    """(short name, whether it is a possessive in the name) a card may be called by."""
    head, comma, _ = name.partition(", ")
    if comma:
        return [(head, False)]  # a champion card: the champion ("Teemo, Scout")
    head = name.split(" - ")[0]
    words = head.split()
    if len(words) < 2:
        return []
    out = []
    if re.fullmatch(r"[A-Z]\w+['’]s", words[0]):
        out.append((_bare(words[0]), True))  # the owner: "Zhonya's Hourglass"
    last = words[-1]
    if re.fullmatch(r"[A-Z][a-z]{3,}", last):
        out.append((last, False))  # "Hourglass"
    return out


def _pattern(forms: dict[str, _Form], by_code: dict[str, Card]) -> re.Pattern:
    # Names as printed (a card "Charm" is not the word "charm"); codes in any case.
    alternatives = [r"(?<![\w'’])(?P<base>" + longest_of(forms) + ")" + _ENDING + r"(?![\w'’])"]
    if by_code:
        alternatives.append(r"(?i:(?<![\w/-])" + longest_of(by_code) + r"(?![\w/]))")
    # The characters a name or code can start with, tried first: the regex engine
    # then skips most places in a text at once instead of trying every name there.
    firsts = "[" + "".join(re.escape(c) for c in sorted({n[0] for n in forms})) + "]"
    if by_code:
        firsts += "|(?i:[" + "".join(re.escape(c) for c in sorted({c[0] for c in by_code})) + "])"
    return re.compile(f"(?={firsts})(?:" + "|".join(alternatives) + ")")


_SENTENCE_START = re.compile(r"(?:^|[.!?:;\"(\[\n-]|\s-)\s*$")


def _inside_a_name(text: str, start: int, end: int, words: _Words) -> bool:
    """Whether text[start:end] sits beside another capitalized word: part of a
    longer name ("Sand Soldier", "Lux, Crownguard"), not the card's short one.
    An ordinary word capitalized to open a sentence ("Then Zhonya", "Yes,
    Zhonya") is no name."""
    after = re.match(r"\s+(?:(?:of|the|of the|to)\s+)?([A-Z][\w'’-]*)", text[end : end + 80])
    if after and after.group(1) != "I":
        return True  # "Sand Soldier", "Helm of Suppression"
    head = text[max(0, start - 80) : start]
    before = re.search(r"(?<![\w'’-])([A-Z][\w'’-]*),?\s+$", head)
    if not before:
        return False
    if not words.ordinary(_bare(before.group(1))):
        return True
    opens_sentence = _SENTENCE_START.search(head[: before.start()]) or (before.start() == 0 and start <= 80)
    return not opens_sentence


class _NearSpellings:
    """Capitalized words no rule, card or name prints, one or two letters off a
    name or short name: "Zonyah's" for "Zhonya's"."""

    def __init__(self, forms: dict[str, _Form], words: _Words) -> None:
        self.words = words
        # The same misspelt word recurs: each is measured against the names once.
        self.heads_near, self.closest = cache(self._heads_near), cache(self._closest)
        self.targets: dict[str, list[tuple[str, _Form]]] = defaultdict(list)  # first letter -> (word, form)
        # A longer name's first word, misspelt before the rest as printed: "Bryndhir Thundersong".
        self.heads: dict[str, list[tuple[str, str, _Form]]] = defaultdict(list)  # first letter -> (word, rest, form)
        for written, form in forms.items():
            first, _, rest = written.partition(" ")
            if form.how == EXACT and rest and len(first) >= NEAR_FROM and first.isalpha():
                self.heads[first[0]].append((first, rest, form))
            if " " in written or len(written) < NEAR_FROM or not written.isalpha() or form.how.startswith(NEAR):
                continue
            if form.how in (EXACT, SHORT) or form.how.startswith(ALIAS):
                self.targets[written[0]].append((written, form))

    def find(self, text: str, pattern: re.Pattern) -> list[tuple[int, int, str, _Form]]:
        out = []
        for match in _CAPITALIZED.finditer(text):
            word, ending = match.group(1), match.group(2) or ""
            if len(word) < NEAR_FROM or word in self.words.spelled or self.words.ordinary(word):
                continue
            if pattern.fullmatch(match.group(0)):
                continue  # a form already
            if not ending and (whole := self.whole_name(word, text, match.end())):
                end, names, ending = whole
                how = NEAR if not ending else f"{NEAR}, {POSSESSIVE}"
                out.append((match.start(), end, text[match.start() : end], _Form(names, how)))
                continue
            names = self.closest(word)
            if names:
                how = NEAR if not ending else f"{NEAR}, {POSSESSIVE if ending != 's' else PLURAL}"
                out.append((match.start(), match.end(), match.group(0), _Form(names, how)))
        return out

    def whole_name(self, word: str, text: str, end: int) -> tuple[int, tuple[str, ...], str] | None:
        """(end, card names, ending) of a longer name whose first word `word`
        misspells, followed in `text` (from `end`) by the rest of it as printed."""
        for rest, form in self.heads_near(word):
            after = re.match(" " + re.escape(rest) + r"(['’]s)?(?![\w'’])", text[end : end + len(rest) + 4])
            if after:
                return end + after.end(), form.names, after.group(1) or ""
        return None

    def _heads_near(self, word: str) -> list[tuple[str, _Form]]:
        """(rest, form) of the longer names whose first word `word` is near."""
        limit = NEAR_UP_TO_5 if len(word) <= 5 else NEAR_FROM_6
        return [
            (rest, form)
            for first, rest, form in self.heads.get(word[0], ())
            if abs(len(first) - len(word)) <= limit and _distance(word, first, limit) <= limit
        ]

    def _closest(self, word: str) -> tuple[str, ...]:
        """The card names of the forms nearest `word` within the limit (none: ())."""
        limit = NEAR_UP_TO_5 if len(word) <= 5 else NEAR_FROM_6
        best: dict[int, set[str]] = defaultdict(set)
        for target, form in self.targets.get(word[0], ()):
            if abs(len(target) - len(word)) <= limit:
                distance = _distance(word, target, limit)
                if distance <= limit:
                    best[distance].update(form.names)
        return tuple(sorted(best[min(best)])) if best else ()


def _distance(a: str, b: str, limit: int) -> int:
    """Letters to add, drop, change or swap to make `a` into `b` (optimal string
    alignment), or `limit + 1` once it is sure to be more than `limit`."""
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        row = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                row[j] = min(row[j], previous2[j - 2] + 1)
        if min(row) > limit:
            return limit + 1
        previous2, previous = previous, row
    return previous[-1]
