"""The initiative track drawn at random (``BoardSetup.2.Initiative``, L187; ``Round.Initiative``,
L338; R22): every set-up draws it the same way, the variable set-up once the Objectives are shown
(``VariableSetup.Deploy``, L319)."""

from __future__ import annotations

from ...engine import rng
from .common import alliance
from .state import ALLIANCES, NAMES, State


def draw(state: State) -> None:
    """A random Army on position 1 and its partner on 3, a random enemy on 2 and its partner on 4;
    the lone player of 3 holds both its Alliance's positions (R22); with 2 players only their own
    two markers (``Round.Initiative``). Said in the log."""
    sides = list(ALLIANCES)
    rng.shuffle(state, sides)
    columns = []
    for side in sides:
        mine = [a for a in state.armies if alliance(a) == side]
        rng.shuffle(state, mine)
        if len(state.armies) == 3 and len(mine) == 1:
            mine = mine * 2
        columns.append(mine)
    first, second = columns
    state.initiative = [a for pair in zip(first, second, strict=True) for a in pair]
    say(state)


def say(state: State) -> None:
    """The initiative order in the log, top first (``BoardSetup.2.Initiative``)."""
    order = ", ".join(NAMES[a] for a in state.initiative)
    state.say("BoardSetup.2.Initiative", f"Initiative order, top first: {order}.")
