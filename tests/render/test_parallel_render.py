"""Rendering by forked workers, one a core (workers.py), gives the very
files rendering in one process gives, in the same order, whatever the number
of workers: the seed site, and two editions whose diff pages are made in
the first wave, where each entry landed then handed to the workers of the
second (a rule's history links its entry there). A job that fails in a
worker fails the render, with its error."""

from __future__ import annotations


import pytest

from rulesite import workers
from rulesite.render.site import render_site


@pytest.fixture(scope="module")
def editions_ctx(two_editions_ctx):
    assert two_editions_ctx.diffs, "two editions, one diff"
    return two_editions_ctx


def _same(one: dict, other: dict) -> None:
    assert list(one) == list(other), "the same languages"
    for lang in one:
        assert list(one[lang]) == list(other[lang]), f"{lang}: the same files, in the same order"
        different = [path for path in one[lang] if one[lang][path] != other[lang][path]]
        assert different == [], f"{lang}: files that differ: {different[:10]}"


@pytest.mark.parametrize("jobs", [2, 3])
def test_workers_render_the_seed_site_as_one_process_does(ctx, jobs):
    alone = render_site(ctx, jobs=1)
    assert sum(len(pages) for pages in alone.values()) > 100
    _same(alone, render_site(ctx, jobs=jobs))


def test_workers_hand_the_diff_pages_on(editions_ctx):
    alone = render_site(editions_ctx, jobs=1)
    diffs = [path for path in alone["en"] if "/changes/" in path]
    assert diffs, "the fixture has a diff page"
    histories = [path for path in alone["en"] if path.startswith("assets/history/")]
    assert any("changes/" in alone["en"][path] for path in histories), "histories link the diff entries"
    _same(alone, render_site(editions_ctx, jobs=2))


def _fails():
    raise ValueError("a job that fails")


def test_a_failing_job_fails_the_render():
    with pytest.raises(ValueError, match="a job that fails"):
        workers.run_jobs([dict, _fails, dict], 2)
    assert workers.run_jobs([dict, lambda: {"a": "b"}], 2) == [{}, {"a": "b"}]


_taken: list = []


def _take(value) -> None:
    _taken.append(value)


@pytest.mark.parametrize("workers_", [1, 2])
def test_the_second_wave_runs_with_what_the_first_jobs_handed_over(workers_):
    # Each later job sees what the first `ready` jobs made, taken over once
    # per worker, and the free first jobs are not waited for.
    _taken.clear()
    first = [lambda: {"made": "1"}, lambda: {"made": "2"}, dict]
    later = [lambda k=k: {"job": str(k), "saw": ",".join(t for taken in _taken for t in taken)} for k in range(6)]
    firsts, seconds = workers.run_waves(first, 2, lambda made: [m["made"] for m in made], _take, later, workers_)
    assert firsts == [{"made": "1"}, {"made": "2"}, {}]
    assert seconds == [{"job": str(k), "saw": "1,2"} for k in range(6)]
    with pytest.raises(ValueError, match="a job that fails"):
        workers.run_waves(first, 1, lambda made: [], _take, [dict, _fails], workers_)
