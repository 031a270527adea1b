"""The community-rulings importer, on the real seed and on small broken files."""

import re
from pathlib import Path

from rulesite.common.diagnostics import Diagnostics
from rulesite.common.model import Source
from rulesite.common.normalize import normalize_text
from rulesite.read import rulings_text

ROOT = Path(__file__).resolve().parents[2]
SEED = "rules_src/riftbound/community-rulings.txt"


def source(path: str, file: Path) -> Source:
    return Source(
        id="rb-community-rulings",
        path=path,
        game="riftbound",
        document="community-rulings",
        language="en",
        edition="undated",
        format="rulings-text",
        file=str(file),
    )


def run(path: str, file: Path):
    diag = Diagnostics()
    lines = file.read_text(encoding="utf-8-sig").splitlines()
    return rulings_text.read(source(path, file), lines, diag).rulings, diag


def seed():
    return run(SEED, ROOT / SEED)


def write(tmp_path: Path, name: str, text: str) -> Path:
    file = tmp_path / name
    file.write_text(text, encoding="utf-8")
    return file


def test_seed_counts_and_no_diagnostics():
    rulings, diag = seed()
    assert [str(d) for d in diag.items] == []
    assert len(rulings) == 50
    assert sum(1 for r in rulings if r.steps) == 26
    assert sum(1 for r in rulings if r.nuances) == 47
    assert rulings[0].loc.line == 3 and rulings[-1].loc.line == 101
    assert {(r.game, r.source_id, r.loc.path) for r in rulings} == {("riftbound", "rb-community-rulings", SEED)}


def test_seed_ids_unique_kebab_and_titled():
    rulings, _ = seed()
    ids = [r.id for r in rulings]
    assert len(set(ids)) == 50
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", i) for i in ids)
    assert all(0 < len(r.title) <= 60 for r in rulings)
    by_id = {r.id: r for r in rulings}
    assert by_id["zhonyas-hourglass-saves-units-elsewhere"].loc.line == 37


def test_nothing_lost():
    rulings, _ = seed()
    lines = (ROOT / SEED).read_text(encoding="utf-8-sig").splitlines()
    for r in rulings:
        line = normalize_text(lines[r.loc.line - 1])
        rebuilt = "Ruling: " + r.answer
        rebuilt += " Sequence: - " + " - ".join(r.steps) if r.steps else ""
        rebuilt += " Nuances: - " + " - ".join(r.nuances) if r.nuances else ""
        assert rebuilt == line
        # Independently of the splitter: same words once labels and bullets are gone.
        words = [w for w in line.split() if w not in ("Ruling:", "Sequence:", "Nuances:", "-")]
        parts = " ".join([r.answer, *r.steps, *r.nuances]).split()
        assert words == [w for w in parts if w != "-"]
        assert all(p and p == p.strip() for p in [r.answer, *r.steps, *r.nuances])


def test_inline_dash_stays_in_its_item():
    rulings, _ = seed()
    at = {r.loc.line: r for r in rulings}
    assert at[13].nuances == [
        "The gear must be revealed before the unit is moved to avoid being trashed while hidden",
        "Permanents cannot be reacted to - once they enter the chain, they immediately resolve",
        "There was discussion about a rules ambiguity regarding permanents with reaction speed in the "
        "middle of a chain, but the intended behavior is that permanents resolve immediately",
    ]
    # A quote after " - " starts an item; the dash later in it does not.
    assert at[37].nuances[1].startswith('"While hidden" is different from "from hidden" - the card')
    assert len(at[37].nuances) == 2
    assert '"Exhaust - Add 1 energy"' in at[83].answer  # answers are never split
    assert at[41].steps[1].startswith("Turn 2 (opponent's turn):")
    assert len(at[9].steps) == 6


def test_syntax_errors_are_all_collected(tmp_path):
    file = write(
        tmp_path,
        "bad.txt",
        "\n".join(
            [
                "Riftbound Frequently Asked Questions",
                "Ruling: Fine. Nuances: - A note",
                "this line is garbage",
                "Ruling: Yes. Sequence: Nuances: - A note",
                "Ruling: Yes. Nuances: - A note Sequence: - A step",
                "Ruling: Yes. Nuances: - A Nuances: - B",
                "Ruling: Sequence: - A step",
                "",
            ]
        ),
    )
    path = str(file)
    rulings, diag = run(path, file)
    assert [str(d) for d in diag.errors] == [
        f"{path}:3: error[ruling-syntax]: expected a line starting with 'Ruling:', found 'this line is garbage'",
        f"{path}:4: error[ruling-syntax]: 'Sequence:' has no items",
        f"{path}:5: error[ruling-syntax]: labels must appear once each, in the order Ruling:, Sequence:, "
        "Nuances: (found Ruling:, Nuances:, Sequence:)",
        f"{path}:6: error[ruling-syntax]: labels must appear once each, in the order Ruling:, Sequence:, "
        "Nuances: (found Ruling:, Nuances:, Nuances:)",
        f"{path}:7: error[ruling-syntax]: 'Ruling:' has no answer",
    ]
    assert [r.answer for r in rulings] == ["Fine."]
    # No ids file: the good ruling still gets an id, with a warning saying what to add.
    assert rulings[0].id == "fine" and rulings[0].title == "Fine."
    assert [str(d) for d in diag.warnings] == [
        f"{path}:2: warning[ruling-id]: no entry in {tmp_path / 'bad.ids.yml'} for this ruling; "
        'using id \'fine\'. Add {id: fine, title: "...", starts: "Fine."}'
    ]


def test_ids_file_errors(tmp_path):
    file = write(
        tmp_path,
        "r.txt",
        "\n".join(
            [
                "Title",
                "Ruling: Yes, one. Nuances: - A",
                "Ruling: Yes, two. Nuances: - B",
                "Ruling: No, three is long enough to need a cut title because it goes on and on.",
            ]
        ),
    )
    write(
        tmp_path,
        "r.ids.yml",
        "\n".join(
            [
                "- id: one",  # 1
                "  title: One",
                "  starts: Yes, one",
                "- id: one",  # 4: duplicate id
                "  title: Again",
                "  starts: Yes, two",
                "- id: ghost",  # 7: matches nothing
                "  title: Ghost",
                "  starts: Maybe",
                "- id: Not_Kebab",  # 10
                "  title: Bad",
                "  starts: Yes, two",
                "- just a string",  # 13
                "- id: both",  # 14: ambiguous prefix
                "  title: Both",
                "  starts: 'Yes'",
                "- id: no-title",  # 17
                "  starts: Yes, two",
                "- id: bare-yes",  # 19: YAML reads a bare Yes as true
                "  title: Bare",
                "  starts: Yes",
                "",
            ]
        ),
    )
    path, ids = str(file), str(tmp_path / "r.ids.yml")
    rulings, diag = run(path, file)
    assert [str(d) for d in diag.errors] == [
        f"{ids}:10: error[ruling-id]: id 'Not_Kebab' is not kebab-case (a-z, 0-9, single hyphens)",
        f"{ids}:13: error[ruling-id]: each entry must be a mapping {{id, title, starts}}",
        f"{ids}:17: error[ruling-id]: missing or empty title",
        f"{ids}:19: error[ruling-id]: starts must be quoted text, not True",
        f"{ids}:4: error[ruling-id]: duplicate id 'one' (first used at {ids}:1)",
        f"{ids}:7: error[ruling-id]: 'ghost' matches no ruling: no answer starts with 'Maybe'",
        f"{ids}:14: error[ruling-id]: 'both': 'starts' matches several rulings (lines 2, 3); make it longer",
    ]
    assert [(r.id, r.title) for r in rulings] == [
        ("one", "One"),
        ("yes-two", "Yes, two."),
        ("no-three-is-long-enough-to-need-a-cut-title", "No, three is long enough to need a cut title because it…"),
    ]
    assert [d.loc.line for d in diag.warnings] == [3, 4]


def test_ids_survive_reordering(tmp_path):
    lines = (ROOT / SEED).read_text(encoding="utf-8-sig").splitlines()
    file = write(tmp_path, "community-rulings.txt", "\n".join([lines[0], *reversed(lines[1:])]))
    write(tmp_path, "community-rulings.ids.yml", (ROOT / rulings_text.ids_path(SEED)).read_text(encoding="utf-8"))
    moved, diag = run(str(file), file)
    assert diag.items == []
    original, _ = seed()
    assert {r.id: r.answer for r in moved} == {r.id: r.answer for r in original}
