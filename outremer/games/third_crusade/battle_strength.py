"""Battle Strength and the Reaction Orders of a Battle (``Battle.Strength``, ``Battle.Faith``,
``Battle.Reaction``, ``Command.Reaction``).

Keys are those of docs/third-crusade/sections.md, rulings (R2, R4-R7, R27) those of
docs/third-crusade/rulings.md. A battle frame (battle.py) holds the attacking group on the Road
(``road``), the Army in charge of each side (``attacker``, ``defender``), the March Strength of the
move that started it (``strength``, R27) and the Reactions executed (``reactions``: Army, Order,
Region and, for a Diversion, the index of the Reaction it cancels).

Strength: each piece by the Strength table (``Battle.Strength.Table``: Infantry 1, Cavalry 1 in a City
and 2 in a Desert, a Siege Engine 3 in a City and 0 in a Desert), a Leader by the Unit icons it shows
(``Battle.Strength``, L541); the lone player's Faith bonus (``Battle.Faith``, R2); Defence bonuses
and Reinforcing Units (R5) of the Reactions still in force, a Diversion cancelling one (R4).

A Reaction Order may be used by an Army of the weaker side (``Battle.Reaction``, R51): its own Order, face
down on the map in the Battle Region or a Region joined to it by a Road (``Foldout.OrderIcons.Reaction``;
R6: Roads only), whose Presence holds there and whose cost its current command points pay
(``Plutorial.Command.1.Reaction``). A Defence acts only in the defenders' own Region
(``Glossary.Defence``); Retreat and Tactical Retreat are the defenders' and stand in the Battle Region
(R7); a Reinforce helps a Battle next door (``Glossary.ReinforceOrder``); a Diversion cancels a
Reaction of an enemy Army in force in this Battle (R4; the option ``diversion_adjacent_to_itself``
asks the Reaction to stand in or beside the Diversion's own Region).
"""

from __future__ import annotations

from typing import Any

from ...engine.procedures import Action, Frame
from .common import alliance, allies, counts, data, next_position, owner, presence_holds
from .control import controller
from .options import on
from .orders import Order
from .pieces import kind_of
from .solo import bots
from .state import NEUTRAL, SABOTAGE, State

TABLE = {
    "infantry": {"city": 1, "desert": 1},
    "cavalry": {"city": 1, "desert": 2},
    "siege_engine": {"city": 3, "desert": 0},
}
"""The Strength of a Unit by the Region type (``Battle.Strength.Table``, L549-L555)."""
IN_REGION = ("defence", "retreat", "tactical_retreat")
"""Reaction effects of the defending side, from an Order in the Battle Region (``Glossary.Defence``, R7)."""


def piece_strength(state: State, piece: str, kind: str) -> int:
    """A piece's Battle Strength in a Region of ``kind``: a Unit by the table, a Leader by its Unit
    icons (``Battle.Strength``, L541; 0 without them, L1463)."""
    unit = kind_of(piece)
    if unit is not None:
        return TABLE[unit][kind]
    return data(state).leaders.leaders[piece].strength(kind)


def sides(frame: Frame) -> tuple[str, str]:
    """The attacking and the defending Alliance."""
    attacking = alliance(frame["attacker"])
    return attacking, "muslim" if attacking == "crusader" else "crusader"


def defender_in_charge(state: State, region: str, defending: str, alone: bool = False) -> str | None:
    """The Army that defends ``region`` for the Alliance ``defending`` (``Battle.Roles``): the one
    Controlling it if it has pieces there, else the first by initiative of those that have; with
    ``alone`` (Neutral pieces fighting alone, R38) the first of the Alliance by initiative. None if
    no Army of the Alliance is there."""
    here = counts(state, region)
    present = [a for a in state.armies if alliance(a) == defending and here[a]]
    army = controller(state, region)
    if army in present:
        return army
    at = next_position(state, -1, lambda a: a in present or (alone and alliance(a) == defending))
    return None if at is None else state.initiative[at]


def leading(frame: Frame, side: str) -> str:
    """The Army in charge of ``side``: the active player attacking, the defender in charge defending
    (``Battle.Roles``)."""
    return str(frame["attacker"] if side == sides(frame)[0] else frame["defender"])


def order_of(state: State, reaction: dict[str, Any]) -> Order:
    return data(state).orders.orders[reaction["order"]]


def effects(order: Order) -> set[str]:
    return {step.action for step in order.effect}


def in_force(frame: Frame) -> list[bool]:
    """Which Reactions of the Battle are in force: a Diversion in force cancels its target; a later
    Diversion may cancel an earlier one, restoring what that one cancelled (R4)."""
    reactions = frame.get("reactions", [])
    active = [True] * len(reactions)
    for i in reversed(range(len(reactions))):
        target = reactions[i].get("target")
        if active[i] and target is not None:
            active[target] = False
    return active


def reinforcing(state: State, army: str, region: str) -> list[int]:
    """The slots of ``region`` whose pieces a Reinforce of ``army`` there brings into the Battle
    (R5): its Units, the Neutral Units it Controls there, its Leaders with Unit icons (none with
    the option ``reinforce_units_only``)."""
    leaders = data(state).leaders.leaders
    ours = controller(state, region) == army
    helped = not on(state, "reinforce_units_only")
    out = []
    for i, piece in enumerate(state.regions[region]["slots"]):
        if piece is None or piece == SABOTAGE:
            continue
        who = owner(state, piece)
        unit = kind_of(piece) is not None
        if (unit and (who == army or (who == NEUTRAL and ours))) or (
            not unit and who == army and leaders[piece].fights and helped
        ):
            out.append(i)
    return out


def reinforce_count(state: State, army: str, region: str) -> int:
    """+1 per Unit, whatever its own Strength; a Leader +1 per Unit icon (``Glossary.ReinforceOrder``, R5)."""
    leaders = data(state).leaders.leaders
    total = 0
    for i in reinforcing(state, army, region):
        piece = state.regions[region]["slots"][i]
        total += (
            1
            if kind_of(piece) is not None
            else leaders[piece].icon("infantry") + leaders[piece].icon("cavalry")
        )
    return total


def faith(state: State, army: str) -> int:
    """An Army's Faith: a lone Army's marker, or how far the pair's marker stands on its side (R2, R3);
    with the option ``faith_against_whole_track``, outside the solo game (whose rules settle it,
    ``Solo.Changes.2``), how far the pair's marker stands from 0 on either side."""
    lean, spaces = state.faith[alliance(army)]
    lone = len(allies(state, army)) == 1
    whole = on(state, "faith_against_whole_track") and not state.solo
    return int(spaces) if lone or lean == army or whole else 0


def faith_bonus(state: State, frame: Frame, side: str) -> int:
    """+1 for a lone player's side whose Faith is higher than the enemy Army in charge's, in 2- and
    3-player games (``Battle.Faith``, R2); a pair never gets it, except in the solo game, where any
    side does, a pair by its Army in charge (``Solo.Battle.Faith``). Neutral pieces fighting alone
    (the option ``neutral_regions_fight``, R38) have no Faith to compare."""
    if frame.get("neutral"):
        return 0
    if not state.solo and (len(state.armies) == 4 or state.mercantile[side] is not None):
        return 0
    attacking, defending = sides(frame)
    other = defending if side == attacking else attacking
    return int(faith(state, leading(frame, side)) > faith(state, leading(frame, other)))


def strength(state: State, frame: Frame, side: str) -> int:
    """``side``'s Battle Strength now (``Battle.Strength``, ``Battle.Faith``, ``Battle.Reaction``)."""
    region = frame["region"]
    kind = data(state).board.regions[region].kind
    attacking, _ = sides(frame)
    if side == attacking:
        pieces = list(frame["road"])
        total = frame.get("strength", 0)  # R27: the March Strength of the move, not a piece
    else:
        pieces = [p for p in state.regions[region]["slots"] if p is not None and p != SABOTAGE]
        total = 0
    total += sum(piece_strength(state, p, kind) for p in pieces) + faith_bonus(state, frame, side)
    for reaction, active in zip(frame.get("reactions", []), in_force(frame), strict=True):
        if not active or alliance(reaction["army"]) != side:
            continue
        for step in order_of(state, reaction).effect:
            if step.action == "defence":
                total += step.strength
            elif step.action == "reinforce":
                total += step.per_unit * reinforce_count(state, reaction["army"], reaction["region"])
    return total


def weaker(state: State, frame: Frame) -> str:
    """The side that may react: the lower Strength; on a tie the attacker, since a tie goes to the
    defender (``Battle.Reaction``, ``Battle.Losses``, ``Example.TripoliBattle.4``)."""
    attacking, defending = sides(frame)
    return attacking if strength(state, frame, attacking) <= strength(state, frame, defending) else defending


def _diverted(state: State, frame: Frame, side: str, where: str) -> list[int]:
    """The Reactions a Diversion of ``side`` in ``where`` may cancel: any enemy one in force (R4);
    with the option ``diversion_adjacent_to_itself``, only one in ``where`` or a Region joined to
    it by a Road."""
    near = on(state, "diversion_adjacent_to_itself")
    board = data(state).board
    return [
        i
        for i, (r, active) in enumerate(zip(frame.get("reactions", []), in_force(frame), strict=True))
        if active
        and alliance(r["army"]) != side
        and (not near or r["region"] == where or board.adjacent(r["region"], where, state.north))
    ]


def reactions(state: State, frame: Frame, army: str) -> list[Action]:
    """The Reactions ``army`` may execute now (see the module's docstring)."""
    region, side = frame["region"], alliance(army)
    defending = side == sides(frame)[1]
    out: list[Action] = []
    for where in (region, *data(state).board.neighbours(region, state.north)):
        placed = state.placed.get(where, {}).get(side)
        if placed is None or placed["army"] != army or placed["up"]:
            continue
        order = data(state).orders.orders[placed["order"]]
        if not order.reaction or order.cost is None:
            continue
        if army not in bots(state) and order.cost > state.tracks[army]["current"]:
            continue  # Solo.Setup.6: a Bot keeps no command points and pays none
        if not all(presence_holds(state, icon, where) for icon in order.presence):
            continue
        kinds = effects(order)
        if "diversion" in kinds:
            out.extend(("react", where, i) for i in _diverted(state, frame, side, where))
        elif (where == region and defending and kinds & set(IN_REGION)) or (
            where != region and "reinforce" in kinds
        ):
            out.append(("react", where))
    return out
