"""The output check reads each language's feed.xml back (check/feed.py): every
link relative, landing on a page and on its #fragment. A small site written here."""

from __future__ import annotations

from pathlib import Path

from rulesite.check.feed import feed_problems

ENTRY = '  <entry><id>urn:uuid:0</id><link rel="alternate" href="{}"/></entry>\n'


def site(tmp_path: Path, *hrefs: str, es: bool = True) -> Path:
    (tmp_path / "riftbound" / "rulings").mkdir(parents=True)
    (tmp_path / "riftbound" / "rulings" / "r.html").write_text('<p id="ruling-r">A ruling.</p>\n', encoding="utf-8")
    (tmp_path / "index.html").write_text("<p>Home</p>\n", encoding="utf-8")
    body = "".join(ENTRY.format(h) for h in hrefs)
    feed = f'<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">\n{body}</feed>\n'
    (tmp_path / "feed.xml").write_text(feed, encoding="utf-8")
    if es:
        (tmp_path / "es").mkdir()
        (tmp_path / "es" / "index.html").write_text("<p>Inicio</p>\n", encoding="utf-8")
        spanish = feed.replace("riftbound/", "../riftbound/")
        (tmp_path / "es" / "feed.xml").write_text(spanish, encoding="utf-8")
    return tmp_path


def test_links_that_land_are_no_problem(tmp_path: Path):
    root = site(tmp_path, "riftbound/rulings/r.html", "riftbound/rulings/r.html#ruling-r", "index.html")
    assert feed_problems(root, ["en", "es"]) == []


def test_each_broken_link_is_reported_at_its_line(tmp_path: Path):
    hrefs = [
        "riftbound/rulings/gone.html",  # no such page
        "riftbound/rulings/r.html#ruling-x",  # no such id
        "https://elsewhere.example/r.html",  # off the site
        "/riftbound/rulings/r.html",  # from the host's root, not the feed's folder
        "../../outside.html",  # above the site
    ]
    found = feed_problems(site(tmp_path, *hrefs, es=False), ["en"])
    assert [(f.path, f.line, f.code) for f in found] == [("feed.xml", n, "feed-link") for n in range(3, 8)]


def test_a_missing_or_broken_feed_is_reported(tmp_path: Path):
    root = site(tmp_path, "index.html", es=False)
    assert [(f.path, f.code) for f in feed_problems(root, ["en", "fr"])] == [("fr/feed.xml", "feed-link")]
    (root / "feed.xml").write_text("<feed><entry></feed>", encoding="utf-8")
    assert [(f.path, f.code) for f in feed_problems(root, ["en"])] == [("feed.xml", "feed-link")]
