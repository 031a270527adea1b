"""The published data as files: compact JSON, a manifest, and for each file a
script twin that pages opened from disk can load.

`data_files(resolved, places)` gives site-relative path -> text for everything under
`data/`; `data_parts` the same as jobs, which a warm build reuses apart (a
document's that runs again is given what it made last, `data_again`, and
writes out only the files whose datasets changed). Each `X.json` has a twin `X.js` that stores the same object in
`window.RULESITE_DATA["X.json"]`: a page opened from disk (file://) cannot
fetch JSON, but it can load a script (assets/data.js picks the right one).
`data/index.json` lists every file with its size and SHA-256, the build id
(a hash of all the data, so the same sources give the same id) and the schema
version.
"""

from __future__ import annotations

import hashlib
import json
from functools import partial

from ..common.content_digest import content_digest
from ..resolve.resolved import ResolvedCorpus
from ..site_map.places import Places
from .data import SCHEMA_VERSION, datasets, document_datasets, editions_data, game_datasets, rules_datasets

FOLDER = "data"
MANIFEST = "index.json"
# Not a file: where a part of the data (`_files`) gives the manifest its entries.
ENTRIES = ".entries"
# Not a file: what a part's datasets were, by path (`_files`' `known`).
DIGESTS = ".digests"


def dumps(value) -> str:
    """Compact JSON, UTF-8 as is, keys in the order written (so builds are reproducible)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def script_twin(path: str, text: str) -> str:
    # `</` cannot end an inlined script early; the JSON stays valid JavaScript.
    return f"(window.RULESITE_DATA=window.RULESITE_DATA||{{}})[{json.dumps(path)}]={text.replace('</', '<' + chr(92) + '/')};\n"


def data_files(resolved: ResolvedCorpus, places: Places) -> dict[str, str]:
    """Site-root-relative path ("data/editions.json") -> file text. `places`:
    where the site map puts FAQ answers and cards (site_map/places.py)."""
    return finish_data([_files(datasets(resolved, places))])


def data_parts(resolved: ResolvedCorpus, places: Places) -> list:
    """`data_files` as (name, job) pairs, each job giving some of the files and
    what the manifest lists of them (`finish_data` makes it of all of them);
    the name, where a warm build may reuse the job's files (render/reuse.py
    says from what): the
    files of the editions alone (`rules_data_files`) as editions.json and
    each document's (`document_data_files`, so that a reworded rule makes
    its document's again, not every document's), each game's rulings
    and answers, each game's cards and errata."""
    return [
        (("data", "rules"), partial(editions_data_files, resolved)),
        *((("data", "rules", key), partial(document_data_files, resolved, key)) for key in resolved.corpus.editions),
        (None, partial(game_data_files, resolved, places)),
        (("data", "cards"), partial(card_data_files, resolved, places)),
    ]


def rules_data_files(resolved: ResolvedCorpus) -> dict[str, str]:
    """The files made of the editions alone (`data.rules_datasets`): what a warm
    build reuses while the editions stay as they were (render/reuse.py)."""
    return _files(rules_datasets(resolved))


def editions_data_files(resolved: ResolvedCorpus) -> dict[str, str]:
    """editions.json: `rules_data_files` but each document's own files."""
    return _files({"editions.json": editions_data(resolved)})


def document_data_files(resolved: ResolvedCorpus, key: tuple[str, str, str], known: dict | None = None) -> dict[str, str]:
    """One document's part of `rules_data_files` (`data.document_datasets`): what a
    warm build reuses while that document's editions stay as they were.
    `known`: what this part made at the last build (`_files`)."""
    return _files(document_datasets(resolved, key), known)


def data_again(job: partial, last: dict[str, str] | None) -> partial:
    """A part of `data_parts` that runs again in a warm build, given what it made
    last (`last`, None: nothing yet): a document's files whose datasets are as
    they were are not written out again (after a rule reworded, its edition's
    file, the trace and the diffs with that edition change; the other
    editions' files and diffs do not)."""
    if job.func is document_data_files:
        return partial(job, known=last or {})
    return job


def game_data_files(resolved: ResolvedCorpus, places: Places) -> dict[str, str]:
    """Each game's rulings and FAQ answers (`data.game_datasets`)."""
    return _files(game_datasets(resolved, places, kinds=("rulings", "faq")))


def card_data_files(resolved: ResolvedCorpus, places: Places) -> dict[str, str]:
    """Each game's cards and errata (`data.game_datasets`): what a warm build
    reuses while the cards, errata and what cites each card stay as they were."""
    return _files(game_datasets(resolved, places, kinds=("cards", "errata")))


def _files(values: dict[str, dict], known: dict[str, str] | None = None) -> dict[str, str]:
    """Each dataset as its file and its script twin, and (under `ENTRIES`,
    not a file) the manifest's entries of them. `known`: a warm build's, what
    this part made last (its files, ENTRIES and DIGESTS; empty: nothing yet):
    a dataset whose digest is the one its file was made of then gives that
    file, twin and entry again, not serialised and hashed again; the digest
    of each is kept under `DIGESTS`."""
    out = {}
    entries = []
    digests: dict[str, str] = {}
    last = json.loads(known[DIGESTS]) if known and DIGESTS in known else {}
    was = {entry["path"]: entry for entry in json.loads(known[ENTRIES])} if last and ENTRIES in known else {}
    for path, value in values.items():
        name, twin = f"{FOLDER}/{path}", f"{FOLDER}/{path.removesuffix('.json')}.js"
        if known is not None:
            digest = digests[path] = value_digest(value)
            if last.get(path) == digest and path in was and name in known and twin in known:
                entries.append(was[path])
                out[name], out[twin] = known[name], known[twin]
                continue
        text = dumps(value)
        data = text.encode("utf-8")
        entries.append({"path": path, "kind": value["kind"], "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()})
        out[name] = text
        out[twin] = script_twin(path, text)
    out[ENTRIES] = dumps(entries)
    if known is not None:
        out[DIGESTS] = dumps(digests)
    return out


def value_digest(value) -> str:
    """A digest of a dataset (dicts, lists, strings, numbers, booleans, None):
    equal digests are equal values, so equal JSON (`content_digest`)."""
    return content_digest(value).hex()


def finish_data(parts: list[dict[str, str]]) -> dict[str, str]:
    """The files of `_files`' parts together, with the manifest (and its twin)
    listing them all in path order."""
    files: dict[str, str] = {}
    entries: list[dict] = []
    for part in parts:
        entries += json.loads(part[ENTRIES])
        files.update((path, text) for path, text in part.items() if path not in (ENTRIES, DIGESTS))
    entries.sort(key=lambda e: e["path"])
    build = hashlib.sha256("".join(e["path"] + e["sha256"] for e in entries).encode()).hexdigest()[:16]
    text = dumps({"schema_version": SCHEMA_VERSION, "kind": "index", "build": build, "files": entries})
    files[f"{FOLDER}/{MANIFEST}"] = text
    files[f"{FOLDER}/{MANIFEST.removesuffix('.json')}.js"] = script_twin(MANIFEST, text)
    return files
