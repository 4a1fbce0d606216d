"""engine/graphs.py: what a chain of steps reaches, and in how few steps."""

from __future__ import annotations

from outremer.engine import graphs

LINKS = {"a": ["b"], "b": ["a", "c"], "c": ["b", "d"], "d": ["c"], "e": []}


def test_reached_is_the_start_and_what_chains_of_steps_lead_to() -> None:
    assert graphs.reached("a", LINKS.__getitem__) == {"a", "b", "c", "d"}
    assert graphs.reached("e", LINKS.__getitem__) == {"e"}


def test_distances_count_the_fewest_steps_from_the_nearest_start() -> None:
    assert graphs.distances(["a"], LINKS.__getitem__) == {"a": 0, "b": 1, "c": 2, "d": 3}
    assert graphs.distances(["a", "d"], LINKS.__getitem__) == {"a": 0, "d": 0, "b": 1, "c": 1}
    assert graphs.distances(["e"], LINKS.__getitem__) == {"e": 0}
