"""The files that make the site an installable app that works offline
(render/offline_app.py), and their check on the built site (check/offline_app.py)."""

from __future__ import annotations

import json
import re
import shutil
import struct
from pathlib import Path

import pytest

from rulesite.stages import read as read_stage

from rulesite.stages import resolve as resolve_stage
from rulesite.check.offline_app import check_precache, read_build
from rulesite.common.diagnostics import Diagnostics
from rulesite.render import offline_app
from rulesite.render.context import Context
from rulesite.render.site import navigation, render_site

RULINGS_FILE = "riftbound/community-rulings.txt"
OLD_NUANCE = "Nuances: - You can still use Ride the Wind"
RULING_PAGE = "riftbound/rulings/ride-the-wind-cannot-flip-a-contested-battlefield.html"


def offline_of(sources: Path, config: Path) -> dict[str, dict[str, str]]:
    """language -> the offline files the build adds, for the sources in `sources`."""
    diag = Diagnostics()
    corpus = read_stage.read_corpus(sources / "manifest.yml", diag)
    ctx = resolve_stage.resolve(corpus, diag)
    assert diag.errors == []
    files = render_site(ctx)
    out = {}
    for lang, pages in files.items():
        lang_ctx = Context(
            ctx.corpus, ctx.links, ctx.citations, ctx.concordance, language=lang, languages=tuple(files), editions=ctx.editions
        )
        out[lang] = offline_app.offline_files(lang_ctx, pages, navigation(lang_ctx, pages), config.read_text(encoding="utf-8"))
    return out


def build_of(worker_text: str) -> dict:
    line = worker_text.split("\n")[1]
    return json.loads(line.removeprefix("const BUILD = ").removesuffix(";"))


@pytest.fixture(scope="module")
def seed_offline(repo_root):
    return offline_of(repo_root / "rules_src", repo_root / "mkdocs.yml")


def test_manifest_names_the_games_and_stays_relative(seed_offline):
    manifest = json.loads(seed_offline["en"]["manifest.webmanifest"])
    assert "Riftbound" in manifest["name"] and "Magic" in manifest["name"]
    for key in ("id", "start_url", "scope"):
        assert not manifest[key].startswith(("/", "http")), key  # installs from any folder
    assert manifest["display"] == "standalone"
    spanish = json.loads(seed_offline["es"]["manifest.webmanifest"])
    assert spanish["lang"] == "es" and spanish["name"].startswith("Referencia de reglas")


def test_icons_are_the_projects_own_and_of_the_sizes_they_claim(seed_offline):
    manifest = json.loads(seed_offline["en"]["manifest.webmanifest"])
    assert {i["purpose"] for i in manifest["icons"]} == {"any", "maskable"}
    for icon in manifest["icons"]:
        path = offline_app.ASSETS / icon["src"].removeprefix("assets/")
        data = path.read_bytes()
        if icon["type"] == "image/png":
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = struct.unpack(">II", data[16:24])
            assert f"{width}x{height}" == icon["sizes"]
        else:
            assert b"<svg" in data and b"viewBox" in data


def test_theme_colours_are_those_of_materials_palettes(repo_root):
    """The manifest's and the toolbar's colours are the ones Material paints
    the header and the page with, for every palette mkdocs.yml configures."""
    import material

    assets = Path(material.__file__).parent / "templates" / "assets" / "stylesheets"
    palette_css = next(assets.glob("palette.*.min.css")).read_text(encoding="utf-8")
    main_css = next(assets.glob("main.*.min.css")).read_text(encoding="utf-8")
    palettes = offline_app.palettes((repo_root / "mkdocs.yml").read_text(encoding="utf-8"))
    assert {p["scheme"] for p in palettes} == {"default", "slate"}
    for name, colour in offline_app.PRIMARY.items():
        rule = re.search(r"\[data-md-color-primary=" + name + r"\]\{--md-primary-fg-color:(#[0-9a-f]{6})", palette_css)
        if rule:
            assert rule.group(1) == colour, name
    hue = int(re.search(r"--md-hue:(\d+)deg", main_css).group(1))
    import colorsys

    r, g, b = colorsys.hls_to_rgb(hue / 360, 0.14, 0.15)  # slate: hsla(var(--md-hue), 15%, 14%)
    assert offline_app.BACKGROUND["slate"] == f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}"


def test_precache_holds_the_shell_home_indexes_and_not_every_page(seed_offline):
    build = build_of(seed_offline["en"]["sw.js"])
    urls = {url for url, _, _ in build["precache"]}
    assert {
        "index.html",
        "offline.html",
        "manifest.webmanifest",
        "assets/core.js",
        "assets/numbers.js",
        "assets/offline.js",
        "assets/previews.js",
    } <= urls
    assert "riftbound/rulings/index.html" in urls and "riftbound/index.html" in urls
    assert any(u.startswith("assets/javascripts/bundle.") for u in urls)
    # A ruling's page is stored when visited; what the offline page shows of it, on the first visit.
    assert not any("/rulings/" in u and u.endswith(".html") and not u.endswith("index.html") for u in urls)
    assert any(u.startswith("assets/offline/riftbound/rulings/") for u in urls)
    assert build["offline"] == "offline.html"
    spanish = {url for url, _, _ in build_of(seed_offline["es"]["sw.js"])["precache"]}
    assert "assets/javascripts/lunr/min/lunr.es.min.js" in spanish


def test_build_id_follows_the_content_and_only_changed_files_change_hash(repo_root, seed_offline, tmp_path):
    again = offline_of(repo_root / "rules_src", repo_root / "mkdocs.yml")
    assert again["en"]["sw.js"] == seed_offline["en"]["sw.js"]  # the same sources, the same bytes

    shutil.copytree(repo_root / "rules_src", tmp_path / "rules_src")
    rulings = tmp_path / "rules_src" / RULINGS_FILE
    rulings.write_text(
        rulings.read_text(encoding="utf-8").replace(OLD_NUANCE, "Nuances: - You can still play Ride the Wind", 1),
        encoding="utf-8",
    )
    changed = offline_of(tmp_path / "rules_src", repo_root / "mkdocs.yml")
    old, new = build_of(seed_offline["en"]["sw.js"]), build_of(changed["en"]["sw.js"])
    assert old["id"] != new["id"]
    old_hashes = {u: h for u, h, _ in old["precache"]}
    new_hashes = {u: h for u, h, _ in new["precache"]}
    assert old_hashes.keys() == new_hashes.keys()
    differ = {u for u in old_hashes if old_hashes[u] != new_hashes[u]}
    # A reworded nuance changes no index page and no shell file: a returning reader
    # fetches none of them again, only the word-search text file that holds the
    # ruling's words and what the offline page shows of that ruling.
    words = {u for u in differ if u.startswith("assets/search-text-")}
    assert len(words) == 1 and differ - words == {"assets/offline/" + RULING_PAGE.removesuffix(".html") + ".js"}, differ


def test_built_pages_load_only_precached_scripts_and_styles(built_site):
    """Every stylesheet and script a built page loads is in its language's
    precache, so the offline page and every stored page have their shell."""
    site = built_site.site
    problems, found = check_precache(site)
    assert problems == []
    assert {p.worker for p in found} == {"sw.js", "es/sw.js", "fr/sw.js"}  # French: docs/index.fr.md
    for worker in ("sw.js", "es/sw.js"):
        root = (site / worker).parent
        urls = {url for url, _, _ in read_build(site / worker)["precache"]}
        # The Spanish site has only its own pages (no stand-ins for English-only ones).
        own = ("riftbound/core-rules/832.html", RULING_PAGE) if worker == "sw.js" else ("magic/comprehensive-rules/701.20.html",)
        for page in ("index.html", "offline.html", *own):
            html = (root / page).read_text(encoding="utf-8")
            loads = re.findall(r'<link rel="stylesheet" href="([^"]+)"', html) + re.findall(r'<script src="([^"]+)"', html)
            for href in loads:
                path = (root / Path(page).parent / href).resolve().relative_to(root.resolve()).as_posix()
                assert path in urls, f"{worker}: {page} loads {href}, which is not precached"


def test_pages_carry_the_manifest_and_translated_update_text(built_site):
    site = built_site.site
    spanish = (site / "es" / "index.html").read_text(encoding="utf-8")
    assert '<link rel="manifest" href="manifest.webmanifest">' in spanish
    # The update notice's words (assets/offline.js) come from the strings table, in the site's language.
    strings = (site / "es" / "assets" / "strings.js").read_text(encoding="utf-8")
    assert '"update-available": "Hay un texto nuevo de las reglas"' in strings.replace('":"', '": "')
    deep = (site / "riftbound" / "core-rules" / "832.html").read_text(encoding="utf-8")
    assert '<link rel="manifest" href="../../manifest.webmanifest">' in deep
    assert (site / "es" / "offline.html").is_file() and "Sin conexión" in (site / "es" / "offline.html").read_text(
        encoding="utf-8"
    )


def rules_hash(site: Path) -> str:
    return next(h for u, h, _ in read_build(site / "sw.js")["precache"] if u == "assets/core.js")


def test_check_reports_a_file_of_another_build_and_a_precache_over_budget(built_site, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(built_site.site, site)
    with open(site / "assets" / "core.js", "a", encoding="utf-8") as handle:
        handle.write("// changed after the build\n")
    problems, found = check_precache(site, budget=100_000)
    assert ("sw.js", "assets/core.js is listed with hash " + rules_hash(site) + ", the built file differs") in problems
    assert any(where == "es/sw.js" and "over the budget of" in message for where, message in problems), problems
    assert all(p.size > 100_000 for p in found)


def test_the_preview_bundle_holds_exactly_the_precached_previews_with_their_bytes(built_site):
    """A first visit fetches the current editions' preview files as one file
    and stores each under its own URL: the bundle holds those files, no other,
    each with the site file's very text. (The history files' bundle, which
    this one-edition site has no files for, is tests/browser/test_browser_history.py's.)"""
    site = built_site.site
    build = read_build(site / "sw.js")
    # One bundle a document's folder (the seeds hold one document with rules).
    previewed = [b for b in build["bundles"] if b["folder"].startswith("assets/previews/")]
    assert [b["folder"] for b in previewed] == ["assets/previews/riftbound/core-rules/"]
    bundle = previewed[0]
    assert bundle["url"] == "assets/previews-current/riftbound/core-rules.json"
    previews = sorted(url for url, _, _ in build["precache"] if url.startswith(bundle["folder"]))
    assert previews and bundle["files"] == len(previews)
    held = json.loads((site / bundle["url"]).read_bytes())["files"]
    assert sorted(held) == previews
    for url in previews:
        assert held[url] == (site / url).read_text(encoding="utf-8"), url
    # The bundle itself is never stored: a first visit fetches it once, in place of its files.
    assert bundle["url"] not in {url for url, _, _ in build["precache"]}
    _, found = check_precache(site)
    english = next(p for p in found if p.worker == "sw.js")
    bundled = [url for url, _, _ in build["precache"] if any(url.startswith(b["folder"]) for b in build["bundles"])]
    assert english.requests == english.files - len(bundled) + len(build["bundles"])


def _previews_bundle(build: dict) -> dict:
    return next(b for b in build["bundles"] if b["folder"].startswith("assets/previews/"))


def test_check_reports_a_bundle_that_differs_from_the_sites_files(built_site, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(built_site.site, site)
    bundle = _previews_bundle(read_build(site / "sw.js"))
    path = site / bundle["url"]
    held = json.loads(path.read_bytes())["files"]
    first, second = sorted(held)[:2]
    held[first] = held[first].replace("RulesitePreviews.add(", "RulesitePreviews.add(/* not the site's */")
    del held[second]
    held["assets/previews/made-up.js"] = "alert(1);\n"
    path.write_text(json.dumps({"files": held}), encoding="utf-8")
    problems, _ = check_precache(site)
    url = bundle["url"]
    assert ("sw.js", f"its bundle {url} is listed with hash {bundle['hash']}, the built file differs") in problems
    assert ("sw.js", f"its bundle {url} holds another text of {first} than the site's file") in problems
    assert ("sw.js", f"its bundle {url} lacks {second}, which it precaches") in problems
    assert (
        "sw.js",
        f"its bundle {url} holds assets/previews/made-up.js, which it does not precache from {bundle['folder']}",
    ) in problems


def test_the_check_finds_a_listed_url_where_resolving_it_in_full_does(tmp_path):
    """check/offline_app.py resolves each folder once (`_Paths`), not each URL:
    the file it finds is the one the whole path resolved names, through links
    to folders and to files, and none outside the site."""
    from rulesite.check.offline_app import _Paths, _site_path

    outside = tmp_path / "outside"
    (outside / "deep").mkdir(parents=True)
    (outside / "secret.js").write_text("x", encoding="utf-8")
    site = tmp_path / "site"
    (site / "es" / "assets").mkdir(parents=True)
    (site / "assets").mkdir()
    (site / "assets" / "core.js").write_text("x", encoding="utf-8")
    (site / "es" / "assets" / "linked-folder").symlink_to(site / "assets")
    (site / "es" / "assets" / "out").symlink_to(outside / "deep")
    (site / "es" / "assets" / "file-link.js").symlink_to(site / "assets" / "core.js")
    (site / "es" / "assets" / "leak.js").symlink_to(outside / "secret.js")
    worker = site.resolve() / "es" / "sw.js"
    urls = [
        "assets/linked-folder/core.js",
        "assets/file-link.js",
        "assets/leak.js",
        "assets/out/../secret.js",
        "assets/out/../../site/assets/core.js",
        "assets/linked-folder/../es/sw.js",
        "../assets/core.js",
        "../../outside/secret.js",
        "/etc/passwd",
        "./assets//file-link.js",
        "",
        "missing/file.js",
    ]
    where = _Paths(site.resolve())
    for url in urls:
        whole = _site_path(site.resolve(), worker, url)
        assert where.of(worker, url)[0] == (None if whole is None else str(whole)), url


def test_a_check_of_the_next_build_reads_again_only_a_bundle_that_changed(built_site, tmp_path, monkeypatch):
    """`rulesite serve` checks each build's new folder, its unchanged files linked
    from the last: a bundle that is the very file checked, listed as it was, is
    not read again; one written anew is, and its problems are found."""
    import os

    from rulesite.check import offline_app as check

    one = tmp_path / "one"
    shutil.copytree(built_site.site, one)
    two = tmp_path / "two"
    shutil.copytree(one, two, copy_function=os.link)
    known: dict = {}
    assert check.check_precache(one, known=known)[0] == []
    read = []
    real = check._read_bundle
    monkeypatch.setattr(check, "_read_bundle", lambda *given: read.append(given[1]) or real(*given))
    assert check.check_precache(two, known=known)[0] == []
    assert read == []
    bundle = _previews_bundle(read_build(two / "sw.js"))
    path = two / bundle["url"]
    data = path.read_bytes()
    path.unlink()
    path.write_bytes(data.replace(b"RulesitePreviews.add(", b"RulesitePreviews.add(/* other */", 1))
    problems, _ = check.check_precache(two, known=known)
    assert read == [bundle["url"]]
    assert ("sw.js", f"its bundle {bundle['url']} is listed with hash {bundle['hash']}, the built file differs") in problems


def test_a_kept_precache_follows_files_that_came_or_went_as_a_new_one_lists_them(repo_root):
    """`offline_files` keeps its precache list and looks again only at the files
    that came or went (a reworded sub-rule renames its preview files): what it
    lists is what a call without anything kept lists."""
    diag = Diagnostics()
    ctx = resolve_stage.resolve(read_stage.read_corpus(repo_root / "rules_src" / "manifest.yml", diag), diag)
    files = render_site(ctx)
    lang_ctx = Context(
        ctx.corpus, ctx.links, ctx.citations, ctx.concordance, language="en", languages=tuple(files), editions=ctx.editions
    )
    pages, config_text = files["en"], (repo_root / "mkdocs.yml").read_text(encoding="utf-8")
    nav = navigation(lang_ctx, pages)
    kept: dict = {}
    offline_app.offline_files(lang_ctx, pages, nav, config_text, kept=kept)
    current = offline_app.precache(lang_ctx, pages)
    previews = [p for p in current if p.startswith(offline_app.PREVIEWS)]
    assert previews and "riftbound/rulings/index.md" in pages
    later = dict(pages)
    gone = {previews[0], "riftbound/rulings/index.md", "index.md"}  # a precached preview, two indexes
    for path in gone:
        del later[path]
    renamed = previews[0].replace(".js", "-2.js")
    later[renamed] = "x"  # not a current page's: not precached
    later["keywords/index-zz.md"] = "# new part"  # an index's part: precached
    later["assets/extra.css"] = "a{}"  # a generated asset: precached
    kept_build = build_of(offline_app.offline_files(lang_ctx, later, nav, config_text, kept=kept)["sw.js"])
    new_build = build_of(offline_app.offline_files(lang_ctx, later, nav, config_text)["sw.js"])
    assert kept_build == new_build
    urls = {url for url, _, _ in new_build["precache"]}
    assert "keywords/index-zz.html" in urls and "assets/extra.css" in urls
    assert previews[0] not in urls and renamed not in urls and "index.html" not in urls
    assert "riftbound/rulings/index.html" not in urls
    # And back: what it lists with every file again is the first list.
    back = build_of(offline_app.offline_files(lang_ctx, pages, nav, config_text, kept=kept)["sw.js"])
    assert back == build_of(offline_app.offline_files(lang_ctx, pages, nav, config_text)["sw.js"])


def test_a_budget_too_small_for_everything_is_met_by_leaving_the_least_read_for_later(repo_root):
    """`choose` picks what a first visit stores within its budget, group by
    group in the order it documents: with one byte too few for everything, it
    leaves the last group alone for later; the worker then names what it left
    (`later`, which the build prints) and lists no file nor bundle of it; with
    no room, every optional group is left and the shell is still stored."""
    diag = Diagnostics()
    ctx = resolve_stage.resolve(read_stage.read_corpus(repo_root / "rules_src" / "manifest.yml", diag), diag)
    files = render_site(ctx)
    lang_ctx = Context(
        ctx.corpus, ctx.links, ctx.citations, ctx.concordance, language="en", languages=tuple(files), editions=ctx.editions
    )
    pages, config_text = files["en"], (repo_root / "mkdocs.yml").read_text(encoding="utf-8")
    wanted = offline_app.precache(lang_ctx, pages)
    assert "assets/offline/riftbound/core-rules/424.js" in wanted
    assert any(url.startswith("assets/offline/riftbound/rulings/") for url in wanted)
    everything = offline_app.choose(lang_ctx, pages, wanted, 0, 1 << 40)
    assert everything.later == [] and everything.listed == wanted
    tight = offline_app.choose(lang_ctx, pages, wanted, 0, everything.counted - 1)
    # Riftbound's rulings' pages come after its documents' pages; the seeds' Core Rules have no histories.
    assert [(item["kind"], item["folder"]) for item in tight.later] == [("pages", "riftbound/rulings")]
    rulings = [url for url in wanted if url.startswith("assets/offline/riftbound/rulings/")]
    assert tight.later[0]["files"] == len(rulings)
    assert tight.later[0]["bytes"] == sum(len(pages[url].encode()) for url in rulings)
    assert tight.listed == [url for url in wanted if url not in rulings]
    assert tight.counted <= everything.counted - 1

    nav = navigation(lang_ctx, pages)
    none = build_of(offline_app.offline_files(lang_ctx, pages, nav, config_text, budget=1)["sw.js"])
    kinds = {item["kind"] for item in none["later"]}
    assert kinds == {"rule texts", "pages"}
    stored = {url for url, _, _ in none["precache"]}
    assert "index.html" in stored and "offline.html" in stored and "assets/core.js" in stored
    assert not any(url.startswith(("assets/previews/", "assets/offline/", "assets/history/")) for url in stored)
    assert "bundles" not in none
