"""Helpers for driving battles in tests."""

from __future__ import annotations

from outremer.games.crusader_rex import common
from outremer.games.crusader_rex.game import CrusaderRex

G = CrusaderRex()
F, S = "Franks", "Saracens"


def attack(s, town, attacker, roads, reserves=None, defender_roads=None):
    rec = {"attacker": attacker, "roads": {attacker: roads}, "main": roads[0], "reserves": reserves or {}}
    if defender_roads:
        rec["roads"][common.enemy(attacker)] = defender_roads
    s.attacks[town] = rec


def legal(s, role=None):
    role = role or s.active[0]
    return G.legal_actions(s, role)


def act(s, *action, role=None):
    role = role or s.active[0]
    G.apply_in_place(s, role, tuple(action))


def handed_back(s):
    """The procedure a test started on a position built by hand (``combat.start_battle_phase``,
    ``draws.start_draw_phase`` ...) has ended: it handed back to what pushed it, here nothing, so
    the stack is empty with the game going on (in a game the turn goes on, turn.py)."""
    return not s.stack and s.result is None


def under_turn(s, stage):
    """Put the game and its game turn beneath what a test starts, the turn's next step being
    ``stage`` (turn.py): e.g. "close" under the winter, so that when the winter ends the game ends
    the year (8.5) as in play; "moved" to run the turn on from the end of both move phases."""
    s.stack = [{"kind": "game"}, {"kind": "turn", "stage": stage}]


def finish(s):
    """Decline any regroup at the end of a battle."""
    while s.phase == "regroup":
        act(s, "done")
