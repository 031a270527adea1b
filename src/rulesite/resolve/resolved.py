"""What resolve made of the corpus, in one read-only value.

`stages.resolve.resolve` returns it (as render's Context, which adds the site being
rendered); render and export read it and neither changes it. Export needs
nothing else of render: it is given this, not render's Context.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..common.model import Corpus
from .citations import Citations
from .concordance import Concordance
from .entries import ChangesView
from .linked import LinkedTexts
from .view import EditionsView


@dataclass(frozen=True)
class ResolvedCorpus:
    corpus: Corpus
    links: LinkedTexts  # every shown text's links, resolved once (linked.py)
    citations: Citations
    concordance: Concordance = field(default_factory=Concordance)
    # (edition label, rule number) -> its appearances in every edition; None: one edition only
    history: dict | None = None
    diffs: list = field(default_factory=list)  # the pre-rendered EditionDiffs (resolve.history.prerendered_pairs)
    chains: dict = field(default_factory=dict)  # (game, document, language) -> resolve.history.RuleChains
    reviews: list = field(default_factory=list)  # rulings and walkthroughs that need review
    findings: list = field(default_factory=list)  # warnings about the sources, for the maintainer
    editions: EditionsView | None = None  # current editions and where each edition's rules are shown
    changes: ChangesView | None = None  # diff entries, history rows, where older sections are now
    dated: tuple = ()  # every dated item, newest first (dated.py): what the change feed lists
    feed_date: str = "2000-01-01"  # the newest source's date: a feed's date when it lists nothing
