"""Crusader Rex on the game contract (engine.game.Game)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any, ClassVar

from ...engine.game import Action, BotFactory, Game, Option, Outcome, Position
from ...engine.rng import KEYED
from . import encoding, evaluation, render, sampler, views
from .board import FRANKS, SARACENS, default_board
from .common import TOWNS, victory_count
from .procedures import PROCEDURES
from .setup import new_game
from .state import State
from .validate import load_state

# Importing the rules modules registers their procedures.
from . import cards, combat, deployment, draws, events, movement, turn, winter  # noqa: F401  isort: skip

MOVE_CHOICES = ("group", "muster", "end")
"""The choices of the next move that search bots play out (:meth:`CrusaderRex.rollout_choices`)."""

CROWDED = 12
"""The blocks in one town that make the "crowded" position: the most the scripted bots gather."""


class CrusaderRex(Game[State]):
    slug = "crusader-rex"
    title = "Crusader Rex"
    roles = (FRANKS, SARACENS)
    scenarios = ("1187",)
    options = (
        Option(
            "iron_bridge", False, "Antioch-Harim iron bridge: at most 3 blocks a phase", "optional rules, p.4"
        ),
        Option(
            "forced_marches",
            False,
            "Blocks may move one extra town at the risk of a step",
            "optional rules, p.4",
        ),
    )
    search: ClassVar[Mapping[str, str]] = {"c": "0.3"}
    """The search bot explores less than by default: tuned against the scripted bot (docs/bots.md)."""

    def setup(
        self,
        seed: int,
        scenario: str | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        generator: str = KEYED,
    ) -> State:
        scenario, chosen = self.check_setup(scenario, options)
        return new_game(seed, scenario, chosen, generator)

    def active_roles(self, state: State) -> tuple[str, ...]:
        stack = state.stack  # State.active, without the list: asked before every action
        return tuple(stack[-1]["roles"]) if stack and state.result is None else ()

    def legal_actions(self, state: State, role: str) -> list[Action]:
        return PROCEDURES.legal(state, role)

    def perform(self, state: State, role: str, action: Action) -> None:
        PROCEDURES.perform(state, role, action)
        state.ply += 1

    def prompt(self, state: State, role: str | None) -> str:
        if state.result is not None:
            return "The game is over."
        if role is None or role not in state.active:
            return f"Waiting for {', '.join(state.active)}."
        return PROCEDURES.prompt(state, role)

    def view(self, state: State, role: str | None) -> dict[str, Any]:
        legal = self.legal_actions(state, role) if role is not None else []
        return views.view(state, role, self.slug, self.prompt(state, role), legal)

    def log(self, state: State, role: str | None, start: int = 0) -> list[dict[str, Any]]:
        return views.log_entries(state, role, start)

    def outcome(self, state: State) -> Outcome | None:
        if state.result is None:
            return None
        r = state.result
        return Outcome(
            tuple(r["winners"]), r["reason"], {k: float(v) for k, v in r["victory_cities"].items()}
        )

    def points(self, state: State) -> dict[str, float]:
        """The Victory Cities each side controls (1.2: a besieged city counts for the castle's
        holder), as the outcome counts them; public facts only."""
        return {side: float(n) for side, n in victory_count(state).items()}

    def positions(self) -> dict[str, Position]:
        """The start, the largest stack the scripted bots gather, and a field battle of six blocks
        or more (6.2), each reached by the scripted bots from a fixed seed."""
        return {
            "start": Position(seed=1, about="the 1187 set-up, the Franks to deploy (3.1)"),
            "crowded": Position(
                seed=2,
                actions=_played(2, _crowded),
                about=f"a town holding {CROWDED} blocks or more, the largest stacks of a game (5.0)",
            ),
            "battle": Position(
                seed=1,
                actions=_played(1, _field_battle),
                about="a field battle of six blocks or more, a block to fire or retreat (6.2)",
            ),
        }

    def warning(self, state: State, role: str, action: Action) -> str | None:
        """Ending a Group Move or a Muster before any block has moved spends the move all the same
        (5.2, 5.3): an easy slip, which the page asks to confirm."""
        mv = state.mv
        if action != ("end",) or mv is None or mv["side"] != role or mv["path"]:
            return None
        if mv["kind"] == "group":
            return (
                f"No block has moved from {mv['origin']}: ending the Group Move now spends the move "
                "all the same (5.2)."
            )
        if mv["kind"] == "muster":
            return f"No block has moved to {mv['target']}: ending the Muster now spends the move (5.3)."
        return None

    def sample(self, state: State, role: str, rng: random.Random) -> State:
        """A state ``role`` cannot tell from ``state``, its hidden parts dealt anew (sampler.py)."""
        return sampler.sample(state, role, rng)

    def rollout_choices(self, state: State, role: str) -> list[Action] | None:
        """The turning points of a game turn, which search bots play out to the turn's end
        (docs/bots.md): the choice of a card (4.1: who moves first, and how far), and each choice
        of the next move (5.1: which group moves, a muster, or no more moves), where what the enemy
        does next and the battles that follow tell a good move from a bad one. Sea moves (5.5) and
        German entries (7.23) are left to the tree search, which weighs each of the many a block
        may make."""
        if state.phase == "card":
            return self.legal_actions(state, role)
        mv = state.mv
        if state.phase == "move" and mv is not None and mv["kind"] is None and mv["side"] == role:
            return [a for a in self.legal_actions(state, role) if a[0] in MOVE_CHOICES]
        return None

    def stage(self, state: State) -> tuple[int, int]:
        """The game turn: a rollout from a card choice ends with the turn's battles and draws."""
        return state.year, state.turn

    def evaluate(self, state: State) -> dict[str, float]:
        """Each side's chance of winning, estimated from the whole state (evaluation.py); search
        bots call it on their samples only."""
        return evaluation.evaluate(state)

    def bots(self) -> dict[str, BotFactory]:
        """Bots this title offers besides the random one."""
        from .bot import make_scripted

        return {"scripted": make_scripted}

    def render_text(self, view: dict[str, Any]) -> str:
        """The board in words for the terminal (outremer play)."""
        return render.render_text(view)

    def web_dir(self) -> Path:
        """The map drawing for the browser (web/board.js)."""
        return Path(__file__).parent / "web"

    def board(self) -> dict[str, Any]:
        """The map for the browser, from the data pack: towns with coordinates, roads by type."""
        data = default_board()
        return {
            "towns": [
                {
                    "name": t.name,
                    "kingdom": t.kingdom,
                    "side": t.side,
                    "rating": t.rating,
                    "port": t.port,
                    "victory": t.victory,
                    "fortified": t.fortified,
                    "no_entry": t.no_entry,
                    "shields": list(t.shields),
                    "lat": t.lat,
                    "lon": t.lon,
                }
                for t in data.towns.values()
            ],
            "staging": [{"name": name, "nation": nation} for name, nation in data.staging.items()],
            "roads": [
                {"a": r.a, "b": r.b, "type": r.kind, "off_map": r.off_map} for r in data.roads.values()
            ],
        }

    def describe_action(self, state: State, role: str, action: Action) -> str:
        return views.describe(state, role, action)

    def action_space(
        self, scenario: str | None = None, options: Mapping[str, Any] | None = None
    ) -> Sequence[Action]:
        """Every action that can ever be legal, in a fixed order (encoding.py)."""
        return encoding.action_space()

    def observe(self, state: State, role: str) -> list[float]:
        """``role``'s view as numbers in [0, 1] (encoding.py, docs/rl.md)."""
        return encoding.observe(self.view(state, role))

    def copy(self, state: State) -> State:
        return state.copy()

    def to_json(self, state: State) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: Mapping[str, Any]) -> State:
        """A state from JSON, e.g. a position written by hand; BadSave says what is wrong."""
        return load_state(data)

    def barrier(self, state: State) -> int:
        return state.barrier


def _crowded(state: State) -> bool:
    """A town holds :data:`CROWDED` blocks or more."""
    counts: dict[str, int] = {}
    for where in state.loc.values():
        counts[where] = counts.get(where, 0) + 1
    return any(n >= CROWDED for town, n in counts.items() if town in TOWNS)


def _field_battle(state: State) -> bool:
    """A block is to fire or retreat in round 1 of a field battle of six blocks or more (6.2)."""
    fight = state.fight
    if state.phase != "combat_turn" or fight is None:
        return False
    town = fight.get("town")
    return (
        fight.get("mode") == "field"
        and fight.get("round") == 1
        and sum(1 for where in state.loc.values() if where == town) >= 6
    )


@cache
def _played(seed: int, reached: Callable[[State], bool], limit: int = 2000) -> tuple[tuple[str, Action], ...]:
    """The actions the scripted bots take in a game set up from ``seed`` until ``reached`` holds
    (the same every time: the bots and the game draw from their seeds)."""
    from ...bots.match import play_match
    from .bot import make_scripted

    game = CrusaderRex()
    bots = {role: make_scripted(game, i) for i, role in enumerate(game.roles)}
    match = play_match(game, bots, seed, max_steps=limit, until=reached)
    if not reached(match.state):
        raise RuntimeError(f"Crusader Rex seed {seed}: the position was not reached")
    return tuple(match.record.actions)
