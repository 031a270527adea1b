"""The offline bundle: the whole built site, pages and data, in one zip that
opens from disk (unzip it and open `rules-site/index.html`: every page and the
data work from file://, nothing is fetched).

Entries are written in path order with a fixed timestamp, so the same site
gives the same zip; the zip is written beside its place and then moved there,
so a reader never downloads half of one. Its comment (`COMMENT`) marks it as
the build's: a file there without it is not replaced (`foreign_bundle`).
"""

from __future__ import annotations

import os
import secrets
import zipfile
from pathlib import Path

FOLDER = "rules-site"  # the one folder the zip unpacks into
_STAMP = (2000, 1, 1, 0, 0, 0)  # zip's clock cannot say "no time"; this one is fixed
COMMENT = b"rules site bundle, made by rulesite build"


def foreign_bundle(bundle: Path) -> str | None:
    """Why the file `bundle` is not the build's to replace (None: missing, or a bundle it wrote)."""
    if bundle.is_symlink():
        return "it is a symbolic link the build did not make"
    if not bundle.exists():
        return None
    if bundle.is_dir():
        return "it is a folder, not a zip file"
    try:
        with zipfile.ZipFile(bundle) as archive:
            if archive.comment == COMMENT:
                return None
    except (OSError, zipfile.BadZipFile):
        pass
    return "it is a file the build did not write (not one of its bundles)"


def write_bundle(site_dir: Path, bundle: Path) -> int:
    """Zips `site_dir` into `bundle` (under FOLDER/); returns the number of files."""
    files = sorted(p for p in site_dir.rglob("*") if p.is_file())
    partial = bundle.with_name(f".{bundle.name}.{secrets.token_hex(4)}.part")
    bundle.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
        archive.comment = COMMENT
        for path in files:
            info = zipfile.ZipInfo(f"{FOLDER}/{path.relative_to(site_dir).as_posix()}", _STAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())
    os.replace(partial, bundle)
    return len(files)
