"""Naval movement (§10.8, K59): a leader, up to five units (those of his subordinates included)
and any subordinates from a friendly Mediterranean port, or the Mediterranean box, to another
port of the same sea, using all the force's MP.

- By an OV 3 card (never OVs added together, §8.6 L486) the Christian alone may sail the
  Mediterranean; by an event (``naval`` effect) either player, the Red Sea only by Corsairs
  (§10.8.Supremacy L642).
- The fleet roll, 1-4 on a die, unless by event or out of the Mediterranean box; -1 for a leader
  alone (K59); a failed roll loses the activation (§10.8.Fleet L638).
- Neither port blockaded by the enemy (§10.8 L636); units without a leader land only in a
  friendly port (L636); landing in a port with an enemy stronghold puts the force outside it
  (§10.8.Ports L640).

The force lands as a march with no MP left: the enemy reacts to the landing (§11.1 L654), it
fights, calls for surrender, besieges or stops, and forages, as at the end of any move.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.procedures import Action, Frame
from . import dice, forces
from .board import MEDITERRANEAN
from .common import controller, data, side
from .effects import handler
from .foraging import entry, stronghold_side
from .initiative import outranks
from .movement import (
    Force,
    absorb,
    allowance,
    available,
    bring_out,
    copy,
    free_leaders,
    leader_group,
    leaders,
    plus,
    power_of,
    put_back,
    put_backs,
    retakable,
    size,
    start,
    trespass,
)
from .names import role_name, space_name
from .procedures import PROCEDURES
from .reactions import card_drm
from .state import CHRISTIAN, PLAYERS, State

UNITS = 5  # §10.8 L636
NAVAL_OV = 3  # §10.8 L636
FLEET = 4  # §10.8.Fleet L638: the roll must be at most this
ALONE = -1  # §10.8.Fleet L638 (K59)
BOX = "mediterranean"


def sea_of(state: State, space: str) -> str | None:
    if space == BOX:
        return MEDITERRANEAN
    s = data(state).board.spaces.get(space)
    return None if s is None else s.port


def blockaded(state: State, space: str, player: str) -> bool:
    """Whether the enemy blockades ``space`` (a siege with a blockade not of ``player``'s)."""
    siege = state.sieges.get(space)
    if not siege or not siege.get("blockade"):
        return False
    who = siege["besieger"]
    return not (who == player or (who not in PLAYERS and side(state, who) == player))


def ports(state: State, frame: Mapping[str, Any]) -> list[str]:
    """Where the force may land: another port of the sea, not blockaded by the enemy, and for
    units without a leader a friendly one (§10.8 L636)."""
    player, at = frame["player"], frame["at"]
    out = []
    for s in data(state).board.ports(frame["sea"]):
        if s == at or blockaded(state, s, player):
            continue
        if not leaders(frame["group"]) and controller(state, s) != player:
            continue
        out.append(s)
    return out


def may_sail(state: State, player: str, at: str, sea: str, event: bool, ov: int) -> str | None:
    """Why ``player`` may not sail from ``at`` (None if he may)."""
    if not event and ov < NAVAL_OV:
        return "a naval move needs a card of OV 3 (§10.8 L636)"
    if not event and (sea != MEDITERRANEAN or player != CHRISTIAN):
        return "only the Christian sails the Mediterranean without an event (§10.8.Supremacy)"
    if sea_of(state, at) != sea:
        return f"{space_name(state, at)} is no port of that sea"
    if at != BOX and (controller(state, at) != player or blockaded(state, at, player)):
        return f"{space_name(state, at)} is not a friendly unblockaded port (§10.8 L636)"
    return None


def sail(
    state: State, player: str, card: str | None, ov: int, at: str, leader: str | None, **kind: Any
) -> Frame:
    """Push a naval move from ``at`` (a port or the Mediterranean box) led by ``leader``;
    ``event=True``, ``sea`` and ``units`` for an event's move. ValueError when not allowed."""
    event = bool(kind.get("event"))
    sea = str(kind.get("sea", MEDITERRANEAN))
    why = may_sail(state, player, at, sea, event, ov)
    if why:
        raise ValueError(why)
    force: Force = {}
    if leader is not None:
        force = {power_of(state, at, leader): leader_group(leader)}
    return PROCEDURES.push(
        state, "naval", player=player, roles=[player], card=card, ov=ov, at=at, leader=leader,
        group=force, event=event, sea=sea, units=int(kind.get("units", UNITS)),
    )  # fmt: skip


def _legal(state: State, frame: Frame, role: str) -> list[Action]:
    if role != frame["player"]:
        return []
    if frame["at"] is None:
        return _origins(state, frame)
    at, force, head = frame["at"], frame["group"], frame["leader"]
    out: list[Action] = []
    counters = data(state).counters
    holder = {"player": frame["player"], "group": force}
    if size(force) < frame["units"]:
        out += [("take", *piece) for piece in retakable(frame, available(state, holder, at, besieged=True))]
    if head:
        for p, lid in free_leaders(state, holder, at, besieged=True):
            if outranks(counters, head, lid):
                out.append(("take_leader", p, lid))
    out += put_backs(force, head)
    if (size(force) or head) and size(force) <= frame["units"]:  # five units at most (§10.8 L636)
        out += [("to", s) for s in ports(state, frame)]
    return out


def _origins(state: State, frame: Frame) -> list[Action]:
    """Where an event's naval move may start: each friendly unblockaded port of its sea (or the
    Mediterranean box) holding the player's pieces, led by one of his leaders there or by none,
    with a port to land in (units alone land only in a friendly one, §10.8 L636)."""
    player, sea = frame["player"], frame["sea"]
    out: list[Action] = []
    for at in [*data(state).board.ports(sea), *([BOX] if sea == MEDITERRANEAN else [])]:
        if may_sail(state, player, at, sea, True, 0) is None:
            holder = {"player": player, "group": {}}
            for _, lid in free_leaders(state, holder, at, besieged=True):
                if ports(state, {"player": player, "at": at, "sea": sea, "group": {"x": leader_group(lid)}}):
                    out.append(("from", at, lid))
            if available(state, holder, at, besieged=True) and ports(state, {**holder, "at": at, "sea": sea}):
                out.append(("from", at, ""))
    return out or [("none",)]


def _perform(state: State, frame: Frame, role: str, action: Action) -> None:
    absorb(frame)
    verb = action[0]
    if verb == "from":
        frame["at"], frame["leader"] = action[1], action[2] or None
        frame["group"] = {power_of(state, action[1], action[2]): leader_group(action[2])} if action[2] else {}
    elif verb == "none":
        PROCEDURES.pop(state, frame, sailed=False)
    elif verb == "take":
        frame["group"] = plus(frame["group"], action[1], forces.one(action[2], action[3]))
    elif verb == "take_leader":
        frame["group"] = plus(frame["group"], action[1], leader_group(action[2]))
    elif verb == "put_back":
        put_back(frame, action)
    else:
        _voyage(state, frame, action[1])


def _voyage(state: State, frame: Frame, dst: str) -> None:
    player, at, force = frame["player"], frame["at"], frame["group"]
    if not frame["event"] and at != BOX:
        alone = not size(force) and len(leaders(force)) == 1
        drm = (ALONE if alone else 0) - card_drm(state, "fleet")
        die = dice.roll(
            state, "§10.8.Fleet", f"Fleet availability for the {role_name(player)} player (modifier {drm:+d})"
        )
        if die + drm > FLEET:
            state.say(
                "§10.8.Fleet",
                f"No fleet: the {role_name(player)} player's force stays in "
                f"{space_name(state, at)} and the activation is lost.",
            )
            PROCEDURES.pop(state, frame, sailed=False)
            return
    if at != BOX:
        bring_out(state, at, force)
    for p, g in force.items():
        forces.move(state, p, g, ("field", at), ("field", dst))
    state.say(
        "§10.8",
        f"The {role_name(player)} player's force sails from {space_name(state, at)} to "
        f"{space_name(state, dst)}.",
    )
    PROCEDURES.pop(state, frame, sailed=True)
    safe = at == BOX or stronghold_side(state, at, player) == "friendly"
    landed(state, player, dst, force, frame["leader"], frame["ov"], safe)


def landed(
    state: State, player: str, dst: str, force: Force, leader: str | None, ov: int, safe: bool
) -> Frame:
    """The force ashore, its MP all spent (§10.8 L636): a march that starts with the landing's
    entry, so the enemy reacts and the rest follows as on any entry."""
    trespass(state, player, dst, leader=bool(leaders(force)))
    march = start(state, player, dst, copy(force), leader, ov)
    march.update(
        spent=allowance(state, force),
        came_from=None,
        entries=[entry(state, player, dst)],
        stage="react",
        began_safe=safe,
    )
    return march


def _prompt(state: State, frame: Frame, role: str) -> str:
    return (
        f"Naval move from {space_name(state, frame['at'])}: take up "
        f"to {frame['units']} units, then choose the port (§10.8)."
    )


PROCEDURES.procedure("naval", legal=_legal, perform=_perform, prompt=_prompt, rule="10.8")


@handler("naval")
def _naval(state: State, player: str, effect: Mapping[str, Any], context: Mapping[str, Any]) -> None:
    """A naval move by event (Corsairs, Italian Fleet): no OV 3 card and no fleet roll; the player
    chooses the port and the leader (or none) it starts from."""
    PROCEDURES.push(
        state, "naval", player=player, roles=[player], card=context.get("card"), ov=0, at=None, leader=None,
        group={}, event=True, sea=str(effect["sea"]), units=int(effect["units"]),
    )  # fmt: skip
