"""Fixtures of the render tests."""

from __future__ import annotations

import copy

import pytest


@pytest.fixture
def fresh_ctx(ctx):
    """A copy of the seed model that a test may change."""
    return copy.deepcopy(ctx)
