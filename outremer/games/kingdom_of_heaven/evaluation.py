"""A quick estimate of each player's chance to win, for the search bot's playouts cut short
(engine.game.Game.evaluate).

The game is won on the scenario's victory conditions, read on the VP at its end (§20.2 L1244):
the Christian wins if he meets his, else the Muslim if he meets his, else a draw. Each side's
shortfall from its condition as the VP stand now (``Condition.shortfall``) turns into a chance of
meeting it by a logistic curve, and the turns still to play widen the curve (more can change).
A draw counts half to each side; a finished game gives its result (1 to the winner, 0 to the
loser, 1/2 each for a draw).
"""

from __future__ import annotations

import math

from .common import data
from .state import CHRISTIAN, MUSLIM, State

SPREAD = 1.0
"""VP of shortfall, per turn still to play and one, that make a side's condition e (2.7) times
less likely met."""


def evaluate(state: State) -> dict[str, float]:
    if state.result is not None:
        winners = state.result["winners"]
        if not winners:
            return {CHRISTIAN: 0.5, MUSLIM: 0.5}
        return {p: 1.0 if p in winners else 0.0 for p in (CHRISTIAN, MUSLIM)}
    scenario = data(state).scenarios[state.scenario]
    spread = SPREAD * (1 + scenario.turns - state.turn)
    victory = scenario.victory
    meets = {
        CHRISTIAN: _chance(victory.christian.shortfall(state.vp), spread),
        MUSLIM: _chance(victory.muslim.shortfall(state.vp), spread),
    }
    christian = meets[CHRISTIAN]
    muslim = (1 - christian) * meets[MUSLIM]
    draw = 1 - christian - muslim
    return {CHRISTIAN: christian + draw / 2, MUSLIM: muslim + draw / 2}


def _chance(shortfall: int, spread: float) -> float:
    """The chance of making up ``shortfall`` VP (0: met now, yet it may still be lost)."""
    return 1 / (1 + math.exp((shortfall - 0.5) / spread))
