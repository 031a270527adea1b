"""Official FAQ answers in another language (format `faq-translation`): each
names the English answer it translates by id, and is read with its own id, its
text whole; a bad entry is reported at its line, the others still read; one
naming no English answer is an error of resolve. The fixture is written for
the test (tests/read/fixtures/faq_translation/)."""

from __future__ import annotations

import shutil
from pathlib import Path

from rulesite.stages.read import read_corpus
from rulesite.stages.resolve import resolve
from rulesite.common.diagnostics import Diagnostics
from rulesite.common.model import Source
from rulesite.read import faq_translation

FOLDER = Path(__file__).parent / "fixtures" / "faq_translation"
ENGLISH = "what-about-dazzling-aurora-if-i-reveal-nocturne-do-i-get-to"


def _read(text: str):
    source = Source("rb-faq-es", "answers.es.yml", "riftbound", "official-faq", "es", "undated", "faq-translation")
    diag = Diagnostics()
    return faq_translation.read(source, text.splitlines(), diag), diag


def test_an_answer_is_read_with_the_english_answer_it_translates():
    imported, diag = _read((FOLDER / "answers.es.yml").read_text(encoding="utf-8"))
    assert diag.items == []
    [faq] = imported.faqs
    assert (faq.id, faq.translates, faq.game, faq.loc.line) == (f"{ENGLISH}-es", ENGLISH, "riftbound", 3)
    assert faq.question.startswith("¿Y Dazzling Aurora?") and faq.answer.endswith("así que no sigues.")


def test_each_bad_entry_is_reported_at_its_line_and_the_rest_read():
    text = (
        "- translates: first-answer\n  question: Una\n  answer: Uno\n"
        "- translates: Not A Name\n  question: Dos\n  answer: Dos\n"
        "- translates: third-answer\n  question: Tres\n"
        "- translates: fourth-answer\n  question: Cuatro\n  answer: Cuatro\n  sección: 424\n"
        "- translates: first-answer\n  question: Otra\n  answer: Otra\n"
    )
    imported, diag = _read(text)
    assert [f.translates for f in imported.faqs] == ["first-answer"]
    assert [(d.code, d.loc.line) for d in diag.errors] == [("faq-translation", n) for n in (4, 7, 9, 13)], [
        str(d) for d in diag.errors
    ]
    assert "first at line 1" in diag.errors[-1].message


def test_a_translation_of_no_english_answer_fails_the_build_at_its_line(repo_root, tmp_path):
    shutil.copytree(repo_root / "rules_src", tmp_path / "rules_src")
    shutil.copytree(FOLDER, tmp_path / "extra")
    answers = tmp_path / "extra/answers.es.yml"
    answers.write_text(answers.read_text(encoding="utf-8").replace(ENGLISH, "no-such-answer"), encoding="utf-8")
    diag = Diagnostics()
    corpus = read_corpus(tmp_path / "rules_src/manifest.yml", diag, also=[(tmp_path / "extra/manifest.yml", tmp_path / "extra")])
    resolve(corpus, diag)
    assert [(d.code, d.loc.line) for d in diag.errors] == [("faq-translation", 3)], [str(d) for d in diag.errors]
    assert "no-such-answer" in diag.errors[0].message
