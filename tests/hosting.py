"""What a host should send with each file of the site, as the README and the
deployment guide (docs/deploying.md) say, written here once for the tests of
`_headers` and of the documented nginx set-up; and a reader of `_headers` as
Netlify reads it."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
GUIDE = REPO / "docs" / "deploying.md"

# Every response: the policy a <meta> cannot give (README, "Addresses from strangers").
POLICY = {
    "content-security-policy": "frame-ancestors 'none'; object-src 'none'; base-uri 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
}
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"

# Named by their content: Material's bundles and stylesheets carry 8 hex
# digits of theirs; a preview image is named by what it shows.
_HASHED = re.compile(
    # (Zensical's stylesheets are in a folder per look: classic/, modern/.)
    r"(?:^|/)assets/(?:stylesheets/(?:classic/|modern/)?[\w-]+\.[0-9a-f]{8}\.min\.css(?:\.map)?"
    r"|javascripts/(?:workers/[\w-]+|bundle)\.[0-9a-f]{8}\.min\.js(?:\.map)?"
    r"|og/[0-9a-f]{16,}\.png)$"
)


def hashed(path: str) -> bool:
    """Whether the site's file at `path` (from the site's root) is named by its content."""
    return bool(_HASHED.search(path))


def expected(path: str) -> dict[str, str]:
    """The headers (lower-case names) the host should send with the file at `path`."""
    return {**POLICY, "cache-control": IMMUTABLE if hashed(path) else REVALIDATE}


def parse_headers_file(text: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """`_headers` (Netlify / Cloudflare Pages syntax) as (path pattern, [(name, value)]) rules.
    Raises ValueError for a line that is neither a comment, a path, nor an indented header."""
    rules: list[tuple[str, list[tuple[str, str]]]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            if not line.startswith("/"):
                raise ValueError(f"line {number}: a path must start with /: {line!r}")
            rules.append((line.strip(), []))
            continue
        name, colon, value = line.strip().partition(":")
        if not colon or not rules or not re.fullmatch(r"[A-Za-z][A-Za-z0-9-]*", name):
            raise ValueError(f"line {number}: not a header of a path: {line!r}")
        rules[-1][1].append((name, value.strip()))
    return rules


def _pattern(path: str) -> re.Pattern:
    """A rule's path as Netlify matches it: `*` anything (to the end), `:name` one segment."""
    parts = [".*" if part == "*" else "[^/]+" if part.startswith(":") else re.escape(part) for part in path.split("/")]
    return re.compile("/".join(parts) + "$")


def headers_for(rules, path: str) -> tuple[dict[str, str], dict[str, int]]:
    """The headers `rules` give the address `/path` (a later rule's value of a
    header replaces an earlier one's, as Netlify does), and how many rules set each."""
    found: dict[str, str] = {}
    count: dict[str, int] = {}
    for pattern, headers in rules:
        if _pattern(pattern).match("/" + path):
            for name, value in headers:
                found[name.lower()] = value
                count[name.lower()] = count.get(name.lower(), 0) + 1
    return found, count


def guide_blocks(language: str) -> list[str]:
    """The fenced code blocks of the deployment guide in `language` (```nginx ...), as written."""
    text = GUIDE.read_text(encoding="utf-8")
    return re.findall(rf"^```{language}\n(.*?)^```$", text, flags=re.M | re.S)
