"""A quick estimate of each Army's chance to win, for the search bot's playouts cut short
(engine.game.Game.evaluate). It reads the whole state: the search bot calls it on its samples only.

An Alliance wins at a victory check with ``WIN`` Glory on its side (``VictoryCheck``, ``Goal.1``),
or, after the fourth round, with the Glory marker on its side; on 0 the holder of Jerusalem wins, the
Muslims if nobody holds it (``EndGame.2``, R23). So the Crusaders' chance grows with the Glory the
marker shows plus what the next upkeep is due to move (forecast.py), with a half space to whoever
takes the tie (to nobody with the option ``uncontrolled_tie_shared`` and Jerusalem unheld), by a
logistic curve that flattens with the rounds still to play. A two-Army Alliance's chance goes to
its Final Winner (``EndGame.FinalWinner``, R24): split between the partners by their lead on the
tiebreakers (:func:`lead`). A finished game gives its result: 1 to each winner, 0 to the others;
the Bots of a solo game are no seats and get no chance (``Solo``).
"""

from __future__ import annotations

import math

from . import control, forecast, solo, upkeep
from .common import alliance, allies, data
from .events import ROUNDS
from .options import on
from .state import CRUSADER, MUSLIM, State

SPREAD = 2.0
"""Spaces of Glory that make an Alliance about e (2.7) times likelier to win, in the last round."""
PER_ROUND = 1.0
"""What each round still to play after this one adds to :data:`SPREAD`: Glory swings more."""
UPKEEP = 0.8
"""How much a space the next upkeep is due to move counts against one moved already."""
TIE = 0.5
"""The spaces of Glory the tie at the end is worth to whoever takes it (``EndGame.2``, R23)."""
AFTER = 0.5
"""What Jerusalem, or a purse richer by 4 gold, counts against a step on a tiebreaker."""
PARTNER_SPREAD = 1.5
"""Steps of lead on the tiebreakers that make a partner about e times likelier to be Final Winner."""


def lead(state: State, army: str, held: forecast.Holdings) -> float:
    """How far ``army`` leads its partner on the tiebreakers of the Final Winner
    (``EndGame.FinalWinner.1-3``, R24): the Faith marker's lean, with the Faith half of the active
    Mission still to move it (``Upkeep.1``), the Mercantile Cities gained since the set-up (none
    while the variable set-up is still deployed, ``VariableSetup.End``), and the
    Cities of its better Objective Card (all hidden before End Game Scoring, R44); each capped at 2
    either way, as a majority of the three decides; and, weighed less, what decides without a
    majority: Control of Jerusalem, then gold (``EndGame.FinalWinner.Tie``). 0 for an Army alone
    in its Alliance."""
    pair = allies(state, army)
    if len(pair) != 2:
        return 0.0
    partner = next(a for a in pair if a != army)
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
    steps = (faith, gained[army] - gained[partner], best[army] - best[partner])
    jerusalem = held.controller[data(state).board.jerusalem]
    after = (
        (jerusalem == army)
        - (jerusalem == partner)
        + max(-1, min(1, (state.gold[army] - state.gold[partner]) / 4))
    )
    return float(sum(max(-2, min(2, x)) for x in steps)) + AFTER * after


def crusader_chance(state: State, held: forecast.Holdings) -> float:
    """The Crusader Alliance's chance to win the game (``VictoryCheck``, ``EndGame.2``)."""
    glory = state.glory + UPKEEP * forecast.upkeep_glory(state, held)
    holder = held.holder[data(state).board.jerusalem]
    if holder is not None or not on(state, "uncontrolled_tie_shared"):  # R23's other reading: shared
        glory += TIE if holder == CRUSADER else -TIE
    spread = SPREAD + PER_ROUND * (len(ROUNDS) - 1 - state.round)
    return 1 / (1 + math.exp(-glory / spread))


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
    out = {}
    for army in seats:
        share = 1 / (1 + math.exp(-lead(state, army, held) / PARTNER_SPREAD))
        out[army] = side[alliance(army)] * (share if len(allies(state, army)) == 2 else 1.0)
    return out
