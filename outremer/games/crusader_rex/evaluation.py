"""A quick judgement of a whole Crusader Rex state, for search bots (``Game.evaluate``).

The search bot (outremer/bots/ismcts.py) plays its samples a few steps on and then asks who is
likely to win. The answer is a logistic model over a handful of facts about the state, each the
Franks' figure minus the Saracens': the victory cities held (1.2), alone and growing in weight as
1192 nears; the strength on the map (steps, and steps times firepower, 2.11, 6.3), also weighted
by the time left; the blocks still to come (the crusaders, 7.21); the draw pools (7.1); the
victory cities besieged (6.5). The weights were fitted to the winners of games of the scripted bot
against itself (docs/bots.md gives the command). It reads the whole state: the search bot calls it
on its own samples only, never on the real state.
"""

from __future__ import annotations

import math

from .board import FRANKS, SARACENS
from .common import BLOCKS, BOARD, TOWNS
from .state import State

FIRST_YEAR = 1187
TURNS = 6 * 6  # six years of six game turns
VICTORY = tuple(BOARD.victory_cities)

NAMES = (
    "bias",
    "cities",
    "cities_late",
    "steps",
    "fire",
    "steps_early",
    "to_come",
    "pools",
    "besieged",
)
WEIGHTS = (-0.512, 0.069, 0.386, 0.599, -0.028, -0.039, 1.025, -0.323, -0.340)


def features(state: State) -> list[float]:
    """The facts the model weighs, Franks minus Saracens (see the module docstring)."""
    progress = ((state.year - FIRST_YEAR) * 6 + max(state.turn, 1) - 1) / TURNS
    steps = {FRANKS: 0.0, SARACENS: 0.0}
    fire = {FRANKS: 0.0, SARACENS: 0.0}
    pools = {FRANKS: 0.0, SARACENS: 0.0}
    to_come = 0.0
    field: dict[str, set[str]] = {}
    castle: dict[str, set[str]] = {}
    for b, where in state.loc.items():
        info = BLOCKS[b]
        side = info.side
        if side not in steps:
            continue
        if where in TOWNS:
            n = state.steps[b]
            steps[side] += n
            fire[side] += n * info.firepower
            (castle if b in state.castle else field).setdefault(where, set()).add(side)
        elif where in ("pool", "aside"):
            pools[side] += 1
        if info.group == "crusaders" and where not in TOWNS and where != "dead":
            to_come += 1
    cities = 0.0
    besieged = 0.0
    for city in VICTORY:
        inside, outside = castle.get(city, set()), field.get(city, set())
        if len(inside) == 1 and outside and outside != inside:  # a siege: the castle holds (1.2)
            holder = next(iter(inside))
            besieged += 1 if holder == FRANKS else -1
        else:
            there = inside | outside
            holder = next(iter(there)) if len(there) == 1 else TOWNS[city].side
        cities += 1 if holder == FRANKS else -1
    s = (steps[FRANKS] - steps[SARACENS]) / 10
    return [
        1.0,
        cities,
        cities * progress,
        s,
        (fire[FRANKS] - fire[SARACENS]) / 20,
        s * (1 - progress),
        to_come / 9,
        (pools[FRANKS] - pools[SARACENS]) / 10,
        besieged,
    ]


def evaluate(state: State) -> dict[str, float]:
    """Each side's estimated chance of winning from ``state``."""
    z = sum(w * x for w, x in zip(WEIGHTS, features(state), strict=True))
    franks = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
    return {FRANKS: franks, SARACENS: 1.0 - franks}
