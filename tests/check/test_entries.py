"""The check stage on hand-made sites: every expected entry once, inside the
content, with its text; reported as `path:line: error[code]`; the same result
whichever number of worker processes reads the pages."""

from __future__ import annotations

from pathlib import Path

from rulesite.check.run import CheckRequest, check_built_site
from rulesite.common.diagnostics import Diagnostics
from rulesite.render.markup import policy_tags

POLICY = policy_tags()  # every built page's first tags (check/content_policy.py)

PAGE = """<!doctype html>
<html><head><meta charset="utf-8">{policy}<title>832</title></head>
<body>
<nav><a href="#832.1">832.1</a></nav>
<article>
<h1 id="832">832 Show Off</h1>
<div class="rule" id="832.1"><a href="#832.1">832.1</a> Show Off is a keyword.</div>
<div class="rule" id="832.2"><a href="#832.2">832.2</a> You may   reveal [Object].</div>
{extra}
</article>
{outside}
</body></html>
"""

EXPECTED = {
    "rules/832.html": [("832.1", ("Show Off is a keyword.",)), ("832.2", ("You may reveal [Object].",))],
}


def site(root: Path, extra: str = "", outside: str = "", more: dict[str, str] | None = None) -> Path:
    files = {
        "index.html": f'<html><head>{POLICY}</head><body><a href="rules/832.html#832.2">x</a></body></html>',
        "rules/832.html": PAGE.format(extra=extra, outside=outside, policy=POLICY),
        **(more or {}),
    }
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


def check(root: Path, expected=EXPECTED, jobs: int | None = 1) -> list[str]:
    diag = Diagnostics()
    check_built_site(CheckRequest(root, expected, label="site", jobs=jobs), diag)
    assert all(d.severity == "error" for d in diag.items)
    return [str(d) for d in sorted(diag.items, key=lambda d: (d.loc.path, d.loc.line, d.code))]


def test_a_whole_site_has_no_problems(tmp_path):
    assert check(site(tmp_path)) == []


def test_a_doubled_entry(tmp_path):
    root = site(tmp_path, extra='<p id="832.1">832.1 again</p>')
    assert check(root) == [
        "site/rules/832.html:7: error[duplicate-id]: id '832.1' is printed 2 times in this page",
        "site/rules/832.html:9: error[entry-count]: id '832.1' appears 2 times, expected once",
    ]


def test_a_lost_entry_and_a_lost_page(tmp_path):
    root = site(tmp_path)
    expected = {
        **EXPECTED,
        "rules/832.html": EXPECTED["rules/832.html"] + [("832.3", ("Gone.",))],
        "rules/833.html": [("833.1", ("Elsewhere.",))],
    }
    assert check(root, expected) == [
        "site/rules/832.html:1: error[entry-count]: id '832.3' appears 0 times, expected once",
        "site/rules/833.html:1: error[page-missing]: page missing: it should hold 1 entries",
    ]


def test_text_not_intact(tmp_path):
    root = site(tmp_path)
    expected = {"rules/832.html": [("832.2", ("You may reveal [Card].",))]}
    assert check(root, expected) == [
        "site/rules/832.html:8: error[entry-text]: #832.2: text not shown intact: 'You may reveal [Card].'"
    ]


def test_an_entry_outside_the_content(tmp_path):
    root = site(tmp_path)
    (root / "rules/832.html").write_text(
        PAGE.format(extra="", outside="", policy=POLICY).replace(
            '<div class="rule" id="832.2">', '</article><div class="rule" id="832.2">'
        ),
        encoding="utf-8",
    )
    assert check(root) == ["site/rules/832.html:8: error[entry-outside]: id '832.2' is outside the page's content (<article>)"]


def test_workers_find_what_one_process_finds(tmp_path):
    """Pages spread over two worker processes: the same problems, the same lines.
    Workers decide broken links and anchors on their own pages, the parent those
    on other pages and the words of rule links: both are covered."""

    def page(i: int) -> str:
        body = f'<a href="../rules/832.html#{"832.2" if i % 7 else "832.9"}">{i}</a>'
        if i % 11 == 0:  # a file that is not there, an anchor missing on the page itself
            body += '\n<a href="../rules/gone.html">gone</a> <a href="#nowhere">here</a>'
        if i % 13 == 0:  # words that name another rule than the link opens
            body += '\n<a href="../rules/832.html#832.2">832.1</a>'
        return f"<html><head>{POLICY}</head><body>\n{body}</body></html>"

    root = site(tmp_path, extra='<p id="832.1">again</p>', more={f"r/{i}.html": page(i) for i in range(60)})
    serial = check(root, jobs=1)
    codes = [line.split(": error[")[1].split("]")[0] for line in serial]
    # the doubled id (as an entry and as an id); every seventh page's broken anchor
    # on another page; every eleventh's missing file and missing anchor of its
    # own; every thirteenth's link words
    assert sorted(codes) == sorted(
        ["duplicate-id", "entry-count"] + ["broken-anchor"] * (9 + 6) + ["broken-link"] * 6 + ["link-text"] * 5
    )
    assert "site/r/11.html:3: error[broken-anchor]: <a href> '#nowhere': no id 'nowhere' on this page" in serial
    assert check(root, jobs=2) == serial


def test_expected_entries_kept_by_section_follow_a_changed_section(repo_root):
    """The entries a call kept by section (`sections`) are used only for the
    very section objects they were made of: a section replaced by another
    (its rule reworded, as resolve hands out a changed document's) expects
    its new text, as a call with nothing kept does."""
    import dataclasses

    from rulesite.stages import read as read_stage

    from rulesite.stages import resolve as resolve_stage
    from rulesite.check.entries import expected_entries

    diag = Diagnostics()
    ctx = resolve_stage.resolve(read_stage.read_corpus(repo_root / "rules_src" / "manifest.yml", diag), diag)
    languages = sorted({s.language for s in ctx.corpus.sections.values()})
    flat: dict = {}
    sections: dict = {}
    first = expected_entries(ctx.corpus, ctx, languages, flat, sections)
    assert first == expected_entries(ctx.corpus, ctx, languages)
    assert expected_entries(ctx.corpus, ctx, languages, flat, sections) == first  # all kept
    key, section = next((k, s) for k, s in ctx.corpus.sections.items() if s.rules)
    rule = section.rules[0]
    reworded = dataclasses.replace(rule, text=rule.text + " now reworded")
    ctx.corpus.sections[key] = dataclasses.replace(section, rules=[reworded, *section.rules[1:]])
    again = expected_entries(ctx.corpus, ctx, languages, flat, sections)
    assert again == expected_entries(ctx.corpus, ctx, languages) != first
    assert any("now reworded" in text for entries in again.values() for _, texts in entries for text in texts)
