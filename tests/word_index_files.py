"""The site's word index (render/word_index.py) as the tests read it: what the
search box searches, page by page."""

from __future__ import annotations

import json
from pathlib import Path


def plain(text: str) -> str:
    return " ".join(text.split())


def _script_data(path: Path):
    raw = path.read_text(encoding="utf-8")
    return json.loads(raw[raw.index("(", raw.index("push")) + 1 : raw.rindex(")")])


def index_files(site: Path) -> list[Path]:
    return [site / "assets/search-words.js", *sorted((site / "assets").glob("search-text-*.js"))]


def index_texts(site: Path) -> dict[str, str]:
    """Page path -> the words the word index holds of it (titles, keys, texts)."""
    words = _script_data(site / "assets/search-words.js")
    head = words["entries"]
    pages: dict[str, list[str]] = {}

    def add(url: str, text: str) -> None:
        pages.setdefault(url.split("#")[0], []).append(plain(text))

    for row in head:  # [kind, document, url, title, keys?]
        add(row[2], " ".join([row[3], *(row[4] if len(row) > 4 else [])]))
    for path in index_files(site)[1:]:
        part = _script_data(path)
        for entry, text in part["texts"]:
            add(head[entry][2], text)
        for row in part["entries"]:  # a rule: [kind, document, url, number, keys, text]
            add(row[2], f"{row[3]} {row[5]}")
    return {page: " ".join(parts) for page, parts in pages.items()}


def text_rows(site: Path) -> tuple[list[dict], list[list]]:
    """The label rows of the word index and the entries its text files add
    (rules and rules' examples: [kind, document, url, number, keys, text])."""
    docs = _script_data(site / "assets/search-words.js")["docs"]
    return docs, [row for path in index_files(site)[1:] for row in _script_data(path)["entries"]]


def index_texts_by_entry(site: Path) -> list[str]:
    """The words of each entry of the word index (title, keys and text), one string an entry."""
    head = _script_data(site / "assets/search-words.js")["entries"]
    out = [" ".join([row[3], *(row[4] if len(row) > 4 else [])]) for row in head]
    for path in index_files(site)[1:]:
        part = _script_data(path)
        for entry, text in part["texts"]:
            out[entry] += " " + text
        out += [f"{row[3]} {row[5]}" for row in part["entries"]]
    return out
