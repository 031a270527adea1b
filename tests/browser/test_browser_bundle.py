"""The offline bundle (`rulesite build --bundle FILE.zip`): the whole checked
site, pages and data, in one zip. Unzipped into a fresh folder, its home page
opens from file:// in Chromium and a rule link there lands on the rule."""

from __future__ import annotations

import re
import zipfile

import pytest
from buildutil import run_build
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def bundle(tmp_path_factory, repo_root):
    root = tmp_path_factory.mktemp("bundle")
    import shutil

    shutil.copytree(repo_root / "rules_src", root / "rules_src")
    zip_path = root / "out" / "rules-site.zip"
    result = run_build(repo_root, root, "--bundle", str(zip_path))
    assert result.returncode == 0, result.stdout + result.stderr
    return root, zip_path


def test_the_bundle_holds_the_whole_site_and_its_data(bundle):
    root, zip_path = bundle
    site = root / "site"
    with zipfile.ZipFile(zip_path) as archive:
        names = set(archive.namelist())
        assert names == {f"rules-site/{p.relative_to(site).as_posix()}" for p in site.rglob("*") if p.is_file()}
        assert "rules-site/index.html" in names and "rules-site/data/index.json" in names
        assert archive.read("rules-site/data/index.json") == (site / "data" / "index.json").read_bytes()


def test_the_unzipped_bundle_opens_from_disk_and_a_rule_link_lands_on_the_rule(bundle, tmp_path, browse):
    _, zip_path = bundle
    with zipfile.ZipFile(zip_path) as archive:
        archive.extractall(tmp_path)
    home = tmp_path / "rules-site" / "index.html"
    root = home.parent.resolve().as_uri() + "/"
    page = browse(root).new_page()
    page.goto(home.resolve().as_uri())
    # A link on the home page to a rule: a page, then the rule's number as its anchor.
    link = page.locator("article a[href*='.html#']").filter(has_text=re.compile(r"^\d{3}(\.[0-9a-z]+)+$")).first
    expect(link).to_be_visible()
    number = link.inner_text().strip()
    with page.expect_navigation():
        link.click()
    assert page.url.startswith("file://") and page.url.endswith(f"#{number}")
    expect(page.locator(f'[id="{number}"]')).to_be_in_viewport()
