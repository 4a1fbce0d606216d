"""The Third Crusade game class on the engine's contract (docs/writing-a-title.md, section 5).

Registered as ``third-crusade`` (pyproject's entry points, issue 17); what is built and what remains
is in docs/third-crusade/rules.md.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ...engine.errors import BadSave
from ...engine.game import BotFactory, Game, Outcome, Position
from ...engine.procedures import Action
from ...engine.rng import KEYED
from . import board_view, render, views
from .bot_play import act as bots_act
from .common import alliance, pack_at
from .options import OPTIONS as RULINGS
from .orders import ARMIES
from .procedures import PROCEDURES
from .setup import new_game
from .solo import OPTIONS as SOLO
from .solo import bot_side
from .state import CRUSADER, MUSLIM, NAMES, State

# Importing the rules modules registers their procedures.
from . import event, order, variable_setup  # noqa: F401  isort: skip
from . import battle  # noqa: F401  isort: skip


class ThirdCrusade(Game[State]):
    slug = "third-crusade"
    title = "Third Crusade"
    roles = tuple(ARMIES)
    scenarios = (
        "four",
        *(s for s in pack_at(None).setups.scenarios if s != "four"),
        *pack_at(None).setups.variable.scenarios,
    )
    options = SOLO + RULINGS

    def roles_for(
        self, scenario: str | None = None, options: Mapping[str, Any] | None = None
    ) -> tuple[str, ...]:
        """The Armies in play, one per player (``PlayerSetup.1``), but the Bots of a solo game; a
        variable set-up's are those of the scenario it deploys (``VariableSetup``)."""
        played = pack_at(None).setups.played(scenario or self.scenarios[0])
        assert played is not None  # callers pass a checked scenario
        armies = played.armies
        bots = bot_side(options)
        return tuple(a for a in armies if bots is None or ARMIES[a] != bots)

    def scenario_name(self, scenario: str) -> str:
        """The Armies it plays (``PlayerSetup.1``), the one played alone by 3 players, and whether it
        is the plutorial or a variable set-up (``VariableSetup``)."""
        played = pack_at(None).setups.played(scenario)
        assert played is not None  # one of self.scenarios
        armies = ", ".join(f"{NAMES[a]}{' alone' if a == played.lone else ''}" for a in played.armies)
        if scenario == "plutorial":
            return f"The plutorial: {armies}"
        variable = "Variable set-up, " if scenario in pack_at(None).setups.variable.scenarios else ""
        return f"{variable}{played.players} players: {armies}"

    def role_name(self, role: str) -> str:
        """The Army by its name (``Players``): "Holy Roman Empire" for the seat ``hre``."""
        return NAMES.get(role, role)

    def setup(
        self,
        seed: int,
        scenario: str | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        generator: str = KEYED,
    ) -> State:
        scenario, chosen = self.check_setup(scenario, options)
        return new_game(seed, scenario, generator=generator, bots=bot_side(chosen), options=chosen)

    def active_roles(self, state: State) -> tuple[str, ...]:
        return PROCEDURES.deciders(state)

    def legal_actions(self, state: State, role: str) -> list[Action]:
        return PROCEDURES.legal(state, role)

    def perform(self, state: State, role: str, action: Action) -> None:
        PROCEDURES.perform(state, role, action, bots_act)

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

    def render_text(self, view: dict[str, Any]) -> str:
        """The board in words for the terminal (render.py)."""
        return render.render_text(view)

    def web_dir(self) -> Path:
        """The board drawn in the browser (web/board.js)."""
        return Path(__file__).parent / "web"

    def board(self) -> dict[str, Any]:
        """What the browser's board draws from, built from the shipped data packs (board_view.py)."""
        return board_view.board_description()

    def log(self, state: State, role: str | None, start: int = 0) -> list[dict[str, Any]]:
        return [{"rule": key, "text": text} for key, text in views.log(state, role)[start:]]

    def outcome(self, state: State) -> Outcome | None:
        r = state.result
        if r is None:
            return None
        return Outcome(tuple(r["winners"]), r["reason"], {})

    def bots(self) -> dict[str, BotFactory]:
        """The scripted bot, the default opponent (bot.py)."""
        from .bot import make_scripted

        return {"scripted": make_scripted}

    def sample(self, state: State, role: str, rng: random.Random) -> State:
        """What ``role`` cannot see dealt anew, the generator keyed anew (sampler.py)."""
        from .sampler import sample

        return sample(state, role, rng)

    def evaluate(self, state: State) -> dict[str, float]:
        """Each Army's chance to win, from Glory, the next upkeep and the tiebreakers (evaluation.py)."""
        from .evaluation import evaluate

        return evaluate(state)

    def action_space(
        self, scenario: str | None = None, options: Mapping[str, Any] | None = None
    ) -> Sequence[Action]:
        """Every action that can ever be legal, in a fixed order (encoding.py)."""
        from .encoding import action_space

        return action_space()

    def observe(self, state: State, role: str) -> list[float]:
        """The view as numbers in [0, 1] (encoding.py, docs/rl.md)."""
        from .encoding import observe

        return observe(self.view(state, role), role)

    def describe_action(self, state: State, role: str, action: Action) -> str:
        """An action in words for menus (describe.py)."""
        from .describe import describe

        return describe(state, role, action)

    def positions(self) -> Mapping[str, Position]:
        """The start, a crowded Region, a Battle and the variable set-up's deployment, found by random
        play (showcase.py)."""
        from .showcase import positions

        return positions(self)

    def points(self, state: State) -> Mapping[str, float]:
        """The Glory of each Army's Alliance, as the Glory track counts it (``Glossary.Glory``)."""
        sign = {CRUSADER: 1, MUSLIM: -1}
        return {a: float(sign[alliance(a)] * state.glory) for a in state.armies}

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
