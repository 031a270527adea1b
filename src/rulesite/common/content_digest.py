"""A digest of a value's content, which a warm build compares to know what it
may reuse: the value pickled without the memo, so that equal values give equal
bytes however their parts are shared (objects kept from the last build where
new ones would be new); pickle tells True from 1 and 1.0, as JSON does. Below
the stages: render's fingerprints (`render/reuse.py`) and export's data parts
(`export/files.py`) both use it."""

from __future__ import annotations

import hashlib
import pickle


def content_digest(value) -> bytes:
    """The SHA-256 of `value` pickled without the memo."""
    digest = hashlib.sha256()
    pickler = pickle.Pickler(_Sink(digest.update), pickle.HIGHEST_PROTOCOL)
    pickler.fast = True
    pickler.dump(value)
    return digest.digest()


class _Sink:
    """What `content_digest` pickles into: the digest's `update`."""

    __slots__ = ("write",)

    def __init__(self, write) -> None:
        self.write = write
