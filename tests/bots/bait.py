"""Bait: a one-role title for the search bot's rollouts, whose evaluation is fooled until the end
of a stage.

The player takes the bait or the safe road (B.1), then walks it (B.2). The bait looks won all
along the walk (the evaluation says 0.9) and is lost at its end; the safe road looks an even
chance all along and wins at its end. The walk is one stage: a turning point played out to the
end of the stage sees through the bait, a search that judges each new position at once does not.

Ferry is Bait with a third way, which the turning point does not name: the ferry crosses at once
and always arrives (F.1), while the safe road now ends in a roll, won on 1-4 (F.2).
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
WALK = 6
BAIT, SAFE, FERRY = ("bait",), ("safe",), ("ferry",)


@dataclass
class BaitState:
    rng: int
    road: str = ""  # "", "bait" or "safe"
    walked: int = 0
    lost: bool = False  # Ferry: the roll at the end of the safe road failed (F.2)


class BaitGame(Game[BaitState]):
    slug = "bait"
    title = "Bait"
    roles = (PLAYER,)
    scenarios = ("only",)

    def setup(
        self, seed: int, scenario: str | None = None, options: Mapping[str, Any] | None = None
    ) -> BaitState:
        self.check_setup(scenario, options)
        return BaitState(rng=rng.seed_state(seed, rng.LEGACY))  # an int: it is the barrier too

    def active_roles(self, state: BaitState) -> tuple[str, ...]:
        return () if state.walked == WALK else (PLAYER,)

    def legal_actions(self, state: BaitState, role: str) -> list[Action]:
        if state.walked == WALK:
            return []
        return [BAIT, SAFE] if not state.road else [("step",), ("rest",)]

    def perform(self, state: BaitState, role: str, action: Action) -> None:
        if not state.road:
            state.road = action[0]  # B.1
        elif action == ("step",):
            state.walked += 1  # B.2

    def view(self, state: BaitState, role: str | None) -> dict[str, Any]:
        return self.to_json(state)

    def log(self, state: BaitState, role: str | None, start: int = 0) -> list[dict[str, Any]]:
        return []

    def outcome(self, state: BaitState) -> Outcome | None:
        if state.walked < WALK:
            return None
        won = state.road == "safe"
        return Outcome((PLAYER,) if won else (), "safe home" if won else "ambushed")

    def rollout_choices(self, state: BaitState, role: str) -> list[Action] | None:
        return None if state.road else [BAIT, SAFE]

    def stage(self, state: BaitState) -> bool:
        return state.walked < WALK  # the walk is one stage

    def sample(self, state: BaitState, role: str, rng: random.Random) -> BaitState:
        return BaitState(rng.getrandbits(64), state.road, state.walked, state.lost)

    def evaluate(self, state: BaitState) -> dict[str, float]:
        if state.walked == WALK:
            return {PLAYER: 1.0 if state.road == "safe" else 0.0}
        return {PLAYER: {"bait": 0.9, "safe": 0.5}.get(state.road, 0.5)}

    def copy(self, state: BaitState) -> BaitState:
        return BaitState(state.rng, state.road, state.walked, state.lost)

    def to_json(self, state: BaitState) -> dict[str, Any]:
        return {"rng": state.rng, "road": state.road, "walked": state.walked, "lost": state.lost}

    def from_json(self, data: Mapping[str, Any]) -> BaitState:
        try:
            return BaitState(data["rng"], data["road"], data["walked"], data.get("lost", False))
        except (KeyError, TypeError) as exc:
            raise BadSave(f"not a bait state: {exc!r}") from exc

    def barrier(self, state: BaitState) -> int:
        return state.rng


class FerryGame(BaitGame):
    """Bait with the ferry (F.1, F.2); the turning point still names only the two roads."""

    slug = "ferry"
    title = "Ferry"

    def legal_actions(self, state: BaitState, role: str) -> list[Action]:
        return [BAIT, SAFE, FERRY] if not state.road else super().legal_actions(state, role)

    def perform(self, state: BaitState, role: str, action: Action) -> None:
        if action == FERRY:
            state.road, state.walked = "ferry", WALK  # F.1
            return
        super().perform(state, role, action)
        if state.road == "safe" and state.walked == WALK:
            state.lost = rng.d6(state) > 4  # F.2

    def outcome(self, state: BaitState) -> Outcome | None:
        if state.walked < WALK:
            return None
        won = state.road == "ferry" or (state.road == "safe" and not state.lost)
        return Outcome((PLAYER,) if won else (), "home" if won else "lost")

    def evaluate(self, state: BaitState) -> dict[str, float]:
        done = self.outcome(state)
        if done is not None:
            return {PLAYER: 1.0 if done.winners else 0.0}
        return super().evaluate(state)
