"""Walled cities and castles in Kingdom of Heaven (§17): who goes inside when the enemy comes
(§17.2, §17.2.1), the resistance factor (§17.4), the Call for Surrender (§17.5, §17.5.1), a
stronghold changing hands (§17.5.1, §17.7.3), intrinsic garrisons (§17.10, §17.10.1) and the
dissolution of a Power left without a stronghold (§17.11).

Section keys are those of docs/kingdom-of-heaven/sections.md, K-numbers rulings.md's. Sieges are
sieges.py's, assaults assault.py's; both use the queries and the procedures here: ``capture`` (a
stronghold's new marker and garrison) and ``siege_losses`` (steps chosen by their owner).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ...engine.errors import IllegalAction
from ...engine.procedures import Action, Frame
from . import forces
from .board import MEDITERRANEAN
from .common import data, side, stronghold_holder, units
from .counters import Counters
from .dice import roll
from .effects import handler
from .initiative import leading, outranks
from .names import leader_name, power_name, role_name, space_name
from .procedures import PROCEDURES
from .replacement import in_play
from .state import PLAYERS, SHARED_MARKER, State, group, marker

BASE_RF, MAX_RF = 3, 8  # §17.4 L990, L995
CASTLE_ROOM = 3  # pieces, leaders and units together, inside a castle (§17.2.1 L972)
ORDER_CASTLES = frozenset({"templars", "hospitallers", "assassins"})  # +1 RF, no Low -1 (§17.4 L993-L994)
NEVER_DISSOLVED = frozenset({"crusaders", "byzantium", "mongols", "templars", "hospitallers"})  # §17.11
CRUSADERS = "crusaders"  # the first step lost in a battle or an assault (§13.5 L820)

Force = dict[str, dict[str, Any]]


# --- queries ---------------------------------------------------------------------------------


def is_castle(state: State, space: str) -> bool:
    return space in state.castles


def is_stronghold(state: State, space: str) -> bool:
    return space in state.castles or space in state.cities


def holder_side(state: State, space: str) -> str | None:
    """The player whose stronghold stands in ``space``; None for none, a Neutral's or no Power's."""
    who = side(state, stronghold_holder(state, space))
    return who if who in PLAYERS else None


def enemy(player: str) -> str:
    return PLAYERS[1 - PLAYERS.index(player)]


def copied(g: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of a group the caller may change without touching the state."""
    return {"full": dict(g["full"]), "reduced": dict(g["reduced"]), "leaders": list(g["leaders"])}


def of_side(state: State, gs: Mapping[str, Mapping[str, Any]], player: str) -> Force:
    """Copies of the groups of ``gs`` whose Powers answer to ``player``."""
    return {p: copied(g) for p, g in gs.items() if state.orientation(p) == player}


def inside(state: State, space: str) -> Force:
    """Copies of the groups inside the stronghold of ``space``, by Power."""
    return {p: copied(g) for p, g in forces.at(state, "inside", space).items()}


def outside(state: State, space: str, player: str) -> Force:
    """``player``'s pieces in ``space`` outside its stronghold, by Power."""
    return of_side(state, forces.at(state, "field", space), player)


def count(force: Mapping[str, Mapping[str, Any]]) -> int:
    """The units of a force, leaders not counted."""
    return sum(units(g) for g in force.values())


def leaders(force: Mapping[str, Mapping[str, Any]]) -> list[str]:
    return [lid for g in force.values() for lid in g["leaders"]]


def ranking(counters: Counters, ids: Iterable[str]) -> str | None:
    """The highest-ranked of ``ids`` (§10.3 L596-L600) for a force's movement allowance: outranked
    by the fewest of the others; among equals the best battle rating, then the lowest id (no
    rating counts here, so no draw; where one does, :func:`initiative.leading`, K69)."""
    ids = list(ids)
    if not ids:
        return None
    above = {a: sum(outranks(counters, b, a) for b in ids if b != a) for a in ids}
    return min(ids, key=lambda a: (above[a], -counters.leaders[a].battle, a))


def strength(state: State, force: Mapping[str, Mapping[str, Any]]) -> int:
    """A force's combat strength: its units' and its leaders' battle ratings (§13.2 L776-L777)."""
    counters = data(state).counters
    return sum(forces.strength(state, p, g) for p, g in force.items()) + sum(
        counters.leaders[lid].battle for lid in leaders(force)
    )


def manpower(force: Mapping[str, Mapping[str, Any]]) -> int:
    """Full units, and one for every two reduced ones (§17.6.6 L1089)."""
    full = sum(sum(g["full"].values()) for g in force.values())
    reduced = sum(sum(g["reduced"].values()) for g in force.values())
    return full + reduced // 2


def steps_of(force: Mapping[str, Mapping[str, Any]]) -> int:
    return sum(forces.steps(g) for g in force.values())


def rf(state: State, space: str) -> int:
    """The stronghold's resistance factor (§17.4): the siege's, fixed once it started (L997);
    else 3, raised by the best leader inside (half his battle rating, rounded up), by one at a
    port, in a city by one per pair of steps within (two at most), by one at a castle of the
    Orders or the Assassins, lowered by one at any other castle showing its Low side; 0 to 8."""
    if space in state.sieges:
        return int(state.sieges[space]["rf"])
    counters = data(state).counters
    here = inside(state, space)
    value = BASE_RF
    best = leading(state, leaders(here))  # K69
    if best is not None:
        value += (counters.leaders[best].battle + 1) // 2
    if data(state).board.spaces[space].port:
        value += 1
    castle = state.castles.get(space)
    if castle is None:
        value += min(2, steps_of(here) // 2)
    elif castle["power"] in ORDER_CASTLES:
        value += 1
    elif castle["low"]:
        value -= 1
    return clamp(value)


def clamp(value: int) -> int:
    return max(0, min(MAX_RF, value))


def room(state: State, space: str) -> int | None:
    """Pieces that may still go inside: a castle holds three, leaders and units together; a city
    any number, None (§17.2.1)."""
    if space not in state.castles:
        return None
    here = inside(state, space)
    return CASTLE_ROOM - count(here) - len(leaders(here))


# --- inside or outside (§17.2) ---------------------------------------------------------------


def _entry_legal(state: State, frame: Frame, role: str) -> list[Action]:
    """The holder's choices (§17.2): a piece of a kind outside goes in while there is room, one
    inside goes out unless besieged, or done. A kind moved one way is not offered back the other
    way in the same choice (``went``): that would only undo the move, and the two could go round
    without end (a player takes a step back with undo)."""
    space = frame["space"]
    if holder_side(state, space) != role:
        return []
    out = outside(state, space, role)
    ins = of_side(state, forces.at(state, "inside", space), role)
    if not out and not ins:
        return []
    free = room(state, space)
    acts: list[Action] = []
    if free is None or free > 0:
        acts += [("in", p, face, label) for p, g in sorted(out.items()) for face, label in _kinds(g)]
        acts += [("in", p, "leader", lid) for p, g in sorted(out.items()) for lid in g["leaders"]]
    if space not in state.sieges:
        acts += [("out", p, face, label) for p, g in sorted(ins.items()) for face, label in _kinds(g)]
        acts += [("out", p, "leader", lid) for p, g in sorted(ins.items()) for lid in g["leaders"]]
    went = {tuple(x) for x in frame.get("went", [])}
    back = {"in": "out", "out": "in"}
    acts = [a for a in acts if (back[a[0]], *a[1:]) not in went]
    return [*acts, ("done",)]


def _kinds(g: Mapping[str, Any]) -> list[tuple[str, str]]:
    return [(face, label) for face in ("full", "reduced") for label, n in sorted(g[face].items()) if n]


def _piece(face: str, label: str) -> dict[str, Any]:
    g = group()
    if face == "leader":
        g["leaders"].append(label)
    else:
        g[face][label] = 1
    return g


def _entry(state: State, frame: Frame, role: str, action: Action) -> None:
    if action not in _entry_legal(state, frame, role):
        raise IllegalAction(f"{action!r} is not a choice here (§17.2)")
    if action == ("done",):
        PROCEDURES.pop(state, frame)
        return
    way, power, face, label = action
    space = frame["space"]
    src, dst = ("field", "inside") if way == "in" else ("inside", "field")
    forces.move(state, power, _piece(face, label), (src, space), (dst, space))
    frame.setdefault("went", []).append(list(action))
    where = "inside the stronghold" if way == "in" else "outside"
    piece = f"{power_name(state, power)} {leader_name(state, label)}"
    state.say("§17.2", f"At {space_name(state, space)}, a {piece} goes {where}.")


def _entry_run(state: State, frame: Frame) -> None:
    PROCEDURES.pop(state, frame)


# --- Call for Surrender (§17.5) --------------------------------------------------------------


def can_call(state: State, player: str, space: str) -> bool:
    """Whether ``player``'s force may Call for Surrender in ``space`` now (§17.5 L1004-L1006): an
    enemy stronghold not yet called on by him this turn, no enemy piece outside it."""
    return (
        holder_side(state, space) == enemy(player)
        and [player, space] not in state.calls
        and not outside(state, space, enemy(player))
    )


def active_leader(state: State, frame: Frame) -> str | None:
    chosen = frame.get("leader")
    return chosen if chosen is not None else leading(state, leaders(frame["group"]))  # K69


def call_drm(state: State, player: str, space: str, force: Force, leader: str | None) -> int:
    """The modifiers to a Call for Surrender (§17.5 L1008-L1012): minus each failed call (§17.5.1),
    +1 for an active leader of battle 3 or 4, -2 for fewer than six units, -2 for an enemy army
    in reach (:func:`threat`)."""
    counters = data(state).counters
    drm = -state.failed_calls[player]
    if leader is not None and counters.leaders[leader].battle in (3, 4):
        drm += 1
    if count(force) < 6:
        drm -= 2
    if threat(state, player, space, strength(state, force)):
        drm -= 2
    return drm


def threat(state: State, player: str, space: str, active: int) -> bool:
    """Whether some unbesieged enemy army elsewhere with a leader has a strength of at least half
    ``active`` and the MP to reach ``space`` in one activation (§17.5 L1012): the distance alone,
    whatever stands between, within command (§10.2): the leader's command rating in units, the
    strongest first, as many as its leaders' command ratings add up to, at the pace of the
    slowest unit taken and the leader's MA (K75)."""
    board, counters = data(state).board, data(state).counters
    foe = enemy(player)
    for place in ("field", "inside"):
        for at, gs in getattr(state, place).items():
            if at in (space, MEDITERRANEAN) or (place == "inside" and at in state.sieges):
                continue
            army = of_side(state, gs, foe)
            chief = ranking(counters, leaders(army))
            if chief is None:
                continue
            costs = board.mp_costs(at)
            if space not in costs:
                continue
            need = costs[space]
            ma = counters.leader_ma(chief)
            for cavalry_only in (False, True):
                if need > min(ma, 6 if cavalry_only else 4):
                    continue
                command = sum(counters.leaders[x].command for x in leaders(army))
                best = _commanded(state, army, command, cavalry_only)
                if 2 * (best + sum(counters.leaders[x].battle for x in leaders(army))) >= active:
                    return True
    return False


def _commanded(state: State, army: Force, command: int, cavalry_only: bool) -> int:
    """The strength of the ``command`` strongest units of ``army`` (cavalry only if asked)."""
    values: list[int] = []
    for power, g in army.items():
        types = {u.label: u for u in data(state).counters.units_of(power)}
        for face, label in forces.pieces(g):
            if cavalry_only and not types[label].cavalry:
                continue
            values.append(types[label].cs if face == "full" else types[label].reduced_cs)
    return sum(sorted(values, reverse=True)[:command])


def _call(state: State, frame: Frame) -> None:
    if "done" in frame:
        PROCEDURES.pop(state, frame, fell=True, stop=frame["stop"])
        return
    player, space, force = frame["player"], frame["space"], frame["group"]
    if not can_call(state, player, space):
        raise IllegalAction(f"no Call for Surrender at {space} now (§17.5)")
    value = rf(state, space)
    drm = call_drm(state, player, space, force, active_leader(state, frame))
    state.calls.append([player, space])
    die = roll(
        state, "§17.5", f"Call for Surrender at {space_name(state, space)} (RF {value}, modifier {drm:+d})"
    )
    total = die + drm
    if total <= value:
        state.failed_calls[player] += 1
        state.say(
            "§17.5.1",
            f"{space_name(state, space)} refuses; the {role_name(player)} "
            f"player's failed calls: {state.failed_calls[player]}.",
        )
        PROCEDURES.pop(state, frame, fell=False, stop=False)
        return
    # K70: the army goes on only if the roll beat the lowest success, RF + 1, by one or more.
    frame["stop"] = not (is_castle(state, space) and total >= value + 2)
    state.say("§17.5.1", f"{space_name(state, space)} surrenders to the {role_name(player)} player.")
    start_capture(state, player, space, list(force), "surrender")


# --- a stronghold changing hands (§17.5.1, §17.7.3) -------------------------------------------


def start_capture(state: State, player: str, space: str, powers: list[str], how: str) -> Frame:
    """``space``'s stronghold taken by ``player`` (``how``: "surrender" or "assault"): the units
    inside go to the dead pile; after a surrender the leaders inside become prisoners (§17.5.1
    L1015), after an assault they are left for the Leader Loss Table (§17.7.3 L1133), which
    assault.py pushes. Then the ``capture`` procedure sets the new marker and garrison."""
    for power, g in inside(state, space).items():
        if units(g):
            whole = {"full": dict(g["full"]), "reduced": dict(g["reduced"]), "leaders": []}
            forces.take(state, "inside", space, power, whole)
            forces.to_dead(state, power, whole)
        if how == "surrender" and g["leaders"]:
            forces.take(state, "inside", space, power, {"full": {}, "reduced": {}, "leaders": g["leaders"]})
            state.prisoners[player].extend(g["leaders"])
            state.say(
                "§17.5.1",
                f"{', '.join(leader_name(state, x) for x in g['leaders'])} "
                f"taken prisoner by the {role_name(player)} player.",
            )
    loser = stronghold_holder(state, space)
    state.sieges.pop(space, None)
    if how == "assault":
        state.failed_calls[player] = 0  # §17.5.1 L1017: reset by a capture by assault
    return PROCEDURES.push(state, "capture", player=player, space=space, powers=powers, how=how, loser=loser)


def marker_choices(state: State, player: str, space: str, powers: list[str]) -> list[str]:
    """The Powers whose marker may replace the stronghold's (§17.5.1 L1015, §17.7.3 L1133): the
    province's Power if it is the captor's friend, else any of the capturing force's Powers; for a
    city the side is what shows, and its Power is chosen the same way (K28). A castle of an Order
    or of the Assassins only while one of their counters is left; with none, any other Power of
    the captor in play (§17.7.3 L1135, K90)."""
    owner = state.owners.get(data(state).board.spaces[space].province)
    if owner is not None and side(state, owner) == player:
        return [owner]
    mine = sorted({p for p in powers if side(state, p) == player})
    if space not in state.castles:
        return mine
    usable = [p for p in mine if castle_left(state, p)]
    if usable:
        return usable
    return sorted(p for p in in_play(state) if side(state, p) == player and castle_left(state, p))


def castle_left(state: State, power: str) -> bool:
    """Whether a castle counter of ``power`` is left off the map: the Orders' and the Assassins'
    are only the counter mix's (§17.7.3 L1135); another Power's may be made up (K90)."""
    if power not in ORDER_CASTLES:
        return True
    held = sum(1 for c in state.castles.values() if c["power"] == power)
    return held < data(state).counters.castles[power]


def _capture_legal(state: State, frame: Frame, role: str) -> list[Action]:
    if role != frame["player"]:
        return []
    if "power" not in frame:
        choices = marker_choices(state, role, frame["space"], frame["powers"])
        return [("marker", p) for p in choices] if len(choices) > 1 else []
    space = frame["space"]
    if space not in state.castles or not state.castles[space]["low"] or frame.get("restored") is not None:
        return []
    mine = forces.at(state, "field", space).get(frame["power"])
    if not mine:
        return []
    return [*(("restore", face, label) for face, label in _kinds(mine)), ("low",)]


def _capture(state: State, frame: Frame, role: str, action: Action) -> None:
    if action not in _capture_legal(state, frame, role):
        raise IllegalAction(f"{action!r} is not a choice here (§17.7.3)")
    if action[0] == "marker":
        _mark(state, frame, action[1])
    elif action[0] == "restore":
        # §17.7.3 L1133, §17.10.1 L1161: one step of the castle's Power among the captors.
        forces.lose_step(state, "field", frame["space"], frame["power"], action[1], action[2])
        state.castles[frame["space"]]["low"] = False
        frame["restored"] = True
        state.say(
            "§17.10.1",
            f"The castle at {space_name(state, frame['space'])} is garrisoned in full by a {action[2]}.",
        )
    else:
        frame["restored"] = False


def _mark(state: State, frame: Frame, power: str) -> None:
    space = frame["space"]
    frame["power"] = power
    if space in state.castles:
        state.castles[space] = {"power": power, "low": True}
    else:
        state.cities[space] = power
    state.say(
        "§17.5.1" if frame["how"] == "surrender" else "§17.7.3",
        f"{space_name(state, space)} is now held by the {power_name(state, power)}.",
    )


def _capture_run(state: State, frame: Frame) -> None:
    if "power" not in frame:
        choices = marker_choices(state, frame["player"], frame["space"], frame["powers"])
        _mark(state, frame, choices[0])
        return
    loser = frame["loser"]
    PROCEDURES.pop(state, frame, taken=True)
    if loser is not None:
        dissolve_if_gone(state, loser)
    space = frame["space"]
    value = data(state).board.vp(space, state.scenario)
    at_most = value if value else (1 if space in state.castles else 0)
    if at_most:  # §9.3 L522-L523, K73: a surrender counts as the assault it is treated as
        PROCEDURES.push(
            state, "advantage", player=frame["player"], at_most=at_most, why="capture", space=space
        )


# --- steps lost, chosen by their owner (§13.5, §15.2 L907, §17.6.4) ---------------------------


def push_losses(
    state: State,
    player: str,
    space: str,
    place: str,
    n: int,
    *,
    crusader_first: bool = False,
    full_first: bool = False,
    flips_only: bool = False,
    castle: bool = False,
) -> None:
    """Push the choice of ``n`` steps lost by ``player``'s pieces in ``space`` (``place``: "field"
    or "inside"): a battle's first from a Crusader (§13.5 L820), attrition's reduced units only
    once no full one is left (§15.2 L910), a flip only on full units, and an assault's steps
    possibly on the castle's intrinsic garrison (§17.7.1)."""
    if n > 0:
        PROCEDURES.push(
            state, "siege_losses", player=player, space=space, place=place, left=n, roles=[player],
            crusader_first=crusader_first, full_first=full_first, flips_only=flips_only, castle=castle,
        )  # fmt: skip


def _loss_options(state: State, frame: Frame) -> list[Action]:
    space, player = frame["space"], frame["player"]
    mine = of_side(state, forces.at(state, frame["place"], space), player)
    opts: list[Action] = []
    for power, g in sorted(mine.items()):
        for face, label in _kinds(g):
            opts.append(("lose", power, face, label))
    if frame["flips_only"]:
        opts = [a for a in opts if a[2] == "full"]
    if frame["full_first"] and any(a[2] == "full" for a in opts):
        opts = [a for a in opts if a[2] == "full"]
    if frame["crusader_first"] and not frame.get("first_taken") and any(a[1] == CRUSADERS for a in opts):
        opts = [a for a in opts if a[1] == CRUSADERS]
    castle = state.castles.get(space) if frame["castle"] else None
    if castle is not None and not castle["low"] and holder_side(state, space) == player:
        opts.append(("lose", "castle", "castle", "castle"))  # K72: a failed assault never takes it
    return opts


def _losses_legal(state: State, frame: Frame, role: str) -> list[Action]:
    opts = _loss_options(state, frame) if frame["left"] > 0 else []
    return opts if len(opts) > 1 else []


def _losses(state: State, frame: Frame, role: str, action: Action) -> None:
    if action not in _loss_options(state, frame):
        raise IllegalAction(f"{action!r} is not a step that may be lost here")
    _lose(state, frame, action)


def _lose(state: State, frame: Frame, action: Action) -> None:
    _, power, face, label = action
    space = frame["space"]
    if power == "castle":
        state.castles[space]["low"] = True
        state.say("§17.7.1", f"The castle at {space_name(state, space)} loses a step: its Low Garrison side.")
    else:
        forces.lose_step(state, frame["place"], space, power, face, label)
        state.say(
            "§13.5", f"At {space_name(state, space)}, a {power_name(state, power)} {label} loses a step."
        )
    frame["first_taken"] = True
    frame["left"] -= 1


def _losses_run(state: State, frame: Frame) -> None:
    opts = _loss_options(state, frame) if frame["left"] > 0 else []
    if opts:  # one choice left: no one to ask
        _lose(state, frame, opts[0])
        return
    PROCEDURES.pop(state, frame)


# --- garrisons (§17.10) ----------------------------------------------------------------------


def set_low(state: State, space: str, low: bool) -> None:
    """Flip the castle at ``space`` to its Low Garrison side or back to Full (§17.10)."""
    if space not in state.castles:
        raise ValueError(f"no castle at {space}")
    state.castles[space]["low"] = low


def refill_by_step(state: State, space: str, power: str, face: str, label: str) -> None:
    """§17.10.1 L1161: the owner of a castle just put under siege reduces one of his units inside
    by a step and flips the castle to Full (sieges.py asks, this does it)."""
    forces.lose_step(state, "inside", space, power, face, label)
    set_low(state, space, False)
    state.say(
        "§17.10.1",
        f"A {power_name(state, power)} {label} inside "
        f"{space_name(state, space)} restores the castle's garrison.",
    )


@handler("garrison")
def _garrison(state: State, player: str, effect: Mapping[str, Any], context: Mapping[str, Any]) -> None:
    """An event refills castles of the player's Powers (§17.10.1 L1159): he picks up to
    ``castles`` of his Low castles, one at a time."""
    PROCEDURES.push(state, "refill", player=player, left=int(effect["castles"]), roles=[player])


def _refill_legal(state: State, frame: Frame, role: str) -> list[Action]:
    if frame["left"] <= 0:
        return []
    low = [s for s, c in sorted(state.castles.items()) if c["low"] and side(state, c["power"]) == role]
    return [*(("refill", s) for s in low), ("stop",)] if low else []


def _refill(state: State, frame: Frame, role: str, action: Action) -> None:
    if action not in _refill_legal(state, frame, role):
        raise IllegalAction(f"{action!r} is not a choice here (§17.10.1)")
    if action == ("stop",):
        frame["left"] = 0
        return
    set_low(state, action[1], False)
    frame["left"] -= 1
    state.say("§17.10.1", f"The castle at {space_name(state, action[1])} is garrisoned in full again.")


# --- conquest (§17.11) -----------------------------------------------------------------------


def dissolve_if_gone(state: State, power: str) -> bool:
    """A Power with no stronghold left on the map is dissolved (§17.11 L1168), save the
    Crusaders, Byzantines, Mongols and the Orders: its units and leaders leave the game, wherever
    they are, its leaders held prisoner too (K76), its provinces pass to no Power, and its marker
    leaves the Diplomacy display. True if it was dissolved."""
    if power in NEVER_DISSOLVED or marker(power) != power or power not in in_play(state):
        return False
    if any(c["power"] == power for c in state.castles.values()) or power in state.cities.values():
        return False
    for place in (state.field, state.inside):
        for at in list(place):
            place[at].pop(power, None)
            if not place[at]:
                del place[at]
    state.pools.pop(power, None)
    state.dead.pop(power, None)
    counters = data(state).counters
    for player in PLAYERS:
        state.prisoners[player] = [x for x in state.prisoners[player] if counters.leaders[x].power != power]
    for province, owner in state.owners.items():
        if owner == power:
            state.owners[province] = None
    if power not in SHARED_MARKER.values():  # the Kingdom's marker stays while the Orders use it
        del state.political[power]
    state.say("§17.11", f"The {power_name(state, power)} hold no stronghold and are dissolved.")
    return True


PROCEDURES.procedure(
    "stronghold_entry",
    legal=_entry_legal,
    perform=_entry,
    run=_entry_run,
    prompt="The enemy enters: choose who goes inside the stronghold (§17.2), then done",
    roles=lambda state, frame: [frame["player"]],
    rule="§17.2",
)
PROCEDURES.procedure("call", run=_call, rule="§17.5")
PROCEDURES.procedure(
    "capture",
    legal=_capture_legal,
    perform=_capture,
    run=_capture_run,
    prompt="The stronghold is yours: choose its marker, or restore its garrison with a step (§17.7.3)",
    roles=lambda state, frame: [frame["player"]],
    rule="§17.7.3",
)
PROCEDURES.procedure(
    "siege_losses",
    legal=_losses_legal,
    perform=_losses,
    run=_losses_run,
    prompt="Choose the unit that loses the next step",
    rule="§13.5",
)
PROCEDURES.procedure(
    "refill",
    legal=_refill_legal,
    perform=_refill,
    run=lambda state, frame: PROCEDURES.pop(state, frame),
    prompt="Flip one of your Low castles to Full, or stop (§17.10.1)",
    rule="§17.10.1",
)
