"""The First Crusade on the game contract (engine.game.Game): one role, the player's Christians, or
three in the team game (37.0, teams.py); the game itself runs the Muslims by the rulebook's
procedures."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

from ...engine.errors import BadSave
from ...engine.game import Action, BotFactory, Game, Outcome, Position
from ...engine.rng import KEYED
from . import encoding, positions, render, sampler, teams, views
from .common import BOARD, assassin_returns, buildings_overrun, lift_sieges
from .procedures import PROCEDURES
from .setup import OPTIONS, new_game
from .state import BIN, ELIMINATED, PLAYER, REMOVED, TEAM_ROLES, State
from .victory import chance, contributions, score, sudden_death

# Importing the rules modules registers their procedures.
from . import actions, combat, events, movement, muslims, pilgrimage, turn, winter  # noqa: F401  isort: skip


def always(state: State) -> None:
    """What holds at any moment, checked between every two steps of a procedure: the Assassin is
    back in Masyaf whenever no Christian is there (31.1), a Siege marker only while both sides are
    in its space (34.3), no building left in a space Muslims hold alone (33.5), and sudden death
    (6.3)."""
    if state.result is None:
        assassin_returns(state)
        lift_sieges(state)
        buildings_overrun(state)
    sudden_death(state)


@cache
def _positions(game: FirstCrusade) -> dict[str, Position]:
    return {
        "start": Position(about="the start (7.0): the Crusaders and Byzantines stacked in Constantinople"),
        "crowded": replace(
            positions.played(game, 1, positions.crowded),
            about="1098 Summer: stacks of 21 units in Tyre and 16 in Juliopolis at once",
        ),
        "battle": replace(
            positions.played(game, 1, positions.battle_fought),
            about="a battle at Juliopolis: the Christians place their hits (23.3)",
        ),
    }


class FirstCrusade(Game[State]):
    slug = "first-crusade"
    title = "The First Crusade"
    roles = (PLAYER,)
    scenarios = ("1097",)
    options = OPTIONS

    def roles_for(
        self, scenario: str | None = None, options: Mapping[str, Any] | None = None
    ) -> tuple[str, ...]:
        """One seat, or three in the team game (37.0)."""
        return TEAM_ROLES if (options or {}).get("teams") else self.roles

    def setup(
        self,
        seed: int,
        scenario: str | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        generator: str = KEYED,
    ) -> State:
        scenario, chosen = self.check_setup(scenario, options)
        state = new_game(seed, scenario, chosen, generator)
        PROCEDURES.settle(state, always)
        if teams.playing(state):
            teams.run_on(state, always)
        return state

    def active_roles(self, state: State) -> tuple[str, ...]:
        if teams.playing(state):
            return teams.deciders(state)
        return (PLAYER,) if PROCEDURES.top(state) is not None else ()

    def legal_actions(self, state: State, role: str) -> list[Action]:
        if teams.playing(state):
            return teams.legal(state, role)
        if role != PLAYER:
            return []
        return PROCEDURES.legal(state, PLAYER)

    def perform(self, state: State, role: str, action: Action) -> None:
        if teams.playing(state):
            teams.perform(state, role, action, always)
        else:
            PROCEDURES.perform(state, PLAYER, action, always)
        state.ply += 1

    def prompt(self, state: State, role: str | None) -> str:
        if state.result is not None:
            return "The game is over."
        if teams.playing(state):
            deciding = teams.deciders(state)
            if role not in deciding:
                return f"Waiting for {', '.join(deciding)}: {PROCEDURES.prompt(state, PLAYER)}"
            if len(deciding) > 1:
                asked = PROCEDURES.prompt(state, PLAYER)
                return f"{asked} (Any of {', '.join(deciding)} may act; 'end' passes.)"
            return PROCEDURES.prompt(state, PLAYER)
        if role is None:
            return f"Waiting for the player: {PROCEDURES.prompt(state, PLAYER)}"
        return PROCEDURES.prompt(state, PLAYER)

    def view(self, state: State, role: str | None) -> dict[str, Any]:
        out = views.view(self, state, role)
        out["team"] = teams.view(state) if teams.playing(state) else None
        return out

    def log(self, state: State, role: str | None, start: int = 0) -> list[dict[str, Any]]:
        return views.log_entries(state, start)

    def outcome(self, state: State) -> Outcome | None:
        r = state.result
        if r is None:
            return None
        if teams.playing(state):
            # 37.0: the team wins or loses together; each player's score is his contribution (T-6).
            winners = TEAM_ROLES if r["winners"] else ()
            return Outcome(winners, r["reason"], {k: float(v) for k, v in r["contributions"].items()})
        return Outcome(tuple(r["winners"]), r["reason"], {PLAYER: float(r["vp"])})

    def bots(self) -> dict[str, BotFactory]:
        """Bots this title offers besides the random one (bot.py)."""
        from .bot import make_scripted

        return {"scripted": make_scripted}

    def render_text(self, view: dict[str, Any]) -> str:
        """The board in words for the terminal (outremer play)."""
        return render.render_text(view)

    def positions(self) -> Mapping[str, Position]:
        """The start; the scripted bot's game from seed 1 where two stacks of 21 and 16 units stand
        at once (positions.crowded); and the same game a step later, the Christians placing their
        hits in that battle at Juliopolis (positions.battle_fought, 23.3)."""
        return _positions(self)

    def points(self, state: State) -> Mapping[str, float]:
        """The Victory Points the player would score now (6.1): fortresses held, Monasteries,
        Castles, eliminated Leaders, Kingdoms; all public facts (who is in a space shows, even a
        face-down counter's side, 11.0). In the team game each player's share (37.0, ruling T-6)."""
        if teams.playing(state):
            return {role: float(vp) for role, vp in contributions(state).items()}
        return {PLAYER: float(score(state)[0])}

    def web_dir(self) -> Path:
        """The map drawing for the browser (web/board.js)."""
        return Path(__file__).parent / "web"

    def board(self) -> dict[str, Any]:
        """The map for the browser, from the data pack: spaces with kind, fortress class, port,
        coordinates, routes and Armenia; paths by kind (road, pass, sea) with their names."""
        return {
            "spaces": [
                {
                    "id": s.id,
                    "name": s.name,
                    "kind": s.kind,
                    "fortress": s.fortress,
                    "port": s.port,
                    "lat": s.lat,
                    "lon": s.lon,
                    "routes": list(s.routes),
                    "armenia": s.armenia,
                }
                for s in BOARD.spaces.values()
            ],
            "paths": [{"a": p.a, "b": p.b, "kind": p.kind, "name": p.name} for p in BOARD.paths.values()],
        }

    def describe_action(self, state: State, role: str, action: Action) -> str:
        return views.describe(state, action)

    def warning(self, state: State, role: str, action: Action) -> str | None:
        return movement.warning(state, action)

    def action_space(
        self, scenario: str | None = None, options: Mapping[str, Any] | None = None
    ) -> Sequence[Action]:
        """Every action that can ever be legal with these options, in a fixed order (encoding.py)."""
        return encoding.action_space(options or {})

    def observe(self, state: State, role: str) -> list[float]:
        """The view as numbers in [0, 1], with the seat looking (encoding.py, docs/rl.md)."""
        return encoding.observe(self.view(state, role), role)

    def sample(self, state: State, role: str, rng: random.Random) -> State:
        """The face-down Muslim counters and the Bins dealt anew, the generator reseeded (sampler.py);
        every seat sees the same, so ``role`` does not matter."""
        return sampler.sample(state, rng)

    def evaluate(self, state: State) -> dict[str, float]:
        """The chance of a Victory or better from here (victory.chance), the same for every seat."""
        p = chance(state)
        return dict.fromkeys(TEAM_ROLES if teams.playing(state) else self.roles, p)

    def copy(self, state: State) -> State:
        return state.copy()

    def to_json(self, state: State) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: Mapping[str, Any]) -> State:
        state = State.from_json(data)
        places = {*BOARD.spaces, BIN, ELIMINATED, REMOVED}
        if set(state.loc) != set(BOARD.counters):
            unknown = sorted(set(state.loc) ^ set(BOARD.counters))
            raise BadSave(f"First Crusade state: unknown or missing counters {unknown[:5]}")
        for unit, where in state.loc.items():
            if where not in places:
                raise BadSave(f"First Crusade state puts {unit!r} in an unknown place {where!r}")
        if set(state.markers) != set(BOARD.pilgrimage):
            raise BadSave("First Crusade state: the Pilgrimage markers do not match the data pack")
        for frame in state.stack:
            if not isinstance(frame, dict) or frame.get("kind") not in PROCEDURES.kinds:
                raise BadSave(f"First Crusade state has an unknown procedure {frame!r:.60}")
        if bool(state.options.get("teams")) != teams.playing(state):
            raise BadSave("First Crusade state: the team option and the team's working data disagree")
        if teams.playing(state):
            try:
                teams.check_json(state.flags["team"])
            except ValueError as exc:
                raise BadSave(f"First Crusade state: {exc}") from exc
        if not 0 <= state.turn < len(BOARD.turns) or state.reaction not in (1, 2, 3):
            raise BadSave("First Crusade state: turn or Reaction Level out of range")
        return state

    def barrier(self, state: State) -> int:
        return state.barrier
