"""Rendering by forked workers, one a core (workers.py), gives the very
files rendering in one process gives, in the same order, whatever the number
of workers: the seed site, and two editions whose rules' histories link
their entries on the diff pages (where each is, is the site map's: no job
waits for another). A job that fails in a worker fails the render, with its
error."""

from __future__ import annotations


import multiprocessing
import os
import subprocess
import sys
import time
from functools import partial

import pytest

from rulesite import sequence

from rulesite.write import stage as write_stage

from rulesite.common import workers
from rulesite.render import offline_data
from rulesite.render.site import render_site, write_docs


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


def _data(ctx):
    """The published data jobs, as the pipeline hands them to render."""
    return sequence.published_data(ctx)


@pytest.mark.parametrize("jobs", [2, 3])
def test_workers_render_the_seed_site_as_one_process_does(ctx, jobs):
    alone = render_site(ctx, jobs=1, published=_data(ctx))
    assert sum(len(pages) for pages in alone.values()) > 100
    assert "data/index.json" in alone["en"], "the published data joins the content language's files"
    _same(alone, render_site(ctx, jobs=jobs, published=_data(ctx)))


def test_render_makes_no_published_data_of_its_own(ctx):
    # The data is export's: render runs it only when its caller hands it in.
    files = render_site(ctx, jobs=1)
    assert [path for pages in files.values() for path in pages if path.startswith("data/")] == []


def test_workers_render_the_diff_pages_and_the_histories_linking_them_as_one_process_does(editions_ctx):
    alone = render_site(editions_ctx, jobs=1, published=_data(editions_ctx))
    diffs = [path for path in alone["en"] if "/changes/" in path]
    assert diffs, "the fixture has a diff page"
    histories = [path for path in alone["en"] if path.startswith("assets/history/")]
    assert any("changes/" in alone["en"][path] for path in histories), "histories link the diff entries"
    _same(alone, render_site(editions_ctx, jobs=2, published=_data(editions_ctx)))


def _fails():
    raise ValueError("a job that fails")


def test_a_failing_job_fails_the_render():
    with pytest.raises(ValueError, match="a job that fails"):
        workers.run_jobs([dict, _fails, dict], 2)
    assert workers.run_jobs([dict, lambda: {"a": "b"}], 2) == [{}, {"a": "b"}]


@pytest.mark.parametrize("workers_", [1, 2])
def test_results_keep_the_jobs_order_whatever_their_costs(workers_):
    costs = [1, 9, 5]
    made = workers.run_jobs([lambda k=k: {"job": str(k)} for k in range(3)], workers_, costs)
    assert made == [{"job": "0"}, {"job": "1"}, {"job": "2"}]


@pytest.mark.parametrize("workers_", [1, 2])
def test_a_job_made_again_sends_what_differs_and_is_put_back_whole(workers_):
    # What equals the last result is the parent's own object (`workers.since`);
    # the rest, a nested dict's too, comes back in the job's order.
    shared = {("k", 1): ("page", "p.png", b"img"), ("k", 2): ("other", "q.png", b"img2")}
    before = {"same": "text " * 1000, "image": b"\x89PNG", "changed": "old", "gone": "x", "flag": 1, "shared": shared}
    made = {
        "image": b"\x89PNG",
        "same": "text " * 1000,
        "new": "n",
        "changed": "new",
        "flag": True,  # equal to 1, not the same
        "shared": {("k", 3): ("made",), ("k", 2): shared[("k", 2)]},
    }
    again = workers.run_jobs(
        [partial(workers.since, before, lambda: made), partial(workers.since, before, lambda: dict(before))], workers_
    )
    assert again[1] == workers.Changed(None, (), {}), "nothing differs: nothing is sent"
    assert set(again[0].values) == {"new", "changed", "flag", "shared"}
    assert again[0].values["shared"].values == {("k", 3): ("made",)}
    restored = workers.restore(before, again[0])
    assert restored == made and list(restored) == list(made) and list(restored["shared"]) == list(made["shared"])
    assert restored["flag"] is True
    assert restored["same"] is before["same"] and restored["shared"][("k", 2)] is shared[("k", 2)]
    assert workers.restore(before, again[1]) == before


def _docs(folder):
    """Every file of a written docs folder: path -> bytes."""
    folder = folder.resolve()
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_crew_holds_the_files_no_later_step_reads_and_writes_them_as_one_process_does(ctx, repo_root, tmp_path):
    # The crew's workers keep every file but the Markdown pages (which later
    # steps change): the parent sees their digests only, and the docs folder
    # written from them is the one a render in one process writes.
    alone = render_site(ctx, jobs=1, published=_data(ctx))
    write_stage.write(ctx, alone, tmp_path / "alone", tmp_path / "cfg-alone", repo_root / "mkdocs.yml", "b1")
    with workers.Crew() as crew:
        held = render_site(ctx, jobs=2, crew=crew, published=_data(ctx))
        # The offline files come back whole too: the render joins them into their bundles.
        whole = (offline_data.OFFLINE_DATA + "/", offline_data.OFFLINE_BUNDLES + "/")
        kinds = {
            (path.endswith(".md") or path.startswith(whole), type(data).__name__)
            for pages in held.values()
            for path, data in pages.items()
        }
        assert kinds == {(True, "str"), (False, "Held")}, "Markdown pages and offline files come back whole, the rest is held"
        offline = [path for path in held["en"] if path.startswith(whole)]
        assert any(p.startswith(whole[0]) for p in offline) and any(p.startswith(whole[1]) for p in offline)
        write_stage.write(ctx, held, tmp_path / "crew", tmp_path / "cfg-crew", repo_root / "mkdocs.yml", "b1", crew)
    one, other = _docs(tmp_path / "alone"), _docs(tmp_path / "crew")
    assert len(one) > 150
    assert list(one) == list(other), "the same files"
    assert [path for path in one if one[path] != other[path]] == [], "files that differ"


def test_held_files_need_their_crew(ctx, tmp_path):
    with workers.Crew() as crew:
        held = render_site(ctx, jobs=2, crew=crew)
    with pytest.raises(ValueError, match="no crew to write them"):
        write_docs(held, tmp_path / "docs", "b1")
    assert not (tmp_path / "docs").exists(), "nothing published"


def _held_job(key: str):
    return lambda: {"held": workers.hold(key, key.encode(), "d-" + key)}


def _what_is_held(held: dict, also: str) -> list:
    return sorted(f"{key}={data.decode()}:{digest}{also}" for key, (data, digest) in held.items())


@pytest.mark.parametrize("workers_", [1, 2])
def test_each_worker_hands_over_what_it_holds_and_a_crew_runs_once(workers_):
    with workers.Crew() as crew:
        firsts = crew.run([_held_job(k) for k in "abcd"], workers_)
        assert [made["held"] for made in firsts] == [workers.Held("d-" + k, 1) for k in "abcd"]  # its digest and size
        found = crew.each(_what_is_held, "!")
        assert len(found) == (1 if workers_ == 1 else 2), "one answer a worker"
        assert sorted(entry for answer in found for entry in answer) == [f"{k}={k}:d-{k}!" for k in "abcd"]
        with pytest.raises(RuntimeError, match="runs its jobs once"):
            crew.run([dict], workers_)
    assert workers._held == {}, "closing the crew drops what this process held"


def _dies():
    os._exit(3)


def test_a_worker_that_dies_fails_the_render_instead_of_hanging_it():
    with pytest.raises(RuntimeError, match="ended before it answered"):
        workers.run_jobs([dict, _dies, dict], 2)


def test_no_worker_outlives_its_render_or_its_crew(ctx):
    # A worker left behind would hold copies of the parent's pipes open (and
    # a few hundred MB) until the parent exits.
    render_site(ctx, jobs=2)
    assert multiprocessing.active_children() == []
    with workers.Crew() as crew:
        render_site(ctx, jobs=2, crew=crew)
        assert len(multiprocessing.active_children()) == 2, "the crew's workers wait to write what they hold"
    assert multiprocessing.active_children() == []


def test_a_crew_worker_ends_quietly_when_its_parent_is_gone(tmp_path):
    # The parent killed (its end of the pipe closed): the worker ends, with
    # nothing on stderr (no traceback under the parent's own message).
    script = tmp_path / "orphan.py"
    script.write_text(
        "import os, sys, time\n"
        "from rulesite.common import workers\n"
        "crew = workers.Crew()\n"
        "crew.run([dict, dict], 2)\n"
        "print(' '.join(str(p.pid) for p in crew._processes), flush=True)\n"
        "os._exit(0)  # no goodbye: as when the parent is killed\n"
    )
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    pids = [int(p) for p in done.stdout.split()]
    assert len(pids) == 2
    for pid in pids:
        for _ in range(100):
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.05)
        else:
            raise AssertionError(f"worker {pid} outlived its parent")
    assert done.stderr == ""
