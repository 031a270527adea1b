"""rulesite.check on history files (assets/history/<page>.js, render/history.py):
their links are checked as if on the page that shows them once a History is
opened, and a page with histories needs its file."""

from __future__ import annotations

import json
from pathlib import Path

from rulesite.check.run import check_folder


def page(body: str) -> str:
    return f"<!doctype html>\n<html><head></head>\n<body>\n{body}\n</body></html>\n"


def history(page_path: str, rules: dict) -> str:
    return "RulesiteHistory.add(" + json.dumps({"page": page_path, "lang": "en", "rules": rules}) + ");\n"


def make_site(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


RULE = (
    '<div class="rule" data-rule="{0}"><p id="{0}">Text.</p><details class="history"><summary>History</summary></details></div>'
)


def site_with(tmp_path: Path, rows: list[dict], lang_root: str = "") -> Path:
    return make_site(
        tmp_path / "site",
        {
            "index.html": page(f'<a href="{lang_root}rules/v2/2.html">rules</a>'),
            f"{lang_root}rules/v2/2.html": page(RULE.format("2.1")),
            f"{lang_root}rules/v1/1.html": page(RULE.format("1.1")),
            f"{lang_root}assets/history/rules/v2/2.js": history("rules/v2/2.html", {"2.1": rows}),
            f"{lang_root}assets/history/rules/v1/1.js": history("rules/v1/1.html", {"1.1": []}),
        },
    )


def test_good_history_links_pass(tmp_path):
    rows = [{"label": "v1: 1.1", "href": "../v1/1.html#1.1"}, {"label": "v2: 2.1", "href": "#2.1", "diff_href": "../v1/1.html"}]
    assert check_folder(site_with(tmp_path, rows)) == []


def test_a_broken_history_link_or_anchor_is_reported_on_its_file(tmp_path):
    rows = [
        {"label": "v1: 1.1", "href": "../v1/1.html#1.9"},  # no such id there
        {"label": "v2: 2.1", "href": "#2.9"},  # nor on its own page
        {"label": "v2: 2.1", "href": "#2.1", "diff_href": "../changes/v1-to-v2.html#d-2.1"},  # no such page
    ]
    problems = check_folder(site_with(tmp_path, rows))
    assert len(problems) == 3, problems
    assert all(p.startswith("assets/history/rules/v2/2.js:") for p in problems), problems
    assert sum("broken-anchor" in p and "'1.9'" in p for p in problems) == 1, problems
    assert sum("broken-anchor" in p and "'2.9'" in p for p in problems) == 1, problems
    assert sum("broken-link" in p and "changes/v1-to-v2.html" in p for p in problems) == 1, problems


def test_another_languages_history_file_is_read_from_its_root(tmp_path):
    rows = [{"label": "v1: 1.1", "href": "../v1/1.html#1.9"}]
    problems = check_folder(site_with(tmp_path, rows, lang_root="es/"))
    assert len(problems) == 1 and problems[0].startswith("es/assets/history/rules/v2/2.js:"), problems


def test_a_page_with_histories_needs_its_file(tmp_path):
    site = site_with(tmp_path, [])
    (site / "assets/history/rules/v1/1.js").unlink()
    problems = check_folder(site)
    assert len(problems) == 1 and problems[0].startswith("rules/v1/1.html:") and "history-file" in problems[0], problems
