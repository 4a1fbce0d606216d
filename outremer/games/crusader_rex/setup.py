"""A new game of Crusader Rex: the 1187 set-up before deployment choices (3.0)."""

from __future__ import annotations

from ...engine.rng import KEYED
from .board import ASSASSINS, FRANKS
from .common import BLOCKS, BOARD, log
from .frames import derive
from .state import State


def new_game(seed: int, scenario: str, options: dict[str, bool], generator: str = KEYED) -> State:
    """Every block at its starting place, full strength (3.0); the Franks adjust seats first (3.1).
    The random generator is ``generator`` seeded from ``seed`` (engine.rng)."""
    s = State.blank(seed, scenario, options, 1187, 0, generator)
    for b, info in BLOCKS.items():
        where = BOARD.start[b]
        if where is None:  # crusaders, pilgrims and nomads start in the draw pools (3.1, 3.2)
            s.loc[b], s.steps[b] = "pool", 0
        else:
            s.loc[b], s.steps[b] = where, info.max_steps
        if info.side == ASSASSINS:
            s.loc[b] = "Masyaf"
    log(
        s,
        "3.0",
        "Crusader Rex, scenario {scenario}: the blocks are set up at their seats.",
        scenario=scenario,
    )
    s.stack = derive("deploy_franks", [FRANKS], None, None)
    return s
