"""One change, one quick rebuild: after one ruling or one rule is edited,
building again rewrites only the docs files whose content changed (the others
keep their timestamps), builds again only the languages whose pages changed,
and in those only the changed pages (a dirty MkDocs build into a copy of the
published site, `rulesite/rebuild.py`), or the whole language when more than
page texts changed (a title, a page added); and gives exactly the site a clean
build of the same sources gives, byte for byte, without ever writing into the
site that was published before."""

from __future__ import annotations

from contextlib import closing
import re

import pytest
from buildproc import REPO, change_a_ruling, linked_copy, project, run, tree

from rulesite.common import output


def _stamps(folder):
    folder = folder.resolve()
    return {p.relative_to(folder).as_posix(): p.stat().st_mtime_ns for p in folder.rglob("*") if p.is_file()}


def _edit(root, path, old, new):
    path = root / path
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{path}: {old!r} is gone: update the test"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def change_a_rule(root):
    """One rule's text reworded (one no walkthrough quotes)."""
    _edit(
        root,
        "rules_src/riftbound/424-reveal.web-page.txt",
        "a player may choose to show Private information to one or more other players.",
        "a player may choose to show Private information to other players.",
    )


def change_a_title(root):
    """One ruling's title changed: its page's title, shown on other pages."""
    _edit(
        root,
        "rules_src/riftbound/community-rulings.ids.yml",
        'title: "Gust bounces an attacker before Mask of Foresight resolves"',
        'title: "Gust returns an attacker before Mask of Foresight resolves"',
    )


def add_a_ruling(root):
    """A new ruling: a page more."""
    path = root / "rules_src/riftbound/community-rulings.txt"
    path.write_text(
        path.read_text(encoding="utf-8").rstrip("\n")
        + "\n\nRuling: Yes, a unit that was moved this turn can still be chosen by Fox-Fire. Nuances: - Moving does not change might\n",
        encoding="utf-8",
    )
    ids = root / "rules_src/riftbound/community-rulings.ids.yml"
    ids.write_text(
        ids.read_text(encoding="utf-8")
        + '- id: moved-units-can-be-chosen\n  title: "A unit moved this turn can still be chosen"\n  starts: "Yes, a unit that was moved this turn"\n',
        encoding="utf-8",
    )


# change, which pages' text it changes, whether only those are built again
CHANGES = {
    "one ruling's text": (change_a_ruling, "en/riftbound/rulings/", True),
    "one rule's text": (change_a_rule, "en/riftbound/core-rules/", True),
    "a title (a clean build of English)": (change_a_title, "en/riftbound/rulings/", False),
    "a page added (a clean build of English)": (add_a_ruling, "en/riftbound/rulings/", False),
}


@pytest.mark.parametrize("change", CHANGES)
def test_rebuild_after_one_change_equals_a_clean_build(tmp_path, change):
    edit, where, pages_only = CHANGES[change]
    root = project(tmp_path / "p")
    first = run(root)
    assert first.returncode == 0, first.stderr[-3000:]
    docs = root / "build/docs"
    docs_before, stamps_before = tree(docs), _stamps(docs)
    published = tree(root / "site")
    kept_alive = linked_copy(root / "site", tmp_path / "published-before")

    edit(root)
    again = run(root)
    assert again.returncode == 0, again.stderr[-3000:]

    # Only what changed was written: every other docs file keeps its timestamp.
    docs_after, stamps_after = tree(docs), _stamps(docs)
    changed = {p for p in docs_after if docs_before.get(p) != docs_after[p]}
    assert any(p.startswith(where) for p in changed), sorted(changed)
    kept = [p for p in docs_after if p not in changed and p != output.MARKER]  # the marker is new each build
    assert len(kept) > 10 * len(changed)
    assert [p for p in kept if stamps_after[p] != stamps_before[p]] == []
    assert all(stamps_after[p] != stamps_before.get(p) for p in changed)

    # Only the languages whose pages changed were built again, and in them only
    # the changed files when nothing but page texts changed ...
    build_line = next(line for line in again.stdout.splitlines() if line.startswith("build "))
    if pages_only:
        assert re.search(r"1 of 3 languages \(en: \d+ changed files only\).*reused: es, fr", build_line), build_line
        site = (root / "site").resolve()
        same = [p for p in site.rglob("*") if p.is_file() and (kept_alive / p.relative_to(site)).is_file()]
        shared = [p for p in same if p.stat().st_ino == (kept_alive / p.relative_to(site)).stat().st_ino]
        assert len(shared) > 0.8 * len(same), "the rebuild wrote most files again"
    else:
        # (Spanish lists English's rulings in its data: there the change is a page text's.)
        assert re.search(r"of 3 languages \(en(, |\))", build_line), build_line
    # ... nothing was written into the site published before (its files are shared) ...
    assert tree(kept_alive) == published
    # ... and the site is the one a clean build of the same sources makes, byte for byte.
    clean = run(root, "clean-")
    assert clean.returncode == 0, clean.stderr[-3000:]
    assert "reused" not in clean.stdout and "only" not in clean.stdout
    built, expected = tree(root / "site"), tree(root / "clean-site")
    assert built.keys() == expected.keys()
    assert [p for p in expected if built[p] != expected[p]] == []


def test_nothing_changed_nothing_built(tmp_path):
    root = project(tmp_path / "p")
    assert run(root).returncode == 0
    before = tree(root / "site")
    again = run(root)
    assert again.returncode == 0, again.stderr[-3000:]
    assert re.search(r"^build .*0 of 3 languages.*reused: en, es, fr", again.stdout, re.M), again.stdout
    assert tree(root / "site") == before


def test_the_rebuild_process_serve_keeps_gives_the_clean_build(tmp_path):
    """`rulesite serve` keeps one MkDocs rebuild process between builds
    (`rebuild.RebuildProcess`: MkDocs imported and its templates compiled once): two
    changes one after the other, each rebuilt by that same process, give the
    clean build's site; a page that no longer builds fails the build with
    MkDocs' own words while the published site stays; and the output check,
    its findings of the unchanged files kept in memory, finds what a change
    broke, the very problems a full check of a clean build finds."""
    from rulesite.common.diagnostics import Diagnostics
    from rulesite.memory import BuildMemory
    from rulesite.sequence import Built, Checked, Published, Sequence, Settings, Stopped

    root = project(tmp_path / "p")
    assert run(root).returncode == 0
    settings = Settings.of(
        root / "rules_src", root / "build/docs", root / "site", config=REPO / "mkdocs.yml", pages_dir=root / "docs"
    )
    with closing(BuildMemory()) as warm:
        for edit in (change_a_ruling, change_a_rule):
            edit(root)
            records = list(Sequence(settings, Diagnostics(), memory=warm).run())
            built = next(r for r in records if isinstance(r, Built))
            assert built.rebuilt.keys() == {"en"} and built.reused == {"es", "fr"}, built
            assert any(isinstance(r, Published) for r in records), records[-1]
            assert next(r for r in records if isinstance(r, Checked)).findings_reused > 100
            assert warm.engine.rebuilder.process is not None and warm.engine.rebuilder.process.poll() is None
        first = warm.engine.rebuilder.process.pid
        clean = run(root, "clean-")
        assert clean.returncode == 0, clean.stderr[-3000:]
        built, expected = tree(root / "site"), tree(root / "clean-site")
        assert built.keys() == expected.keys()
        assert [p for p in expected if built[p] != expected[p]] == []

        # A written page's link to an anchor it lacks: MkDocs' strict build fails, told by the same process.
        published = tree(root / "site")
        about = root / "docs/about.md"
        about.write_text(about.read_text(encoding="utf-8") + "\nSee [there](#nowhere-at-all).\n", encoding="utf-8")
        records = list(Sequence(settings, Diagnostics(), memory=warm).run())
        assert isinstance(records[-1], Stopped) and records[-1].why == "mkdocs", records[-1]
        assert "nowhere-at-all" in records[-1].output, records[-1].output
        assert tree(root / "site") == published
        assert warm.engine.rebuilder.process is not None and warm.engine.rebuilder.process.pid == first

        # A link no page answers, which MkDocs does not read (raw HTML): the output check finds it.
        text = about.read_text(encoding="utf-8").replace("\nSee [there](#nowhere-at-all).\n", "")
        about.write_text(text + '\n<a href="riftbound/rulings/no-such-ruling.html">gone</a>\n', encoding="utf-8")
        diag = Diagnostics()
        records = list(Sequence(settings, diag, memory=warm).run())
        assert isinstance(records[-1], Stopped) and records[-1].why == "checks", records[-1]
        assert next(r for r in records if isinstance(r, Checked)).findings_reused > 100
        assert tree(root / "site") == published
        label = output.shown(output.failed(settings.site_dir)) + "/"  # the failed build, kept to open
        found = sorted((str(d.loc.path).removeprefix(label), d.loc.line, d.code, d.message) for d in diag.errors)
        assert found and all(code == "broken-link" and "no-such-ruling" in message for _, _, code, message in found), found
        full = run(root, "full-")  # new folders: nothing to reuse, every file checked
        assert full.returncode != 0 and "reused" not in full.stdout
        pattern = r"^\S*full-site\.failed/(\S+):(\d+): error\[([a-z-]+)\]: (.*)$"
        printed = sorted((m[1], int(m[2]), m[3], m[4]) for m in re.finditer(pattern, full.stdout + full.stderr, re.M))
        assert found == printed, (full.stdout + full.stderr)[-3000:]

        # A heading another page links to renamed, the linking page as it was (linked
        # from the published site, its own findings reused): the link it holds is
        # broken now, which the check finds as a full check does.
        about.write_text(text + '\n<a href="linking.html#citing">how to cite</a>\n', encoding="utf-8")
        records = list(Sequence(settings, Diagnostics(), memory=warm).run())
        assert isinstance(records[-1], Published), records[-1]
        linking = root / "docs/linking.md"
        linking.write_text(linking.read_text(encoding="utf-8").replace("\n## Citing\n", "\n## Quoting\n", 1), encoding="utf-8")
        diag = Diagnostics()
        records = list(Sequence(settings, diag, memory=warm).run())
        assert isinstance(records[-1], Stopped) and records[-1].why == "checks", records[-1]
        built = next(r for r in records if isinstance(r, Built))
        assert "en" in built.rebuilt and not built.split, built  # the changed files alone built again
        found = sorted((str(d.loc.path).removeprefix(label), d.loc.line, d.code, d.message) for d in diag.errors)
        assert found and all(
            p in ("about.html", "es/about.html", "fr/about.html") and code == "broken-anchor" and "citing" in m
            for p, _, code, m in found
        ), found
        full = run(root, "full2-")
        printed = sorted(
            (m[1], int(m[2]), m[3], m[4])
            for m in re.finditer(pattern.replace("full-", "full2-"), full.stdout + full.stderr, re.M)
        )
        assert found == printed, (full.stdout + full.stderr)[-3000:]


AHEAD = "(its files and navigation gathered ahead)"


def test_what_the_rebuild_process_gathers_ahead_gives_the_clean_build(tmp_path):
    """The kept rebuild process gathers English's config, files and navigation
    ahead (once the site is published, and after each rebuild), and a rebuild
    through them gives the clean build's site: after a ruling's text changed,
    after a rule's (its preview image renamed: a static file came, one went),
    after a page under docs/ was edited, after the config changed and after a
    page was added (each a clean build of English, then gathered anew); the
    sitemap it keeps included."""
    from rulesite.common.diagnostics import Diagnostics
    from rulesite.sequence import Built, Published, Sequence, Settings
    from rulesite.memory import BuildMemory

    root = project(tmp_path / "p")
    config = root / "mkdocs.yml"
    # An address: the sitemap (kept by a rebuild) lists every page.
    text = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    config.write_text(text.replace("# site_url: https://", "site_url: https://", 1), encoding="utf-8")
    assert run(root, "", "--config", str(config)).returncode == 0
    assert "<loc>" in (root / "site/sitemap.xml").read_text(encoding="utf-8")
    settings = Settings.of(root / "rules_src", root / "build/docs", root / "site", config=config, pages_dir=root / "docs")

    def same_as_clean(out):
        clean = run(root, out, "--config", str(config))
        assert clean.returncode == 0, clean.stderr[-3000:]
        built, expected = tree(root / "site"), tree(root / f"{out}site")
        assert built.keys() == expected.keys()
        assert [p for p in expected if built[p] != expected[p]] == []

    with closing(BuildMemory(start=True)) as warm:

        def build(rebuilt_ahead: bool):
            warm.engine.rebuilder.settled()  # gathered meanwhile, as when a maintainer types between saves
            records = list(Sequence(settings, Diagnostics(), memory=warm).run())
            assert isinstance(records[-1], Published), records[-1]
            built = next(r for r in records if isinstance(r, Built))
            if rebuilt_ahead:
                assert "en" in built.rebuilt, built
                assert AHEAD in warm.engine.rebuilder.said, warm.engine.rebuilder.said
            else:
                assert "en" not in built.rebuilt, built
            return built

        build(rebuilt_ahead=False)  # nothing changed: English gathered ahead once published
        change_a_ruling(root)
        build(rebuilt_ahead=True)
        change_a_rule(root)
        build(rebuilt_ahead=True)
        same_as_clean("clean-")

        about = root / "docs/about.md"
        about.write_text(about.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
        build(rebuilt_ahead=True)
        text = config.read_text(encoding="utf-8")
        config.write_text(text.replace("site_description: ", "site_description: Edited. ", 1), encoding="utf-8")
        build(rebuilt_ahead=False)
        about.write_text(about.read_text(encoding="utf-8") + "\nAnd one more.\n", encoding="utf-8")
        build(rebuilt_ahead=True)
        add_a_ruling(root)
        build(rebuilt_ahead=False)
        _edit(root, "rules_src/riftbound/community-rulings.txt", "You can never choose", "You can not ever choose")
        build(rebuilt_ahead=True)
    same_as_clean("clean2-")


def test_what_was_gathered_from_another_generation_or_config_is_not_used(tmp_path):
    """What was gathered ahead fits a rebuild only when it was gathered from
    the docs generation the published site was built from (the static files
    that came or went since then added or removed), the config files byte for
    byte as they are."""
    import os
    import shutil

    from rulesite.engine.rebuild import _Gathered

    root = project(tmp_path / "p")
    assert run(root).returncode == 0
    docs = root / "build/docs"
    config = next((root / "build").rglob("mkdocs.en.yml"))
    base = os.path.realpath(docs / "en")
    gathered = _Gathered(config, tmp_path / "out", None)
    names = set(gathered.names)
    assert "about.md" in names and any(not n.endswith(".md") for n in names)
    assert not gathered.fits(config, {"about.md"}, None)
    assert not gathered.fits(config, {"about.md"}, base + "x")
    assert gathered.fits(config, {"about.md"}, base)

    # The next generation of the docs, a static file more and one fewer, the link flipped to it.
    generation = docs.parent / ".docs.another"
    shutil.copytree(docs.resolve(), generation, copy_function=os.link)
    gone = sorted(n for n in names if n.endswith(".png"))[0]
    (generation / "en" / gone).unlink()
    (generation / "en/came.png").write_bytes(b"\x89PNG")
    (docs.parent / "link").symlink_to(generation.name)
    os.replace(docs.parent / "link", docs)
    assert not _Gathered(config, tmp_path / "out", None).fits(config, {"came.png", gone}, base)
    assert gathered.fits(config, {"came.png", gone}, base)
    assert "came.png" in gathered.files.src_uris and gone not in gathered.files.src_uris
    gathered.move(tmp_path / "moved", [gathered.files.src_uris["came.png"]])
    assert gathered.files.src_uris["came.png"].abs_dest_path == str(tmp_path / "moved/came.png")
    assert gathered.config.site_dir == str(tmp_path / "moved")

    config.write_text(config.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert not gathered.fits(config, set(), base)
