"""Named positions that show the browser board at its most demanding (docs/writing-a-title.md
section 10): each the first state that random bots reach from seed 1 on where a test holds, found
by playing (the bots and the game draw from their seeds, so the same every time). Nothing here is a
rule; the game class offers them as ``positions()``."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ...engine.game import Action, Game
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


def exchange(state: State) -> bool:
    """A siege-event exchange under way (§17.6.6): both sides have laid siege events this round in
    the siege on top, and a player is asked what he does next."""
    if not siege(state):
        return False
    top = state.stack[-1]
    laid = top.get("laid", [])
    return top["kind"] == "siege" and bool(top.get("asks")) and {e["as"] for e in laid} == {"A", "D"}


class SiegeKeen:
    """Random play that, given the choice, resolves a siege with its card and lays siege events: it
    reaches an exchange of siege events sooner than uniform choice. It reads its view only."""

    name = "siege-keen"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game[State], state: State, role: str) -> Action:
        legal = game.legal_actions(state, role)
        stack = game.view(state, role)["stack"]
        in_siege = bool(stack) and stack[-1]["kind"] == "siege"
        keen = [a for a in legal if a[0] == "siege" or (in_siege and a[0] == "event")]
        pool = keen or legal
        return pool[self.rng.randrange(len(pool))]


SEEDS = 300
"""The seeds ``reached`` tries: an exchange of siege events is rare in random play."""
FIRST = {"exchange": 85}
"""The first seed known to reach a named test (in scenario A, with random play as the activation
offers it since a kind put back is no longer taken again and a leader is not offered to himself,
§10.1): ``reached`` tries it before the others, so that a title's positions cost a game, not a
hundred (a change to random play that moves it only costs the search again)."""

FOUND: dict[tuple[Callable[[State], bool], str, bool], Found] = {}
"""What ``reached`` found, by test, scenario and bots: random play is slow and its finds never
change."""


def reached(
    game: Game[State],
    test: Callable[[State], bool],
    scenario: str = "A",
    limit: int = 3000,
    keen: bool = False,
) -> Found:
    """The first seed (the one in :data:`FIRST`, else from 1 on) whose ``game`` of ``scenario``,
    played by random bots (``keen``: SiegeKeen bots), reaches a state where ``test`` holds, and the
    actions taken until then."""
    if (test, scenario, keen) not in FOUND:
        FOUND[test, scenario, keen] = _play(game, test, scenario, limit, keen)
    return FOUND[test, scenario, keen]


def _play(game: Game[State], test: Callable[[State], bool], scenario: str, limit: int, keen: bool) -> Found:
    from ...bots.match import play_match
    from ...bots.random_bot import RandomBot

    bot = SiegeKeen if keen else RandomBot
    hint = FIRST.get(test.__name__)
    for seed in [*([hint] if hint else []), *(s for s in range(1, SEEDS + 1) if s != hint)]:
        bots = {role: bot(seed * 10 + i) for i, role in enumerate(game.roles)}
        match = play_match(game, bots, seed, scenario=scenario, max_steps=limit, until=test)
        if test(match.state):
            return seed, tuple(match.record.actions)
    raise RuntimeError(f"Kingdom of Heaven: no seed from 1 to {SEEDS} reaches {test.__name__}")
