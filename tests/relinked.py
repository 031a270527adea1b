"""A context for a corpus a test made or changed after resolve.

Render only formats the links resolve worked out for the texts the site shows
(resolve/linked.py): a text a test adds has no links until resolve links it. So
a test that adds one resolves its corpus's links again, as the build would.
"""

from __future__ import annotations

import dataclasses

from rulesite.resolve.linked import link_texts
from rulesite.resolve.links import Linker


def relinked(ctx, corpus, **changes):
    """`ctx` with `corpus` and its texts' links; its keywords and the rest as they were."""
    links = link_texts(corpus, Linker(corpus, dict(ctx.links.keywords)))
    return dataclasses.replace(ctx, corpus=corpus, links=links, **changes)
