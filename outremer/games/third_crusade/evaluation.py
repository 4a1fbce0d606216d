"""A quick estimate of each Army's chance to win, for the search bot's playouts cut short
(engine.game.Game.evaluate). It reads the whole state: the search bot calls it on its samples only.

An Alliance wins at a victory check with ``WIN`` Glory on its side (``VictoryCheck``, ``Goal.1``),
or, after the fourth round, with the Glory marker on its side; on 0 the holder of Jerusalem wins, the
Muslims if nobody holds it (``EndGame.2``, R23). So the Crusaders' chance is a logistic curve of the
Glory the marker shows, what the next upkeep is due to move (forecast.py), who takes the tie, both
Glory figures again weighed by how late it is, and the Regions each side holds (:func:`features`).
A two-Army Alliance's chance goes to its Final Winner (``EndGame.FinalWinner``, R24): split
between the partners by a logistic curve of their lead on the tiebreakers (:func:`partner_features`).
The weights are fitted to games of the scripted bot by bench/third_crusade_evaluation.py. A
finished game gives its result: 1 to each winner, 0 to the others; the Bots of a solo game are no
seats and get no chance (``Solo``). The scripted bot reads :func:`lead` and :func:`final_share`.
"""

from __future__ import annotations

import math

from . import control, forecast, solo, upkeep
from .common import alliance, allies, data
from .events import ROUNDS
from .options import on
from .state import CRUSADER, MUSLIM, State

NAMES = ("bias", "glory", "due", "tie", "glory_late", "due_late", "regions")
"""The names of :func:`features`, in order."""
WEIGHTS = (-0.454, 0.323, 0.208, 0.454, 0.184, 0.291, 0.059)
"""The weights of :func:`features` for the Crusaders' chance (a logistic curve), fitted by
bench/third_crusade_evaluation.py (``--games 60 --seed 100``; docs/third-crusade/rules.md)."""
PARTNER_NAMES = ("faith", "mercantile", "objectives", "after", "first")
"""The names of :func:`partner_features`, in order."""
PARTNER_WEIGHTS = (0.024, 0.913, 0.438, 0.336, 0.317)
"""The weights of :func:`partner_features` for a partner's share of its Alliance's win, fitted
with :data:`WEIGHTS`."""
AFTER = 0.5
"""What Jerusalem, or a purse richer by 4 gold, counts against a step on a tiebreaker."""


def _steps(state: State, army: str, held: forecast.Holdings) -> tuple[tuple[int, int, int], float]:
    """``army``'s lead over its partner on each tiebreaker of the Final Winner (faith, Mercantile
    Cities, Objective Cities; ``EndGame.FinalWinner.1-3``, R24) and on what decides without a
    majority (Jerusalem, then gold by 4s, each -1 to 1; ``EndGame.FinalWinner.Tie``); see
    :func:`lead`."""
    partner = next(a for a in allies(state, army) if a != army)
    pair = (army, partner)
    lean, spaces = state.faith[alliance(army)]
    faith = spaces if lean == army else (-spaces if lean == partner else 0)
    mine = {a: set(held.of(a)) for a in pair}
    card = data(state).cards.missions[state.mission] if state.mission else None
    if card is not None:
        meets = {a: sum(upkeep.meets(state, card.faith, rid) for rid in mine[a]) for a in pair}
        faith += meets[army] - meets[partner]
    regions, cards = data(state).board.regions, data(state).cards.objectives
    deploying = state.variable is not None and "mercantile" not in state.variable  # VariableSetup.End
    gained = {
        a: 0
        if deploying
        else sum(regions[r].mercantile for r in mine[a]) - control.mercantile_at_start(state, a)
        for a in pair
    }
    best = {a: max((cards[c].count(mine[a]) for c in state.objectives[a]), default=0) for a in pair}
    jerusalem = held.controller[data(state).board.jerusalem]
    after = (
        (jerusalem == army)
        - (jerusalem == partner)
        + max(-1, min(1, (state.gold[army] - state.gold[partner]) / 4))
    )
    return (faith, gained[army] - gained[partner], best[army] - best[partner]), after


def lead(state: State, army: str, held: forecast.Holdings) -> float:
    """How far ``army`` leads its partner on the tiebreakers of the Final Winner
    (``EndGame.FinalWinner.1-3``, R24): the Faith marker's lean, with the Faith half of the active
    Mission still to move it (``Upkeep.1``), the Mercantile Cities gained since the set-up (none
    while the variable set-up is still deployed, ``VariableSetup.End``), and the
    Cities of its better Objective Card (all hidden before End Game Scoring, R44); each capped at 2
    either way, as a majority of the three decides; and, weighed less, what decides without a
    majority: Control of Jerusalem, then gold (``EndGame.FinalWinner.Tie``). 0 for an Army alone
    in its Alliance."""
    if len(allies(state, army)) != 2:
        return 0.0
    steps, after = _steps(state, army, held)
    return float(sum(max(-2, min(2, x)) for x in steps)) + AFTER * after


def final_share(state: State, army: str, held: forecast.Holdings) -> float:
    """``army``'s share of its Alliance's win were the Final Winner decided now, with the Faith
    half of the active Mission counted (``EndGame.FinalWinner``, R24): 1 with a majority of the
    three tiebreakers, 0 if the partner has one; otherwise Jerusalem, then more gold decides, and
    an even split is shared (``EndGame.FinalWinner.Shared``). 1 for an Army alone in its
    Alliance."""
    if len(allies(state, army)) != 2:
        return 1.0
    steps, _ = _steps(state, army, held)
    mine, theirs = sum(x > 0 for x in steps), sum(x < 0 for x in steps)
    if on(state, "final_winner_more_tiebreakers") and mine != theirs:  # R24's other reading
        return float(mine > theirs)
    if mine >= 2 or theirs >= 2:
        return float(mine >= 2)
    partner = next(a for a in allies(state, army) if a != army)
    jerusalem = held.controller[data(state).board.jerusalem]
    if jerusalem in (army, partner):
        return 1.0 if jerusalem == army else 0.0
    gold = state.gold[army] - state.gold[partner]
    return 0.5 if gold == 0 else float(gold > 0)


def features(state: State, held: forecast.Holdings) -> list[float]:
    """The facts :data:`WEIGHTS` weighs for the Crusaders' chance, named by :data:`NAMES`: the
    Glory marker (``Goal.1``), what the next upkeep is due to move it (forecast.py), the tie at the
    end (+1 to the Crusaders holding Jerusalem, -1 to the Muslims, who also take it unheld, 0 with
    the option ``uncontrolled_tie_shared``; ``EndGame.2``, R23), the first two again times the
    share of the rounds played (Glory swings less late, ``Upkeep.6``), and the Regions the
    Crusaders hold less those the Muslims hold (``Glossary.Control``)."""
    glory = float(state.glory)
    due = float(forecast.upkeep_glory(state, held))
    holder = held.holder[data(state).board.jerusalem]
    tie = (
        0.0
        if holder is None and on(state, "uncontrolled_tie_shared")
        else (1.0 if holder == CRUSADER else -1.0)
    )
    late = state.round / (len(ROUNDS) - 1)
    sides = list(held.holder.values())
    regions = float(sides.count(CRUSADER) - sides.count(MUSLIM))
    return [1.0, glory, due, tie, glory * late, due * late, regions]


def partner_features(state: State, army: str, held: forecast.Holdings) -> list[float]:
    """The facts :data:`PARTNER_WEIGHTS` weighs for ``army``'s share of its Alliance's win,
    named by :data:`PARTNER_NAMES`: its lead over its partner on each tiebreaker, capped at 2
    either way, and on what decides without a majority (:func:`lead`); and +1 for the Army listed
    first in its Alliance (the Angevin, the Ayyubid), -1 for the other: what the set-up gives it
    beyond these (the first won the Final Winner 0.69 of the time in the games fitted)."""
    steps, after = _steps(state, army, held)
    first = 1.0 if allies(state, army)[0] == army else -1.0
    return [*(float(max(-2, min(2, x))) for x in steps), after, first]


def crusader_chance(state: State, held: forecast.Holdings) -> float:
    """The Crusader Alliance's chance to win the game (``VictoryCheck``, ``EndGame.2``): the
    logistic curve of the weighed :func:`features`."""
    z = sum(w * x for w, x in zip(WEIGHTS, features(state, held), strict=True))
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def partner_share(state: State, army: str, held: forecast.Holdings) -> float:
    """``army``'s share of its Alliance's win (``EndGame.FinalWinner``): 1 alone in its Alliance,
    else the logistic curve of its weighed :func:`partner_features`."""
    if len(allies(state, army)) != 2:
        return 1.0
    z = sum(w * x for w, x in zip(PARTNER_WEIGHTS, partner_features(state, army, held), strict=True))
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))


def evaluate(state: State) -> dict[str, float]:
    """Each seat's chance to win from ``state`` (see the module docstring): every Army in play but
    the Bots of a solo game, which the rules play (``Solo``)."""
    seats = [a for a in state.armies if a not in solo.bots(state)]  # Solo: the Bots are no seat
    if state.result is not None:
        winners = set(state.result["winners"])
        return {a: 1.0 if a in winners else 0.0 for a in seats}
    held = forecast.holdings(state)
    p = crusader_chance(state, held)
    side = {CRUSADER: p, MUSLIM: 1 - p}
    return {army: side[alliance(army)] * partner_share(state, army, held) for army in seats}
