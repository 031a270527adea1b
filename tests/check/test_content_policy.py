"""check/content_policy.py: the output check reports a page without its
Content Security Policy, and an inline script its policy does not list."""

from __future__ import annotations

from pathlib import Path

from rulesite.check.content_policy import policy_problems
from rulesite.check.forwarding import forwarding_facts
from rulesite.check.page import Page, html_files, load_page, parse
from rulesite.check.run import CheckRequest, check_built_site
from rulesite.common.diagnostics import Diagnostics
from rulesite.common.content_policy import policy, script_hash
from rulesite.render.markup import html_file, policy_tags

SCRIPT = 'document.documentElement.dataset.ready="1"'


def page_of(head: str, body: str = "<p>text</p>") -> Page:
    data = f'<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n{head}\n<title>T</title>\n</head>\n<body>\n{body}\n</body>\n</html>\n'
    return Page("p.html", data.encode(), parse(data))


def codes(page: Page) -> list[tuple[int, str]]:
    return [(line, code) for line, code, _ in policy_problems(page)]


def test_a_page_whose_policy_lists_its_inline_script_has_no_problem():
    assert policy_problems(page_of(f"{policy_tags([SCRIPT])}\n<script>{SCRIPT}</script>")) == []


def test_a_page_without_the_policy_is_reported():
    assert codes(page_of(f"<script>{SCRIPT}</script>")) == [(1, "no-policy")]


def test_an_inline_script_whose_hash_is_not_listed_is_reported_at_its_line():
    found = policy_problems(page_of(f"{policy_tags([SCRIPT])}\n<script>{SCRIPT}</script>\n<script>alert(1)</script>"))
    assert [(line, code) for line, code, _ in found] == [(7, "script-hash")]
    assert "alert(1)" in found[0][2]


def test_a_script_changed_by_one_character_is_reported():
    assert codes(page_of(f"{policy_tags([SCRIPT])}\n<script>{SCRIPT} </script>")) == [(6, "script-hash")]


def test_a_script_before_the_policy_is_reported():
    assert (5, "no-policy") in codes(page_of(f"<script src='a.js'></script>\n{policy_tags()}"))


def test_a_policy_that_lacks_a_directive_or_the_referrer_policy_is_reported():
    weak = policy().replace("; object-src 'none'", "")
    found = policy_problems(page_of(f'<meta http-equiv="Content-Security-Policy" content="{weak}">'))
    messages = " | ".join(message for _, _, message in found)
    assert "object-src 'none'" in messages
    assert "referrer" in messages


def test_the_policy_lists_scripts_by_their_sha256():
    # The hash CSP defines: base64 of the SHA-256 of the script's UTF-8 text.
    assert script_hash("alert(1)") == "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"
    assert "script-src 'self' 'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='" in policy(["alert(1)"])


def test_the_check_of_a_site_words_a_page_without_the_policy_as_path_line_code(tmp_path: Path):
    (tmp_path / "index.html").write_text(page_of(f"{policy_tags()}").data.decode(), encoding="utf-8")
    (tmp_path / "bare.html").write_text(page_of("<script>alert(1)</script>").data.decode(), encoding="utf-8")
    diag = Diagnostics()
    check_built_site(CheckRequest(tmp_path, links=False, offline=False), diag)
    printed = [str(d) for d in diag.items]
    assert any(p.startswith("bare.html:1: error[no-policy]:") for p in printed), printed
    assert not any(p.startswith("index.html") for p in printed), printed


def short_page(**changes) -> str:
    values = dict(
        language="en",
        target="../a.html#1.1",
        title="1.1",
        og_title="1.1 — G D",
        site_name="S",
        description="d",
        image="../assets/og/x.png",
        image_alt="d",
        url="",
        edition="",
        canonical="../a.html",
        icon="../favicon.png",
        label="1.1",
        text="t",
        link_text="Link",
    )
    return html_file("short_page", **{**values, **changes})


def test_a_forwarding_page_whose_policy_is_not_its_own_is_checked_in_full_and_reported():
    page = short_page()
    assert forwarding_facts("r/1.1.html", page.encode()) is not None
    # Another page's policy: its script's hash is not listed.
    other = policy(['location.replace("../b.html#2.2");'])
    changed = page.replace(policy(['location.replace("../a.html#1.1");']), other)
    assert changed != page
    assert forwarding_facts("r/1.1.html", changed.encode()) is None
    assert [code for _, code, _ in policy_problems(Page("r/1.1.html", changed.encode(), parse(changed)))] == ["script-hash"]


def test_every_page_of_the_built_site_carries_a_policy_that_allows_its_inline_scripts(built_site):
    pages = html_files(built_site.site)
    assert len(pages) > 50
    inline = 0
    for rel in pages:
        page = load_page(built_site.site, rel)
        assert policy_problems(page) == [], rel
        inline += sum(1 for s in page.elements.tag("script") if s.get("src") is None and s.get("type") is None)
    # Material's (three a page) and the forwarding pages' scripts were all looked at.
    assert inline > 2 * len(pages)
