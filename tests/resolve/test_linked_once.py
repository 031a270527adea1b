"""Links are resolved once, in resolve, where each text is shown; render only
writes them. An older edition's rule cites that edition's numbers on its own
page, and what the build stores and counts of its references says the same."""

from __future__ import annotations

import ast
import posixpath
import re
from pathlib import Path

import pytest

from rulesite.stages import read as read_stage

from rulesite.stages import resolve as resolve_stage
from rulesite.common.diagnostics import Diagnostics
from rulesite.render.index_pages import render_unresolved
from rulesite.render.section_page import render_section
from rulesite.render.site import render_site
from rulesite.resolve.links import Linker
from rulesite.site_map.paths import html_path, section_page

# Two editions written for this test. In v1.0, 101.2 cites 101.3 (which v1.1
# prints as 101.4) and 102.2 (which v1.1 dropped); 102.1 cites a rule that
# neither edition prints.
EDITIONS = {
    ("1.0", "2025-01-01"): [
        "101.1. A unit has might.",
        "101.2. A unit can move (see rule 101.3 and rule 102.2).",
        "101.3. Units can attack.",
        "102.1. Players draw a card (see rule 109.9).",
        "102.2. Players may mulligan once.",
    ],
    ("1.1", "2025-02-01"): [
        "101.1. A unit has might.",
        "101.2. A unit can move (see rule 101.4).",
        "101.3. Units are game objects.",
        "101.4. Units can attack.",
        "102.1. Players draw a card.",
    ],
}
LINK = re.compile(r'<a class="ref" data-rule="[^"]*" href="([^"]*)">([^<]*)</a>|<span class="ref-missing"[^>]*>([^<]*)</span>')


@pytest.fixture(scope="module")
def two_ctx(tmp_path_factory):
    sources = tmp_path_factory.mktemp("two") / "rules_src"
    (sources / "riftbound").mkdir(parents=True)
    entries = []
    for (version, date), lines in EDITIONS.items():
        name = f"riftbound/core-v{version}.txt"
        (sources / name).write_text(f"Last Updated: {date}\n" + "\n".join(lines) + "\n", encoding="utf-8")
        entries.append(
            f"  - id: core-v{version}\n    path: {name}\n    game: riftbound\n    document: core-rules\n"
            f'    language: en\n    edition: {date}\n    version: "{version}"\n    format: rules-text\n'
        )
    (sources / "manifest.yml").write_text("sources:\n" + "\n".join(entries), encoding="utf-8")
    diag = Diagnostics()
    ctx = resolve_stage.resolve(read_stage.read_corpus(sources / "manifest.yml", diag), diag)
    # A whole edition citing a rule it lacks fails the build (error[unknown-rule]);
    # how the rule is shown meanwhile is what this module tests.
    assert [(d.code, d.loc.line) for d in diag.errors] == [("unknown-rule", 5)]
    return ctx


def _older_pages(ctx):
    return [s for s in ctx.editions.site_pages["en"] if s.version_path == "v1.0"]


def _links_on_page(section, ctx) -> dict[str, list[tuple[str, str | None]]]:
    """Rule number -> its text's rule links as the page shows them: (number, the
    page and anchor the link opens; None for a rule not in the sources)."""
    html = render_section(section, ctx)
    here = html_path(section_page(section.key))
    found = {}
    for rule in section.rules:
        start = html.index(f'id="{rule.number}"')
        end = min((html.index(f'id="{r.number}"') for r in section.rules if html.index(f'id="{r.number}"') > start), default=None)
        links = []
        for href, text, missing in LINK.findall(html[start:end]):
            if missing:
                links.append((missing, None))
            else:
                page, _, anchor = href.partition("#")
                links.append(
                    (
                        text,
                        f"{posixpath.normpath(posixpath.join(posixpath.dirname(here), page or here.rsplit('/', 1)[1]))}#{anchor}",
                    )
                )
        found[rule.number] = links
    return found


def test_an_older_editions_stored_references_are_the_links_on_its_page(two_ctx):
    pages = _older_pages(two_ctx)
    assert pages, "v1.0 has pages of its own"
    seen = 0
    for section in pages:
        shown = _links_on_page(section, two_ctx)
        for rule in section.rules:
            stored = [
                (ref.number, None if ref.target is None else f"{html_path(section_page(ref.target[0]))}#{ref.target[1]}")
                for ref in rule.references
            ]
            assert stored == shown[rule.number], rule.number
            seen += len(stored)
    assert seen == 3
    # 101.2 of v1.0 cites v1.0's own 101.3 and 102.2, on v1.0's page, not today's 101.3.
    (s101,) = [s for s in pages if s.number == "101"]
    rule = next(r for r in s101.rules if r.number == "101.2")
    assert [(ref.target[0].edition, ref.target[1]) for ref in rule.references] == [("v1.0", "101.3"), ("v1.0", "102.2")]


def test_what_the_build_counts_as_not_in_the_sources_is_what_pages_show_so(two_ctx):
    # 109.9 is in neither edition (its page marks it); 102.2 is v1.0's own, linked there.
    assert dict(two_ctx.links.unresolved) == {"109.9": 1}
    page = render_unresolved(two_ctx)  # the maintainer's list of rules cited but not in the sources
    assert "| 109\\.9 | 1 |" in page and "102" not in page
    stored = [ref for s in two_ctx.editions.site_pages["en"] for r in s.rules for ref in r.references]
    assert two_ctx.links.cited == len(stored) == 4  # v1.0's three and today's 101.2's one


def test_render_never_cuts_a_text_into_links(two_ctx, ctx, monkeypatch):
    """Every page of two sites rendered with the Linker unable to link: render
    reads what resolve linked, and no module of render names the Linker."""

    def refused(*args, **kwargs):
        raise AssertionError("render asked the Linker to link a text")

    for name in ("segments", "target", "_keyword_segments"):
        monkeypatch.setattr(Linker, name, refused)
    for context in (two_ctx, ctx):
        files = render_site(context, jobs=1)
        assert files["en"], "pages were rendered"
    render = Path(resolve_stage.__file__).parents[1] / "render"
    for module in render.glob("*.py"):
        names = {n.id for n in ast.walk(ast.parse(module.read_text(encoding="utf-8"))) if isinstance(n, ast.Name)}
        names |= {
            a.name
            for n in ast.walk(ast.parse(module.read_text(encoding="utf-8")))
            if isinstance(n, ast.ImportFrom)
            for a in n.names
        }
        assert "Linker" not in names, module.name
