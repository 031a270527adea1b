"""Fixtures of the render tests."""

from __future__ import annotations

import copy
import shutil
from pathlib import Path

import pytest

from rulesite.stages import read as read_stage

from rulesite.stages import resolve as resolve_stage
from rulesite.common.diagnostics import Diagnostics

FIXTURES = Path(__file__).parent.parent / "read" / "fixtures"
# Two editions of one document (fixtures written for the tests: section 200
# Reveal of v1 is 300 Reveal in v2, its rules renumbered, 101.1 reworded, 201 Hide added).
TWO_EDITIONS = "sources:\n" + "".join(
    f"  - {{id: e{n}, path: edition-{n}.rules-document.txt, game: riftbound, document: core-rules, language: en,\n"
    f"     edition: {date}, version: '{n}', format: rules-document}}\n"
    for n, date in ((1, "2030-01-15"), (2, "2030-06-01"))
)


@pytest.fixture
def fresh_ctx(ctx):
    """A copy of the seed model that a test may change."""
    return copy.deepcopy(ctx)


@pytest.fixture(scope="module")
def two_editions_ctx(tmp_path_factory):
    """The model of two editions of the Core Rules, read and resolved, with their diff."""
    folder = tmp_path_factory.mktemp("editions")
    for n in (1, 2):
        shutil.copy(FIXTURES / f"edition-{n}.rules-document.txt", folder)
    (folder / "manifest.yml").write_text(TWO_EDITIONS, encoding="utf-8")
    diag = Diagnostics()
    ctx = resolve_stage.resolve(read_stage.read_corpus(folder / "manifest.yml", diag), diag)
    assert diag.errors == []
    return ctx
