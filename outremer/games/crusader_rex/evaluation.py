"""A quick judgement of a whole Crusader Rex state, for search bots (``Game.evaluate``).

The search bot (outremer/bots/ismcts.py) plays its samples a few steps on and then asks who is
likely to win. The answer is a logistic model over a handful of facts about the state, each the
Franks' figure minus the Saracens': the victory cities held (1.2), alone and growing in weight as
1192 nears; the strength on the map (steps, and steps times firepower, 2.11, 6.3), also weighted
by the time left; the blocks still to come (the crusaders, 7.21); the draw pools (7.1); the
victory cities besieged (6.5). It looks one battle ahead: where both sides stand in a town's field,
the steps and the town are counted as the battle there is expected to leave them (:func:`_battle`),
so that a search judging a move at once can tell an attack that takes a city from one that fails.
The weights were fitted to the winners of games of the scripted bot against itself (docs/bots.md
gives the command). It reads the whole state: the search bot calls it
on its own samples only, never on the real state.
"""

from __future__ import annotations

import math

from .board import FRANKS, SARACENS
from .common import BLOCKS, BOARD, TOWNS
from .state import State

FIRST_YEAR = 1187
NOMADS_DRAWN = 4  # 3.2
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
WEIGHTS = (-0.514, 0.130, 0.602, 0.387, -0.010, -0.026, 0.826, -0.567, -0.427)


def features(state: State) -> list[float]:
    """The facts the model weighs, Franks minus Saracens (see the module docstring)."""
    progress = ((state.year - FIRST_YEAR) * 6 + max(state.turn, 1) - 1) / TURNS
    steps = {FRANKS: 0.0, SARACENS: 0.0}
    fire = {FRANKS: 0.0, SARACENS: 0.0}
    pools = {FRANKS: 0.0, SARACENS: 0.0}
    to_come = 0.0
    field: dict[str, dict[str, list[float]]] = {}
    castle: dict[str, set[str]] = {}
    for b, where in state.loc.items():
        info = BLOCKS[b]
        side = info.side
        if side not in steps:
            continue
        if where in TOWNS:
            n = state.steps[b]
            if b in state.castle:
                castle.setdefault(where, set()).add(side)
                steps[side] += n
                fire[side] += n * info.firepower
            else:
                force = field.setdefault(where, {}).setdefault(side, [0.0, 0.0])
                force[0] += n
                force[1] += n * info.firepower
        elif where in ("pool", "aside"):
            pools[side] += 1
        if info.group == "crusaders" and where not in TOWNS and where != "dead":
            to_come += 1
    if state.phase == "deploy_franks":
        # 3.2: four nomads drawn from the pool join the Saracens as soon as the Franks finish;
        # counted now, as they would be a moment later, so that finishing is not judged worse.
        nomads = [
            BLOCKS[b] for b, where in state.loc.items() if where == "pool" and BLOCKS[b].group == "nomads"
        ]
        share = NOMADS_DRAWN / max(len(nomads), NOMADS_DRAWN)
        steps[SARACENS] += share * sum(info.max_steps for info in nomads)
        fire[SARACENS] += share * sum(info.max_steps * info.firepower for info in nomads)
        pools[SARACENS] -= min(NOMADS_DRAWN, len(nomads))
    held: dict[str, str] = {}
    for town, forces in field.items():
        holder, after = _battle(forces, _attacker(state, town))
        for side, (kept, kept_fire) in after.items():
            steps[side] += kept
            fire[side] += kept_fire
        if holder is not None:
            held[town] = holder
    cities = 0.0
    besieged = 0.0
    for city in VICTORY:
        inside, outside = castle.get(city, set()), held.get(city)
        if len(inside) == 1 and outside is not None and outside not in inside:
            holder = next(iter(inside))  # a siege: the castle holds (1.2)
            besieged += 1 if holder == FRANKS else -1
        else:
            holder = outside or (next(iter(inside)) if inside else TOWNS[city].side)
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


def _other(side: str) -> str:
    return SARACENS if side == FRANKS else FRANKS


def _attacker(state: State, town: str) -> str | None:
    """The side attacking at ``town`` this turn (6.41), if the state says."""
    rec = state.attacks.get(town)
    return None if rec is None else rec.get("attacker")


def _battle(
    forces: dict[str, list[float]], attacker: str | None
) -> tuple[str | None, dict[str, list[float]]]:
    """Who is expected to hold a town's field, and each side's ``[steps, steps times firepower]``
    there after the battle its blocks are in, if any (6.2-6.4): three rounds (6.22) in which each
    side loses the hits the other's dice are expected to score (a die hits at or under the
    firepower, 6.3), all its blocks alike. An attacker still standing after the third round
    retreats (6.22), keeping what is left of it but not the town; without a known attacker the
    weaker force is taken to give way."""
    if len(forces) == 1:
        (side,) = forces
        return side, forces
    left = {side: list(force) for side, force in forces.items()}
    for _ in range(3):
        if left[FRANKS][0] <= 0 or left[SARACENS][0] <= 0:
            break
        hits = {side: left[_other(side)][1] / 6 for side in left}
        for side, (n, fp) in list(left.items()):
            kept = max(0.0, n - hits[side]) / n
            left[side] = [n * kept, fp * kept]
    standing = [side for side in left if left[side][0] > 0]
    if len(standing) == 2:
        loser = attacker if attacker in left else min(left, key=lambda side: left[side][0])
        return _other(loser), left
    return (standing[0] if standing else None), left


def evaluate(state: State) -> dict[str, float]:
    """Each side's estimated chance of winning from ``state``; on a finished game the result (1.2): 1 to
    the winner, 0 to the loser, 0.5 each in a draw."""
    if state.result is not None:
        won = state.result["winners"]
        return {side: (1.0 if side in won else 0.0) if won else 0.5 for side in (FRANKS, SARACENS)}
    z = sum(w * x for w, x in zip(WEIGHTS, features(state), strict=True))
    franks = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
    return {FRANKS: franks, SARACENS: 1.0 - franks}
