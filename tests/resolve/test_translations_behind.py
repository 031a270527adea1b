"""A translation follows one English edition: its own, or the one `follows`
names (resolve/translations.py). Read and resolved as the build does, on the
small editions of tests/translations.py (no site built)."""

from __future__ import annotations

from pathlib import Path

from translations import translated_editions

from rulesite.stages.read import read_corpus
from rulesite.stages.resolve import resolve
from rulesite.common.diagnostics import Diagnostics


def _resolved(root: Path, edit=None, dated: str = ""):
    rules_src = translated_editions(root)
    if dated:  # the Spanish file's own date
        spanish = rules_src / "riftbound" / "core-rules-v1.0.es.txt"
        spanish.write_text(spanish.read_text(encoding="utf-8").replace("2026-01-15", dated), encoding="utf-8")
    if edit is not None:
        manifest = rules_src / "manifest.yml"
        manifest.write_text(edit(manifest.read_text(encoding="utf-8")), encoding="utf-8")
    diag = Diagnostics()
    corpus = read_corpus(rules_src / "manifest.yml", diag)
    ctx = resolve(corpus, diag) if not diag.errors else None
    return ctx, diag


def _behind(ctx) -> list[tuple[str, str, str]]:
    return sorted((b.number, b.follows, b.now) for b in ctx.concordance.translations.behind.values())


def test_a_translation_follows_its_own_english_edition(tmp_path):
    ctx, diag = _resolved(tmp_path)
    assert diag.errors == []
    assert _behind(ctx) == [("424.1.a", "v1.0", "v1.1")]


def test_follows_names_another_english_edition(tmp_path):
    # Dated otherwise, the Spanish text names the English 1.1 it translates: nothing is behind.
    def edit(text):
        return text.replace(
            '    edition: 2026-01-15\n    version: "1.0"\n    format: rules-text\n    title: "Reglas',
            ('    edition: 2026-06-01\n    follows: 2026-05-01\n    format: rules-text\n    title: "Reglas'),
        )

    ctx, diag = _resolved(tmp_path, edit, "2026-06-01")
    assert diag.errors == []
    assert ctx.corpus.sources["rb-core-v1.0-es"].follows == "2026-05-01"
    assert _behind(ctx) == []


def test_follows_an_edition_the_sources_lack_is_said_and_nothing_compared(tmp_path):
    def edit(text):
        return text.replace(
            '    version: "1.0"\n    format: rules-text\n    title: "Reglas',
            ('    follows: 2025-12-01\n    format: rules-text\n    title: "Reglas'),
        )

    ctx, diag = _resolved(tmp_path, edit)
    assert diag.errors == []
    assert _behind(ctx) == []
    assert [d.code for d in diag.warnings] == ["translation-follows"]
    assert "follows riftbound core-rules 2025-12-01 (en), not among the sources" in str(diag.warnings[0])


def test_follows_is_checked_when_read(tmp_path):
    def edit(text):
        text = text.replace('    version: "1.1"\n', '    version: "1.1"\n    follows: 2026-01-15\n')
        return text.replace(
            '    version: "1.0"\n    format: rules-text\n    title: "Reglas',
            ('    version: "1.0"\n    follows: 2026-13-01\n    format: rules-text\n    title: "Reglas'),
        )

    _, diag = _resolved(tmp_path, edit)
    messages = sorted(f"{d.code}: {d.message}" for d in diag.errors)
    assert messages == [
        "manifest: follows '2026-13-01' is no date of the calendar",
        "manifest: follows names the English edition a translation follows: an English source has none",
    ]


def test_a_translation_whose_own_edition_english_lacks_is_not_compared_nor_warned(tmp_path):
    # Dated 2026-02-02, with no `follows`: no English edition of that date to compare with.
    def edit(text):
        return text.replace(
            '    edition: 2026-01-15\n    version: "1.0"\n    format: rules-text\n    title: "Reglas',
            ('    edition: 2026-02-02\n    format: rules-text\n    title: "Reglas'),
        )

    ctx, diag = _resolved(tmp_path, edit, "2026-02-02")
    assert diag.errors == [] and diag.warnings == []
    assert _behind(ctx) == []


def test_a_rule_english_renumbered_is_followed_by_its_history_not_its_number(tmp_path):
    """English 1.1 inserts a new 424.2: 1.0's 424.2 (Spanish 424.2's original)
    is 424.3 now, its text unchanged. By number, Spanish 424.2 would be
    compared with the new rule and flagged; by the History's chain it is not,
    and 424.1.a, reworded, still is."""
    rules_src = translated_editions(tmp_path)
    v11 = rules_src / "riftbound" / "core-rules-v1.1.txt"
    text = v11.read_text(encoding="utf-8")
    text = text.replace("424.3. Reveal only", "424.4. Reveal only").replace("424.2. Revealing is", "424.3. Revealing is")
    text = text.replace("424.3. Revealing is", "424.2. Reveal a card only from a zone you can see into.\n424.3. Revealing is")
    v11.write_text(text, encoding="utf-8")
    diag = Diagnostics()
    ctx = resolve(read_corpus(rules_src / "manifest.yml", diag), diag)
    assert diag.errors == []
    english = ctx.corpus.sections[next(k for k in ctx.corpus.sections if k.language == "en")]
    assert [r.number for r in english.rules][-3:] == ["424.2", "424.3", "424.4"]
    assert _behind(ctx) == [("424.1.a", "v1.0", "v1.1")]
    behind = next(iter(ctx.concordance.translations.behind.values()))
    assert (behind.english.key, behind.english_number) == (english.key, "424.1.a")


def test_a_rule_renumbered_and_reworded_is_flagged_with_its_number_today(tmp_path):
    rules_src = translated_editions(tmp_path)
    v11 = rules_src / "riftbound" / "core-rules-v1.1.txt"
    text = v11.read_text(encoding="utf-8")
    text = text.replace("424.3. Reveal only", "424.4. Reveal only")
    text = text.replace(
        "424.2. Revealing is a Limited Action.",
        "424.2. Reveal a card only from a zone you can see into.\n424.3. Revealing is a Limited Action, always.",
    )
    v11.write_text(text, encoding="utf-8")
    diag = Diagnostics()
    ctx = resolve(read_corpus(rules_src / "manifest.yml", diag), diag)
    assert diag.errors == []
    found = {b.number: b.english_number for b in ctx.concordance.translations.behind.values()}
    assert found == {"424.1.a": "424.1.a", "424.2": "424.3"}
