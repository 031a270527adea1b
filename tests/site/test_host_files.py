"""The files hosts read from the site's root: `_headers` (Netlify, Cloudflare
Pages) gives every file of the built site the headers the README and the
deployment guide name, `.nojekyll` (GitHub Pages) is there, and the output
check accepts both. The nginx set-up of the guide is served in a browser by
tests/browser/test_browser_nginx.py against the same list (`hosting.py`)."""

from __future__ import annotations

import pytest
from hosting import IMMUTABLE, POLICY, REVALIDATE, expected, hashed, headers_for, parse_headers_file


@pytest.fixture(scope="module")
def files(engine_site) -> list[str]:
    """The seed site's files, as each engine builds it (`engine_site`)."""
    site = engine_site.site
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())


def test_headers_give_every_file_the_documented_headers(engine_site, files):
    rules = parse_headers_file((engine_site.site / "_headers").read_text(encoding="utf-8"))
    wrong = {}
    for path in files:
        found, count = headers_for(rules, path)
        if found != expected(path):
            wrong[path] = found
        # Only Cache-Control is set twice (a narrower rule after /*): hosts differ in how they would join others.
        assert all(n == 1 for name, n in count.items() if name != "cache-control"), (path, count)
    assert wrong == {}, f"{len(wrong)} files get other headers, e.g. {sorted(wrong.items())[:3]}"
    # The list is not empty on either side: the content-hashed files exist and are cached for good...
    immutable = [p for p in files if hashed(p)]
    assert any(p.startswith("assets/stylesheets/") for p in immutable)
    assert any(p.startswith("assets/javascripts/bundle.") for p in immutable)
    assert any(p.startswith("assets/og/") for p in immutable)
    assert any(p.startswith("es/assets/") for p in immutable)
    # ...and the pages, the service workers and the data index are asked again.
    for path in ("index.html", "404.html", "es/404.html", "sw.js", "es/sw.js", "data/index.json"):
        assert path in files and headers_for(rules, path)[0]["cache-control"] == REVALIDATE, path
    assert IMMUTABLE != REVALIDATE and len(POLICY) == 3


def test_a_rule_that_names_a_missing_folder_or_file_would_be_dead(engine_site, files):
    """Each rule of `_headers` names files the site has: none is left over from
    another Material version, another engine's theme or a language the site no longer has."""
    rules = parse_headers_file((engine_site.site / "_headers").read_text(encoding="utf-8"))
    assert 0 < len(rules) <= 100  # Cloudflare Pages reads 100 rules at most
    for pattern, _ in rules:
        assert any(headers_for([(pattern, [("x", "y")])], path)[0] for path in files), pattern


def test_nojekyll_is_at_the_root_and_empty(built_site):
    nojekyll = built_site.site / ".nojekyll"
    assert nojekyll.is_file() and nojekyll.read_bytes() == b""


def test_a_malformed_headers_file_is_refused():
    with pytest.raises(ValueError):
        parse_headers_file("/*\nX-Content-Type-Options nosniff\n")
    with pytest.raises(ValueError):
        parse_headers_file("  X-Content-Type-Options: nosniff\n")


def test_the_guides_pages_workflow_publishes_the_site_folder_with_the_official_actions():
    """The GitHub Pages workflow of docs/deploying.md is valid YAML, builds with
    the Pages address and uploads `site` with GitHub's own Pages actions."""
    import yaml
    from hosting import guide_blocks

    (block,) = guide_blocks("yaml")
    workflow = yaml.safe_load(block)
    steps = [step for job in workflow["jobs"].values() for step in job["steps"]]
    uses = {step["uses"].split("@")[0]: step for step in steps if "uses" in step}
    assert {"actions/configure-pages", "actions/upload-pages-artifact", "actions/deploy-pages"} <= uses.keys()
    assert uses["actions/upload-pages-artifact"]["with"]["path"] == "site"
    assert any("rulesite build --site-url" in step.get("run", "") for step in steps)
    assert workflow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
