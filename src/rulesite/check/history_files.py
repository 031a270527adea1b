"""The links of the rules' histories, which live in each page's history file
(`assets/history/<page>.js`, render/history.py) rather than in the page: each
row's link to the rule in an edition and to its entry on a diff page, and each
link to what cites the rule ("Cited by", folded into the History), must lead
somewhere, as if it were written on the page (assets/history.js puts it
there), and a page with histories must have its file.

`history_link_checks` turns a history file into the link checks of
`check/site_links.py` (settled problems, or #fragments deferred to the
site-wide part); `check/run.py` runs it in the worker that reads the file.
"""

from __future__ import annotations

import json
import posixpath

from .site_links import LinkCheck, SiteFiles, resolve_path, split_url

FOLDER = "assets/history/"
_HEAD = "RulesiteHistory.add("
_TAIL = ");\n"


def is_history_file(rel: str) -> bool:
    return rel.endswith(".js") and (rel.startswith(FOLDER) or f"/{FOLDER}" in rel)


def history_file_of(page: str) -> str:
    """The history file a page (site-relative, "es/riftbound/core-rules/424.html") reads."""
    parts = page.split("/")
    root = parts[0] + "/" if len(parts[0]) == 2 and len(parts) > 1 and parts[0].isalpha() else ""
    return root + FOLDER + page[len(root) :].removesuffix(".html") + ".js"


def history_link_checks(rel: str, data: bytes, site: SiteFiles) -> list[LinkCheck]:
    """The links of history file `rel`, each checked from the page it belongs to."""
    text = data.decode("utf-8", "replace")
    if not (text.startswith(_HEAD) and text.endswith(_TAIL)):
        return [(1, "history-file", "not one RulesiteHistory.add({...}) call", None, None)]
    try:
        value = json.loads(text[len(_HEAD) : -len(_TAIL)])
        root = rel[: rel.index(FOLDER)]
        page = root + value["page"]
        rules = value["rules"]
    except (ValueError, KeyError, TypeError) as error:
        return [(1, "history-file", f"unreadable history data: {error}", None, None)]
    if history_file_of(page) != rel:
        return [(1, "history-file", f"holds the histories of {page}, which read {history_file_of(page)}", None, None)]
    if page not in site.pages:
        return [(1, "history-file", f"holds the histories of {page}, which is not in the site", None, None)]
    try:
        cited = [(number, "cited-by", item[1]) for number, items in value.get("cited", {}).items() for item in items]
    except (AttributeError, IndexError, TypeError) as error:
        return [(1, "history-file", f"unreadable cited-by data: {error}", None, None)]
    links = [(number, key, row.get(key)) for number, rows in rules.items() for row in rows for key in ("href", "diff_href")]
    out: list[LinkCheck] = []
    folder, targets = posixpath.dirname(page), site.targets
    for number, key, url in links + cited:
        if not url:
            continue
        path, fragment = split_url(url.strip())
        if path:  # resolved once for the pages of a folder, as `page_link_checks` does
            where = targets.get((folder, path))
            if where is None:
                where = targets[(folder, path)] = resolve_path(site.files, site.dirs, page, path)
            target, reason = where
        else:
            target, reason = page, None
        if target is None:
            out.append((1, "broken-link", f"rule {number}'s history on {page}: {key} {url!r}: {reason}", None, None))
        elif fragment and target in site.pages:
            # the site-wide part looks up the id
            out.append((1, "", f"rule {number}'s history on {page}: {key} {url!r}", target, fragment))
    return out


def missing_history_file(page: str, data: bytes, site: SiteFiles) -> list[tuple[int, str, str]]:
    """A page with a rule's History but no history file for it."""
    if b'<details class="history"' not in data or history_file_of(page) in site.files:
        return []
    return [(1, "history-file", f"its rules' histories have no {history_file_of(page)}")]
