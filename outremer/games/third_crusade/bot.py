"""The scripted Third Crusade bot: legal, quick, greedy, playing for Glory and Control as the rules
score them (``Goal``, ``VictoryCheck``, ``EndGame``).

It never reads the true state. At each decision it deals a state its role cannot tell from the true
one (``sampler.sample``: the other Armies' drawn cards, screens, face-down Orders of the other
Alliance, Objectives and sealed choices dealt anew from its own generator), so two states that
differ only in what the role cannot see give the same choice. On that sample it tries a few of the
legal actions (all of them when they are few), finishes each action's own follow-up choices
greedily by the same rule a step deep (a card's parts, a March's pieces and slots), and keeps the
action whose result scores best for its Army (:func:`worth`). Orders laid face down in Planning
score nothing until executed, so there it prefers its own Regions and the Regions next to them for
an Order that can act, and keeps its Blanks for the rest (``Planning.Place``).
"""

from __future__ import annotations

import random
from typing import Any

from ...engine.game import Action
from . import control
from .common import alliance, data, has_presence
from .sampler import sample
from .state import CRUSADER, WIN, State

TRIED = 12
"""The most legal actions tried at one decision (the rest are left out at random)."""
FOLLOW = 16
"""The most follow-up choices of the bot's own played out after an action it tries."""
GLORY = 6.0
"""What one space of Glory towards the Army's side is worth, in the units of :func:`worth`."""
QUIT = ("done", "end", "stop", "pass", "lose")
"""Verbs that end a choice; played last in the follow-up of an action tried."""


def worth(state: State, army: str) -> float:
    """How good ``state`` is for ``army``: a win, the Glory of its Alliance (``Goal``), the Regions
    it Controls and the tracks they give (``Glossary.Control``, ``BoardSetup.4``), the Cities of its
    Objectives (``EndGame.2``), its gold and command points."""
    side = alliance(army)
    if state.result is not None:
        return (
            1000.0
            if army in state.result["winners"]
            else (-1000.0 if side != state.result.get("alliance", side) else -200.0)
        )
    sign = 1 if side == CRUSADER else -1
    glory = sign * state.glory
    score = GLORY * glory + (50.0 if glory >= WIN else 0.0)
    held = set(control.controlled(state, army))
    score += 1.5 * len(held)
    cards = data(state).cards.objectives
    for objective in state.objectives[army]:
        score += 1.0 * len(held & set(cards[objective].cities))
    t = state.tracks[army]
    score += 1.5 * t["base"] + 0.1 * t["current"] + 0.8 * t["crowns"] + 0.4 * t["supply"] + 1.0 * t["gold"]
    score += 0.5 * state.gold[army]
    return score


class ScriptedBot:
    """Greedy one-step choices on a sample of the hidden facts (see the module docstring)."""

    name = "scripted"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game: Any, state: State, role: str) -> Action:
        legal = [tuple(a) for a in game.legal_actions(state, role)]
        if not legal:
            raise ValueError(f"{role} has no legal action")
        if len(legal) == 1:
            return legal[0]
        seen = sample(state, role, self.rng)
        kind = str(seen.stack[-1]["kind"]) if seen.stack else ""
        if kind == "planning":
            return self.plan(seen, role, legal)
        tried = legal if len(legal) <= TRIED else self.rng.sample(legal, TRIED)
        best, score = legal[0], float("-inf")
        for action in tried:
            value = self.try_out(game, seen, role, action) + self.rng.random() * 0.01
            if value > score:
                best, score = action, value
        return best

    def try_out(self, game: Any, seen: State, role: str, action: Action) -> float:
        """The worth for ``role`` of ``action`` and its own follow-up choices on the sample."""
        trial = seen.copy()
        depth = len(trial.stack)
        game.perform(trial, role, action)
        for _ in range(FOLLOW):
            if trial.result is not None or len(trial.stack) <= depth or game.active_roles(trial) != (role,):
                break
            legal = game.legal_actions(trial, role)
            acting = [a for a in legal if a[0] not in QUIT]
            game.perform(trial, role, self.rng.choice(acting or legal))
        return worth(trial, role)

    def plan(self, seen: State, role: str, legal: list[Action]) -> Action:
        """``Planning.Place``: an Order that can act where the Army has Presence (or, needing none,
        next to it); Blanks to mislead elsewhere; passing when nothing is left to place."""
        pack = data(seen)
        own = {r for r in seen.regions if has_presence(seen, role, r)}
        near = {nb for r in own for nb in pack.board.neighbours(r, seen.north)}

        def value(action: Action) -> float:
            if action[0] != "order":
                return 0.1
            order = pack.orders.orders[action[1]]
            if order.blank:
                return 0.3 + self.rng.random() * 0.2
            where = 2.0 if action[2] in own else (1.0 if action[2] in near and not order.presence else 0.0)
            return where + self.rng.random() * 0.5

        return max(legal, key=value)


def make_scripted(game: Any, seed: int) -> ScriptedBot:
    """The ``scripted`` bot of ``ThirdCrusade.bots()``."""
    return ScriptedBot(seed)
