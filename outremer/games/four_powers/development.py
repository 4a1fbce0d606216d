"""The Development action (``Development.2-4``, ``Buildings.*.1``, R3a, R3b).

The player moves one building from its player board to the game board, where the building's
kind may stand and the player meets its condition (``Development.3-4``): a Church or Mosque in a
Region holding the player's Support (``Buildings.Church.1``), a Fortress on a free Fortress space
next to a Location holding the player's Support or Influence (``Buildings.Fortress.1``), a Citadel
in a City the player controls (``Buildings.Citadel.1``, ``Control.1``). Then that building's
Upgrade marker moves one space right (R3a), a starred space scoring 1 VP once (R3b). With no
building to place, only ``("done",)`` is offered. The card's effect, if affiliated, comes before
or after (``Actions.3``, effects.py).
"""

from __future__ import annotations

from ...engine.procedures import Action, Frame
from . import effects
from .common import data, level_of, name, support_of
from .procedures import PROCEDURES
from .state import State


def start(state: State, role: str, card_id: str, effect: bool) -> None:
    """Push ``role``'s Development, played with ``card_id`` (its effect usable if ``effect``)."""
    PROCEDURES.push(
        state, "development", role=role, roles=[role], card=card_id, **effects.action_frame(effect)
    )


def sites(state: State, role: str) -> list[Action]:
    """Every ``("build", kind, where)`` open to ``role`` (``Development.3-4``)."""
    out: list[Action] = []
    stock = state.stock[role]
    board = data(state).board
    second = state.crusade == 2
    here = state.in_play
    if stock["church"] > 0:
        for loc in here:
            if (
                support_of(state, role, loc) > 0
                and len(state.churches[loc]) < board.regions[loc].church_mosque_spaces
            ):
                out.append(("build", "church", loc))
    if stock["fortress"] > 0:
        present = [
            loc for loc in here if support_of(state, role, loc) > 0 or level_of(state, role, loc) is not None
        ]
        spaces = {s for loc in present for s in board.fortress_spaces_by(loc, second)}
        out.extend(("build", "fortress", s) for s in sorted(spaces) if s not in state.fortresses)
    if stock["citadel"] > 0:
        out.extend(
            ("build", "citadel", loc)
            for loc in here
            if state.control[loc] == role and loc not in state.citadels
        )
    return out


def _legal(state: State, frame: Frame, role: str) -> list[Action]:
    steps = sites(state, role) if frame["step"] == effects.OPEN else []
    return effects.offer(state, frame, role, steps)


def _perform(state: State, frame: Frame, role: str, action: Action) -> None:
    if effects.handle(state, frame, role, action):
        return
    _, kind, where = action
    state.stock[role][kind] -= 1
    what = effects.building_name(state, role, kind)
    if kind == "church":
        state.churches[where].append(role)
        state.say("Development.2", f"{role} builds a {what} in the Region of {name(state, where)}.")
    elif kind == "fortress":
        state.fortresses[where] = role
        a, b = data(state).board.fortress_spaces[where].between
        state.say("Development.2", f"{role} builds a Fortress between {name(state, a)} and {name(state, b)}.")
    else:
        state.citadels[where] = role
        state.say("Development.2", f"{role} builds a Citadel in {name(state, where)}.")
    effects.upgrade(state, role, kind, "R3a")
    if frame["effect"] == effects.UNUSED:
        frame["step"] = effects.AFTER
    else:
        PROCEDURES.pop(state, frame)


def _run(state: State, frame: Frame) -> None:
    PROCEDURES.pop(state, frame)


def _prompt(state: State, frame: Frame, role: str) -> str:
    if frame["step"] == effects.AFTER:
        return "Resolve the card's effect now, or end the Development (Actions.3)."
    return "Development: place one building from your board (Development.2-4)."


PROCEDURES.procedure(
    "development", legal=_legal, perform=_perform, run=_run, prompt=_prompt, rule="Development.2"
)
