"""The stages run with the cyclic collector kept off what they read and make
(`workers.frozen`): when the outermost block ends the collector runs again,
and what the block made lies in the oldest generation with the rest, so the
first young collection after it does not walk all of it (read's and
resolve's results, some hundred thousand objects each)."""

from __future__ import annotations

import gc

from rulesite.common import workers


def test_the_collector_is_off_inside_and_on_after():
    assert gc.isenabled()
    with workers.frozen():
        assert not gc.isenabled()
        with workers.frozen():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the outer block still holds it
    assert gc.isenabled()


def test_what_the_block_made_is_not_young_after_it():
    with workers.frozen():
        made = [[index] for index in range(2000)]
    young = {id(found) for generation in (0, 1) for found in gc.get_objects(generation=generation)}
    assert not any(id(item) in young for item in made)
    assert any(item is made[0] for item in gc.get_objects(generation=2))
    assert gc.get_freeze_count() == 0  # nothing left frozen


def test_a_collector_kept_off_stays_off_after_the_block():
    # `rulesite serve` keeps it off between builds, collecting while it waits
    # for a save: a stage's block must not turn it back on.
    gc.disable()
    try:
        with workers.frozen():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()
