"""Positions for the movement section's tests: a scenario's state emptied of pieces, pieces put
where a test wants them, dice fed in order, and an action checked to be legal before it is done."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pytest

from outremer.games.kingdom_of_heaven import battle, dice, forces, naval, reactions, retreat  # noqa: F401
from outremer.games.kingdom_of_heaven.procedures import PROCEDURES
from outremer.games.kingdom_of_heaven.setup import new_game
from outremer.games.kingdom_of_heaven.state import State, group


def position(scenario: str) -> State:
    """``scenario``'s set-up with no piece on the map or in a stronghold, no siege, nothing under
    way."""
    state = new_game(1, scenario)
    state.field, state.inside, state.sieges, state.stack, state.calls = {}, {}, {}, [], []
    state.log = []
    return state


def put(
    state: State,
    space: str,
    power: str,
    full: Mapping[str, int] | None = None,
    reduced: Mapping[str, int] | None = None,
    leaders: Iterable[str] = (),
    place: str = "field",
) -> dict:
    """Pieces of ``power`` placed in ``space``; the group placed is returned."""
    g = group()
    g["full"].update(full or {})
    g["reduced"].update(reduced or {})
    g["leaders"].extend(leaders)
    forces.put(state, place, space, power, g)
    return g


def feed(monkeypatch: pytest.MonkeyPatch, faces: list[int]) -> list[int]:
    """The dice of the test, in order; the list empties as they are rolled."""

    def roll(state: State, key: str, why: str, count: int = 1) -> int:
        face = faces.pop(0)
        state.barrier += 1
        state.say(key, f"{why}: rolled {face}.")
        return face

    monkeypatch.setattr(dice, "roll", roll)
    return faces


def do(state: State, role: str, action: tuple) -> None:
    """``role`` does ``action``, which must be among his legal choices."""
    legal = PROCEDURES.legal(state, role)
    assert action in legal, f"{action} not in {legal}"
    PROCEDURES.perform(state, role, action)


def said(state: State, text: str) -> bool:
    return any(text in entry[2] for entry in state.log)
