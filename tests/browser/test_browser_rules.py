"""In Chromium, over http://127.0.0.1 and file://: rule references land on the
rule, short links forward to it, previews show the referenced rule (mouse,
keyboard, phone width, dark mode), and copy-link buttons copy the short link.
"""

from __future__ import annotations

import json
from urllib.parse import unquote, urlsplit

import pytest
from playwright.sync_api import expect

from browser_site import PHONE, html_pages, lang_root, language_roots, links, normalize, rulings, rules

pytestmark = pytest.mark.browser

PREVIEW = "#rulesite-preview"

# The text of a rule as shown on its page: its heading (or first paragraph)
# without the number, the copy button and the permalink.
RULE_TEXT_JS = """number => {
  const rule = document.querySelector(`.rule[data-rule="${CSS.escape(number)}"]`)
    || document.getElementById(number)?.closest('.rule');
  if (!rule) return null;
  const head = rule.querySelector(':scope > .rule-head') || rule.querySelector(':scope > p');
  const copy = head.cloneNode(true);
  copy.querySelectorAll('.rule-number, .rule-copy, .rule-copy-manual, .headerlink').forEach(e => e.remove());
  return copy.textContent;
}"""

H1_TEXT_JS = """() => {
  const h1 = document.querySelector('article h1').cloneNode(true);
  h1.querySelectorAll('.headerlink').forEach(e => e.remove());
  return h1.textContent.trim();
}"""


def cross_page_ref(site, other_language=False):
    """A rule reference to a rule on another page that exists there: in the same
    language's site, or (other_language) in another language's site."""
    for link in links(site, "ref"):
        if link.target_page == link.page or not link.anchor:
            continue
        if (lang_root(site, link.page) != lang_root(site, link.target_page)) != other_language:
            continue
        if link.anchor in {r.number for r in rules(site, link.target_page)}:
            return link
    where = "another language's site" if other_language else "another page of the same site"
    pytest.fail(f"no page of the built site has an a.ref to a rule on {where}")


def keyword_link(site):
    for link in links(site, "keyword"):
        if link.target_page != link.page:
            return link
    pytest.fail("no page of the built site has an a.keyword to another page")


def link_locator(page, link):
    return page.locator(f'a.{link.kind}[data-rule="{link.rule}"][href="{link.href}"]').first


def rule_text(context, root_url, page_path, number):
    """The rule's text on its own page, read in the browser."""
    page = context.new_page()
    page.goto(root_url + page_path)
    text = page.evaluate(RULE_TEXT_JS, number)
    title = page.evaluate(H1_TEXT_JS)
    page.close()
    assert text is not None, f"rule {number} not found on {page_path}"
    return normalize(text), title


def with_short_rules(site, root=""):
    """A section page of the language site at `root` (main site by default)
    and its deepest rule that has a data-short."""
    for page in html_pages(site):
        if lang_root(site, page) != root:
            continue
        found = [r for r in rules(site, page) if r.short]
        if found:
            return page, max(found, key=lambda r: (r.depth, r.number))
    pytest.fail(f"no rule of the built site{' under ' + root if root else ''} has a data-short attribute")


def short_url(root_url, short):
    url = root_url + short
    if url.startswith("file:") and url.endswith("/"):
        url += "index.html"  # from disk a folder does not open its index.html
    return url


# --------------------------------------------------------------------------
# Following links


def test_reference_lands_on_the_rule(built_site, root_url, browse):
    link = cross_page_ref(built_site.site)
    page = browse(root_url).new_page()
    page.goto(root_url + link.page)
    link_locator(page, link).click()
    page.wait_for_url(lambda url: urlsplit(url).path.endswith("/" + link.target_page))
    assert unquote(urlsplit(page.url).fragment) == link.anchor
    target = page.locator(f'[id="{link.anchor}"]')
    expect(target).to_be_visible()
    expect(target).to_be_in_viewport()
    assert page.evaluate("document.querySelector(':target') && document.querySelector(':target').id") == link.anchor
    # Not hidden under Material's fixed header.
    header = page.locator("header.md-header").bounding_box()
    assert target.bounding_box()["y"] >= header["y"] + header["height"] - 1


def test_short_link_forwards_to_the_rule(built_site, root_url, browse):
    section, rule = with_short_rules(built_site.site)
    page = browse(root_url).new_page()
    page.goto(short_url(root_url, rule.short))
    page.wait_for_url(lambda url: urlsplit(url).path.endswith("/" + section) and urlsplit(url).fragment)
    assert unquote(urlsplit(page.url).fragment) == rule.number
    expect(page.locator(f'[id="{rule.number}"]')).to_be_in_viewport()


# --------------------------------------------------------------------------
# Previews


@pytest.mark.parametrize("other_language", [False, True], ids=["same-site", "other-language"])
def test_hover_shows_the_referenced_rule(built_site, root_url, browse, other_language):
    link = cross_page_ref(built_site.site, other_language)
    context = browse(root_url)
    expected, _ = rule_text(context, root_url, link.target_page, link.anchor)
    page = context.new_page()
    page.goto(root_url + link.page)
    ref = link_locator(page, link)
    ref.hover()
    preview = page.locator(PREVIEW)
    expect(preview).to_be_visible()
    expect(preview).to_have_attribute("role", "tooltip")
    expect(ref).to_have_attribute("aria-describedby", "rulesite-preview")
    expect(preview.locator(".rule-preview__number")).to_have_text(link.anchor)
    shown = normalize(preview.locator(".rule-preview__text").inner_text())
    assert shown.rstrip("…") and normalize(shown.rstrip("…")) in expected, (shown, expected)
    # Moving away hides it.
    page.mouse.move(5, page.viewport_size["height"] - 5)
    expect(preview).to_be_hidden()
    assert ref.get_attribute("aria-describedby") is None


def test_every_reference_has_a_preview(built_site):
    """Each a.ref / a.keyword finds its entry in the preview file of its target
    page, in the target's own language site: assets/previews/<page>.js, whose
    entries are keyed by anchor ("" for the section itself)."""
    site = built_site.site
    roots = language_roots(site)
    files = {}

    def entries(root: str, page: str):
        key = (root, page)
        if key not in files:
            js = site / root / "assets" / "previews" / (page.removesuffix(".html") + ".js")
            files[key] = None
            if js.is_file():
                text = js.read_text(encoding="utf-8")
                data = json.loads(text[text.index("{") : text.rindex("}") + 1])
                assert data["page"] == page
                files[key] = data["entries"]
        return files[key]

    missing = []
    for kind in ("ref", "keyword"):
        for link in links(site, kind):
            # The site (language root) that holds the target page, and the page within it.
            root = max((r for r in roots.values() if link.target_page.startswith(r)), key=len)
            page = link.target_page[len(root) :]
            found = entries(root, page)
            if found is None or (link.anchor or "") not in found:
                missing.append(f"{link.page}: {kind} {link.href} -> {root}assets/previews/{page} has no {link.anchor!r}")
    assert not missing, f"{len(missing)} links without a preview:\n" + "\n".join(sorted(set(missing))[:40])


def test_hover_on_a_keyword_shows_its_section(built_site, root_url, browse):
    link = keyword_link(built_site.site)
    context = browse(root_url)
    page = context.new_page()
    page.goto(root_url + link.target_page)
    title = page.evaluate(H1_TEXT_JS)
    page.goto(root_url + link.page)
    link_locator(page, link).hover()
    preview = page.locator(PREVIEW)
    expect(preview).to_be_visible()
    expect(preview.locator(".rule-preview__section")).to_have_text(title)
    assert link.rule in preview.inner_text()


def test_keyboard_focus_shows_the_preview_and_escape_hides_it(built_site, root_url, browse):
    link = cross_page_ref(built_site.site)
    context = browse(root_url)
    expected, _ = rule_text(context, root_url, link.target_page, link.anchor)
    page = context.new_page()
    page.goto(root_url + link.page)
    ref = link_locator(page, link)
    # Focus what comes just before the link in tab order, then press Tab.
    ref.evaluate(
        """link => {
          const all = [...document.querySelectorAll('a[href], button, input, select, textarea, [tabindex]')]
            .filter(e => e.tabIndex >= 0 && !e.disabled && e.getClientRects().length);
          const before = all[all.indexOf(link) - 1];
          before.focus();
        }"""
    )
    page.keyboard.press("Tab")
    assert ref.evaluate("link => document.activeElement === link"), "Tab did not reach the reference"
    preview = page.locator(PREVIEW)
    expect(preview).to_be_visible()
    expect(ref).to_have_attribute("aria-describedby", "rulesite-preview")
    assert normalize(preview.locator(".rule-preview__text").inner_text()).rstrip("…") in expected
    page.keyboard.press("Escape")
    expect(preview).to_be_hidden()
    assert ref.get_attribute("aria-describedby") is None
    # Leaving and coming back shows it again.
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    expect(preview).to_be_visible()
    page.keyboard.press("Shift+Tab")
    expect(preview).to_be_hidden()


def _contrast(fg: str, bg: str) -> float:
    def channels(css):
        inner = css[css.index("(") + 1 : css.index(")")].replace("/", ",")
        return [float(x) for x in inner.replace(",", " ").split()][:3]

    def luminance(rgb):
        out = []
        for c in rgb:
            c /= 255
            out.append(c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4)
        return 0.2126 * out[0] + 0.7152 * out[1] + 0.0722 * out[2]

    a, b = luminance(channels(fg)), luminance(channels(bg))
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
def test_preview_fits_a_phone_and_is_readable(built_site, root_url, browse, color_scheme):
    link = cross_page_ref(built_site.site)
    page = browse(root_url, viewport=PHONE, color_scheme=color_scheme).new_page()
    page.goto(root_url + link.page)
    scheme = page.evaluate("document.body.getAttribute('data-md-color-scheme')")
    assert scheme == ("slate" if color_scheme == "dark" else "default")
    ref = link_locator(page, link)
    ref.scroll_into_view_if_needed()
    ref.focus()
    preview = page.locator(PREVIEW)
    expect(preview).to_be_visible()
    box = preview.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    assert box["width"] >= 200, box
    colors = preview.evaluate("e => { const s = getComputedStyle(e); return [s.color, s.backgroundColor]; }")
    assert _contrast(*colors) >= 4.5, colors
    size = preview.evaluate("e => parseFloat(getComputedStyle(e.querySelector('.rule-preview__text')).fontSize)")
    assert size >= 13, size


# --------------------------------------------------------------------------
# Copy-link buttons

# What the page put on the clipboard, as the browser's "copy" event sees it
# (Material's clipboard copies the selection of a field it adds for a moment).
COPY_RECORDER = """
window.__copied = [];
document.addEventListener('copy', () => {
  const field = document.activeElement;
  window.__copied.push(field && typeof field.value === 'string'
    ? field.value.slice(field.selectionStart, field.selectionEnd) : String(document.getSelection()));
});
"""

NO_CLIPBOARD = """
Object.defineProperty(navigator, 'clipboard', {configurable: true, value: undefined});
document.execCommand = () => false;
"""


def test_copy_button_copies_the_short_link_over_http(built_site, http_origin, browse):
    root_url = http_origin + "/"
    section, rule = with_short_rules(built_site.site)
    page = browse(root_url, permissions=["clipboard-read", "clipboard-write"]).new_page()
    page.goto(root_url + section)
    button = page.get_by_role("button", name=f"Copy link to rule {rule.number}", exact=True)
    expect(button).to_have_count(1)
    button.click()
    expect(button).to_have_class("rule-copy is-copied")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == root_url + rule.short
    # The copied link works.
    page.goto(copied)
    page.wait_for_url(lambda url: urlsplit(url).fragment == rule.number)
    expect(page.locator(f'[id="{rule.number}"]')).to_be_in_viewport()


def test_copy_button_copies_the_short_link_from_disk(built_site, browse):
    root_url = built_site.site.resolve().as_uri() + "/"
    section, rule = with_short_rules(built_site.site)
    page = browse(root_url, init_script=COPY_RECORDER).new_page()
    page.goto(root_url + section)
    button = page.get_by_role("button", name=f"Copy link to rule {rule.number}", exact=True)
    button.click()
    expect(button).to_have_class("rule-copy is-copied")
    copied = page.evaluate("window.__copied")
    assert copied == [short_url(root_url, rule.short)]
    page.goto(copied[0])
    page.wait_for_url(lambda url: urlsplit(url).fragment == rule.number)


def test_copy_without_clipboard_shows_the_link_selected(built_site, root_url, browse):
    section, rule = with_short_rules(built_site.site)
    page = browse(root_url, init_script=NO_CLIPBOARD).new_page()
    page.goto(root_url + section)
    page.get_by_role("button", name=f"Copy link to rule {rule.number}", exact=True).click()
    field = page.locator(".rule-copy-manual input")
    expect(field).to_be_visible()
    expect(field).to_be_focused()
    expect(field).to_have_value(short_url(root_url, rule.short))
    assert field.evaluate("e => [e.selectionStart, e.selectionEnd]") == [0, len(short_url(root_url, rule.short))]
    page.keyboard.press("Escape")
    expect(field).to_have_count(0)


def test_every_rule_and_ruling_has_one_copy_button(built_site, root_url, browse):
    site = built_site.site
    section, _ = with_short_rules(site)
    ruling_page = next((p for p in html_pages(site) if any(r.get("id") for r in rulings(site, p))), None)
    assert ruling_page, 'no page has a <div class="ruling" id=...>'
    page = browse(root_url).new_page()
    page.goto(root_url + section)
    numbers = [r.number for r in rules(site, section)]
    labels = page.locator("button.rule-copy:not(.rule-copy--item):not(.rule-cite)").evaluate_all(
        "bs => bs.map(b => b.getAttribute('aria-label'))"
    )
    assert labels == [f"Copy link to rule {n}" for n in numbers]
    # And one "copy with citation" each.
    cites = page.locator("button.rule-cite:not(.rule-copy--item)").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")
    assert cites == [f"Copy rule {n} with its citation" for n in numbers]
    # Each FAQ answer of the page too, right after its question.
    questions = page.locator(".faq-question[data-short]")
    assert page.locator(".faq-question[data-short] + button.rule-copy--item").count() == questions.count()
    page.goto(root_url + ruling_page)
    ids = [r["id"] for r in rulings(site, ruling_page) if r.get("id")]
    labels = page.locator("button.rule-copy").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")
    assert labels == [x for i in ids for x in (f"Copy link to ruling {i}", f"Copy ruling {i} with its citation")]


def test_copy_button_of_a_ruling(built_site, http_origin, browse):
    site = built_site.site
    root_url = http_origin + "/"
    for ruling_page in html_pages(site):
        found = [r for r in rulings(site, ruling_page) if r.get("id") and r.get("data-short")]
        if found:
            break
    else:
        pytest.fail('no page has a <div class="ruling" id=... data-short=...>')
    ruling = found[0]
    page = browse(root_url, permissions=["clipboard-read", "clipboard-write"]).new_page()
    page.goto(root_url + ruling_page)
    page.get_by_role("button", name=f"Copy link to ruling {ruling['id']}", exact=True).click()
    assert page.evaluate("navigator.clipboard.readText()") == root_url + ruling["data-short"]


def test_copy_buttons_speak_the_page_language(built_site, root_url, browse):
    """On the Spanish site the button's name is Spanish."""
    site = built_site.site
    roots = language_roots(site)
    if "es" not in roots:
        pytest.fail("no Spanish site (site/es/index.html)")
    es = roots["es"]
    for page_path in html_pages(site):
        if page_path.startswith(es):
            found = [r for r in rules(site, page_path)]
            if found:
                break
    else:
        pytest.fail("the Spanish site has no rules")
    page = browse(root_url).new_page()
    page.goto(root_url + page_path)
    expect(page.get_by_role("button", name=f"Copiar enlace a la regla {found[0].number}", exact=True)).to_have_count(1)
