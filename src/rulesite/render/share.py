"""What makes a rule easy to share and preview.

- A short page per rule (`r/832.1.c.2.html`): static HTML whose OpenGraph
  title and description carry the rule's text, so a link pasted into Discord or
  Reddit previews the rule, and which forwards a reader to the rule in its
  section. Written as plain files MkDocs copies as they are: thousands of them
  cost the MkDocs build nothing.
- `assets/previews.js`: every rule's and section's text by link target, for the
  previews shown when a reader hovers or focuses a rule reference. A script
  rather than JSON, because pages opened from disk (file://) may not fetch.
"""
from __future__ import annotations

import posixpath

from ..model import Section
from .context import Context
from .escape import script_json
from .markup import html_file, safe_href
from .paths import html_path, language_root, section_page, short_link
from .strings import t

SITE_NAME = "Rules reference"


def native_sections(ctx: Context, language: str) -> list[Section]:
    return [s for s in ctx.corpus.sections.values() if s.language == language]


def short_pages(ctx: Context, language: str) -> dict[str, str]:
    pages = {}
    for section in native_sections(ctx, language):
        for rule in section.rules:
            path = short_link(section.game, section.document, rule.number)
            target = posixpath.relpath(html_path(section_page(section.key)), posixpath.dirname(path))
            target += f"#{rule.number}"
            title = f"{rule.number} — {section.number} {section.title}"
            description = rule.text if len(rule.text) <= 300 else rule.text[:297] + "…"
            pages[path] = html_file(
                "short_page",
                language=language,
                title=title,
                site_name=SITE_NAME,
                description=description,
                target=safe_href(target),
                number=rule.number,
                text=rule.text,
                link_text=t(language, "link-to", what=f"{section.number} {section.title}"),
            )
    return pages


def previews_js(ctx: Context, language: str) -> str:
    previews = {}
    for section in ctx.corpus.sections.values():
        if section.language != language:
            continue
        page = html_path(section_page(section.key))
        heading = f"{section.number} {section.title}"
        first = section.rules[0].text if section.rules else ""
        previews[page] = {"number": section.number, "section": heading, "text": first}
        previews[f"{page}#{section.number}"] = previews[page]
        for rule in section.rules:
            previews[f"{page}#{rule.number}"] = {"number": rule.number, "section": heading, "text": rule.text}
    # Rules of another language's site that this site links to, keyed by their
    # path from this site's root ("../riftbound/...", "es/magic/...").
    for key, anchor in sorted(ctx.linker.cross_links.get(language, ())):
        section = ctx.linker.sections.get(key)
        if section is None:
            continue
        root = posixpath.relpath(language_root(section.language) or ".", language_root(language) or ".")
        page = posixpath.normpath(posixpath.join(root, html_path(section_page(key))))
        rule = next((r for r in section.rules if r.number == anchor), None)
        heading = f"{section.number} {section.title}"
        text = rule.text if rule else (section.rules[0].text if section.rules else "")
        entry = {"number": anchor or section.number, "section": heading, "text": text, "lang": section.language}
        previews[f"{page}#{anchor}" if anchor else page] = entry
    return "window.RULESITE_PREVIEWS = " + script_json(previews) + ";\n"
