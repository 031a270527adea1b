"""What a built site weighs: its bytes by kind of file, as a host serves them
(a hard-linked file counts at each path), and what the tags every page repeats
in its head add to the HTML: the link previews' (OpenGraph and Twitter) and
the page's policies (Content Security Policy, referrer). `rulesite bench`
prints it (PERFORMANCE.md)."""

from __future__ import annotations

import os
import re
from pathlib import Path

KINDS = {
    ".html": "html",
    ".png": "images",
    ".svg": "images",
    ".ico": "images",
    ".jpg": "images",
    ".webp": "images",
    ".gif": "images",
    ".js": "scripts",
    ".css": "styles",
    ".json": "data",
    ".xml": "data",
    ".txt": "data",
    ".webmanifest": "data",
    ".gz": "data",
    ".woff": "fonts",
    ".woff2": "fonts",
    ".ttf": "fonts",
}
# The tags of a page's head that each page repeats with its own values.
REPEATED = {
    "opengraph": re.compile(rb'<meta (?:property="og:|name="twitter:)[^>]*>\n?'),
    "policy": re.compile(rb'<meta (?:http-equiv="Content-Security-Policy"|name="referrer")[^>]*>\n?'),
}


def site_weight(site: Path) -> dict:
    """{"kinds": kind -> {"files", "bytes"}, "bytes": the whole site's,
    "html_tags": name -> bytes of the `REPEATED` tags over every HTML page}."""
    kinds: dict[str, dict[str, int]] = {}
    tags = dict.fromkeys(REPEATED, 0)
    for folder, _, names in os.walk(site):
        for name in names:
            path = os.path.join(folder, name)
            kind = KINDS.get(os.path.splitext(name)[1].lower(), "other")
            found = kinds.setdefault(kind, {"files": 0, "bytes": 0})
            found["files"] += 1
            found["bytes"] += os.path.getsize(path)
            if kind == "html":
                with open(path, "rb") as file:
                    head = file.read().partition(b"</head>")[0]
                for tag, pattern in REPEATED.items():
                    tags[tag] += sum(len(m) for m in pattern.findall(head))
    ordered = dict(sorted(kinds.items(), key=lambda item: -item[1]["bytes"]))
    return {"kinds": ordered, "bytes": sum(k["bytes"] for k in kinds.values()), "html_tags": tags}


def weight_line(weight: dict) -> str:
    """One line for people: the site's MB by kind, then the repeated tags' share of the HTML."""
    mb = 1_000_000
    kinds = ", ".join(f"{k} {v['bytes'] / mb:.1f} MB ({v['files']} files)" for k, v in weight["kinds"].items())
    tags = ", ".join(f"{k} tags {v / mb:.1f} MB" for k, v in weight["html_tags"].items())
    return f"site: {weight['bytes'] / mb:.1f} MB: {kinds}; of the HTML: {tags}"
