"""The restricted YAML loader and the safe file reader (read/yamlfile.py, read/files.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from rulesite.common.diagnostics import Diagnostics
from rulesite.read.files import read_text, split_lines
from rulesite.read.yamlfile import MAX_DEPTH, load_yaml, parse_yaml


def parsed(text: str):
    diag = Diagnostics()
    return parse_yaml(text, "f.yml", diag), [str(d) for d in diag.items]


def test_dates_stay_text_even_impossible_ones():
    data, problems = parsed("a: 2026-10-09\nb: 2026-02-30\nc: 2026-13-45\n")
    assert data == {"a": "2026-10-09", "b": "2026-02-30", "c": "2026-13-45"} and problems == []


def test_lines_of_mappings_and_of_list_items():
    data, _ = parsed("top:\n  - x\n  -\n    k: v\n")
    assert data.line == 1 and data["top"].lines == [2, 4] and data["top"][1].line == 4


def test_lines_count_line_feeds_only():
    data, _ = parsed('a: "one\u2028two\u0085three"\nb:\n  - c: 1\n')
    assert data["b"].line == 3 and data["b"][0].line == 3  # PyYAML alone would say 5
    _, problems = parsed('a: "x\u2028y"\nb: *nope\n')
    assert problems[0].startswith("f.yml:2: error[invalid-yaml]")


def test_an_alias_bomb_is_refused_at_once():
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(9)
    )
    data, problems = parsed(bomb)  # refused at the first anchor: nothing is expanded
    assert data is None and problems == ["f.yml:1: error[invalid-yaml]: not valid YAML: anchors (&name) are not allowed"]


def test_an_alias_alone_is_refused_at_its_line():
    _, problems = parsed("a: 1\nb: *x\n")
    assert len(problems) == 1 and problems[0].startswith("f.yml:2: error[invalid-yaml]")


@pytest.mark.parametrize("text", ["a: !!timestamp 2026-13-45", "a: !!python/object:os.system x", "a: !custom x"])
def test_explicit_tags_are_refused(text):
    data, problems = parsed(text)
    assert data is None and problems and "tags" in problems[0]


@pytest.mark.parametrize(
    "text", ["[" * 20000 + "]" * 20000, "a:\n" + "".join("  " * i + "b:\n" for i in range(1, 2000)), "- " * 5000 + "x"]
)
def test_deep_nesting_is_an_error_not_a_recursion_error(text):
    data, problems = parsed(text)
    assert data is None and len(problems) == 1 and f"more than {MAX_DEPTH} nested" in problems[0]


def test_nesting_up_to_the_limit_is_read():
    data, problems = parsed("[" * MAX_DEPTH + "]" * MAX_DEPTH)
    assert problems == [] and data is not None


@pytest.mark.parametrize("text, line", [("424: [x]", 1), ("a: 1\n701.20: [x]", 2), ("a:\n  yes: 1", 2), ("? [a]\n: 1", 1)])
def test_keys_must_be_text(text, line):
    data, problems = parsed(text)
    assert data is None and problems[0].startswith(f"f.yml:{line}: error[invalid-yaml]: not valid YAML: keys must be text")


def test_files_larger_than_the_limit_are_refused(tmp_path: Path):
    big = tmp_path / "big.yml"
    big.write_text("a: " + "x" * (3 * 1024 * 1024), encoding="utf-8")
    diag = Diagnostics()
    assert load_yaml(big, "big.yml", diag) is None
    assert [d.code for d in diag.items] == ["too-large"] and diag.items[0].loc.line == 1


def test_devices_folders_and_symlinks_out_of_the_root_are_refused(tmp_path: Path):
    root = tmp_path / "src"
    root.mkdir()
    outside = tmp_path / "secret.txt"
    outside.write_text("secret", encoding="utf-8")
    (root / "link.txt").symlink_to(outside)
    (root / "ok.txt").write_text("ok", encoding="utf-8")
    diag = Diagnostics()
    assert read_text(root / "ok.txt", "ok.txt", diag, root) == "ok"
    assert read_text(root / "link.txt", "link.txt", diag, root) is None
    assert read_text(Path("/dev/zero"), "zero", diag) is None
    assert read_text(root, "src", diag) is None
    assert [d.code for d in diag.items] == ["outside-sources", "unreadable", "unreadable"]
    assert all(d.loc.line == 1 for d in diag.items)


def test_a_bad_byte_is_reported_at_its_line(tmp_path: Path):
    file = tmp_path / "bad.txt"
    file.write_bytes(b"one\ntwo\nthr\xffee\n")
    diag = Diagnostics()
    assert read_text(file, "bad.txt", diag) is None
    assert str(diag.items[0]).startswith("bad.txt:3: error[unreadable]: not UTF-8 text")


def test_lines_break_at_line_feeds_only():
    text = "one\u2028still one\r\ntwo\x0cstill two\u0085\nthree\rstill three\n"
    assert split_lines(text) == ["one\u2028still one", "two\x0cstill two\u0085", "three\rstill three"]
    assert split_lines("") == [] and split_lines("\n") == [""] and split_lines("a") == ["a"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")
def test_a_named_pipe_is_not_read(tmp_path: Path):
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    diag = Diagnostics()
    assert read_text(pipe, "pipe", diag) is None and diag.items[0].code == "unreadable"


def test_a_kept_parse_is_a_fresh_copy_with_its_lines_and_problems(monkeypatch):
    from rulesite.read import yamlfile

    good, bad = "top:\n  - x\n  -\n    k: v\n", "a: 1\nb: *nope\n"
    with yamlfile.keeping({}) as first:
        made = [parsed(good), parsed(bad)]
    assert made[1][1] and made[1][1][0].startswith("f.yml:2: error[invalid-yaml]")

    def refuse(*args):
        raise AssertionError("parsed again")

    monkeypatch.setattr(yamlfile, "_parse_yaml", refuse)
    with yamlfile.keeping(first) as second:
        again = [parsed(good), parsed(bad)]
        assert again == made
        data = again[0][0]
        assert data.line == 1 and data["top"].lines == [2, 4] and data["top"][1].line == 4
        data["top"].append("changed")  # the caller's own copy: what is kept stays as parsed
        assert parsed(good)[0]["top"] == ["x", {"k": "v"}]
    assert second.keys() == first.keys()
    # Elsewhere than in the same place (its problems would name another file), or another text: parsed.
    with yamlfile.keeping(first), pytest.raises(AssertionError, match="parsed again"):
        parse_yaml(good, "g.yml", Diagnostics())
    with yamlfile.keeping(first), pytest.raises(AssertionError, match="parsed again"):
        parsed(good + "# more\n")
