"""Named positions that show the browser board at its most demanding (docs/writing-a-title.md
section 10): each the first state that random bots reach from seed 1 on where a test holds, found
by playing (the bots and the game draw from their seeds, so the same every time). Nothing here is a
rule; the game class offers them as ``positions()``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine.game import Game
from .state import State

Found = tuple[int, tuple[tuple[str, Any], ...]]


def units(force: dict[str, Any]) -> int:
    """The units of a force (full and reduced) and its leaders, counted as pieces."""
    return sum(force["full"].values()) + sum(force["reduced"].values()) + len(force["leaders"])


def crowded(state: State) -> bool:
    """A space where both sides stand, one inside its stronghold and the other at its walls, ten
    pieces or more in all."""
    for space, inside in state.inside.items():
        outside = state.field.get(space, {})
        sides = {state.orientation(p) for p in [*inside, *outside]}
        if len(sides) == 2 and sum(units(f) for f in [*outside.values(), *inside.values()]) >= 10:
            return True
    return False


def battle(state: State) -> bool:
    """A battle being fought (§13)."""
    return bool(state.stack) and state.stack[-1]["kind"] == "battle"


def siege(state: State) -> bool:
    """A siege under way: its frame, with a siege marker on the map (§17)."""
    return bool(state.stack) and state.stack[-1]["kind"] in ("siege", "assault") and bool(state.sieges)


FOUND: dict[tuple[Callable[[State], bool], str], Found] = {}
"""What ``reached`` found, by test and scenario: random play is slow and its finds never change."""


def reached(
    game: Game[State], test: Callable[[State], bool], scenario: str = "A", limit: int = 3000
) -> Found:
    """The first seed from 1 on whose ``game`` of ``scenario``, played by random bots, reaches a
    state where ``test`` holds, and the actions taken until then."""
    if (test, scenario) not in FOUND:
        FOUND[test, scenario] = _play(game, test, scenario, limit)
    return FOUND[test, scenario]


def _play(game: Game[State], test: Callable[[State], bool], scenario: str, limit: int) -> Found:
    from ...bots.match import play_match
    from ...bots.random_bot import RandomBot

    for seed in range(1, 60):
        bots = {role: RandomBot(seed * 10 + i) for i, role in enumerate(game.roles)}
        match = play_match(game, bots, seed, scenario=scenario, max_steps=limit, until=test)
        if test(match.state):
            return seed, tuple(match.record.actions)
    raise RuntimeError(f"Kingdom of Heaven: no seed from 1 to 59 reaches {test.__name__}")
