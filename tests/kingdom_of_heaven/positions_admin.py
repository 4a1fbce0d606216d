"""Positions the admin sections' tests build: scenario D set up, then edited field by field."""

from __future__ import annotations

from typing import Any

from outremer.games.kingdom_of_heaven import forces
from outremer.games.kingdom_of_heaven.procedures import PROCEDURES
from outremer.games.kingdom_of_heaven.setup import new_game
from outremer.games.kingdom_of_heaven.state import State, group


def blank(scenario: str = "D", turn: int = 4, seed: int = 1) -> State:
    """``scenario`` set up on ``turn`` with no pieces anywhere: the test places what it needs."""
    state = new_game(seed, scenario)
    state.turn = turn
    state.field, state.inside = {}, {}
    state.pools = {p: group() for p in state.pools}
    state.dead = {p: group() for p in state.dead}
    state.stack = []
    state.log = []
    return state


def pieces(
    full: dict[str, int] | None = None, reduced: dict[str, int] | None = None, leaders: Any = ()
) -> Any:
    """A group."""
    return {"full": dict(full or {}), "reduced": dict(reduced or {}), "leaders": list(leaders)}


def place(state: State, where: str, space: str, power: str, **kw: Any) -> None:
    """Pieces of ``power`` put in ``space`` (``where`` "field" or "inside"), the pool ("pool") or
    the dead pile ("dead")."""
    g = pieces(**kw)
    if where == "pool":
        forces.to_pool(state, power, g)
    elif where == "dead":
        forces.add(state.dead.setdefault(power, group()), g)
    else:
        forces.put(state, where, space, power, g)


def push(state: State, kind: str, **data: Any) -> None:
    """Start ``kind`` on an empty stack and run it to its first decision."""
    PROCEDURES.push(state, kind, **data)
    PROCEDURES.settle(state)
