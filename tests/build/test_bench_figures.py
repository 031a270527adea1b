"""The benchmark's one figure that is worked out from several builds: what one
more edition costs against an edition's average (`bench.edition_cost_ratio`),
from rounds in which the builds of 2, 3 and 4 editions ran side by side.
No timing here: the arithmetic and when it refuses to give a figure."""

from __future__ import annotations

import math

from rulesite.bench.command import edition_cost_ratio, round_ratios


def test_a_steady_cost_per_edition_is_one():
    # Each round slower than the one before, by the machine: the steps stay 2.0.
    assert edition_cost_ratio({2: [30.0, 36.0], 3: [32.0, 38.0], 4: [34.0, 40.0]}) == 1.0


def test_a_fourth_edition_that_costs_twice_the_third_is_measured_as_such():
    # Steps of 1.5 and 3.0 processor seconds in each round: 3.0 / 2.25.
    assert edition_cost_ratio({2: [30.0, 33.0], 3: [31.5, 34.5], 4: [34.5, 37.5]}) == 1.33


def test_each_round_is_compared_within_itself():
    # Across rounds the fastest builds would say 3 editions cost nothing more
    # than 2 (30.0 and 30.0); within each round both steps are 2.0.
    assert edition_cost_ratio({2: [30.0, 28.0], 3: [32.0, 30.0], 4: [34.0, 32.0]}) == 1.0


def test_the_median_round_counts():
    assert round_ratios({2: [30.0, 30.0, 30.0], 3: [32.0, 32.0, 32.2], 4: [34.0, 34.4, 34.2]}) == [1.0, 1.09, 0.95]
    assert edition_cost_ratio({2: [30.0, 30.0, 30.0], 3: [32.0, 32.0, 32.2], 4: [34.0, 34.4, 34.2]}) == 1.0


def test_a_third_edition_that_made_the_build_cheaper_is_noise():
    assert edition_cost_ratio({2: [28.67, 28.7], 3: [27.1, 30.7], 4: [30.94, 33.0]}) is None


def test_a_step_that_varies_between_rounds_by_as_much_as_it_is_is_noise():
    # The third edition added 1.0 in one round and 2.5 in the other.
    assert edition_cost_ratio({2: [30.0, 30.0], 3: [31.0, 32.5], 4: [33.0, 34.5]}) is None


def test_one_round_says_nothing_of_the_noise():
    assert edition_cost_ratio({2: [30.0], 3: [32.0], 4: [34.0]}) is None


def test_a_round_whose_builds_grew_cheaper_has_no_ratio():
    assert math.isnan(round_ratios({2: [30.0], 3: [29.0], 4: [29.5]})[0])


def test_the_rounds_measured_side_by_side_on_the_full_corpora():
    # Processor seconds of four rounds of the three builds side by side on the
    # 2-core machine: steps of 3.17-4.46 and 2.85-3.76 s, each round's ratio 0.85-1.01.
    rounds = {2: [34.12, 34.69, 36.9, 37.62], 3: [38.01, 37.86, 41.1, 42.08], 4: [40.86, 41.12, 44.39, 45.84]}
    assert round_ratios(rounds) == [0.85, 1.01, 0.88, 0.91]
    assert edition_cost_ratio(rounds) == 0.9


def test_the_render_s_row_says_how_many_images_it_drew():
    from rulesite.bench.command import _images_drawn

    full = {"images": {"drawn": 11865, "from_store": 0}}
    assert _images_drawn(full, "render") == " (11865 preview images drawn, 0 from the store)"
    assert _images_drawn(full, "read") == ""
