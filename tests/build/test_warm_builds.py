"""`rulesite serve` keeps what read, resolve and render made in memory
(`memory.BuildMemory`) and redoes only what a change touches. Whatever it reuses,
the Markdown it writes (and the site built from it) must be a clean build's
of the same sources, byte for byte: after a ruling reworded, a rule of the
newest Core Rules edition reworded, an example under one reworded, a rule
of a translation reworded, a ruling added and another removed, a
keyword form dropped, a walkthrough reworded, an edition added, an official
document added and a rule revision's text changed, each
through the warm path, compared with a clean build made beside it."""

from __future__ import annotations

import json
import re
import shutil
from contextlib import closing

import pytest
from buildproc import REPO, change_a_ruling, linked_copy, project, tree
from editions_fixture import write_four_editions
from shared_sites import tree_digest

from rulesite.common.diagnostics import Diagnostics
from rulesite.sequence import Sequence, Settings, Stopped
from rulesite.memory import BuildMemory


def settings(root, out: str, site: bool = False, clean: bool = False, corpora=None) -> Settings:
    return Settings.of(
        root / "rules_src",
        root / out / "docs",
        root / out / "site",
        config=REPO / "mkdocs.yml",
        pages_dir=root / "docs",
        corpora=corpora,
        site=site,
        clean=clean,
    )


def run(given: Settings, memory: BuildMemory | None = None) -> list:
    return run_reporting(given, memory)[0]


def run_reporting(given: Settings, memory: BuildMemory | None = None) -> tuple[list, list[str]]:
    """The build's records, and the problems it reported (warnings: it stops at an error)."""
    diag = Diagnostics()
    records = list(Sequence(given, diag, memory=memory).run())
    stopped = [r for r in records if isinstance(r, Stopped)]
    assert not stopped and not diag.errors, (stopped, [str(e) for e in diag.errors][:5])
    return records, sorted(str(d) for d in diag.items)


def _edit(root, path, old, new):
    path = root / path
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{path}: {old!r} is gone: update the test"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def reword_a_rule(root):
    """A rule of the newest Core Rules edition of the seeds (the dated excerpt)
    reworded, and on the web page that prints the same rule (the build holds them to one text)."""
    for name in ("core-rules-excerpt-2026-10-09.txt", "832-show-off.web-page.txt"):
        _edit(
            root, f"rules_src/riftbound/{name}", "Show Off is normally present on Cards.", "Show Off is usually present on Cards."
        )


def edit_an_example(root):
    """An example under a rule of the newest Core Rules excerpt reworded (and on
    the web page printing the same rule): the section's page and its history."""
    for name in ("core-rules-excerpt-2026-10-09.txt", "832-show-off.web-page.txt"):
        _edit(
            root,
            f"rules_src/riftbound/{name}",
            "a card with Energy cost [7] or more",
            "a card costing [7] or more Energy",
        )


def edit_a_translation(root):
    """A rule of the Spanish Comprehensive Rules page reworded: a document of
    its own, whose sections the English pages show beside their equivalents."""
    _edit(
        root,
        "rules_src/magic/701.20-mostrar.es.web-page.txt",
        "Una carta que está mostrada actualmente puede mostrarse de nuevo.",
        "Una carta ya mostrada puede mostrarse de nuevo.",
    )


def add_and_remove_rulings(root):
    """A ruling added (a page more) and another removed (a page less), with their ids."""
    rulings = root / "rules_src/riftbound/community-rulings.txt"
    text = rulings.read_text(encoding="utf-8")
    gone = re.search(r"^Ruling: No, only reaction spells can be added to.*\n", text, re.M)
    assert gone, "the ruling the test removes is gone: update the test"
    text = text.replace(gone.group(0), "", 1)
    text = (
        text.rstrip("\n")
        + "\n\nRuling: Yes, a unit that was moved this turn can still be chosen. Nuances: - Moving changes nothing\n"
    )
    rulings.write_text(text, encoding="utf-8")
    ids = root / "rules_src/riftbound/community-rulings.ids.yml"
    entries = ids.read_text(encoding="utf-8")
    old = (
        '- id: only-reactions-can-join-a-chain\n  title: "Only reaction spells can be added to an existing chain"\n'
        '  starts: "No, only reaction spells can be added to"\n'
    )
    assert old in entries
    entries = entries.replace(old, "", 1)
    entries += '- id: moved-units-can-be-chosen\n  title: "A unit moved this turn can still be chosen"\n  starts: "Yes, a unit that was moved this turn"\n'
    ids.write_text(entries, encoding="utf-8")


def add_an_edition(root):
    """A later excerpt of the Core Rules: its own edition (its rules as the web page prints them)."""
    folder = root / "rules_src/riftbound"
    text = (folder / "core-rules-excerpt-2026-10-09.txt").read_text(encoding="utf-8")
    text = text.replace("Last Updated: 2026-10-09", "Last Updated: 2026-12-01", 1)
    (folder / "core-rules-excerpt-2026-12-01.txt").write_text(text, encoding="utf-8")
    manifest = root / "rules_src/manifest.yml"
    manifest.write_text(
        manifest.read_text(encoding="utf-8")
        + "\n  - id: rb-core-2026-12-01\n    path: riftbound/core-rules-excerpt-2026-12-01.txt\n"
        "    game: riftbound\n    document: core-rules\n    language: en\n    edition: 2026-12-01\n"
        '    format: rules-text\n    partial: true\n    title: "Riftbound Core Rules, later excerpt"\n',
        encoding="utf-8",
    )


def edit_a_keyword(root):
    """A keyword form dropped: the texts that used it link it no more (rulings,
    walkthroughs, rules), and the keyword index and the word index lose it."""
    _edit(
        root,
        "rules_src/keywords.yml",
        "[Reveals, Revealed, Revealing, reveals, revealed, revealing]",
        "[Reveals, Revealed, Revealing, reveals, revealing]",
    )


def edit_a_walkthrough(root):
    """A walkthrough's summary reworded: its page, the word index and its data."""
    _edit(
        root,
        "rules_src/walkthroughs/five-units-with-different-names.yml",
        "as long as the five names all differ.",
        "as long as no two of the five names are the same.",
    )


CHANGES = {
    "ruling reworded": change_a_ruling,
    "rule reworded": reword_a_rule,
    "example edited": edit_an_example,
    "translation edited": edit_a_translation,
    "rulings added and removed": add_and_remove_rulings,
    "keyword edited": edit_a_keyword,
    "walkthrough edited": edit_a_walkthrough,
    "edition added": add_an_edition,
}


def edit_a_keyword(root):
    """keywords.yml: a form added to a section's keywords (every text's links are made anew)."""
    _edit(root, "rules_src/keywords.yml", '"424": [Reveals,', '"424": [Reveal it, Reveals,')


def add_a_nickname(root):
    """card-aliases.yml: a nickname added, for a card the seeds' gallery does not have
    (a near miss of a name is reported; none of it may be kept from the last build)."""
    _edit(
        root,
        "rules_src/card-aliases.yml",
        '"Blastcone Fae": [Blastcone]',
        '"Blastcone Fae": [Blastcone, Fae]\n  "Reveall": [Peek]',
    )


def cite_a_missing_rule(root):
    """A ruling reworded to cite a rule no source holds: the page listing
    those (reused while the rulings' count and such numbers stay) lists it."""
    change_a_ruling(root)
    _edit(root, "rules_src/riftbound/community-rulings.txt", "You can never choose", "You can never (see rule 355) choose")


def make_a_rule_a_term(root):
    """A rule of the newest Core Rules excerpt (and of the web page printing it)
    reworded into a title: it defines a term, which the rulings' texts then
    link ("reaction spells"), though no ruling changed (render/reuse.py)."""
    for name in ("core-rules-excerpt-2026-10-09.txt", "832-show-off.web-page.txt"):
        _edit(root, f"rules_src/riftbound/{name}", "Show Off is normally present on Cards.", "Reaction Spells")


def add_an_official_document(root):
    """An official clarifications document (faq-json) added: its page, its items
    listed on the rule it cites, the indexes, the word index and the data."""
    article = {
        "id": "show-off-clarifications",
        "title": "Show Off Clarifications",
        "publishedAt": "2026-10-20T00:00:00.000Z",
        "originUrl": "https://example.org/show-off-clarifications/",
        "content": "Where this document and the Core Rules differ, this document will take precedence.\n\n"
        "## Showing Off\n\nA facedown card cannot show off (rule 832.1).\n",
    }
    (root / "rules_src/riftbound/official-faq.json").write_text(json.dumps([article], indent=2), encoding="utf-8")
    manifest = root / "rules_src/manifest.yml"
    manifest.write_text(
        manifest.read_text(encoding="utf-8") + "\n  - id: rb-official-faq-seed\n    path: riftbound/official-faq.json\n"
        "    game: riftbound\n    document: official-faq\n    language: en\n    edition: undated\n"
        '    format: faq-json\n    title: "Official clarifications"\n',
        encoding="utf-8",
    )


def give_spanish_search_words(root):
    """keywords.yml: Spanish words for a keyword no Spanish text translates
    (resolve/search_names.py): the Spanish word index finds it by them."""
    path = root / "rules_src/keywords.yml"
    text = path.read_text(encoding="utf-8")
    assert 'riftbound/es:\n  "424": [' in text
    path.write_text(text.replace('riftbound/es:\n  "424": [', 'riftbound/es:\n  "424": [desvelar, '), encoding="utf-8")


def translate_an_faq_answer(root):
    """A Spanish answer to one of 424's official answers (faq-translation): its
    page on the Spanish site, and the English answer on 424's page links it."""
    fixture = REPO / "tests/read/fixtures/faq_translation"
    (root / "rules_src/riftbound/answers.es.yml").write_text(
        (fixture / "answers.es.yml").read_text(encoding="utf-8"), encoding="utf-8"
    )
    entry = (fixture / "manifest.yml").read_text(encoding="utf-8").split("sources:\n", 1)[1]
    manifest = root / "rules_src/manifest.yml"
    text = manifest.read_text(encoding="utf-8").rstrip("\n") + "\n\n" + entry.replace("path: ", "path: riftbound/", 1)
    manifest.write_text(text, encoding="utf-8")


# What read and resolve keep besides (parsed YAML, card mentions) must be made anew after these too.
MORE_CHANGES = {
    **CHANGES,
    "keyword edited": edit_a_keyword,
    "nickname added": add_a_nickname,
    "missing rule cited": cite_a_missing_rule,
    "rule made a term": make_a_rule_a_term,
    "official document added": add_an_official_document,
    "Spanish search words given": give_spanish_search_words,
    "FAQ answer translated": translate_an_faq_answer,
}


def _docs(records) -> dict[str, str]:
    written = next(r for r in records if type(r).__name__ == "Written")
    return tree(written.docs_dir)


# The docs and the site a clean build writes depend on its sources alone,
# wherever they are (the problems it reports name their paths): a test of
# this module needing those of sources an earlier test built clean takes
# that build's (the serve session's first two changes are the kept copies').
_CLEAN_SITES: dict[str, tuple[dict[str, str], dict[str, str]]] = {}


def clean_site(root) -> tuple[dict[str, str], dict[str, str]]:
    """The (docs, site) trees of a clean build of root's sources (rules_src/,
    docs/) into root/clean, unless a test of this module built the same
    sources clean already."""
    key = tree_digest(root / "rules_src") + tree_digest(root / "docs")
    if key not in _CLEAN_SITES:
        docs = _docs(run(settings(root, "clean", site=True, clean=True)))
        _CLEAN_SITES[key] = docs, tree(root / "clean/site")
    return _CLEAN_SITES[key]


def same_trees(warm: dict[str, str], clean: dict[str, str]) -> None:
    assert warm.keys() == clean.keys(), (sorted(warm.keys() - clean.keys())[:5], sorted(clean.keys() - warm.keys())[:5])
    differ = sorted(path for path in warm if warm[path] != clean[path])
    assert not differ, f"{len(differ)} files differ from a clean build's: {differ[:8]}"


@pytest.mark.parametrize("change", list(MORE_CHANGES))
def test_a_warm_build_writes_the_clean_builds_markdown(tmp_path, change):
    root = project(tmp_path / "project")
    memory = BuildMemory(mkdocs=False)
    run(settings(root, "warm"), memory)
    before = dict(memory.render.jobs)
    MORE_CHANGES[change](root)
    warm, warm_problems = run_reporting(settings(root, "warm"), memory)
    clean, clean_problems = run_reporting(settings(root, "clean", clean=True))
    same_trees(_docs(warm), _docs(clean))
    assert warm_problems == clean_problems
    # Something was reused, or the test would not test reuse at all (an added
    # edition moves the pinned links and diffs: there, nothing may be; a
    # keyword or nickname, every text's links or mentions).
    reused = [name for name, (digest, _) in memory.render.jobs.items() if before.get(name, ("",))[0] == digest]
    if change in CHANGES and change != "edition added":
        assert reused, "no render job was reused"


def test_one_serve_session_of_changes_publishes_the_clean_builds_site(tmp_path):
    """The changes one after another through one memory, as a serve
    session makes them; each time the published site is a clean build's."""
    root = project(tmp_path / "project")
    memory = BuildMemory(mkdocs=False)
    run(settings(root, "warm", site=True), memory)
    for change in CHANGES.values():
        change(root)
        warm = _docs(run(settings(root, "warm", site=True), memory))
        clean_docs, clean_site_tree = clean_site(root)
        same_trees(warm, clean_docs)
        same_trees(tree(root / "warm/site"), clean_site_tree)


def test_a_clean_build_through_the_memory_is_a_build_without_memory(tmp_path, monkeypatch):
    """A clean build is one call (`BuildMemory.forget`, which `Settings.clean`
    makes the sequence call first): through a memory filled by earlier
    builds it uses none of it (no render job is taken from it) and writes
    what a build with no memory writes, with the same problems; and the
    memory it leaves serves the next warm build as a warm build's would."""
    root = project(tmp_path / "project")
    memory = BuildMemory(mkdocs=False)
    run(settings(root, "warm"), memory)
    # Objects a warm build keeps and fills again, never replaces.
    kept = (memory.read.shared, memory.resolve.compared, memory.resolve.links, memory.resolve.mentions)
    reword_a_rule(root)
    forget, forgot = BuildMemory.forget, []

    def spy(self) -> None:
        forgot.append(self)
        forget(self)

    monkeypatch.setattr(BuildMemory, "forget", spy)
    through, through_problems = run_reporting(settings(root, "warm", clean=True), memory)
    assert forgot == [memory]
    now = (memory.read.shared, memory.resolve.compared, memory.resolve.links, memory.resolve.mentions)
    assert not any(new is old for new, old in zip(now, kept)), "the clean build used what was kept"
    alone, alone_problems = run_reporting(settings(root, "clean", clean=True))
    same_trees(_docs(through), _docs(alone))
    assert through_problems == alone_problems
    assert memory.render.jobs, "the clean build kept nothing for the next one"
    edit_an_example(root)
    same_trees(_docs(run(settings(root, "warm"), memory)), _docs(run(settings(root, "clean", clean=True))))
    assert forgot == [memory], "a build without --clean forgot"


def test_an_editions_kept_digest_is_the_digest_of_the_edition_read(tmp_path, monkeypatch):
    """An edition's digest (what its kept rule pairs are filed under) is kept by
    the reads its document was merged from: after any change it is the digest
    of the edition as read now, and of an unchanged document it is not made again."""
    from rulesite.stages import read as read_stage
    from rulesite.resolve import memory as resolve_memory
    from rulesite.render.reuse import content_digest

    root = project(tmp_path / "project")
    given = settings(root, "warm")
    memory = BuildMemory(mkdocs=False)

    def read_and_digest() -> tuple[dict, dict]:
        kept = read_stage.kept_reads(given.config_dir)
        corpus = read_stage.read_corpus(given.manifest, Diagnostics(), given.sources, given.pages_dir, kept, memory.read.parsed)
        kept.save()
        made = {
            (e.game, e.document, e.language, e.label): content_digest(e).hex()
            for found in corpus.editions.values()
            for e in found
        }
        return memory.resolve.known_pairs(corpus, kept.entries)[1], made

    first, made = read_and_digest()
    assert first == made and memory.resolve.edition_digests
    reword_a_rule(root)
    digests, made = read_and_digest()
    assert digests == made and digests != first
    add_an_edition(root)
    digests, made = read_and_digest()
    assert digests == made and len(digests) > len(first)
    counted = []
    monkeypatch.setattr(resolve_memory, "content_digest", lambda e: counted.append(e) or content_digest(e))
    again, _ = read_and_digest()
    assert again == digests and counted == []  # nothing changed: no edition digested again


def test_share_pages_made_of_the_same_arguments_are_not_made_again(tmp_path, monkeypatch):
    """A job making share pages that runs again (a rule reworded: its run of
    sections' share pages, the pinned links) takes the pages whose arguments
    are as they were from the last build (`share.remembering`): only the
    reworded rule's pages are made, and the docs are a clean build's."""
    from rulesite.render import share

    root = project(tmp_path / "project")
    memory = BuildMemory(mkdocs=False)
    run(settings(root, "warm"), memory)
    assert any(memory.render.share_pages.values())  # the section shares (the seeds have no card or pinned ones)
    made, preview_image = [], share.preview_image
    monkeypatch.setattr(share, "preview_image", lambda *args: made.append(args[1]) or preview_image(*args))
    reword_a_rule(root)
    warm = _docs(run(settings(root, "warm"), memory))
    monkeypatch.undo()
    same_trees(warm, _docs(run(settings(root, "clean", clean=True))))
    assert made == ["832.1.a"]  # the reworded rule's share page alone


def test_the_editions_data_of_a_changed_document_alone_is_made_again(tmp_path):
    """The published data of the editions is made a document at a time
    (export/files.py's `document_data_files`), each reused apart: after a
    rule of the Spanish page reworded, that document's part is made again
    (a part kept by mistake would publish the old text) and the others are
    reused; after a rule of the Core Rules reworded, the Core Rules' alone.
    Pages sent back the same as the last build made them (`site.SAME`)
    are the kept ones: the docs are a clean build's each time."""
    root = project(tmp_path / "project")
    memory = BuildMemory(mkdocs=False)
    run(settings(root, "warm"), memory)
    for change, document in ((edit_a_translation, "comprehensive-rules"), (reword_a_rule, "core-rules")):
        before = dict(memory.render.jobs)
        parts = [name for name in before if name[:2] == ("data", "rules") and len(name) > 2]
        assert len(parts) > 1
        change(root)
        warm = _docs(run(settings(root, "warm"), memory))
        again = [name[2] for name in parts if memory.render.jobs[name][0] != before[name][0]]
        assert [key[1] for key in again] == [document]
        same_trees(warm, _docs(run(settings(root, "clean", clean=True))))
    made = [
        pages for name, (_, pages) in memory.render.jobs.items() if name[:2] == ("data", "rules") and name[2:3] == (again[0],)
    ]
    assert any("Show Off is usually present" in text for text in made[0].values())


def test_the_editions_list_is_made_again_when_an_edition_comes_or_goes_alone(tmp_path):
    """editions.json (export/files.py's `editions_data_files`) lists each
    document's editions, their counts, the current one and the pairs: no
    rule's text. A rule or an example reworded keeps it (its fingerprint reads
    no text); an edition added or removed makes it again (kept by mistake, it
    would list the editions that were)."""
    root = project(tmp_path / "project")
    memory = BuildMemory(mkdocs=False)
    run(settings(root, "warm"), memory)
    for change, again in (
        (reword_a_rule, False),
        (edit_an_example, False),
        (add_an_edition, True),
        (remove_the_added_edition, True),
    ):
        before = memory.render.jobs[("data", "rules")][0]
        change(root)
        warm = _docs(run(settings(root, "warm"), memory))
        assert (memory.render.jobs[("data", "rules")][0] != before) is again, change.__name__
        same_trees(warm, _docs(run(settings(root, "clean", clean=True))))


def _held(folder, into) -> dict[str, str]:
    """Every file of the generation `folder` names, held under `into`
    (`linked_copy`): relative path -> sha256. A write into one of them shows in
    `tree(into)`."""
    return tree(linked_copy(folder, into))


def test_the_kept_copies_of_the_generations_give_the_clean_builds_output(tmp_path):
    """serve keeps, beside each output folder, a copy of its published
    generation made of hard links (`output.Spare`), and the next build takes
    it as its new one and replaces only the files that differ. Its ways to be
    wrong: a file written through a link into the published generation, a
    file removed since left in the next one, a copy taken after a failed
    build; each time the docs and the site must be a clean build's, and the
    generation published before untouched."""
    from rulesite.sequence import Checked, Published

    root = project(tmp_path / "project")
    with closing(BuildMemory()) as memory:
        files = memory.files

        def build(diag=None) -> list:
            return list(Sequence(settings(root, "warm", site=True), diag or Diagnostics(), memory=memory).run())

        def clean_build_is_the_same() -> None:
            clean_docs, clean_site_tree = clean_site(root)
            same_trees(tree(root / "warm/docs"), clean_docs)
            same_trees(tree(root / "warm/site"), clean_site_tree)

        assert any(isinstance(r, Published) for r in build())
        for number, change in enumerate((change_a_ruling, reword_a_rule), start=1):
            site, docs = tree(root / "warm/site"), tree(root / "warm/docs")
            held = {"site": _held(root / "warm/site", tmp_path / f"held-site-{number}")}
            held["docs"] = _held(root / "warm/docs", tmp_path / f"held-docs-{number}")
            change(root)
            records = build()
            assert any(isinstance(r, Published) for r in records), records[-1]
            assert (memory.files.docs.taken, files.site.taken) == (number, number), "a kept copy was not used"
            assert next(r for r in records if isinstance(r, Checked)).findings_reused > 100  # the same files: the same inodes
            for name in held:
                assert tree(tmp_path / f"held-{name}-{number}") == held[name], f"a published {name} file was written into"
            clean_build_is_the_same()
            if change is reword_a_rule:  # the rule's preview image has a new name: the old one must be gone
                assert site.keys() - tree(root / "warm/site").keys(), "no file went: the test tests no removal"
            assert docs != tree(root / "warm/docs")

        # A page MkDocs refuses: the build fails after taking the copy; the published site stays whole.
        published = tree(root / "warm/site")
        about = root / "docs/about.md"
        text = about.read_text(encoding="utf-8")
        about.write_text(text + "\nSee [there](#nowhere-at-all).\n", encoding="utf-8")
        records = build(Diagnostics())
        assert isinstance(records[-1], Stopped) and records[-1].why == "mkdocs", records[-1]
        assert files.site.taken == 3 and files.site.path is None
        assert tree(root / "warm/site") == published
        about.write_text(text, encoding="utf-8")
        change_a_ruling_back(root)
        assert any(isinstance(r, Published) for r in build())  # without a site copy: none was kept
        assert files.site.taken == 3 and files.site.path is not None
        clean_build_is_the_same()
        # And the next one takes the copy made of the generation the failed build left published.
        reword_a_rule_back(root)
        assert any(isinstance(r, Published) for r in build())
        assert files.site.taken == 4
        clean_build_is_the_same()
        assert files.site.path is not None and memory.files.docs.path is not None
    # as serve does when it stops (`closing`): no copy is left behind
    assert sorted(p.name for p in (root / "warm").glob(".*.spare")) == []


def change_a_ruling_back(root):
    _edit(root, "rules_src/riftbound/community-rulings.txt", "You can never choose", "You cannot choose")


def reword_a_rule_back(root):
    for name in ("core-rules-excerpt-2026-10-09.txt", "832-show-off.web-page.txt"):
        _edit(
            root, f"rules_src/riftbound/{name}", "Show Off is usually present on Cards.", "Show Off is normally present on Cards."
        )


def cite_a_rule(root):
    """A ruling made to cite rule 832.2.a (the rule pages list it; its data cites it)."""
    _edit(
        root,
        "rules_src/riftbound/community-rulings.txt",
        "You cannot choose to deal less damage",
        "As rule 832.2.a says, you cannot choose to deal less damage",
    )


def remove_the_cited_rule(root):
    """Rule 832.2.a removed from the web page that prints it: the ruling, unchanged, cites a rule not in the sources."""
    path = root / "rules_src/riftbound/832-show-off.web-page.txt"
    text = path.read_text(encoding="utf-8")
    changed = re.sub(r"- 832\.2\.a\.\n- [^\n]*\n", "", text, count=1).replace("— 14 rules", "— 13 rules", 1)
    assert changed != text, f"{path}: rule 832.2.a is gone: update the test"
    path.write_text(changed, encoding="utf-8")


def renumber_a_rule(root):
    """Rule 832.3 renumbered 832.4 on the web page that prints it."""
    _edit(root, "rules_src/riftbound/832-show-off.web-page.txt", "- 832.3.\n", "- 832.4.\n")


def remove_the_added_edition(root):
    manifest = root / "rules_src/manifest.yml"
    text = manifest.read_text(encoding="utf-8")
    start = text.index("\n  - id: rb-core-2026-12-01\n")
    manifest.write_text(text[:start] + "\n", encoding="utf-8")
    (root / "rules_src/riftbound/core-rules-excerpt-2026-12-01.txt").unlink()


def reword_the_excerpt_alone(root):
    """The excerpt's rule reworded, not the web page's: the two disagree (an error; nothing is written)."""
    _edit(
        root,
        "rules_src/riftbound/core-rules-excerpt-2026-10-09.txt",
        "Show Off is normally present on Cards.",
        "Show Off is usually present on Cards.",
    )


def reword_the_web_page_too(root):
    _edit(
        root,
        "rules_src/riftbound/832-show-off.web-page.txt",
        "Show Off is normally present on Cards.",
        "Show Off is usually present on Cards.",
    )


def test_documents_kept_as_the_same_objects_follow_each_change(tmp_path):
    """Read hands out a document read from the same entries as the very same
    objects, and resolve reuses what it made of them (`read.kept.Shared`,
    `history.KnownComparisons`): after each change that touches some
    documents and not others, and after a build stopped by a conflict merge
    found (which changed what it was given), the next warm build writes a clean
    build's Markdown and reports its problems."""
    root = project(tmp_path / "project")
    memory = BuildMemory(mkdocs=False)
    run(settings(root, "warm"), memory)
    run(settings(root, "warm"), memory)  # the second build takes the documents as they were
    steps = {
        "a ruling cites a rule": cite_a_rule,
        "the rule it cites removed": remove_the_cited_rule,
        "a rule renumbered": renumber_a_rule,
        "nothing changed": lambda root: None,
        "an edition added": add_an_edition,
        "the edition removed": remove_the_added_edition,
        "a conflict": reword_the_excerpt_alone,
        "the conflict settled": reword_the_web_page_too,
    }
    for what, change in steps.items():
        change(root)
        if what == "a conflict":
            found = []
            for given, kept in ((settings(root, "warm"), memory), (settings(root, "clean", clean=True), None)):
                diag = Diagnostics()
                records = list(Sequence(given, diag, memory=kept).run())
                assert isinstance(records[-1], Stopped), what
                found.append(sorted(str(d) for d in diag.items))
            assert found[0] == found[1] and any("rule-conflict" in d for d in found[0]), what
            continue
        warm, warm_problems = run_reporting(settings(root, "warm"), memory)
        clean, clean_problems = run_reporting(settings(root, "clean", clean=True))
        same_trees(_docs(warm), _docs(clean))
        assert warm_problems == clean_problems, what
        written = next(r for r in warm if type(r).__name__ == "Written").docs_dir
        ruling = (written / "en/riftbound/rulings/all-combat-damage-must-be-assigned.md").read_text(encoding="utf-8")
        linked = 'href="../core-rules/832.html#832.2.a"' in ruling
        assert linked == (what == "a ruling cites a rule"), what  # the test tests what it says


def _page(records, path: str) -> str:
    written = next(r for r in records if type(r).__name__ == "Written")
    return (written.docs_dir / path).read_text(encoding="utf-8")


def test_a_warm_build_after_a_rule_revision_changed_writes_the_clean_builds_markdown(tmp_path):
    """A revised rule text that later editions did not print becomes one they
    did: the rule's pages in every edition say so anew, though no rule changed
    (render/reuse.py's `_official`)."""
    root = tmp_path / "project"
    sources = write_four_editions(root)
    shutil.copy(REPO / "tests/read/fixtures/official.faq-json.json", sources)
    manifest = sources / "manifest.yml"
    manifest.write_text(
        manifest.read_text(encoding="utf-8")
        + "\n  - id: official-faq\n    path: official.faq-json.json\n    game: riftbound\n    document: official-faq\n"
        "    language: en\n    edition: undated\n    format: faq-json\n    title: Official FAQ\n",
        encoding="utf-8",
    )
    shutil.copytree(REPO / "docs", root / "docs")
    memory = BuildMemory(mkdocs=False)
    page = "en/riftbound/core-rules/v1.1/102.md"
    assert "not in v1\\.2" in _page(run(settings(root, "warm"), memory), page)
    _edit(root, "rules_src/official.faq-json.json", "by conquering battlefields.", "by holding battlefields.")
    warm, warm_problems = run_reporting(settings(root, "warm"), memory)
    assert "incorporated in v1\\.2; incorporated in v1\\.3" in _page(warm, page)
    clean, clean_problems = run_reporting(settings(root, "clean", clean=True))
    same_trees(_docs(warm), _docs(clean))
    assert warm_problems == clean_problems


def test_a_reworded_rulings_offline_file_alone_is_made_again(tmp_path):
    """The files the offline page shows pages never visited by
    (render/offline_data.py) are made by the jobs making the pages they show,
    and reused with them: after a ruling reworded, its offline file and its
    folder's bundle are made again with the new words (kept by mistake, a
    phone offline would show the old answer), no other offline file differs,
    the jobs of the section and card pages are reused, and the docs are a
    clean build's."""
    root = project(tmp_path / "project")
    memory = BuildMemory(mkdocs=False)
    first = _docs(run(settings(root, "warm"), memory))
    before = dict(memory.render.jobs)
    change_a_ruling(root)
    records = run(settings(root, "warm"), memory)
    warm = _docs(records)
    same_trees(warm, _docs(run(settings(root, "clean", clean=True))))
    offline = [path for path in warm if "assets/offline/" in path or "assets/offline-current/" in path]
    assert any("/rulings/" in path for path in offline) and any("/core-rules/" in path for path in offline)
    differ = sorted(path for path in offline if warm[path] != first.get(path))
    assert [path.split("/assets/")[1].split("/")[:3] for path in differ] == [
        ["offline-current", "riftbound", "rulings.json"],
        ["offline", "riftbound", "rulings"],
    ], differ
    docs = next(r for r in records if type(r).__name__ == "Written").docs_dir
    assert all("You can never choose" in (docs / path).read_text(encoding="utf-8") for path in differ)
    again = {name[1] for name, (digest, _) in memory.render.jobs.items() if before.get(name, ("",))[0] != digest}
    assert "rulings" in again and not again & {"sections", "cards"}, again


def test_a_translated_answer_reworded_is_linked_by_its_new_words(tmp_path):
    """The English answer's page (a section page a warm build keeps while what
    it reads is unchanged) links the translation by its question: reworded,
    the page is made again, as a clean build makes it."""
    root = project(tmp_path / "project")
    translate_an_faq_answer(root)
    memory = BuildMemory(mkdocs=False)
    run(settings(root, "warm"), memory)
    path = root / "rules_src/riftbound/answers.es.yml"
    path.write_text(
        path.read_text(encoding="utf-8").replace("¿puedo jugarlo y seguir?", "¿puedo jugarlo y continuar?"), encoding="utf-8"
    )
    warm, warm_problems = run_reporting(settings(root, "warm"), memory)
    clean, clean_problems = run_reporting(settings(root, "clean", clean=True))
    same_trees(_docs(warm), _docs(clean))
    assert warm_problems == clean_problems
    assert "continuar" in (_docs_dir(warm) / "en/riftbound/core-rules/424.md").read_text(encoding="utf-8")


def _docs_dir(records):
    return next(r for r in records if type(r).__name__ == "Written").docs_dir
