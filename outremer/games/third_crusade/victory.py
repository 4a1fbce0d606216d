"""The victory check (``VictoryCheck``, ``EndGame.1``; R19): made after the Command phase
(``Command.Pass``), after Diplomacy and at upkeep step 5.

The Glory marker at ``WIN`` or more on one side wins the game for that side's Alliance. An Alliance of
one player wins with it; in a two-player Alliance the Final Winner is decided by the tiebreakers
(``EndGame.FinalWinner``), the procedure ``final_winner``, which is not built yet
(docs/third-crusade/rules.md).
"""

from __future__ import annotations

from .common import alliance
from .procedures import PROCEDURES
from .state import CRUSADER, MUSLIM, WIN, State

FINAL_WINNER = "final_winner"
"""The procedure that picks the Final Winner of a two-player Alliance (``EndGame.FinalWinner``)."""


def leader(state: State) -> str | None:
    """The Alliance whose side of the Glory track holds the marker, None on 0."""
    if state.glory == 0:
        return None
    return CRUSADER if state.glory > 0 else MUSLIM


def check(state: State, key: str) -> bool:
    """Make a victory check (``VictoryCheck``) after the step cited by ``key``; True if an
    Alliance has won (the game is over, or its Final Winner is being decided)."""
    side = leader(state)
    if side is None or abs(state.glory) < WIN:
        state.say("VictoryCheck", f"Victory check after {key}: no Alliance has {WIN} Glory.")
        return False
    armies = [a for a in state.armies if alliance(a) == side]
    reason = f"the {side} Alliance has {abs(state.glory)} Glory at the victory check after {key}"
    state.say("VictoryCheck", f"Victory check: {reason}.")
    if len(armies) == 1:
        state.stack.clear()
        state.result = {"winners": armies, "reason": reason, "alliance": side}
        return True
    PROCEDURES.push(state, FINAL_WINNER, alliance=side, reason=reason)
    return True
