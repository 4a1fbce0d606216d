"""The demobilization phase (§16): each player's forces on the map go back to the force pools,
the Muslim first (§5.6, §16.1 L921), save what §16.1's exceptions keep in the field.

The ``demobilize`` procedure is pushed with ``player``. Kept without asking: Crusader and Mongol
pieces (§16.1 L925), units inside a besieged walled city while a besieger stays (L928; the
Muslim's wait for the Christian's demobilization, which pushes a second ``demobilize`` for him
with ``spaces``, the cities whose siege it ended). The player is asked, first of his leaders:

- ``("stay", leader)``: the leader stays on the map (§16.1 L923); one besieging a stronghold
  stays only on a roll at most his battle rating, else he and his forces there go (L924);
- ``("leaders_done",)``: the other leaders go;

then of his units, one at a time:

- ``("keep", place, space, power, face, label)``: a unit stays: a Templar or Hospitaller anywhere
  (L923); one of a Winter Campaign's army (L927, ``State.wintering``); one the ranking staying
  leader of its place commands (§10.2.1), up to half his command rating rounded up (L924, K81);
  in a captured walled city with no staying leader, while fewer than two units stay there, the
  Orders' counted (L929, §16.1.Example L933, K81);
- ``("done",)``: every other unit goes to its Power's force pool, on the side it shows.
"""

from __future__ import annotations

from collections.abc import Iterator
from math import ceil
from typing import Any

from ...engine.procedures import Action, Frame
from . import dice, forces
from .common import data, side
from .effects import handler
from .initiative import outranks
from .muster import captured
from .names import role_name, space_name
from .procedures import PROCEDURES
from .state import CHRISTIAN, MUSLIM, State, group, marker

NEVER = ("crusaders", "mongols")
"""Powers whose pieces never demobilize but by event (§16.1 L925)."""
ORDERS = ("templars", "hospitallers")
"""Powers whose units demobilize only if the player wishes (§16.1 L923)."""
CITY_KEEP = 2
"""Units that may stay in a captured city with no leader (§16.1 L929)."""

Key = tuple[str, str]  # (place, space)


def _mine(state: State, player: str, power: str) -> bool:
    return side(state, power) == player


def _in_scope(frame: Frame, place: str, space: str) -> bool:
    spaces = frame.get("spaces")
    return spaces is None or (place == "inside" and space in spaces)


def besieged_city(state: State, place: str, space: str) -> bool:
    """Whether ``place`` in ``space`` is the inside of a walled city under siege."""
    return (
        place == "inside" and space in state.cities and space not in state.castles and space in state.sieges
    )


def _besiegers_stay(state: State, space: str, player: str) -> bool:
    """Whether units of ``player``'s enemy remain outside ``space`` (§16.1 L928)."""
    enemy = MUSLIM if player == CHRISTIAN else CHRISTIAN
    return any(side(state, p) == enemy and forces.units(g) for p, g in state.field.get(space, {}).items())


def _waits(state: State, player: str, place: str, space: str) -> bool:
    """Whether ``player``'s units in ``place`` stay without being asked: inside a besieged walled
    city while a besieger stays, the Muslim's until the Christian has demobilized (L928)."""
    if not besieged_city(state, place, space):
        return False
    return player == MUSLIM or _besiegers_stay(state, space, player)


def groups(state: State, frame: Frame) -> Iterator[tuple[str, str, str, dict[str, Any]]]:
    """(place, space, power, group) of the player's pieces the phase may send home."""
    player = frame["player"]
    for place in forces.PLACES:
        for space, gs in sorted(getattr(state, place).items()):
            if not _in_scope(frame, place, space) or (
                frame.get("spaces") is None and _waits(state, player, place, space)
            ):
                continue
            for power, g in sorted(gs.items()):
                if _mine(state, player, power) and power not in NEVER:
                    yield place, space, power, g


def _besieging(state: State, player: str, place: str, space: str) -> bool:
    siege = state.sieges.get(space)
    return place == "field" and siege is not None and siege.get("besieger") == player


def _leader_choices(state: State, frame: Frame) -> list[Action]:
    done = {*frame["stay"], *frame["gone"]}
    return [("stay", x) for _, _, _, g in groups(state, frame) for x in g["leaders"] if x not in done]


def ranking(state: State, leaders: list[str]) -> str | None:
    """The ranking one of ``leaders`` in one place (§10.3): outranked by the fewest of the others,
    then the lowest strategy rating."""
    counters = data(state).counters
    if not leaders:
        return None
    return min(
        leaders,
        key=lambda x: (
            sum(outranks(counters, y, x) for y in leaders if y != x),
            counters.leaders[x].strategy,
        ),
    )


def _staying(state: State, frame: Frame, key: Key) -> list[str]:
    """The player's leaders staying in ``key``: those he chose, and Crusader and Mongol ones."""
    place, space = key
    out = []
    for power, g in getattr(state, place).get(space, {}).items():
        if _mine(state, frame["player"], power):
            out += [x for x in g["leaders"] if x in frame["stay"] or power in NEVER]
    return out


def _kept(frame: Frame, key: Key | None = None, space: str | None = None) -> list[list[str]]:
    return [
        k for k in frame["kept"] if (key is None or (k[0], k[1]) == key) and (space is None or k[1] == space)
    ]


def _commanded(state: State, frame: Frame, key: Key) -> tuple[str | None, int]:
    """The ranking staying leader of ``key`` and how many more units he may keep (L924)."""
    leader = ranking(state, _staying(state, frame, key))
    if leader is None or tuple(key) in {tuple(k) for k in frame["forced"]}:
        return None, 0
    counters = data(state).counters
    used = sum(1 for k in _kept(frame, key) if k[5] == "leader")
    return leader, ceil(counters.leaders[leader].command / 2) - used


def _commandable(state: State, frame: Frame, key: Key, leader: str, power: str) -> bool:
    """Whether ``leader`` may command one more unit of ``power`` (§10.2.1 L582-L584)."""
    counters = data(state).counters
    own = counters.leaders[leader].power
    if counters.powers[power].religion != counters.powers[own].religion:
        return False
    return power == own or not any(k[2] == power and k[5] == "leader" for k in _kept(frame, key))


def _why_keep(state: State, frame: Frame, place: str, space: str, power: str) -> str | None:
    """Under which exception one more unit of ``power`` may stay in (place, space), if any."""
    key = (place, space)
    if [place, space] in frame["forced"]:
        return None
    if power in ORDERS:
        return "orders"
    if set(_leaders_here(state, frame, key)) & set(state.wintering):
        return "winter"
    leader, room = _commanded(state, frame, key)
    if leader is not None and room > 0 and _commandable(state, frame, key, leader, power):
        return "leader"
    alone = not any(_staying(state, frame, (p, space)) for p in forces.PLACES)
    if captured(state, space) and alone and len(_kept(frame, space=space)) < CITY_KEEP:
        return "city"
    return None


def _leaders_here(state: State, frame: Frame, key: Key) -> list[str]:
    place, space = key
    return [
        x
        for p, g in getattr(state, place).get(space, {}).items()
        if _mine(state, frame["player"], p)
        for x in g["leaders"]
    ]


def _left(g: dict[str, Any], frame: Frame, place: str, space: str, power: str, face: str, label: str) -> int:
    kept = sum(1 for k in frame["kept"] if k[:5] == [place, space, power, face, label])
    return int(g[face].get(label, 0)) - kept


def _unit_choices(state: State, frame: Frame) -> Iterator[Action]:
    for place, space, power, g in groups(state, frame):
        for face in ("full", "reduced"):
            for label in sorted(g[face]):
                if _left(g, frame, place, space, power, face, label) > 0 and _why_keep(
                    state, frame, place, space, power
                ):
                    yield ("keep", place, space, power, face, label)


def _legal(state: State, frame: Frame, role: str) -> list[Action]:
    if "kept" not in frame:
        return []
    if not frame["leaders_done"]:
        choices = _leader_choices(state, frame)
        return [*choices, ("leaders_done",)] if choices else []
    units = list(_unit_choices(state, frame))
    return [*units, ("done",)] if units else []


def _offers(state: State, frame: Frame, role: str) -> bool:
    """Whether _legal lists anything (procedures.py, ``offers``), the units read up to the first."""
    if "kept" not in frame:
        return False
    if not frame["leaders_done"]:
        return bool(_leader_choices(state, frame))
    return next(_unit_choices(state, frame), None) is not None


def _perform(state: State, frame: Frame, role: str, action: Action) -> None:
    verb = action[0]
    if verb == "leaders_done":
        frame["leaders_done"] = True
    elif verb == "stay":
        _stay(state, frame, action[1])
    elif verb == "keep":
        _, place, space, power, face, label = action
        why = _why_keep(state, frame, place, space, power)
        frame["kept"].append([place, space, power, face, label, str(why)])
    else:
        _end(state, frame)


def _stay(state: State, frame: Frame, leader: str) -> None:
    """``leader`` stays on the map; besieging, only on a roll at most his battle rating (L924)."""
    rated = data(state).counters.leaders[leader]
    place, space = next((pl, sp) for pl, sp, _, g in groups(state, frame) if leader in g["leaders"])
    if _besieging(state, frame["player"], place, space):
        roll = dice.roll(
            state,
            "§16.1",
            f"{rated.name}, besieging {space_name(state, space)}, "
            f"rolls to winter there (at most {rated.battle})",
        )
        if roll > rated.battle:
            frame["gone"].append(leader)
            frame["forced"].append([place, space])
            state.say(
                "§16.1", f"{rated.name} fails: he and his forces at {space_name(state, space)} demobilize."
            )
            return
    frame["stay"].append(leader)
    state.say("§16.1", f"{rated.name} stays in the field.")


def _end(state: State, frame: Frame) -> None:
    """Everything not kept goes to its Power's force pool (§16.1 L921)."""
    player = frame["player"]
    sent = 0
    for place, space, power, g in list(groups(state, frame)):
        home = group()
        for face in ("full", "reduced"):
            for label in g[face]:
                n = _left(g, frame, place, space, power, face, label)
                if n > 0:
                    home[face][label] = n
        home["leaders"] = [x for x in g["leaders"] if x not in frame["stay"]]
        if not forces.empty(home):
            forces.take(state, place, space, power, home)
            forces.to_pool(state, power, home)
            sent += forces.units(home)
    state.say("§16.1", f"The {role_name(player)} player demobilizes {sent} unit(s) to the force pools.")
    owner = {x: data(state).counters.leaders[x].power for x in state.wintering}
    state.wintering = [
        x for x in state.wintering if marker(owner[x]) in state.political and side(state, owner[x]) != player
    ]
    waiting = frame.get("waiting", [])
    PROCEDURES.pop(state, frame)
    ended = [s for s in waiting if not _besiegers_stay(state, s, MUSLIM)]
    if ended:
        PROCEDURES.push(state, "demobilize", player=MUSLIM, spaces=ended)


def _run(state: State, frame: Frame) -> None:
    if "kept" in frame:
        if frame["leaders_done"]:
            _end(state, frame)
        frame["leaders_done"] = True
        return
    frame.update(kept=[], stay=[], gone=[], forced=[], leaders_done=False)
    if frame["player"] == CHRISTIAN and frame.get("spaces") is None:
        frame["waiting"] = sorted(
            s for s in state.inside if besieged_city(state, "inside", s) and _holds(state, MUSLIM, s)
        )


def _holds(state: State, player: str, space: str) -> bool:
    return any(
        side(state, p) == player and not forces.empty(g) for p, g in state.inside.get(space, {}).items()
    )


def _player(state: State, frame: Frame) -> list[str]:
    return [frame["player"]]


def _prompt(state: State, frame: Frame, role: str) -> str:
    if not frame.get("leaders_done"):
        return "Demobilization: choose the leaders who stay in the field (§16.1)."
    return "Demobilization: choose the units that stay in the field; the rest go to the force pool (§16.1)."


PROCEDURES.procedure(
    "demobilize",
    legal=_legal,
    perform=_perform,
    run=_run,
    prompt=_prompt,
    roles=_player,
    rule="§16.1",
    offers=_offers,
)


@handler("stay_in_field")
def _winter(state: State, player: str, effect: Any, context: Any) -> None:
    """Winter Campaign (§16.1 L927): the army of the leader it activated need not demobilize this
    turn (K49: the dual-use event acts on the activation by the same card)."""
    leader = context.get("actor")
    if leader is None:
        state.say("§16.1", "Winter Campaign has no activated leader to keep in the field.")
        return
    state.wintering.append(str(leader))
    state.say("§16.1", f"The army of {data(state).counters.leaders[leader].name} may winter in the field.")
