"""Our browser files as the site ships them.

The sources in `assets/` are written to be read: long comments that say why.
The site ships our JavaScript and CSS without the comments and spacing
(rjsmin and rcssmin: they remove only those, the code is unchanged; `/*! */`
comments are kept), so a page downloads less. Vendored files and everything
else ship as they are. The build writes these bytes, and the service worker's
list hashes the same bytes.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import rcssmin
import rjsmin


@cache
def shipped_bytes(path: Path) -> bytes:
    data = path.read_bytes()
    if "vendor" in path.parts:
        return data
    if path.suffix == ".js":
        return rjsmin.jsmin(data.decode("utf-8"), keep_bang_comments=True).encode("utf-8") + b"\n"
    if path.suffix == ".css":
        return rcssmin.cssmin(data.decode("utf-8"), keep_bang_comments=True).encode("utf-8") + b"\n"
    return data
