"""What a render job says of itself, beside its function (`declare`): the
name a warm build keeps its pages under, and what it reads, from which its
fingerprint is made (render/reuse.py). Each job's contract sits with the job,
so a page that starts reading something new is declared where it is written,
in one place; reuse reads the declarations and knows no job by its function.

A job is a `functools.partial` of a declared function whose first argument
is the language's context: `named` is given the other arguments, `reads` the
fingerprints being made (`reuse.Fingerprints`: the frame, every edition's
texts, the digests kept between renders), the context and the other
arguments. This module sits below every page module and reuse alike."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from ..common.model import FaqAnswer


@dataclass(frozen=True)
class Declared:
    """A reusable job's declaration.

    `kind`: its name's kind ("sections", "home"...); `named`: the rest of its
    name, of its arguments (one job of a kind each); `reads`: what its
    fingerprint holds beside the frame (a list of parts); `light`: it reads
    less than the frame, so its fingerprint is its name and what `reads`
    gives alone; `kept_by`: for a light job, what it is made from (kept
    while the same, `reuse.Fingerprints.kept`: its fingerprint is not
    worked out again)."""

    kind: str
    reads: Callable[..., list]
    named: Callable[..., tuple] = lambda *args: ()
    light: bool = False
    kept_by: Callable | None = None


def declare(kind: str, reads: Callable[..., list], named=None, light: bool = False, kept_by=None):
    """Declares the function it decorates a reusable job (`Declared`)."""

    def mark(func):
        func.declared = Declared(kind, reads, named or (lambda *args: ()), light, kept_by)
        return func

    return mark


def declared_by(job) -> Declared | None:
    """The declaration of a job's function, if it is a reusable one."""
    return getattr(job.func, "declared", None) if isinstance(job, partial) else None


def job_name(lang: str | None, job) -> tuple | None:
    """A name for `job` that the same job of the next render has, when it is
    one that can be reused (else None)."""
    declared = declared_by(job)
    if lang is None or declared is None:
        return None  # the published data's parts come with their names (`site.PublishedData`)
    return (lang, declared.kind, *declared.named(*job.args[1:]))


def every_text(prints, ctx, *args) -> list:
    """What a job reading every section of every edition, texts included,
    reads beside the frame (and the history resolve made of them, and the
    links found in them)."""
    return [prints.texts]


def nothing_more(prints, ctx, *args) -> list:
    """What a job reading nothing but the frame reads beside it."""
    return []


def shown(ctx, item) -> tuple:
    """What a page citing `item` shows of it: its kind, id, title and where it is."""
    if isinstance(item, FaqAnswer):
        return ("faq", item.id, item.question, item.section, ctx.faq_home(item))
    return (type(item).__name__, item.game, item.id, item.title)
