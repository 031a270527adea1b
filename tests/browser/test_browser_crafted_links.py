"""A link from a stranger can never run script, send the reader elsewhere, or
break a page (issue 25).

Every address a reader opens may have been written by an attacker (the site
is linked from chat and forums). Each crafted address below is opened in
Chromium, over HTTP from the root and from a sub-path, and from disk
(file://); every script that reads the address, stored data or messages is
reached (pinned notice, offline page, not-found page, language links,
search, history, renumbering toggle, compare page, service worker). A visit
fails on any dialog, on the executed marker, on a navigation or a link of
our scripts that leaves the site, on an uncaught page error (the `browse`
fixture), on a request off the machine (likewise), on a main-thread task
over 1 s, and on any Content Security Policy or Trusted Types violation the
page reports. The links our features add are clicked too.

The seed site (rules_src/) is built once per session, the four-editions
site (tests/editions_fixture.py: diffs, the compare page, histories, a
removed rule's pinned link) and a seed site published at a sub-path
(`--site-url .../sub/`, which MkDocs needs for its not-found page) once per
module; the crafted addresses of a kind share one browser context.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import quote

import pytest
from browser_site import READY, first_visit, serve
from buildutil import run_build
from editions_fixture import write_four_editions
from playwright.sync_api import expect
from shared_sites import shared_build

pytestmark = pytest.mark.browser

MARK = "__rulesite_pwned"
JS = f"javascript:window.{MARK}=1,alert(1)//"
HTML = f'<img src=x onerror="window.{MARK}=1;alert(1)">'
SUB = "sub"
SECTION = "riftbound/core-rules/424.html"

# Recorded in every frame before the page's own scripts run.
WATCH = """
window.__crafted = {violations: [], long: []};
document.addEventListener("securitypolicyviolation", function (e) {
  window.__crafted.violations.push(e.violatedDirective + " " + e.blockedURI);
});
try {
  new PerformanceObserver(function (list) {
    list.getEntries().forEach(function (e) { if (e.duration > 1000) window.__crafted.long.push(Math.round(e.duration)); });
  }).observe({type: "longtask", buffered: true});
} catch (err) {}
"""

# The links our scripts make from what they read: each must stay on the site.
FEATURE_LINKS = (
    ".pinned-notice a, .offline-asked a, .offline-rule a, .not-found-nearest a, a.not-found-search, "
    "a.md-select__link[hreflang], .rulesite-jump a"
)

CLICKED = ".pinned-notice a, .offline-asked a, .not-found-nearest a, a.not-found-search"

STATE = f"""() => ({{
  marker: !!window.{MARK},
  crafted: window.__crafted || null,
  javascript: Array.from(document.querySelectorAll("a[href]"))
    .map(a => a.href).filter(h => /^\\s*(javascript|data|vbscript):/i.test(h)),
  links: Array.from(document.querySelectorAll({FEATURE_LINKS!r})).map(a => a.href).filter(Boolean),
  scripts: performance.getEntriesByType("resource").filter(e => e.initiatorType === "script").map(e => e.name),
}})"""


# --------------------------------------------------------------------------
# Sites and where they are served


def _mounted(tmp_path_factory, site: Path) -> Path:
    """A folder holding `site` as its sub-folder sub/: the site served from a sub-path."""
    top = tmp_path_factory.mktemp("mounted")
    os.symlink(site.resolve(), top / SUB, target_is_directory=True)
    return top


@pytest.fixture(scope="module")
def seed_sub_site(tmp_path_factory, repo_root) -> Path:
    """The seed site as published at a sub-path (its not-found page's links start /sub/)."""
    root = tmp_path_factory.mktemp("seed-sub")
    os.symlink(repo_root / "rules_src", root / "rules_src", target_is_directory=True)
    result = run_build(repo_root, root, "--site-url", f"https://rules.example.org/{SUB}/")
    assert result.returncode == 0, result.stdout + result.stderr
    return root / "site"


@pytest.fixture(scope="module")
def four_site(tmp_path_factory, repo_root) -> Path:
    """The four editions built (shared with the other tests building them: read only)."""
    root, result = shared_build(tmp_path_factory, repo_root, "four-editions", write_four_editions)
    assert result.returncode == 0, result.stdout + result.stderr
    return root / "site"


@pytest.fixture(scope="module")
def seed_hosts(built_site, seed_sub_site, tmp_path_factory):
    """{"root": URL, "sub": URL, "sub-bare": URL} of the seed site, unknown
    addresses answered by its 404.html; "sub-bare": at a sub-path, built
    without a site_url (its not-found page finds its folder itself)."""
    top = _mounted(tmp_path_factory, seed_sub_site)
    bare = _mounted(tmp_path_factory, built_site.site)
    with (
        serve(built_site.site, not_found_page=True) as root,
        serve(top, not_found_page=f"{SUB}/404.html") as sub,
        serve(bare, not_found_page=f"{SUB}/404.html") as sub_bare,
    ):
        yield {"root": root + "/", "sub": f"{sub}/{SUB}/", "sub-bare": f"{sub_bare}/{SUB}/"}


@pytest.fixture(scope="module")
def four_hosts(four_site, tmp_path_factory):
    top = _mounted(tmp_path_factory, four_site)
    with serve(four_site) as root, serve(top) as sub:
        yield {"root": root + "/", "sub": f"{sub}/{SUB}/"}


MOUNTS = ["http-root", "http-sub", "file"]


@pytest.fixture(params=MOUNTS)
def seed_root(request, built_site) -> str:
    """The seed site's root URL (ending in /) over HTTP from / and from /sub/, and from disk."""
    if request.param == "file":
        return built_site.site.resolve().as_uri() + "/"
    return request.getfixturevalue("seed_hosts")[request.param.split("-")[1]]


@pytest.fixture(params=MOUNTS)
def four_root(request, four_site) -> str:
    if request.param == "file":
        return four_site.resolve().as_uri() + "/"
    return request.getfixturevalue("four_hosts")[request.param.split("-")[1]]


@pytest.fixture(params=["root", "sub", "sub-bare"])
def host_root(request, seed_hosts) -> str:
    """The seed site over HTTP, unknown addresses answered with its not-found page."""
    return seed_hosts[request.param]


# --------------------------------------------------------------------------
# Visiting crafted addresses


class Visitor:
    """One browser context for many crafted addresses of one site."""

    def __init__(self, browse, root: str):
        self.root = root
        self.context = browse(root, init_script=WATCH)
        self.page = self.context.new_page()
        self.dialogs: list[str] = []
        self.left: list[str] = []
        self.page.on("dialog", self._dialog)
        self.page.on("framenavigated", self._navigated)

    def _dialog(self, dialog) -> None:
        self.dialogs.append(f"{self.page.url}: {dialog.type} {dialog.message}")
        dialog.dismiss()

    def _navigated(self, frame) -> None:
        if frame == self.page.main_frame and not self.on_site(frame.url):
            self.left.append(frame.url)

    def on_site(self, url: str) -> bool:
        return url.startswith(self.root) or url.startswith(("about:blank", "chrome-error:"))

    def visit(self, path: str, settle_ms: int = 150, languages: bool = False) -> dict:
        """Opens root + path (no further encoding), lets its scripts run and
        checks the page; returns its state. Then `follow` clicks what a feature made."""
        self.url = self.root + path
        self.page.goto(self.url, wait_until="load")
        self.page.wait_for_timeout(settle_ms)
        if languages:  # pointing at the selector loads language-switch.js, which rewrites its links
            self.page.dispatch_event(".md-select", "pointerover")
            self.page.wait_for_function("() => !!window.RulesiteLanguageSwitch", timeout=5000)
        state = self.page.evaluate(STATE)
        self.check(self.url, state)
        return state

    def follow(self) -> None:
        """Clicks the first link a feature made from the address (not a language link): nothing runs, nothing leaves."""
        made = self.page.locator(CLICKED)
        if not made.count():
            return
        made.first.click(timeout=2000)
        self.page.wait_for_load_state("load")
        self.page.wait_for_timeout(100)
        assert not self.page.evaluate(f"!!window.{MARK}"), f"{self.url}: a click ran the crafted script"
        assert not self.dialogs, self.dialogs
        assert not self.left and self.on_site(self.page.url), f"{self.url}: a click left the site for {self.page.url}"

    def check(self, url: str, state: dict) -> None:
        short = url if len(url) < 300 else url[:300] + "..."
        assert not self.dialogs, f"{short}: dialogs {self.dialogs}"
        assert not state["marker"], f"{short}: the crafted script ran"
        assert not self.left, f"{short}: navigated off the site to {self.left}"
        assert self.on_site(self.page.url), f"{short}: ended up at {self.page.url}"
        assert not state["javascript"], f"{short}: links with a script scheme {state['javascript']}"
        off = [h for h in state["links"] if not h.startswith(self.root)]
        assert not off, f"{short}: links our scripts made leave the site: {off}"
        crafted = state["crafted"] or {}
        assert not crafted.get("violations"), f"{short}: policy violations {crafted['violations']}"
        assert not crafted.get("long"), f"{short}: main-thread tasks over 1 s: {crafted['long']} ms"


@pytest.fixture
def visitor(browse):
    return lambda root: Visitor(browse, root)


def q(text: str) -> str:
    """`text` as one query value or path segment (every reserved character escaped)."""
    return quote(text, safe="")


# Crafted targets for any parameter that names an address.
ADDRESSES = [
    JS + "%23424.1",
    q(JS) + "%23424.1",
    "javascript%3Aalert(1)%2F%2F%23424.1",
    "//evil.example/x%23424.1",
    "%2F%2Fevil.example%2Fx.html",
    "/%5Cevil.example/x",
    "%5C%5Cevil.example/x",
    q("data:text/html,<script>alert(1)</script>") + "%23424.1",
    q("http://[bad") + "%23424.1",
    "https://evil.example/riftbound/core-rules/424.html%23424.1",
    "%E0%A4%A",
    "__proto__",
    q(HTML),
]


# --------------------------------------------------------------------------
# The pinned-link notice (pinned-notice.js)


def test_a_crafted_next_in_a_pinned_link_makes_no_link(seed_root, visitor):
    """The reproduction: next=javascript:... showed "Nearest rule today: 424.1" and ran on click;
    next=//evil.example left the site; an unparsable next hid the notice."""
    v = visitor(seed_root)
    for next_ in ADDRESSES:
        v.visit(f"{SECTION}?was=v1.2:424.1&removed=v1.4&next={next_}")
        notice = v.page.locator(".pinned-notice")
        assert notice.count() == 1, f"next={next_}: the notice must still say the rule was removed"
        assert "424.1 in v1.2 was removed in v1.4" in notice.inner_text()
        assert notice.locator("a").count() == 0, f"next={next_}: a link made from the address"
        assert "Nearest rule today" not in notice.inner_text(), f"next={next_}: words from the address"
        v.follow()


def test_the_nearest_rule_is_linked_in_the_sites_own_words(seed_root, visitor):
    v = visitor(seed_root)
    v.visit(f"{SECTION}?was=v1.2:424.1&removed=v1.4&next={q(SECTION + '#424.1.a')}")
    link = v.page.locator(".pinned-notice a")
    link.wait_for()
    assert link.inner_text() == "424.1.a"
    assert link.get_attribute("href") == seed_root + SECTION + "#424.1.a"
    # A number the page does not have: no link, whatever the fragment says.
    v.visit(f"{SECTION}?was=v1.2:424.1&removed=v1.4&next={q(SECTION + '#999.9')}")
    assert v.page.locator(".pinned-notice a").count() == 0


def test_crafted_pinned_parameters_show_no_markup(seed_root, visitor):
    v = visitor(seed_root)
    for query in [
        f"was={q(HTML)}:424.1",
        f"was=v1.2:{q(HTML)}",
        f"was=v1.2:424.1&removed={q(HTML)}",
        "was=__proto__:__proto__#__proto__",
        "was=v1.2:424.1#%E0%A4%A",
        "was=v1.2:424.1#" + q(HTML),
        "was=v1.2:424.1&removed=v1.4&next=" + "1." * 8000,
    ]:
        v.visit(f"{SECTION}?{query}")
        assert v.page.locator(".pinned-notice img, .pinned-notice script").count() == 0
        v.follow()


# --------------------------------------------------------------------------
# The offline page (offline-page.js)


def test_a_crafted_from_on_the_offline_page_stays_on_the_site(seed_root, visitor):
    """The reproduction: from=javascript:... ran on "Try again", from=//evil.example left the
    site, from=../../sw.html loaded /sw.js as a script, an unparsable from left the box unwired."""
    v = visitor(seed_root)
    froms = [
        "javascript%3Aalert(1)%2F%2Friftbound%2Fcore-rules%2F424.html",
        q(JS + "riftbound/core-rules/424.html"),
        "//evil.example/riftbound/core-rules/424.html",
        "%2F%2Fevil.example%2Fx.html",
        "/%5Cevil.example/x.html",
        "../../sw.html",
        "..%2F..%2Fsw.html",
        "riftbound/..%2F..%2F..%2Fsw.html",
        "riftbound%2F..%2F..%2Fsw.html",
        q("http://[bad"),
        "%E0%A4%A.html",
        "__proto__",
        q(HTML + ".html"),
        "a" * 20000 + ".html",
    ]
    for from_ in froms:
        state = v.visit(f"offline.html?from={from_}#{q(HTML)}")
        loaded = [s for s in state["scripts"] if s.split("?")[0].endswith("/sw.js") and "/assets/" not in s]
        assert not loaded, f"from={from_}: the service worker loaded as a script"
        assert v.page.locator(".offline-asked img").count() == 0
        # The rule-number box is wired whatever the address held.
        v.page.fill("#offline-number", "424.1")
        v.page.click(".offline-jump button")
        v.page.locator(".offline-rule").first.wait_for()
        assert v.page.locator(".offline-rule__number").first.inner_text() == "424.1"
        v.follow()


def test_the_offline_page_names_and_shows_a_real_page(seed_root, visitor):
    v = visitor(seed_root)
    v.visit(f"offline.html?from={q(SECTION)}#424.1")
    v.page.locator(".offline-rule--target").wait_for()
    assert v.page.locator(".offline-rule--target .offline-rule__number").inner_text() == "424.1"
    retry = v.page.locator(".offline-asked a").last
    assert retry.get_attribute("href") == seed_root + SECTION + "#424.1"


def test_the_service_worker_names_no_crafted_path(built_site, open_context):
    """The reproduction: offline, /javascript:alert(1)//x.html was redirected to
    offline.html?from=javascript%3A... and "Try again" ran it."""
    with serve(built_site.site) as origin:
        context = open_context(origin)
        context.add_init_script(WATCH)
        page = first_visit(context, origin + "/")
        page.wait_for_function(READY)
        context.set_offline(True)
        dialogs = []
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        for path in ["/javascript:alert(1)//x.html", "/" + JS + "x.html", "//evil.example/x.html", "/%5Cevil.example/x.html"]:
            page.goto(origin + path)
            page.wait_for_url(lambda url: "/offline.html" in url)
            assert page.url.startswith(origin + "/offline.html"), page.url
            assert "javascript" not in page.url, page.url
            for link in page.locator(".offline-asked a").all():
                href = link.get_attribute("href")
                assert href.startswith(origin + "/"), href
            page.fill("#offline-number", "424.1")
            page.click(".offline-jump button")
            page.locator(".offline-rule").first.wait_for()
        assert not dialogs
        assert not page.evaluate(f"!!window.{MARK}")


# --------------------------------------------------------------------------
# The not-found page (not-found.js) and the language links (language-switch.js)


def test_a_doubled_slash_never_makes_a_link_to_another_host(host_root, visitor):
    """The reproduction: ///evil.example/... (and /\\evil.example/...) got the not-found page,
    whose language links pointed at http://evil.example/."""
    v = visitor(host_root)
    for path in ["//evil.example/" + SECTION, "/%5Cevil.example/x", "\\evil.example/x", "//evil.example/r/424.1.html"]:
        state = v.visit(path, languages=True)
        assert v.page.locator("a.md-select__link[hreflang]").count() >= 2
        assert all("evil.example" not in h for h in state["links"]), state["links"]


def test_malformed_addresses_still_offer_the_nearest_rule(host_root, visitor):
    """The reproduction: a bad % escape in the path threw in not-found.js: no nearest rule, no search."""
    v = visitor(host_root)
    # Two letters are never a rule's part (names.ADDRESS_NOISE): 832.1.zz.html reads as 832.1.
    for path, number in [("r/%E0%A4%A/999.9.html", "999.9"), ("r/100%/424.1.html", "424.1"), ("r/%/832.1.zz.html", "832.1")]:
        v.visit(path)
        nearest = v.page.locator(".not-found-nearest")
        nearest.wait_for()
        assert number in nearest.inner_text()
        assert f"q={number}" in v.page.locator("a.not-found-search").get_attribute("href")


def test_long_addresses_cost_no_time(host_root, visitor):
    """The reproduction: the number pattern ran unanchored on the path: 16 KB cost 1.8 s, 48 KB 6-8 s."""
    v = visitor(host_root)
    for size in (8000, 24000):
        v.visit("r/" + "1." * size + "-")
        v.visit("r/" + "1." * size + "html")
    v.visit(f"{SECTION}?h=" + "1." * 24000 + "-")
    v.visit(f"{SECTION}?q=" + "1." * 24000 + "-")
    v.visit(f"{SECTION}#" + "1." * 24000)


def test_crafted_not_found_addresses(host_root, visitor):
    v = visitor(host_root)
    for path in [
        "r/__proto__.html",
        "r/" + q(HTML) + ".html",
        "r/424.1.html%23" + q(HTML),
        JS + "x.html",
        "r/constructor/424.1.html",
        # Folders the not-found page of a site without a site_url probes for its own.
        "x/%2F%2Fevil.example/r/424.1.html",
        "a/" * 40 + "424.1.html",
    ]:
        v.visit(path, languages=True)
        assert v.page.locator("article img").count() == 0
        v.follow()


def test_a_malformed_fragment_keeps_the_language_links(seed_root, visitor):
    """A bad % escape after the # threw in language-switch.js: its links were not rewritten."""
    v = visitor(seed_root)
    v.visit(f"{SECTION}#%E0%A4%A", languages=True)
    spanish = v.page.locator('a.md-select__link[hreflang="es"]')
    # Spain's site lacks the page: the English page, with ?from=es, not Spain's home page.
    expect(spanish).to_have_attribute("href", re.compile("^" + re.escape(seed_root + SECTION + "?from=es")))


def test_crafted_queries_and_fragments_on_a_rules_page(seed_root, visitor):
    v = visitor(seed_root)
    for suffix in [
        "?h=" + q(HTML),
        "?h=424.1%20" + q(HTML),
        "?q=" + q(HTML),
        "?q=__proto__",
        "?q=424.1",
        "?from=" + q(HTML),
        "?from=__proto__",
        "?from=es",
        "#" + q(HTML),
        "#__proto__",
        "#%E0%A4%A",
        "?h=%E0%A4%A#%E0%A4",
    ]:
        v.visit(SECTION + suffix, languages=True)
        assert v.page.locator("article img[src='x']").count() == 0


# --------------------------------------------------------------------------
# Diffs, the compare page, histories and a removed rule (four editions)

DIFF = "riftbound/core-rules/changes/v1.1-to-v1.2.html"
COMPARE = "riftbound/core-rules/changes/compare.html"


def test_a_malformed_fragment_keeps_the_renumbering_toggle(four_root, visitor):
    """The reproduction: renumbered-toggle.js threw on the fragment: its button stayed hidden."""
    v = visitor(four_root)
    v.visit(DIFF + "#%E0%A4%A")
    assert v.page.locator("button[data-renumbered-toggle]").is_visible()


def test_a_malformed_fragment_keeps_the_computed_diff(four_root, visitor):
    """The reproduction: the compare page replaced the whole diff by "URI malformed"."""
    v = visitor(four_root)
    v.visit(COMPARE + "?old=v1.0&new=v1.2#%E0%A4%A", settle_ms=800)
    v.page.locator(".diff-section").first.wait_for()
    assert v.page.locator(".diff-error").count() == 0
    assert v.page.locator("button[data-renumbered-toggle]").is_visible()


def test_crafted_compare_and_diff_parameters(four_root, visitor):
    v = visitor(four_root)
    for path in [
        f"{COMPARE}?old={q(HTML)}&new={q(JS)}",
        f"{COMPARE}?old=__proto__&new=constructor",
        f"{COMPARE}?old=v1.0&new=v1.2&section={q(HTML)}&compute=browser",
        f"{COMPARE}?old=v1.1&new=v1.2&section={q(HTML)}",
        f"{DIFF}?section={q(HTML)}#{q(HTML)}",
        f"{DIFF}?section=__proto__#__proto__",
    ]:
        v.visit(path, settle_ms=600)
        assert v.page.locator("article img[src='x']").count() == 0


def test_a_removed_rules_pinned_link_with_a_crafted_next(four_root, visitor):
    v = visitor(four_root)
    page = "riftbound/core-rules/v1.0/102.html?was=v1.0:102.2&removed=v1.1"
    for next_ in ADDRESSES:
        v.visit(f"{page}&next={next_}#102.2")
        assert v.page.locator(".pinned-notice").count() == 1
        assert v.page.locator(".pinned-notice a").count() == 0
    v.visit(f"{page}&next={q('riftbound/core-rules/102.html#102.1')}#102.2")
    link = v.page.locator(".pinned-notice a")
    link.wait_for()
    assert link.inner_text() == "102.1"
    link.click()
    v.page.wait_for_url(four_root + "riftbound/core-rules/102.html#102.1")


def test_a_history_opens_on_a_crafted_address(four_root, visitor):
    v = visitor(four_root)
    for suffix in ["#%E0%A4%A", "?was=" + q(HTML) + "#__proto__"]:
        v.visit("riftbound/core-rules/101.html" + suffix)
        v.page.locator("details.history summary").first.click()
        v.page.locator("details.history li").first.wait_for()
