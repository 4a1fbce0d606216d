"""The die of Kingdom of Heaven: every roll of the game is one six-sided die (§3.Abbreviations,
d6), or two added for the Leader Loss Table (§13.6), drawn from the state's own generator.

A roll is public: it is logged for both players, and it bumps the barrier, so an undo never takes
back a die once it is seen.
"""

from __future__ import annotations

from ...engine import rng
from .state import State


def roll(state: State, key: str, why: str, count: int = 1) -> int:
    """``count`` dice added together (one unless said), logged as ``why`` citing ``key``."""
    faces = rng.dice(state, count)
    state.barrier += 1
    total = sum(faces)
    shown = total if count == 1 else f"{'+'.join(map(str, faces))} = {total}"
    state.say(key, f"{why}: rolled {shown}.")
    return total
