"""What a language site's service worker stores for offline use: its file
name, the first visit's budget, and where the bundles of the current
editions' per-page files are. render/offline_app.py writes the worker within
the budget, choosing what to store; check/offline_app.py holds the built site
to it."""

from __future__ import annotations

import posixpath

# The worker's file, at the root of each language's site.
SERVICE_WORKER = "sw.js"
# The most a first visit stores for offline use, per language site (bytes).
PRECACHE_BUDGET = 8 * 1024 * 1024


def bundle_folder(page: str) -> str:
    """The folder whose current section pages' files share one bundle: the
    page's own (`riftbound/core-rules/424.html` -> `riftbound/core-rules`),
    one per document, so that a first visit can store one document's files
    and leave another's for later."""
    return posixpath.dirname(page)


def bundle_path(bundles: str, folder: str) -> str:
    """The bundle of `folder`'s files among `bundles` (a folder of assets):
    `assets/previews-current/riftbound/core-rules.json`."""
    return f"{bundles}/{folder or 'index'}.json"
