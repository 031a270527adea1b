"""Which rulings, FAQ answers and errata name each card.

An item names a card by a `<Card name>` tag (a ruling's `cards`), by the
card's name printed in its text (whole words, as printed: "Zhonya's
Hourglass"), or by its public code ("OGN-012/298"). An erratum names its own
card and any card its old or new text names. Resolved once here; card pages
only list what this finds.
"""

from __future__ import annotations

import re
from collections import defaultdict

from ..model import Card, Corpus, Erratum, FaqAnswer, Ruling

Item = Ruling | FaqAnswer | Erratum


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


def card_mentions(corpus: Corpus) -> dict[str, list[Item]]:
    """card id -> the items naming it, in corpus order (rulings, FAQ answers, errata)."""
    by_name: dict[str, list[Card]] = defaultdict(list)
    by_code: dict[str, Card] = {}
    for card in corpus.cards:
        by_name[card.name.casefold()].append(card)
        if card.code:
            by_code[card.code.casefold()] = card
    if not by_name:
        return {}
    # Longest names first: "Zhonya's Hourglass" before a card called "Zhonya".
    names = {c.name for c in corpus.cards if c.name}
    # Names as printed (a card "Charm" is not the word "charm"); codes in any case.
    alternatives = [r"(?<![\w'])" + longest_of(names) + r"(?![\w'])"]
    if by_code:
        alternatives.append(r"(?i:(?<![\w/-])" + longest_of(by_code) + r"(?![\w/]))")
    # The characters a name or code can start with, tried first: the regex engine
    # then skips most places in a text at once instead of trying every name there.
    # (Codes in any case, as they are matched.)
    firsts = "[" + "".join(re.escape(c) for c in sorted({n[0] for n in names})) + "]"
    if by_code:
        firsts += "|(?i:[" + "".join(re.escape(c) for c in sorted({c[0] for c in by_code})) + "])"
    pattern = re.compile(f"(?={firsts})(?:" + "|".join(alternatives) + ")")
    found: dict[str, list[Item]] = defaultdict(list)

    def add(cards: list[Card], item: Item) -> None:
        for card in cards:
            if not any(existing is item for existing in found[card.id]):
                found[card.id].append(item)

    items: list[Item] = [*corpus.rulings, *corpus.faqs, *corpus.errata]
    for item in items:
        named = list(item.cards) if isinstance(item, Ruling) else []
        if isinstance(item, Erratum):
            named.append(item.card)
        for name in named:
            add(by_name.get(name.casefold(), []), item)
        for text in _texts(item):
            for match in pattern.finditer(text or ""):
                word = match.group(0).casefold()
                card = by_code.get(word)
                add([card] if card is not None else by_name.get(word, []), item)
    return found
