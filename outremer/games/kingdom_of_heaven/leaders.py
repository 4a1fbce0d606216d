"""Leader casualties (§13.6): the Leader Loss Table and what its results do, for a force wiped
out in battle, in a retreat or in a successful assault (§17.7.3), and for the cards whose event
is a roll on the table (the effect ``leader_loss``, cards.md).

The frame ``leader_loss`` (docs/kingdom-of-heaven/procedures.md) holds ``player`` (whose leaders
roll), ``leaders``, ``why`` (``battle``, or the id of the table's modifier that applies:
``major_field_victory``, ``assault_blockaded``, ``assault_unblockaded``; ``event`` for a card),
``space`` (where it happened), and for a card ``drm`` and ``chooser`` (the card's player, who
picks the one leader among ``leaders`` that rolls). Each leader rolls two dice plus his battle
rating and the modifier (§13.6 L820, L830-L834):

- Death: to the dead pile (§13.6 L822; his command rating decides later whether he may come back,
  §6.1);
- Prisoner: into the opponent's force pool, ``state.prisoners`` (§13.6 L824), until ransomed (§5.3);
- Escape?: into a friendly stronghold within two spaces reached without passing an enemy
  stronghold, the owner choosing among several (K66); else a die, 1-3 prisoner, 4-6 death
  (§13.6 L826);
- Escape!: into his Power's force pool (§13.6 L828).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.errors import IllegalAction
from ...engine.procedures import Action, Frame
from . import dice, forces
from .battle import other, tables
from .cards import Effect
from .common import data, side, stronghold_holder
from .effects import handler
from .initiative import leaders_on_map
from .names import role_name
from .procedures import PROCEDURES
from .retreat import enemy_stronghold, refuge
from .state import State


def where(state: State, leader: str) -> tuple[str, str, str] | None:
    """(place, space, Power) of a leader on the map, None if he is not there."""
    for place in forces.PLACES:
        for space, gs in getattr(state, place).items():
            for power, g in gs.items():
                if leader in g["leaders"]:
                    return place, space, power
    return None


def refuges(state: State, player: str, start: str) -> list[str]:
    """The friendly strongholds within two spaces of ``start`` that ``player``'s leader may reach
    without passing through an enemy stronghold on the way, ``start`` included (§13.6 L826, K66):
    his side's, not besieged, with room."""
    board = data(state).board
    if start not in board.spaces:
        return []
    reach = {start}
    for first in board.neighbours(start):
        reach.add(first)
        if not enemy_stronghold(state, first, player):
            reach.update(board.neighbours(first))
    return sorted(s for s in reach if stronghold_holder(state, s) and refuge(state, s, player))


def _lift(state: State, leader: str) -> str:
    """Take ``leader`` off the map; his Power."""
    found = where(state, leader)
    assert found is not None
    place, space, power = found
    g = forces.group()
    g["leaders"].append(leader)
    forces.take(state, place, space, power, g)
    return power


def _fate(state: State, frame: Frame, leader: str, result: str) -> None:
    """Carry out a result of the table for ``leader`` of ``frame``'s player."""
    name = data(state).counters.leaders[leader].name
    player = frame["player"]
    g = forces.group()
    g["leaders"].append(leader)
    if result == "death":
        forces.to_dead(state, _lift(state, leader), g)
        state.say("§13.6", f"{name} is killed.")
    elif result == "prisoner":
        _lift(state, leader)
        state.prisoners[other(player)].append(leader)
        state.say("§13.6", f"{name} is taken prisoner by the {role_name(other(player))} player.")
    elif result == "escape":
        forces.to_pool(state, _lift(state, leader), g)
        state.say("§13.6", f"{name} escapes to his force pool.")
    else:
        raise ValueError(f"no result {result!r}")


def _hide(state: State, frame: Frame, leader: str, space: str) -> None:
    """Escape?: ``leader`` into the stronghold in ``space``."""
    power = _lift(state, leader)
    g = forces.group()
    g["leaders"].append(leader)
    forces.put(state, "inside", space, power, g)
    name = data(state).counters.leaders[leader].name
    state.say("§13.6", f"{name} escapes into the stronghold of {data(state).board.spaces[space].name}.")


def _roll(state: State, frame: Frame, leader: str) -> None:
    """One leader's roll on the Leader Loss Table, and its result."""
    table = tables(state).leader_loss
    rating = data(state).counters.leaders[leader].battle
    drm = rating + table.modifiers.get(frame["why"], 0) + int(frame.get("drm", 0))
    name = data(state).counters.leaders[leader].name
    total = dice.roll(state, "§13.6", f"Leader Loss Table for {name}", count=2)
    result = table.result(total + drm)
    state.say("§13.6", f"{name}: {total}{drm:+d} = {total + drm}.")
    if result != "escape_maybe":
        _fate(state, frame, leader, result)
        return
    found = where(state, leader)
    assert found is not None
    havens = refuges(state, frame["player"], found[1])
    if len(havens) == 1:
        _hide(state, frame, leader, havens[0])
    elif havens:
        frame["hiding"] = leader
        frame["roles"] = [frame["player"]]
    else:
        die = dice.roll(state, "§13.6", f"{name} has no stronghold to reach")
        _fate(state, frame, leader, "prisoner" if die <= 3 else "death")


def _run(state: State, frame: Frame) -> None:
    if frame.get("chooser") is not None:
        if len(_choices(state, frame)) > 1:
            frame["roles"] = [frame["chooser"]]
            return
        frame["leaders"] = [a[1] for a in _choices(state, frame)]
        frame["chooser"] = None
    if "hiding" in frame:
        return
    while frame["leaders"]:
        leader = frame["leaders"].pop(0)
        if where(state, leader) is not None:
            _roll(state, frame, leader)
            return
    PROCEDURES.pop(state, frame)


def _choices(state: State, frame: Mapping[str, Any]) -> list[Action]:
    if frame.get("chooser") is not None:
        return [("leader", x) for x in sorted(frame["leaders"]) if where(state, x) is not None]
    if "hiding" in frame:
        found = where(state, frame["hiding"])
        assert found is not None
        return [("refuge", s) for s in refuges(state, frame["player"], found[1])]
    return []


def _legal(state: State, frame: Frame, role: str) -> list[Action]:
    if role not in frame.get("roles", ()):
        return []
    choices = _choices(state, frame)
    return choices if len(choices) > 1 else []


def _perform(state: State, frame: Frame, role: str, action: Action) -> None:
    if tuple(action) not in {tuple(x) for x in _legal(state, frame, role)}:
        raise IllegalAction(f"{action!r} is not a choice here")
    frame.pop("roles", None)
    if action[0] == "leader":
        frame["leaders"], frame["chooser"] = [action[1]], None
        name = data(state).counters.leaders[action[1]].name
        state.say("§13.6", f"The {role_name(role)} player's event strikes at {name}.")
        return
    _hide(state, frame, frame.pop("hiding"), action[1])


def _prompt(state: State, frame: Frame, role: str) -> str:
    if frame.get("chooser") is not None:
        return "Choose the enemy leader who rolls on the Leader Loss Table (§13.6)."
    return "Escape?: choose the stronghold the leader reaches (§13.6)."


PROCEDURES.procedure("leader_loss", legal=_legal, perform=_perform, run=_run, prompt=_prompt, rule="13.6")


@handler("leader_loss")
def _event(state: State, player: str, effect: Effect, context: Mapping[str, Any]) -> None:
    """A card's roll on the Leader Loss Table (cards.md): on an enemy leader of the card's player's
    choice, on the leader the card answers (``actor``), or on the named leader, if on the map."""
    target = str(effect["target"])
    if target == "enemy_leader":
        candidates, owner = leaders_on_map(state, other(player)), other(player)
    else:
        leader = context.get("actor") if target == "moving_leader" else target.partition(":")[2]
        found = None if leader is None else where(state, leader)
        if leader is None or found is None:
            state.say("§13.6", "The event finds no leader on the map to strike.")
            return
        candidates, owner = [leader], str(side(state, found[2]))
    if not candidates:
        state.say("§13.6", "The event finds no leader on the map to strike.")
        return
    PROCEDURES.push(
        state,
        "leader_loss",
        player=owner,
        leaders=candidates,
        why="event",
        space=None,
        drm=int(effect["drm"]),
        chooser=player if target == "enemy_leader" else None,
    )
