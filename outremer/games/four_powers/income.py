"""The Income action after its Benefits (``Income.2-3``, R14, ``Buildings.Church.2``, R4a).

One choice, the provision (``Income.2``, R14): 2 Gold, 2 Faith, 2 Footmen, 1 Siege Tower, or two
different of Gold, Faith and Footman; then the player takes, at once, the Gold of every level its
Influence stands on (``Income.3``) and the Gold of its Churches or Mosques at the value of their
track (``Buildings.Church.2``, R4a). Units come from what is left in the general supply (R16);
Faith has no limit. Every provision is offered whatever is left.
"""

from __future__ import annotations

from collections import Counter

from ...engine.procedures import Action, Frame
from . import cities
from .common import built, gain, level_of, track_value
from .procedures import PROCEDURES
from .state import State

MIXED = ("gold", "faith", "footman")
"""The markers a provision may mix, each worth 1 Gold (R14)."""
PROVISIONS: tuple[Action, ...] = (
    *(("provision", a, b) for i, a in enumerate(MIXED) for b in MIXED[i:]),
    ("provision", "tower"),
)
"""Every provision worth 2 Gold (``Income.2``, R14)."""


def start(state: State, role: str) -> None:
    """Push ``role``'s Income."""
    PROCEDURES.push(state, "income", role=role, roles=[role])


def city_gold(state: State, role: str) -> int:
    """The Gold of every level ``role``'s Influence stands on (``Income.3``)."""
    total = 0
    for loc in state.in_play:
        lvl = level_of(state, role, loc)
        if lvl is not None:
            total += cities.income(state, loc, lvl)
    return total


def _legal(state: State, frame: Frame, role: str) -> list[Action]:
    return list(PROVISIONS)


def _perform(state: State, frame: Frame, role: str, action: Action) -> None:
    gain(state, role, dict(Counter(action[1:])), "Income.2", "the provision")
    gain(state, role, {"gold": city_gold(state, role)}, "Income.3", "its Influence in the Cities")
    churches = built(state, role, "church")
    if churches:
        each = track_value(state, role, "church")
        gain(
            state,
            role,
            {"gold": churches * each},
            "Buildings.Church.2",
            f"{churches} building(s) at {each} Gold",
        )
    PROCEDURES.pop(state, frame)


PROCEDURES.procedure(
    "income",
    legal=_legal,
    perform=_perform,
    prompt="Income: choose a provision worth 2 Gold (Income.2).",
    rule="Income.2",
)
