"""The published data of the seed site (fixture `built_site`): every file valid
against the committed JSON Schemas, listed in the manifest, twinned as a script
for pages opened from disk, and telling the same as the model and the pages."""

from __future__ import annotations

import copy
import hashlib
import subprocess
import sys

from datafiles import published, schema_problems, validate_site_data

from rulesite.common import output
from rulesite.common.normalize import normalize_text
from rulesite.resolve.merge import printed


def test_every_published_file_matches_its_schema(built_site):
    files = validate_site_data(built_site.site)
    kinds = {v["kind"] for v in files.values()}
    # The seed has every kind but a trace (a trace needs two dated editions).
    assert kinds >= {"index", "editions", "edition", "rulings", "faq"}, kinds


def test_the_schemas_reject_what_they_promise_is_never_there(built_site):
    """Honest schemas: a rule without its hash, an unknown field, a URL leaving the site."""
    files = published(built_site.site)
    edition = next(v for v in files.values() if v["kind"] == "edition" and v["rules"])
    assert schema_problems(edition) == []
    for break_it in (
        lambda d: d["rules"][0].pop("sha256"),
        lambda d: d["rules"][0].__setitem__("extra", 1),
        lambda d: d["rules"][0].__setitem__("url", "https://example.org/x.html"),
        lambda d: d["rules"][0].__setitem__("id", "411.1"),
        lambda d: d.__setitem__("schema_version", 1),  # the shape before editions listed their pairs
    ):
        broken = copy.deepcopy(edition)
        break_it(broken)
        assert schema_problems(broken), "the schema accepted a broken edition file"


def test_edition_files_hold_every_rule_of_the_model_with_its_text_and_hash(built_site, ctx):
    files = published(built_site.site)
    for editions in ctx.corpus.editions.values():
        for edition in editions:
            data = files[f"{edition.game}/{edition.document}/{edition.language}/{edition.label}.json"]
            expected = [(s.number, r.number, r.text) for s in edition.sections.values() for r in s.rules]
            assert [(r["section"], r["number"], r["text"]) for r in data["rules"]] == expected
            for rule, entry in zip((r for s in edition.sections.values() for r in s.rules), data["rules"]):
                assert entry["sha256"] == hashlib.sha256(normalize_text(printed(rule)).encode()).hexdigest()
                assert [e["text"] for e in entry["examples"]] == [e.text for e in rule.examples]
            ids = [r["id"] for r in data["rules"]]
            assert len(set(ids)) == len(ids), "rule identities must be unique within an edition"


def test_every_rule_url_lands_on_its_rule(built_site):
    """A rule's URL is a page of the built site carrying the rule's anchor."""
    site = built_site.site
    for path, value in published(site).items():
        if value["kind"] != "edition":
            continue
        for rule in value["rules"]:
            page, anchor = rule["url"].split("#")
            html = (site / page).read_text(encoding="utf-8")
            assert f'id="{anchor}"' in html, f"{path}: {rule['url']} has no anchor {anchor}"


def test_rulings_and_faq_answers_are_all_there_with_their_citations(built_site, ctx):
    files = published(built_site.site)
    rulings = {r["id"]: r for r in files["riftbound/rulings.json"]["rulings"]}
    assert set(rulings) == {r.id for r in ctx.corpus.rulings}
    for ruling in ctx.corpus.rulings:
        entry = rulings[ruling.id]
        assert entry["answer"] == ruling.answer and entry["steps"] == ruling.steps
        assert [c["number"] for c in entry["cites"]] == list(dict.fromkeys(r.number for r in ruling.references))
        assert (built_site.site / entry["url"]).is_file()
    answers = {a["id"]: a for a in files["riftbound/faq.json"]["answers"]}
    assert set(answers) == {f.id for f in ctx.corpus.faqs if f.game == "riftbound"}
    for faq in ctx.corpus.faqs:
        page, anchor = answers[faq.id]["url"].split("#")
        assert f'id="{anchor}"' in (built_site.site / page).read_text(encoding="utf-8")


def test_editions_index_names_every_edition_file(built_site):
    files = published(built_site.site)
    for document in files["editions.json"]["documents"]:
        for edition in document["editions"]:
            data = files[edition["file"]]
            assert (data["label"], len(data["rules"]), len(data["sections"])) == (
                edition["label"],
                edition["rules"],
                edition["sections"],
            )


def test_the_build_id_is_a_hash_of_the_data(built_site, tmp_path, repo_root):
    """Same sources, same data, same build id: `rulesite export` writes exactly the
    files the build published, byte for byte."""
    out = tmp_path / "data"
    result = subprocess.run(
        [sys.executable, "-m", "rulesite", "export", "--out", str(out)],
        cwd=repo_root,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    site_data = built_site.site / "data"
    # (Besides its files, the export's folder holds the build's marker: output.MARKER.)
    theirs = {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*") if p.is_file() and p.name != output.MARKER}
    ours = {p.relative_to(site_data).as_posix(): p.read_bytes() for p in site_data.rglob("*") if p.is_file()}
    assert theirs.keys() == ours.keys()
    assert [p for p in ours if ours[p] != theirs[p]] == []


def test_a_step_is_worded_once_per_value_and_as_the_pages_word_it():
    """The trace and diffs word each step once per value (`how_words_once`): two
    equal steps (distinct objects: each chain makes its own) take one wording,
    two that differ in anything worded (here the score) take their own, and
    every one reads as `how_words` words it."""
    from rulesite.resolve.history_words import how_words, how_words_once
    from rulesite.resolve.history import Absent, Added, Matched, Place, Traced

    def matched(score: float) -> Matched:
        return Matched("411.1", "424.1", Place("411", "Reveal"), Place("424", "Reveal"), True, True, True, score)

    steps = [matched(1.0), matched(1.0), matched(0.87), Absent("v1.1", "not-yet"), Absent("v1.1", "not-yet"), Added("v1.2")]
    steps.append(Traced(True, True, ("v1.2",)))
    worded: dict = {}
    words = [how_words_once(worded, how, "en") for how in steps]
    assert words == [how_words(how, "en") for how in steps]
    assert len(worded["how-words"]) == 5 and words[0] != words[2]


def test_identities_worked_out_a_document_at_a_time_are_every_documents_own(ctx):
    """`Identities` works a document's out when first asked for one of them:
    asked in any order, of all documents or of some (`keys`), each rule has the
    identity the rules' published files give it, and a document left out has none."""
    from rulesite.export.data import Identities

    rules = [
        (key, section, rule.number)
        for key, editions in ctx.corpus.editions.items()
        for edition in editions
        for section in edition.sections.values()
        for rule in section.rules
    ]
    assert len({key for key, _, _ in rules}) > 1
    forwards, backwards = Identities(ctx), Identities(ctx)
    found = [forwards.of(section, number) for _, section, number in rules]
    assert found == [backwards.of(section, number) for _, section, number in reversed(rules)][::-1]
    assert None not in found
    first = rules[0][0]
    some = Identities(ctx, (first,))
    assert [some.of(section, number) for _, section, number in rules] == [
        ident if key == first else None for (key, _, _), ident in zip(rules, found)
    ]


def test_a_document_part_given_what_it_made_last_writes_out_only_what_changed(ctx):
    """A document's published data that runs again in a warm build is given
    what it made last (export/files.py's `data_again`): a file whose dataset
    is as it was is that very text again, with its twin and manifest entry; a
    dataset that differs in anything (a rule's text, a number's type) is
    written out again, as a build without the last one writes it."""
    import json

    from rulesite.export import files
    from rulesite.export.data import document_datasets

    key = next(key for key, editions in ctx.corpus.editions.items() if any(e.sections for e in editions))
    values = document_datasets(ctx, key)
    plain = files._files(values)
    first = files.document_data_files(ctx, key, known={})
    assert {path: text for path, text in first.items() if path != files.DIGESTS} == plain
    again = files._files(values, first)
    assert again == first and all(again[path] is first[path] for path in first if path not in (files.DIGESTS, files.ENTRIES))
    changed = json.loads(json.dumps(values))  # a copy: no string shared with the first
    edition = next(path for path, value in changed.items() if value["kind"] == "edition" and value["rules"])
    changed[edition]["rules"][0]["text"] += " Reworded."
    other = next((path for path in changed if path != edition), None)
    if other is not None:
        changed[other]["schema_version"] = float(changed[other]["schema_version"])  # 2 -> 2.0: other JSON
    made = files._files(changed, first)
    assert {path: text for path, text in made.items() if path != files.DIGESTS} == files._files(changed)
    redone = {f"data/{edition}"} | ({f"data/{other}"} if other else set())
    assert {path for path in first if path not in (files.DIGESTS, files.ENTRIES) and made[path] is not first[path]} >= redone
    assert [path for path in first if path.endswith(".json") and made[path] is first[path]] == [
        f"data/{path}" for path in values if f"data/{path}" not in redone
    ]
