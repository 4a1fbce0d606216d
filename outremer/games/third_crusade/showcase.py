"""Named positions of Third Crusade for the browser checks and their screenshots
(``Game.positions``, docs/writing-a-title.md, section 10): the start, the most crowded Region random
play reaches, a Battle under way (``Battle.Reaction``, ``Battle.Losses``), and the variable
set-up's deployment under way (``VariableSetup``).

Each is found by playing random legal actions from a seed (the generator keyed by the seed, so the
record replays alike) and kept as the actions taken, as a save's record is.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from typing import Any

from ...engine.game import Action, Position
from .state import SABOTAGE, State
from .variable_setup import DEPLOY

SCENARIO = "four"
VARIABLE = "variable_four"
TRIES = 20
"""Seeds tried in turn for a position (the first that reaches it is kept)."""
DEPLOYED = 2
"""The pieces in one Region that make the variable set-up's position (the map is empty before)."""
CROWDED = 8
"""The pieces in one Region that make the crowded position (of 9 slots, ``Glossary.Slots``)."""


def pieces(state: State) -> int:
    """The most pieces standing in one Region."""
    return max(sum(1 for p in r["slots"] if p and p != SABOTAGE) for r in state.regions.values())


def _reached(
    game: Any, wanted: Callable[[State], bool], scenario: str = SCENARIO
) -> tuple[int, tuple[tuple[str, Action], ...]]:
    """The first seed whose random play of ``scenario`` reaches ``wanted``, and the actions that
    lead there."""
    for seed in range(1, TRIES + 1):
        state, rng = game.setup(seed, scenario), random.Random(seed)
        actions: list[tuple[str, Action]] = []
        while game.outcome(state) is None:
            if wanted(state):
                return seed, tuple(actions)
            role = rng.choice(game.active_roles(state))
            action = tuple(rng.choice(game.legal_actions(state, role)))
            game.perform(state, role, action)
            actions.append((role, action))
    raise LookupError("no seed reaches the position")


@cache
def positions(game: Any) -> dict[str, Position]:
    crowded = _reached(game, lambda s: pieces(s) >= CROWDED)
    battle = _reached(game, lambda s: bool(s.stack) and s.stack[-1]["kind"] == "battle")
    deploying = _reached(
        game, lambda s: bool(s.stack) and s.stack[-1]["kind"] == DEPLOY and pieces(s) >= DEPLOYED, VARIABLE
    )
    return {
        "start": Position(
            seed=1, scenario=SCENARIO, about="the set-up, the Event Cards laid face down (Strategy.Place)"
        ),
        "crowded": Position(
            seed=crowded[0],
            actions=crowded[1],
            scenario=SCENARIO,
            about=f"a Region with {CROWDED} pieces or more in its slots (Glossary.Slots)",
        ),
        "battle": Position(
            seed=battle[0],
            actions=battle[1],
            scenario=SCENARIO,
            about="a Battle under way, its Reactions or losses asked (Battle.Reaction, Battle.Losses)",
        ),
        "deploying": Position(
            seed=deploying[0],
            actions=deploying[1],
            scenario=VARIABLE,
            about=f"the variable set-up's deployment, {DEPLOYED} pieces in a Region (VariableSetup.Deploy)",
        ),
    }
