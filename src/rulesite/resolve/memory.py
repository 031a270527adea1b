"""What the resolve stage keeps between the builds of one process (`rulesite
serve`; `memory.BuildMemory.resolve`)."""

from __future__ import annotations

from ..common.content_digest import content_digest
from ..common.model import Corpus
from .card_mentions import KnownMentions
from .history import KnownComparisons, KnownPairs
from .linked import KnownLinks


class ResolveMemory:
    """Keeps, each filed under digests or the identity of what it was made
    from, never under times:

    - `compared`: what comparing each document's editions made (history,
      chains, diffs, chain steps) and the editions and changes views, by its
      editions' objects (`resolve.history.KnownComparisons`);
    - `pairs`: the rule pairs of two editions (`resolve.history.rule_pairs`),
      by the two editions' digests; `edition_digests`, each edition's digest
      by the reads of its document's sources it was merged from;
    - `links`: every text's links, while the linker is made from the same
      numbers, titles and keywords (`resolve.linked.KnownLinks`);
    - `mentions`: the cards each ruling, FAQ answer and erratum names, while
      the cards, nicknames and the corpus's words are as they were
      (`resolve.card_mentions.KnownMentions`).

    Invalidated by: other editions' objects or digests, another linker or
    card list, found by lookup. `forget` drops it all. (Matching's pure text
    functions in `resolve.history` are cached by their strings, process-wide:
    a pure function's cache, not a build's memory.)"""

    def __init__(self) -> None:
        self.forget()

    def forget(self) -> None:
        self.pairs: dict[tuple, tuple[tuple[str, str], list]] = {}
        # (game, document, language, label) -> (the reads its document was merged from, its digest)
        self.edition_digests: dict[tuple, tuple[tuple, str]] = {}
        self.links = KnownLinks()
        self.mentions = KnownMentions()
        self.compared = KnownComparisons()  # each document's comparison, the views of them all

    def known_pairs(self, corpus: Corpus, entries: dict[str, str] | None = None) -> tuple[KnownPairs, dict]:
        """The pairs kept for editions as they are now, and the editions' digests
        (game, document, language, label) -> digest, for `keep_pairs`.
        `entries`: the name of each source's read (`read.kept.Kept.entries`):
        an edition whose document's sources were all read from the same
        entries as last time is what it was, and its digest is not made again."""
        sources: dict[tuple, list] = {}
        for source in corpus.sources.values():
            sources.setdefault((source.game, source.document, source.language), []).append(source.id)
        digests, made = {}, {}
        for document, editions in corpus.editions.items():
            names = [(entries or {}).get(name) for name in sources.get(document, [])]
            read_from = (tuple(sources.get(document, [])), tuple(names)) if names and None not in names else None
            for e in editions:
                key = (e.game, e.document, e.language, e.label)
                found = self.edition_digests.get(key)
                digest = found[1] if read_from is not None and found and found[0] == read_from else content_digest(e).hex()
                digests[key] = digest
                if read_from is not None:
                    made[key] = (read_from, digest)
        self.edition_digests = made
        known = {}
        for key, (made_from, pairs) in self.pairs.items():
            game, document, language, old, new, _ = key
            if made_from == (digests.get((game, document, language, old)), digests.get((game, document, language, new))):
                known[key] = pairs
        return known, digests

    def keep_pairs(self, known: KnownPairs, digests: dict) -> None:
        """After resolve: the pairs it used or scored (`known`), for the next build."""
        self.pairs = {}
        for key, pairs in known.items():
            game, document, language, old, new, _ = key
            made_from = (digests.get((game, document, language, old)), digests.get((game, document, language, new)))
            if None not in made_from:
                self.pairs[key] = (made_from, pairs)
