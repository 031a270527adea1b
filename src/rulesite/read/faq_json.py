"""Reads official FAQ and clarification articles saved as JSON (format `faq-json`).

The file is a list of articles `{id, title, content, publishedAt, originUrl, ...}`;
`content` is Markdown. Each article is an `OfficialDocument` (its date, address,
and what it says of its own authority: that it takes precedence over the Core
Rules where they differ, that it becomes obsolete at the next rules update), and
every line of it becomes one of these:

- **answers**: every `### Q: <question>` heading starts one question; its answer
  is the text up to the next heading of any level. Headings below a question
  that are neither questions nor revised texts stay with that answer, as
  "Heading: text". A short line printed alone just before a question heading (a
  card name: "Some Card") labels the questions after it: it becomes their
  `topic`, until the next `##` heading or label.
- **clarifications**: any other heading with text under it (a section of a prose
  clarifications document, "## Legion"; an entry of a list by heading, "###
  Slow Play"; a `##` topic's text before its first question) is an item of its
  own (`kind="clarification"`, the heading as its `question`); `###` and deeper
  ones take the `##` heading above them as their topic.
- **introduction**: the text before the first heading (`kind="introduction"`,
  the article's title as its `question`).
- **revised texts**: a heading "<Card name> (revised text)" makes the text under
  it an erratum of that card (dated by the article, `old_text` empty: the
  article does not print the old one); "Rule <number> (revised text)" makes a
  `RuleRevision` of that Core Rules number.

Every item has the id `<article id>-<slug of its question>` (the introduction:
`<article id>-introduction`). Text is plain and on one line: emphasis and links
as in `markup.py`, list items kept as "- item", images kept as their alt text
("(image: FAQ image)"), never fetched.
"""

from __future__ import annotations

import re

from ..common.diagnostics import Diagnostics
from ..common.model import Erratum, FaqAnswer, Imported, Loc, OfficialDocument, RuleRevision, Source
from ..common.normalize import normalize_text
from ..common.names import RULE_NUMBER, canonical_number, edition_problem, name_problem, printed_name_problem
from .common import slugify
from .markup import image_alt, images_as_text, item_lines, load_json, plain, where

FORMAT = "faq-json"
_HEADING = re.compile(r"^(?P<marks>#{1,6})(?:\s+(?P<title>.*?))?\s*#*\s*$")
_QUESTION = re.compile(r"^Q\s*:\s*(?P<question>.+)$")
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+\.)\s+")
_REVISED = re.compile(r"^(?P<name>.+?)\s*\(revised text\)$", re.IGNORECASE)
_RULE = re.compile(rf"^Rule\s+(?P<number>{RULE_NUMBER})\.?$", re.IGNORECASE)
_IMAGE_ROW = re.compile(r"^\s*(?:<img\b[^>]{0,1000}+>|!\[[^\]]{0,1000}+\]\([^)]{0,1000}+\))\s*$", re.IGNORECASE)
_DATE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}")
_URL = re.compile(r"https?://[^\s<>\"'`]+", re.ASCII)
# What an article says of its own authority, as the publisher words it.
_PRECEDENCE = re.compile(r"\b(?:will take|takes) precedence\b", re.IGNORECASE)
_LAPSES = re.compile(r"\bnext rules update\b[^.]{0,80}?\bobsolete\b|\bobsolete\b[^.]{0,80}?\bnext rules update\b", re.IGNORECASE)
_CORE_RULES = re.compile(r"\bCore Rules\b", re.IGNORECASE)


def read(source: Source, lines: list[str], diag: Diagnostics) -> Imported:
    data = load_json(source, lines, diag)
    if data is None:
        return Imported()
    if not isinstance(data, list):
        diag.error(Loc(source.path, 1), "faq-json", "expected a list of articles")
        return Imported()
    content_lines = item_lines(lines, 1, "content", len(data))
    out = Imported()
    taken: dict[str, str] = {}
    for index, article in enumerate(data):
        pointer = f"/{index}"
        loc = Loc(source.path, content_lines[index])
        if not _valid(article, pointer, loc, diag):
            continue
        _article(source, article, pointer, loc, taken, diag, out)
    return out


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
    problems += [
        f"{pointer}/{key} must be text"
        for key in ("publishedAt", "originUrl")
        if key in article and not isinstance(article[key], str)
    ]
    if isinstance(article.get("originUrl"), str) and article["originUrl"] and not _URL.fullmatch(article["originUrl"]):
        problems.append(f"{pointer}/originUrl must be an http(s) address, not {article['originUrl'][:60]!r}")
    for problem in problems:
        diag.error(loc, "faq-json", problem)
    # The id begins every answer's permalink (`#faq-<id>-...`).
    if not problems and (problem := name_problem(article["id"], f"{pointer}/id")):
        diag.error(loc, "name", problem)
        problems.append(problem)
    return not problems


def official_document(source: Source, article: dict, pointer: str, loc: Loc, kind: str, diag: Diagnostics) -> OfficialDocument:
    """The article as an official document: its date and what its text says of its authority."""
    if kind == "errata":
        printed = str(article.get("publishedAt", ""))
        date = printed[:10] if _DATE.match(printed) else ""
        if not date:
            diag.warning(loc, "errata-json", f"{pointer}/publishedAt: no YYYY-MM-DD date ({printed!r}); errata are undated")
    else:  # an FAQ without a date is shown as undated
        date = published(article.get("publishedAt"), f"{pointer}/publishedAt", loc, diag)
    text = " ".join(article["content"].split())
    precedence = next((m for m in _PRECEDENCE.finditer(text)), None)
    # What it takes precedence over: the sentence that says so names it.
    sentence = text[max(0, text.rfind(".", 0, precedence.start()) + 1) : precedence.end()] if precedence else ""
    amends = "cards" if kind == "errata" else "core-rules" if _CORE_RULES.search(sentence) else ""
    return OfficialDocument(
        id=article["id"],
        title=plain(article["title"]),
        game=source.game,
        kind=kind,
        source_id=source.id,
        loc=loc,
        published=date,
        url=str(article.get("originUrl") or ""),
        amends=amends,
        precedence=bool(precedence) and amends == "core-rules",
        lapses="next-rules-update" if _LAPSES.search(text) else "",
    )


def _article(source, article, pointer, loc, taken, diag, out: Imported) -> None:
    text_pointer = f"{pointer}/content"
    document = official_document(source, article, pointer, loc, "faq", diag)
    out.official.append(document)
    rows = article["content"].split("\n")
    marks = [(i, m) for i, row in enumerate(rows) if (m := _HEADING.match(row.strip()))]
    is_question = [bool(_QUESTION.match(m["title"] or "")) and len(m["marks"]) == 3 for _, m in marks]

    def item(kind: str, question: str, body: list[str], line: int, topic: str, slug: str = "") -> FaqAnswer | None:
        answer = plain_block(body)
        if not answer:
            if kind == "answer":
                diag.error(loc, "faq-syntax", f"{where(text_pointer, line)}: question {question[:50]!r} has no answer")
            return None
        faq_id = _unique(f"{article['id']}-{slug or slugify(question, 50)}", taken, loc, text_pointer, line, diag)
        made = FaqAnswer(
            id=faq_id,
            question=question,
            answer=answer,
            game=source.game,
            section="",
            source_id=source.id,
            loc=loc,
            topic=topic,
            kind=kind,
            document=document.id,
            date=document.published,
        )
        out.faqs.append(made)
        return made

    first = marks[0][0] if marks else len(rows)
    item("introduction", document.title, rows[:first], 1, "", slug="introduction")
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
        level = len(match["marks"])
        if revised := _REVISED.match(title):
            _revised(source, document, revised["name"], body, text_pointer, start + 1, loc, diag, out)
        elif is_question[n]:
            question = plain(_QUESTION.match(match["title"])["question"])
            current = item("answer", question, body, start + 1, topic)
        elif level <= 2:
            topic, current = title, None
            item("clarification", title, body, start + 1, title if any(is_question) else "")
        elif current is not None:
            head = f"{title}{'' if title[-1:] in '.:?!' else ':'}" if title else ""
            current.answer = normalize_text(f"{current.answer} {head} {plain_block(body)}")
        elif title:
            item("clarification", title, body, start + 1, topic)
        elif any(row.strip() for row in body):
            # An empty heading with text under it: the text belongs to the section above.
            item("clarification", f"{topic or document.title}", body, start + 1, topic)
    # What it amends, when its preamble did not say: the rules it revises, else the cards.
    if not document.amends:
        if any(r.official == document.id for r in out.revisions):
            document.amends = "core-rules"
        elif any(e.article_id == document.id for e in out.errata):
            document.amends = "cards"


def _revised(source, document, name, body, pointer, line, loc, diag, out: Imported) -> None:
    """A revised text: an erratum of the card it names, or a revision of the rule."""
    name = plain(name)
    paragraphs = [plain(_LIST_ITEM.sub("", row.strip())) for row in body if row.strip() and not _IMAGE_ROW.match(row)]
    paragraphs = [p for p in paragraphs if p]
    # The pictures beside a revised text are the card as printed; their alt text is kept in the erratum's note.
    alts = [f"(image: {alt})" for row in body if _IMAGE_ROW.match(row) and (alt := image_alt(row.strip()))]
    if not paragraphs:
        diag.error(loc, "faq-syntax", f"{where(pointer, line)}: revised text of {name[:50]!r} is empty")
        return
    if rule := _RULE.match(name):
        out.revisions.append(
            RuleRevision(
                number=canonical_number(rule["number"]),
                text=normalize_text(" ".join(paragraphs)),
                game=source.game,
                document="core-rules",
                official=document.id,
                date=document.published,
                source_id=source.id,
                loc=loc,
            )
        )
        return
    # A card's name, as the card pages and errata print it: one grammar (names.py).
    if problem := printed_name_problem(name, f"{where(pointer, line)}: revised card name"):
        diag.error(loc, "name", problem)
        return
    out.errata.append(
        Erratum(
            card=name,
            old_text="",
            new_text="\n".join(paragraphs),
            date=document.published,
            article=document.title,
            source_id=source.id,
            loc=loc,
            note=" ".join(alts),
            article_id=document.id,
            url=document.url,
            game=source.game,
        )
    )


def plain_block(rows: list[str]) -> str:
    """Markdown lines as one line of plain text; list items keep a "- " mark."""
    out = []
    for row in rows:
        text = images_as_text(row).strip()
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
