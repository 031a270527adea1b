"""The check stage's glue: the built site read back (`check_built_site`) with
what it must hold (`expected_entries`, `counts_in`), the change feed's links,
and each service worker's store."""

from __future__ import annotations

import hashlib
import posixpath
from dataclasses import dataclass
from pathlib import Path

from .edition_counts import compare, counts_in, counts_out
from .entries import expected_entries
from .feed import feed_problems
from .run import CheckRequest, HeldFindings, check_built_site
from .offline_app import Precache, check_precache
from ..common.diagnostics import Diagnostics
from ..common.model import Loc
from ..resolve.resolved import ResolvedCorpus
from ..common import workers


def findings_file(config_dir: Path, site_dir: Path) -> Path:
    """Where the output check of `site_dir` keeps what it found of each file."""
    return config_dir / f"checked-{hashlib.sha256(str(site_dir).encode()).hexdigest()[:12]}.pickle"


@dataclass(frozen=True)
class SiteCheck:
    """What `check` found besides its problems."""

    pages: int  # pages checked
    counts: dict  # edition -> what its built pages anchor (`counts_out`)
    findings_reused: int  # files whose findings of the published generation's check were reused


def check(
    ctx: ResolvedCorpus,  # render's Context: also the Places of the pages it checks
    site_dir: Path,
    languages: list[str],
    diag: Diagnostics,
    label: str = "",
    findings: Path | None = None,
    published: str | None = None,
    held: HeldFindings | None = None,
) -> SiteCheck:
    """Stage 6: the built site read back: every link and #fragment lands, no
    link's words name another rule, no id twice in a page, nothing loads from the
    network, every entry of the model is shown once with its text, and each
    edition's pages anchor what was read of it. Problems go to `diag` (paths
    under `label`). `findings`, `published`: what the check of the published
    generation found of each file, reused for the files it still shares
    (`check_built_site`, `findings_file`); `held`: those findings kept in
    memory between the checks of one process (`rulesite serve`)."""
    # What exists (the model, the findings kept) is not walked by the collector
    # while the check makes its many small objects (`workers.frozen`).
    with workers.frozen():
        return _check(ctx, site_dir, languages, diag, label, findings, published, held)


def _check(
    ctx: ResolvedCorpus,
    site_dir: Path,
    languages: list[str],
    diag: Diagnostics,
    label: str,
    findings: Path | None,
    published: str | None,
    held: HeldFindings | None,
) -> SiteCheck:
    expected = expected_entries(
        ctx.corpus, ctx, languages, held.flat if held is not None else None, held.sections if held is not None else None
    )
    checked = check_built_site(CheckRequest(site_dir, expected, label, findings=findings, published=published, held=held), diag)
    entries = checked.entries
    built: dict = {}
    for language in languages:
        counted, problems = counts_out(ctx.corpus, entries, language, held.counts if held is not None else None)
        built.update(counted)
        for found in problems:
            diag.error_found(found, label)
    for found in compare(counts_in(ctx.corpus), built):  # of the whole site: named by its folder
        diag.error_found(found._replace(path=label or str(site_dir)))
    for found in feed_problems(site_dir, languages):  # each language's feed.xml, whose links readers follow
        diag.error_found(found, label)
    return SiteCheck(checked.pages, built, len(checked.reused))


def check_offline_app(site_dir: Path, diag: Diagnostics, label: str = "", known: dict | None = None) -> list[Precache]:
    """Stage 6 too: what each language's service worker stores on a first visit
    is in the built site, with the hashes it is listed with, within the budget.
    Problems go to `diag`; returns each worker's precache (files, bytes).
    `known`: the files read by earlier checks of this process (`check_precache`)."""
    problems, found = check_precache(site_dir, known=known)
    for where, message in problems:
        diag.error(Loc(posixpath.join(label, where) if label else where, 1), "offline-precache", message)
    return found
