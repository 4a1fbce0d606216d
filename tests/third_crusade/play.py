"""Playing Third Crusade positions in tests: the game class (checked path) and quick ways through
the phases the rules tests do not look at."""

from __future__ import annotations

import json
from typing import Any

from outremer.games.third_crusade.game import ThirdCrusade
from outremer.games.third_crusade.procedures import PROCEDURES
from outremer.games.third_crusade.setup import new_game
from outremer.games.third_crusade.state import State

GAME = ThirdCrusade()


def start(scenario: str, seed: int = 1) -> State:
    return new_game(seed, scenario)


def kind(state: State) -> str:
    return str(state.stack[-1]["kind"])


def play(state: State, role: str, *action: Any) -> None:
    """``role`` takes ``action`` through the checked path (IllegalAction if it may not)."""
    GAME.apply_in_place(state, role, action)


def through(state: State, *kinds: str) -> None:
    """Every asked role takes its first legal action while the innermost procedure is of ``kinds``."""
    while kind(state) in kinds:
        role = PROCEDURES.deciders(state)[0]
        play(state, role, *PROCEDURES.legal(state, role)[0])


def snapshot(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)
