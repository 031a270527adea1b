"""What a reusable render job reads is declared once, beside the job
(render/job_inputs.py's `declare`), and its fingerprint is made of that
declaration alone (render/reuse.py). So that a page starting to read
something new cannot be reused stale by a warm build, every declared job of
the seed site is run with a corpus that records which of its fields are
read, and reads none that its fingerprint does not read. (What a job reads
through resolve's views, the links or the citations, is not seen here: those
are made of the corpus before render; this holds the corpus's own fields.)"""

from __future__ import annotations

import copy
from dataclasses import replace
from functools import partial
from types import SimpleNamespace

import pytest

from rulesite.render import reuse
from rulesite.render.context import Context
from rulesite.render.job_inputs import declare, declared_by, job_name, nothing_more
from rulesite.render.jobs import language_jobs
from rulesite.render.languages import site_languages
from rulesite.site_map.site_map import make_site_map


class Recorder:
    """The fields of a corpus read while `on`."""

    def __init__(self) -> None:
        self.on = False
        self.read: set[str] = set()

    def during(self, call):
        self.read, self.on = set(), True
        try:
            call()
        finally:
            self.on = False
        return self.read


def recording(corpus, recorder: Recorder):
    """A copy of `corpus` that tells `recorder` each field read of it."""
    base = type(corpus)

    class Recording(base):
        def __getattribute__(self, name):
            # A method's reads are its fields', recorded as it reads them.
            if recorder.on and not name.startswith("_") and not callable(getattr(base, name, None)):
                recorder.read.add(name)
            return base.__getattribute__(self, name)

    found = copy.copy(corpus)
    found.__class__ = Recording
    return found


def fresh(ctx: Context) -> Context:
    """`ctx` with nothing worked out before (`ctx.cache`): what is read, is read in the call."""
    return replace(ctx, cache={})


def unread_by_fingerprints(ctx: Context, jobs_of) -> dict[tuple, set[str]]:
    """job name -> the corpus fields the job read that its fingerprint did
    not, for every declared job `jobs_of(language context)` gives."""
    recorder = Recorder()
    corpus = recording(ctx.corpus, recorder)
    languages = site_languages(ctx)
    site_map = make_site_map(corpus, ctx.citations, ctx.editions, ctx.changes, ctx.diffs)
    missing: dict[tuple, set[str]] = {}
    for lang in languages:
        here = replace(ctx, corpus=corpus, site_map=site_map, language=lang, languages=languages, cache={})
        framed = recorder.during(partial(reuse.Fingerprints, fresh(here), SimpleNamespace(heavy={})))
        for job in jobs_of(here):
            declared = declared_by(job)
            if declared is None:
                continue
            name = job_name(lang, job)
            read = recorder.during(partial(job.func, fresh(here), *job.args[1:], **job.keywords))
            prints = reuse.Fingerprints(fresh(here), SimpleNamespace(heavy={}))
            printed = recorder.during(partial(prints.of, fresh(here), name, job, declared))
            if not declared.light or declared.kept_by is not None:
                printed |= framed  # made of the frame (and of every document's digest)
            if read - printed:
                missing[name] = read - printed
    return missing


@pytest.mark.parametrize(
    "site, kinds",
    [
        ("ctx", {"sections", "rulings", "home", "cards", "contents", "shares", "faq shares", "history bundle"}),
        ("two_editions_ctx", {"sections", "pinned", "diff", "aliases", "whole", "numbers"}),
    ],
)
def test_every_declared_job_reads_no_corpus_field_its_fingerprint_does_not(request, site, kinds):
    ctx = request.getfixturevalue(site)
    declared = {declared_by(job).kind for job in language_jobs(ctx) if declared_by(job) is not None}
    assert kinds <= declared, "the site has jobs of these kinds"
    assert unread_by_fingerprints(ctx, language_jobs) == {}


@declare("answers count", nothing_more)
def _answers_count(ctx: Context) -> dict[str, str]:
    """A page that reads the FAQ answers, and declares it reads nothing more than the frame."""
    return {"answers.md": f"{len(ctx.corpus.faqs)} answers\n"}


def test_a_job_reading_a_field_it_does_not_declare_is_found(ctx):
    found = unread_by_fingerprints(ctx, lambda here: [partial(_answers_count, here)])
    assert ("en", "answers count") in found
    assert all(fields == {"faqs"} for fields in found.values()), found
