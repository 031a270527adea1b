"""Stage 1: read every source named in the manifest with the importer for its format."""
from __future__ import annotations

from pathlib import Path
from collections.abc import Callable

from ..diagnostics import Diagnostics
from ..model import Imported, Loc, Source
from . import cards_json, errata_json, faq_json, guide_md, mtg_es_page, mtg_rules, rules_document, rules_text, rulings_mdx, rulings_text, web_pages
from .manifest import read_manifest
from .untrusted import warn_untrusted

Importer = Callable[[Source, list[str], Diagnostics], Imported]
FolderImporter = Callable[[Source, Diagnostics], Imported]

IMPORTERS: dict[str, Importer] = {
    "rules-text": rules_text.read,
    "web-bullets": web_pages.read_bullets,
    "web-blocks": web_pages.read_blocks,
    "mtg-es-page": mtg_es_page.read,
    "rulings-text": rulings_text.read,
    "rules-document": rules_document.read,
    "mtg-rules": mtg_rules.read,
    "faq-json": faq_json.read,
    "errata-json": errata_json.read,
    "cards-json": cards_json.read,
    "guide-md": guide_md.read,
}


# Formats whose source is a folder of files rather than one file.
FOLDER_IMPORTERS: dict[str, FolderImporter] = {"rulings-mdx": rulings_mdx.read_folder}


def read_sources(
    manifest: Path, diag: Diagnostics, also: list[tuple[Path, Path]] = ()
) -> tuple[list[Source], list[Imported]]:
    """Every source of `manifest`, then of each extra (manifest, root folder) pair."""
    formats = set(IMPORTERS) | set(FOLDER_IMPORTERS)
    sources = read_manifest(manifest, formats, diag)
    for extra, root in also:
        sources += read_manifest(extra, formats, diag, root)
    imported = [read_source(source, diag) for source in sources]
    return sources, imported


def read_source(source: Source, diag: Diagnostics) -> Imported:
    if source.format in FOLDER_IMPORTERS:
        result = FOLDER_IMPORTERS[source.format](source, diag)
    else:
        try:
            text = Path(source.file).read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as exc:
            diag.error(Loc(source.path, 0), "unreadable", f"cannot read source: {exc}")
            return Imported()
        result = IMPORTERS[source.format](source, text.splitlines(), diag)
    warn_untrusted(result, diag)
    return result
