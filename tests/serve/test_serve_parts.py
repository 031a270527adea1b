"""The parts of `rulesite serve` that decide, without a browser: whether saved
files changed anything, which site file an address names, what each open page
is told after a build, and what is added to a served page."""

from __future__ import annotations

from pathlib import Path

from rulesite.serve.server import KEPT_BUILDS, Channel, PreviewServer, page_file
from rulesite.serve.watch import Contents, Watched


def test_a_save_of_the_same_bytes_changes_nothing_and_every_real_change_is_seen(tmp_path: Path):
    sources, out = tmp_path / "rules_src", tmp_path / "site"
    sources.mkdir()
    ruling, other = sources / "rulings.txt", sources / "other.txt"
    ruling.write_text("You cannot choose.\n", encoding="utf-8")
    other.write_text("x\n", encoding="utf-8")
    contents = Contents(Watched(folders=[sources], files=[], outputs=[out]))

    ruling.write_text("You cannot choose.\n", encoding="utf-8")
    assert contents.changed({ruling}) == []
    ruling.write_text("You can never choose.\n", encoding="utf-8")
    assert contents.changed({ruling}) == [ruling]
    assert contents.changed({ruling}) == []  # taken as it is now
    added = sources / "new.txt"
    added.write_text("new\n", encoding="utf-8")
    assert contents.changed({added}) == [added]
    other.unlink()
    assert contents.changed({other}) == [other]
    # A folder's event: the files under it that changed.
    ruling.write_text("again\n", encoding="utf-8")
    assert contents.changed({sources}) == [ruling]


def test_the_output_folders_and_their_generations_are_never_a_change(tmp_path: Path):
    site, docs = tmp_path / "site", tmp_path / "build" / "docs"
    watched = Watched(folders=[tmp_path], files=[], outputs=[docs, site, docs.parent / ".build"])
    for path in (site / "index.html", tmp_path / ".site.20261203T1-1-abc" / "index.html", docs / "en" / "a.md"):
        assert watched.ignored(path), path
    assert watched.ignored(docs.parent / ".docs.lock")
    assert not watched.ignored(tmp_path / "rules_src" / "site.txt")
    assert not watched.ignored(tmp_path / "docs" / "about.md")


def test_an_address_names_its_file_under_the_site_path_and_never_above_it():
    assert page_file("/", "/") == "index.html"
    assert page_file("/es/", "/") == "es/index.html"
    assert page_file("/preview/es/magic/701.20.html", "/preview/") == "es/magic/701.20.html"
    assert page_file("/preview/", "/preview/") == "index.html"
    assert page_file("/other/index.html", "/preview/") is None
    assert page_file("/preview/../../etc/passwd", "/preview/") == "etc/passwd"  # inside the site folder
    assert page_file("/a%20b.html", "/") == "a b.html"


def test_each_page_is_told_the_files_changed_since_its_build():
    channel = Channel()
    channel.built({"index.html", "about.html"})
    channel.built({"es/index.html", "riftbound/rulings/one.html"})
    assert channel.changed_since(2, "/") == []
    assert channel.changed_since(1, "/p/") == ["/p/es/", "/p/es/index.html", "/p/riftbound/rulings/one.html"]
    assert set(channel.changed_since(0, "/")) >= {"/", "/index.html", "/about.html", "/es/"}
    for _ in range(KEPT_BUILDS):
        channel.built({"about.html"})
    assert channel.changed_since(1, "/") is None  # older than what is kept: every page reloads
    channel.failed({"title": "t", "note": "n", "items": []})
    assert channel.problems and channel.build == KEPT_BUILDS + 2
    channel.built(set())
    assert channel.problems is None


def test_a_served_page_gets_the_script_once_before_its_head_ends():
    class Fake:
        channel = Channel()

    page = b"<!doctype html><html><head><title>x</title></head><body></body></html>"
    served = PreviewServer.with_script(Fake(), page)
    assert served == page.replace(b"</head>", b'<script src="/__serve/reload.js?build=0" defer></script></head>')


def test_the_files_a_build_changed_are_found_by_inode_then_digest(tmp_path: Path):
    """Generations as a build makes them: a new folder, unchanged files hard
    links to the published one's, changed files written anew, the old removed."""
    from rulesite.serve.built_files import BuiltFiles

    first = tmp_path / "gen1"
    (first / "es").mkdir(parents=True)
    for rel, text in {"index.html": "a", "es/index.html": "b", "same.css": "c", "gone.js": "d"}.items():
        (first / rel).write_text(text, encoding="utf-8")
    site = tmp_path / "site"
    site.symlink_to(first.name)
    found = BuiltFiles()
    assert found.update(site) == {"index.html", "es/index.html", "same.css", "gone.js"}

    second = tmp_path / "gen2"
    (second / "es").mkdir(parents=True)
    (second / "same.css").hardlink_to(first / "same.css")
    (second / "es" / "index.html").write_text("b", encoding="utf-8")  # written anew, the same bytes
    (second / "index.html").write_text("a, changed", encoding="utf-8")
    (second / "new.html").write_text("e", encoding="utf-8")
    site.unlink()
    site.symlink_to(second.name)
    assert found.update(site) == {"index.html", "new.html", "gone.js"}
    assert found.update(site) == set()


def test_a_sites_file_is_asked_again_by_its_etag_and_a_page_never_stored(tmp_path: Path):
    import urllib.error
    import urllib.request

    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<html><head></head><body>a</body></html>", encoding="utf-8")
    (site / "rules.css").write_text("a {}", encoding="utf-8")
    server = PreviewServer(0, site, "/", Channel())
    server.start()
    origin = f"http://127.0.0.1:{server.server_port}/"

    def get(rel: str, tag: str | None = None):
        request = urllib.request.Request(origin + rel, headers={"If-None-Match": tag} if tag else {})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, response.headers, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read()

    try:
        status, headers, body = get("rules.css")
        assert (status, body, headers["Cache-Control"]) == (200, b"a {}", "no-cache")
        tag = headers["ETag"]
        status, headers, body = get("rules.css", tag)
        assert (status, body, headers["ETag"]) == (304, b"", tag)
        # A build writes a changed file anew (a new inode), the same size and time or not.
        (site / "new.css").write_text("b {}", encoding="utf-8")
        (site / "new.css").replace(site / "rules.css")
        status, headers, body = get("rules.css", tag)
        assert (status, body) == (200, b"b {}") and headers["ETag"] != tag
        status, headers, _ = get("index.html")
        assert status == 200 and headers["Cache-Control"] == "no-store" and "ETag" not in headers
    finally:
        server.stop()


def test_a_folder_listed_before_is_listed_again_only_once_its_entries_changed(tmp_path: Path, monkeypatch):
    """Generations as serve's builds make them: each takes the one before the
    last (`output.Spare`, made the published one's copy by `output.mirror`),
    replaces the files that changed, and is published. A folder whose entries
    are as when last listed is not listed again, and every change is found."""
    import os
    import shutil
    import time

    from rulesite.common.output import mirror
    from rulesite.serve import built_files

    listed: list[str] = []
    real = built_files._listing
    monkeypatch.setattr(built_files, "_listing", lambda folder: (listed.append(Path(folder).name), real(folder))[1])

    def write(path: Path, text: str) -> None:  # as a build writes: a new file put in its place
        path.parent.mkdir(parents=True, exist_ok=True)
        (path.parent / "new").write_text(text, encoding="utf-8")
        os.replace(path.parent / "new", path)

    a, b, site = tmp_path / "a", tmp_path / "b", tmp_path / "site"
    for rel, text in {"index.html": "i", "es/index.html": "e", "es/deep/page.html": "p", "assets/x.css": "x"}.items():
        write(a / rel, text)
    site.symlink_to(a.name)
    found = built_files.BuiltFiles()
    assert len(found.update(site)) == 4

    def publish(generation: Path, changes: dict[str, str | None]) -> set[str]:
        """`generation` made a copy of the published one, `changes` written (None: removed), published."""
        time.sleep(0.02)  # a build takes longer: a folder's change time moves on
        if generation.exists():
            mirror(site.resolve(), generation)
        else:
            shutil.copytree(site.resolve(), generation, copy_function=os.link)
        for rel, text in changes.items():
            if text is None:
                (generation / rel).unlink()
            else:
                write(generation / rel, text)
        site.unlink()
        site.symlink_to(generation.name)
        listed.clear()
        return found.update(site)

    assert publish(b, {"es/deep/page.html": "p2"}) == {"es/deep/page.html"}
    assert publish(a, {"es/index.html": "e2", "es/deep/page.html": "p2"}) == {"es/index.html"}  # p2: the same bytes
    assert sorted(listed) == ["deep", "es"], "folders whose entries did not change were listed again"
    assert publish(b, {}) == set()
    assert publish(a, {"assets/y.css": "y", "index.html": None}) == {"assets/y.css", "index.html"}
    assert publish(b, {"assets/x.css": None, "assets/y.css": None}) == {"assets/x.css", "assets/y.css"}
    assert publish(a, {"index.html": "i"}) == {"index.html"}
    assert (a / "es" / "deep" / "page.html").read_text(encoding="utf-8") == "p2"
