"""The seed site built by each engine (`rulesite build --engine`, the
`engine_site` fixture): the build and its output check pass; ProperDocs makes
MkDocs' very site; Zensical's pages carry a policy that lists its own inline
scripts, and its own search is not mounted on the site's search box."""

from __future__ import annotations

import os
import re

import pytest
from buildproc import project, run, tree

from rulesite.check.content_policy import policy_problems
from rulesite.check.page import load_page
from rulesite.engine.bench import engine_times, times_line


def files(site) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


def test_each_engine_builds_the_seed_site_and_its_output_check_passes(engine_site):
    out = engine_site.stdout
    assert re.search(rf"^build\s+{engine_site.engine} build --strict, (\d+) of \1 languages", out, re.M), out[-2000:]
    assert re.search(r"^check\s+\d+ pages: .*: 0 problems", out, re.M), out[-2000:]
    assert (engine_site.site / "index.html").is_file() and (engine_site.site / "es" / "index.html").is_file()


@pytest.mark.parametrize("engine_site", ["properdocs"], indirect=True)
def test_properdocs_builds_mkdocs_very_site(engine_site, built_site):
    made, expected = files(engine_site.site), files(built_site.site)
    assert made.keys() == expected.keys()
    differ = [path for path in made if made[path] != expected[path] and path != ".rulesite-output"]
    # Only the service workers: the hash of what surrounds every page's Markdown
    # names the engine (render/offline_app.shell_hash), so that a visitor's
    # stored pages are renewed when another engine or version makes them.
    # One service worker a language.
    assert differ == sorted(p for p in expected if p == "sw.js" or (p.endswith("/sw.js") and p.count("/") == 1))


@pytest.mark.parametrize("engine_site", ["zensical"], indirect=True)
def test_zensical_pages_run_only_scripts_their_policy_lists(engine_site):
    site = engine_site.site
    for path in ["index.html", "riftbound/core-rules/424.html", "es/index.html", "404.html"]:
        page = load_page(site, path)
        assert policy_problems(page) == [], path
        text = (site / path).read_text(encoding="utf-8")
        # Zensical's own inline script (it sets data-platform, Material's does not) is there.
        assert 'setAttribute("data-platform"' in text, path
        # Its stylesheets, not Material's; its search is not mounted on the box.
        assert "assets/stylesheets/classic/main." in text or path == "404.html", path
        assert 'class="md-search" role="dialog"' in text and 'data-md-component="search"' not in text, path


def test_the_bench_times_each_engines_clean_build_of_the_same_pages(built_site, tmp_path):
    """`rulesite bench`'s line of the three engines' times (`engine/bench.py`),
    on the seed site's generated configs; nothing it built is left behind."""
    config_dir = built_site.docs.parent / ".build" / built_site.docs.name
    before = sorted(p.name for p in config_dir.iterdir())
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    times = engine_times(config_dir, ["en", "es"], tmp_path, env)
    assert list(times) == ["mkdocs", "properdocs", "zensical"]
    assert all(seconds > 0 for seconds in times.values())
    assert list(tmp_path.iterdir()) == [] and sorted(p.name for p in config_dir.iterdir()) == before
    line = times_line(times)
    assert line.startswith("clean builds of the same pages by each engine") and f"zensical {times['zensical']} s" in line


def test_a_mkdocs_build_after_another_engines_reuses_nothing_of_it(tmp_path):
    """The keys of a site another engine built name the engine: the next MkDocs
    build into the same folders neither reuses nor rebuilds from it, and gives
    MkDocs' clean site."""
    root = project(tmp_path / "p")
    first = run(root, "", "--engine", "zensical")
    assert first.returncode == 0, first.stderr[-3000:]
    again = run(root)
    assert again.returncode == 0, again.stderr[-3000:]
    build_line = next(line for line in again.stdout.splitlines() if line.startswith("build "))
    assert re.search(r"mkdocs build --strict, (\d+) of \1 languages \(en, es, fr\)", build_line) and "reused" not in build_line, (
        build_line
    )
    clean = run(root, "clean-")
    assert clean.returncode == 0, clean.stderr[-3000:]
    built, expected = tree(root / "site"), tree(root / "clean-site")
    assert built.keys() == expected.keys()
    assert [p for p in expected if built[p] != expected[p]] == []
