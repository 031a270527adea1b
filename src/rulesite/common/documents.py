"""The documents' names as their publishers print them, for page titles, the
navigation and the published data (export/data.py): below render and export."""

from __future__ import annotations

DOCUMENT_NAMES = {
    "core-rules": "Core Rules",
    "tournament-rules": "Tournament Rules",
    "comprehensive-rules": "Comprehensive Rules",
}


def document_name(document: str) -> str:
    """ "Core Rules" for `core-rules`; a document not listed: its id in words."""
    return DOCUMENT_NAMES.get(document, document.replace("-", " ").title())
