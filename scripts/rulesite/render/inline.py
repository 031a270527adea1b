"""Text with its rule references and keywords turned into Markdown links."""
from __future__ import annotations

from ..model import Section
from ..resolve.links import Link, Linker
from .escape import attr_value, md_text
from .paths import relative, section_page
from .strings import t


def inline(text: str, game: str, page: str, linker: Linker, here: Section | None = None, language: str = "en") -> str:
    out = []
    for seg in linker.segments(text, game, here):
        if isinstance(seg, str):
            out.append(md_text(seg))
        elif seg.target is None:
            tip = attr_value(t(language, "not-in-sources", number=seg.number))
            out.append(f'<span class="ref-missing" title="{tip}">{md_text(seg.text)}</span>')
        else:
            out.append(link_markdown(seg, page))
    return "".join(out)


def link_markdown(link: Link, page: str) -> str:
    section_key, anchor = link.target
    to_page = section_page(section_key)
    # The keyword names a whole section: link to the page itself.
    href = relative(page, to_page, "" if link.kind == "keyword" else anchor)
    href = href or f"#{anchor}"
    css = "keyword" if link.kind == "keyword" else "ref"
    return f'[{md_text(link.text)}]({href}){{: .{css} data-rule="{attr_value(anchor)}" }}'
