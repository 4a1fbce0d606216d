"""The Planning phase (``Planning``, ``Sequence.Planning``): Orders placed face down on the map.

In initiative order each player places one Order from behind its screen into a free Order Section
of its own side in any Region, or passes (``Planning.Place``); a Region takes one Order per
Alliance (``Planning.Sides``). The Order faces its owner: the partner may look at it, the enemy may
not (``Planning.Facing``), so the log tells the Order to the Alliance and only its Region to the
others. A placed Order stays until it is executed (``Planning.Fixed``). A pass is final; when every
player has passed, Command begins (``Planning.Pass``). Nothing limits the Orders placed to those the
player can pay or carry out (``Planning.Note.Requirements``, ``Planning.Note.Cost``).
"""

from __future__ import annotations

from ...engine.procedures import Action, Frame
from . import turns
from .common import alliance, allies, data
from .procedures import PROCEDURES
from .state import NAMES, State

PLANNING = "planning"


def free_regions(state: State, army: str) -> list[str]:
    """The Regions in play whose Order Section on ``army``'s side is free (``Planning.Sides``)."""
    side = alliance(army)
    return [rid for rid in state.regions if side not in state.placed.get(rid, {})]


def _legal(state: State, frame: Frame, role: str) -> list[Action]:
    places: list[Action] = [
        ("order", oid, rid) for oid in sorted(state.order_box[role]) for rid in free_regions(state, role)
    ]
    return [*places, ("pass",)]


def _perform(state: State, frame: Frame, role: str, action: Action) -> None:
    if action[0] == "pass":
        turns.pass_turn(state, frame, role, "Planning.Pass")
        return
    _, oid, rid = action
    state.order_box[role].remove(oid)
    state.placed.setdefault(rid, {})[alliance(role)] = {"army": role, "order": oid, "up": False}
    packs = data(state)
    where = packs.board.regions[rid].name
    order = packs.orders.orders[oid].name
    state.tell(
        "Planning.Facing",
        allies(state, role),
        f"The {NAMES[role]} places {order} face down in {where}.",
        f"The {NAMES[role]} places an Order face down in {where}.",
    )
    turns.done(frame)


def _run(state: State, frame: Frame) -> None:
    if not turns.advance(state, frame):
        state.say("Planning.Pass", "Every player has passed; the Command phase begins.")
        PROCEDURES.pop(state, frame)


PROCEDURES.procedure(
    PLANNING,
    legal=_legal,
    perform=_perform,
    run=_run,
    prompt="Place an Order face down in a free Section of your side, or pass for the phase (Planning.Place).",
    rule="Planning",
)
