"""A language with many pages is built by one MkDocs process a core, each a share
of its pages (`rulesite/split_build.py`): the site it gives is the very site a
plain `mkdocs build` gives, byte for byte, and a warning in any share still
fails the strict build."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import material
import pytest

from rulesite.common import output

from rulesite.engine import driver
from rulesite.sequence import Settings, Sequence

EPOCH = "1767225600"  # fixed, so both builds date the sitemap alike


def _files(folder: Path, skip: set[str] = frozenset()) -> dict[str, bytes]:
    folder = folder.resolve()
    found = {}
    for path in folder.rglob("*"):
        relative = path.relative_to(folder).as_posix()
        if path.is_file() and relative.split("/", 1)[0] not in skip:
            found[relative] = path.read_bytes()
    return found


@pytest.fixture(scope="module")
def rendered(repo_root: Path, tmp_path_factory):
    base = tmp_path_factory.mktemp("split")
    settings = Settings.of(repo_root / "rules_src", base / "docs", base / "site", repo_root / "mkdocs.yml", repo_root / "docs")
    sequence = Sequence(settings)
    resolved = sequence.resolve(sequence.read())
    assert sequence.diag.errors == []
    files = sequence.write(resolved, sequence.render(resolved)).files
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", SOURCE_DATE_EPOCH=EPOCH)
    return settings, files, env


def _plain(settings: Settings, lang: str, env: dict) -> Path:
    config = settings.config_dir / f"mkdocs.{lang}.yml"
    out = settings.docs_dir.parent / f"plain-{lang}"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(config), "-d", str(out)],
        cwd=config.parent,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return out


@pytest.mark.parametrize("parts", [2, 3])
def test_a_language_built_in_parts_is_what_plain_mkdocs_builds(rendered, parts):
    settings, files, env = rendered
    site = settings.docs_dir.parent / f"site-{parts}"
    result, fresh = driver.build(settings.config_dir, list(files), site, settings.config, env=env, split={"en": parts})
    assert result.returncode == 0, result.stdout[-4000:]
    others = {lang for lang in files if lang != "en"}
    assert others, "the seed site has other languages: they sit in folders of English's site"
    built, plain = _files(fresh, skip=others), _files(_plain(settings, "en", env))
    assert len(plain) > 100
    # The build marks the generation it made (output.stamp), which plain MkDocs does not.
    assert built.pop(output.MARKER) == output.MARKER_TEXT.encode("utf-8")
    assert sorted(built) == sorted(plain), "the same files"
    different = [path for path in plain if built[path] != plain[path]]
    assert different == [], f"files that differ from plain mkdocs build's: {different[:10]}"
    for lang in others:
        assert _files(fresh / lang) == _files(_plain(settings, lang, env)), lang
    # Our static files are the docs folder's own (hard links); the theme's are copies.
    docs = (settings.docs_dir / "en").resolve()
    ours = sorted(p for p in docs.rglob("*.html"))
    assert ours, "the seed site has short rule links, static files of ours"
    assert all(os.path.samefile(p, fresh / p.relative_to(docs)) for p in ours)
    theme = Path(material.__file__).parent / "templates"
    bundle = next((fresh / "assets" / "javascripts").glob("bundle.*.min.js"))
    assert not os.path.samefile(bundle, theme / bundle.relative_to(fresh)), "the theme's files are copied"
    # Nothing of the parts is left over: no part folder; and no search index (the site's word index answers).
    assert not (fresh / "search").exists()
    assert [p.name for p in site.parent.iterdir() if "part" in p.name] == []


def test_a_warning_in_another_share_fails_the_build(rendered, tmp_path):
    """A broken link in a page the second process builds: strict still fails, and says where."""
    settings, files, env = rendered
    from mkdocs.config import load_config
    from mkdocs.structure.files import get_files

    config = load_config(str(settings.config_dir / "mkdocs.en.yml"))
    pages = [f.src_uri for f in get_files(config).documentation_pages()]
    target = pages[1]  # every second page, from the second, is the second process's
    path = settings.docs_dir / "en" / target
    text = path.read_text(encoding="utf-8")
    try:
        path.write_text(text + "\n\nSee [nowhere](no-such-page.md).\n", encoding="utf-8")
        result, _ = driver.build(settings.config_dir, list(files), tmp_path / "site", settings.config, env=env, split={"en": 2})
    finally:
        path.write_text(text, encoding="utf-8")
    assert result.returncode != 0
    assert "no-such-page.md" in result.stdout and "strict mode" in result.stdout, result.stdout[-3000:]
    assert not (tmp_path / "site").exists(), "nothing published"


def test_english_alone_is_split_on_the_full_site_shape():
    """One process a core for a language with many pages, one for the small ones."""
    files = {"en": {f"p{i}.md": "" for i in range(driver.SPLIT_PAGES + 1)}, "es": {"a.md": ""}}
    assert driver.split_parts(files, cores=2) == {"en": 2, "es": 1}
    assert driver.split_parts(files, cores=1) == {"en": 1, "es": 1}


def test_a_mkdocs_without_the_steps_gets_a_plain_build(monkeypatch):
    """A successor of MkDocs 1.6 that names its build steps otherwise: every
    language is built by one plain `mkdocs build`, as before."""
    from mkdocs.commands import build as steps

    from rulesite.engine import split_build

    assert split_build.available()
    monkeypatch.delattr(steps, "_build_page")
    assert not split_build.available()
    files = {"en": {f"p{i}.md": "" for i in range(driver.SPLIT_PAGES + 1)}}
    assert driver.split_parts(files, cores=2) == {"en": 1}


def test_a_config_with_a_search_plugin_is_refused_not_split(rendered, tmp_path):
    """A plugin that indexes every page in one file cannot be split (each part
    would index its share alone): a config that adds one fails with a message
    naming it, rather than publishing an index of half the pages."""
    settings, files, env = rendered
    config = settings.config_dir / "mkdocs.en.yml"
    text = config.read_text(encoding="utf-8")
    try:
        config.write_text(text + "plugins:\n  - search\n", encoding="utf-8")
        result, _ = driver.build(settings.config_dir, ["en"], tmp_path / "site", settings.config, env=env, split={"en": 2})
    finally:
        config.write_text(text, encoding="utf-8")
    assert result.returncode != 0
    assert "search plugin indexes the whole site" in result.stdout, result.stdout[-3000:]
    assert not (tmp_path / "site").exists(), "nothing published"


def test_the_parts_share_the_pages_by_cost_each_page_once():
    from rulesite.engine.split_build import PAGE_BYTES, shares

    # One whole-document page as large as many others together, as on the full corpora.
    pages = [("all.md", 1_400_000)] + [(f"r/{n}.md", 2_000 + 37 * (n % 50)) for n in range(900)]
    dealt = shares(pages, 2)
    assert sorted(p for share in dealt for p in share) == sorted(p for p, _ in pages)  # each page once
    assert not dealt[0] & dealt[1]
    cost = [sum(size + PAGE_BYTES for p, size in pages if p in share) for share in dealt]
    assert abs(cost[0] - cost[1]) <= 2_000 + 37 * 49 + PAGE_BYTES  # within one page
    assert shares(list(reversed(pages)), 2) == dealt  # every part deals the same shares
