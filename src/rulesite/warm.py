"""What `rulesite serve` keeps in memory from one build to the next, so that a
build after one change redoes only what the change touches. `Sequence` takes
it as `memory`; without it (`rulesite build`) nothing is kept in memory.

Everything in it is filed under digests of the content it was made from,
never under times: what is found under an equal digest is what would be made
again.

- `pairs`: the rule pairs of two editions (`resolve.history.rule_pairs`,
  most of comparing them), by the two editions' digests: a change that leaves
  both editions as they were scores them no more.
- `jobs`: each reusable render job's fingerprint and pages (`render/reuse.py`)."""

from __future__ import annotations

import hashlib
import pickle

from .model import Corpus
from .resolve.history import KnownPairs


class Memory:
    def __init__(self) -> None:
        self.pairs: dict[tuple, tuple[tuple[str, str], list]] = {}
        self.jobs: dict[tuple, tuple[str, dict]] = {}

    def known_pairs(self, corpus: Corpus) -> tuple[KnownPairs, dict]:
        """The pairs kept for editions as they are now, and the editions' digests
        (game, document, language, label) -> digest, for `keep_pairs`."""
        digests = {
            (e.game, e.document, e.language, e.label): hashlib.sha256(pickle.dumps(e, pickle.HIGHEST_PROTOCOL)).hexdigest()
            for editions in corpus.editions.values()
            for e in editions
        }
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
