"""Positions built by hand, for tests and puzzles: a state with chosen counters placed and the turn
at a chosen step, with no Random Event rolled; and positions reached by the scripted bot's play,
for the browser checks (Game.positions)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ...engine.game import Game, Position
from . import combat
from .common import ASSASSIN, BOARD, MASYAF
from .procedures import PROCEDURES
from .setup import OPTIONS
from .state import BIN, PLAYER, Locations, State


def position(
    units: Mapping[str, str],
    *,
    seed: int = 1,
    stage: str = "standard",
    actions: int = 3,
    special: int = 0,
    reaction: int = 1,
    turn: int = 0,
    reduced: Iterable[str] = (),
    revealed: Iterable[str] = (),
    available: Iterable[str] = (),
    options: Mapping[str, bool] | None = None,
    flags: Mapping[str, Any] | None = None,
) -> State:
    """A state with ``units`` (counter -> space) on the map, every other counter in its Bin (the
    Assassin in Masyaf unless placed), the markers in ``available`` in the Available box, the
    others in the Pilgrimage Bin, and the turn frame at ``stage``."""
    chosen = {o.name: o.default for o in OPTIONS}
    chosen.update(options or {})
    state = State.blank(seed, "1097", chosen)
    state.loc = Locations(dict.fromkeys(BOARD.counters, BIN))
    state.loc[ASSASSIN] = MASYAF
    for unit, space in units.items():
        if unit not in BOARD.counters:
            raise KeyError(f"no counter {unit!r}")
        if space not in BOARD.spaces and space != BIN:
            raise KeyError(f"no space {space!r}")
        state.loc[unit] = space
    state.markers = dict.fromkeys(BOARD.pilgrimage, "bin")
    for m in available:
        state.markers[m] = "available"
    for m, marker in BOARD.pilgrimage.items():
        if marker.counter is not None and state.loc[marker.counter] != BIN:
            state.markers[m] = "unit"
    state.turn = turn
    state.reaction = reaction
    state.actions = actions
    state.special = special
    state.reduced = set(reduced)
    state.revealed = set(revealed)
    state.flags.update(flags or {})
    PROCEDURES.push(state, "turn", stage=stage)
    return state


def battle_before_the_reveal() -> State:
    """Godfrey and a foot unit attack Nicaea, held by Kilij Arslan and a militia, both still face
    down: the battle has just begun (23.0), before 23.1(2) turns the Muslims face up."""
    state = position(
        {
            "godfrey": "nicaea",
            "crusader_foot_1": "nicaea",
            "kilij_arslan": "nicaea",
            "seljuk_militia_1": "nicaea",
        }
    )
    combat.start_battle(state, "nicaea", "christian", reinforce=True)
    return state


def played(
    game: Game[State], seed: int, until: Callable[[dict[str, Any]], bool], limit: int = 2000
) -> Position:
    """The scripted bot (bot.py) plays the player's seat from a game set up with ``seed`` until
    ``until`` holds for the player's view (public facts only, so that what is shown never rests on
    a hidden one); the same seed gives the same actions. Raises ValueError when the game ends or
    ``limit`` actions pass first."""
    from ...bots.match import play_match
    from .bot import make_scripted

    def reached(state: State) -> bool:
        return until(game.view(state, PLAYER))

    match = play_match(game, {PLAYER: make_scripted(game, seed)}, seed, max_steps=limit, until=reached)
    if not reached(match.state):
        raise ValueError(f"seed {seed}: the game reached no such position")
    return Position(seed, tuple(match.record.actions))


def crowded(view: dict[str, Any]) -> bool:
    """Large stacks in several spaces at once: the two largest hold 32 units or more between them,
    the smaller of the two at least 10, and a third space at least 5."""
    sizes = sorted((len(units) for units in view["spaces"].values()), reverse=True)
    return len(sizes) >= 3 and sizes[0] + sizes[1] >= 32 and sizes[1] >= 10 and sizes[2] >= 5


def battle_fought(view: dict[str, Any]) -> bool:
    """The player places the Christians' hits (23.3) in a battle of several rounds (23.1(4)) with
    at least three units a side."""
    b = view["battle"]
    return bool(
        b
        and view["procedure"] == "battle"
        and b["hits_on"] == "christian"
        and b["rounds"] > 1
        and min(len(b["units"]["christian"]), len(b["units"]["muslim"])) >= 3
    )
