"""What `rulesite serve` keeps from one build to the next, so that a build
after one change redoes only what the change touches; `rulesite build` keeps
none of it in memory. Each is only a faster way to the same result: the site
and the problems found are those a clean build gives
(`tests/build/test_warm_builds.py`, `tests/build/test_incremental.py`).

`Memory` (`Sequence(..., memory=)`), for read, resolve and render. Everything
in it is filed under digests of the content it was made from, never under
times: what is found under an equal digest is what would be made again.

- `pairs`: the rule pairs of two editions (`resolve.history.rule_pairs`,
  most of comparing them), by the two editions' digests: a change that leaves
  both editions as they were scores them no more.
- `links`: every text's links, while the linker is made from the same
  numbers, titles and keywords (`resolve.linked.KnownLinks`).
- the docs generation a build replaced is removed beside the next stages
  (`discard_later`), not before them: some 20,000 files.
- `jobs`: each reusable render job's fingerprint and pages (`render/reuse.py`),
  and (`texts`, `heavy`) the parts of those fingerprints that only the rules'
  texts decide, while they stay as they were.
- `words`: each language's word index's part made of the section pages,
  while the rules (`texts`) are as they were.
- `marked`: each page's text before and after its language marker
  (`render.languages.mark_missing_translations`), with what the marker says:
  a page whose text and marker are as they were is not marked again.

`Warm` (`Sequence(..., warm=)`), for MkDocs and the check:

- `mkdocs`: the MkDocs rebuild process (`rebuild.Worker`): MkDocs, Material and
  the Markdown extensions imported once, the theme's templates compiled once;
- `findings`: what the output check found of each file, in memory
  (`check.run.HeldFindings`), written to its file once, by `close`;
- `precache`: the size and hash of each file the service workers list, by the
  file's identity (`check.offline_app.check_precache`)."""

from __future__ import annotations

import threading
from pathlib import Path

from . import output
from .check.run import HeldFindings
from .model import Corpus
from .rebuild import Worker
from .render.reuse import content_digest
from .resolve.history import KnownPairs
from .resolve.linked import KnownLinks


class Memory:
    def __init__(self) -> None:
        self.pairs: dict[tuple, tuple[tuple[str, str], list]] = {}
        self.jobs: dict[tuple, tuple[str, dict]] = {}
        self.links = KnownLinks()
        self._discarding: threading.Thread | None = None
        self.texts: bytes | None = None  # the digest of what the last render read of the rules
        self.heavy: dict = {}  # section key -> what its page read of the rules then (`reuse.Fingerprints`)
        self.words: dict = {}  # language -> the rules' digest, its word index's sections part (`render.site.searched_words`)
        self.marked: dict = {}  # (language, path) -> a page's text, its language marker's inputs, the two (`render.languages`)

    def known_pairs(self, corpus: Corpus) -> tuple[KnownPairs, dict]:
        """The pairs kept for editions as they are now, and the editions' digests
        (game, document, language, label) -> digest, for `keep_pairs`."""
        digests = {
            (e.game, e.document, e.language, e.label): content_digest(e).hex()
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

    def discard_later(self, generation: Path) -> None:
        """Removes `generation` (one no build writes or reads any more) in a
        thread of its own; the next build waits for it (`settle`)."""
        self.settle()
        self._discarding = threading.Thread(target=output.discard, args=(generation,), daemon=True)
        self._discarding.start()

    def settle(self) -> None:
        """Waits until what `discard_later` removes is gone."""
        if self._discarding is not None:
            self._discarding.join()
            self._discarding = None


class Warm:
    def __init__(self, start: bool = False) -> None:
        """`start`: the MkDocs process starts now (it imports MkDocs meanwhile), else at the first rebuild."""
        self.mkdocs = Worker(now=start)
        self.findings = HeldFindings()
        self.precache: dict = {}

    def close(self) -> None:
        self.mkdocs.close()
        self.findings.save()
