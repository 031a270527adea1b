"""What `rulesite serve` keeps from one build to the next, so that a build
after one change redoes only what the change touches; `rulesite build` keeps
none of it in memory. Each is only a faster way to the same result: the site
and the problems found are those a clean build gives
(`tests/build/test_warm_builds.py`, `tests/build/test_incremental.py`).

`Memory` (`Sequence(..., memory=)`), for read, resolve and render. Everything
in it is filed under digests of the content it was made from, never under
times: what is found under an equal digest is what would be made again.

- `shared`: each document's reads and what merge made of them (its editions
  and current view), by the names of its sources' reads
  (`read.kept.Shared`): a document read from the same entries is handed out
  as the very same objects, neither unpickled nor merged again, so that a
  later step can tell it unchanged by its objects. A document merge reported
  a problem in, or with cards (resolve adds their errata), is not kept.
- `compared`: what comparing each document's editions made (history, chains,
  diffs, chain steps), by its editions' objects, and the editions and changes
  views and the diffs' pages, while every document's editions are those
  objects (`resolve.history.KnownComparisons`): a build that changes no rules
  source compares no edition again. Each document's part of the two views is
  kept too, by the objects it was made from (`edition_parts`,
  `change_parts`): after a rule reworded, only its document's is made again.
  (Matching's pure text functions, `resolve.history`'s normalized texts,
  title keys and rule positions, are cached by their strings, process-wide;
  so is its search for rules moved between sections, by the rules left
  unpaired on both sides: after a rule reworded, most often those of the
  last build.)
- `pairs`: the rule pairs of two editions (`resolve.history.rule_pairs`,
  most of comparing them), by the two editions' digests: a change that leaves
  both editions as they were scores them no more. An edition's digest is kept
  too (`edition_digests`), by the reads of its document's sources it was
  merged from (`read.kept.Kept.entries`).
- `links`: every text's links, while the linker is made from the same
  numbers, titles and keywords (`resolve.linked.KnownLinks`); a section page
  that is the same object is not linked again (its rules' references are
  what they were); the linker's number tables and the titles' keyword forms,
  while every document's editions are the same objects.
- `parsed`: each YAML text read (walkthroughs, manifests, rulings' ids)
  parsed, by the text's digest and where it is shown (`read.yamlfile.keeping`).
- `mentions`: the cards each ruling, FAQ answer and erratum names, by its
  texts and tags, while the cards, nicknames and the corpus's words stay as
  they were (`resolve.card_mentions.KnownMentions`); the corpus's words
  with how often each token is printed, so that only the texts that changed
  are split into words again.
- the docs generation a build replaced is removed beside the next stages
  (`discard_later`), not before them: some 20,000 files; or, kept as `docs`
  (`output.Spare`), made a copy of the published one in a thread of its own,
  and taken by the next build as its new generation, where only the files
  that differ are written (`render.site.write_docs`).
- `jobs`: each reusable render job's fingerprint and pages (`render/reuse.py`;
  a document's published data with a digest of each file's data, so that made
  again it writes out only the files that changed: `export.files.data_again`),
  and (`heavy`) each section's part of those fingerprints made of the rules
  and their comparison, by what it was made from: the frame and the digests
  of its documents' editions (`edition_digests`), or else by what it read
  (its rules, history rows, links, equivalents: compared, not digested) and
  where its document's diff pages held each entry, so that a rule reworded
  digests again only the sections showing it; `texts`, the digest of
  every document as the last render saw them.
- `share_pages`: the share pages each reusable job making them made last
  (`render.share.remembering`), by their arguments: a job that runs again
  takes those whose arguments are as they were.
- `bundles`: each language's history bundle (`render.site._history_bundle`),
  with the history files it was made of.
- `words`: each language's word index's part made of the section pages,
  while the rules (`texts`) are as they were.
- `previews`: each language's preview files with the data each was made of
  (`render.share.preview_files`): a preview job that runs again encodes only
  the files whose data changed.
- `marked`: each page's text before and after its language marker
  (`render.languages.mark_missing_translations`), with what the marker says:
  a page whose text and marker are as they were is not marked again.
- `write`: what the write stage worked out (`write_memory.WriteMemory`): the
  files written (the very texts: a file that is the same object, or an equal
  text, is the same file) with each one's digest and the published docs
  generation's digests table, so that only the files that changed are
  looked at again; each language's service worker hashes, URL string and
  precache list (followed file by file as files come or go), its MkDocs config, and (for `engine.built_from.language_keys`) the
  titles of the pages written.

`Warm` (`Sequence(..., warm=)`), for MkDocs and the check:

- `rebuilder`: the MkDocs rebuild process (`rebuild.RebuildProcess`): MkDocs, Material and
  the Markdown extensions imported once, the theme's templates compiled once,
  English's config, files and navigation gathered ahead between builds
  (`rebuild._Gathered`, asked for once a site is published);
- `findings`: what the output check found of each file, in memory
  (`check.run.HeldFindings`), written to its file once, by `close`, and the
  findings that need other pages, page by page (`check.run.CrossPages`);
  the site's list of files with the links resolved against it; each
  section's expected entries and each edition's counts, by the identity of
  the section or edition (and of its pages' entries) they were made of;
- `precache`: the size and hash of each file the service workers list, by the
  file's identity (`check.offline_app.check_precache`);
- `states`: what the published site's languages were built from
  (`engine.built_from.remember`), read from memory by the next build and written
  to its file once, by `close`;
- `site`: the site generation the last build replaced, made a copy of the
  published one in a thread of its own (`output.Spare`): the next build, when
  it builds no language whole, takes it as its new generation instead of
  linking every file again (`engine.driver.build`).

Both copies lie beside their folder (`.docs.<id>.spare`, `.site.<id>.spare`)
until `close` (`Memory.close`, `Warm.close`); when the process is killed, the
next build removes them, as it removes what a killed build left."""

from __future__ import annotations

import threading
from pathlib import Path

from .common import output
from .check.run import HeldFindings
from .common.model import Corpus
from .read.kept import Shared
from .engine.rebuild import RebuildProcess
from .common.content_digest import content_digest
from .resolve.history import KnownComparisons, KnownPairs
from .resolve.card_mentions import KnownMentions
from .resolve.linked import KnownLinks
from .write.write_memory import WriteMemory


class Memory:
    def __init__(self) -> None:
        self.pairs: dict[tuple, tuple[tuple[str, str], list]] = {}
        self.jobs: dict[tuple, tuple[str, dict]] = {}
        self.links = KnownLinks()
        self.mentions = KnownMentions()
        self._discarding: threading.Thread | None = None
        self.texts: bytes | None = None  # the digest of what the last render read of the rules
        self.heavy: dict = {}  # section key -> (what it was made from and read, its digest) (`reuse.Fingerprints`)
        self.parsed: dict = {}  # the YAML texts read parsed (`read.yamlfile.keeping`)
        # (game, document, language, label) -> (the reads its document was merged from, its digest)
        self.edition_digests: dict[tuple, tuple[tuple, str]] = {}
        self.share_pages: dict = {}  # job name -> share page's arguments -> (page, image path, image) (`render.share`)
        self.bundles: dict = {}  # language -> (history files, the bundle made of them) (`render.site`)
        self.offline: dict = {}  # language -> folder -> (offline files, their bundle) (`render.site._offline_bundles`)
        self.words: dict = {}  # language -> the rules' digest, its word index's sections part (`render.site.searched_words`)
        self.previews: dict = {}  # language -> preview file -> its data, text, bundle part (`render.share.preview_files`)
        self.marked: dict = {}  # (language, path) -> a page's text, its language marker's inputs, the two (`render.languages`)
        self.write = WriteMemory()
        self.shared = Shared()  # each document's reads and merged editions (`read.kept.Shared`)
        self.compared = KnownComparisons()  # each document's comparison, the views of them all
        self.docs = output.Spare()  # a copy of the published docs generation, for the next build

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

    def close(self) -> None:
        """Removes the kept copy of the docs (`docs`): no build will take it."""
        self.docs.drop()
        self.settle()


class Warm:
    def __init__(self, start: bool = False) -> None:
        """`start`: the MkDocs process starts now (it imports MkDocs meanwhile), else at the first rebuild."""
        self.rebuilder = RebuildProcess(now=start)
        self.findings = HeldFindings()
        self.precache: dict = {}
        self.site = output.Spare()  # a copy of the published site generation, for the next build
        self.states: dict = {}  # state file -> what the published languages were built from (`engine.built_from.remember`)

    def close(self) -> None:
        self.rebuilder.close()
        self.findings.save()
        from .engine.built_from import write_states

        write_states(self.states)
        self.site.drop()  # no build will take it
