"""The Movement action after its Benefits (``Movement.2-4``, ``Buildings.Fortress.3``, R5b, R8c).

Steps until ``("done",)``, after which the turn may start Conflicts (``Movement.4``, actions.py):

- ``("move", from, to, n)``: ``n`` of the player's Support go from one Location's Region to an
  adjacent one for 1 Gold (``Movement.2-3``, R5b); Support may move again, each step paid.
- ``("recruit", kind)``: one Unit from the general supply, paid at its Strength with the
  Recruitment points left (1 per Fortress of the player's on the board, ``Buildings.Fortress.3``)
  first, then Gold (R8c); only while Units of that kind are left (R16).
"""

from __future__ import annotations

from ...engine.procedures import Action, Frame
from .common import NAMES, built, data, gain, move_support, name, pay, purse, support_of, units_left
from .procedures import PROCEDURES
from .state import STRENGTH, UNITS, State

STEP_PRICE = 1
"""Gold for each move of Support to an adjacent area (``Movement.3``)."""


def start(state: State, role: str) -> None:
    """Push ``role``'s Movement with a Recruitment point per Fortress on the board."""
    points = built(state, role, "fortress")
    PROCEDURES.push(state, "movement", role=role, roles=[role], points=points)


def moves(state: State, role: str) -> list[Action]:
    """Every ``("move", from, to, n)`` of ``role``'s Support to an adjacent Location."""
    second = state.crusade == 2
    out: list[Action] = []
    for a in state.in_play:
        n = support_of(state, role, a)
        if n:
            for b in data(state).board.neighbours(a, second):
                out.extend(("move", a, b, k) for k in range(1, n + 1))
    return out


def _legal(state: State, frame: Frame, role: str) -> list[Action]:
    wallet = purse(state, role)
    out = moves(state, role) if wallet >= STEP_PRICE else []
    for kind in UNITS:
        if frame["points"] + wallet >= STRENGTH[kind] and units_left(state, kind) > 0:
            out.append(("recruit", kind))
    out.append(("done",))
    return out


def _perform(state: State, frame: Frame, role: str, action: Action) -> None:
    verb = action[0]
    if verb == "done":
        state.say("Movement.4", f"{role} ends its movements.")
        PROCEDURES.pop(state, frame)
    elif verb == "move":
        _, a, b, n = action
        pay(
            state, role, STEP_PRICE, "Movement.3", f"moving Support from {name(state, a)} to {name(state, b)}"
        )
        move_support(state, role, a, b, n)
        state.say("Movement.2", f"{role} moves {n} Support from {name(state, a)} to {name(state, b)}.")
    else:
        kind = action[1]
        cost = STRENGTH[kind]
        points = min(frame["points"], cost)
        frame["points"] -= points
        if points:
            state.say(
                "Buildings.Fortress.3", f"{role} spends {points} Recruitment point(s) on a {NAMES[kind][0]}."
            )
        pay(state, role, cost - points, "R8c", f"a {NAMES[kind][0]}")
        gain(state, role, {kind: 1}, "Buildings.Fortress.3", "recruited")


def _prompt(state: State, frame: Frame, role: str) -> str:
    points = frame["points"]
    return f"Movement: move Support, recruit ({points} Recruitment point(s) left), or end (Movement.2-4)."


PROCEDURES.procedure("movement", legal=_legal, perform=_perform, prompt=_prompt, rule="Movement.2")
