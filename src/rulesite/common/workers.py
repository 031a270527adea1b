"""Jobs run by forked workers, one a core: reading and rendering are pure
Python, so threads would take turns. A worker is a fork of the process that
runs the stage, so it has what was made before it started as it is (the
corpus, the links, the lookups: nothing is pickled on the way in); what comes
back is each job's result, put back in the jobs' order by the parent. Used by
read (one job a source), resolve (one job beside the stage: `beside`) and
render (runs of pages). Render's workers stay (a `Crew`) until the write
stage, which asks them to write the files they held back instead of sending
them."""

from __future__ import annotations

import gc
import multiprocessing
import multiprocessing.connection
import os
import pickle
import signal
import sys
from contextlib import contextmanager
from typing import NamedTuple

# Each worker holds a copy of what it changes of the model: a few hundred MB.
AT_MOST = 4

_jobs: list = []  # the jobs of the current run: a forked worker inherits them


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
    joins the oldest generation, where only a full collection walks it, and
    the collector is as it was before the block (`rulesite serve` keeps it
    off, collecting while it waits for a save)."""
    global _frozen, _was_enabled
    if _frozen == 0:
        _was_enabled = gc.isenabled()
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
            if _was_enabled:
                gc.enable()


_frozen = 0
_was_enabled = True


def _start() -> None:
    # Ctrl-C is the parent's to handle: leaving the pool terminates the workers.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_jobs(jobs: list, workers: int, costs: list[int] | None = None) -> list[dict[str, str]]:
    """Each job's result (a dict), in the jobs' order: in this process when
    `workers` is 1 or forking is not available, else by that many forked workers,
    which take the next job as they finish one. `costs`: a guess of each job's
    cost; the costliest are handed out first, so that no worker is still busy
    with a long job when the others have run out."""
    with Crew() as crew:
        return crew.run(jobs, workers, costs)


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


class Changed(NamedTuple):
    """A job's result (a dict) told by its differences from `before`, a dict
    the parent has too (`since`): a job made again after a small edit makes
    most of its files as the last build did (the pinned pages: 14,000 files
    and their share pages' images, 40 MB, of which a reworded sub-rule
    changes a few), and those need not be pickled, sent and read back.
    `order`: for each of the result's keys, its place among `before`'s, or
    -1 for the next of `keys` (None: `before`'s keys, in its order); `values`:
    the values that are not `before`'s (a dict's as a `Changed` of its own)."""

    order: tuple[int, ...] | None
    keys: tuple
    values: dict


def since(before: dict, job) -> Changed:
    """`job()` told by its differences from `before` (`Changed`)."""
    return _changed(before, job())


def _changed(before: dict, made: dict) -> Changed:
    # A value is `before`'s when it is the very object, or a text or bytes
    # equal to it (immutable: the parent's equal object is as good); a dict
    # is told by its own differences from `before`'s. A key is `before`'s
    # when equal to one of it, text or tuple (a dict finds the same by either).
    values = {}
    for key, value in made.items():
        old = before.get(key, _NONE)
        if old is value or (type(old) is type(value) and type(value) in (str, bytes) and old == value):
            continue
        values[key] = _changed(old, value) if type(old) is dict and type(value) is dict else value
    if list(made) == list(before):
        return Changed(None, (), values)
    place = {key: k for k, key in enumerate(before) if type(key) in (str, tuple)}
    order = tuple(place.get(key, -1) if type(key) in (str, tuple) else -1 for key in made)
    return Changed(order, tuple(key for key, k in zip(made, order) if k < 0), values)


_NONE = object()  # no such key


def restore(before: dict, changed: Changed) -> dict:
    """The result `since` told by `changed`: in its keys' order, each value
    the one sent, or else the equal one of `before`."""
    values = changed.values
    if changed.order is None:
        keys = list(before)
    else:
        known, new = list(before), iter(changed.keys)
        keys = [known[k] if k >= 0 else next(new) for k in changed.order]
    made = {}
    for key in keys:
        if key not in values:
            made[key] = before[key]
        elif type(value := values[key]) is Changed:
            made[key] = restore(before[key], value)
        else:
            made[key] = value
    return made


class Held(NamedTuple):
    """A file a crew's worker keeps (`hold`) until asked for it (`Crew.each`):
    all the parent sees of it is its digest (`output.file_digest` of its bytes)
    and its size (what the offline app's budget counts)."""

    digest: str
    size: int = 0


_held: dict[str, tuple[bytes, str]] = {}  # what this process holds for its crew: key -> (bytes, digest)


def hold(key: str, data: bytes, digest: str) -> Held:
    """Keeps `data` in this process (a crew's worker, or the parent when the
    crew runs its jobs here) under `key`, and returns what stands for it."""
    _held[key] = (data, digest)
    return Held(digest, len(data))


class Crew:
    """Forked workers that stay until the crew is closed (a `with` block), so
    that what their jobs hold (`hold`) need not be sent back: 45 of the 56 MB
    a full site's pages weigh are only ever written, and pickling them through
    a pipe cost 0.3 s of processor time. The parent asks each worker for what
    it holds with `each`. A crew runs one list of jobs (`run`): its workers
    are forked then, so that they have its jobs."""

    def __init__(self) -> None:
        self._pipes: list = []
        self._processes: list = []
        self._ran = False

    def __enter__(self) -> Crew:
        return self

    def __exit__(self, kind, *_) -> None:
        self.close(failed=kind is not None)

    def run(self, jobs: list, workers: int, costs: list[int] | None = None) -> list:
        """As `run_jobs`, by this crew's workers (forked now, `workers` of them)."""
        if self._ran:
            raise RuntimeError("a crew runs its jobs once: its workers were forked with those jobs")
        self._ran = True
        if workers <= 1 or not sys.platform.startswith("linux") or len(jobs) < 2:
            return [job() for job in jobs]
        global _jobs
        _jobs = jobs
        try:
            with frozen():
                self._fork(min(workers, len(jobs)))
                order = range(len(jobs)) if costs is None else sorted(range(len(jobs)), key=lambda k: -costs[k])
                return self._dispatch(list(order))
        finally:
            _jobs = []

    def _fork(self, count: int) -> None:
        context = multiprocessing.get_context("fork")
        for _ in range(count):
            mine, theirs = context.Pipe()
            # The worker closes its copies of the parent's ends (its own and the
            # earlier workers'): once the parent is gone, it reads the end of its pipe.
            process = context.Process(target=_serve, args=(theirs, [*self._pipes, mine]), daemon=True)
            process.start()
            theirs.close()
            self._pipes.append(mine)
            self._processes.append(process)

    def _dispatch(self, order: list[int]) -> list:
        # Each worker is given one job at a time and sends its result back
        # before it is given another: a pipe never carries two messages at once.
        results: list = [None] * len(order)
        left = order[::-1]
        idle, busy = list(range(len(self._pipes)))[::-1], {}
        while left or busy:
            while idle and left:
                worker = idle.pop()
                index = left.pop()
                self._pipes[worker].send(("job", index, None))
                busy[self._pipes[worker]] = (worker, index)
            for pipe in multiprocessing.connection.wait(list(busy)):
                worker, index = busy.pop(pipe)
                results[index] = _answer(pipe)
                idle.append(worker)
        return results

    def each(self, task, *args) -> list:
        """`task(held, *args)` in every worker (in this process when the crew
        forked none), `held` being what that worker holds (key -> (bytes,
        digest)); their results, one a worker. The workers run it side by side."""
        if not self._pipes:
            return [task(_held, *args)]
        for pipe in self._pipes:
            pipe.send(("each", task, args))
        return [_answer(pipe) for pipe in self._pipes]

    def close(self, failed: bool = False) -> None:
        """Ends the workers (at once when `failed`: they may be amid a job) and
        drops what this process held."""
        for pipe in self._pipes:
            if not failed:
                try:
                    pipe.send(None)
                except OSError:
                    pass
            pipe.close()
        for process in self._processes:
            if failed:
                process.terminate()
            process.join()
        self._pipes, self._processes = [], []
        _held.clear()


def _answer(pipe):
    """A worker's answer to its task: its result, or its job's error raised here."""
    try:
        ok, made = pipe.recv()
    except EOFError:
        raise RuntimeError("a worker ended before it answered") from None
    if not ok:
        raise made
    return made


def _serve(pipe, parents: list) -> None:
    """A crew's worker: runs the tasks its pipe brings until it brings None,
    or until the parent is gone (its end of the pipe closed): then it ends
    quietly, the parent having said what stopped it."""
    _start()
    for end in parents:
        end.close()
    try:
        _serve_tasks(pipe)
    except (EOFError, OSError):
        pass


def _serve_tasks(pipe) -> None:
    while (task := pipe.recv()) is not None:
        # ("job", job index, None) or ("each", function, its arguments): `Crew`.
        kind, what, given = task
        try:
            made = what(_held, *given) if kind == "each" else _jobs[what]()
            answer = pickle.dumps((True, made), pickle.HIGHEST_PROTOCOL)
        except BaseException as error:  # the parent raises it
            try:
                answer = pickle.dumps((False, error), pickle.HIGHEST_PROTOCOL)
            except Exception:
                answer = pickle.dumps((False, RuntimeError(repr(error))), pickle.HIGHEST_PROTOCOL)
        pipe.send_bytes(answer)
