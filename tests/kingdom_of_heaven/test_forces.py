"""Pieces moving between groups and steps lost (§13.5, §3.Terms)."""

from __future__ import annotations

import pytest

from outremer.games.kingdom_of_heaven import forces
from outremer.games.kingdom_of_heaven.setup import new_game
from outremer.games.kingdom_of_heaven.state import group


def _one_power_space(state):  # a space with field units of some Power
    for space, gs in state.field.items():
        for power, g in gs.items():
            if g["full"]:
                return space, power, g
    raise AssertionError("no full unit on the map")


def test_a_full_unit_flips_then_dies():
    # §13.5: a step lost flips a full unit to its reduced side; a reduced one is eliminated.
    state = new_game(1, "D")
    space, power, g = _one_power_space(state)
    label = sorted(g["full"])[0]
    before = g["full"][label]
    assert forces.lose_step(state, "field", space, power, "full", label) is False
    here = forces.at(state, "field", space)[power]
    assert here["full"].get(label, 0) == before - 1 and here["reduced"][label] >= 1
    dead_before = state.dead.get(power, group())["full"].get(label, 0)
    assert forces.lose_step(state, "field", space, power, "reduced", label) is True
    assert state.dead[power]["full"][label] == dead_before + 1


def test_moving_keeps_counts_and_drops_empty_places():
    state = new_game(1, "D")
    space, power, g = _one_power_space(state)
    whole = {"full": dict(g["full"]), "reduced": dict(g["reduced"]), "leaders": list(g["leaders"])}
    forces.move(state, power, whole, ("field", space), ("inside", space))
    assert power not in state.field.get(space, {})
    assert forces.steps(state.inside[space][power]) == forces.steps(whole)


def test_taking_what_is_not_there_is_refused_and_changes_nothing():
    state = new_game(1, "D")
    space, power, g = _one_power_space(state)
    label = sorted(g["full"])[0]
    before = state.to_json()
    too_many = group()
    too_many["full"][label] = g["full"][label] + 1
    with pytest.raises(ValueError):
        forces.take(state, "field", space, power, too_many)
    assert state.to_json() == before


def test_reduced_units_stay_reduced_in_the_pool():
    # §6.1 (L348): a reduced unit demobilized sits reduced in the force pool.
    state = new_game(1, "D")
    g = group()
    g["reduced"]["1-4"] = 1
    forces.to_pool(state, "jerusalem", g)
    assert state.pools["jerusalem"]["reduced"]["1-4"] >= 1
