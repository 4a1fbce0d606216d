"""A quick estimate of each faction's chance to win, for the search bot's playouts cut short
(engine.game.Game.evaluate).

The game is won on Victory Points (``Victory``): those scored already, plus the City Control
markers each faction holds, which score again at the end of each Crusade still to come
(``EndCrusade.1``, ``EndGame.1``). A faction's lead in that count turns into a chance by a logistic
curve; a finished game gives its result (1 to each winner, 0 to the others).
"""

from __future__ import annotations

import math

from .state import State

SPREAD = 3.0
"""VP of lead that make a faction about e (2.7) times likelier to win than the faction behind."""


def evaluate(state: State) -> dict[str, float]:
    if state.result is not None:
        winners = set(state.result["winners"])
        return {r: 1.0 if r in winners else 0.0 for r in state.players}
    crusades_left = 2 if state.crusade == 1 else 1
    held = {r: sum(1 for h in state.control.values() if h == r) for r in state.players}
    score = {r: state.vp[r] + crusades_left * held[r] for r in state.players}
    top = max(score.values())
    weight = {r: math.exp((score[r] - top) / SPREAD) for r in state.players}
    total = sum(weight.values())
    return {r: w / total for r, w in weight.items()}
