"""The word-search index (render/word_index.py) of the seed site: what the
search box ranks and labels from.

- a keyword's section carries the forms that link to it, each once;
- every entry names a kind and a labelled document (or none: topics, pages);
- every rule text is in the text files once, and each file is a script that
  adds its data to the queue word-search.js reads;
- every rule's example is searched once, after every rule, and a word only an
  example prints leads to that example's anchor on its section page.
"""

from __future__ import annotations

import json
from pathlib import Path
from dataclasses import replace

from rulesite.common.card_symbols import shown_text
from rulesite.render.numbers import numbers_js
from rulesite.render.section_page import render_section
from rulesite.render.word_index import QUEUE, TEXT_PART, WORDS, word_index
from rulesite.site_map.paths import html_path, section_page


def _data(text: str) -> dict:
    assert text.startswith(QUEUE) and text.endswith(");\n"), text[:80]
    return json.loads(text[len(QUEUE) : -3])


def _index(ctx, language="en"):
    files = word_index(replace(ctx, language=language), language)
    words = _data(files.pop(WORDS))
    parts = [_data(files[name]) for name in sorted(files)]
    return words, parts


def test_a_keywords_section_carries_its_forms_once(ctx):
    words, _ = _index(ctx)
    reveal = [e for e in words["entries"] if e[0] == "s" and e[3] == "424 Reveal"]
    assert len(reveal) == 1, reveal
    forms = reveal[0][4]
    assert "Revealed" in forms or "revealed" in forms, forms
    folded = [f.casefold() for f in forms]
    assert len(folded) == len(set(folded)), forms
    assert not any(f.startswith("[") for f in forms), forms


def test_every_entry_names_its_kind_and_document(ctx):
    words, parts = _index(ctx)
    docs = words["docs"]
    assert all({"game", "document", "edition", "current", "aliases"} <= doc.keys() for doc in docs), docs
    rows = words["entries"] + [row for part in parts for row in part["entries"]]
    assert {row[0] for row in rows} >= {"s", "r", "l", "f", "w", "t"}, {
        row[0] for row in rows
    }  # "p": site.py adds the written pages
    for row in rows:
        assert row[1] == -1 or 0 <= row[1] < len(docs), row
        assert row[1] >= 0 or row[0] in ("t", "p"), row  # only topics and written pages stand apart
        assert row[2] and not row[2].startswith(("/", "http")), row
    rulings = [docs[row[1]] for row in rows if row[0] == "l"]
    assert {(d["game"], d["document"]) for d in rulings} == {("Riftbound", "Community rulings")}


def test_texts_come_once_in_scripts_of_bounded_size(ctx):
    words, parts = _index(ctx)
    assert parts and [p["part"] for p in parts] == list(range(1, len(parts) + 1))
    assert all(p["of"] == len(parts) for p in parts)
    texts = [row[5] for part in parts for row in part["entries"]]
    assert len(texts) == len(set(texts)), "a rule text listed twice"
    entries = len(words["entries"])
    for part in parts:
        assert all(0 <= pair[0] < entries and pair[1] for pair in part["texts"]), part["texts"][:3]
    sizes = [len(json.dumps(p, ensure_ascii=False)) for p in parts[:-1]]
    assert all(size < TEXT_PART * 1.5 for size in sizes), sizes


def test_spanish_index_holds_its_rules_then_englishs_by_title(ctx):
    words, parts = _index(ctx, "es")
    docs = words["docs"]
    english = [e for e in words["entries"] if e[1] >= 0 and "(en inglés)" in docs[e[1]]["document"]]
    own = [e for e in words["entries"] if e not in english]
    # Its own sections first: only Spanish ones, on its own pages.
    assert own and all(not e[2].startswith("../") for e in own), own[:3]
    assert not [e for e in own if e[0] == "s" and e[3].startswith("424 ")], own
    assert words["entries"][: len(own)] == own, "an English entry before a Spanish one"
    # Then English's sections, cards and rulings, by title only, reached from the site root.
    assert {"s", "l"} <= {e[0] for e in english}, english[:5]
    assert all(e[2].startswith("../") for e in english), [e for e in english if not e[2].startswith("../")][:3]
    assert any(e[0] == "s" and e[3] == "424 Reveal" for e in english), english[:5]
    assert not [row for part in parts for row in part["entries"] if row[2].startswith("../")], "English texts on the Spanish site"


def _plain(text: str) -> str:
    return " ".join(shown_text(text).split())


def test_every_example_is_searched_once_after_every_rule(ctx):
    words, parts = _index(ctx)
    rows = [row for part in parts for row in part["entries"]]
    examples = [row for row in rows if row[0] == "e"]
    # Every example the English site prints, each text once a document.
    printed = {
        (section.game, section.document, _plain(example.text))
        for section in ctx.editions.pages_of("en")
        for rule in section.rules
        for example in rule.examples
    }
    found = [(words["docs"][row[1]]["game"], row[5]) for row in examples]
    assert len(found) == len(set(found)), "an example listed twice"
    assert len(examples) == len(printed) >= 5, (len(examples), len(printed))
    assert {row[5] for row in examples} == {text for _game, _document, text in printed}
    # After the rules: the first results come as soon as before.
    last_rule = max(k for k, row in enumerate(rows) if row[0] == "r")
    assert all(k > last_rule for k, row in enumerate(rows) if row[0] == "e")
    assert all(row[3] and row[3][0].isdigit() and not row[4] for row in examples), examples[:3]


def test_a_word_only_an_example_prints_leads_to_that_example(ctx):
    words, parts = _index(ctx)
    holding = [e for e in words["entries"] if "sufficient" in " ".join([e[3], *(e[4] if len(e) > 4 else [])]).lower()]
    holding += [words["entries"][k] for part in parts for k, text in part["texts"] if "sufficient" in text.lower()]
    holding += [row for part in parts for row in part["entries"] if "sufficient" in row[5].lower()]
    # The seed's 832 Show Off prints "sufficient" in one example only, not in a rule's text.
    assert [row[0] for row in holding] == ["e"], holding
    url = holding[0][2]
    page, anchor = url.split("#")
    assert anchor.startswith(holding[0][3] + "-example-"), url
    doc = words["docs"][holding[0][1]]
    assert (doc["game"], doc["document"], doc["current"]) == ("Riftbound", "Core Rules", True), doc
    # The section page shows that example at that anchor.
    section = next(s for s in ctx.editions.pages_of("en") if html_path(section_page(s.key)) == page)
    html = render_section(section, ctx)
    start = html.index(f'id="{anchor}"')
    assert "sufficient" in html[start : html.index("</div>", start)], html[start : start + 400]


# -- One result per section or rule, however many editions print it ------------


def _rows(words, parts):
    """Every entry as (row, its group, its other editions) across the words' and text files."""
    out = []
    for row in words["entries"]:  # [kind, doc, url, title, keys, group, also]
        out.append((row, row[5] if len(row) > 6 else None, row[6] if len(row) > 6 else []))
    for part in parts:
        for row in part["entries"]:  # [kind, doc, url, title, keys, text, group, also]
            out.append((row, row[6] if len(row) > 7 else None, row[7] if len(row) > 7 else []))
    return out


def test_a_section_moved_between_editions_is_one_group_naming_the_other(two_editions_ctx):
    # The fixture's 200 Reveal of v1 is 300 Reveal in v2 (its rules 201, 201.1 are 301, 301.1).
    words, parts = _index(two_editions_ctx)
    docs = words["docs"]
    rows = _rows(words, parts)
    reveal = [(row, group, also) for row, group, also in rows if row[0] == "s" and row[3].endswith("Reveal")]
    assert sorted(row[3] for row, _, _ in reveal) == ["200 Reveal", "300 Reveal"], reveal
    (today, group, also), (older, older_group, older_also) = sorted(reveal, key=lambda r: not docs[r[0][1]]["current"])
    assert docs[today[1]]["current"] and not docs[older[1]]["current"], (today, older)
    assert group is not None and group == older_group, (today, older)

    # Today's names the older edition's section, and the older one names today's, each with its page.
    def named(members):
        return [(docs[m[0]]["edition"], m[1], docs[m[0]]["folder"] + m[2] + ".html") for m in members]

    assert named(also) == [("v1", "200", older[2])], also
    assert named(older_also) == [("v2", "300", today[2])], older_also
    # A rule whose text v1 printed alike is indexed once, at v2, naming v1's number there.
    rule = next((row, also) for row, _, also in rows if row[0] == "r" and row[2].endswith("#301.1"))
    assert named(rule[1]) == [("v1", "201.1", older[2])], rule
    assert not [row for row, _, _ in rows if row[2].endswith("#201.1")], "v1's 201.1 indexed beside v2's 301.1"


def test_a_reworded_rule_is_two_entries_of_one_group(two_editions_ctx):
    # 101.1 is worded otherwise in v2: each text is searched, and both are one result.
    words, parts = _index(two_editions_ctx)
    docs = words["docs"]
    found = [(row, group) for row, group, _ in _rows(words, parts) if row[0] == "r" and row[2].endswith("#101.1")]
    assert sorted(docs[row[1]]["edition"] for row, _ in found) == ["v1", "v2"], found
    assert found[0][1] is not None and found[0][1] == found[1][1], found


def test_an_undated_excerpt_is_labelled_by_its_source(ctx):
    # The seed's 424 web page (undated) prints section 424, which today's edition prints too.
    words, _ = _index(ctx)
    docs = words["docs"]
    undated = [docs[row[1]] for row in words["entries"] if row[0] == "s" and docs[row[1]]["edition"] == ""]
    assert undated, "no undated section in the seed index"
    assert all(doc.get("source") for doc in undated), undated
    titles = {s.title for s in ctx.corpus.sources.values() if s.edition == "undated"}
    assert all(set(doc["source"].split("; ")) <= titles for doc in undated), (undated, titles)


def test_an_older_editions_numbers_say_where_they_are_now(two_editions_ctx):
    # numbers.js: v1's page of 200 Reveal lists its numbers and, beside them, v2's.
    text = numbers_js(two_editions_ctx, "en")
    data = json.loads(text[text.index("=") + 1 :].strip().rstrip(";"))
    row = next(r for r in data["pages"] if r[1].endswith("/v1/200.html"))
    assert dict(zip(row[2].split(), row[3].split())) == {"200": "300", "201": "301", "201.1": "301.1"}, row
    # Today's pages say nothing more: they are where the rules are now.
    assert all(len(r) == 3 for r in data["pages"] if data["docs"][r[0]]["current"]), "a current page with numbers now"


def _with_spanish_names(repo_root, tmp_path, extra: str = "", under_spanish: str = ""):
    """The seeds resolved as keywords.yml gives them: Spanish words for
    Riftbound's 424 (no Spanish text of it exists); `extra` appended to it,
    `under_spanish` added to its `riftbound/es` entries."""
    import shutil

    from rulesite.stages import read as read_stage
    from rulesite.stages import resolve as resolve_stage
    from rulesite.common.diagnostics import Diagnostics

    shutil.copytree(repo_root / "rules_src", tmp_path / "rules_src")
    keywords = tmp_path / "rules_src/keywords.yml"
    text = keywords.read_text(encoding="utf-8")
    assert 'riftbound/es:\n  "424": [revelar' in text  # the seeds' own words
    keywords.write_text(text.replace("riftbound/es:\n", "riftbound/es:\n" + under_spanish) + extra, encoding="utf-8")
    diag = Diagnostics()
    context = resolve_stage.resolve(read_stage.read_corpus(tmp_path / "rules_src/manifest.yml", diag), diag)
    return context, diag


def test_a_spanish_word_for_an_untranslated_keyword_finds_it_and_its_counterparts(repo_root, tmp_path):
    context, diag = _with_spanish_names(repo_root, tmp_path)
    assert diag.errors == [], [str(d) for d in diag.errors]
    words, _ = _index(context, "es")
    docs, entries = words["docs"], words["entries"]

    def keys(title: str, english: bool) -> list[str]:
        found = [e for e in entries if e[0] == "s" and e[3] == title and e[2].startswith("../") == english]
        assert len(found) == 1, (title, found)
        return found[0][4] if len(found[0]) > 4 else []

    # English's 424, the keyword's own section, and Magic's Spanish 701.20 Mostrar, listed
    # beside it by the topic and the same rule as English 701.16 Reveal by the concordance.
    assert "revelar" in keys("424 Reveal", english=True)
    assert "revelar" in keys("701.20 Mostrar", english=False)
    # Not another keyword of the same game that the topic lists (832 Show Off).
    assert "revelar" not in keys("832 Show Off", english=True)
    # No link is made of them: no Spanish text of 424 exists to link to.
    assert "revelar" not in context.links.keywords["riftbound"]
    # Each result says its language.
    marked = {docs[e[1]]["language"] for e in entries if e[1] >= 0}
    assert marked == {"es", "en"}, marked
    assert all(docs[e[1]]["language"] == ("en" if e[2].startswith("../") else "es") for e in entries if e[1] >= 0)


def test_words_for_a_section_no_language_has_are_still_an_error(repo_root, tmp_path):
    _, diag = _with_spanish_names(repo_root, tmp_path, under_spanish='  "999": [nada]\n')
    assert [d.code for d in diag.errors] == ["keyword"], [str(d) for d in diag.errors]


def test_words_in_a_language_no_site_has_are_said_to_be_unused(repo_root, tmp_path):
    _, diag = _with_spanish_names(repo_root, tmp_path, '\nriftbound/fr:\n  "424": [révéler]\n')
    line = len((repo_root / "rules_src/keywords.yml").read_text(encoding="utf-8").splitlines()) + 3  # the "424" line
    assert diag.errors == [] and [(d.code, d.loc.line) for d in diag.warnings if d.code == "keyword"] == [("keyword", line)], [
        str(d) for d in diag.items
    ]


def test_an_english_section_the_site_translates_is_one_result_its_own(repo_root, tmp_path):
    """With a Spanish 424 (a fixture written for the test), the Spanish index
    lists 424 once, its own, found by English's title and keywords too."""
    from rulesite.stages import read as read_stage
    from rulesite.stages import resolve as resolve_stage
    from rulesite.common.diagnostics import Diagnostics

    extra = Path(__file__).parent / "fixtures"
    diag = Diagnostics()
    corpus = read_stage.read_corpus(repo_root / "rules_src/manifest.yml", diag, also=[(extra / "manifest.yml", extra)])
    context = resolve_stage.resolve(corpus, diag)
    assert diag.errors == [], [str(d) for d in diag.errors]
    words, _ = _index(context, "es")
    sections = [e for e in words["entries"] if e[0] == "s" and e[3].startswith("424 ")]
    assert [(e[3], e[2].startswith("../")) for e in sections] == [("424 Revelar", False)], sections
    keys = sections[0][4]
    assert {"Reveal", "Revealed"} <= set(keys), sections[0]
    assert len({k.casefold() for k in keys}) == len(keys), keys  # each form once
    # The number search too: 424 once, the site's own page, marked as its language.
    numbers = json.loads(numbers_js(replace(context, language="es"), "es").split(" = ", 1)[1].rstrip(";\n"))
    pages = [p for p in numbers["pages"] if "424" in p[2].split()]
    assert [p[1] for p in pages] == ["riftbound/core-rules/424.html"], pages
    assert numbers["docs"][pages[0][0]]["language"] == "es"
    assert {d["language"] for d in numbers["docs"]} == {"es", "en"}, numbers["docs"]
    # Another section English alone has still falls back to English.
    assert [e[3] for e in words["entries"] if e[0] == "s" and e[3].startswith("832 ") and e[2].startswith("../")] == [
        "832 Show Off"
    ]


def test_a_translated_answer_is_one_result_on_its_site(repo_root):
    """With the Spanish answer of tests/read/fixtures/faq_translation/, the
    Spanish index lists it, on its Spanish page, and not the English answer
    it translates, whose question finds the translation too."""
    from rulesite.stages import read as read_stage
    from rulesite.stages import resolve as resolve_stage
    from rulesite.common.diagnostics import Diagnostics

    extra = repo_root / "tests/read/fixtures/faq_translation"
    diag = Diagnostics()
    corpus = read_stage.read_corpus(repo_root / "rules_src/manifest.yml", diag, also=[(extra / "manifest.yml", extra)])
    context = resolve_stage.resolve(corpus, diag)
    assert diag.errors == [], [str(d) for d in diag.errors]
    [translation] = [f for f in context.corpus.faqs if f.translates]
    original = next(f for f in context.corpus.faqs if f.id == translation.translates)
    words, _ = _index(context, "es")
    answers = [e for e in words["entries"] if e[0] == "f" and "Dazzling Aurora" in e[3]]
    assert [(e[3], e[2].startswith("../")) for e in answers] == [(translation.question, False)], answers
    assert answers[0][4] == [original.question], answers[0]
    assert words["docs"][answers[0][1]]["language"] == "es"
    # Other English answers are still listed, in English.
    assert any(e[0] == "f" and e[2].startswith("../") for e in words["entries"])
