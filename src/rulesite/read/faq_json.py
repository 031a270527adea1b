"""Reads official FAQ articles saved as JSON (format `faq-json`).

The file is a list of articles `{id, title, content, publishedAt, originUrl, ...}`;
`content` is Markdown. Every `### Q: <question>` heading starts one question;
its answer is the text up to the next heading of any level. Headings below a
question that are not questions themselves (`### Blood Rush (revised text)`,
the card wording an answer refers to) stay with that answer, as "Heading: text".

Each answer becomes a `FaqAnswer` with `section: ""` (the article names topics,
not rule sections; `topic` keeps the `##` heading above the question) and the
id `<article id>-<question slug>`. Text is plain and on one line: emphasis and
links as in `markup.py`, inline images removed (counted, one warning per
article), list items kept as "- item".

A short line printed alone just before a question heading (a card name:
"Some Card") labels the questions after it: it becomes their `topic`, until
the next `##` heading or label.

Not imported, each reported with a warning: an article without any `### Q:`
heading (a different layout), text before the first heading, the text under a
`##` topic heading before its first question, and a non-question heading that
no question precedes.
"""

from __future__ import annotations

import re

from ..diagnostics import Diagnostics
from ..model import FaqAnswer, Imported, Loc, Source
from ..normalize import normalize_text
from ..names import edition_problem, name_problem
from .common import slugify
from .markup import item_lines, load_json, plain, remove_images, where

FORMAT = "faq-json"
_HEADING = re.compile(r"^(?P<marks>#{1,6})(?:\s+(?P<title>.*?))?\s*#*\s*$")
_QUESTION = re.compile(r"^Q\s*:\s*(?P<question>.+)$")
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+\.)\s+")


def read(source: Source, lines: list[str], diag: Diagnostics) -> Imported:
    data = load_json(source, lines, diag)
    if data is None:
        return Imported()
    if not isinstance(data, list):
        diag.error(Loc(source.path, 1), "faq-json", "expected a list of articles")
        return Imported()
    content_lines = item_lines(lines, 1, "content", len(data))
    faqs: list[FaqAnswer] = []
    taken: dict[str, str] = {}
    for index, article in enumerate(data):
        pointer = f"/{index}"
        loc = Loc(source.path, content_lines[index])
        if not _valid(article, pointer, loc, diag):
            continue
        found = _article(source, article, pointer, loc, taken, diag)
        date = published(article.get("publishedAt"), f"{pointer}/publishedAt", loc, diag)
        for faq in found:  # the document each answer is printed in (the change feed lists documents)
            faq.article_id, faq.article, faq.date = article["id"], plain(article["title"]), date
        faqs += found
    return Imported(faqs=faqs)


def published(value, pointer: str, loc: Loc, diag: Diagnostics) -> str:
    """The day of a `publishedAt` time ("2026-04-29T16:00:00.000Z" -> "2026-04-29"), or ""
    when there is none; one that is no day of the calendar is reported and left out."""
    if value is None:
        return ""
    day = value[:10] if isinstance(value, str) else value
    if day == "undated" or (problem := edition_problem(day, pointer)):
        diag.warning(loc, "faq-date", problem if day != "undated" else f"{pointer} is no date")
        return ""
    return day


def _valid(article, pointer: str, loc: Loc, diag: Diagnostics) -> bool:
    if not isinstance(article, dict):
        diag.error(loc, "faq-json", f"{pointer}: an article must be an object")
        return False
    problems = [
        f"{pointer}/{key} must be non-empty text"
        for key in ("id", "title", "content")
        if not isinstance(article.get(key), str) or not article[key].strip()
    ]
    for problem in problems:
        diag.error(loc, "faq-json", problem)
    # The id begins every answer's permalink (`#faq-<id>-...`).
    if not problems and (problem := name_problem(article["id"], f"{pointer}/id")):
        diag.error(loc, "name", problem)
        problems.append(problem)
    return not problems


def _article(source, article, pointer, loc, taken, diag) -> list[FaqAnswer]:
    text_pointer = f"{pointer}/content"
    content, images = remove_images(article["content"])
    rows = content.split("\n")
    marks = [(i, m) for i, row in enumerate(rows) if (m := _HEADING.match(row.strip()))]
    is_question = [bool(_QUESTION.match(m["title"] or "")) and len(m["marks"]) == 3 for _, m in marks]
    if not any(is_question):
        diag.warning(
            loc,
            "unplaced",
            f"{where(text_pointer)}: article {article['id']!r} has no '### Q:' question: its {len(rows)} lines are not imported",
        )
        return []
    if images:
        diag.warning(loc, "unplaced", f"{where(text_pointer)}: {images} inline images are not imported (text only)")
    faqs: list[FaqAnswer] = []
    first = marks[0][0]
    _unplaced(rows, 0, first, text_pointer, loc, "text before the first heading", diag)
    topic = ""
    carried = ""  # a label line at the end of the previous chunk: the topic of this question
    current: FaqAnswer | None = None
    for n, (start, match) in enumerate(marks):
        end = marks[n + 1][0] if n + 1 < len(marks) else len(rows)
        body = rows[start + 1 : end]
        title = plain(match["title"] or "")
        topic, carried = carried or topic, ""
        if n + 1 < len(marks) and is_question[n + 1]:
            body, carried = _split_label(body)
        if len(match["marks"]) <= 2:
            topic, current = title, None
            _unplaced(rows, start + 1, start + 1 + len(body), text_pointer, loc, f"text under {title!r}", diag)
        elif is_question[n]:
            question = plain(_QUESTION.match(match["title"])["question"])
            answer = _plain_block(body)
            current = None
            if not answer:
                diag.error(loc, "faq-syntax", f"{where(text_pointer, start + 1)}: question {question[:50]!r} has no answer")
                continue
            faq_id = _unique(f"{article['id']}-{slugify(question, 50)}", taken, loc, text_pointer, start + 1, diag)
            current = FaqAnswer(
                id=faq_id,
                question=question,
                answer=answer,
                game=source.game,
                section="",
                source_id=source.id,
                loc=loc,
                topic=topic,
            )
            faqs.append(current)
        elif current is not None:
            head = f"{title}{'' if title[-1:] in '.:?!' else ':'}" if title else ""
            current.answer = normalize_text(f"{current.answer} {head} {_plain_block(body)}")
        else:
            _unplaced(rows, start, start + 1 + len(body), text_pointer, loc, f"heading {title!r} (not a question)", diag)
    return faqs


def _plain_block(rows: list[str]) -> str:
    """Markdown lines as one line of plain text; list items keep a "- " mark."""
    out = []
    for row in rows:
        text = row.strip()
        if not text:
            continue
        out.append("- " + plain(_LIST_ITEM.sub("", text)) if _LIST_ITEM.match(text) else plain(text))
    return normalize_text(" ".join(out))


def _split_label(body: list[str]) -> tuple[list[str], str]:
    """A card name printed alone just before a question heading ("Deathgrip")
    labels the questions that follow, not the text above it: it becomes their topic."""
    filled = [i for i, row in enumerate(body) if row.strip()]
    if not filled:
        return body, ""
    last = body[filled[-1]].strip()
    if len(last) <= 40 and not re.search(r"[.:;!?)\]]$", last) and not _LIST_ITEM.match(last):
        return body[: filled[-1]], plain(last)
    return body, ""


def _unplaced(rows, start, end, pointer, loc, what, diag) -> None:
    filled = [i for i in range(start, end) if rows[i].strip()]
    if filled:
        diag.warning(loc, "unplaced", f"{where(pointer, filled[0] + 1)}: {what} ({len(filled)} lines) is not imported")


def _unique(candidate: str, taken: dict, loc: Loc, pointer: str, line: int, diag: Diagnostics) -> str:
    if candidate not in taken:
        taken[candidate] = where(pointer, line)
        return candidate
    n = 2
    while f"{candidate}-{n}" in taken:
        n += 1
    diag.warning(
        loc, "faq-id", f"{where(pointer, line)}: id {candidate!r} is already used at {taken[candidate]}; using {candidate}-{n}"
    )
    taken[f"{candidate}-{n}"] = where(pointer, line)
    return f"{candidate}-{n}"
