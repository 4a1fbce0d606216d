"""Random complete games through the game class (game.py): every scenario, the optional rules off
and on, each played by random legal choices to its end (§5, §19, §20), then replayed from its seed
and actions to the same state; saves read back along the way, and an illegal action refused with
the state unchanged. The sections meet if no game raises, stalls or outruns the cap."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from outremer.engine.errors import IllegalAction
from outremer.games.kingdom_of_heaven.common import load_state
from outremer.games.kingdom_of_heaven.game import KingdomOfHeaven
from outremer.games.kingdom_of_heaven.state import State

GAME = KingdomOfHeaven()
SEEDS = (1, 2)
CAP = 8000
"""Actions a game may take: random games end within about 1,300 (scenarios of seven turns); a
game reaching the cap is a loop (a choice that undoes itself for ever), a failure."""
SAVE_EVERY = 61
"""Actions between save checks (a prime, so the checks fall on every kind of frame)."""


def _options(seed: int) -> dict[str, bool]:
    """Every optional rule off for the first seed, on for the second."""
    return {o.name: seed % 2 == 0 for o in GAME.options}


def _saved_again(state: State) -> None:
    """A save reads back to the same state, through the class and through common.load_state."""
    data = json.loads(json.dumps(GAME.to_json(state)))
    assert GAME.to_json(GAME.from_json(data)) == data
    assert load_state(data).to_json() == data


def _refused(state: State, role: str) -> None:
    """An action outside the legal list, or by a role not asked, changes nothing."""
    before = GAME.to_json(state)
    for who, action in ((role, ("no such action", "nowhere")), (_other(state, role), ("pass",))):
        if who is None:
            continue
        with pytest.raises(IllegalAction):
            GAME.apply_in_place(state, who, action)
        assert GAME.to_json(state) == before


def _other(state: State, role: str) -> str | None:
    others = [r for r in GAME.roles if r not in GAME.active_roles(state)]
    return others[0] if others else None


def play(scenario: str, seed: int) -> tuple[State, list[tuple[str, Any]]]:
    """A game of random legal choices to its end; the state and the actions taken."""
    rng = random.Random(f"{scenario}-{seed}")
    state = GAME.setup(seed, scenario, _options(seed))
    taken: list[tuple[str, Any]] = []
    while GAME.outcome(state) is None:
        assert len(taken) < CAP, f"scenario {scenario} seed {seed}: no end after {CAP} actions"
        roles = GAME.active_roles(state)
        assert len(roles) == 1, f"one role decides at a time (§5.5), not {roles}"
        legal = GAME.legal_actions(state, roles[0])
        assert legal, f"{roles[0]} is asked but has no choice: {state.stack[-1]}"
        if len(taken) % SAVE_EVERY == 0:
            _saved_again(state)
            _refused(state, roles[0])
        action = rng.choice(legal)
        GAME.apply_in_place(state, roles[0], action)
        taken.append((roles[0], action))
    return state, taken


@pytest.mark.parametrize("scenario", GAME.scenarios)
def test_random_games_end_and_replay(scenario: str) -> None:
    for seed in SEEDS:
        state, taken = play(scenario, seed)
        outcome = GAME.outcome(state)
        assert outcome is not None and set(outcome.winners) <= set(GAME.roles)
        assert GAME.active_roles(state) == ()  # §20: nothing is asked once the game is over
        _saved_again(state)
        again = GAME.setup(seed, scenario, _options(seed))
        for role, action in taken:
            GAME.apply_in_place(again, role, action)
        assert GAME.to_json(again) == GAME.to_json(state)
