"""Wounds and the buy-back after a Conflict (``Battle.13``, ``Battle.14``, R9b, R13).

Each side takes as many Wounds as the other side's dice show and its cards' ``wounds`` effects
add, less its own ``shield`` effects. A side's committed Units take the Wounds before any of its
Support (R13); the side's leader says which (``("wound", role, kind)``), and a choice with only one
option is made at once. Support removed goes back to its owner's supply (R9b); Wounds beyond what
the side has are lost. Every committed Faith is lost. Then each participant with Units left
may take them back at 1 Gold each (``("buy_back", kind)`` / ``("done",)``, the window open whatever
its Gold); the rest go back to the general supply.
"""

from __future__ import annotations

from ...engine.procedures import Action, Frame
from .common import NAMES, pay, purse, remove_support, support_of, whose
from .procedures import PROCEDURES
from .sides import (
    KINDS,
    SIDES,
    dice_total,
    effect_total,
    key,
    leader,
    main,
    members,
    other,
    own_effect,
    participants,
)
from .state import State


def dealt(state: State, frame: Frame, side: str) -> int:
    """The Wounds ``side`` takes (``Battle.13``): the other side's dice and ``wounds`` effects,
    less its own ``shield`` effects."""
    foe = other(side)
    hits = sum(dice_total(state, frame, r, "wounds") for r in members(frame, foe))
    hits += effect_total(state, frame, foe, "wounds")
    return max(0, hits - effect_total(state, frame, side, "shield"))


def count_wounds(state: State, frame: Frame) -> list[str]:
    """Each side's Wounds, said; the sides that have Wounds to take, the attacker's first."""
    out = []
    for side in SIDES:
        n = dealt(state, frame, side)
        frame["wounds"][side] = n
        state.say(key(frame, 13), f"The {side}'s side takes {n} Wound{'s' if n != 1 else ''}.")
        if n:
            out.append(side)
    return out


def _choices(state: State, frame: Frame, side: str) -> list[Action]:
    """Where the side's next Wound may go: a committed Unit, else a Support in the Region (R13)."""
    units: list[Action] = [
        ("wound", r, k) for r in members(frame, side) for k, n in frame["units"].get(r, {}).items() if n > 0
    ]
    if units:
        return units
    loc = frame["location"]
    return [("wound", r, "support") for r in members(frame, side) if support_of(state, r, loc) > 0]


def _apply(state: State, frame: Frame, side: str, action: Action) -> None:
    _, role, kind = action
    frame["wounds"][side] -= 1
    if kind == "support":
        remove_support(state, role, frame["location"])
        state.say(
            key(frame, 13), f"A Wound removes one of {whose(role)} Support; it goes back to its supply (R9b)."
        )
    else:
        frame["units"][role][kind] -= 1
        state.say(key(frame, 13), f"A Wound removes one of {whose(role)} {NAMES[kind][1]} (R13).")


def _forced(state: State, frame: Frame, side: str) -> bool:
    """Apply the Wounds that have only one place to go; whether a choice is left for the leader."""
    while frame["wounds"][side] > 0:
        choices = _choices(state, frame, side)
        if not choices:
            state.say(
                key(frame, 13), f"The {side}'s side has nothing left to lose; the other Wounds are lost."
            )
            frame["wounds"][side] = 0
            return False
        if len({c for c in choices}) > 1:
            return True
        _apply(state, frame, side, choices[0])
    return False


def open_wounds(state: State, frame: Frame, side: str) -> bool:
    if not _forced(state, frame, side):
        return False
    PROCEDURES.push(state, frame["kind"] + "_wound", roles=[leader(frame, side)], side=side)
    return True


def _wound_legal(state: State, frame: Frame, role: str) -> list[Action]:
    conflict = main(state)
    if conflict["wounds"][frame["side"]] <= 0:
        return []
    return _choices(state, conflict, frame["side"])


def _wound(state: State, frame: Frame, role: str, action: Action) -> None:
    conflict = main(state)
    _apply(state, conflict, frame["side"], action)
    _forced(state, conflict, frame["side"])


def _wound_prompt(state: State, frame: Frame, role: str) -> str:
    n = main(state)["wounds"][frame["side"]]
    return f"Assign {n} Wound{'s' if n != 1 else ''} to your side: Units first, then Support."


def forfeit_faith(state: State, frame: Frame) -> None:
    """``Battle.13``: all committed Faith is lost (back to the general supply)."""
    spent = {r: n for r, n in frame["faith"].items() if n}
    frame["faith"] = {}
    if spent:
        state.say(
            key(frame, 13),
            "Committed Faith is lost: " + ", ".join(f"{r} {n}" for r, n in spent.items()) + ".",
        )


# -- Battle.14: buying back ------------------------------------------------------------------------
def returning(state: State, frame: Frame) -> list[str]:
    """The participants with committed Units left, the attacker's side first."""
    return [r for r in participants(frame) if sum(frame["units"].get(r, {}).values())]


def open_buy_back(state: State, frame: Frame, role: str) -> bool:
    if own_effect(state, frame, role, "free_return"):
        units = frame["units"].pop(role)
        for k, n in units.items():
            state.units[role][k] += n
        state.say(
            key(frame, 14),
            f"{whose(role, start=True)} Units left go back to their supply free (a card's effect).",
        )
        return False
    PROCEDURES.push(state, frame["kind"] + "_buy_back", roles=[role], role=role)
    return True


def _buy_legal(state: State, frame: Frame, role: str) -> list[Action]:
    units = main(state)["units"].get(role, {})
    acts: list[Action] = []
    if purse(state, role) >= 1:
        acts = [("buy_back", k) for k, n in units.items() if n > 0]
    return [*acts, ("done",)]


def _buy(state: State, frame: Frame, role: str, action: Action) -> None:
    conflict = main(state)
    units = conflict["units"][role]
    if action[0] == "buy_back":
        kind = action[1]
        pay(state, role, 1, key(conflict, 14), f"a {NAMES[kind][0]} back")
        units[kind] -= 1
        state.units[role][kind] += 1
        state.say(key(conflict, 14), f"{role} takes a {NAMES[kind][0]} back to its supply.")
        if sum(units.values()):
            return
    else:
        lost = sum(units.values())
        if lost:
            state.say(
                key(conflict, 14),
                f"{whose(role, start=True)} {lost} other Unit{'s' if lost != 1 else ''}"
                " go back to the general supply.",
            )
    conflict["units"].pop(role)
    PROCEDURES.pop(state, frame)


def _buy_prompt(state: State, frame: Frame, role: str) -> str:
    return "Take back a surviving Unit for 1 Gold, or let the rest go."


for _kind in KINDS:
    PROCEDURES.procedure(
        _kind + "_wound",
        legal=_wound_legal,
        perform=_wound,
        run=lambda state, frame: PROCEDURES.pop(state, frame),
        prompt=_wound_prompt,
        rule=f"{_kind.capitalize()}.13",
    )
    PROCEDURES.procedure(
        _kind + "_buy_back",
        legal=_buy_legal,
        perform=_buy,
        prompt=_buy_prompt,
        rule=f"{_kind.capitalize()}.14",
    )
