"""Ratings: Wilson intervals, comparisons from outcomes, and the Elo fit with side advantages."""

from __future__ import annotations

import math
import random

import pytest

from outremer.bots.ratings import ELO, Comparison, comparisons, fit, mean_interval, wilson


def test_wilson_matches_published_values() -> None:
    half = wilson(5, 10)
    assert (half.value, round(half.low, 4), round(half.high, 4)) == (0.5, 0.2366, 0.7634)
    none = wilson(0, 10)
    assert none.low == 0 and round(none.high, 4) == 0.2775
    every = wilson(10, 10)
    assert round(every.low, 4) == 0.7225 and every.high == pytest.approx(1.0)
    draws = wilson(3 + 4 / 2, 10)  # three wins and four draws in ten games score 50%
    assert draws == half


def test_wilson_narrows_with_games_and_refuses_nonsense() -> None:
    few, many = wilson(6, 10), wilson(600, 1000)
    assert few.low < many.low < 0.6 < many.high < few.high
    for score, games in ((1, 0), (-1, 4), (5, 4)):
        with pytest.raises(ValueError):
            wilson(score, games)


def test_mean_interval() -> None:
    est = mean_interval([1, 2, 3, 4, 5])
    half = 1.959963984540054 * math.sqrt(2.5) / math.sqrt(5)
    assert est.value == 3 and est.low == pytest.approx(3 - half) and est.high == pytest.approx(3 + half)
    assert mean_interval([7.0]) == mean_interval([7.0, 7.0])
    with pytest.raises(ValueError):
        mean_interval([])


def test_comparisons_of_two_three_and_one_seat() -> None:
    won = comparisons({"Franks": "a", "Saracens": "b"}, ["Saracens"])
    assert won == [Comparison("a", "Franks", "b", "Saracens", 0.0)]
    assert comparisons({"Franks": "a", "Saracens": "b"}, [])[0].score == 0.5
    three = comparisons({"X": "a", "Y": "b", "Z": "a"}, ["X", "Y"])
    assert [(c.role, c.opponent_role, c.score) for c in three] == [
        ("X", "Y", 0.5),
        ("X", "Z", 1.0),
        ("Y", "Z", 1.0),
    ]
    alone = comparisons({"Christians": "a"}, [])
    assert alone == [Comparison("a", "Christians", None, None, 0.0)]


def simulated(
    truth: dict[str, float], sides: dict[str, float], games: int, rng: random.Random
) -> list[Comparison]:
    """Every ordered pair of bots on both sides, ``games`` games each, drawn from the model itself."""
    first, second = sides
    data = []
    for a in truth:
        for b in truth:
            if a == b:
                continue
            edge = truth[a] + sides[first] - truth[b] - sides[second]
            p = 1 / (1 + 10 ** (-edge / 400))
            for _ in range(games):
                data.extend(comparisons({first: a, second: b}, [first] if rng.random() < p else [second]))
    return data


def test_fit_recovers_order_and_side_advantage() -> None:
    truth = {"strong": 200.0, "middle": 0.0, "weak": -200.0}
    sides = {"Franks": 80.0, "Saracens": -80.0}
    ratings = fit(simulated(truth, sides, 150, random.Random(1)))
    assert ratings.anchor == "mean" and ratings.comparisons == 6 * 150
    order = sorted(ratings.bots, key=lambda name: -ratings.bots[name].value)
    assert order == ["strong", "middle", "weak"]
    assert ratings.roles["Franks"].low > 0 > ratings.roles["Saracens"].high
    assert sum(est.value for est in ratings.bots.values()) == pytest.approx(0, abs=1e-6)
    for name, value in {**truth, **sides}.items():
        est = ratings.bots.get(name) or ratings.roles[name]
        assert est.low <= value <= est.high, (name, est)


def test_intervals_cover_the_truth_on_simulated_tournaments() -> None:
    truth = {"a": 150.0, "b": 30.0, "c": -180.0}
    sides = {"Red": -50.0, "Blue": 50.0}
    rng = random.Random(7)
    covered = total = 0
    for _ in range(40):
        ratings = fit(simulated(truth, sides, 40, rng))
        for name, value in truth.items():
            covered += ratings.bots[name].low <= value <= ratings.bots[name].high
            total += 1
        for name, value in sides.items():
            covered += ratings.roles[name].low <= value <= ratings.roles[name].high
            total += 1
    assert covered / total >= 0.88, covered / total  # nominally 95%


def test_a_clean_sweep_stays_finite_and_draws_are_even() -> None:
    sweep = fit(
        comparisons({"Red": "a", "Blue": "b"}, ["Red"]) * 30
        + comparisons({"Red": "b", "Blue": "a"}, ["Blue"]) * 30
    )
    assert 300 < sweep.bots["a"].value < 2000 and sweep.bots["a"].low > 0
    assert sweep.roles["Red"].value == pytest.approx(0, abs=1e-6)
    even = fit(
        comparisons({"Red": "a", "Blue": "b"}, []) * 20 + comparisons({"Red": "b", "Blue": "a"}, []) * 20
    )
    assert even.bots["a"].value == pytest.approx(0, abs=1e-6) and even.bots["a"].low < 0


def test_self_play_measures_only_the_sides() -> None:
    data = (
        comparisons({"Red": "a", "Blue": "a"}, ["Red"]) * 30
        + comparisons({"Red": "a", "Blue": "a"}, ["Blue"]) * 10
    )
    ratings = fit(data)
    only = ratings.bots["a"]
    assert (
        only.value == 0 and only.low == pytest.approx(0, abs=1e-6) and only.high == pytest.approx(0, abs=1e-6)
    )
    # Red scores 75%: 2 * advantage = 400 log10(3), a little less under the prior.
    assert ratings.roles["Red"].value == pytest.approx(200 * math.log10(3), rel=0.05)
    assert ratings.roles["Red"].low > 0 and ratings.roles["Blue"].value == pytest.approx(
        -ratings.roles["Red"].value
    )


def test_one_seat_is_rated_against_the_title() -> None:
    data = (
        comparisons({"Christians": "good"}, ["Christians"]) * 300
        + comparisons({"Christians": "good"}, []) * 100
    )
    data += (
        comparisons({"Christians": "poor"}, ["Christians"]) * 50
        + comparisons({"Christians": "poor"}, []) * 50
    )
    ratings = fit(data)
    assert ratings.anchor == "title" and ratings.roles == {}
    assert ratings.bots["good"].value == pytest.approx(ELO * math.log(3), abs=5)
    assert ratings.bots["poor"].low < 0 < ratings.bots["poor"].high
    assert fit([]).bots == {}
