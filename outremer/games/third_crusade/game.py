"""The Third Crusade game class on the engine's contract (docs/writing-a-title.md, section 5).

Not registered as a playable title yet (issue 17): the rounds stop where the unbuilt procedures
begin (docs/third-crusade/rules.md). Tests use it for the checked path (``apply``) and the views.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.errors import BadSave
from ...engine.game import Game, Outcome
from ...engine.procedures import Action
from ...engine.rng import KEYED
from . import views
from .common import pack_at
from .orders import ARMIES
from .procedures import PROCEDURES
from .setup import new_game
from .state import NAMES, State

# Importing the rules modules registers their procedures.
from . import event, order  # noqa: F401  isort: skip
from . import battle  # noqa: F401  isort: skip


class ThirdCrusade(Game[State]):
    slug = "third-crusade"
    title = "Third Crusade"
    roles = tuple(ARMIES)
    scenarios = ("four", *(s for s in pack_at(None).setups.scenarios if s != "four"))

    def roles_for(
        self, scenario: str | None = None, options: Mapping[str, Any] | None = None
    ) -> tuple[str, ...]:
        """The Armies in play, one per player (``PlayerSetup.1``)."""
        return tuple(pack_at(None).setups.scenarios[scenario or self.scenarios[0]].armies)

    def setup(
        self,
        seed: int,
        scenario: str | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        generator: str = KEYED,
    ) -> State:
        scenario, _ = self.check_setup(scenario, options)
        return new_game(seed, scenario, generator=generator)

    def active_roles(self, state: State) -> tuple[str, ...]:
        return PROCEDURES.deciders(state)

    def legal_actions(self, state: State, role: str) -> list[Action]:
        return PROCEDURES.legal(state, role)

    def perform(self, state: State, role: str, action: Action) -> None:
        PROCEDURES.perform(state, role, action)

    def prompt(self, state: State, role: str | None) -> str:
        if state.result is not None:
            return "The game is over."
        deciding = PROCEDURES.deciders(state)
        if role in deciding:
            return PROCEDURES.prompt(state, role)
        waiting = ", ".join(NAMES[a] for a in deciding)
        return f"Waiting for {waiting}: {views.phase_name(state)}."

    def view(self, state: State, role: str | None) -> dict[str, Any]:
        return views.view(state, role)

    def log(self, state: State, role: str | None, start: int = 0) -> list[dict[str, Any]]:
        return [{"rule": key, "text": text} for key, text in views.log(state, role)[start:]]

    def outcome(self, state: State) -> Outcome | None:
        r = state.result
        if r is None:
            return None
        return Outcome(tuple(r["winners"]), r["reason"], {})

    def copy(self, state: State) -> State:
        return state.copy()

    def to_json(self, state: State) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: Mapping[str, Any]) -> State:
        """A state read back; a stack naming a procedure nobody registered is refused (BadSave)."""
        state = State.from_json(data)
        for frame in state.stack:
            kind = frame.get("kind") if isinstance(frame, dict) else None
            if kind not in PROCEDURES.kinds:
                raise BadSave(f"Third Crusade state names an unknown procedure {kind!r}")
        return state

    def barrier(self, state: State) -> int:
        return state.barrier
