"""What each language's MkDocs build reads, as one fingerprint
(`language_keys`), and what the published site's languages were built from
(`remember`, `published_keys`): whether a language can be reused as it is or
rebuilt file by file instead of built again."""

from __future__ import annotations

import hashlib
import json
import os
import sys
from functools import cache
from pathlib import Path

from ..common import output
from ..render.site import (
    THEME_ASSETS,
    written_digests,
)
from ..write.stage import page_bytes, page_digest
from ..write.memory import WriteMemory


def language_keys(
    files: dict[str, dict[str, str]],
    config_dir: Path,
    config: Path,
    env: dict[str, str],
    docs_dir: Path | None = None,
    memory: WriteMemory | None = None,
) -> dict[str, dict]:
    """A fingerprint of everything a language's MkDocs build reads: its pages,
    the site's own assets and theme templates, its config and the project's,
    the packages' versions, the source date. Per language: `key`, of all of it
    (equal keys give byte-identical output); `frame`, of all of it but the
    files' contents and the static files (the list of pages and their titles
    stay in it); and
    `files`, each file's digest: read off the digests `docs_dir` keeps of the
    files as written there (`written_digests`), so they are not worked out twice,
    or, when `files` are what the write that kept `memory` wrote, off those it
    kept (with the titles of the pages it saw)."""
    if memory is not None and memory.files is files:
        kept, written = memory.file_digests, {}
    else:
        tables = memory.tables if memory is not None else None
        kept, written = {}, (written_digests(docs_dir, tables) if docs_dir is not None else None) or {}
    titles = memory.titles if memory is not None else {}
    order = memory.order if memory is not None else {}
    common = hashlib.sha256()
    for name in ("mkdocs", "mkdocs-material", "pymdown-extensions", "Markdown", "Pygments"):
        common.update(f"{name}={_version(name)}\n".encode())
    common.update(f"{sys.version}\n{env.get('SOURCE_DATE_EPOCH', '')}\n".encode())
    common.update(Path(config).read_bytes())
    common.update(_package_files(memory.package_files if memory is not None else {}))
    keys = {}
    seen: dict[str, str] = {}
    for lang, pages in files.items():
        frame = common.copy()
        frame.update((config_dir / f"mkdocs.{lang}.yml").read_bytes())
        sorted_paths = order.get(lang)
        if sorted_paths is None or pages.keys() != sorted_paths[0]:
            sorted_paths = order[lang] = (set(pages), sorted(pages))
        mine, ordered = kept.get(lang, {}), sorted_paths[1]
        digests = dict(zip(ordered, map(mine.get, ordered)))  # what the write kept: no Python loop
        if not all(digests.values()):
            for path in ordered:
                digests[path] = mine.get(path) or written.get(f"{lang}/{path}") or page_digest(page_bytes(pages[path]))
        # Static files may come and go (`rebuildable`): only the pages' titles are of the frame.
        framed = []
        for path, digest in digests.items():
            if path.endswith(".md"):
                title = seen[digest] = titles.get(digest) or seen.get(digest) or page_title(pages[path])
                framed.append(f"{path}\0{title}\0")
        # One update of the whole is the digest of the updates one by one.
        frame.update("".join(framed).encode())
        key = frame.copy()
        key.update("".join(map("{}\0{}\0".format, digests.keys(), digests.values())).encode())
        keys[lang] = {"key": key.hexdigest(), "frame": frame.hexdigest(), "files": digests}
    if memory is not None:
        memory.titles = seen
    return keys


@cache
def _version(name: str) -> str:
    """An installed package's version, once a process (MkDocs' worker imports each once too)."""
    from importlib.metadata import version

    return version(name)


def _package_files(kept: dict) -> bytes:
    """The package's own files MkDocs reads: assets, theme templates (not the
    code: it made the pages), each path and its bytes; read again only when
    a file's size, time or inode is another than when `kept`
    (`WriteMemory.package_files`) last saw them."""
    package = THEME_ASSETS.parent
    found = []
    for folder, dirs, names in os.walk(package):
        dirs.sort()
        for name in names:
            path = os.path.join(folder, name)
            if Path(name).suffix not in (".py", ".pyc") and os.path.isfile(path):
                stat = os.stat(path)
                found.append((Path(path).relative_to(package).as_posix(), stat.st_size, stat.st_mtime_ns, stat.st_ino))
    found.sort(key=lambda found: found[0].split("/"))  # as paths sort
    if kept.get("listing") == found:
        return kept["data"]
    data = b"".join(rel.encode() + b"\0" + (package / rel).read_bytes() + b"\0" for rel, *_ in found)
    kept.update(listing=found, data=data)
    return data


def page_title(markdown: str) -> str:
    """What MkDocs may take a page's title from: the front matter's title, else
    the first two lines of the text (a heading, underlined or not). A change in
    it may change what other pages show of this one (its place in their
    navigation), which a rebuild of only the changed pages would miss."""
    head, body = "", markdown
    if markdown.startswith("---\n"):
        end = markdown.find("\n---\n", 3)
        if end >= 0:
            head, body = markdown[4:end], markdown[end + 5 :]
    title = [line for line in head.splitlines() if line.startswith("title:")]
    if title:  # MkDocs takes it over any heading: the text's lines (a diff's counts) are not the title
        return "\n".join(title)
    lines = [line for line in body.split("\n", 40)[:40] if line.strip()][:2]
    return "\n".join(["--"] + lines)


# More changed pages than this share of a language's files: a clean build of it
# costs about what rebuilding them does, and is the simpler of the two.
REBUILD_SHARE = 0.3


def state_file(config_dir: Path, site_dir: Path) -> Path:
    """Where what the published languages of `site_dir` were built from is kept
    (`remember`; a clean build removes it first)."""
    return config_dir / f"built-{hashlib.sha256(str(site_dir).encode()).hexdigest()[:12]}.json"


def published_keys(config_dir: Path, site_dir: Path, kept: dict | None = None) -> dict:
    """What the published site's languages were built from (empty when unknown):
    read once a build, for `reusable` and `rebuildable`. `kept`: the states a
    process that builds again and again keeps (`EngineMemory.states`), read
    before the file."""
    current = output.published(site_dir)
    path = state_file(config_dir, site_dir)
    state = (kept or {}).get(path)
    if state is None:
        try:
            state = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
    if current is None or state.get("generation") != output.identity(current) or not current.is_dir():
        return {}
    built = state.get("languages", {})
    return {lang: value for lang, value in built.items() if isinstance(value, dict)}


def reusable(built: dict, keys: dict[str, dict]) -> set[str]:
    """The languages whose output in the published site was built from exactly
    what they would be built from now (`built`: `published_keys`): copying it
    is the same as building it."""
    return {lang for lang, key in keys.items() if built.get(lang, {}).get("key") == key["key"]}


def rebuildable(built: dict, keys: dict[str, dict]) -> dict[str, set[str]]:
    """The languages whose output in the published site was built from the same
    pages, navigation, titles, config and tools, only some files' contents
    differing or static files added or removed: language -> the files that
    changed, came or went. A dirty build of those
    (`rebuild.py`) gives what a clean build gives. `built`: `published_keys`."""
    found = {}
    for lang, key in keys.items():
        before = built.get(lang, {})
        if before.get("key") == key["key"] or before.get("frame") != key["frame"]:
            continue
        old = before.get("files") or {}
        new = key["files"]
        # Static files may come and go (a reworded rule's preview image has a new
        # name): rebuild.py copies the new, removes the gone. A page may not.
        came_or_went = old.keys() ^ new.keys()
        if any(path.endswith(".md") for path in came_or_went):
            continue
        changed = came_or_went | {path for path, digest in new.items() if path in old and old[path] != digest}
        if changed and len(changed) <= REBUILD_SHARE * len(old):
            found[lang] = changed
    return found


def remember(config_dir: Path, site_dir: Path, keys: dict[str, dict], later: dict | None = None) -> None:
    """After publishing: what the published site's languages were built from.
    `later`: a process that builds again and again keeps it (`EngineMemory.states`)
    instead of writing 3 MB of JSON a build: this process's next build reads
    it from memory, the file is written once by `write_states`. Until then
    the file names an older generation than the published one: no build of
    another process reuses anything by it."""
    current = output.published(site_dir)
    state = {"generation": output.identity(current), "languages": keys}
    path = state_file(config_dir, site_dir)
    if later is not None:
        later[path] = state
    else:
        _write_state(path, state)


def write_states(later: dict) -> None:
    """The states `remember` kept in `later`, into their files (each the last remembered of its file)."""
    for path, state in later.items():
        _write_state(path, state)
    later.clear()


def _write_state(path: Path, state: dict) -> None:
    path.write_text(json.dumps(state, sort_keys=True) + "\n", encoding="utf-8")
