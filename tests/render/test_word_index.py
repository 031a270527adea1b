"""The word-search index (render/word_index.py) of the seed site: what the
search box ranks and labels from.

- a keyword's section carries the forms that link to it, each once;
- every entry names a kind and a labelled document (or none: topics, pages);
- every rule text is in the text files once, and each file is a script that
  adds its data to the queue word-search.js reads.
"""

from __future__ import annotations

import json
from dataclasses import replace

from rulesite.render.word_index import QUEUE, TEXT_PART, WORDS, word_index


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
