"""The published data as files: compact JSON, a manifest, and for each file a
script twin that pages opened from disk can load.

`data_files(resolved, places)` gives site-relative path -> text for everything under
`data/`. Each `X.json` has a twin `X.js` that stores the same object in
`window.RULESITE_DATA["X.json"]`: a page opened from disk (file://) cannot
fetch JSON, but it can load a script (assets/data.js picks the right one).
`data/index.json` lists every file with its size and SHA-256, the build id
(a hash of all the data, so the same sources give the same id) and the schema
version.
"""

from __future__ import annotations

import hashlib
import json

from ..resolve.resolved import Resolved
from ..site_map.places import Places
from .data import SCHEMA_VERSION, datasets

FOLDER = "data"
MANIFEST = "index.json"


def dumps(value) -> str:
    """Compact JSON, UTF-8 as is, keys in the order written (so builds are reproducible)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def script_twin(path: str, text: str) -> str:
    # `</` cannot end an inlined script early; the JSON stays valid JavaScript.
    return f"(window.RULESITE_DATA=window.RULESITE_DATA||{{}})[{json.dumps(path)}]={text.replace('</', '<' + chr(92) + '/')};\n"


def data_files(resolved: Resolved, places: Places) -> dict[str, str]:
    """Site-root-relative path ("data/editions.json") -> file text. `places`:
    where the site map puts FAQ answers and cards (site_map/places.py)."""
    values = dict(sorted(datasets(resolved, places).items()))
    texts = {path: dumps(value) for path, value in values.items()}
    entries = [
        {
            "path": path,
            "kind": values[path]["kind"],
            "bytes": len(text.encode("utf-8")),
            "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest(),
        }
        for path, text in texts.items()
    ]
    build = hashlib.sha256("".join(e["path"] + e["sha256"] for e in entries).encode()).hexdigest()[:16]
    texts[MANIFEST] = dumps({"schema_version": SCHEMA_VERSION, "kind": "index", "build": build, "files": entries})
    out = {}
    for path, text in texts.items():
        out[f"{FOLDER}/{path}"] = text
        out[f"{FOLDER}/{path.removesuffix('.json')}.js"] = script_twin(path, text)
    return out
