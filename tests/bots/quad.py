"""Quad: a tiny four-role title for the search bot's tests (simultaneous face-down picks, chance,
four reward vectors, several winners).

Each round North, East, South and West pick at once, face down, a step of 1 or 2 (Q.1). When all
have picked, the picks are revealed and every pawn steps; then a die is rolled and, on a 6, the
role it names moves one more square (Q.2). Every role on square 6 or beyond wins (Q.3): one, several
or, after round 5, none.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from outremer.engine import rng
from outremer.engine.errors import BadSave
from outremer.engine.game import Action, Game, Outcome
from outremer.engine.rng import fresh

ROLES = ("North", "East", "South", "West")
GOAL = 6
ROUNDS = 5


@dataclass
class QuadState:
    rng: rng.Value
    round: int = 1
    pos: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ROLES, 0))
    picks: dict[str, int | None] = field(default_factory=lambda: dict.fromkeys(ROLES))
    winners: list[str] | None = None
    barrier: int = 0


class QuadGame(Game[QuadState]):
    slug = "quad"
    title = "Quad Race"
    roles = ROLES
    scenarios = ("race",)

    def setup(
        self, seed: int, scenario: str | None = None, options: Mapping[str, Any] | None = None
    ) -> QuadState:
        self.check_setup(scenario, options)
        return QuadState(rng=rng.seed_state(seed))

    def active_roles(self, state: QuadState) -> tuple[str, ...]:
        if state.winners is not None:
            return ()
        return tuple(r for r in ROLES if state.picks[r] is None)

    def legal_actions(self, state: QuadState, role: str) -> list[Action]:
        return [("step", 1), ("step", 2)] if role in self.active_roles(state) else []

    def perform(self, state: QuadState, role: str, action: Action) -> None:
        state.picks[role] = action[1]
        if any(p is None for p in state.picks.values()):
            return
        state.barrier += 1
        for r in ROLES:
            state.pos[r] += state.picks[r] or 0
        if rng.d6(state) == 6:
            state.pos[ROLES[rng.below(state, 4)]] += 1
        state.picks = dict.fromkeys(ROLES)
        won = [r for r in ROLES if state.pos[r] >= GOAL]
        if won or state.round == ROUNDS:
            state.winners = won
        state.round += 1

    def view(self, state: QuadState, role: str | None) -> dict[str, Any]:
        picks = {r: (p if r == role else p is not None) for r, p in state.picks.items()}
        return {"round": state.round, "positions": dict(state.pos), "picks": picks, "prompt": "Pick a step."}

    def log(self, state: QuadState, role: str | None, start: int = 0) -> list[dict[str, Any]]:
        return []

    def outcome(self, state: QuadState) -> Outcome | None:
        if state.winners is None:
            return None
        return Outcome(tuple(state.winners), "race over")

    def sample(self, state: QuadState, role: str, rng: random.Random) -> QuadState:
        """The other roles' face-down picks dealt anew, and a fresh generator."""
        s = self.copy(state)
        for r, p in state.picks.items():
            if r != role and p is not None:
                s.picks[r] = rng.choice((1, 2))
        s.rng = fresh(rng)
        return s

    def copy(self, state: QuadState) -> QuadState:
        winners = None if state.winners is None else list(state.winners)
        return QuadState(state.rng, state.round, dict(state.pos), dict(state.picks), winners, state.barrier)

    def to_json(self, state: QuadState) -> dict[str, Any]:
        return {
            "rng": state.rng,
            "round": state.round,
            "pos": dict(state.pos),
            "picks": dict(state.picks),
            "winners": state.winners,
            "barrier": state.barrier,
        }

    def from_json(self, data: Mapping[str, Any]) -> QuadState:
        try:
            return QuadState(
                data["rng"],
                data["round"],
                dict(data["pos"]),
                dict(data["picks"]),
                data["winners"],
                data["barrier"],
            )
        except (KeyError, TypeError) as exc:
            raise BadSave(f"not a quad state: {exc!r}") from exc

    def barrier(self, state: QuadState) -> int:
        return state.barrier
