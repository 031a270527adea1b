"""Two editions written for the tests of cited numbers: v2 prints a new section
300 Hide, so v1's 300 Reveal is 400 and its 400 Modes of Play is 500. Rules
101 and 102 cite the same rules under their new numbers (references
renumbered); 103 cites 500 where it cited 301, which is 401 now (another
rule: a change). The manifest names them e1.txt and e2.txt."""

from __future__ import annotations

V1 = """Sample Card Game Rules
Last Updated: 2030-01-15
100. Setup
101. Before the game, each player picks a mode of play. See rule 400.
102. Each player may look at their hand. See rule 301.1.
103. To begin, the first player shows the top card of their deck. See rule 301.
300. Reveal
301. To reveal a card, show it to every player.
301.1. A revealed card stays where it is.
400. Modes of Play
401. A mode of play names how many players take part.
"""
V2 = """Sample Card Game Rules
Last Updated: 2030-06-01
100. Setup
101. Before the game, each player picks a mode of play. See rule 500.
102. Each player may look at their hand. See rule 401.1.
103. To begin, the first player shows the top card of their deck. See rule 500.
300. Hide
301. To hide a card, place it face down.
400. Reveal
401. To reveal a card, show it to every player.
401.1. A revealed card stays where it is.
500. Modes of Play
501. A mode of play names how many players take part.
"""
MANIFEST = "sources:\n" + "".join(
    f"  - {{id: e{n}, path: e{n}.txt, game: riftbound, document: core-rules, language: en,\n"
    f"     edition: {date}, version: '{n}', format: rules-document}}\n"
    for n, date in ((1, "2030-01-15"), (2, "2030-06-01"))
)


def write_cited_editions(folder) -> None:
    """e1.txt, e2.txt and manifest.yml in `folder`."""
    (folder / "e1.txt").write_text(V1, encoding="utf-8")
    (folder / "e2.txt").write_text(V2, encoding="utf-8")
    (folder / "manifest.yml").write_text(MANIFEST, encoding="utf-8")
