"""The pages people write (docs/*.md): the home page's introduction, about,
how to link, the maintainer's guide. They are the project's own Markdown,
reviewed like code, so they are copied as written; their names still follow
one rule, because they become page paths."""

from __future__ import annotations

import re
from pathlib import Path

from ..common.diagnostics import Diagnostics
from ..common.model import Loc, WrittenPage
from ..common.strings import LANGUAGE_NAMES

# NAME.md or NAME.LANG.md: lower-case ASCII words joined by hyphens.
_NAME = re.compile(r"(?P<name>[a-z0-9]+(?:-[a-z0-9]+)*)(?:\.(?P<lang>[a-z]{2}))?\.md")
_NOTE = re.compile(r"\A\s*<!--.*?-->\s*", re.S)
MAX_BYTES = 1_000_000  # a written page is prose, never a data dump


def read_written(folder: Path, diag: Diagnostics) -> list[WrittenPage]:
    """Every written page in `folder` (not its subfolders), sorted by name."""
    if not folder.is_dir():
        return []
    pages = []
    for path in sorted(folder.iterdir()):
        shown = f"{folder.name}/{path.name}"
        if path.is_dir() or path.name.startswith("."):
            continue
        match = _NAME.fullmatch(path.name)
        if not match or path.is_symlink() or not path.is_file():
            diag.error(
                Loc(shown, 1),
                "bad-page-name",
                "a written page is a regular file named NAME.md or NAME.LANG.md (lower-case ASCII, hyphens)",
            )
            continue
        if path.stat().st_size > MAX_BYTES:
            diag.error(Loc(shown, 1), "too-large", f"a written page is at most {MAX_BYTES:,} bytes")
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            diag.error(Loc(shown, 1), "unreadable", f"cannot read the page: {exc}")
            continue
        # A leading HTML comment is a note to whoever edits the file, not page text.
        text = _NOTE.sub("", text, count=1)
        if match["lang"] and match["lang"] not in LANGUAGE_NAMES:
            diag.warning(
                Loc(shown, 1),
                "page-language",
                f"not built: the site has no interface in {match['lang']!r} "
                "(add its strings to src/rulesite/strings.py, as the maintainer's guide says under 'Add a language')",
            )
        pages.append(WrittenPage(match["name"], match["lang"], text, Loc(shown, 1)))
    return pages
