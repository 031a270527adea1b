"""What a cold view of a built page fetches, read from the page alone: its HTML
and every stylesheet (<link rel=stylesheet>) and script (<script src>) of the
site it names, the files a browser fetches before the page is ready. The
browser test of light pages checks this count against what Chromium fetches."""

from __future__ import annotations

import posixpath
from pathlib import Path
from urllib.parse import unquote, urlsplit

from rulesite.check.page import find_all, parse

# The tools readers asked for (tap previews, copy with citation, notices) cost
# about 3 KB of shared scripts and styles on every page; the heaviest single
# sections (Tournament Rules 702) cannot be cut into parts. 362 KB since search
# results link their other editions (24 px targets), diffs tell references
# renumbered apart and the offline page shows pages never visited: 1.9 KB more
# of shared styles and strings, which took TR 702 0.5 KB over 360.
BUDGET = 362 * 1024  # bytes, uncompressed


def forwards(data: bytes) -> bool:
    """A short page that forwards at once (share pages, pinned and version
    aliases): it has a meta refresh, and no theme of its own."""
    return b'http-equiv="refresh"' in data


def cold_view(site: Path, rel: str) -> dict[str, int]:
    """Site-relative path -> bytes, of the page `rel` and every file it makes a
    browser fetch before it is ready (each once)."""
    data = (site / rel).read_bytes()
    fetched = {rel: len(data)}
    root = parse(data)
    hrefs = [a.get("href") for a in find_all(root, "link") if "stylesheet" in (a.get("rel") or "").split()]
    hrefs += [s.get("src") for s in find_all(root, "script") if s.get("src")]
    for href in hrefs:
        parts = urlsplit(href or "")
        if parts.scheme or parts.netloc or not parts.path:
            continue  # not one of the site's files (the site names none such)
        path = posixpath.normpath(posixpath.join(posixpath.dirname(rel), unquote(parts.path)))
        file = site / path
        fetched[path] = file.stat().st_size if file.is_file() else 0
    return fetched
