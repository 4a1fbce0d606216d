"""Retreats (§14.1) and the pursuit they may bring (§13.4), with the retreat into a friendly
stronghold in the battle space (§17.3).

The frame ``retreat`` (docs/kingdom-of-heaven/procedures.md) is pushed by a battle for its loser,
or for the attacker of a draw, and runs in steps:

1. ``inside``: while a friendly, unbesieged stronghold in the space has room (§17.2.1), the
   player may put pieces inside it, any or all (§14.1 L850, §17.3 L976);
2. ``path``: the rest go up to two spaces, chosen one at a time and public (K60): a moving or
   intercepting army first into the space it came from, a defender never into the mover's
   origin; never across a pass, into a box or by sea, nor along a desert line (K64), nor into a
   neutral Power's territory save under free passage, which the Diplomatic Advantage may buy
   before the first space is named (§9.4, K65); not ending beside enemy units or an enemy stronghold; an
   empty or controlled space whenever one will do (§14.1 L850, §14.1.Restrictions); without a
   way out the army is eliminated (§14.1.Penalties L865);
3. ``pursuit``: the one pursuit roll of the battle (§13.4), after a major victory or when the
   path runs through an enemy stronghold (§14.1.Penalties L863), before the army moves (K60);
4. ``move``: the army steps along its path, losing a step for each enemy unit in a space it
   enters (§14.1.Penalties L861) and sweeping up friendly units there that do not outnumber it
   (§14.1 L850); then foraging if it entered a Harsh space or an enemy stronghold (§14.1.Penalties
   L862, §15.1 L881), pushed as ``forage``.

A force wiped out on the way has its leaders roll on the Leader Loss Table (``leader_loss``,
§13.6). The frame pops with ``to``: where the army stopped, the battle space if all went inside,
None if it was eliminated.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.errors import IllegalAction
from ...engine.procedures import Action, Frame
from . import dice, foraging, forces
from .battle import (
    cavalry_steps,
    force_of,
    force_steps,
    leaders_of,
    other,
    step_choices,
    strength,
    tables,
    unit_count,
)
from .board import DESERT, PASS
from .common import data, side, stronghold_holder, units
from .diplomacy import grant_passage, passage_powers
from .forces import Force
from .names import leader_name, power_name, role_name
from .procedures import PROCEDURES
from .state import NEUTRAL, State, marker

CASTLE_ROOM = 3  # §17.2.1 L972: leaders and units together inside a castle


# --- where a retreat may go ------------------------------------------------------------------------


def enemy_units(state: State, space: str, player: str) -> int:
    """The units of ``player``'s enemy outside in ``space``."""
    here = forces.at(state, "field", space)
    return sum(units(g) for p, g in here.items() if side(state, p) == other(player))


def enemy_stronghold(state: State, space: str, player: str) -> bool:
    """Whether ``space`` holds a stronghold ``player`` does not hold (a neutral's counts, §3.Terms)."""
    return foraging.stronghold_side(state, space, player) == "enemy"


def neutral_ground(state: State, space: str) -> set[str]:
    """The neutral Powers (their markers) whose territory ``space`` is: their stronghold or units,
    or a province they own (§9.1 L499, §10.9 L646)."""
    owner = state.owners.get(data(state).board.spaces[space].province)
    found = [stronghold_holder(state, space), owner, *forces.at(state, "field", space)]
    return {marker(p) for p in found if p is not None and side(state, p) == NEUTRAL}


def passable(state: State, player: str, through: str | None = None) -> set[str]:
    """The neutral Powers (markers) ``player``'s retreat may cross: the one he holds free passage
    through (§9.4 L531), and ``through`` when asked what a passage would open (K65)."""
    out = {marker(through)} if through else set()
    if state.passage and state.passage["player"] == player:
        out.add(marker(state.passage["power"]))
    return out


def can_end(state: State, space: str, player: str) -> bool:
    """Whether a retreat may stop in ``space`` (§14.1.Restrictions L855, §14.1.Penalties L861):
    no enemy unit and no enemy stronghold there; such a space is also the empty or controlled
    one the retreat must take when it can (§14.1 L850)."""
    return not enemy_units(state, space, player) and not enemy_stronghold(state, space, player)


def steps_from(state: State, frame: Mapping[str, Any], here: str, through: str | None = None) -> list[str]:
    """The spaces the retreat may enter from ``here`` (§14.1.Restrictions; K64, K65)."""
    board = data(state).board
    crossable = passable(state, frame["player"], through)
    out = []
    for link in board.links_of(here):
        there = link.other(here)
        if link.kind in (PASS, DESERT) or there == frame["space"] or there in frame.get("path", []):
            continue
        if not frame["mover"] and there == frame["came_from"]:
            continue  # §14.1.Restrictions L857
        if neutral_ground(state, there) - crossable:
            continue
        out.append(there)
    return sorted(out)


def paths(state: State, frame: Mapping[str, Any], through: str | None = None) -> list[list[str]]:
    """Every retreat path of one or two spaces the army may take (``through``: as if it held free
    passage through that Power too)."""
    player = frame["player"]
    firsts = steps_from(state, frame, frame["space"], through)
    if frame["mover"]:
        firsts = [s for s in firsts if s == frame["came_from"]]  # §14.1 L850
    found = []
    for first in firsts:
        if can_end(state, first, player):
            found.append([first])
        probe = {**frame, "path": [first]}
        found += [[first, s] for s in steps_from(state, probe, first, through) if can_end(state, s, player)]
    preferred = [p for p in found if can_end(state, p[0], player)]
    return preferred or found


def room(state: State, space: str) -> int | None:
    """Pieces a stronghold may still take: a castle three in all, a city any number (§17.2.1)."""
    if space not in state.castles:
        return None
    here = forces.at(state, "inside", space)
    return CASTLE_ROOM - sum(units(g) + len(g["leaders"]) for g in here.values())


def refuge(state: State, space: str, player: str) -> bool:
    """Whether the stronghold in ``space`` may take ``player``'s beaten army: his, not besieged,
    with room (§17.3 L976, §17.2.1)."""
    if side(state, stronghold_holder(state, space)) != player or space in state.sieges:
        return False
    left = room(state, space)
    return left is None or left > 0


# --- the steps -------------------------------------------------------------------------------------


def _outside(state: State, frame: Frame) -> Force:
    """The retreating army: once it has set out, the pieces it counts (friends it passes and does
    not sweep up stay behind); before, the player's pieces outside in the battle space."""
    army: Force | None = frame.get("army")
    return army if army is not None else force_of(state, "field", frame["at"], frame["player"])


def _inside_choices(state: State, frame: Frame) -> list[Action]:
    if not refuge(state, frame["space"], frame["player"]):
        return []
    force = _outside(state, frame)
    pieces = {("in", p, face, label) for p, g in force.items() for face, label in forces.pieces(g)}
    pieces |= {("in", p, "leader", x) for p, g in force.items() for x in g["leaders"]}
    if not pieces:
        return []
    left = room(state, frame["space"])
    whole = unit_count(force) + len(leaders_of(force))
    extra: list[Action] = [("all_in",)] if left is None or left >= whole else []
    return [("out",), *extra, *sorted(pieces)]


def _go_inside(state: State, frame: Frame, action: Action) -> None:
    space, player = frame["space"], frame["player"]
    if action[0] == "all_in":
        for power, g in _outside(state, frame).items():
            forces.move(state, power, _copy(g), ("field", space), ("inside", space))
        state.say(
            "§17.3",
            f"The {role_name(player)} player's army goes inside the stronghold in {_name(state, space)}.",
        )
        return
    _, power, face, x = action
    piece = forces.group()
    if face == "leader":
        piece["leaders"].append(x)
    else:
        piece[face][x] = 1
    forces.move(state, power, piece, ("field", space), ("inside", space))
    state.say(
        "§17.3",
        f"The {role_name(player)} player's {power_name(state, power)} "
        f"{x if face != 'leader' else leader_name(state, x)} goes inside the stronghold.",
    )


def passages(state: State, frame: Mapping[str, Any]) -> list[str]:
    """The neutral Powers whose free passage, bought now with the Diplomatic Advantage on the
    opponent's round, would open the retreat another path (§9.4 L531, K65)."""
    start = {**frame, "path": []}
    now = paths(state, start)
    return [p for p in passage_powers(state, frame["player"]) if paths(state, start, p) != now]


def _path_choices(state: State, frame: Frame) -> list[Action]:
    done = frame["path"]
    options = paths(state, {**frame, "path": []})
    if not done:
        buy: list[Action] = [("passage", p) for p in passages(state, frame)]
        lost: list[Action] = [("none",)] if buy and not options else []
        return [*sorted({("to", p[0]) for p in options}), *buy, *lost]
    options = [p for p in options if p[0] == done[0]]
    moves: list[Action] = sorted({("to", p[1]) for p in options if len(p) == 2})
    stop: list[Action] = [("stop",)] if [done[0]] in options else []
    return [*stop, *moves]


def _begin_path(state: State, frame: Frame) -> None:
    """The rest of the army must leave; with nowhere to go, it is eliminated (§14.1 L850, L865)."""
    force = _outside(state, frame)
    frame["army"] = _copy_force(force)
    if forces.empty(_whole(force)):
        frame["step"] = "end"
        frame["to"] = frame["space"]
        return
    if frame["mover"] and frame["came_from"] is None:
        state.say(
            "§14.1", f"The {role_name(frame['player'])} player's army landed from the sea: it is eliminated."
        )
        _wipe_out(state, frame)
        return
    if not paths(state, {**frame, "path": []}) and not passages(state, frame):
        _nowhere(state, frame)
        return
    frame["step"] = "path"


def _nowhere(state: State, frame: Frame) -> None:
    state.say(
        "§14.1", f"The {role_name(frame['player'])} player's army has nowhere to retreat: it is eliminated."
    )
    _wipe_out(state, frame)


def _pursuit(state: State, frame: Frame) -> None:
    """§13.4, §14.1.Penalties L863: the one pursuit roll, on the column of the victor's strength
    after the battle, its own modifiers only."""
    player, space = frame["player"], frame["space"]
    through = [s for s in frame["path"][:-1] if enemy_stronghold(state, s, player)]
    frame["step"] = "move"
    if not frame["pursuit"] and not through:
        return
    victor = force_of(state, "field", space, other(player))
    if not victor:
        return
    value = strength(state, victor)
    cav, inf = cavalry_steps(state, victor)
    drm = 1 if cav >= inf else 0  # §13.4 L809
    drm += 2 if through and frame["pursuit"] else 0  # §13.4 L810, §14.1.Penalties L863
    drm -= 1 if frame.get("pursuer_avoided") else 0  # §13.4 L811
    die = dice.roll(
        state, "§13.4", f"Pursuit roll of the {role_name(other(player))} player (strength {value})"
    )
    owed = tables(state).pursuit.result(value, die + drm)
    state.say("§13.4", f"Pursuit: {die}{drm:+d} costs the {role_name(player)} player {owed} more step(s).")
    frame["owed"] = min(owed, force_steps(_outside(state, frame)))
    frame["step"] = "pursued"


def _loss_choices(state: State, frame: Frame) -> list[Action]:
    return step_choices(_outside(state, frame))


def _take(state: State, frame: Frame, action: Action) -> None:
    _, power, face, label = action
    gone = forces.lose_step(state, "field", frame["at"], power, face, label)
    forces.subtract(frame["army"][power], forces.one(face, label))
    if not gone:
        forces.add(frame["army"][power], forces.one("reduced", label))
    if forces.empty(frame["army"][power]):
        del frame["army"][power]
    what = "is eliminated" if gone else "is reduced"
    state.say(
        "§14.1", f"The {role_name(frame['player'])} player's {power_name(state, power)} {label} {what}."
    )
    frame["owed"] -= 1


def _pay(state: State, frame: Frame, then: str) -> None:
    """Take the steps owed, the owner choosing; a force left without units is wiped out."""
    if frame["owed"] > 0:
        choices = _loss_choices(state, frame)
        if len(choices) == 1:
            _take(state, frame, choices[0])
        else:
            frame["roles"] = [frame["player"]]
        return
    frame.pop("roles", None)
    if unit_count(_outside(state, frame)) == 0:
        _wipe_out(state, frame)
        return
    frame["step"] = then


def _wipe_out(state: State, frame: Frame) -> None:
    """The army is gone: its units to the dead pile, its leaders to the Leader Loss Table (§13.6)."""
    force = _outside(state, frame)
    for power, rest in _copy_force(force).items():
        rest["leaders"] = []
        if units(rest):
            forces.take(state, "field", frame["at"], power, rest)
            forces.to_dead(state, power, rest)
    frame["to"] = None
    frame["step"] = "end"
    leaders = leaders_of(force)
    if leaders:
        PROCEDURES.push(
            state,
            "leader_loss",
            player=frame["player"],
            leaders=leaders,
            why="major_field_victory" if frame["pursuit"] else "battle",
            space=frame["at"],
        )


def _move(state: State, frame: Frame) -> None:
    """One space of the path: the step penalty for enemy units there, the sweep of friends."""
    player = frame["player"]
    if frame["moved"] == len(frame["path"]):
        _forage(state, frame)
        return
    there = frame["path"][frame["moved"]]
    friends = _copy_force(force_of(state, "field", there, player))
    for power, g in frame["army"].items():
        forces.move(state, power, g, ("field", frame["at"]), ("field", there))
    frame["entries"].append(foraging.entry(state, player, there))
    if friends and unit_count(friends) <= unit_count(frame["army"]):
        for power, g in friends.items():
            forces.add(frame["army"].setdefault(power, forces.group()), g)  # §14.1 L850: swept up
        state.say(
            "§14.1", f"The retreat sweeps up the {role_name(player)} player's units in {_name(state, there)}."
        )
    state.say("§14.1", f"The {role_name(player)} player's army retreats into {_name(state, there)}.")
    frame["at"] = there
    frame["moved"] += 1
    frame["owed"] = min(enemy_units(state, there, player), force_steps(frame["army"]))
    if frame["owed"]:
        state.say("§14.1", f"Retreating past {frame['owed']} enemy unit(s) costs as many steps.")
    frame["step"] = "penalty"


def _forage(state: State, frame: Frame) -> None:
    """§14.1.Penalties L862, §15.1 L881: a foraging roll for a retreat into a Harsh space or
    through an enemy stronghold; a beaten mover's march before the battle (``route``) and its
    retreat make one roll together (§15.1 L878)."""
    frame["step"] = "end"
    frame["to"] = frame["at"]
    entries = [*frame.get("route", []), *frame["entries"]]
    if not foraging.needs_forage(entries, began_safe=False, ends_safe=False, shadowed=False):
        return
    army = _copy_force(frame["army"])
    if army:
        foraging.push(state, frame["player"], frame["at"], army, "retreat", foraging.route_av(entries))


def _copy(g: Mapping[str, Any]) -> dict[str, Any]:
    return {"full": dict(g["full"]), "reduced": dict(g["reduced"]), "leaders": list(g["leaders"])}


def _copy_force(force: Mapping[str, Mapping[str, Any]]) -> Force:
    return {p: _copy(g) for p, g in force.items()}


def _whole(force: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    whole = forces.group()
    for g in force.values():
        forces.add(whole, g)
    return whole


def _name(state: State, space: str) -> str:
    return data(state).board.spaces[space].name


# --- the procedure ---------------------------------------------------------------------------------


def _run(state: State, frame: Frame) -> None:
    frame.pop("done", None)
    if "step" not in frame:
        frame.update(step="inside", at=frame["space"], path=[], moved=0, entries=[], owed=0)
    step = frame["step"]
    if step == "inside":
        if len(_inside_choices(state, frame)) > 0:
            frame["roles"] = [frame["player"]]
            return
        _begin_path(state, frame)
    elif step == "path":
        frame["roles"] = [frame["player"]]
    elif step == "pursuit":
        _pursuit(state, frame)
    elif step == "pursued":
        _pay(state, frame, "move")
    elif step == "move":
        _move(state, frame)
    elif step == "penalty":
        _pay(state, frame, "move")
    else:
        PROCEDURES.pop(state, frame, to=frame.get("to"))


def _legal(state: State, frame: Frame, role: str) -> list[Action]:
    if role != frame["player"] or role not in frame.get("roles", ()):
        return []
    step = frame.get("step")
    if step == "inside":
        return _inside_choices(state, frame)
    if step == "path":
        return _path_choices(state, frame)
    if step in ("pursued", "penalty") and frame["owed"] > 0:
        choices = _loss_choices(state, frame)
        return choices if len(choices) > 1 else []
    return []


def _perform(state: State, frame: Frame, role: str, action: Action) -> None:
    if tuple(action) not in {tuple(x) for x in _legal(state, frame, role)}:
        raise IllegalAction(f"{action!r} is not a choice in this retreat")
    step = frame["step"]
    if step == "inside":
        if action[0] == "out":
            frame.pop("roles", None)
            _begin_path(state, frame)
        else:
            _go_inside(state, frame, action)
            if not _inside_choices(state, frame):
                frame.pop("roles", None)
                _begin_path(state, frame)
        return
    if step == "path":
        if action[0] == "passage":  # §9.4 L531: bought on the opponent's round, K65
            grant_passage(state, role, action[1], own_round=False)
            return
        if action[0] == "none":
            frame.pop("roles", None)
            _nowhere(state, frame)
            return
        if action[0] == "to":
            frame["path"].append(action[1])
        if action[0] == "stop" or len(frame["path"]) == 2:
            frame.pop("roles", None)
            names = " and ".join(_name(state, s) for s in frame["path"])
            state.say("§14.1", f"The {role_name(role)} player's army will retreat to {names}.")
            frame["step"] = "pursuit"
        elif not _path_choices(state, frame):
            frame["step"] = "pursuit"
        return
    _take(state, frame, action)


def _prompt(state: State, frame: Frame, role: str) -> str:
    step = frame.get("step")
    if step == "inside":
        return "Retreat: put pieces inside the stronghold, or retreat the rest out (§17.3)."
    if step == "path" and ("none",) in _path_choices(state, frame):
        return "Retreat: buy free passage (§9.4), or none, and the army is lost (§14.1)."
    if step == "path":
        buy = "; or buy free passage (§9.4)" if passages(state, frame) else ""
        return f"Retreat: choose the next space, or stop (§14.1){buy}."
    return f"Retreat: choose a unit to lose a step, {frame['owed']} to go (§13.4, §14.1)."


PROCEDURES.procedure("retreat", legal=_legal, perform=_perform, run=_run, prompt=_prompt, rule="14.1")
