"""A bare title: only the abstract methods of :class:`~outremer.engine.game.Game`, so that every
optional capability (bots, text board, prompts, browser board, sampler, evaluation, learning) keeps
the contract's default.

Take-away: a pile of counters; First and Second take one or two in turn, and whoever takes the last
one wins (T.1). Nothing is random and nothing is hidden.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from outremer.engine.errors import BadSave
from outremer.engine.game import Action, Game, Outcome
from outremer.engine.rng import KEYED

ROLES = ("First", "Second")
PILES = {"seven": 7, "four": 4}


@dataclass
class Pile:
    left: int
    turn: int = 0
    """The index in ROLES of the role to take next."""
    log: list[str] = field(default_factory=list)


def taken(state: Pile) -> dict[str, int]:
    """The counters each role has taken so far, read from the log ("<role> takes <n>, ..."): the
    points of the titles that add them to this one (tests/e2e/pile.py, tests/server/test_summary.py)."""
    counts = dict.fromkeys(ROLES, 0)
    for line in state.log:
        role, _, rest = line.partition(" takes ")
        counts[role] += int(rest.split(",")[0])
    return counts


class BareGame(Game[Pile]):
    slug = "bare"
    title = "Take-away"
    roles = ROLES
    scenarios = tuple(PILES)

    def setup(
        self,
        seed: int,
        scenario: str | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        generator: str = KEYED,
    ) -> Pile:
        scenario, _ = self.check_setup(scenario, options)
        return Pile(PILES[scenario])

    def active_roles(self, state: Pile) -> tuple[str, ...]:
        return (ROLES[state.turn],) if state.left else ()

    def legal_actions(self, state: Pile, role: str) -> list[Action]:
        if role not in self.active_roles(state):
            return []
        return [("take", n) for n in (1, 2) if n <= state.left]

    def perform(self, state: Pile, role: str, action: Action) -> None:
        state.left -= action[1]
        state.log.append(f"{role} takes {action[1]}, leaving {state.left}.")
        if state.left:
            state.turn = 1 - state.turn

    def view(self, state: Pile, role: str | None) -> dict[str, Any]:
        return {"left": state.left, "turn": ROLES[state.turn], "role": role}

    def log(self, state: Pile, role: str | None, start: int = 0) -> list[dict[str, Any]]:
        return [{"rule": "T.1", "text": text} for text in state.log[start:]]

    def outcome(self, state: Pile) -> Outcome | None:
        if state.left:
            return None
        return Outcome((ROLES[state.turn],), f"{ROLES[state.turn]} took the last counter")

    def copy(self, state: Pile) -> Pile:
        return Pile(state.left, state.turn, list(state.log))

    def to_json(self, state: Pile) -> dict[str, Any]:
        return {"left": state.left, "turn": state.turn, "log": list(state.log)}

    def from_json(self, data: Mapping[str, Any]) -> Pile:
        try:
            left, turn, log = data["left"], data["turn"], data["log"]
        except (KeyError, TypeError) as exc:
            raise BadSave(f"not a take-away state: {exc}") from exc
        if not isinstance(left, int) or left < 0 or turn not in (0, 1) or not isinstance(log, list):
            raise BadSave("not a take-away state: left, turn or log malformed")
        return Pile(left, turn, [str(line) for line in log])

    def barrier(self, state: Pile) -> int:
        return 0
