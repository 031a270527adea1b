"""The checks that read each built page as a tree, run with one parse per page:
no id twice in a page (`duplicate_ids`), no link whose words name another rule
than it opens (`link_text`)."""
from __future__ import annotations

from pathlib import Path

from .duplicate_ids import duplicate_ids
from .link_text import check_link_texts, summarize
from .page_tree import parse_page


def check_pages(site_dir: Path) -> list[str]:
    problems: list[str] = []
    summaries = {}
    for path in sorted(site_dir.rglob("*.html")):
        rel = path.relative_to(site_dir).as_posix()
        page = parse_page(path)
        problems += duplicate_ids(page, rel)
        summaries[rel] = summarize(page)
    return problems + check_link_texts(site_dir, summaries)
