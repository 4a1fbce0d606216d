"""The sampler of search bots (engine.game.Game.sample): a state the player cannot tell from the
true one, with everything hidden from him dealt anew.

What the player cannot see (11.0, 3.5): which Seljuk or Fatimid counter each face-down counter on
the map is (only its contingent's colour shows), which of them wait in the Bins, and the random
generator. The sample deals each contingent's concealed counters at random over the places where
concealed counters of that contingent are (the face-down stacks and the Bin), keeps every counter
he can see where it is, and keys the generator anew from the bot's own randomness (never from
the real game's key). A face-down counter is dealt at full strength: whether one is reduced cannot
be seen either. The procedures under way follow the counters they
name, so that a battle against face-down Muslims goes on against the counters dealt in their place.

Only what the view shows is read: the places and contingents of the concealed counters, never
their identities. Two states that differ only in those identities give the same sample from the
same seed (tests/first_crusade/test_sampler.py).
"""

from __future__ import annotations

import random
from typing import Any

from ...engine import rng as dice
from .common import COUNTERS, ORDER, SPACES
from .state import BIN, State

CONCEALABLE = ("seljuk", "fatimid")
"""The contingents whose counters stand face down (7.0, 26.1); the Assassin is always known (31.1)."""
PLACE_ORDER = {space: i for i, space in enumerate(SPACES)} | {BIN: len(SPACES)}


def concealed(state: State) -> list[str]:
    """The Muslim counters the player cannot identify, in data-pack order."""
    out = [
        unit
        for unit, where in state.loc.items()
        if COUNTERS[unit].contingent in CONCEALABLE
        and unit not in state.revealed
        and (where == BIN or where in SPACES)
    ]
    return sorted(out, key=ORDER.__getitem__)


def sample(state: State, rng: random.Random) -> State:
    """A copy of ``state`` with the concealed counters dealt anew and a fresh random generator."""
    new = state.copy()
    renamed: dict[str, str] = {}
    hidden = concealed(state)
    for contingent in CONCEALABLE:
        mine = [u for u in hidden if COUNTERS[u].contingent == contingent]
        # Each counter's slot: its place, then its rank among this contingent's concealed counters
        # there; the slots are what the player sees, the counters in them are dealt.
        slots = sorted(mine, key=lambda u: (PLACE_ORDER[state.loc[u]], ORDER[u]))
        dealt = list(mine)
        rng.shuffle(dealt)
        for old, unit in zip(slots, dealt, strict=True):
            renamed[old] = unit
            new.loc[unit] = state.loc[old]
            new.reduced.discard(unit)
    new.stack = _rename(state.stack, renamed)
    new.rng = dice.fresh(rng)
    return new


def _rename(data: Any, renamed: dict[str, str]) -> Any:
    """JSON-native ``data`` with every string that names a dealt counter replaced by its new one."""
    if isinstance(data, str):
        return renamed.get(data, data)
    if isinstance(data, list):
        return [_rename(x, renamed) for x in data]
    if isinstance(data, dict):
        return {k: _rename(v, renamed) for k, v in data.items()}
    return data
