"""The sequence of play (``Sequence``, ``Round``): four rounds, 1190 to 1192, each of five phases in
order, every phase played in initiative order (``Round.Initiative``).

The bottom procedure ``game`` runs by itself and pushes each phase by kind, top to bottom:
``strategy`` (strategy.py), ``planning`` (planning.py), ``command`` (command.py), then
``diplomacy`` (diplomacy.py) and ``upkeep`` (upkeep.py). Upkeep advances the round marker and
after 1192 hands over to End Game Scoring (endgame.py; ``Upkeep.6``, ``Upkeep.End``, R20); otherwise
``game`` then starts the next round from Strategy.
"""

from __future__ import annotations

from ...engine.procedures import Frame
from . import command, diplomacy, endgame, planning, strategy, upkeep  # noqa: F401 (registering)
from .events import ROUNDS
from .procedures import PROCEDURES
from .state import State

GAME = "game"
DIPLOMACY, UPKEEP = "diplomacy", "upkeep"
PHASES = (strategy.STRATEGY, planning.PLANNING, command.COMMAND, DIPLOMACY, UPKEEP)
"""The five phases of a round, in order (``Round``, ``Sequence``)."""


def _run(state: State, frame: Frame) -> None:
    phase = frame.get("phase", 0)
    if phase == len(PHASES):
        phase = 0  # Upkeep.End: the next round
    if phase == 0:
        state.say("Round", f"The round of {ROUNDS[state.round].replace('_', ' ')} begins.")
    frame["phase"] = phase + 1
    PROCEDURES.push(state, PHASES[phase])


PROCEDURES.procedure(GAME, run=_run, rule="Round")
