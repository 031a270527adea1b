"""Stage 1: read every source named in the manifest with the importer for its format."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from ..diagnostics import Diagnostics
from ..model import Imported, Loc, Source
from . import mtg_es_page, rules_text, rulings_text, web_pages
from .manifest import read_manifest
from .untrusted import warn_untrusted

Importer = Callable[[Source, list[str], Diagnostics], Imported]

IMPORTERS: dict[str, Importer] = {
    "rules-text": rules_text.read,
    "web-bullets": web_pages.read_bullets,
    "web-blocks": web_pages.read_blocks,
    "mtg-es-page": mtg_es_page.read,
    "rulings-text": rulings_text.read,
}


def read_sources(manifest: Path, diag: Diagnostics) -> tuple[list[Source], list[Imported]]:
    sources = read_manifest(manifest, set(IMPORTERS), diag)
    imported = []
    for source in sources:
        try:
            text = Path(source.file).read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as exc:
            diag.error(Loc(source.path, 0), "unreadable", f"cannot read source: {exc}")
            continue
        result = IMPORTERS[source.format](source, text.splitlines(), diag)
        warn_untrusted(result, diag)
        imported.append(result)
    return sources, imported
