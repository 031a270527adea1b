"""rulesite.check.site_links on small hand-made sites, and on a tiny real Material build."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rulesite.check.command import check_offline, check_site, main
from rulesite.render.markup import policy_tags


def make_site(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def page(body: str, head: str = "") -> str:
    """A page as the build writes them: its policy first (check/content_policy.py)."""
    return f"<!doctype html>\n<html><head>{policy_tags()}{head}</head>\n<body>\n{body}\n</body></html>\n"


RULE_832 = page(
    '<h1 id="832-show-off">832 Show off</h1>\n'
    '<p id="832.1.c.2">Rule text.</p>\n'
    '<h2 id="descripción">Descripción</h2>\n'
    '<a name="old-anchor"></a>\n'
    '<a href="#832.1.c.2">self</a> <a href="../index.html">home</a>'
)


@pytest.fixture
def good_site(tmp_path: Path) -> Path:
    return make_site(
        tmp_path / "site",
        {
            "index.html": page(
                '<a href="rules/832.html#832.1.c.2">dotted</a>\n'
                '<a href="rules/832.html#832%2E1%2Ec%2E2">percent-encoded dotted</a>\n'
                '<a href="rules/832.html#descripci%C3%B3n">percent-encoded UTF-8</a>\n'
                '<a href="rules/832.html#descripción">raw UTF-8</a>\n'
                '<a href="rules/832.html#old-anchor">a name</a>\n'
                '<a href="/rules/832.html#832-show-off">absolute from the site root</a>\n'
                '<a href="rules/">folder</a> <a href="rules">folder without slash</a>\n'
                '<a href="rules/832.html?q=1#832.1.c.2">query</a>\n'
                '<a href="#">top</a> <a href="#top">top</a> <a href="">self</a>\n'
                '<a href="https://example.com/x#y">external</a> <a href="mailto:a@b.c">mail</a>\n'
                '<a href="files/rules%20v1.txt">a file with a space</a>',
                head='<link rel="stylesheet" href="assets/site.css">'
                '<link rel="canonical" href="https://example.com/">'
                '<script src="assets/app.js"></script>',
            ),
            "rules/index.html": page('<a href="832.html">832</a> <a href="../">up</a>'),
            "rules/832.html": RULE_832,
            "files/rules v1.txt": "text",
            "assets/site.css": 'a{background:url("data:image/svg+xml;charset=utf-8,'
            "<svg xmlns='http://www.w3.org/2000/svg'/>\")} b{background:url(img/x.png)}",
            "assets/app.js": "console.log('local')",
        },
    )


# ---------------------------------------------------------------- check_site


def test_good_site_has_no_problems(good_site: Path) -> None:
    assert check_site(good_site) == []
    assert check_offline(good_site) == []


def test_broken_page_link(good_site: Path) -> None:
    (good_site / "rules/index.html").write_text(page('<a href="833.html">833</a>'), encoding="utf-8")
    problems = check_site(good_site)
    assert len(problems) == 1
    assert problems[0].startswith("rules/index.html:4: error[broken-link]: ")
    assert "'833.html'" in problems[0] and "no file rules/833.html" in problems[0]


def test_broken_fragment(good_site: Path) -> None:
    (good_site / "other.html").write_text(
        page('<a href="rules/832.html#832.1.c.3">no such rule</a>\n<a href="#missing">here</a>'),
        encoding="utf-8",
    )
    problems = check_site(good_site)
    assert problems == [
        "other.html:4: error[broken-anchor]: <a href> 'rules/832.html#832.1.c.3': no id '832.1.c.3' on rules/832.html",
        "other.html:5: error[broken-anchor]: <a href> '#missing': no id 'missing' on this page",
    ]


def test_percent_encoded_dotted_fragment_is_decoded(good_site: Path) -> None:
    (good_site / "other.html").write_text(page('<a href="rules/832.html#832%2E1%2Ec%2E9">x</a>'), encoding="utf-8")
    problems = check_site(good_site)
    assert len(problems) == 1 and "no id '832.1.c.9'" in problems[0]


def test_absolute_link_resolves_against_site_root(good_site: Path) -> None:
    (good_site / "rules/other.html").write_text(
        page('<a href="/rules/832.html">ok</a>\n<a href="/x">missing</a>'), encoding="utf-8"
    )
    problems = check_site(good_site)
    assert problems == ["rules/other.html:5: error[broken-link]: <a href> '/x': no file x"]


def test_folder_without_index_and_link_outside_site(good_site: Path) -> None:
    (good_site / "empty").mkdir()
    (good_site / "other.html").write_text(
        page('<a href="empty/">empty</a>\n<a href="../../etc/passwd">outside</a>'), encoding="utf-8"
    )
    problems = check_site(good_site)
    assert len(problems) == 2
    assert "folder empty has no index.html" in problems[0]
    assert "points outside the site" in problems[1]


def test_missing_resource_and_redirect_target(good_site: Path) -> None:
    (good_site / "old.html").write_text(
        page("", head='<meta http-equiv="refresh" content="0; url=rules/999.html#999.1"><img src="img/missing.png">'),
        encoding="utf-8",
    )
    problems = check_site(good_site)
    assert len(problems) == 2
    assert any("<meta refresh> 'rules/999.html#999.1': no file rules/999.html" in p for p in problems)
    assert any("<img src> 'img/missing.png'" in p for p in problems)


def test_not_a_site(tmp_path: Path) -> None:
    assert check_site(tmp_path / "nothing") == [f":1: error[not-a-site]: {tmp_path / 'nothing'}: not a folder"]
    assert check_site(tmp_path) == [f":1: error[not-a-site]: {tmp_path}: no .html pages"]


# ------------------------------------------------------------- check_offline


def test_external_script_src(good_site: Path) -> None:
    (good_site / "other.html").write_text(
        page('<script src="https://cdn.example.org/lib.js"></script>\n<img src="//img.example.org/a.png">'),
        encoding="utf-8",
    )
    problems = check_offline(good_site)
    assert problems == [
        "other.html:4: error[network-load]: <script src> loads 'https://cdn.example.org/lib.js' from the network",
        "other.html:5: error[network-load]: <img src> loads '//img.example.org/a.png' from the network",
    ]
    # An external URL is no broken internal link.
    assert check_site(good_site) == []


def test_plain_external_links_are_no_loads(good_site: Path) -> None:
    (good_site / "other.html").write_text(
        page('<a href="https://example.com/">site</a>', head='<link rel="alternate" href="https://example.com/es/">'),
        encoding="utf-8",
    )
    assert check_offline(good_site) == []


def test_google_font_css_import(good_site: Path) -> None:
    (good_site / "assets/site.css").write_text(
        "a{color:red}\n@import url('https://fonts.googleapis.com/css?family=Roboto');\n", encoding="utf-8"
    )
    problems = check_offline(good_site)
    assert problems == [
        "assets/site.css:2: error[network-host]: mentions fonts.googleapis.com",
        "assets/site.css:2: error[network-load]: CSS loads 'https://fonts.googleapis.com/css?family=Roboto' from the network",
    ]


def test_stylesheet_link_inline_style_and_analytics(good_site: Path) -> None:
    (good_site / "other.html").write_text(
        page(
            '<div style="background:url(//example.org/bg.png)"></div>\n'
            "<script>var s=document.createElement('script');"
            "s.src='https://www.googletagmanager.com/gtag/js';</script>",
            head='<link rel="stylesheet" href="https://fonts.googleapis.com/css?family=Roboto">',
        ),
        encoding="utf-8",
    )
    problems = check_offline(good_site)
    assert problems == [
        "other.html:2: error[network-load]: <link href> loads 'https://fonts.googleapis.com/css?family=Roboto' from the network",
        "other.html:4: error[network-load]: CSS loads '//example.org/bg.png' from the network",
        "other.html:5: error[network-host]: mentions googletagmanager",
    ]


def test_theme_bundle_exceptions_are_exact(good_site: Path) -> None:
    bundle = good_site / "assets/javascripts/bundle.a5f9d56c.min.js"
    bundle.parent.mkdir(parents=True)
    known = 'x=_t("https://unpkg.com/resize-observer-polyfill");y=_t("https://unpkg.com/mermaid@11/dist/mermaid.min.js");'
    bundle.write_text(known, encoding="utf-8")
    assert check_offline(good_site) == []

    # Another unpkg URL in the bundle, or the known ones in any other file, count.
    bundle.write_text(known + '\nz=_t("https://unpkg.com/iframe-worker/shim")', encoding="utf-8")
    (good_site / "assets/app.js").write_text(known, encoding="utf-8")
    assert check_offline(good_site) == [
        "assets/app.js:1: error[network-host]: mentions unpkg.com (2 times)",
        "assets/javascripts/bundle.a5f9d56c.min.js:2: error[network-host]: mentions unpkg.com",
    ]


def test_mermaid_diagram_is_a_network_load(good_site: Path) -> None:
    (good_site / "other.html").write_text(page('<pre class="mermaid"><code>graph LR</code></pre>'), encoding="utf-8")
    problems = check_offline(good_site)
    assert len(problems) == 1 and "mermaid" in problems[0] and problems[0].startswith("other.html:4: error[network-load]:")


# --------------------------------------------------------------------- main


def test_main_exit_codes(good_site: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(good_site)]) == 0
    (good_site / "other.html").write_text(
        page('<a href="nowhere.html">x</a><script src="https://unpkg.com/x"></script>'), encoding="utf-8"
    )
    assert main([str(good_site), "--links-only"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1 and out[0].startswith("other.html:4: error[broken-link]:")
    assert main([str(good_site)]) == 1
    # ... and with the offline and script checks, the remote <script> twice more.
    out = capsys.readouterr().out.splitlines()
    assert [line.split(": ")[1] for line in out] == ["error[broken-link]", "error[network-load]", "error[script]"]
    assert main([str(good_site / "nothing")]) == 2
    # A folder with no pages is no site either: exit 2, the reason on stderr, nothing on stdout.
    empty = good_site / "empty"
    empty.mkdir()
    capsys.readouterr()
    assert main([str(empty)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "no .html pages" in captured.err


# ------------------------------------------------------- a real Material build

MKDOCS_YML = """\
site_name: Check test
use_directory_urls: false
theme:
  name: material
  font: false
  features: [navigation.instant, content.code.copy, navigation.top]
plugins:
  - search
  - offline
markdown_extensions: [attr_list, toc, pymdownx.superfences, pymdownx.tabbed]
"""


def build_material(tmp_path: Path, repo_root: Path, *, shim: bool) -> Path:
    docs = tmp_path / "docs"
    make_site(
        docs,
        {
            "index.md": "# Home\n\nSee [832.1.c.2](rules/832.md#832.1.c.2).\n\n"
            '=== "A"\n    a\n=== "B"\n    b\n\n```python\nprint(1)\n```\n',
            "rules/832.md": "# 832 Show off\n\nRule text.\n{: #832.1.c.2 }\n\n[Home](../index.md)\n",
        },
    )
    config = MKDOCS_YML
    if shim:
        vendor = docs / "assets/vendor"
        vendor.mkdir(parents=True)
        shim_js = repo_root / "src/rulesite/assets/vendor/iframe-worker-shim.js"
        (vendor / "iframe-worker-shim.js").write_bytes(shim_js.read_bytes())
        config += "extra:\n  polyfills: [assets/vendor/iframe-worker-shim.js]\n"
    (tmp_path / "mkdocs.yml").write_text(config, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q"],
        cwd=tmp_path,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    return tmp_path / "site"


def test_material_site_with_offline_shim_passes(tmp_path: Path, repo_root: Path) -> None:
    """Material 9.8's own bundle does not trip the checks when the site is offline-ready."""
    site = build_material(tmp_path, repo_root, shim=True)
    assert check_site(site) == []
    assert check_offline(site) == []


def test_material_site_without_shim_loads_from_cdn(tmp_path: Path, repo_root: Path) -> None:
    site = build_material(tmp_path, repo_root, shim=False)
    problems = check_offline(site)
    assert problems
    assert all("https://unpkg.com/iframe-worker/shim" in p for p in problems)


def test_the_themes_script_and_link_shapes_read_as_any_other() -> None:
    """`page_links` takes a <script src> and a <link rel href> without its tests
    for other attributes: what it finds of them is what it finds of the same
    elements with another attribute (or order), which take the tests."""
    from rulesite.check.page import Page, parse
    from rulesite.check.site_links import page_links

    def found(head: str) -> tuple:
        html = page("<p>x</p>", head)
        facts, problems, network = page_links(Page("p.html", html.encode(), parse(html)))
        return facts.links, problems, network

    shapes = [
        '<script src="{}"></script>',
        '<link rel="stylesheet" href="{}">',
        '<link rel="canonical" href="{}">',
        '<link rel="alternate stylesheet" href="{}">',
        '<link rel="" href="{}">',
    ]
    for shape in shapes:
        for url in ("assets/x.js", "https://example.org/x.js", "//example.org/x", "#a"):
            quick = found(shape.format(url) + "\n" + shape.format(url))
            other = found(
                shape.format(url).replace(">", ' title="t">', 1) + "\n" + shape.format(url).replace(">", ' title="t">', 1)
            )
            assert quick == other, (shape, url)
    assert found('<script src="https://example.org/x.js"></script>')[1] == [
        (2, "network-load", "<script src> loads 'https://example.org/x.js' from the network")
    ]


def test_known_hosts_are_found_in_any_case() -> None:
    from rulesite.check.site_links import _KNOWN_HOSTS, might_mention_hosts

    for host in _KNOWN_HOSTS:
        for shown in (host, host.upper(), host.title()):
            assert might_mention_hosts(f"<p>see {shown}.</p>".encode())
    assert not might_mention_hosts(b"<p>google fonts, unpkg, jsdelivr</p>")
