"""An id printed twice in one page makes its links ambiguous: the check says so."""

from __future__ import annotations

from pathlib import Path

from rulesite.check.duplicate_ids import duplicate_ids
from rulesite.check.page import parse
from rulesite.check.run import check_folder


def test_an_id_printed_twice_in_one_page_is_reported_with_its_line():
    page = parse(
        "<html><body>\n"
        '<h3 id="g-abandon">Abandon</h3>\n'
        '<p id="g-abandon-text">To turn a scheme face down.</p>\n'
        '<h3 id="g-abandon">Abandon</h3>\n'
        "<br><img src='x.png' id='picture'>\n"
        "</body></html>\n"
    )
    assert duplicate_ids(page) == [(2, "duplicate-id", "id 'g-abandon' is printed 2 times in this page")]


def test_the_same_id_on_two_pages_is_fine_and_the_check_stage_runs_it(tmp_path: Path):
    for name in ("a.html", "b.html"):
        (tmp_path / name).write_text('<html><body><h1 id="top">x</h1></body></html>', encoding="utf-8")
    assert check_folder(tmp_path) == []
    (tmp_path / "b.html").write_text('<html><body><h1 id="top">x</h1><p id="top">y</p></body></html>', encoding="utf-8")
    assert check_folder(tmp_path) == ["b.html:1: error[duplicate-id]: id 'top' is printed 2 times in this page"]
