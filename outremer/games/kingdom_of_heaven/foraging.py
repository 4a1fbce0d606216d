"""Foraging and attrition (§10.7, §15.1, §15.2; §10.6.Boxes for Asia Minor; K50-K53).

A force's route is kept as a list of *entries*, one per space it enters, each noting what stood
there when it came: an enemy or friendly stronghold, Harsh terrain, a mountain pass crossed, and
the extra MP spent there (:func:`entry`). :func:`needs_forage` says whether the route calls for a
foraging roll and :func:`route_av` what it adds to the Attrition Value; the procedure ``forage``
rolls on the Attrition Table and takes the steps, the owner choosing which units lose them.

The moving force counts each entry (each entry costs MP there, K52); a shadower, which spends no
MP (§12.4.1 L736), counts each space once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ...engine.procedures import Action, Frame
from . import dice, forces
from .common import data, side, stronghold_holder, units
from .effects import handler
from .names import key_words, power_name, role_name
from .procedures import PROCEDURES
from .state import PLAYERS, State
from .tables import load_tables

ENEMY_STRONGHOLD = 2  # §15.2 L895: each enemy stronghold entered or moved through
PASS = 2  # §15.2 L896: each mountain pass crossed
HARSH = 1  # §15.2 L897: each Harsh space without a friendly stronghold
FRIENDLY = -1  # §15.2 L898-L899 (K51): each friendly stronghold moved through, each extra MP there
ASIA_MINOR = 5  # §15.2 L903: the crossing of Asia Minor, its only modifier
EXEMPT = "byzantium"  # §10.6.Boxes L626: Byzantines neither count nor take losses in Asia Minor

Entry = dict[str, Any]
Force = dict[str, dict[str, Any]]


def stronghold_side(state: State, space: str, player: str) -> str | None:
    """``"friendly"``, ``"enemy"`` or None: the stronghold in ``space`` as ``player`` sees it. A
    neutral Power's stronghold is not friendly (§3.Terms), so it counts as an enemy's here (a
    force entering it makes its Power hostile, §10.9)."""
    if space not in state.castles and space not in state.cities:
        return None
    return "friendly" if side(state, stronghold_holder(state, space)) == player else "enemy"


def entry(state: State, player: str, space: str, crossed: str = "normal") -> Entry:
    """The record of ``player``'s force entering ``space`` by a link of kind ``crossed``."""
    spaces = data(state).board.spaces
    return {
        "space": space,
        "stronghold": stronghold_side(state, space, player),
        "harsh": space in spaces and spaces[space].harsh,
        "pass": crossed == "pass",
        "rest": 0,
    }


def needs_forage(
    entries: Sequence[Mapping[str, Any]], began_safe: bool, ends_safe: bool, shadowed: bool
) -> bool:
    """Whether a route calls for a foraging roll (§10.7 L632, §15.1 L872-L876): an enemy
    stronghold entered (not one that surrendered), a Harsh space without a friendly stronghold
    (K53) unless the force began and ended in a friendly stronghold or a box, or a shadower."""
    if shadowed or any(e["stronghold"] == "enemy" for e in entries):
        return True
    harsh = any(e["harsh"] and e["stronghold"] != "friendly" for e in entries)
    return harsh and not (began_safe and ends_safe)


def route_av(entries: Sequence[Mapping[str, Any]], per_space: bool = False) -> int:
    """What a route adds to the Attrition Value (§15.2 L893-L899, K51-K52): +2 for each enemy
    stronghold, +2 for each pass crossed, +1 for each Harsh space without a friendly stronghold,
    -1 for each friendly stronghold moved through (not the one the force started in) and -1 for
    each extra MP spent in one (one that surrendered too); each entry counted, or each space once
    if ``per_space`` (a shadower)."""
    if per_space:
        seen: dict[str, Mapping[str, Any]] = {}
        for e in entries:
            seen.setdefault(e["space"], e)
        entries = list(seen.values())
    total = 0
    for e in entries:
        if e["stronghold"] == "enemy":
            total += ENEMY_STRONGHOLD
        elif e["stronghold"] in ("friendly", "surrendered"):
            moved_through = e["stronghold"] == "friendly" and not e.get("start")
            total += FRIENDLY * (moved_through + e["rest"])
        if e["pass"]:
            total += PASS
        if e["harsh"] and e["stronghold"] != "friendly":
            total += HARSH
    return total


def attrition_units(force: Mapping[str, Mapping[str, Any]], why: str) -> int:
    """The base Attrition Value: the units of the force, not its leaders (§15.2 L889); the
    Byzantines left out when crossing Asia Minor (§10.6.Boxes L626)."""
    return sum(units(g) for p, g in force.items() if not (why == "asia_minor" and p == EXEMPT))


def push(
    state: State, player: str, space: str, force: Force, why: str, av: int, place: str = "field"
) -> Frame:
    """Push a foraging or attrition roll for ``force`` (its pieces in ``space``), ``av`` added to
    its units."""
    return PROCEDURES.push(
        state, "forage", player=player, space=space, place=place, group=force, why=why, av=av, roles=[player]
    )


def _still_there(state: State, frame: Frame) -> Force:
    """The frame's force as far as it is still in its space and place: a roll pushed with others
    at the end of a move runs after them, and pieces may have died or gone in meanwhile."""
    out: Force = {}
    here = forces.at(state, frame["place"], frame["space"])
    for p, g in frame["group"].items():
        there = here.get(p)
        if there is None:
            continue
        kept: dict[str, Any] = {"full": {}, "reduced": {}, "leaders": []}
        for face in ("full", "reduced"):
            for label, n in g[face].items():
                if min(n, there[face].get(label, 0)) > 0:
                    kept[face][label] = min(n, there[face].get(label, 0))
        kept["leaders"] = [x for x in g["leaders"] if x in there["leaders"]]
        if not forces.empty(kept):
            out[p] = kept
    return out


def _choices(frame: Frame) -> list[Action]:
    """The units that may lose the next step: a full one while any is left, else a reduced one
    (§15.2 L909); never the Byzantines in Asia Minor (§10.6.Boxes L626)."""
    if not frame.get("owed"):
        return []
    pool = {p: g for p, g in frame["group"].items() if not (frame["why"] == "asia_minor" and p == EXEMPT)}
    full = sorted(("lose", p, "full", label) for p, g in pool.items() for label, n in g["full"].items() if n)
    if full:
        return list(full)
    return sorted(
        ("lose", p, "reduced", label) for p, g in pool.items() for label, n in g["reduced"].items() if n
    )


def _legal(state: State, frame: Frame, role: str) -> list[Action]:
    choices = _choices(frame)
    return choices if len(choices) > 1 else []


def _perform(state: State, frame: Frame, role: str, action: Action) -> None:
    _, power, face, label = action
    g = frame["group"][power]
    forces.lose_step(state, frame["place"], frame["space"], power, face, label)
    forces.subtract(g, forces.one(face, label))
    if face == "full":
        forces.add(g, forces.one("reduced", label))
    frame["owed"] -= 1
    frame["lost"] = frame.get("lost", 0) + 1
    state.say(
        "§15.2",
        f"The {role_name(frame['player'])} player's {power_name(state, power)} {label} loses a step "
        f"to attrition.",
    )
    if forces.empty(g):
        del frame["group"][power]


def _run(state: State, frame: Frame) -> None:
    frame["group"] = _still_there(state, frame)
    if not frame["group"]:  # nothing left there to roll for
        PROCEDURES.pop(state, frame, lost=frame.get("lost", 0), group={})
        return
    if "owed" not in frame:
        av = attrition_units(frame["group"], frame["why"]) + frame["av"]
        if av < 1:
            state.say("§15.2", f"The {role_name(frame['player'])} player's Attrition Value is {av}: no roll.")
            frame["owed"] = 0
        else:
            table = load_tables(None if state.pack is None else Path(state.pack)).attrition
            die = dice.roll(
                state,
                "§15.2",
                f"Attrition ({key_words(state, frame['why'])}) of the {role_name(frame['player'])} "
                f"player, AV {av}",
            )
            frame["owed"] = table.result(av, die)
            state.say(
                "§15.2", f"Attrition costs the {role_name(frame['player'])} player {frame['owed']} step(s)."
            )
        return
    choices = _choices(frame)
    if len(choices) == 1:
        _perform(state, frame, frame["player"], choices[0])
        return
    PROCEDURES.pop(state, frame, lost=frame.get("lost", 0), group=frame["group"])


def _prompt(state: State, frame: Frame, role: str) -> str:
    return f"Attrition: choose a unit to lose a step, {frame['owed']} to go (§15.2)."


PROCEDURES.procedure("forage", legal=_legal, perform=_perform, run=_run, prompt=_prompt, rule="15.2")


def armies(state: State, space: str, place: str = "field") -> dict[str, Force]:
    """Each player's pieces in ``space`` (outside, or inside its stronghold), by Power."""
    found: dict[str, Force] = {}
    for power, g in forces.at(state, place, space).items():
        who = side(state, power)
        if who in PLAYERS and units(g):
            found.setdefault(str(who), {})[power] = {
                "full": dict(g["full"]),
                "reduced": dict(g["reduced"]),
                "leaders": list(g["leaders"]),
            }
    return found


@handler("attrition")
def _attrition(state: State, player: str, effect: Mapping[str, Any], context: Mapping[str, Any]) -> None:
    """An event's attrition roll (§15.1 L884, L886): at once, beside any foraging, with the
    effect's AV added. Its target: the enemy's army (or every army, or the besieged) in the
    context's space, or the forces in a box (``box:<id>``)."""
    target = str(effect["target"])
    space = target[4:] if target.startswith("box:") else str(context["space"])
    place = "inside" if target == "besieged" else "field"
    found = armies(state, space, place)
    for who in PLAYERS:
        if who in found and (
            who != player or target in ("every_army", "besieged") or target.startswith("box:")
        ):
            push(state, who, space, found[who], "event", int(effect["av"]), place)
