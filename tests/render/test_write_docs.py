"""Writing the docs folder (`render/site.write_docs`): each build writes a new
generation; a file whose content did not change is hard-linked from the
published one (it keeps its timestamp), found by the digests that generation
keeps of its files, or, when it keeps none or they cannot be read, by
reading the files themselves. Either way the folder holds exactly the pages."""

from __future__ import annotations

import hashlib
import json
import os

import pytest

from rulesite.common import output
from rulesite.render.site import DIGESTS, write_docs


def _pages(**changed: str) -> dict[str, dict[str, str]]:
    pages = {f"riftbound/rulings/r{k}.md": f"# Ruling {k}\n\nText {k}.\n" for k in range(20)}
    pages.update(changed)
    return {"en": pages, "es": {"index.md": "# Reglas\n"}}


def _tree(folder) -> dict[str, bytes]:
    folder = folder.resolve()
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in folder.rglob("*")
        if p.is_file() and p.name not in (DIGESTS, output.MARKER)  # the generation's own files, not pages
    }


def _inode(folder, rel: str) -> int:
    return os.stat(folder.resolve() / rel).st_ino


@pytest.mark.parametrize("digests", ["kept", "missing", "unreadable"])
def test_only_changed_files_are_written_and_the_folder_holds_the_pages(tmp_path, digests):
    docs = tmp_path / "docs"
    assert write_docs(_pages(), docs, "first") > 21
    kept = json.loads((docs / DIGESTS).read_text(encoding="utf-8"))
    assert kept == {rel: hashlib.sha256(data).hexdigest()[:32] for rel, data in _tree(docs).items()}
    before = {rel: _inode(docs, rel) for rel in kept}
    if digests == "missing":
        (docs.resolve() / DIGESTS).unlink()
    elif digests == "unreadable":
        (docs.resolve() / DIGESTS).write_text('{"en/riftbound/rulings/r1.md": ', encoding="utf-8")

    changed = {"riftbound/rulings/r3.md": "# Ruling 3\n\nReworded.\n"}
    assert write_docs(_pages(**changed), docs, "second") == 1
    after = _tree(docs)
    assert after["en/riftbound/rulings/r3.md"] == b"# Ruling 3\n\nReworded.\n"
    expected = {**{f"en/{p}": t.encode() for p, t in _pages(**changed)["en"].items()}, "es/index.md": b"# Reglas\n"}
    assert {rel: data for rel, data in after.items() if not rel.split("/")[1] == "assets"} == expected
    relinked = [rel for rel in before if rel != "en/riftbound/rulings/r3.md" and _inode(docs, rel) != before[rel]]
    assert relinked == [], "unchanged files were written again"
    assert _inode(docs, "en/riftbound/rulings/r3.md") != before["en/riftbound/rulings/r3.md"]


def test_the_build_keys_read_off_the_written_digests_are_the_ones_worked_out(tmp_path, repo_root):
    # language_keys takes each page's digest from what write_docs kept, instead
    # of hashing every page again: the same keys either way.
    from rulesite.engine import built_from

    docs, config_dir = tmp_path / "docs", tmp_path / "configs"
    config_dir.mkdir()
    files = _pages()
    for lang in files:
        (config_dir / f"mkdocs.{lang}.yml").write_text(f"docs_dir: {lang}\n", encoding="utf-8")
    write_docs(files, docs, "first")
    config, env = repo_root / "mkdocs.yml", {"SOURCE_DATE_EPOCH": "0"}
    worked_out = built_from.language_keys(files, config_dir, config, env)
    assert built_from.language_keys(files, config_dir, config, env, docs) == worked_out


def test_a_write_told_only_what_changed_holds_exactly_the_pages(tmp_path):
    # Under serve the write is told the files that may differ since the
    # last write (`changed`, against that write's digests table `since`):
    # a file changed, one gone (its folder with it), one come in a new
    # folder. Told of a table that is not the published one's, it looks at
    # every file instead: the folder holds the pages either way.
    from rulesite.render.site import written_digests

    docs = tmp_path / "docs"
    spare = output.Spare()
    pages = _pages(**{"riftbound/gone/only.md": "# Only\n"})
    tables: dict = {}  # where serve's write keeps the tables (`WriteMemory.tables`)
    write_docs(pages, docs, "first", spare=spare, tables=tables)
    since = written_digests(output.published(docs), tables)
    now = _pages(**{"riftbound/rulings/r3.md": "# Ruling 3\n\nReworded.\n", "riftbound/new/came.md": "# Came\n"})
    changed = {"en": ["riftbound/rulings/r3.md", "riftbound/gone/only.md", "riftbound/new/came.md"], "es": []}
    write_docs(now, docs, "second", spare=spare, changed=changed, since=since, tables=tables)
    assert spare.taken == 1, "the copy of the published generation was not taken"
    expected = {f"{lang}/{p}": t.encode() for lang, files in now.items() for p, t in files.items()}
    assert {rel: data for rel, data in _tree(docs).items() if rel.split("/")[1] != "assets"} == expected
    assert not (docs.resolve() / "en/riftbound/gone").exists()
    kept = json.loads((docs / DIGESTS).read_text(encoding="utf-8"))
    assert kept == {rel: hashlib.sha256(data).hexdigest()[:32] for rel, data in _tree(docs).items()}
    assert list(kept) == sorted(kept)

    # A stale `since` (not the published table): the changes it names are not all there are.
    later = _pages(**{"riftbound/rulings/r4.md": "# Ruling 4\n\nAlso reworded.\n"})
    write_docs(later, docs, "third", spare=spare, changed={"en": [], "es": []}, since=since, tables=tables)
    expected = {f"{lang}/{p}": t.encode() for lang, files in later.items() for p, t in files.items()}
    assert {rel: data for rel, data in _tree(docs).items() if rel.split("/")[1] != "assets"} == expected
    spare.drop()


def test_the_digests_tables_json_is_jsons_own(tmp_path):
    from rulesite.render.site import _table_json

    kept: dict = {}  # the pieces of the last table made, as `WriteMemory.tables` keeps them
    table = {'a,"b".md': "é\n", "ü/x.md": "0" * 32, "z.md": ""}
    assert _table_json(table, kept) == json.dumps(table, separators=(",", ":"))
    moved = dict(table, **{"ü/x.md": "1" * 32})
    assert _table_json(moved, kept, table, ["ü/x.md"]) == json.dumps(moved, separators=(",", ":"))
    came = dict(moved, **{"b.md": "2"})
    assert _table_json(came, kept, moved, ["b.md"]) == json.dumps(came, separators=(",", ":"))
    # Files came and went, one changed: the pieces kept are used for the others only.
    later = {"0.md": "3", **{k: v for k, v in came.items() if k != "z.md"}, "zz.md": "4"}
    later["b.md"] = "5"
    assert _table_json(later, kept, came, ["b.md", "0.md", "zz.md"]) == json.dumps(later, separators=(",", ":"))
    again = dict(later, **{"b.md": "6"})
    assert _table_json(again, kept, later, ["b.md"]) == json.dumps(again, separators=(",", ":"))
    assert _table_json({}, {}) == "{}"
