"""What a built site weighs (check/weight.py), on a small site written here:
bytes by kind of file, and the bytes of the tags every page repeats."""

from __future__ import annotations

from rulesite.check.weight import site_weight, weight_line

OG = '<meta property="og:title" content="424 Reveal">\n<meta name="twitter:card" content="summary">\n'
POLICY = '<meta http-equiv="Content-Security-Policy" content="default-src \'self\'">\n'
PAGE = f"<!doctype html><html><head>\n{POLICY}{OG}</head><body>{OG}</body></html>\n"


def test_bytes_are_counted_by_kind_and_the_repeated_head_tags_apart(tmp_path):
    (tmp_path / "assets" / "og").mkdir(parents=True)
    (tmp_path / "index.html").write_text(PAGE, encoding="utf-8")
    (tmp_path / "es").mkdir()
    (tmp_path / "es" / "index.html").write_text(PAGE, encoding="utf-8")
    (tmp_path / "assets" / "og" / "a.png").write_bytes(b"\x89PNG" + b"\0" * 96)
    (tmp_path / "assets" / "core.js").write_text("x;", encoding="utf-8")
    (tmp_path / "search.json").write_text("{}", encoding="utf-8")
    (tmp_path / "CNAME").write_text("a", encoding="utf-8")
    weight = site_weight(tmp_path)
    page = len(PAGE.encode())
    assert weight["kinds"] == {
        "html": {"files": 2, "bytes": 2 * page},
        "images": {"files": 1, "bytes": 100},
        "scripts": {"files": 1, "bytes": 2},
        "data": {"files": 1, "bytes": 2},
        "other": {"files": 1, "bytes": 1},
    }
    assert weight["bytes"] == 2 * page + 105
    # Only the head's: the same words in the body are the page's own.
    assert weight["html_tags"] == {"opengraph": 2 * len(OG.encode()), "policy": 2 * len(POLICY.encode())}
    assert weight_line(weight).startswith("site: 0.0 MB: html 0.0 MB (2 files), images")
