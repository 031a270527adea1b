"""The benchmark's one figure that is worked out from several builds: what one
more edition costs against an edition's average (`bench.edition_cost_ratio`).
No timing here: the arithmetic and when it refuses to give a figure."""

from __future__ import annotations

from rulesite.bench import edition_cost_ratio


def test_a_steady_cost_per_edition_is_one():
    assert edition_cost_ratio({2: [30.4, 30.0], 3: [32.0, 32.3], 4: [34.5, 34.0]}) == 1.0


def test_a_fourth_edition_that_costs_twice_the_third_is_measured_as_such():
    # Steps of 1.5 and 3.0 processor seconds: 3.0 / 2.25.
    assert edition_cost_ratio({2: [30.0, 30.2], 3: [31.5, 31.7], 4: [34.7, 34.5]}) == 1.33


def test_a_third_edition_that_made_the_build_cheaper_is_noise():
    # A run that printed 3.38 × "MISSED": the fastest of 2 editions 28.67 s, of 3 27.1 s, of 4 30.94 s.
    assert edition_cost_ratio({2: [28.67, 28.7], 3: [27.1, 27.2], 4: [30.94, 31.0]}) is None


def test_a_step_within_the_gap_between_one_builds_two_fastest_rounds_is_noise():
    assert edition_cost_ratio({2: [30.0, 30.3], 3: [31.0, 32.2], 4: [33.0, 33.5]}) is None


def test_one_round_each_says_nothing_of_the_noise():
    assert edition_cost_ratio({2: [30.0], 3: [32.0], 4: [34.0]}) is None


def test_the_bench_run_whose_first_rounds_were_slow_is_measured():
    # Processor seconds of three rounds each: the first round of every build
    # was slow, the two fastest of each agree within 1.45 s, and the fastest
    # are 3.35 and 2.87 s apart.
    rounds = {2: [27.13, 22.65, 21.2], 3: [24.7, 27.47, 24.55], 4: [30.07, 27.42, 27.86]}
    assert edition_cost_ratio(rounds) == 0.92
