"""Acceptance: text from sources is never run as HTML or Markdown.

Sources are pasted from web pages. Whatever markup they hold (a script, an
image with an onerror handler, a javascript: link, Markdown emphasis) must reach
the reader as the characters printed, never as an element, and the maintainer
must be told where it is (`path:line: warning[raw-html]`). Built for real with
rulesite build from a copy of rules_src/ with markup injected.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
from buildutil import run_build

WEB_424 = "rules_src/riftbound/424-reveal.web-page.txt"
WEB_832 = "rules_src/riftbound/832-show-off.web-page.txt"
RULINGS = "rules_src/riftbound/community-rulings.txt"

SCRIPT = "<script>alert(1)</script>"
IMG = "<img src=x onerror=alert(1)>"
JS_LINK = "[x](javascript:alert(1))"
BOLD = "**bold**"
RULING_SCRIPT = "<script>alert(2)</script>"
RULING_LINK = "[y](javascript:alert(3))"
TITLE_MARKUP = "<script>alert(4)</script> <img src=x onerror=alert(4)> **big**"


# --- helpers -------------------------------------------------------------------


def copy_sources(repo_root: Path, tmp_path: Path) -> Path:
    shutil.copytree(repo_root / "rules_src", tmp_path / "rules_src")
    return tmp_path


def append_after(file: Path, number_line: str, extra: str, offset: int) -> tuple[int, int]:
    """Appends `extra` to the line `offset` lines below the line equal to
    `number_line` (the rule's text); returns (number line, text line), 1-based."""
    lines = file.read_text(encoding="utf-8").split("\n")
    index = lines.index(number_line)
    assert lines[index + offset].strip(), "expected the rule's text there"
    lines[index + offset] += " " + extra
    file.write_text("\n".join(lines), encoding="utf-8")
    return index + 1, index + offset + 1


def edit_ruling(file: Path, line: int, label: str, extra: str) -> None:
    """Puts `extra` at the end of the part of ruling `line` that comes before `label`."""
    lines = file.read_text(encoding="utf-8").split("\n")
    assert f" {label}:" in lines[line - 1]
    lines[line - 1] = lines[line - 1].replace(f" {label}:", f" {extra} {label}:", 1)
    file.write_text("\n".join(lines), encoding="utf-8")


def build(repo_root: Path, root: Path) -> subprocess.CompletedProcess:
    return run_build(repo_root, root)


class _Elements(HTMLParser):
    """Every element of a page as the browser would create it, and the page's text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict, int]] = []
        self.scripts: list[str] = []
        self.text: list[str] = []
        self._in: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, {k.lower(): v or "" for k, v in attrs}, self.getpos()[0]))
        if tag in ("script", "title"):
            self._in.append(tag)

    def handle_endtag(self, tag):
        if self._in and self._in[-1] == tag:
            self._in.pop()

    def handle_data(self, data):
        if self._in and self._in[-1] == "script":
            self.scripts.append(data)
        else:
            self.text.append(data)


def _without_title(html: str) -> str:
    """<title> is raw text for browsers (markup in it shows as characters); Python's
    parser would read it as markup, so titles are checked apart."""
    return re.sub(r"<title>.*?</title>", "<title></title>", html, flags=re.DOTALL | re.IGNORECASE)


def injected_elements(site: Path) -> list[str]:
    """Every element that markup from the sources could have created."""
    problems = []
    for file in sorted(site.rglob("*.html")):
        rel = file.relative_to(site).as_posix()
        html = file.read_text(encoding="utf-8")
        for title in re.findall(r"<title>(.*?)</title>", html, flags=re.DOTALL | re.IGNORECASE):
            if "</title" in title.lower():
                problems.append(f"{rel}: markup closes <title>")
        parser = _Elements()
        parser.feed(_without_title(html))
        for tag, attrs, line in parser.elements:
            handlers = [a for a in attrs if a.startswith("on")]
            if handlers:
                problems.append(f"{rel}:{line}: <{tag}> has event handler(s) {handlers}")
            for name in ("href", "src", "action", "formaction", "data"):
                if re.match(r"\s*javascript\s*:", attrs.get(name, ""), re.IGNORECASE):
                    problems.append(f"{rel}:{line}: <{tag} {name}={attrs[name]!r}>")
            if tag == "img" and attrs.get("src") == "x":
                problems.append(f"{rel}:{line}: injected <img>")
        for script in parser.scripts:
            if "alert(" in script:
                problems.append(f"{rel}: a <script> element runs injected code: {script.strip()[:80]!r}")
    return problems


def page_text(file: Path) -> str:
    parser = _Elements()
    parser.feed(_without_title(file.read_text(encoding="utf-8")))
    return re.sub(r"\s+", " ", "".join(parser.text))


def warnings(output: str) -> list[tuple[str, int]]:
    return [
        (m["path"], int(m["line"]))
        for m in re.finditer(r"^(?P<path>\S+):(?P<line>\d+): warning\[raw-html\]: .+$", output, re.MULTILINE)
    ]


def search_texts(site: Path) -> list[str]:
    """Every string of every word index (assets/search-*.js): what the search box shows."""
    out = []

    def strings(value) -> None:
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, list | dict):
            for item in value.values() if isinstance(value, dict) else value:
                strings(item)

    for path in site.rglob("search-*.js"):
        if re.fullmatch(r"search-(words|text-\d+)\.js", path.name):
            raw = path.read_text(encoding="utf-8")
            strings(json.loads(raw[raw.index("(", raw.index("push")) + 1 : raw.rindex(")")]))
    return out


# --- rule and ruling texts -------------------------------------------------------------


@pytest.fixture(scope="module")
def injected(repo_root: Path, tmp_path_factory):
    root = copy_sources(repo_root, tmp_path_factory.mktemp("untrusted"))
    places = {
        # web-blocks: the number, a blank line, then the text
        SCRIPT: (WEB_424, *append_after(root / WEB_424, "424.1.", SCRIPT, 2)),
        IMG: (WEB_424, *append_after(root / WEB_424, "424.2.", IMG, 2)),
        BOLD: (WEB_424, *append_after(root / WEB_424, "424.4.", BOLD, 2)),
        # web-bullets: the number bullet, then the text bullet (832.3 is printed only here)
        JS_LINK: (WEB_832, *append_after(root / WEB_832, "- 832.3.", JS_LINK, 1)),
    }
    edit_ruling(root / RULINGS, 3, "Nuances", RULING_SCRIPT)  # in the answer
    edit_ruling(root / RULINGS, 5, "Nuances", RULING_LINK)  # in the last step of the Sequence
    places[RULING_SCRIPT] = (RULINGS, 3, 3)
    places[RULING_LINK] = (RULINGS, 5, 5)
    result = build(repo_root, root)
    return root, places, result


def test_the_build_succeeds_and_warns_once_per_injected_markup(injected):
    root, places, result = injected
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-4000:]
    assert "Traceback" not in output
    found = warnings(output)
    for markup, (path, number_line, text_line) in places.items():
        assert any(p == path and l in (number_line, text_line) for p, l in found), (
            f"no `{path}:{text_line}: warning[raw-html]` for {markup}\n{output}"
        )
    assert len(found) == len(places), found


def test_no_injected_element_reaches_the_site(injected):
    root, _, _ = injected
    assert injected_elements(root / "site") == []


def test_markup_is_shown_as_the_characters_printed(injected):
    root, _, _ = injected
    site = root / "site"
    rules_424 = [f for f in site.rglob("424.html") if SCRIPT in page_text(f)]
    assert rules_424, "the 424 page does not show the <script> text"
    text = page_text(rules_424[0])
    for markup in (SCRIPT, IMG, BOLD):
        assert markup in text
    rules_832 = [f for f in site.rglob("832.html") if JS_LINK in page_text(f)]
    assert rules_832, "the 832 page does not show the javascript: link as text"
    ruling = site / "riftbound" / "rulings"
    assert any(RULING_SCRIPT in page_text(f) for f in ruling.glob("*.html"))
    assert any(RULING_LINK in page_text(f) for f in ruling.glob("*.html"))
    # "**bold**" is not made bold.
    html = rules_424[0].read_text(encoding="utf-8")
    assert not re.search(r"<(strong|b|em)>\s*bold\s*</", html)


def test_search_results_cannot_inject_markup(injected):
    """The search box shows the site's word index alone: no other index of the
    pages' HTML (Material's search_index.json) is published."""
    root, _, _ = injected
    assert not list((root / "site").rglob("search_index.*"))
    texts = search_texts(root / "site")
    assert texts, "no search index was built"
    # Held as the characters printed (word-search.js shows them with textContent).
    assert any(SCRIPT in t for t in texts), "the injected text is not searchable"


def test_the_word_index_holds_injected_markup_as_text(injected):
    """The site's word index (assets/search-*.js) carries the printed characters
    inside JSON no `<` can leave (script_json); word-search.js shows them with
    textContent (tests/browser/test_browser_xss.py searches them in Chromium)."""
    root, _, _ = injected
    files = [f for f in (root / "site").rglob("search-*.js") if re.fullmatch(r"search-(words|text-\d+)\.js", f.name)]
    assert files, "no word index was built"
    texts = []
    for path in files:
        raw = path.read_text(encoding="utf-8")
        assert "<" not in raw and ">" not in raw, path
        texts.append(json.dumps(json.loads(raw[raw.index("(", raw.index("push")) + 1 : raw.rindex(")")])))
    for markup in (SCRIPT, IMG, RULING_SCRIPT):
        assert any(json.dumps(markup)[1:-1] in t for t in texts), f"{markup} is not searchable as text"


def test_a_quote_in_a_sections_first_rule_cannot_break_out_of_an_attribute(repo_root: Path, tmp_path: Path):
    """Rule texts are full of double quotes; the first rule of a section also
    describes its page (<meta name="description" content="...">), where a quote
    must not end the attribute and let the rest run."""
    root = copy_sources(repo_root, tmp_path)
    breakout = '"><script>alert(5)</script>'
    number_line, text_line = append_after(root / WEB_424, "424.1.", breakout, 2)
    result = build(repo_root, root)
    output = result.stdout + result.stderr
    assert "Traceback" not in output
    assert any(p == WEB_424 and l in (number_line, text_line) for p, l in warnings(output)), output
    site = root / "site"
    if site.exists():
        assert injected_elements(site) == []
    assert result.returncode == 0, output[-3000:]
    assert any(breakout in page_text(f) for f in site.rglob("424.html"))


# --- a section title ------------------------------------------------------------------


def test_markup_in_a_section_title_is_shown_as_text(repo_root: Path, tmp_path: Path):
    """The title line of the 424 page names the section: it appears in headings,
    the navigation of every page, indexes and the browser tab."""
    root = copy_sources(repo_root, tmp_path)
    page = root / WEB_424
    lines = page.read_text(encoding="utf-8").split("\n")
    assert lines[0].startswith("Reveal — ")
    lines[0] = lines[0].replace("Reveal — ", f"Reveal {TITLE_MARKUP} — ", 1)
    page.write_text("\n".join(lines), encoding="utf-8")
    result = build(repo_root, root)
    output = result.stdout + result.stderr
    assert "Traceback" not in output
    assert (WEB_424, 1) in warnings(output), output
    site = root / "site"
    # Whatever the exit code, a site left on disk must hold nothing live.
    if site.exists():
        problems = injected_elements(site)
        assert problems == [], f"{len(problems)} problems, the first ones:\n" + "\n".join(problems[:8])
    assert result.returncode == 0, output[-3000:]
    shown = [f for f in site.rglob("424.html") if f"Reveal {TITLE_MARKUP}" in page_text(f)]
    assert shown, "the section title is not shown as the characters printed"
    assert not list(site.rglob("search_index.*"))  # no index of the pages' HTML: the word index alone


# --- titles and names from the manifest, the concordance and the rulings' ids ----------

MANIFEST = "rules_src/manifest.yml"
CONCORDANCE = "rules_src/concordance.yml"
RULING_IDS = "rules_src/riftbound/community-rulings.ids.yml"


def replace_line(file: Path, old: str, new: str) -> int:
    """Replaces the first line equal to `old` (stripped); returns its 1-based number."""
    lines = file.read_text(encoding="utf-8").split("\n")
    index = next(i for i, line in enumerate(lines) if line.strip() == old)
    lines[index] = lines[index].replace(old, new)
    file.write_text("\n".join(lines), encoding="utf-8")
    return index + 1


def test_markup_in_titles_from_the_manifest_the_concordance_and_the_rulings_is_shown_as_text(repo_root: Path, tmp_path: Path):
    """Every generated page takes its <title> from escaped front matter: a
    topic page once took its H1's HTML, so `</title><svg onload>` ran."""
    root = copy_sources(repo_root, tmp_path)
    titles = {
        "source": 'Show Off page <svg onload=alert(21)> "quoted"',
        "topic": "Revealing </title><svg onload=alert(22)>",
        "ruling": "Ride the Wind <img src=x onerror=alert(23)></title>",
    }
    replace_line(
        root / MANIFEST, 'title: "Show Off keyword web page, with related FAQ"', f"title: {json.dumps(titles['source'])}"
    )
    replace_line(root / CONCORDANCE, "title: Revealing across games", f"title: {json.dumps(titles['topic'])}")
    replace_line(
        root / RULING_IDS,
        'title: "Ride the Wind can\'t take control of a contested battlefield"',
        f"title: {json.dumps(titles['ruling'])}",
    )
    result = build(repo_root, root)
    output = result.stdout + result.stderr
    assert "Traceback" not in output
    assert result.returncode == 0, output[-3000:]
    site = root / "site"
    problems = injected_elements(site)
    assert problems == [], "\n".join(problems[:8])
    texts = " ".join(page_text(f) for f in site.rglob("*.html"))
    for title in titles.values():
        assert title in texts, f"{title!r} is not shown as the characters printed"
    browser_titles = [
        t for f in site.rglob("*.html") for t in re.findall(r"<title>(.*?)</title>", f.read_text(encoding="utf-8"), re.DOTALL)
    ]
    assert any("Revealing &lt;/title&gt;&lt;svg onload=alert(22)&gt;" in t for t in browser_titles)


def test_markup_in_a_name_is_an_error_at_read_time(repo_root: Path, tmp_path: Path):
    """Ids and file names become anchors, attributes and paths: markup in one is
    a `path:line: error[code]` before anything is written (the render stage
    would still escape it: tests/render/test_escape.py)."""
    root = copy_sources(repo_root, tmp_path)
    hostile_file = "core`<svg onload=alert(31)>`.txt"
    (root / "rules_src/riftbound" / "core-rules-excerpt-2026-10-09.txt").rename(root / "rules_src/riftbound" / hostile_file)
    replace_line(root / MANIFEST, "- id: rb-832-web", "- id: x onclick=alert(32) tabindex=0")
    replace_line(root / MANIFEST, "path: riftbound/core-rules-excerpt-2026-10-09.txt", f"path: 'riftbound/{hostile_file}'")
    replace_line(
        root / RULING_IDS, "- id: ride-the-wind-cannot-flip-a-contested-battlefield", '- id: "y}<svg/onload=alert(33)>{:z"'
    )
    replace_line(root / CONCORDANCE, "- id: revealing", '- id: "revealing</title><svg onload=alert(34)>"')
    expected = {"alert(31)": MANIFEST, "alert(32)": MANIFEST, "alert(33)": RULING_IDS, "alert(34)": CONCORDANCE}
    result = build(repo_root, root)
    output = result.stdout + result.stderr
    assert "Traceback" not in output
    assert result.returncode == 1, output[-3000:]
    errors = re.findall(r"^(\S+):([1-9]\d*): error\[[a-z-]+\]: (.+)$", output, re.MULTILINE)
    for marker, path in expected.items():
        assert any(p == path and marker in message for p, _, message in errors), (
            f"no {path}:LINE: error naming {marker}\n{output[:3000]}"
        )
    assert not (root / "docs").exists() and not (root / "site").exists()
