"""Resolve with a worker scoring the editions' rules beside it (`workers.beside`)
gives the very site resolving in one process gives: the worker scores exactly
the pairs of editions the comparison asks for, and the chains, histories and
diffs are made from its pairs as from pairs scored here."""

from __future__ import annotations

from pathlib import Path

import pytest
from editions_fixture import write_four_editions

from rulesite.stages import read as read_stage

from rulesite.stages import resolve as resolve_stage

from rulesite import sequence

from rulesite.common import workers
from rulesite.common.diagnostics import Diagnostics
from rulesite.render.site import render_site

# An excerpt of the Core Rules dated between v1.1 and v1.2: matched against v1.1,
# within its sections only.
EXCERPT = "Last Updated: 2025-02-15\n101.1. A unit has might.\n101.2. A unit can move to a battlefield or a base.\n"
EXCERPT_ENTRY = """
  - id: core-excerpt
    path: riftbound/core-excerpt.txt
    game: riftbound
    document: core-rules
    language: en
    edition: 2025-02-15
    format: rules-text
    partial: true
"""


@pytest.fixture(scope="module")
def sources(tmp_path_factory) -> Path:
    folder = write_four_editions(tmp_path_factory.mktemp("editions"))
    (folder / "riftbound" / "core-excerpt.txt").write_text(EXCERPT, encoding="utf-8")
    with (folder / "manifest.yml").open("a", encoding="utf-8") as manifest:
        manifest.write(EXCERPT_ENTRY)
    return folder


def _read(sources: Path):
    diag = Diagnostics()
    return read_stage.read_corpus(sources / "manifest.yml", diag), diag


def test_the_worker_scores_every_pair_the_comparison_asks_for(sources):
    corpus, _ = _read(sources)
    known = resolve_stage.edition_pairs(corpus)
    # Four whole editions: 3 neighbours, 2 more pre-rendered against the current
    # one (v1.0 and v1.1 -> v1.3), and the excerpt with its base (v1.1).
    assert sorted(key[3:] for key in known) == [
        ("v1.0", "v1.1", True),
        ("v1.0", "v1.3", True),
        ("v1.1", "2025-02-15", False),
        ("v1.1", "v1.2", True),
        ("v1.1", "v1.3", True),
        ("v1.2", "v1.3", True),
    ]
    scored = dict(known)
    resolve_stage.compare_editions(corpus, known)
    assert known == scored, "the comparison scored a pair the worker had not"


def test_resolving_beside_a_worker_gives_the_same_site(sources):
    corpus, diag = _read(sources)
    alone = resolve_stage.resolve(corpus, diag, jobs=1)
    corpus2, diag2 = _read(sources)
    beside = resolve_stage.resolve(corpus2, diag2, jobs=2)
    assert [str(d) for d in diag2.items] == [str(d) for d in diag.items]
    assert beside.diffs and len(beside.diffs) == len(alone.diffs) == 5
    one = render_site(alone, jobs=1, published=sequence.published_data(alone))
    other = render_site(beside, jobs=1, published=sequence.published_data(beside))
    assert any(path.startswith("data/") for path in one["en"]), "the published data is compared too"
    assert list(one) == list(other)
    for lang in one:
        assert list(one[lang]) == list(other[lang])
        assert [p for p in one[lang] if one[lang][p] != other[lang][p]] == []


def _fails():
    raise ValueError("a job that fails")


@pytest.mark.parametrize("fork", [True, False])
def test_a_job_beside_gives_its_result_or_its_error(fork):
    with workers.beside(lambda: {"made": [1, 2]}, fork) as result:
        here = sum(range(10))
        assert result() == {"made": [1, 2]}
    assert here == 45
    with pytest.raises(ValueError, match="a job that fails"):
        with workers.beside(_fails, fork) as result:
            result()
