"""The site as an app a phone installs and that keeps working offline.

Per language site, generated with the pages (before MkDocs runs; static files
MkDocs copies as they are):

- `manifest.webmanifest`: name, icons (assets/icons/, drawn for the project),
  theme colours of the palettes mkdocs.yml configures; every URL in it is
  relative to the manifest, so the site installs from a sub-path too.
- `sw.js`, the service worker, at the language's root (its scope). It carries
  the build id and the precache list: each URL with a hash of its content.
  A new build changes these bytes, so the browser installs the new worker; it
  copies what did not change from the old cache, fetches the rest, and waits
  until the reader asks for the new text (assets/offline.js).
- `offline.md`: the page shown for a page that is not on the device, with a
  rule-number box that shows any rule of the current editions from the
  rule texts of the current editions' preview files and the number table
  (assets/previews/, assets/numbers.js), which the service worker keeps.

What is precached (see `precache` and `choose`): the shell (our CSS,
JavaScript, icons, Material's stylesheets and scripts), the home page, the
indexes, the offline page, the word-search index (generated assets:
render/word_index.py; word search works offline), the other languages' word
indexes on the root site (the offline page shows their pages' words), and,
within the budget (precache.PRECACHE_BUDGET), game by game as the home page
lists them, the current editions' rule texts (share.PREVIEWS), what the
offline page shows of their section pages and of the rulings' and cards'
pages (offline_data.OFFLINE_DATA) and their histories (history.HISTORIES),
in that order (`choose`): what does not fit is left for later (the worker's
`later`, which the build prints), stored when visited, as everything else
is (older editions, visited pages...). Each folder's files of each kind
also stand together in one file (share.PREVIEW_BUNDLES,
offline_data.OFFLINE_BUNDLES, history.HISTORY_BUNDLES), each listed among the worker's `bundles`: a first
visit fetches that one file and stores each file it holds under its own URL,
checked against its hash, instead of paying a phone's latency once a file.
`check/offline_app.py` checks the list and the bundles against the built site,
and the budget.
"""

from __future__ import annotations

import hashlib
from functools import cache, lru_cache
from importlib import metadata, resources
from operator import itemgetter
from pathlib import Path
from typing import NamedTuple

import yaml

from ..common.output import file_digest
from ..common.precache import PRECACHE_BUDGET, SERVICE_WORKER, bundle_folder, bundle_path
from ..common.workers import Held
from . import index_pages as idx
from ..site_map import paths
from .context import Context
from .escape import Md, front_matter, join, md_text, script_json
from .markup import div
from ..site_map.paths import OFFLINE_PAGE, guides_index, html_path
from .history import HISTORIES as HISTORY_FOLDER
from .history import HISTORY_BUNDLES
from .share import PREVIEW_BUNDLES, current_pages
from .offline_data import OFFLINE_BUNDLES
from .offline_data import OFFLINE_DATA as OFFLINE_FOLDER
from .share import PREVIEWS as PREVIEW_FOLDER
from .og_image import FOLDER as OG_FOLDER
from .shipped import shipped_bytes
from .word_index import is_word_index
from ..common.engines import ENGINES
from ..common.strings import t

MANIFEST = "manifest.webmanifest"
_FIRST = itemgetter(0)
PREVIEWS = PREVIEW_FOLDER + "/"  # one script of rule texts per page (render/share.py)
# One script of rule histories per page (render/history.py): stored when a History is opened.
HISTORIES = HISTORY_FOLDER + "/"
# One script per current section, ruling and card page: what the offline page shows of it (render/offline_data.py).
OFFLINE_DATA = OFFLINE_FOLDER + "/"
ASSETS = Path(str(resources.files("rulesite") / "assets"))
# Link previews' images (render/og_image.py): for crawlers, never shown by a page, not stored.
OG_IMAGES = OG_FOLDER + "/"
THEME = Path(str(resources.files("rulesite") / "theme"))
SW_TEMPLATE = Path(str(resources.files("rulesite") / "render" / "service_worker.js"))
# What decides how MkDocs turns Markdown into HTML, besides the pages themselves.
HTML_PACKAGES = ("mkdocs", "mkdocs-material", "markdown", "pymdown-extensions")
ICONS = [
    {"src": "assets/icons/icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
    {"src": "assets/icons/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
    {"src": "assets/icons/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
    {"src": "assets/icons/icon-maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
]
# Material's colour names (theme.palette primary) and scheme backgrounds, as its
# palette stylesheet defines them (tests/render/test_offline_app.py compares).
PRIMARY = {
    "red": "#ef5552",
    "pink": "#e92063",
    "purple": "#ab47bd",
    "deep-purple": "#7e56c2",
    "indigo": "#4051b5",
    "blue": "#2094f3",
    "light-blue": "#02a6f2",
    "cyan": "#00bdd6",
    "teal": "#009485",
    "green": "#4cae4f",
    "light-green": "#8bc34b",
    "lime": "#cbdc38",
    "yellow": "#ffec3d",
    "amber": "#ffc105",
    "orange": "#ffa724",
    "deep-orange": "#ff6e42",
    "brown": "#795649",
    "grey": "#757575",
    "blue-grey": "#546d78",
    "black": "#000000",
    "white": "#ffffff",
}
BACKGROUND = {"default": "#ffffff", "slate": "#1e2129"}


def palettes(config_text: str) -> list[dict[str, str]]:
    """The palettes mkdocs.yml configures: [{"media", "scheme", "primary", "background"}]."""
    return [dict(palette) for palette in _palettes(config_text)]


@lru_cache(maxsize=4)
def _palettes(config_text: str) -> tuple[dict[str, str], ...]:
    """`palettes`, read once for each text of the config (each language's files, each build, ask)."""
    config = mkdocs_config(config_text)
    theme = config.get("theme") or {}
    given = theme.get("palette") or [{}]
    out = []
    for palette in given if isinstance(given, list) else [given]:
        scheme = palette.get("scheme", "default")
        out.append(
            {
                "media": palette.get("media", ""),
                "scheme": scheme,
                "primary": PRIMARY.get(str(palette.get("primary", "indigo")).lower().replace(" ", "-"), PRIMARY["indigo"]),
                "background": BACKGROUND.get(scheme, BACKGROUND["default"]),
            }
        )
    return tuple(out)


class _Lenient(yaml.SafeLoader):
    """Reads a MkDocs config whatever tags it holds (!ENV, !!python/name): only
    the palette is needed here."""


_Lenient.add_multi_constructor("", lambda loader, suffix, node: None)


def mkdocs_config(config_text: str) -> dict:
    """A MkDocs config's settings, read without running what its tags name."""
    config = yaml.load(config_text, Loader=_Lenient)
    return config if isinstance(config, dict) else {}


def site_name(ctx: Context) -> str:
    games = [idx.GAME_NAMES.get(g, g) for g in idx.games(ctx)]
    return f"{t(ctx.language, 'home-title')}: {' & '.join(games)}" if games else t(ctx.language, "home-title")


def manifest(ctx: Context, config_text: str) -> str:
    light = palettes(config_text)[0]
    games = [idx.GAME_NAMES.get(g, g) for g in idx.games(ctx)]
    data = {
        "name": site_name(ctx),
        "short_name": t(ctx.language, "app-short-name"),
        "description": t(ctx.language, "app-description", games=" & ".join(games) or "card game"),
        "lang": ctx.language,
        "dir": "ltr",
        # Relative to this file: the site installs from any folder it is served from.
        "id": "./",
        "start_url": "./index.html",
        "scope": "./",
        "display": "standalone",
        "theme_color": light["primary"],
        "background_color": light["background"],
        "icons": ICONS,
    }
    return script_json(data) + "\n"


def offline_page(ctx: Context) -> str:
    """The page for a page not on this device. Its script (assets/offline-page.js)
    fills the empty box: the page asked for with a link to try again, the rule
    asked for, and a rule-number box that shows any rule of the current editions
    from the preview data (the content itself holds no form and no script)."""
    lang = ctx.language
    strings = {
        "not-found": t(lang, "offline-no-rule", number="{number}"),  # filled in by the script
        "asked": t(lang, "offline-asked"),
        "retry": t(lang, "offline-retry"),
        "label": t(lang, "offline-jump-label"),
        "button": t(lang, "offline-jump-button"),
    }
    head = front_matter(t(lang, "offline-title"))[:-2]  # without its closing "---"
    return str(
        join(
            [
                *head,
                # Not a search result, and nothing beside it but the rule box.
                Md("search:"),
                Md("  exclude: true"),
                Md("hide:"),
                Md("  - navigation"),
                Md("  - toc"),
                Md("---"),
                Md(""),
                Md("# ") + md_text(t(lang, "offline-title")),
                Md(""),
                md_text(t(lang, "offline-text")),
                Md(""),
                div(classes="offline-app", id="offline-app", data=strings),
                Md("</div>"),
                Md(""),
            ]
        )
    )


def offline_files(
    ctx: Context,
    pages: dict[str, str],
    nav: list,
    config_text: str,
    digests: dict[str, str] | None = None,
    others: dict[str, tuple[dict[str, str], list]] | None = None,
    kept: dict | None = None,
    since: tuple[dict, list[str]] | None = None,
    other_files: dict[str, dict] | None = None,
    budget: int = PRECACHE_BUDGET,
) -> dict[str, str]:
    """This language's manifest, offline page and service worker, to add to its
    pages. `digests`: path -> `file_digest` of the page's bytes, where the
    caller has it already (else worked out here). `others`: the other
    languages' (Markdown path -> digest, navigation): the site at the root,
    whose worker answers for every language's pages that no worker of their
    own stores, keeps their word indexes too, so that its offline page
    shows such a page's words. `kept`: what the last call for this language
    worked out (filled here; a process that builds build after build keeps
    it): the hashes of the files whose digest is the same, and the list of
    what is precached while the list of files and what decides it is.
    `since`: (the pages of an earlier call, the paths whose digest may differ
    from then): when that call is the one `kept` holds, only those (and the
    files that came or went) are looked at again. `other_files`: the other
    languages' files (path -> text), whose word indexes the root site's
    worker stores: counted against `budget`, within which `choose` picks what
    a first visit stores."""
    kept = {} if kept is None else kept
    files = {MANIFEST: manifest(ctx, config_text), OFFLINE_PAGE: offline_page(ctx)}
    everything = {**pages, **files}
    shell = shell_hash(ctx, nav, config_text, kept)
    now = _digests_now(pages, files, everything, digests or {})
    moved = None
    if since is not None and kept.get("basis") is since[0]:
        moved = [*since[1], *files]
    kept["basis"] = pages
    # The URL string (`_shown`) is updated from the hashes it was last made of.
    in_step = kept.get("hashes") is not None and kept.pop("shown_of", None) is kept.get("hashes")
    hashes, urls_moved = _hashes(now, shell, kept, moved)
    hashes.update({path: file_hash(path) for path in asset_files()})
    wanted = _precache(ctx, everything, kept)
    shell_files = material_shell(ctx.language, ctx.engine)
    listed, later, _ = choose(ctx, everything, wanted, _reserve(ctx, other_files), budget)
    entries = [[url, *hashes[url]] for url in listed]
    entries += [[url, digest, 1] for url, digest in shell_files]
    build = hashlib.sha256((shell + _shown(hashes, kept, urls_moved if in_step else None)).encode()).hexdigest()[:16]
    kept["shown_of"] = kept["hashes"]
    # The root site's worker answers for the other languages' pages that no
    # worker of their own stored: it keeps their word index too, from which the
    # offline page shows such a page's words (assets/offline-page.js).
    if paths.language_root(ctx.language) == "":
        entries += _other_word_indexes(others or {}, kept)
    files[SERVICE_WORKER] = service_worker(build, ctx.language, entries, _bundles(listed, hashes), later)
    return files


def _digests_now(pages: dict, files: dict, everything: dict, known: dict[str, str]) -> dict[str, str]:
    """path -> `file_digest` of every page and file: the caller's (`known`) where it has it."""
    if known.keys() == pages.keys() and all(known.values()):  # the caller's, as they are (20,000 files)
        return {**known, **{path: file_digest(text.encode()) for path, text in files.items()}}
    return {
        path: known.get(path) or file_digest(text.encode() if isinstance(text, str) else text)
        for path, text in everything.items()
    }


def _reserve(ctx: Context, other_files: dict[str, dict] | None) -> int:
    """What is stored besides what `_precache` lists: Material's files and, on
    the root site, the other languages' word indexes."""
    reserve = sum(material_sizes(ctx.language, ctx.engine))
    if paths.language_root(ctx.language) == "":
        reserve += sum(
            _size(sizes.get(path))
            for other, sizes in sorted((other_files or {}).items())
            for path in sizes
            if is_word_index(path)
        )
    return reserve


def _other_word_indexes(others: dict[str, tuple[dict[str, str], list]], kept: dict) -> list[list]:
    """The root site's worker's entries of the other languages' word indexes
    (`offline_files`), their lists kept while their files are the same."""
    words = kept.setdefault("words", {})
    entries = []
    for other, (other_digests, _nav) in sorted(others.items()):
        found = words.get(other)
        if found is None or other_digests.keys() != found[0]:
            found = words[other] = (set(other_digests), sorted(p for p in other_digests if is_word_index(p)))
        entries += [[paths.language_root(other) + path, other_digests[path], 0] for path in found[1]]
    return entries


def _bundles(listed: list, hashes: dict) -> list[dict]:
    """The preview and history files a first visit stores, each document's
    fetched as one file (share.PREVIEW_BUNDLES, history.HISTORY_BUNDLES)."""
    bundles = []
    for group, held in _groups(listed).items():
        url = bundle_path(_BUNDLES[group[0]], group[1])
        if url in hashes:
            bundles.append({"url": url, "hash": hashes[url][0], "folder": _prefix(group), "files": len(held)})
    return bundles


# The files a first visit may leave for later, by kind: each folder's (a
# document's, the rulings', the cards') rule texts, pages' data for the
# offline page and histories, each group fetched as one bundle.
_KINDS = {"rule texts": PREVIEWS, "pages": OFFLINE_DATA, "histories": HISTORIES}
_BUNDLES = {"rule texts": PREVIEW_BUNDLES, "pages": OFFLINE_BUNDLES, "histories": HISTORY_BUNDLES}
# What a precached page's HTML weighs, at most: its Markdown's bytes times
# this, and the header, navigation and footer around it. On the full corpora
# the 28 precached pages of English's site weigh 19-28 KB more than their
# Markdown (0.79 MB in all, 1.16 MB by this estimate, which is 10 KB or more
# above each). The built site is then checked (check/offline_app.py): an
# estimate too low fails the build there.
_HTML_PER_MARKDOWN = 1.25
_HTML_AROUND = 32 * 1024


def _group_of(url: str) -> tuple[str, str] | None:
    """(kind, its folder) of a preview, offline page data or history file; None for any other."""
    for kind, folder in _KINDS.items():
        if url.startswith(folder):
            return kind, bundle_folder(url[len(folder) :].removesuffix(".js") + ".html")
    return None


def _prefix(group: tuple[str, str]) -> str:
    return f"{_KINDS[group[0]]}{group[1]}/"


def _groups(urls: list[str]) -> dict[tuple[str, str], list[str]]:
    found: dict[tuple[str, str], list[str]] = {}
    for url in urls:
        if (group := _group_of(url)) is not None:
            found.setdefault(group, []).append(url)
    return found


def _size(data) -> int:
    """The bytes of a file as written (a page's Markdown, not its HTML)."""
    if isinstance(data, str):
        return len(data.encode("utf-8"))
    if isinstance(data, bytes):
        return len(data)
    return data.size if isinstance(data, Held) else 0


class Choice(NamedTuple):
    listed: list[str]  # the URLs of `wanted` a first visit stores
    later: list[dict]  # what it leaves for later: {"kind", "folder", "files", "bytes"}
    counted: int  # what it stores or fetches, as estimated: within the budget


def choose(ctx: Context, pages: dict, wanted: list[str], reserve: int = 0, budget: int = PRECACHE_BUDGET) -> Choice:
    """What a first visit stores and leaves for later:
    within `budget`, counting `reserve` (files stored besides `wanted`). The
    shell, the indexes, the offline page and the word index are always
    stored; then, game by game as the home page lists them (Riftbound first:
    what readers open most), its documents' rule texts, then what the offline
    page shows of its documents' pages, then of its rulings' and cards'
    pages, then its documents' histories, documents in the order the home
    page lists them (the current Core Rules first); each as a whole or not at
    all: one that does not fit is left for later (stored when its pages are
    visited) and the next tried. A file counts what it weighs, and
    its bundle what a first visit fetches of it; a page its HTML, estimated
    from its Markdown."""
    groups = _groups(wanted)
    grouped = {url for urls in groups.values() for url in urls}
    html_of = {html_path(path): path for path in pages if path.endswith(".md")}
    stored = reserve
    for url in wanted:
        if url in grouped:
            continue
        if url in html_of:
            stored += int(_size(pages[html_of[url]]) * _HTML_PER_MARKDOWN) + _HTML_AROUND
        elif url in pages:
            stored += _size(pages[url])
        else:
            stored += file_size(url)
    fetched = stored
    games = idx.games(ctx)
    folders = [paths.contents_page(g, d).removesuffix("/index.md") for g in games for d in idx.documents_of(ctx, g)]
    rank = {folder: k for k, folder in enumerate(folders)}
    kinds = list(_KINDS)

    def order_of(group: tuple[str, str]) -> tuple:
        kind, folder = group
        game = folder.split("/")[0]
        return (games.index(game) if game in games else len(games), kinds.index(kind), rank.get(folder, len(rank)), folder)

    order = sorted(groups, key=order_of)
    left: set[tuple[str, str]] = set()
    later = []
    for group in order:
        weight = sum(_size(pages.get(url)) for url in groups[group])
        bundle = pages.get(bundle_path(_BUNDLES[group[0]], group[1]))
        sent = _size(bundle) if bundle is not None else weight
        if max(stored + weight, fetched + sent) <= budget:
            stored, fetched = stored + weight, fetched + sent
        else:
            left.add(group)
            later.append({"kind": group[0], "folder": group[1], "files": len(groups[group]), "bytes": weight})
    listed = [url for url in wanted if (group := _group_of(url)) is None or group not in left]
    return Choice(listed, later, max(stored, fetched))


def _shown(hashes: dict[str, tuple[str, int]], kept: dict, moved: set[str] | None) -> str:
    """Each URL and its hash, sorted by URL, as one string (the build id's).
    `moved`: the only URLs whose hash may differ from the last call's (kept),
    when they are the same URLs: only theirs are put in again."""
    urls = kept.get("urls")
    if urls is None or hashes.keys() != urls[0]:
        ordered = sorted(hashes)
        urls = kept["urls"] = (set(hashes), ordered, {url: k for k, url in enumerate(ordered)}, None)
        moved = None
    pieces = urls[3]
    if pieces is None or moved is None:
        # Without a Python loop: 20,000 files.
        pieces = list(map(str.__add__, urls[1], map(_FIRST, map(hashes.__getitem__, urls[1]))))
    else:
        place = urls[2]
        for url in moved:
            pieces[place[url]] = url + hashes[url][0]
    kept["urls"] = (*urls[:3], pieces)
    return "".join(pieces)


def _hashes(
    digests: dict[str, str], shell: str, kept: dict, moved: list[str] | None = None
) -> tuple[dict[str, tuple[str, int]], set[str] | None]:
    """URL -> `page_hash` of each file (path -> its digest in `digests`): those
    of `kept` (the last call's) where the shell and the file's digest are the
    same, the others worked out; and the URLs whose hash may have changed
    (None: any). `moved`: the only paths whose digest may differ from the
    last call's, besides those that came or went (None: any)."""
    before = kept.get("hashes")
    kept["hashes"] = None  # until these are done
    urls = None
    if before is not None and before[0] == shell:
        _, old, hashes = before
        urls = set()
        gone, came = old.keys() - digests.keys(), digests.keys() - old.keys()
        for path in gone:
            del hashes[html_path(path) if path.endswith(".md") else path]
            old.pop(path)
        paths_ = (digests.items() - old.items()) if moved is None else {*moved, *came}
        for path in paths_:
            digest = digests.get(path)
            if digest is None or old.get(path) == digest:
                continue
            url = html_path(path) if path.endswith(".md") else path
            hashes[url] = page_hash(path, digest, shell)
            old[path] = digest
            urls.add(url)
        if gone or came:
            urls = None  # other URLs: `_shown` orders them all again
    else:
        hashes = {html_path(p) if p.endswith(".md") else p: page_hash(p, d, shell) for p, d in digests.items()}
        old = dict(digests)
    if len(hashes) != len(digests):  # two files of one URL ("a.md", "a.html"): the last one's, as always
        hashes = {html_path(p) if p.endswith(".md") else p: page_hash(p, d, shell) for p, d in digests.items()}
        urls = None
    else:
        kept["hashes"] = (shell, old, hashes)
    return dict(hashes), urls


def _precache(ctx: Context, pages: dict[str, str], kept: dict) -> list[str]:
    """`precache`, kept while what it is made of is the same: the language, its
    current section pages, games and documents. A file decides alone what it
    adds (`_Precached`): when only some came or went (a sub-rule reworded
    renames its preview images), only theirs are looked at."""
    key = (ctx.language, current_pages(ctx, ctx.language), [(g, idx.documents_of(ctx, g)) for g in idx.games(ctx)])
    before = kept.get("precache")
    if before is not None and before[0] == key:
        _, listed, held = before
        came, gone = pages.keys() - held.paths, held.paths - pages.keys()
        if not came and not gone:
            return listed
        held.remove(gone)
        held.add(came)
    else:
        held = _Precached(ctx, key[1])
        held.add(pages)
    listed = held.listed()
    kept["precache"] = (key, listed, held)
    return listed


def service_worker(build: str, language: str, entries: list[list], bundles: list[dict] = (), later: list[dict] = ()) -> str:
    data = {"id": build, "language": language, "offline": html_path(OFFLINE_PAGE), "precache": entries}
    if bundles:
        data["bundles"] = list(bundles)
    if later:  # what the budget left for later (stored when visited): for the build's summary
        data["later"] = list(later)
    head = "// Generated by rulesite build: this build's id and what it stores for offline use.\n"
    head += "const BUILD = " + script_json(data) + ";\n"
    return head + SW_TEMPLATE.read_text(encoding="utf-8")


def precache(ctx: Context, pages: dict[str, str]) -> list[str]:
    """The URLs (from this language's root) a first visit stores: the shell, the
    home page, the indexes and the offline page, sorted."""
    held = _Precached(ctx, current_pages(ctx, ctx.language))
    held.add(pages)
    return held.listed()


class _Precached:
    """What `precache` lists, as the sum of what each file adds (each URL
    counted by the files that add it, so one that goes takes only its own)."""

    def __init__(self, ctx: Context, current) -> None:
        self.current = current
        self.paths: set[str] = set()
        self.counts: dict[str, int] = {}
        # The indexes: the home page, the offline page, each game's, each document's contents page.
        indexes = [paths.HOME, paths.KEYWORDS, OFFLINE_PAGE]
        folders = []
        games = idx.games(ctx)
        for game in games:
            indexes += [
                paths.game_index(game),
                paths.faq_index(game),
                paths.rulings_index(game),
                paths.walkthroughs_index(game),
                guides_index(game),
            ]
            for document in idx.documents_of(ctx, game):
                # The contents page, and its parts when it is long (paths.contents_parts).
                indexes.append(paths.contents_page(game, document))
                folders.append(paths.contents_page(game, document).removesuffix("index.md") + "contents/")
        self.indexes = set(indexes)
        # The contents pages' parts, the keyword index's parts, and the rulings index's.
        self.prefixes = (*folders, "keywords/", *(f"{g}/rulings/index-" for g in games))

    def _urls(self, path: str) -> list[str]:
        urls = []
        # Generated assets; of the per-page preview texts and rule histories, those
        # of current editions (older editions' are stored when visited), so that a
        # History opened offline first is not empty.
        if (
            path == MANIFEST
            or (
                path.startswith("assets/")
                and not path.startswith((PREVIEWS, HISTORIES, OFFLINE_DATA, OG_IMAGES))
                and not path.startswith(tuple(folder + "/" for folder in _BUNDLES.values()))
            )
            or any(
                path.startswith(folder) and path[len(folder) :].removesuffix(".js") + ".html" in self.current
                for folder in (PREVIEWS, HISTORIES)
            )
            # What the offline page shows of the current sections, the rulings and the cards.
            or path.startswith(OFFLINE_DATA)
        ):
            urls.append(path)
        if path in self.indexes or path.startswith(self.prefixes):
            urls.append(html_path(path))
        return urls

    def add(self, found) -> None:
        counts = self.counts
        for path in found:
            self.paths.add(path)
            for url in self._urls(path):
                counts[url] = counts.get(url, 0) + 1

    def remove(self, gone) -> None:
        counts = self.counts
        for path in gone:
            self.paths.discard(path)
            for url in self._urls(path):
                counts[url] -= 1
                if not counts[url]:
                    del counts[url]

    def listed(self) -> list[str]:
        return sorted(self.counts.keys() | set(asset_files()))


@cache
def asset_files() -> tuple[str, ...]:
    """Our own assets (copied into every language's docs), as docs paths."""
    return tuple(
        sorted(
            "assets/" + path.relative_to(ASSETS).as_posix()
            for path in ASSETS.rglob("*")
            if path.is_file() and not path.name.endswith(("LICENSE", ".map")) and "__pycache__" not in path.parts
        )
    )


@cache
def file_size(docs_path: str) -> int:
    """The size of one of our assets as shipped (0 for a file that is none of them)."""
    found = ASSETS / docs_path.removeprefix("assets/")
    return len(shipped_bytes(found)) if docs_path.startswith("assets/") and found.is_file() else 0


@cache
def file_hash(docs_path: str) -> tuple[str, int]:
    return _digest(shipped_bytes(ASSETS / docs_path.removeprefix("assets/"))), 1


def page_hash(path: str, digest: str, shell: str) -> tuple[str, int]:
    """(hash, 1 when it is the hash of the served bytes), from the `file_digest`
    of the file's bytes. A page MkDocs renders from Markdown gets the hash of
    its Markdown's digest and of everything around it (`shell_hash`): its HTML
    changes exactly when one of them does. Any other file is served as it is:
    the hash of its bytes, the first half of their digest."""
    if path.endswith(".md"):
        return _digest((shell + digest).encode("utf-8")), 0
    return digest[:16], 1


def shell_hash(ctx: Context, nav: list, config_text: str, kept: dict | None = None) -> str:
    """What every page's HTML shows around its Markdown: the config, this
    language's navigation, the languages, our templates and the packages that
    turn Markdown into HTML. `kept`: where the navigation's YAML of the last
    call is kept, by its repr (the same navigation is not dumped again), and
    the theme's files' digests, by their listing."""
    shown = repr(nav)
    before = (kept or {}).get("nav")
    dumped = before[1] if before is not None and before[0] == shown else yaml.safe_dump(nav, sort_keys=True)
    if kept is not None:
        kept["nav"] = (shown, dumped)
    parts = [config_text, dumped, ",".join(ctx.languages), ctx.language]
    parts += [f"{name}={_version(name)}" for name in HTML_PACKAGES]
    if ctx.engine != "mkdocs":  # another engine writes other HTML (the default's hash is as before)
        parts += [f"{ctx.engine}={_version(ENGINES[ctx.engine].package)}"]
    if THEME.is_dir():
        parts += _theme_digests(kept if kept is not None else {})
    return _digest("\n".join(parts).encode("utf-8"))


def _theme_digests(kept: dict) -> list[str]:
    """Each theme file's `_digest`, in path order: read again only when the
    files' list, sizes, times or inodes are another than when `kept` (the
    language's `WriteMemory.offline`) last saw them."""
    files = sorted(p for p in THEME.rglob("*") if p.is_file())
    listing = [(p, (stat := p.stat()).st_size, stat.st_mtime_ns, stat.st_ino) for p in files]
    before = kept.get("theme")
    if before is None or before[0] != listing:
        kept["theme"] = before = (listing, [_digest(p.read_bytes()) for p in files])
    return before[1]


def _version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "none"


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


@cache
def material_sizes(language: str, engine: str = "mkdocs") -> tuple[int, ...]:
    """The sizes of `material_shell`'s files."""
    root = ENGINES[engine].templates()
    return tuple((root / path).stat().st_size for path, _ in material_shell(language, engine))


@cache
def material_shell(language: str, engine: str = "mkdocs") -> tuple[tuple[str, str], ...]:
    """Material's files that pages load (stylesheets, its bundle, the search
    worker and the search languages it needs), with the hash of their bytes:
    MkDocs copies them from the theme as they are. The names carry Material's
    own content hashes, so a new Material version changes them. With another
    `engine` (common/engines.py), the same files of the theme it builds with."""
    root = ENGINES[engine].templates()
    patterns = list(ENGINES[engine].shell_files)
    if language != "en":
        patterns += [
            "assets/javascripts/lunr/min/lunr.stemmer.support.min.js",
            "assets/javascripts/lunr/min/lunr.multi.min.js",
            f"assets/javascripts/lunr/min/lunr.{language}.min.js",
        ]
    found = sorted({p for pattern in patterns for p in root.glob(pattern) if p.is_file()})
    return tuple((p.relative_to(root).as_posix(), _digest(p.read_bytes())) for p in found)


def offline_config(language: str, config_text: str) -> dict:
    """What the page template (theme/main.html) needs: the toolbar colour of each
    palette (its header's colour). The update notice's words are in the
    browser's strings table (strings.BROWSER_KEYS), as every other's."""
    return {"theme_colors": [{"media": p["media"], "color": p["primary"]} for p in palettes(config_text)]}
