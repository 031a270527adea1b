"""`rulesite serve` keeps what read, resolve and render made in memory
(`warm.Memory`) and redoes only what a change touches. Whatever it reuses,
the Markdown it writes (and the site built from it) must be a clean build's
of the same sources, byte for byte: after a ruling reworded, a rule of the
newest Core Rules edition reworded, a ruling added and another removed, and
an edition added, each through the warm path, compared with a clean build
made beside it."""

from __future__ import annotations

import os
import re
from contextlib import closing

import pytest
from buildproc import REPO, change_a_ruling, project, tree

from rulesite.diagnostics import Diagnostics
from rulesite.sequence import Sequence, Settings, Stopped
from rulesite.warm import Memory


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


def run(given: Settings, memory: Memory | None = None) -> list:
    diag = Diagnostics()
    records = list(Sequence(given, diag, memory=memory).run())
    stopped = [r for r in records if isinstance(r, Stopped)]
    assert not stopped and not diag.errors, (stopped, [str(e) for e in diag.errors][:5])
    return records


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


CHANGES = {
    "ruling reworded": change_a_ruling,
    "rule reworded": reword_a_rule,
    "rulings added and removed": add_and_remove_rulings,
    "edition added": add_an_edition,
}


def _docs(records) -> dict[str, str]:
    written = next(r for r in records if type(r).__name__ == "Written")
    return tree(written.docs_dir)


def same_trees(warm: dict[str, str], clean: dict[str, str]) -> None:
    assert warm.keys() == clean.keys(), (sorted(warm.keys() - clean.keys())[:5], sorted(clean.keys() - warm.keys())[:5])
    differ = sorted(path for path in warm if warm[path] != clean[path])
    assert not differ, f"{len(differ)} files differ from a clean build's: {differ[:8]}"


@pytest.mark.parametrize("change", list(CHANGES))
def test_a_warm_build_writes_the_clean_builds_markdown(tmp_path, change):
    root = project(tmp_path / "project")
    memory = Memory()
    run(settings(root, "warm"), memory)
    before = dict(memory.jobs)
    CHANGES[change](root)
    warm = _docs(run(settings(root, "warm"), memory))
    clean = _docs(run(settings(root, "clean", clean=True)))
    same_trees(warm, clean)
    # Something was reused, or the test would not test reuse at all (an added
    # edition moves the pinned links and diffs: there, nothing may be).
    reused = [name for name, (digest, _) in memory.jobs.items() if before.get(name, ("",))[0] == digest]
    if change != "edition added":
        assert reused, "no render job was reused"


def test_one_serve_session_of_changes_publishes_the_clean_builds_site(tmp_path):
    """The four changes one after another through one memory, as a serve
    session makes them; each time the published site is a clean build's."""
    root = project(tmp_path / "project")
    memory = Memory()
    run(settings(root, "warm", site=True), memory)
    for change in CHANGES.values():
        change(root)
        warm = _docs(run(settings(root, "warm", site=True), memory))
        clean = _docs(run(settings(root, "clean", site=True, clean=True)))
        same_trees(warm, clean)
        same_trees(tree(root / "warm/site"), tree(root / "clean/site"))


def _held(folder, into) -> dict[str, str]:
    """Every file of the generation `folder` names, hard-linked into `into`
    (its inode held, wherever the build moves or unlinks it): relative path ->
    sha256. A write into one of them shows in `tree(into)`."""
    folder = folder.resolve()
    for path in folder.rglob("*"):
        if path.is_file():
            target = into / path.relative_to(folder)
            target.parent.mkdir(parents=True, exist_ok=True)
            os.link(path, target)
    return tree(into)


def test_the_kept_copies_of_the_generations_give_the_clean_builds_output(tmp_path):
    """serve keeps, beside each output folder, a copy of its published
    generation made of hard links (`output.Spare`), and the next build takes
    it as its new one and replaces only the files that differ. Its ways to be
    wrong: a file written through a link into the published generation, a
    file removed since left in the next one, a copy taken after a failed
    build; each time the docs and the site must be a clean build's, and the
    generation published before untouched."""
    from rulesite.sequence import Checked, Published
    from rulesite.warm import Warm

    root = project(tmp_path / "project")
    memory = Memory()
    with closing(Warm()) as warm:

        def build(diag=None) -> list:
            return list(Sequence(settings(root, "warm", site=True), diag or Diagnostics(), memory=memory, warm=warm).run())

        def clean_build_is_the_same() -> None:
            run(settings(root, "clean", site=True, clean=True))
            same_trees(tree(root / "warm/docs"), tree(root / "clean/docs"))
            same_trees(tree(root / "warm/site"), tree(root / "clean/site"))

        assert any(isinstance(r, Published) for r in build())
        for number, change in enumerate((change_a_ruling, reword_a_rule), start=1):
            site, docs = tree(root / "warm/site"), tree(root / "warm/docs")
            held = {"site": _held(root / "warm/site", tmp_path / f"held-site-{number}")}
            held["docs"] = _held(root / "warm/docs", tmp_path / f"held-docs-{number}")
            change(root)
            records = build()
            assert any(isinstance(r, Published) for r in records), records[-1]
            assert (memory.docs.taken, warm.site.taken) == (number, number), "a kept copy was not used"
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
        assert warm.site.taken == 3 and warm.site.path is None
        assert tree(root / "warm/site") == published
        about.write_text(text, encoding="utf-8")
        change_a_ruling_back(root)
        assert any(isinstance(r, Published) for r in build())  # without a site copy: none was kept
        assert warm.site.taken == 3 and warm.site.path is not None
        clean_build_is_the_same()
        # And the next one takes the copy made of the generation the failed build left published.
        reword_a_rule_back(root)
        assert any(isinstance(r, Published) for r in build())
        assert warm.site.taken == 4
        clean_build_is_the_same()
        assert warm.site.path is not None and memory.docs.path is not None
    memory.close()  # as serve does when it stops: no copy is left behind
    assert sorted(p.name for p in (root / "warm").glob(".*.spare")) == []


def change_a_ruling_back(root):
    _edit(root, "rules_src/riftbound/community-rulings.txt", "You can never choose", "You cannot choose")


def reword_a_rule_back(root):
    for name in ("core-rules-excerpt-2026-10-09.txt", "832-show-off.web-page.txt"):
        _edit(
            root, f"rules_src/riftbound/{name}", "Show Off is usually present on Cards.", "Show Off is normally present on Cards."
        )
