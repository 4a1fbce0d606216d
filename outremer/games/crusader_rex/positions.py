"""Build positions by hand, for tests, puzzles and bug reports.

    s = position(year=1188, turn=2)
    put(s, "saladin", "Hama")
    put(s, "balian", "Hama", steps=2, castle=True)

``position`` gives a state with every block off the map (Frank and nomad blocks in the pools,
the rest ``aside``) except the Assassin in Masyaf, no cards in hand and nothing under way (an empty
stack). Start a part of the game with the module that owns it (e.g. ``combat.start_battle_phase(s)``:
it runs alone, and ends with an empty stack), or put the state at a decision as in a game with
``procedures.at(s, "card", "Franks", "Saracens")``.
"""

from __future__ import annotations

from .board import ASSASSINS, FRANKS
from .common import BLOCKS, TOWNS
from .state import State


def position(
    year: int = 1188,
    turn: int = 1,
    seed: int = 1,
    p1: str | None = FRANKS,
    options: dict[str, bool] | None = None,
) -> State:
    s = State.blank(
        seed, "1187", {"iron_bridge": False, "forced_marches": False, **(options or {})}, year, turn
    )
    s.p1 = p1
    for b, info in BLOCKS.items():
        if info.side == ASSASSINS:
            s.loc[b], s.steps[b] = "Masyaf", info.max_steps
        else:
            s.loc[b], s.steps[b] = "pool", 0
    return s


def put(
    state: State,
    block: str,
    where: str,
    steps: int | None = None,
    castle: bool = False,
    revealed: bool = False,
) -> None:
    """Place ``block`` at ``where`` (a town, staging box, pool, aside or dead)."""
    if block not in BLOCKS:
        raise KeyError(f"no block {block!r}")
    state.loc[block] = where
    if where in TOWNS or where in ("England", "France", "Germania", "Masyaf"):
        state.steps[block] = BLOCKS[block].max_steps if steps is None else steps
    else:
        state.steps[block] = 0
    if castle:
        state.castle.add(block)
    else:
        state.castle.discard(block)
    if revealed:
        state.revealed.add(block)
