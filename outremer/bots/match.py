"""Play one game from setup to the end with a bot in every seat (the trusted, fast path)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.errors import OutremerError
from ..engine.game import Game, Role
from ..engine.record import Record
from .base import Bot

MAX_STEPS = 20000
"""The most actions a game played by bots may take (:func:`play_match`'s default; the server's bots
stop there too, server/bots.py): over ten times the longest game of any title the scripted bots
have played (Crusader Rex, 1,391 actions: ``python bench/bot_runs.py --games 3``)."""


class Stuck(OutremerError):
    """A game with no outcome in which nobody may act, or an active role with no legal action."""


@dataclass
class Match:
    """A finished (or step-capped) game: its record, final state and whether it hit the cap."""

    record: Record
    state: Any
    capped: bool

    @property
    def steps(self) -> int:
        """How many actions were taken."""
        return len(self.record.actions)


def play_match(
    game: Game[Any],
    bots: Mapping[Role, Bot],
    seed: int,
    scenario: str | None = None,
    options: Mapping[str, Any] | None = None,
    max_steps: int = MAX_STEPS,
    until: Callable[[Any], bool] | None = None,
) -> Match:
    """Set up a game and let ``bots`` (one per role) play it out, at most ``max_steps`` actions,
    or only until ``until(state)`` holds (asked before every action: a position to show,
    Game.positions).

    Each bot chooses from the legal actions of the state it is given, so actions are carried out
    with :meth:`Game.perform` unchecked. Roles active at the same time act one after another in
    the order of the game's roles (:meth:`Game.roles_for`).
    """
    scenario, chosen = game.check_setup(scenario, options)
    state = game.setup(seed, scenario, chosen)
    record = Record(game.slug, seed, scenario, chosen, [])
    actions = record.actions
    order: Sequence[Role] = game.roles_for(scenario, chosen)
    while len(actions) < max_steps:
        if until is not None and until(state):
            return Match(record, state, False)
        active = game.active_roles(state)
        if not active:
            if game.outcome(state) is None:
                raise Stuck(f"no outcome and nobody may act after {len(actions)} actions")
            return Match(record, state, False)
        if len(active) > 1:
            active = tuple(r for r in order if r in active)
        for i, role in enumerate(active):
            if i and role not in game.active_roles(state):
                continue  # an earlier simultaneous action ended this role's turn
            if i and until is not None and until(state):
                return Match(record, state, False)
            action = bots[role].choose(game, state, role)
            game.perform(state, role, action)
            actions.append((role, action))
            if len(actions) >= max_steps:
                break
    return Match(record, state, game.outcome(state) is None)
