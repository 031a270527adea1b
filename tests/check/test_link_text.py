"""check/link_text.py on small hand-made sites: a link whose words name one rule
and whose target is another is reported; links that land where they say pass."""

from __future__ import annotations

from pathlib import Path

from rulesite.common.diagnostics import Finding
from rulesite.check.link_text import check_link_texts, summarize
from rulesite.check.page import load_page
from rulesite.check.run import check_folder


def _site(root: Path, files: dict[str, str]) -> Path:
    for rel, body in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"<!doctype html><html><body><article>\n{body}\n</article></body></html>", encoding="utf-8")
    return root


def _check(site: Path) -> list[Finding]:
    pages = [p.relative_to(site).as_posix() for p in sorted(site.rglob("*.html"))]
    return check_link_texts({rel: summarize(load_page(site, rel)) for rel in pages})


RULES_701 = (
    '<h1 id="701.20">701.20 Exert</h1>\n'
    '<div class="rule" data-rule="701.20a"><h4 id="701.20a">701.20a To exert a creature ...</h4></div>'
)
RULES_424 = '<h1 id="424">424 Reveal</h1>\n<h4 id="424.1">424.1 To reveal a card ...</h4>\n<h4 id="424.2">424.2 ...</h4>'


def test_links_that_land_where_their_words_say_pass(tmp_path):
    site = _site(
        tmp_path,
        {
            "magic/comprehensive-rules/701.20.html": RULES_701,
            "riftbound/core-rules/424.html": RULES_424,
            "index.html": (
                '<a href="riftbound/core-rules/424.html">424 Reveal</a>\n'
                '<a href="riftbound/core-rules/424.html#424.1">424.1</a>\n'
                '<a href="magic/comprehensive-rules/701.20.html#701.20a">701.20a</a>\n'
                '<a href="riftbound/core-rules/424.html">424 Reveal (inglés)</a>\n'
                '<a href="riftbound/core-rules/424.html#424.2">2025-10-01</a>\n'  # a date, not a rule
                '<a href="https://example.org/424">424 Elsewhere</a>'
            ),
        },
    )
    assert _check(site) == []


def test_a_page_made_to_fail(tmp_path):
    site = _site(
        tmp_path,
        {
            "magic/comprehensive-rules/701.20.html": RULES_701,
            "riftbound/core-rules/424.html": RULES_424,
            "index.html": (
                # The English site's 701.20 is another rule than the Spanish "Mostrar".
                '<a href="magic/comprehensive-rules/701.20.html">701.20 Mostrar</a>\n'
                # The words say 424.1, the link opens 424.2.
                '<a href="riftbound/core-rules/424.html#424.2">424.1</a>\n'
                # The words say 355, the link opens section 424.
                '<p>See rule <a href="riftbound/core-rules/424.html">355</a>.</p>'
            ),
        },
    )
    problems = _check(site)
    assert len(problems) == 3, problems
    assert [(p.path, p.line, p.code) for p in problems] == [("index.html", line, "link-text") for line in (2, 3, 4)]
    assert problems[0].message.startswith("link '701.20 Mostrar' names 'Mostrar'")
    assert problems[1].message.startswith("link '424.1' names 424.1 but opens riftbound/core-rules/424.html#424.2")
    assert problems[2].message.startswith("link '355' names 355")


def test_the_check_stage_reports_them(tmp_path):
    site = _site(
        tmp_path,
        {
            "riftbound/core-rules/424.html": RULES_424,
            "index.html": '<a href="riftbound/core-rules/424.html#424.2">424.1</a>',
        },
    )
    problems = check_folder(site)
    assert [p for p in problems if "link-text" in p] == [
        "index.html:2: error[link-text]: link '424.1' names 424.1 but opens riftbound/core-rules/424.html#424.2 (424.2)"
    ]


def test_a_number_link_is_read_whatever_markup_or_invisible_characters_come_first(tmp_path):
    # The check reads in full only links whose words may start with a number:
    # the number may sit in a child element, after white space or a zero-width space.
    site = _site(
        tmp_path,
        {
            "riftbound/core-rules/424.html": RULES_424,
            "index.html": (
                '<a href="riftbound/core-rules/424.html#424.2">\n  <span class="md-ellipsis">\n    424.1 </span></a>\n'
                '<a href="riftbound/core-rules/424.html#424.2"><b></b>\u00a0<code>424.1</code></a>\n'
                '<a href="riftbound/core-rules/424.html#424.2">\u200b424.1</a>\n'
                '<a href="riftbound/core-rules/424.html#424.2">See 424.1</a>'  # words first: not a number link
            ),
        },
    )
    problems = _check(site)
    assert [(p.path, p.line) for p in problems] == [("index.html", 2), ("index.html", 5), ("index.html", 6)]


def test_links_the_summary_leaves_out_or_reads_quickly_are_still_judged(tmp_path):
    """A link whose number is the #fragment it opens is left out of the summary
    only when it names no title; words are read in full whenever their first
    character may start a number (an invisible one before the digits too)."""
    site = _site(
        tmp_path,
        {
            "riftbound/core-rules/424.html": RULES_424,
            "index.html": (
                '<a href="riftbound/core-rules/424.html#424.1">424.1</a>\n'  # lands where it says
                '<a href="riftbound/core-rules/424.html#424%2E1">424.1</a>\n'  # the same, percent-encoded
                '<a href="riftbound/core-rules/424.html#424.1">424.1 Hide a card</a>\n'  # its number, not its title
                '<a href="riftbound/core-rules/424.html#424.2">\u200b424.1</a>\n'  # an invisible first character
                '<a href="riftbound/core-rules/424.html#424.2">§ 424.1</a>'  # not a number: the words start with §
            ),
        },
    )
    problems = _check(site)
    assert len(problems) == 2, problems
    assert [(p.path, p.line) for p in problems] == [("index.html", 4), ("index.html", 5)]
    assert problems[0].message.startswith("link '424.1 Hide a card' names 'Hide a card'"), problems
    assert problems[1].message.startswith("link '424.1' names 424.1 but opens riftbound/core-rules/424.html#424.2")


def test_links_skipped_unread_are_those_the_full_reading_keeps_nothing_of():
    """`summarize` does not read again a link whose words are the very number its
    #fragment names; every other link is kept exactly as reading it in full keeps it."""
    from rulesite.check.link_text import _flat, numbered_link
    from rulesite.check.page import parse, text

    links = [
        ("#102", "102"),  # a rule's own number link: nothing kept
        ("x.html#102.1.a", "102.1.a"),  # a reference: nothing kept
        ("#102", "102."),  # the dot is a title
        ("#102", "103"),  # another number
        ("#102.1", "102"),  # a shorter number
        ("#%31%30%32", "102"),  # the fragment decoded
        ("#102a", "102a"),
        ("#102", "102 "),
        ("#102", "102\u200b"),
        ("#102:x", "102"),
        ("mailto:a@b#102", "102"),
        ("#1020", "1020"),  # no rule number
        ("#102", "102<b>x</b>"),
    ]
    body = "".join(f'<a href="{href}">{words}</a>\n' for href, words in links)
    tree = parse(f"<html><body>\n{body}</body></html>")
    full = [found for el in tree.iter("a") if (found := numbered_link("p.html", el.sourceline, el.get("href"), _flat(text(el))))]
    assert summarize(tree, "p.html").links == full
    kept = [(words, fragment) for _, words, *_, fragment in full]
    assert kept == [("102.", "102"), ("103", "102"), ("102", "102.1"), ("102", "102:x"), ("102", "")]


# A diff split into parts (render/edition_pages.py): each part links its
# neighbours by their range of sections, and a Magic range starts with a rule
# number (313.7-405.4). Those words are the site's navigation, not a rule's.
DIFF_PART = '<h1 id="diff">Comprehensive Rules: A → B, sections {}</h1>\n<p>{}</p>'


def test_a_diff_parts_range_is_navigation_and_must_open_that_part(tmp_path):
    folder = "magic/comprehensive-rules/changes/a-to-b"
    site = _site(
        tmp_path,
        {
            f"{folder}/310.5-313.6.html": DIFF_PART.format(
                "310.5-313.6", '<a href="../a-to-b.html">All sections</a> · <a href="313.7-405.4.html">313.7-405.4 →</a>'
            ),
            f"{folder}/313.7-405.4.html": DIFF_PART.format(
                "313.7-405.4",
                '<a href="310.5-313.6.html">← 310.5-313.6</a> · <a href="405.5-405.5.html">405.5-405.5 →</a>',
            ),
            f"{folder}/405.5-405.5.html": DIFF_PART.format("405.5-405.5", '<a href="313.7-405.4.html">← 313.7-405.4</a>'),
            f"{folder}.html": '<h1 id="diff">A → B</h1>\n<a href="a-to-b/313.7-405.4.html">Sections 313.7-405.4</a>',
        },
    )
    assert _check(site) == []
    # A range that opens another part than the one it names is still wrong.
    (tmp_path / f"{folder}/405.5-405.5.html").write_text(
        DIFF_PART.format("405.5-405.5", '<a href="310.5-313.6.html">← 313.7-405.4</a>'), encoding="utf-8"
    )
    problems = _check(site)
    assert len(problems) == 1, problems
    assert (
        "link '← 313.7-405.4' names part 313.7-405.4 but opens magic/comprehensive-rules/changes/a-to-b/310.5-313.6.html"
        == problems[0].message
    )


def test_words_like_a_range_that_are_not_the_sites_navigation_are_still_rule_references(tmp_path):
    """Only the navigation's own words are read as a part: "313.7-405.4 and more" names rule 313."""
    site = _site(
        tmp_path,
        {
            "riftbound/core-rules/424.html": RULES_424,
            "index.html": '<a href="riftbound/core-rules/424.html">355.1-355.2 and more</a>',
        },
    )
    problems = _check(site)
    assert len(problems) == 1 and "names 355" in problems[0].message, problems
