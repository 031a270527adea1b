"""The Content Security Policy and Trusted Types in Chromium, over http:// and
file://: the seed site's pages and features work with no violation, and what
an attacker's link could make a script do (run an inline script, put a string
into innerHTML, open a javascript: URL) is refused by the browser."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from browser_site import links

pytestmark = pytest.mark.browser

# Every violation report and console error of the page, kept where the test reads them.
LISTEN = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__violations.push([e.effectiveDirective, e.blockedURI, e.sourceFile, e.lineNumber, e.sample].join(" | "));
});
"""


def watched(context):
    """A page of `context` whose console errors are collected into page.errors."""
    page = context.new_page()
    page.errors = []
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    return page


def violations(page) -> list[str]:
    return page.evaluate("window.__violations")


def section_page(site) -> str:
    """A page with a rule link to another page (its preview is loaded on hover)."""
    return next(link.page for link in links(site) if link.target_page != link.page and "/" in link.page)


def test_the_sites_pages_and_features_run_with_no_violation(built_site, root_url, browse):
    site = built_site.site
    page_path = section_page(site)
    share = sorted(p.relative_to(site).as_posix() for p in (site / "r").glob("*.html"))[0]
    context = browse(root_url, init_script=LISTEN)
    for path in ["index.html", "es/index.html", "offline.html", share, page_path]:
        page = watched(context)
        page.goto(root_url + path)
        page.wait_for_load_state("load")
        if path == page_path:
            # The language selector (language-switch.js loads when it is pointed at).
            page.locator(".md-header__option .md-select").first.hover()
            # A rule link's preview (previews.js and the page's data, loaded on hover).
            page.locator("article a.ref").first.hover()
            expect(page.locator(".rule-preview").first).to_be_visible(timeout=15_000)
            # The site's word search (word-search.js; Material's worker is never made).
            box = page.locator("input.md-search__input")
            box.click()
            box.press_sequentially("832", delay=20)
            expect(page.locator("a.md-search-result__link").first).to_be_attached(timeout=20_000)
        page.wait_for_timeout(300)
        assert violations(page) == [], f"{path}: {violations(page)}"
        assert page.errors == [], f"{path}: {page.errors}"
        page.close()


def test_the_not_found_page_runs_with_no_violation(http_origin, browse):
    context = browse(http_origin + "/", init_script=LISTEN)
    page = watched(context)
    page.goto(http_origin + "/404.html?q=424.1")
    page.wait_for_load_state("load")
    page.wait_for_timeout(300)
    assert violations(page) == []
    assert page.errors == []


# What a script of ours could do with a string taken from the address, if it forgot the helper.
ATTEMPTS = {
    "an inline script": """() => {
        const script = document.createElement("script");
        try { script.textContent = "window.__ran = 'inline'"; } catch (e) { return "refused: " + e.message; }
        document.head.appendChild(script);
        return "appended";
    }""",
    "a string put into innerHTML": """() => {
        const box = document.createElement("div");
        document.body.appendChild(box);
        try { box.innerHTML = '<img src="x" onerror="window.__ran = \\'innerHTML\\'">'; } catch (e) { return "refused: " + e.message; }
        return "assigned";
    }""",
    "a javascript: link put into innerHTML": """() => {
        const box = document.createElement("div");
        document.body.appendChild(box);
        try { box.innerHTML = '<a href="javascript:window.__ran = \\'link\\'">x</a>'; } catch (e) { return "refused: " + e.message; }
        box.querySelector("a").click();
        return "assigned";
    }""",
    "a javascript: URL": """() => {
        try { location.href = "javascript:window.__ran = 'javascript:'"; } catch (e) { return "refused: " + e.message; }
        return "assigned";
    }""",
    "a script from another site": """() => {
        const script = document.createElement("script");
        try { script.src = "https://evil.example/x.js"; } catch (e) { return "refused: " + e.message; }
        document.head.appendChild(script);
        return "appended";
    }""",
    "a Trusted Types policy of its own": """() => {
        try { trustedTypes.createPolicy("anything", { createHTML: (s) => s }); } catch (e) { return "refused: " + e.message; }
        return "made";
    }""",
}


@pytest.mark.parametrize("attempt", sorted(ATTEMPTS))
def test_what_a_crafted_link_could_make_a_script_do_is_refused(built_site, root_url, browse, attempt):
    context = browse(root_url, init_script=LISTEN)
    page = watched(context)
    page.goto(root_url + section_page(built_site.site))
    page.wait_for_load_state("load")
    outcome = page.evaluate(ATTEMPTS[attempt])
    page.wait_for_timeout(500)
    assert page.evaluate("window.__ran") is None, f"{attempt}: ran ({outcome})"
    assert violations(page), f"{attempt}: no violation reported ({outcome})"
    assert page.url.startswith(root_url)


def test_an_inline_script_that_got_into_a_page_does_not_run(built_site, http_origin, browse):
    """Markup that got past the render: the page's policy does not list its hash."""
    path = section_page(built_site.site)
    original = (built_site.site / path).read_text(encoding="utf-8")
    injected = original.replace("</h1>", "</h1><script>window.__ran = 'injected'</script>", 1)
    assert injected != original
    context = browse(http_origin + "/", init_script=LISTEN)
    page = watched(context)
    page.route(http_origin + "/" + path, lambda route: route.fulfill(body=injected, content_type="text/html"))
    page.goto(http_origin + "/" + path)
    page.wait_for_load_state("load")
    assert page.evaluate("window.__ran") is None
    assert any(v.startswith("script-src-elem") for v in violations(page)), violations(page)
    # The page's own scripts still run: Material's bundle and ours.
    assert page.evaluate("[typeof window.document$, typeof window.Rulesite]") == ["object", "object"]
