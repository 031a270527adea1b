"""The walkthrough reader: the real files, and small broken files with exact messages."""

from pathlib import Path

import pytest

from rulesite.common.diagnostics import Diagnostics
from rulesite.read.walkthroughs import read_walkthroughs

ROOT = Path(__file__).resolve().parents[2]

VALID = """\
id: ok
title: A title
game: riftbound
document: core-rules
edition: 2026-10-09
rule: "832.1.d.1"
summary: >-
  Why it
  works.
steps:
  - text: Step one.
    cites:
      - rule: "832.1.d.1"
        quote: \u201cFrigid  Touch\u201d
"""


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)  # messages show paths relative to the working folder
    (tmp_path / "w").mkdir()
    return tmp_path / "w"


def run(folder: Path, **files: str):
    for stem, text in files.items():
        (folder / f"{stem}.yml").write_text(text, encoding="utf-8")
    diag = Diagnostics()
    walkthroughs = read_walkthroughs(folder, diag)
    return walkthroughs, [str(d) for d in diag.items]


def test_real_walkthroughs_read_cleanly(monkeypatch):
    monkeypatch.chdir(ROOT)
    diag = Diagnostics()
    walkthroughs = read_walkthroughs(Path("rules_src/walkthroughs"), diag)
    assert [str(d) for d in diag.items] == []
    assert len(walkthroughs) >= 5
    for w in walkthroughs:
        assert w.steps and all(step.cites for step in w.steps)
        assert w.loc.path == f"rules_src/walkthroughs/{w.id}.yml"


def test_valid_file_is_read_and_normalized(folder):
    (w,), messages = run(folder, ok=VALID)
    assert messages == []
    assert (w.id, w.title, w.game, w.document, w.rule) == ("ok", "A title", "riftbound", "core-rules", "832.1.d.1")
    assert w.edition == "2026-10-09"  # unquoted: YAML reads a date
    assert w.summary == "Why it works."
    assert str(w.loc) == "w/ok.yml:1"
    (step,) = w.steps
    assert (step.text, str(step.loc)) == ("Step one.", "w/ok.yml:11")
    (cite,) = step.cites
    assert (cite.rule, cite.quote, str(cite.loc)) == ("832.1.d.1", '"Frigid Touch"', "w/ok.yml:13")


def test_missing_and_unknown_fields(folder):
    text = VALID.replace("title: A title\n", "").replace("game:", "colour: red\ngame:")
    text = text.replace("        quote:", "        page: 3\n        quote:")
    text += '  - text: Two.\n    cites:\n      - rule: "832.1.d"\n'
    walkthroughs, messages = run(folder, ok=text)
    assert walkthroughs == []  # a file with errors gives no walkthrough
    assert messages == [
        "w/ok.yml:1: error[walkthrough]: walkthrough is missing field(s) title",
        "w/ok.yml:1: error[walkthrough]: walkthrough has unknown field(s) colour",
        "w/ok.yml:13: error[walkthrough]: step 1, citation 1 has unknown field(s) page",
        "w/ok.yml:18: error[walkthrough]: step 2, citation 1 is missing field(s) quote",
    ]


def test_wrong_types(folder):
    text = (
        VALID.replace("title: A title", "title: [A, title]")
        .replace('rule: "832.1.d.1"\nsummary', "rule: 424.3\nsummary")
        .replace("  - text: Step one.", "  - text: 7")
    )
    _, messages = run(folder, ok=text)
    assert messages == [
        "w/ok.yml:1: error[walkthrough]: walkthrough: 'title' must be text, not a list",
        "w/ok.yml:1: error[walkthrough]: walkthrough: 'rule' must be text, not the number 424.3 (put it in quotes)",
        "w/ok.yml:11: error[walkthrough]: step 1: 'text' must be text, not the number 7 (put it in quotes)",
    ]


def test_steps_and_cites_shapes(folder):
    _, messages = run(
        folder,
        a=VALID.replace("id: ok", "id: a").split("steps:")[0] + "steps: {text: x}\n",
        b=VALID.replace("id: ok", "id: b").split("steps:")[0] + "steps: []\n",
        c=VALID.replace("id: ok", "id: c").split("steps:")[0] + "steps:\n  - just words\n",
        d=VALID.replace("id: ok", "id: d").split("steps:")[0] + "steps:\n",
    )
    assert messages == [
        "w/a.yml:1: error[walkthrough]: walkthrough: 'steps' must be a list of steps, not a mapping",
        "w/b.yml:1: error[walkthrough]: walkthrough has no steps",
        "w/c.yml:1: error[walkthrough]: step 1 must be a mapping of fields, not text",
        "w/d.yml:1: error[walkthrough]: walkthrough has no steps",
    ]


def test_step_without_cites(folder):
    text = VALID + "  - text: Step two.\n  - text: Step three.\n    cites: []\n"
    _, messages = run(folder, ok=text)
    assert messages == [
        "w/ok.yml:15: error[walkthrough]: step 2 cites no rule: every step must cite at least one rule",
        "w/ok.yml:16: error[walkthrough]: step 3 cites no rule: every step must cite at least one rule",
    ]


def test_empty_quote(folder):
    text = VALID + '  - text: Step two.\n    cites:\n      - {rule: "832.1.d", quote: "  "}\n      - {rule: "832.1.c", quote: }\n'
    _, messages = run(folder, ok=text)
    assert messages == [
        "w/ok.yml:17: error[walkthrough]: step 2, citation 1: quote is empty: quote the words of rule 832.1.d the step relies on",
        "w/ok.yml:18: error[walkthrough]: step 2, citation 2: quote is empty: quote the words of rule 832.1.c the step relies on",
    ]


def test_bad_rule_numbers_game_and_edition(folder):
    text = (
        VALID.replace('rule: "832.1.d.1"\nsummary', 'rule: "832.1.d.1."\nsummary')
        .replace('      - rule: "832.1.d.1"', '      - rule: "832.1.D"')
        .replace("game: riftbound", "game: poker")
        .replace("edition: 2026-10-09", "edition: October 2026")
        .replace("document: core-rules", "document: Core Rules")
    )
    _, messages = run(folder, ok=text)
    assert messages == [
        "w/ok.yml:1: error[walkthrough]: game must be one of ['magic', 'riftbound'], not 'poker'",
        "w/ok.yml:1: error[walkthrough]: document must be kebab-case like core-rules, not 'Core Rules'",
        "w/ok.yml:1: error[walkthrough]: edition must be YYYY-MM-DD or 'undated', not 'October 2026'",
        "w/ok.yml:1: error[walkthrough]: walkthrough: '832.1.d.1.' is not a rule number like 832.1.c.2 or 701.20a",
        "w/ok.yml:13: error[walkthrough]: step 1, citation 1: '832.1.D' is not a rule number like 832.1.c.2 or 701.20a",
    ]


def test_magic_rule_numbers_are_accepted(folder):
    text = VALID.replace("832.1.d.1", "701.20a").replace("riftbound", "magic")
    (w,), messages = run(folder, ok=text)
    assert messages == [] and w.rule == "701.20a"


def test_id_must_be_kebab_case_and_match_file_name(folder):
    _, messages = run(folder, ok=VALID.replace("id: ok", "id: Not_Kebab"), other=VALID)
    assert messages == [
        "w/ok.yml:1: error[walkthrough]: id 'Not_Kebab' must be kebab-case (lower-case words joined by '-')",
        "w/ok.yml:1: error[walkthrough]: id 'Not_Kebab' must match the file name 'ok.yml'",
        "w/other.yml:1: error[walkthrough]: id 'ok' must match the file name 'other.yml'",
    ]


def test_duplicate_ids(folder):
    walkthroughs, messages = run(folder, ok=VALID, zz=VALID)
    assert [w.id for w in walkthroughs] == ["ok"]
    assert messages == [
        "w/zz.yml:1: error[walkthrough]: id 'ok' must match the file name 'zz.yml'",
        "w/zz.yml:1: error[walkthrough]: duplicate walkthrough id 'ok' (first used at w/ok.yml:1)",
    ]


def test_unreadable_files_and_folder(folder, tmp_path):
    (folder / "wrong-suffix.yaml").write_text(VALID, encoding="utf-8")
    (folder / "README.md").write_text("# not read\n", encoding="utf-8")
    walkthroughs, messages = run(folder, ok=VALID, broken="id: [unclosed\n", empty="")
    assert [w.id for w in walkthroughs] == ["ok"]  # the good file is kept
    assert messages[0].startswith("w/broken.yml:2: error[invalid-yaml]: not valid YAML:")
    assert messages[1:] == [
        "w/empty.yml:1: error[walkthrough]: the file is empty: expected walkthrough fields",
        "w/wrong-suffix.yaml:1: error[walkthrough]: walkthrough files must end in .yml, not .yaml",
    ]
    diag = Diagnostics()
    assert read_walkthroughs(tmp_path / "nowhere", diag) == []
    assert [str(d) for d in diag.items] == ["nowhere:1: error[walkthrough]: no such walkthroughs folder"]
