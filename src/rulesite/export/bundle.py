"""The offline bundle: the whole built site, pages and data, in one zip that
opens from disk (unzip it and open `rules-site/index.html`: every page and the
data work from file://, nothing is fetched).

Entries are written in path order with a fixed timestamp, so the same site
gives the same zip; the zip is written beside its place and then moved there,
so a reader never downloads half of one.
"""

from __future__ import annotations

import os
import zipfile
from pathlib import Path

FOLDER = "rules-site"  # the one folder the zip unpacks into
_STAMP = (2000, 1, 1, 0, 0, 0)  # zip's clock cannot say "no time"; this one is fixed


def write_bundle(site_dir: Path, bundle: Path) -> int:
    """Zips `site_dir` into `bundle` (under FOLDER/); returns the number of files."""
    files = sorted(p for p in site_dir.rglob("*") if p.is_file())
    partial = bundle.with_name(bundle.name + ".part")
    bundle.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
        for path in files:
            info = zipfile.ZipInfo(f"{FOLDER}/{path.relative_to(site_dir).as_posix()}", _STAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())
    os.replace(partial, bundle)
    return len(files)
