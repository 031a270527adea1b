"""Jobs run by forked workers, one a core: reading and rendering are pure
Python, so threads would take turns. A worker is a fork of the process that
runs the stage, so it has what was made before it started as it is (the
corpus, the links, the lookups: nothing is pickled on the way in); what comes
back is each job's result, put back in the jobs' order by the parent. Used by
read (one job a source), resolve (one job beside the stage: `beside`) and
render (runs of pages, in two waves: `run_waves`)."""

from __future__ import annotations

import gc
import multiprocessing
import os
import pickle
import signal
import sys
from contextlib import contextmanager

# Each worker holds a copy of what it changes of the model: a few hundred MB.
AT_MOST = 4

_jobs: list = []  # the jobs of the current run: a forked worker inherits them
_later: list = []  # run_waves: the jobs that need what the first ones hand over
_take_over = None  # run_waves: how a worker takes what is handed over, once
_taken = False


def cores() -> int:
    """How many workers a stage starts: one a core this process may run on, at most AT_MOST."""
    try:
        found = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        found = os.cpu_count() or 1
    return max(1, min(found, AT_MOST))


@contextmanager
def frozen():
    """What exists now is read, not collected, until the block ends: the
    cyclic collector does not walk it again at each full collection (the model
    is some hundred thousand objects; resolve spent a quarter of its time
    walking them), and a forked worker does not copy its pages in doing so.
    Nor does it collect what is made in the block, here or in a worker forked
    in it: the stages make few cycles (peak memory is the same) and the
    collections cost 8 % of read + resolve + render's instructions. Nested
    blocks keep it frozen until the outermost one ends; what it made then
    joins the oldest generation, where only a full collection walks it."""
    global _frozen
    if _frozen == 0:
        gc.freeze()
        gc.disable()
    _frozen += 1
    try:
        yield
    finally:
        _frozen -= 1
        if _frozen == 0:
            # What the block made goes to the oldest generation with the rest:
            # left young, the first collection after it would walk all of it
            # (resolve's and read's results: 0.05-0.07 s each).
            gc.freeze()
            gc.unfreeze()
            gc.enable()


_frozen = 0


def _start() -> None:
    # Ctrl-C is the parent's to handle: leaving the pool terminates the workers.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run(index: int) -> tuple[int, dict[str, str]]:
    return index, _jobs[index]()


def run_jobs(jobs: list, workers: int, costs: list[int] | None = None) -> list[dict[str, str]]:
    """Each job's result (a dict), in the jobs' order: in this process when
    `workers` is 1 or forking is not available, else by that many forked workers,
    which take the next job as they finish one. `costs`: a guess of each job's
    cost; the costliest are handed out first, so that no worker is still busy
    with a long job when the others have run out."""
    return run_waves(jobs, 0, _nothing, _nothing, [], workers, costs)[0]


def _nothing(_) -> None:
    return None


_alone: list = []  # beside: the one job its worker runs


def _run_alone() -> object:
    return _alone[0]()


@contextmanager
def beside(job, fork: bool = True):
    """`job` (a function of no arguments) runs in one forked worker while the
    block runs in this process; the block is given a function that waits for
    the job's result and returns it (a job's error is raised there). Without
    forking (`fork` False, or not Linux) that function runs the job itself."""
    if not fork or not sys.platform.startswith("linux"):
        yield job
        return
    global _alone
    _alone = [job]
    try:
        with multiprocessing.get_context("fork").Pool(1, initializer=_start) as pool:
            yield pool.apply_async(_run_alone).get
    finally:
        _alone = []


def _run_later(task: tuple[int, bytes]) -> tuple[int, dict[str, str]]:
    global _taken
    index, handed = task
    if not _taken:
        _take_over(pickle.loads(handed))
        _taken = True
    return index, _later[index]()


def run_waves(
    first: list, ready: int, hand_over, take_over, later: list, workers: int, costs: list[int] | None = None
) -> tuple[list, list]:
    """The results of `first` and of `later`, each in its jobs' order. The
    `later` jobs need what the first `ready` jobs of `first` make: once those
    are done, `hand_over(their results)` is given to every worker, which calls
    `take_over` with it before its first later job. One pool for both waves:
    the workers are forked once (each fork copies the pages of the model it
    touches again) and go on with the rest of `first` meanwhile, so no core
    waits at the seam. `take_over` runs in this process when there are no workers.
    `costs`: as for `run_jobs`, for the jobs of `first` (none `ready`)."""
    if workers <= 1 or not sys.platform.startswith("linux") or len(first) + len(later) < 2:
        results = [job() for job in first]
        take_over(hand_over(results[:ready]))
        return results, [job() for job in later]
    global _jobs, _later, _take_over, _taken
    _jobs, _later, _take_over, _taken = first, later, take_over, False
    try:
        with frozen():
            results: list = [None] * len(first)
            later_results: list = [None] * len(later)
            with multiprocessing.get_context("fork").Pool(workers, initializer=_start) as pool:
                waiting, second = ready, None

                def start_second():
                    # Pickled once: each task then carries the same bytes.
                    handed = pickle.dumps(hand_over(results[:ready]), pickle.HIGHEST_PROTOCOL)
                    return pool.imap_unordered(_run_later, [(k, handed) for k in range(len(later))], chunksize=1)

                if waiting == 0:
                    second = start_second()
                order = range(len(first)) if costs is None else sorted(range(len(first)), key=lambda k: -costs[k])
                for index, made in pool.imap_unordered(_run, order, chunksize=1):
                    results[index] = made
                    if index < ready:
                        waiting -= 1
                        if waiting == 0:
                            second = start_second()
                for index, made in second:
                    later_results[index] = made
        return results, later_results
    finally:
        _jobs, _later, _take_over = [], [], None
