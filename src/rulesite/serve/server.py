"""The preview's web server, on 127.0.0.1: the published site as it is on disk,
each HTML page with one script added (`/__serve/reload.js`, a file of our own
with a same-origin address, so a page's script policy allows it), and a
server-sent-events channel (`/__serve/events`) that tells each open page
which files a build changed (the page reloads when it shows one of them), and
shows or clears the build's problems. Nothing of this is written into the
site's files.

The site's service workers are answered by one that removes itself (and the
pages it stored): while previewing, no page comes from a previous build."""

from __future__ import annotations

import json
import mimetypes
import posixpath
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from urllib.parse import parse_qs, quote, unquote, urlsplit

from ..common.precache import SERVICE_WORKER

PREFIX = "/__serve/"
CLIENT_FILES = {"reload.js": "text/javascript", "overlay.css": "text/css"}
# How many builds' changes are kept for pages that connect late (one reloads at once when older).
KEPT_BUILDS = 64
# More changed files than this (a clean build of a language): every page reloads, none is told which.
LISTED_FILES = 2000
# A comment on every open channel this often: a page whose server is gone notices it.
KEEPALIVE_S = 15

# A service worker that takes over from the site's, forgets what it stored,
# reloads the pages it served and unregisters.
REMOVING_WORKER = b"""self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys()
      .then(function (keys) { return Promise.all(keys.map(function (key) { return caches.delete(key); })); })
      .then(function () { return self.registration.unregister(); })
      .then(function () { return self.clients.matchAll({ type: "window" }); })
      .then(function (pages) { pages.forEach(function (page) { page.navigate(page.url); }); })
  );
});
"""


def page_file(pathname: str, base: str) -> str | None:
    """The site file (relative, with "/") a page's address names; None outside the site."""
    if not pathname.startswith(base):
        return None
    rel = posixpath.normpath("/" + unquote(pathname[len(base) :])).lstrip("/")
    if pathname.endswith("/") or rel in ("", "."):
        rel = posixpath.join(rel, "index.html") if rel not in ("", ".") else "index.html"
    return rel


class Channel:
    """What every open page is told: the builds so far (each with the files it
    changed) and the problems of the last one, if it failed."""

    def __init__(self) -> None:
        self.lock = threading.Condition()
        self.build = 0  # the published builds so far
        self.changed: dict[int, set[str]] = {}
        self.problems: dict | None = None  # the overlay's content while the last build failed
        self.version = 0  # goes up at each build, good or failed
        self.closed = False
        self.streams = 0  # the pages listening
        self.sent = 0  # of them, those that were sent this version
        self.pages = 0  # the pages (HTML) served so far
        self.pages_before = 0  # when the last build was told

    def built(self, changed: set[str]) -> None:
        with self.lock:
            self.build += 1
            self.changed[self.build] = changed
            self.changed.pop(self.build - KEPT_BUILDS, None)
            self.problems = None
            self.version += 1
            self.sent = 0
            self.pages_before = self.pages
            self.lock.notify_all()

    def failed(self, problems: dict) -> None:
        with self.lock:
            self.problems = problems
            self.version += 1
            self.sent = 0
            self.lock.notify_all()

    def told(self, timeout: float, page_timeout: float) -> None:
        """Waits until every listening page was sent the last build's news (at
        most `timeout` s), then until a page was served since (at most
        `page_timeout` s: a tab that reloads asks for its page within a few
        ms): the build, which goes on in this process, would otherwise hold
        the interpreter while they wait."""
        with self.lock:
            self.lock.wait_for(lambda: self.sent >= self.streams or self.closed, timeout=timeout)
            if self.streams:
                self.lock.wait_for(lambda: self.pages > self.pages_before or self.closed, timeout=page_timeout)

    def page_sent(self) -> None:
        with self.lock:
            self.pages += 1
            self.lock.notify_all()

    def close(self) -> None:
        with self.lock:
            self.closed = True
            self.lock.notify_all()

    def changed_since(self, since: int, base: str) -> list[str] | None:
        """The addresses of the files the builds after `since` changed (an
        index.html by its folder's address too); None when too many to list, or
        when `since` is older than the builds kept: every page reloads."""
        if since < self.build - KEPT_BUILDS + 1:
            return None
        found = set().union(*(self.changed[b] for b in range(since + 1, self.build + 1)))
        if len(found) > LISTED_FILES:
            return None
        addresses = [base + quote(rel) for rel in found]  # as the browser writes them
        addresses += [base + quote(rel[: -len("index.html")]) for rel in found if posixpath.basename(rel) == "index.html"]
        return sorted(addresses)


def _file_tag(file: Path) -> str | None:
    """The file's ETag: a build writes a changed file anew (the others are hard links to the same inode)."""
    try:
        info = file.stat()
    except OSError:
        return None
    return f'"{info.st_ino:x}-{info.st_size:x}-{info.st_mtime_ns:x}"'


def _client_file(name: str) -> bytes:
    return (resources.files("rulesite") / "serve" / name).read_bytes()


class Handler(BaseHTTPRequestHandler):
    server: PreviewServer
    # Connections kept open between requests: a reload asks again for a
    # dozen scripts and styles, each answered 304 on a connection it has.
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args) -> None:  # noqa: A002 - the standard library's name
        pass  # the terminal shows the builds, not every request

    def do_HEAD(self) -> None:
        self.do_GET(body=False)

    def do_GET(self, body: bool = True) -> None:
        parts = urlsplit(self.path)
        path = parts.path
        if path == PREFIX + "events":
            self.events(parse_qs(parts.query))
            return
        if path.startswith(PREFIX) and path[len(PREFIX) :] in CLIENT_FILES:
            name = path[len(PREFIX) :]
            self.send(HTTPStatus.OK, CLIENT_FILES[name], _client_file(name), body)
            return
        base = self.server.base
        if path + "/" == base or (path == "/" and base != "/"):
            self.send_response(HTTPStatus.FOUND)
            self.send_header("Location", base)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        rel = page_file(path, base)
        if rel is not None and posixpath.basename(rel) == SERVICE_WORKER:
            self.send(HTTPStatus.OK, "text/javascript", REMOVING_WORKER, body)
            return
        file = self.server.site / rel if rel is not None else None
        if file is not None and file.is_dir():
            file = file / "index.html"
        status = HTTPStatus.OK
        if file is None or not file.is_file():
            status, file = HTTPStatus.NOT_FOUND, self.server.site / "404.html"
        kind = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
        tag = None
        if status == HTTPStatus.OK and file.suffix != ".html":
            # A page's scripts, styles and images are asked again at each
            # reload, and answered with no body while they are the same file.
            tag = _file_tag(file)
            if tag is not None and tag == self.headers.get("If-None-Match"):
                self.send(HTTPStatus.NOT_MODIFIED, kind, b"", False, tag)
                return
        try:
            data = file.read_bytes()
        except OSError:
            status, data, file = HTTPStatus.NOT_FOUND, b"<!doctype html><html><head></head><body></body></html>", Path("404.html")
            tag = None
        if file.suffix == ".html":
            data = self.server.with_script(data)
            kind = "text/html; charset=utf-8"
        self.send(status, kind, data, body, tag)
        if file.suffix == ".html":
            self.server.channel.page_sent()

    def send(self, status: HTTPStatus, kind: str, data: bytes, body: bool, tag: str | None = None) -> None:
        """`tag`: the file's ETag; a response without one is never stored (a page: its script names the build)."""
        self.send_response(status)
        self.send_header("Content-Type", kind)
        if status != HTTPStatus.NOT_MODIFIED:
            self.send_header("Content-Length", str(len(data)))
        if tag is None:
            self.send_header("Cache-Control", "no-store")
        else:
            self.send_header("Cache-Control", "no-cache")  # stored, but asked again each time
            self.send_header("ETag", tag)
        self.end_headers()
        if body:
            self.wfile.write(data)

    def events(self, query: dict[str, list[str]]) -> None:
        channel = self.server.channel
        try:
            since = int(query.get("build", ["0"])[0])
        except ValueError:
            since = 0
        self.close_connection = True  # the stream has no length: it ends with its connection
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        shown = None
        seen = counted = -1  # the version last sent, and last counted as sent
        with channel.lock:
            channel.streams += 1
        try:
            while True:
                with channel.lock:
                    channel.lock.wait_for(lambda seen=seen: channel.version != seen or channel.closed, timeout=KEEPALIVE_S)
                    if channel.closed:
                        return
                    message = ": still here\n\n" if channel.version == seen else ""
                    if channel.version != seen:
                        seen = channel.version
                        changed = channel.changed_since(since, self.server.base)
                        if changed is None:
                            message = "event: reload\ndata: \n\n"
                        elif changed:
                            message = f"event: changed\ndata: {json.dumps({'build': channel.build, 'files': changed})}\n\n"
                        since = channel.build
                        if channel.problems != shown:
                            shown = channel.problems
                            message += f"event: problems\ndata: {json.dumps(shown)}\n\n" if shown else "event: clear\ndata: \n\n"
                if message:
                    self.wfile.write(message.encode("utf-8"))
                    self.wfile.flush()
                with channel.lock:
                    if counted != seen == channel.version:
                        counted = seen
                        channel.sent += 1
                        channel.lock.notify_all()
        except (ConnectionError, OSError):
            return
        finally:
            with channel.lock:
                channel.streams -= 1
                channel.lock.notify_all()


class PreviewServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, port: int, site: Path, base: str, channel: Channel) -> None:
        self.site, self.base, self.channel = site, base, channel
        super().__init__(("127.0.0.1", port), Handler)

    def with_script(self, page: bytes) -> bytes:
        """The page with the preview's script, loaded after the page's own."""
        tag = f'<script src="{PREFIX}reload.js?build={self.channel.build}" defer></script>'.encode()
        end = page.rfind(b"</head>")
        return page[:end] + tag + page[end:] if end >= 0 else page + tag

    def handle_error(self, request, client_address) -> None:
        pass  # a page closed while it was sent: nothing to tell anyone

    def start(self) -> None:
        self.thread = threading.Thread(target=self.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.channel.close()
        if getattr(self, "thread", None) is not None:  # shutdown() waits for a serve_forever that never ran
            self.shutdown()
        self.server_close()
