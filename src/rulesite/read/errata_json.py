"""Reads official card errata articles saved as JSON (format `errata-json`).

The file is a list of articles `{id, title, content, publishedAt, originUrl, ...}`;
`content` is Markdown in which each change is a pair of marked blocks:

    ## Card Name                (or "### Name", or the name alone on a line)
    #### [NEW TEXT]
    <new wording, one or more paragraphs>
    ####                        (an empty heading between the blocks, optional)
    #### [OLD TEXT]
    <old wording>
    Note: <a remark on the pair, optional>

The card's name is the last non-blank line before `[NEW TEXT]`, without its `#`
marks. The old wording ends at the next heading, at the next pair's name line,
or at a `Note:` line. Wordings keep one line per paragraph, joined with "\\n",
each line normalized; they are card text, so `[A]`, `[1]` and keywords in
brackets stay as printed.

Each article is also an `OfficialDocument` (kind "errata", amending cards),
and its text before the first pair (the publisher's preamble) is kept as its
introduction: a `FaqAnswer` of kind "introduction", shown on the source's page.

Reported: a block without its partner or without a card name (errors); text
between pairs that is not a heading (warnings: not imported). Headings with
nothing under them (a set's name) only group the pairs and are not reported.
"""

from __future__ import annotations

import re

from ..common.diagnostics import Diagnostics
from ..common.model import Erratum, FaqAnswer, Imported, Loc, Source
from ..common.names import describe, name_problem
from .faq_json import official_document, plain_block
from .markup import images_as_text, item_lines, load_json, plain, where

FORMAT = "errata-json"
_NEW = re.compile(r"^#{1,6}\s*\[NEW TEXT\]\s*$", re.IGNORECASE)
_OLD = re.compile(r"^#{1,6}\s*\[OLD TEXT\]\s*$", re.IGNORECASE)
_HEADING = re.compile(r"^#{1,6}(?:\s+(?P<title>.*?))?\s*$")
_NOTE = re.compile(r"^Note\s*:\s*(?P<note>.+)$", re.IGNORECASE)


def read(source: Source, lines: list[str], diag: Diagnostics) -> Imported:
    data = load_json(source, lines, diag)
    if data is None:
        return Imported()
    if not isinstance(data, list):
        diag.error(Loc(source.path, 1), "errata-json", "expected a list of articles")
        return Imported()
    content_lines = item_lines(lines, 1, "content", len(data))
    out = Imported()
    for index, article in enumerate(data):
        pointer = f"/{index}"
        loc = Loc(source.path, content_lines[index])
        if not isinstance(article, dict) or not isinstance(article.get("content"), str):
            diag.error(loc, "errata-json", f"{pointer}: an article must be an object with text in 'content'")
            continue
        if problems := _field_problems(article, pointer):
            for code, problem in problems:
                diag.error(loc, code, problem)
            continue
        if not isinstance(article.get("id"), str) or not article["id"] or not isinstance(article.get("title"), str):
            diag.error(loc, "errata-json", f"{pointer}: an article needs an 'id' and a 'title'")
            continue
        out.errata += _article(source, article, pointer, loc, diag, out)
    return out


_URL = re.compile(r"https?://[^\s<>\"'`]+", re.ASCII)


def _field_problems(article: dict, pointer: str) -> list[tuple[str, str]]:
    """Wrong types (a list where text belongs), an id that breaks the name
    grammar, an address that is not http(s)."""
    problems = [
        ("errata-json", f"{pointer}/{key} must be text, not {describe(article[key])}")
        for key in ("id", "title", "publishedAt", "originUrl")
        if key in article and not isinstance(article[key], str)
    ]
    if problems:
        return problems
    if article.get("id") and (problem := name_problem(article["id"], f"{pointer}/id")):
        problems.append(("name", problem))
    if article.get("originUrl") and not _URL.fullmatch(article["originUrl"]):
        problems.append(("errata-json", f"{pointer}/originUrl must be an http(s) address, not {article['originUrl'][:60]!r}"))
    return problems


def _article(source: Source, article: dict, pointer: str, loc: Loc, diag: Diagnostics, out: Imported) -> list[Erratum]:
    text_pointer = f"{pointer}/content"
    document = official_document(source, article, pointer, loc, "errata", diag)
    out.official.append(document)
    date = document.published
    # Pictures keep their alt text, as "(image: ...)"; none is fetched.
    rows = images_as_text(article["content"]).split("\n")
    news = [i for i, row in enumerate(rows) if _NEW.match(row.strip())]
    olds = [i for i, row in enumerate(rows) if _OLD.match(row.strip())]
    if not news and not olds:
        # No pairs: the whole article is its introduction.
        _introduction(source, document, rows, loc, out)
        return []
    # The name of each pair: the last non-blank line above its [NEW TEXT].
    names = {}
    for new in news:
        above = next((i for i in range(new - 1, -1, -1) if rows[i].strip()), None)
        names[new] = above
    errata: list[Erratum] = []
    first = min(news + olds)
    name_row = names.get(first)
    _introduction(source, document, rows[: name_row if name_row is not None else first], loc, out)
    for k, new in enumerate(news):
        following = news[k + 1] if k + 1 < len(news) else len(rows)
        old = next((o for o in olds if new < o < following), None)
        name = _name(rows, names[new])
        at = where(text_pointer, new + 1)
        if old is None:
            diag.error(loc, "errata-syntax", f"{at}: [NEW TEXT] for {name or '?'!r} has no [OLD TEXT] after it: not imported")
            continue
        if not name:
            diag.error(loc, "errata-syntax", f"{at}: [NEW TEXT] has no card name above it: not imported")
            continue
        stray_old = [o for o in olds if new < o < following and o != old]
        for extra in stray_old:
            diag.error(loc, "errata-syntax", f"{where(text_pointer, extra + 1)}: second [OLD TEXT] for {name!r}")
        next_name = names[news[k + 1]] if k + 1 < len(news) else len(rows)
        end = next(
            (i for i in range(old + 1, next_name) if _HEADING.match(rows[i].strip()) or _NOTE.match(rows[i].strip())), next_name
        )
        new_text = _wording(rows, new + 1, old, name, text_pointer, loc, diag)
        old_text = _wording(rows, old + 1, end, name, text_pointer, loc, diag)
        note_rows = [i for i in range(end, next_name) if _NOTE.match(rows[i].strip())]
        note = " ".join(plain(_NOTE.match(rows[i].strip())["note"]) for i in note_rows)
        for problem, text in (("[NEW TEXT]", new_text), ("[OLD TEXT]", old_text)):
            if not text:
                diag.error(loc, "errata-syntax", f"{at}: {problem} for {name!r} is empty")
        leftover = [i for i in range(end, next_name) if rows[i].strip() and i not in note_rows and not _is_group_heading(rows, i)]
        if leftover:
            diag.warning(
                loc,
                "unplaced",
                f"{where(text_pointer, leftover[0] + 1)}: text after the erratum for "
                f"{name!r} ({len(leftover)} lines) is not imported",
            )
        errata.append(
            Erratum(
                card=name,
                old_text=old_text,
                new_text=new_text,
                date=date,
                article=plain(str(article.get("title", ""))),
                source_id=source.id,
                loc=loc,
                note=note,
                article_id=str(article.get("id", "")),
                url=str(article.get("originUrl", "")),
                game=source.game,
            )
        )
    orphans = [o for o in olds if not any(n < o < (news[k + 1] if k + 1 < len(news) else len(rows)) for k, n in enumerate(news))]
    for orphan in orphans:
        diag.error(
            loc, "errata-syntax", f"{where(text_pointer, orphan + 1)}: [OLD TEXT] without a [NEW TEXT] before it: not imported"
        )
    return errata


def _name(rows: list[str], index: int | None) -> str:
    if index is None:
        return ""
    text = rows[index].strip()
    if _NEW.match(text) or _OLD.match(text):
        return ""
    if match := _HEADING.match(text):
        text = match["title"] or ""
    # A bare line is a name only when it reads like one: short, not a sentence.
    elif len(text) > 60 or re.search(r"[.;:)\]]$", text):
        return ""
    return plain(text)


def _wording(rows, start, end, name, pointer, loc, diag) -> str:
    """Card text: one line per paragraph; empty `####` separators left out."""
    out = []
    for i in range(start, end):
        text = rows[i].strip()
        if not text:
            continue
        if match := _HEADING.match(text):
            if match["title"]:
                diag.warning(
                    loc,
                    "unplaced",
                    f"{where(pointer, i + 1)}: heading {text[:50]!r} inside the wording for {name!r} is not imported",
                )
            continue
        if line := plain(text):
            out.append(line)
    return "\n".join(out)


def _is_group_heading(rows: list[str], i: int) -> bool:
    return bool(_HEADING.match(rows[i].strip()))


def _introduction(source: Source, document, rows: list[str], loc: Loc, out: Imported) -> None:
    """The publisher's text before the first pair, kept as the article's introduction
    (headings there only group the pairs: a set's name)."""
    if preamble := plain_block([row for row in rows if not _HEADING.match(row.strip())]):
        out.faqs.append(
            FaqAnswer(
                id=f"{document.id}-introduction",
                question=document.title,
                answer=preamble,
                game=source.game,
                section="",
                source_id=source.id,
                loc=loc,
                kind="introduction",
                document=document.id,
            )
        )
