"""The pages people write (docs/*.md): read by name, translations chosen per language."""

from __future__ import annotations

from pathlib import Path

from rulesite.common.diagnostics import Diagnostics
from rulesite.common.model import Corpus
from rulesite.read.written import read_written


def test_pages_and_translations_are_read_by_name(tmp_path: Path):
    (tmp_path / "about.md").write_text("<!-- a note for editors -->\n# About\n\nText.\n", encoding="utf-8")
    (tmp_path / "about.es.md").write_text("# Acerca\n", encoding="utf-8")
    (tmp_path / "index.md").write_text("Intro.\n", encoding="utf-8")
    diag = Diagnostics()
    corpus = Corpus(written=read_written(tmp_path, diag))
    assert diag.items == []
    assert corpus.written_page("about", "en").text == "# About\n\nText.\n"  # the note is not page text
    assert corpus.written_page("about", "es").text == "# Acerca\n"
    assert corpus.written_page("about", "fr").text.startswith("# About")  # no translation: the original
    assert corpus.written_page("index", "en").text == "Intro.\n"
    assert corpus.written_page("missing", "en") is None


def test_a_page_name_that_is_not_a_plain_name_is_an_error(tmp_path: Path):
    (tmp_path / "About Us.md").write_text("# x\n", encoding="utf-8")
    (tmp_path / "ok.md").write_text("# ok\n", encoding="utf-8")
    (tmp_path / "evil.md").symlink_to("/etc/hostname")
    diag = Diagnostics()
    pages = read_written(tmp_path, diag)
    assert [p.name for p in pages] == ["ok"]
    assert sorted(str(d) for d in diag.errors) == [
        f"{tmp_path.name}/About Us.md:1: error[bad-page-name]: a written page is a regular file named NAME.md or NAME.LANG.md (lower-case ASCII, hyphens)",
        f"{tmp_path.name}/evil.md:1: error[bad-page-name]: a written page is a regular file named NAME.md or NAME.LANG.md (lower-case ASCII, hyphens)",
    ]


def test_a_translation_in_a_language_the_interface_lacks_says_it_is_not_built(tmp_path: Path):
    (tmp_path / "linking.md").write_text("# Linking\n", encoding="utf-8")
    (tmp_path / "linking.fr.md").write_text("# Lier\n", encoding="utf-8")
    (tmp_path / "linking.de.md").write_text("# Verlinken\n", encoding="utf-8")
    diag = Diagnostics()
    read_written(tmp_path, diag)
    assert diag.errors == []
    assert [str(d) for d in diag.warnings] == [
        f"{tmp_path.name}/linking.de.md:1: warning[page-language]: not built: the site has no interface in 'de' "
        "(add its strings to src/rulesite/strings.py, as the maintainer's guide says under 'Add a language')"
    ]
