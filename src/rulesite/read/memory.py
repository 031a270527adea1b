"""What the read stage keeps between the builds of one process (`rulesite
serve`; `memory.BuildMemory.read`)."""

from __future__ import annotations

from .kept import Shared


class ReadMemory:
    """Keeps: each YAML text read (walkthroughs, manifests, rulings' ids)
    parsed, by the text's digest and where it is shown (`parsed`,
    `read.yamlfile.keeping`); each document's reads and what merge made of
    them (its editions and current view), by the names of its sources' reads
    (`shared`, `read.kept.Shared`): a document read from the same entries is
    handed out as the very same objects, so that later stages tell it
    unchanged by its objects. Invalidated by: another text (digest) or other
    reads' names, found by lookup; a document merge reported a problem in, or
    with cards, is never kept. `forget` drops it all.

    The reads kept on disk (`.build/`, `read.kept.Kept`) are not here: they
    are the build folder's, and a clean build removes them first
    (`sequence.forget_earlier_builds`). `yamlfile._kept`, `_used` stay in their module on
    purpose: set only while `yamlfile.keeping` runs, to `parsed` and what
    this read used of it, and None between builds."""

    def __init__(self) -> None:
        self.forget()

    def forget(self) -> None:
        self.parsed: dict = {}
        self.shared = Shared()
