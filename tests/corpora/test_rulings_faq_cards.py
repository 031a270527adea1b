"""Community rulings (MDX), official FAQ, errata and cards, read from the real corpora.

Every expectation is counted from the files themselves at test time with a
deliberately simple second reading (markers, tags, headings); nothing of the
corpora is kept in the repository. The few fixed numbers are the corpora's own
(SOURCES.md, corrected where it is loose: the rulings folder holds 66 files, of
which 62 are MDX pages; 61 rulings pages hold 159 rulings, and `index.mdx`
holds the other 4 of the 163 `##` headings: "About this site", not rulings).

The second half feeds each importer small broken files, written to tmp_path,
and checks that every problem is reported at its `path:line`.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from rulesite.common.diagnostics import Diagnostics
from rulesite.common.model import Corpus, Loc, Source
from rulesite.read import cards_json, errata_json, faq_json, rulings_mdx
from rulesite.resolve.links import Link, Linker

RULINGS_DIR = "rb-faq-rulings-en-riftboundfaq"
FAQ = "rb-faq-en-official-riftboundoc.json"
ERRATA = "rb-errata-en-official-riftboundoc.json"
CARDS = "rb-cards-en-riftboundoc.json"

_H2 = re.compile(r"^## .*\[#([^\]]+)\]\s*$")
_RULE_TAG = re.compile(r'<Rule number="([^"]*)" />')
_CARD_TAG = re.compile(r'<Card name="([^"]*)" />')


def source(name: str, fmt: str, file: Path, path: str | None = None) -> Source:
    return Source(
        id=name.split(".")[0],
        path=path or name,
        game="riftbound",
        document="rulings",
        language="en",
        edition="undated",
        format=fmt,
        file=str(file),
    )


def run_lines(module, name: str, fmt: str, file: Path, path: str | None = None):
    diag = Diagnostics()
    lines = file.read_text(encoding="utf-8-sig").splitlines()  # as read_sources reads every source
    return module.read(source(name, fmt, file, path), lines, diag), diag


@cache
def rulings(corpora: Path):
    diag = Diagnostics()
    return rulings_mdx.read_folder(source(RULINGS_DIR, "rulings-mdx", corpora / RULINGS_DIR), diag), diag


@cache
def faqs(corpora: Path):
    return run_lines(faq_json, FAQ, "faq-json", corpora / FAQ)


@cache
def errata(corpora: Path):
    return run_lines(errata_json, ERRATA, "errata-json", corpora / ERRATA)


@cache
def cards(corpora: Path):
    return run_lines(cards_json, CARDS, "cards-json", corpora / CARDS)


def pages(corpora: Path) -> dict[str, list[str]]:
    folder = corpora / RULINGS_DIR
    return {
        p.relative_to(folder).as_posix(): p.read_text(encoding="utf-8-sig").splitlines() for p in sorted(folder.rglob("*.mdx"))
    }


def is_rulings_page(lines: list[str]) -> bool:
    end = lines.index("---", 1)
    return any(line.startswith("reviewedCoreRulesVersion:") for line in lines[1:end])


# --- community rulings (MDX) ----------------------------------------------------------


@pytest.mark.corpora
def test_rulings_folder_counts(corpora_dir):
    folder = corpora_dir / RULINGS_DIR
    assert len([p for p in folder.rglob("*") if p.is_file()]) == 66
    all_pages = pages(corpora_dir)
    assert len(all_pages) == 62
    h2 = {rel: sum(1 for line in lines if line.startswith("## ")) for rel, lines in all_pages.items()}
    assert sum(h2.values()) == 163
    ruling_pages = {rel for rel, lines in all_pages.items() if is_rulings_page(lines)}
    assert len(ruling_pages) == 61 and set(all_pages) - ruling_pages == {"index.mdx"}
    imported, diag = rulings(corpora_dir)
    assert len(imported.rulings) == sum(h2[rel] for rel in ruling_pages) == 159
    per_page = Counter(r.loc.path.split(f"{RULINGS_DIR}/", 1)[1] for r in imported.rulings)
    assert per_page == Counter({rel: h2[rel] for rel in ruling_pages})
    # The one page that is not read is reported, with the number of sections it holds.
    assert [(d.severity, d.code, d.loc.path.endswith("index.mdx")) for d in diag.items] == [("warning", "not-rulings", True)]
    assert f"its {h2['index.mdx']} '##' sections" in diag.items[0].message


@pytest.mark.corpora
def test_ruling_ids_are_page_stem_and_anchor_and_unique(corpora_dir):
    imported, _ = rulings(corpora_dir)
    expected = []
    for rel, lines in pages(corpora_dir).items():
        if is_rulings_page(lines):
            stem = Path(rel).stem
            anchors = [m.group(1) for line in lines if (m := _H2.match(line))]
            assert len(anchors) == len(set(anchors)), rel
            expected += [f"{stem}-{a}" for a in anchors]
    assert [r.id for r in imported.rulings] == expected
    assert len(set(expected)) == len(expected)
    for ruling in imported.rulings:
        assert re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", ruling.id)


@pytest.mark.corpora
def test_ruling_locations_point_at_their_question(corpora_dir):
    imported, _ = rulings(corpora_dir)
    all_pages = pages(corpora_dir)
    for ruling in imported.rulings:
        rel = ruling.loc.path.split(f"{RULINGS_DIR}/", 1)[1]
        line = all_pages[rel][ruling.loc.line - 1]
        assert line.startswith("## ") and ruling.question and ruling.title == ruling.question
        assert ruling.question.rstrip("?") in line  # headings hold no markup


@pytest.mark.corpora
def test_every_rule_tag_becomes_a_citation_in_order(corpora_dir):
    imported, _ = rulings(corpora_dir)
    by_page: dict[str, list] = {}
    for ruling in imported.rulings:
        by_page.setdefault(ruling.loc.path.split(f"{RULINGS_DIR}/", 1)[1], []).append(ruling)
    total_tags = 0
    for rel, lines in pages(corpora_dir).items():
        if rel not in by_page:
            continue
        starts = [i for i, line in enumerate(lines) if line.startswith("## ")] + [len(lines)]
        for ruling, start, end in zip(by_page[rel], starts, starts[1:]):
            numbers = _RULE_TAG.findall("\n".join(lines[start:end]))
            assert ruling.rule_citations == numbers, ruling.id
            total_tags += len(numbers)
    all_text = "\n".join(p.read_text(encoding="utf-8") for p in (corpora_dir / RULINGS_DIR).rglob("*.mdx"))
    assert total_tags == len(re.findall(r"<Rule\b", all_text)) == sum(len(r.rule_citations) for r in imported.rulings)
    assert total_tags == 805


@pytest.mark.corpora
def test_citations_are_visible_to_the_reference_finder(corpora_dir):
    imported, _ = rulings(corpora_dir)
    linker = Linker(Corpus(), {})
    for ruling in imported.rulings:
        found = Counter()
        for text in [ruling.answer, *ruling.steps, *ruling.nuances]:
            found.update(s.number for s in linker.segments(text, "riftbound") if isinstance(s, Link) and s.kind == "rule")
        missing = Counter(ruling.rule_citations) - found
        assert not missing, (ruling.id, missing)


@pytest.mark.corpora
def test_ruling_text_is_plain_and_cards_are_recorded(corpora_dir):
    imported, _ = rulings(corpora_dir)
    all_pages = pages(corpora_dir)
    for ruling in imported.rulings:
        texts = [ruling.title, ruling.answer, *ruling.steps, *ruling.nuances]
        for text in texts:
            assert "<" not in text and "**" not in text and "](" not in text, ruling.id
            assert "\n" not in text and text == text.strip()
        rel = ruling.loc.path.split(f"{RULINGS_DIR}/", 1)[1]
        lines = all_pages[rel]
        start = ruling.loc.line - 1
        end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
        tagged = _CARD_TAG.findall("\n".join(lines[start:end]))
        assert set(tagged) <= set(ruling.cards), ruling.id
        assert len(ruling.cards) == len(set(ruling.cards))
        for name in tagged:
            assert any(name in text for text in texts), (ruling.id, name)
        assert ruling.answer or ruling.steps, ruling.id
        assert ruling.licence == "CC BY-SA 4.0"
        assert ruling.attribution == "Riftbound FAQ, Christian Ivicevic"
        assert ruling.reviewed_version and ruling.reviewed_version in "\n".join(lines[:20])


@pytest.mark.corpora
def test_ruling_structure_uses_steps_and_nuances(corpora_dir):
    imported, _ = rulings(corpora_dir)
    folder_text = "\n".join(p.read_text(encoding="utf-8") for p in (corpora_dir / RULINGS_DIR).rglob("*.mdx"))
    callouts = folder_text.count("<Callout")
    assert sum(1 for r in imported.rulings if r.steps) >= 10
    # Every callout is one nuance; bulleted lists add the rest.
    assert sum(len(r.nuances) for r in imported.rulings) >= callouts


# --- official FAQ -------------------------------------------------------------------------


@pytest.mark.corpora
def test_faq_has_one_answer_per_question_marker(corpora_dir):
    data = json.loads((corpora_dir / FAQ).read_text(encoding="utf-8-sig"))
    imported, diag = faqs(corpora_dir)
    markers = [sum(1 for row in article["content"].split("\n") if row.startswith("### Q:")) for article in data]
    answers = [f for f in imported.faqs if f.kind == "answer"]
    assert len(answers) == sum(markers) == 124
    per_article = Counter(f.document for f in answers)
    assert per_article == Counter({a["id"]: n for a, n in zip(data, markers) if n})
    assert not diag.errors
    # Nothing of the official articles is left out: no line is reported unplaced.
    assert [d for d in diag.warnings if d.code == "unplaced"] == []


@pytest.mark.corpora
def test_faq_every_heading_and_introduction_is_an_item(corpora_dir):
    """Each article's text before its first heading is its introduction; every
    other heading with text under it (a prose section, an entry of a list by
    heading) is an item, except revised texts, which become errata and rule
    revisions; counted from the headings themselves."""
    data = json.loads((corpora_dir / FAQ).read_text(encoding="utf-8-sig"))
    imported, _ = faqs(corpora_dir)
    assert [d.id for d in imported.official] == [a["id"] for a in data]
    revised = 0
    for article in data:
        rows = article["content"].split("\n")
        heads = [i for i, row in enumerate(rows) if row.startswith("#")]
        mine = [f for f in imported.faqs if f.document == article["id"]]
        if any(row.strip() for row in rows[: heads[0]]):
            assert (mine[0].kind, mine[0].question) == ("introduction", article["title"])
        else:
            assert "introduction" not in [f.kind for f in mine]
        revised += sum("(revised text)" in rows[i] for i in heads)
        if not any(rows[i].startswith("### Q:") for i in heads):
            # A clarifications document: one item per heading with text under it.
            filled = [i for k, i in enumerate(heads) if any(r.strip() for r in rows[i + 1 : (heads + [len(rows)])[k + 1]])]
            assert [f.question for f in mine if f.kind != "introduction"] == [rows[i].lstrip("#").strip() for i in filled]
    assert len(imported.errata) + len(imported.revisions) == revised
    assert [(r.number, r.official) for r in imported.revisions] == [("735.1.c", "riftbound-spiritforged-faq")]


@pytest.mark.corpora
def test_faq_documents_state_their_authority(corpora_dir):
    """The Unleashed clarifications say they take precedence over the Core Rules
    and become obsolete at the next rules update; the others say neither."""
    imported, _ = faqs(corpora_dir)
    said = {d.id: (d.published, d.amends, d.precedence, d.lapses) for d in imported.official}
    assert said["unleashed-rules-faq-and-clarifications"] == ("2026-04-29", "core-rules", True, "next-rules-update")
    assert said["riftbound-spiritforged-faq"][1:] == ("core-rules", False, "")
    assert said["rq-vegas-2026-rulings"] == ("2026-02-25", "", False, "")


@pytest.mark.corpora
def test_faq_answers_are_plain_with_stable_unique_ids(corpora_dir):
    imported, _ = faqs(corpora_dir)
    raw_lines = (corpora_dir / FAQ).read_text(encoding="utf-8-sig").splitlines()
    ids = [f.id for f in imported.faqs]
    assert len(ids) == len(set(ids))
    for faq in imported.faqs:
        assert faq.section == "" and faq.question and faq.answer
        assert faq.topic or faq.kind != "answer"
        assert re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", faq.id)
        for text in (faq.question, faq.answer):
            assert "<img" not in text and "](" not in text and "\n" not in text
        assert '"content"' in raw_lines[faq.loc.line - 1]


# --- errata ------------------------------------------------------------------------------


@pytest.mark.corpora
def test_errata_pairs_match_the_markers(corpora_dir):
    data = json.loads((corpora_dir / ERRATA).read_text(encoding="utf-8-sig"))
    imported, diag = errata(corpora_dir)
    olds = [article["content"].count("[OLD TEXT]") for article in data]
    news = [article["content"].count("[NEW TEXT]") for article in data]
    assert olds == news
    assert len(imported.errata) == sum(olds) == 55
    assert Counter(e.article_id for e in imported.errata) == Counter({a["id"]: n for a, n in zip(data, olds)})
    assert not diag.errors
    # Each article's preamble is kept as its introduction, not reported unplaced.
    assert [d for d in diag.warnings if d.code == "unplaced"] == []
    assert [f.document for f in imported.faqs if f.kind == "introduction"] == [a["id"] for a in data]
    for erratum in imported.errata:
        assert erratum.card and erratum.old_text and erratum.new_text and erratum.old_text != erratum.new_text
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", erratum.date) and erratum.article
        assert "####" not in erratum.old_text + erratum.new_text and "[OLD TEXT]" not in erratum.old_text


@pytest.mark.corpora
def test_errata_cards_are_gallery_cards_mostly(corpora_dir):
    names = {c.name for c in cards(corpora_dir)[0].cards}
    unknown = [e.card for e in errata(corpora_dir)[0].errata if e.card not in names]
    # The gallery spells two names differently or lacks them; the rest match exactly.
    assert len(unknown) <= 2, unknown


# --- cards ---------------------------------------------------------------------------------


@pytest.mark.corpora
def test_cards_count_ids_and_symbols(corpora_dir):
    data = json.loads((corpora_dir / CARDS).read_text(encoding="utf-8-sig"))
    raw_lines = (corpora_dir / CARDS).read_text(encoding="utf-8-sig").splitlines()
    imported, diag = cards(corpora_dir)
    assert len(imported.cards) == data["count"] == len(data["cards"]) == 950
    assert not diag.items
    assert len({c.id for c in imported.cards}) == 950
    for card, item in zip(imported.cards, data["cards"]):
        assert card.id == item["id"] and card.name == item["name"] and card.types == item["cardTypes"]
        assert card.id in raw_lines[card.loc.line - 1]
        assert ":rb_" not in card.text
        assert card.text.count("\n") == len([r for r in item["abilityText"].split("\n") if r.strip()]) - 1 or not card.text


# --- broken input: every problem at its path:line -------------------------------------------


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def found(diag: Diagnostics) -> list[tuple[str, str, str, int]]:
    return [(d.severity, d.code, Path(d.loc.path).name, d.loc.line) for d in diag.items]


PAGE_HEAD = '---\ntitle: "Glimmer Fox"\nreviewedCoreRulesVersion: "9.9"\n---\n\n'


def mdx_folder(tmp_path: Path, files: dict[str, str]):
    folder = tmp_path / "rulings"
    for rel, text in files.items():
        write(folder / rel, text)
    diag = Diagnostics()
    return rulings_mdx.read_folder(source("rulings", "rulings-mdx", folder, path="rulings"), diag), diag


def test_mdx_converts_components_and_places_lists(tmp_path):
    page = PAGE_HEAD + (
        "## Can the fox be chosen twice? [#chosen-twice]\n"  # 6
        "\n"
        "No.\n"  # 8
        'It was chosen once already.<Rule number="101.1" /><Rule number="102.2.a" />\n'
        'Pay <Energy value={2} /><Universal /> and it gains <QuickDraw />, like <Card name="Dusk Owl" /> does.\n'
        "\n"
        "### Resolution Sequence [#seq]\n"
        "\n"
        '1. **First** the owl moves,<Rule number="103.4" /> then waits.\n'
        "It keeps waiting.\n"
        "2. Then the _fox_ moves.\n"
        "\n"
        '<Callout type="idea" title="Example">\n'
        "\tA fox meets an owl.\n"
        "</Callout>\n"
        "\n"
        "- One note.\n"
        "- Another [note](/cards/x#y).\n"
    )
    imported, diag = mdx_folder(tmp_path, {"cards/glimmer-fox.mdx": page})
    assert not diag.items
    (ruling,) = imported.rulings
    assert ruling.id == "glimmer-fox-chosen-twice" and ruling.loc.line == 6
    assert ruling.answer == (
        "No. It was chosen once already (rules 101.1, 102.2.a). Pay [2][A] and it gains Quick-Draw, like Dusk Owl does."
    )
    assert ruling.steps == ["First the owl moves (rule 103.4), then waits. It keeps waiting.", "Then the fox moves."]
    assert ruling.nuances == ["Example: A fox meets an owl.", "One note.", "Another note."]
    assert ruling.rule_citations == ["101.1", "102.2.a", "103.4"]
    assert ruling.cards == ["Glimmer Fox", "Dusk Owl"]
    assert ruling.reviewed_version == "9.9" and ruling.licence == "CC BY-SA 4.0"


def test_mdx_problems_are_reported_at_their_lines(tmp_path):
    broken = PAGE_HEAD + (
        "Stray words before any question.\n"  # 6
        "## A question without an anchor?\n"  # 7
        "Yes.\n"
        "## First? [#same]\n"  # 9
        'Yes.<Rule number="12x" />\n'  # 10
        "## Second? [#same]\n"  # 11
        "No, <Mystery /> says so.\n"  # 12
        '<Callout type="warn" title="Careful">\n'  # 13
        "Never closed.\n"
    )
    files = {
        "general/broken.mdx": broken,
        "general/no-front.mdx": "## Question? [#q]\nAnswer.\n",
        "general/about.mdx": '---\ntitle: "About"\n---\n\n## About us [#about]\nText.\n',
        "general/extra.mdx": PAGE_HEAD.replace("---\n\n", 'mood: "sunny"\n---\n\n') + "## Fine? [#fine]\nYes.\n",
        "general/notes.txt": "not a page\n",
        "meta.json": "{}\n",
    }
    imported, diag = mdx_folder(tmp_path, files)
    assert sorted(found(diag)) == sorted(
        [
            ("warning", "not-rulings", "about.mdx", 1),
            ("warning", "unplaced", "broken.mdx", 6),
            ("error", "ruling-anchor", "broken.mdx", 7),
            ("error", "rule-citation", "broken.mdx", 10),
            ("error", "ruling-anchor", "broken.mdx", 11),
            ("warning", "unknown-component", "broken.mdx", 12),
            ("error", "ruling-syntax", "broken.mdx", 13),
            ("error", "front-matter", "no-front.mdx", 1),
            ("warning", "unplaced", "notes.txt", 1),  # a file as a whole: line 1, never 0
            ("warning", "unplaced", "extra.mdx", 4),
        ]
    )
    assert [r.id for r in imported.rulings] == [
        "broken-a-question-without-an-anchor",
        "broken-same",
        "broken-same-2",
        "extra-fine",
    ]
    assert imported.rulings[2].answer == "No, Mystery says so."
    assert imported.rulings[2].nuances == ["Careful: Never closed."]
    for d in diag.items:
        assert str(d).startswith(f"rulings/{d.loc.path.split('rulings/', 1)[1]}:{d.loc.line}: ")


def test_mdx_single_page_reader(tmp_path):
    file = write(tmp_path / "lone-page.mdx", PAGE_HEAD + "## Is it read? [#read]\nYes.\n")
    imported, diag = run_lines(rulings_mdx, "lone-page.mdx", "rulings-mdx", file)
    assert not diag.items and [r.id for r in imported.rulings] == ["lone-page-read"]
    assert imported.rulings[0].cards == []  # not under cards/


def test_faq_json_problems(tmp_path):
    bad_json = write(tmp_path / "broken.json", '[\n  {"id": "a",\n  "title": \n}\n]\n')
    _, diag = run_lines(faq_json, "broken.json", "faq-json", bad_json)
    assert found(diag) == [("error", "invalid-json", "broken.json", 4)]
    articles = [
        {"id": "one", "title": "One", "content": "Intro words.\n\n## Topic\n\n### Q: Asked?\n\n### Q: Also asked?\n\nAnswered."},
        {"id": "two", "title": "Two", "content": "## Only prose\n\nNo questions here."},
        {"id": "three", "title": "Three"},
    ]
    file = write(tmp_path / "faq.json", json.dumps(articles, indent=2))
    imported, diag = run_lines(faq_json, "faq.json", "faq-json", file)
    lines = file.read_text().splitlines()
    content_line = [i + 1 for i, line in enumerate(lines) if '"content"' in line]
    opens_three = next(i + 1 for i, line in enumerate(lines) if '"three"' in line) - 1  # its "{" line
    # Every line is kept: the introduction, the question with its answer, the prose section.
    assert [(f.id, f.kind, f.answer, f.topic) for f in imported.faqs] == [
        ("one-introduction", "introduction", "Intro words.", ""),
        ("one-also-asked", "answer", "Answered.", "Topic"),
        ("two-only-prose", "clarification", "No questions here.", ""),
    ]
    assert found(diag) == [
        ("error", "faq-syntax", "faq.json", content_line[0]),  # "Asked?" has no answer
        ("error", "faq-json", "faq.json", opens_three),  # an article without content: at its "{"
    ]
    assert "/0/content, line 5 of the text" in diag.items[0].message
    assert "/2/content" in diag.items[1].message


def test_errata_json_problems(tmp_path):
    content = (
        "Intro.\n#### [OLD TEXT]\nAn orphan.\n"
        "## Card One\n#### [NEW TEXT]\nNew words.\n####\n#### [OLD TEXT]\nOld words.\n"
        "Note: Only in English.\n\n"
        "## Card Two\n#### [NEW TEXT]\nNo old block follows.\n\n"
        "## Card Three\n#### [NEW TEXT]\nNew.\n#### [OLD TEXT]\nOld.\n#### [OLD TEXT]\nOld again.\n"
    )
    file = write(
        tmp_path / "errata.json",
        json.dumps([{"id": "e", "title": "E", "publishedAt": "2026-01-02T00:00:00Z", "content": content}], indent=2),
    )
    imported, diag = run_lines(errata_json, "errata.json", "errata-json", file)
    line = next(i + 1 for i, row in enumerate(file.read_text().splitlines()) if '"content"' in row)
    assert [(e.card, e.new_text, e.old_text, e.note, e.date) for e in imported.errata] == [
        ("Card One", "New words.", "Old words.", "Only in English.", "2026-01-02"),
        ("Card Three", "New.", "Old.", "", "2026-01-02"),
    ]
    # The intro is kept as the article's introduction (the orphan block's words are its [OLD TEXT]'s).
    assert [(f.id, f.kind, f.answer) for f in imported.faqs] == [("e-introduction", "introduction", "Intro.")]
    assert [(d.severity, d.code, d.loc) for d in diag.items] == [
        ("error", "errata-syntax", Loc("errata.json", line)),  # Card Two has no [OLD TEXT] (line 13)
        ("error", "errata-syntax", Loc("errata.json", line)),  # second [OLD TEXT] for Card Three (line 21)
        ("warning", "unplaced", Loc("errata.json", line)),  # ... and its text (line 22)
        ("error", "errata-syntax", Loc("errata.json", line)),  # [OLD TEXT] before any [NEW TEXT] (line 2)
    ]
    where = [re.search(r"line (\d+) of the text", d.message).group(1) for d in diag.items]
    assert where == ["13", "21", "22", "2"]
    assert "Card Two" in diag.items[0].message and "Card Three" in diag.items[1].message


def test_cards_json_problems(tmp_path):
    cards_data = {
        "count": 5,
        "cards": [
            {
                "id": "x-1",
                "name": "Glimmer Fox",
                "cardTypes": ["Unit"],
                "domains": ["Calm"],
                "abilityText": "Pay :rb_energy_3::rb_rune_calm: and :rb_exhaust: to give +1 :rb_might:.\nDraw :rb_mystery:.",
            },
            {"id": "x-2", "name": "", "cardTypes": ["Spell"], "domains": []},
            {"id": "x-3", "name": "Dusk Owl", "cardTypes": "Unit", "domains": []},
            {"id": "x-1", "name": "Copy", "cardTypes": [], "domains": [], "shiny": True},
        ],
    }
    file = write(tmp_path / "cards.json", json.dumps(cards_data, indent=2))
    imported, diag = run_lines(cards_json, "cards.json", "cards-json", file)
    id_lines = [i + 1 for i, row in enumerate(file.read_text().splitlines()) if '"id"' in row]
    (card,) = imported.cards
    assert card.text == "Pay [3][G] and [E] to give +1 [M].\nDraw :rb_mystery:."
    assert sorted(found(diag)) == sorted(
        [
            ("error", "cards-json", "cards.json", id_lines[1]),  # empty name
            ("error", "cards-json", "cards.json", id_lines[2]),  # cardTypes not a list
            ("error", "cards-json", "cards.json", id_lines[3]),  # duplicate id
            ("warning", "unplaced", "cards.json", id_lines[3]),  # unknown field
            ("warning", "unknown-icon", "cards.json", id_lines[0]),
            ("warning", "cards-json", "cards.json", 1),  # count differs
        ]
    )


def test_minified_json_reports_line_one_with_pointer(tmp_path):
    file = write(tmp_path / "mini.json", json.dumps([{"id": "m", "title": "M", "content": "## T\n\n### Q: Why?\n"}]))
    _, diag = run_lines(faq_json, "mini.json", "faq-json", file)
    assert found(diag) == [("error", "faq-syntax", "mini.json", 1)]
    assert diag.items[0].loc == Loc("mini.json", 1) and "/0/content, line 3 of the text" in diag.items[0].message


def test_faq_label_lines_become_topics_and_subheadings_stay_with_answers(tmp_path):
    content = (
        "## Topic\n\nSome intro.\n\nCard X\n\n### Q: First?\n\n- One.\n- Two.\n\n### Card X (new words)\n\n"
        "Words.\n\nCard Y\n\n### Q: Second?\n\nAnswer **two** with [a link](https://example.org/a).\n"
    )
    file = write(tmp_path / "faq.json", json.dumps([{"id": "a", "title": "A", "content": content}], indent=2))
    imported, diag = run_lines(faq_json, "faq.json", "faq-json", file)
    assert [(f.id, f.topic, f.answer) for f in imported.faqs] == [
        ("a-topic", "Topic", "Some intro."),  # the topic's text before its first question: an item of its own
        ("a-first", "Card X", "- One. - Two. Card X (new words): Words."),
        ("a-second", "Card Y", "Answer two with a link (https://example.org/a)."),
    ]
    assert diag.items == []
