"""Solo: a one-role title for the search bot's tests, where no winner is a loss.

The player either stops at once (S.1: the game ends, nobody wins) or goes on a long walk, a step
left or right at a time (S.2), and at its end rolls a die (S.3): a 1 or 2 wins, anything else ends
the game with nobody winning. Its evaluation gives a finished game's result (1 for a win, 0
otherwise: a solitaire game without a winner is lost) and a third for the roll still to come.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from outremer.engine import rng
from outremer.engine.errors import BadSave
from outremer.engine.game import Action, Game, Outcome

PLAYER = "Player"
WALK = 40


@dataclass
class SoloState:
    rng: int
    stage: str = "choose"  # choose, walk, over
    walked: int = 0
    won: bool = False


class SoloGame(Game[SoloState]):
    slug = "solo"
    title = "Solo"
    roles = (PLAYER,)
    scenarios = ("only",)

    def setup(
        self, seed: int, scenario: str | None = None, options: Mapping[str, Any] | None = None
    ) -> SoloState:
        self.check_setup(scenario, options)
        return SoloState(rng=rng.seed_state(seed, rng.LEGACY))  # an int: it is the barrier too

    def active_roles(self, state: SoloState) -> tuple[str, ...]:
        return () if state.stage == "over" else (PLAYER,)

    def legal_actions(self, state: SoloState, role: str) -> list[Action]:
        if state.stage == "choose":
            return [("stop",), ("go",)]
        return [("left",), ("right",)] if state.stage == "walk" else []

    def perform(self, state: SoloState, role: str, action: Action) -> None:
        if action == ("stop",):
            state.stage = "over"  # S.1
        elif action == ("go",):
            state.stage = "walk"
        else:
            state.walked += 1  # S.2
            if state.walked == WALK:
                die = random.Random(state.rng).randint(1, 6)  # S.3
                state.rng += 1
                state.stage, state.won = "over", die <= 2

    def view(self, state: SoloState, role: str | None) -> dict[str, Any]:
        return self.to_json(state)

    def log(self, state: SoloState, role: str | None, start: int = 0) -> list[dict[str, Any]]:
        return []

    def outcome(self, state: SoloState) -> Outcome | None:
        if state.stage != "over":
            return None
        return Outcome((PLAYER,) if state.won else (), "won" if state.won else "nobody won")

    def sample(self, state: SoloState, role: str, rng: random.Random) -> SoloState:
        return SoloState(rng.getrandbits(64), state.stage, state.walked, state.won)

    def evaluate(self, state: SoloState) -> dict[str, float]:
        if state.stage == "over":
            return {PLAYER: 1.0 if state.won else 0.0}
        return {PLAYER: 1 / 3}

    def copy(self, state: SoloState) -> SoloState:
        return SoloState(state.rng, state.stage, state.walked, state.won)

    def to_json(self, state: SoloState) -> dict[str, Any]:
        return {"rng": state.rng, "stage": state.stage, "walked": state.walked, "won": state.won}

    def from_json(self, data: Mapping[str, Any]) -> SoloState:
        try:
            return SoloState(data["rng"], data["stage"], data["walked"], data["won"])
        except (KeyError, TypeError) as exc:
            raise BadSave(f"not a solo state: {exc!r}") from exc

    def barrier(self, state: SoloState) -> int:
        return state.rng
