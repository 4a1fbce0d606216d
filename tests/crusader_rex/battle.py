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


def finish(s):
    """Decline any regroup at the end of a battle."""
    while s.phase == "regroup":
        act(s, "done")
