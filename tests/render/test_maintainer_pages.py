"""Maintainer pages sit in a maintainer section of the navigation, and source
problems name files relative to the folders the maintainer named."""

from __future__ import annotations

import os

from rulesite.render import index_pages as idx
from rulesite.site_map import paths
from rulesite.render.context import Context
from rulesite.render.site import navigation, render_site


def test_maintainer_pages_are_in_their_own_section_not_beside_the_rules(ctx):
    pages = render_site(ctx)["en"]
    nav = navigation(
        Context(
            ctx.corpus, ctx.links, ctx.citations, ctx.concordance, language="en", languages=("en", "es"), editions=ctx.editions
        ),
        pages,
    )
    top = [path for entry in nav for path in entry.values() if isinstance(path, str)]
    assert not {paths.UNRESOLVED, paths.REVIEW, paths.PROBLEMS} & set(top)
    (section,) = [entry["For maintainers"] for entry in nav if "For maintainers" in entry]
    listed = [path for item in section for path in item.values()]
    assert paths.UNRESOLVED in listed and paths.PROBLEMS in listed


def test_problem_paths_are_relative_to_the_named_folders(tmp_path, monkeypatch):
    corpora = tmp_path / "shared" / "corpora"
    sources = tmp_path / "project" / "rules_src"
    (corpora / "sub").mkdir(parents=True)
    sources.mkdir(parents=True)
    build_dir = tmp_path / "project" / "build" / "deep" / "down"
    build_dir.mkdir(parents=True)
    monkeypatch.chdir(build_dir)
    roots = [str(sources), str(corpora)]
    from_build = os.path.relpath(corpora / "sub" / "rb-cr.txt")
    assert from_build.startswith("../../../../")
    assert idx.maintainer_path(from_build, roots) == "corpora/sub/rb-cr.txt"
    assert idx.maintainer_path(os.path.relpath(sources / "manifest.yml"), roots) == "rules_src/manifest.yml"
    assert idx.maintainer_path("../../elsewhere/notes.yml", roots) == "notes.yml"


def test_the_navigation_lists_each_page_once_the_home_page_first(repo_root):
    # The written pages (docs/) include the home page's introduction (index.md):
    # it is the home page, not a page of "About this site" beside the others.
    from rulesite.stages import read as read_stage
    from rulesite.stages import resolve as resolve_stage
    from rulesite.common.diagnostics import Diagnostics

    diag = Diagnostics()
    corpus = read_stage.read_corpus(repo_root / "rules_src" / "manifest.yml", diag, pages_dir=repo_root / "docs")
    ctx = resolve_stage.resolve(corpus, diag)
    assert "index" in {page.name for page in corpus.written}, "the fixture: docs/index.md is a written page"
    pages = render_site(ctx)["en"]
    nav = navigation(
        Context(ctx.corpus, ctx.links, ctx.citations, ctx.concordance, language="en", languages=("en",), editions=ctx.editions),
        pages,
    )

    def listed(entries):
        for entry in entries:
            for title, value in entry.items() if isinstance(entry, dict) else [(None, entry)]:
                if isinstance(value, list):
                    yield from listed(value)
                else:
                    yield title, value

    found = list(listed(nav))
    paths_listed = [path for _, path in found]
    assert sorted(p for p in set(paths_listed) if paths_listed.count(p) > 1) == []
    assert found[0][1] == paths.HOME
    assert [title for title, _ in found if title and "{:" in title] == [], "attribute lists are no title"
