"""Kingdom of Heaven on the game contract (engine.game.Game): the Christian and the Muslim player
(§1); the sequence of play runs on the engine's procedure stack (procedures.py), from the ``turn``
frame at the bottom (turn.py). The conditions in force at any moment (a siege abandoned, the VP
kept up to date and an automatic victory, §5.8) are the settle check (:func:`check`).

Not registered yet: the lead registers the title once the rule sections meet.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...engine.errors import BadSave
from ...engine.game import Action, BotFactory, Game, Option, Outcome, Position
from ...engine.rng import KEYED
from . import drawing, encoding, evaluation, render, sampler, showcase, sieges, turn, victory, views
from .common import data, load_state, pack_at
from .names import role_name
from .procedures import PROCEDURES
from .setup import OPTIONS, new_game
from .state import PLAYERS, State

# Importing the rules modules registers their procedures (sieges, turn and victory above).
from . import assault, battle, demobilization, diplomacy, events, foraging, leaders  # noqa: F401  isort: skip
from . import movement, muster, naval, reactions, replacement, retreat, strongholds, strategy  # noqa: F401  isort: skip


def check(state: State) -> None:
    """The conditions in force at any moment, before every step: a siege with no besieger left is
    lifted (§17.9 L1147, sieges.lift_abandoned), the VP follow control and an automatic victory
    ends the game (§5.8, victory.check)."""
    if state.result is None:
        sieges.lift_abandoned(state)
    victory.check(state)


class KingdomOfHeaven(Game[State]):
    slug = "kingdom-of-heaven"
    title = "Kingdom of Heaven"
    roles = PLAYERS
    scenarios = tuple(pack_at(None).scenarios)
    options = tuple(
        Option(name, False, text.split(": ", 1)[1], text.split(": ", 1)[0]) for name, text in OPTIONS.items()
    )

    def setup(
        self,
        seed: int,
        scenario: str | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        generator: str = KEYED,
    ) -> State:
        scenario, chosen = self.check_setup(scenario, options)
        state = new_game(seed, scenario, chosen, generator=generator)
        PROCEDURES.push(state, "turn", step=turn.STEPS[0])
        PROCEDURES.settle(state, check)
        return state

    def active_roles(self, state: State) -> tuple[str, ...]:
        return PROCEDURES.deciders(state)

    def legal_actions(self, state: State, role: str) -> list[Action]:
        return PROCEDURES.legal(state, role)

    def perform(self, state: State, role: str, action: Action) -> None:
        PROCEDURES.perform(state, role, action, check)

    def prompt(self, state: State, role: str | None) -> str:
        if state.result is not None:
            return "The game is over."
        deciding = PROCEDURES.deciders(state)
        if role in deciding:
            return PROCEDURES.prompt(state, role)
        return f"Waiting for {', '.join(d.capitalize() for d in deciding)}: {render.phase_name(state.phase)}."

    def view(self, state: State, role: str | None) -> dict[str, Any]:
        out = views.view(state, role)
        out["phase_name"] = render.phase_name(state.phase)
        out["prompt"] = self.prompt(state, role)
        out["legal"] = [list(a) for a in self.legal_actions(state, role)] if role is not None else []
        return out

    def seat_view(self, state: State, role: str) -> dict[str, Any]:
        """view() as the scripted bot reads it: without the log, the phase's name and the prompt,
        which it never reads (the search's guide asks for a view at every step it plays)."""
        out = views.view(state, role, with_log=False)
        out["legal"] = [list(a) for a in self.legal_actions(state, role)]
        return out

    def render_text(self, view: dict[str, Any]) -> str:
        """The game in words for the terminal (render.py)."""
        return render.render_text(view)

    def log(self, state: State, role: str | None, start: int = 0) -> list[dict[str, Any]]:
        return [{"rule": key, "text": text} for key, text in views.log(state, role)][start:]

    def outcome(self, state: State) -> Outcome | None:
        r = state.result
        if r is None:
            return None
        return Outcome(tuple(r["winners"]), r["reason"], {p: float(v) for p, v in r["vp"].items()})

    def points(self, state: State) -> dict[str, float]:
        """Each player's VP (§20.1), public."""
        return {p: float(state.vp[p]) for p in PLAYERS}

    def web_dir(self) -> Path:
        """The board drawn in the browser (web/board.js)."""
        return Path(__file__).parent / "web"

    def board(self) -> dict[str, Any]:
        """What the browser's board draws from, built from the shipped data packs (drawing.py)."""
        return drawing.board_description()

    def scenario_name(self, scenario: str) -> str:
        """Its letter, its years and its name in the Scenario Book's list: "A 1097-99 Deus lo Vult!:
        The First Crusade" (one turn a campaigning year, §5)."""
        s = pack_at(None).scenarios[scenario]
        last = s.year(s.turns)
        end = f"{last % 100:02d}" if last // 100 == s.first_year // 100 else str(last)
        return f"{scenario} {s.first_year}-{end} {s.name}"

    def role_name(self, role: str) -> str:
        """The side as the rulebook calls its player (§2): "Christian", "Muslim" (names.role_name,
        as the log's sentences write it)."""
        return role_name(role)

    def positions(self) -> dict[str, Position]:
        """The start of the First and the Third Crusade, a stronghold with both sides at it, a
        battle, a siege and an exchange of siege events under way, each the first reached by random
        play (showcase.py)."""
        found = {
            name: showcase.reached(self, test)
            for name, test in (
                ("crowded", showcase.crowded),
                ("battle", showcase.battle),
                ("siege", showcase.siege),
            )
        }
        found["siege-events"] = showcase.reached(self, showcase.exchange, keen=True)
        about = {
            "crowded": "a stronghold held by one side with the other at its walls (§17.2)",
            "battle": "a battle being fought (§13)",
            "siege": "a siege under way (§17)",
            "siege-events": "both sides laying siege events in a siege (§17.6.6)",
        }
        return {
            "start": Position(seed=1, scenario="A", about="the First Crusade's first action round (§5.5)"),
            "third-crusade": Position(seed=1, scenario="D", about="the Third Crusade at its start (§4)"),
            **{n: Position(seed=f[0], actions=f[1], scenario="A", about=about[n]) for n, f in found.items()},
        }

    def describe_action(self, state: State, role: str, action: Action) -> str:
        return render.describe(state, action)

    def sample(self, state: State, role: str, rng: random.Random) -> State:
        """The opponent's unknown cards and the deck's order dealt anew (sampler.py)."""
        return sampler.sample(state, role, rng)

    def bots(self) -> dict[str, BotFactory]:
        """Bots this title offers besides the engine's: the scripted one (bot.py)."""
        from .bot import make_scripted

        return {"scripted": make_scripted}

    def action_space(
        self, scenario: str | None = None, options: Mapping[str, Any] | None = None
    ) -> tuple[Action, ...]:
        """Every action any setup can offer (encoding.py)."""
        return encoding.action_space()

    def observe(self, state: State, role: str) -> list[float]:
        """``role``'s view as numbers (encoding.py)."""
        return encoding.observe(views.view(state, role), role, data(state))

    def evaluate(self, state: State) -> dict[str, float]:
        """Each player's chance to win by his shortfall from his victory condition (evaluation.py)."""
        return evaluation.evaluate(state)

    def copy(self, state: State) -> State:
        return state.copy()

    def to_json(self, state: State) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: Mapping[str, Any]) -> State:
        state = load_state(data)
        for frame in state.stack:
            if not isinstance(frame, dict) or frame.get("kind") not in PROCEDURES.kinds:
                raise BadSave(f"Kingdom of Heaven state has an unknown procedure {frame!r:.60}")
        return state

    def barrier(self, state: State) -> int:
        return state.barrier
