"""Where a JSON source's items and its deepest nesting are: what messages name
as `path:line`. Strings are skipped whole (brackets, colons and quoted keys
inside a value are text), escapes included; each item is placed at its key."""

from __future__ import annotations

from rulesite.read.markup import _nesting, item_lines

CARDS = """{
  "count": 3,
  "cards": [
    {
      "name": "A [bracket] and \\"id\\": {not a key}",
      "id": "one"
    },
    {"tags": ["x", "y"],
     "\\u0069d": "two"},
    {
      "name": "no id here",
      "list": [{"id": "inner"}]
    }
  ]
}"""


def test_each_item_is_placed_at_its_key_else_at_its_brace():
    lines = CARDS.split("\n")
    # Card 1 at its "id" (line 6), not at the text that looks like one; card 2 at
    # its escaped key on line 9; card 3 has no key of its own: its "{" (line 10).
    assert item_lines(lines, 2, "id", 3) == [6, 9, 10]


def test_a_count_that_differs_places_every_item_at_line_1():
    assert item_lines(CARDS.split("\n"), 2, "id", 4) == [1, 1, 1, 1]


def test_nesting_skips_strings_and_names_its_line():
    # Deepest: the {"id": "inner"} of line 12, 5 deep; the brackets in strings do not count.
    assert _nesting(CARDS) == (5, 12)
    assert _nesting('["[[[[", "]]"]') == (1, 1)
    assert _nesting("") == (0, 1)


def test_a_raw_line_break_in_a_string_keeps_the_lines():
    # Invalid JSON (reported when parsed), but the depth's line stays where it is.
    assert _nesting('["a\nb\nc",\n[[1]]]') == (3, 4)
