"""Four Powers (working name) on the game contract (engine.game.Game): 2 to 4 factions, each a
role, seated by the scenario (``Players``); the sequence of play runs on the engine's procedure
stack (procedures.py)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from ...engine.errors import BadSave
from ...engine.game import Action, BotFactory, Game, Outcome, Position
from ...engine.rng import KEYED
from . import drawing, encoding, evaluation, render, sampler, views
from .common import data
from .pack import load_pack
from .procedures import PROCEDURES
from .setup import OPTIONS, SCENARIOS, new_game
from .state import FOUR, ROLES, TWO, State

# Importing the rules modules registers their procedures.
from . import actions, battle, conflicts, development, draft, effects, income, movement, presence, rounds  # noqa: F401  isort: skip


class FourPowers(Game[State]):
    slug = "four-powers"
    title = "Four Powers (working name)"
    roles = ROLES
    scenarios = tuple(SCENARIOS)
    options = OPTIONS

    def roles_for(
        self, scenario: str | None = None, options: Mapping[str, Any] | None = None
    ) -> tuple[str, ...]:
        """The factions in play, in seat order (``Players``)."""
        return tuple(SCENARIOS[scenario or self.scenarios[0]].players)

    def scenario_name(self, scenario: str) -> str:
        """The factions that play it (``Players``): "3 players: Crusaders, Caliphate, Seljuk"."""
        players = self.roles_for(scenario)
        return f"{len(players)} players: {', '.join(players)}"

    def setup(
        self,
        seed: int,
        scenario: str | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        generator: str = KEYED,
    ) -> State:
        scenario, chosen = self.check_setup(scenario, options)
        return new_game(seed, scenario, chosen, generator=generator)

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
        return f"Waiting for {', '.join(deciding)}: {views.phase_name(state)}."

    def view(self, state: State, role: str | None) -> dict[str, Any]:
        return views.view(self, state, role)

    def render_text(self, view: dict[str, Any]) -> str:
        """The board in words for the terminal (outremer play): render.py."""
        return render.render_text(view)

    def log(self, state: State, role: str | None, start: int = 0) -> list[dict[str, Any]]:
        return views.log_entries(state, role, start)

    def outcome(self, state: State) -> Outcome | None:
        r = state.result
        if r is None:
            return None
        return Outcome(tuple(r["winners"]), r["reason"], {k: float(v) for k, v in r["scores"].items()})

    def points(self, state: State) -> dict[str, float]:
        """Each faction's Victory Points (Victory), public."""
        return {r: float(state.vp[r]) for r in state.players}

    def bots(self) -> dict[str, BotFactory]:
        """Bots this title offers besides the engine's: the scripted one (bot.py)."""
        from .bot import make_scripted

        return {"scripted": make_scripted}

    def web_dir(self) -> Path:
        """The board drawn in the browser (web/board.js)."""
        return Path(__file__).parent / "web"

    def board(self) -> dict[str, Any]:
        """What the browser's board draws from, built from the shipped data pack (drawing.py)."""
        return drawing.board_description(load_pack())

    def positions(self) -> dict[str, Position]:
        """The draft at the start, a crowded 2nd Crusade, a Battle with an Ally at its closed hands
        and a Siege won by the attacker, each the first reached by random bots from seed 1 on."""
        crowded, fight, siege = _reached(_crowded), _reached(_battle), _reached(_siege)
        return {
            "start": Position(seed=1, about="the opening draft, the first pick (Draft.2)"),
            "crowded": Position(
                seed=crowded[0],
                actions=crowded[1],
                about="the 2nd Crusade: three factions' Support in one Region, six cards in a column, "
                "12 Influence on the board (Round.3)",
            ),
            "battle": Position(
                seed=fight[0],
                actions=fight[1],
                about="a Battle with an Ally, its participants closing their hands (Battle.8)",
            ),
            "siege": Position(
                seed=siege[0],
                actions=siege[1],
                about="a Siege won by the attacker, who takes the City or ransacks it (Siege.12)",
            ),
        }

    def describe_action(self, state: State, role: str, action: Action) -> str:
        return views.describe(state, role, action)

    def sample(self, state: State, role: str, rng: random.Random) -> State:
        """Hands, the deck's and the Round deck's order and sealed choices dealt anew (sampler.py)."""
        return sampler.sample(state, role, rng)

    def action_space(
        self, scenario: str | None = None, options: Mapping[str, Any] | None = None
    ) -> tuple[Action, ...]:
        """Every action any setup can offer (encoding.py)."""
        return encoding.action_space()

    def observe(self, state: State, role: str) -> list[float]:
        """``role``'s view as numbers (encoding.py)."""
        return encoding.observe(self.view(state, role), role, data(state))

    def evaluate(self, state: State) -> dict[str, float]:
        """Each faction's chance to win by its VP and City Control markers (evaluation.py)."""
        return evaluation.evaluate(state)

    def copy(self, state: State) -> State:
        return state.copy()

    def to_json(self, state: State) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data_: Mapping[str, Any]) -> State:
        state = State.from_json(data_)
        try:
            pack = data(state)
        except Exception as exc:  # a pack folder that is gone or broken
            raise BadSave(f"Four Powers state: its data pack cannot be read ({exc})") from exc
        if (
            not state.players
            or any(r not in ROLES for r in state.players)
            or len(set(state.players)) != len(state.players)
        ):
            raise BadSave(f"Four Powers state: unknown or repeated factions {state.players!r}")
        if state.scenario not in SCENARIOS or list(SCENARIOS[state.scenario].players) != state.players:
            raise BadSave(
                f"Four Powers state: the scenario {state.scenario!r} does not seat {state.players!r}"
            )
        if state.side not in (FOUR, TWO) or state.crusade not in (1, 2):
            raise BadSave("Four Powers state: side or Crusade out of range")
        if set(state.influence) != set(pack.board.locations):
            raise BadSave("Four Powers state: the Cities do not match the data pack's Locations")
        for frame in state.stack:
            if not isinstance(frame, dict) or frame.get("kind") not in PROCEDURES.kinds:
                raise BadSave(f"Four Powers state has an unknown procedure {frame!r:.60}")
        return state

    def barrier(self, state: State) -> int:
        return state.barrier


def _crowded(state: State) -> bool:
    """A turn of the 2nd Crusade with three factions' Support in one Region, a column of six
    cards and 12 Influence on the board."""
    if state.crusade != 2 or not state.stack or state.stack[-1]["kind"] != "turn":
        return False
    factions = max(len(s) for s in state.support.values())
    column = max(len(c) for cols in state.columns.values() for c in cols.values())
    influence = sum(1 for levels in state.influence.values() for r in levels if r is not None)
    return factions >= 3 and column >= 6 and influence >= 12


def _battle(state: State) -> bool:
    top = state.stack[-1] if state.stack else None
    return top is not None and top["kind"] == "battle_commit" and len(top.get("participants", [])) >= 3


def _siege(state: State) -> bool:
    return bool(state.stack) and state.stack[-1]["kind"] == "siege_spoils"


@cache
def _reached(
    reached: Callable[[State], bool], limit: int = 5000
) -> tuple[int, tuple[tuple[str, Action], ...]]:
    """The first seed from 1 on whose four-player game, played by random bots, reaches a state
    where ``reached`` holds, and the actions taken until then (the same every time: the bots and
    the game draw from their seeds)."""
    from ...bots.match import play_match
    from ...bots.random_bot import RandomBot

    game = FourPowers()
    for seed in range(1, 200):
        bots = {role: RandomBot(seed * 10 + i) for i, role in enumerate(game.roles)}
        match = play_match(game, bots, seed, max_steps=limit, until=reached)
        if reached(match.state):
            return seed, tuple(match.record.actions)
    raise RuntimeError("Four Powers: no seed from 1 to 199 reaches the position")
